/** The SMS and mobile-push example of docs/guide/sns.md, run as written there. */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import { docBlock, runBlock } from '../support/doc-blocks.js';
import { docAccount, DOC_MODULES } from '../support/doc-context.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('SNS: SMS through the sandbox, an opt-out, and a push through a topic', async () => {
  const { aws, scope } = docAccount();
  await runBlock(docBlock('docs/guide/sns.md', 'sns-sms-push'), { modules: DOC_MODULES, scope });
  const sms = (aws as AwsMock).sns.sms();
  expect(sms.map((one) => [one.kind, one.phoneNumber, one.delivered])).toEqual([
    ['verification', '+15555550100', true],
    ['message', '+15555550100', true],
    ['message', '+15555550199', false],
  ]);
  expect(sms[2]!.reason).toBe('+15555550199 has opted out of SMS');
});
