/**
 * The SQS and SNS examples of the README and the guide (docs/guide/*.md), read from the pages' own code blocks and run
 * as written (test/support/doc-blocks.ts), plus the assertions that make them tests, so the documentation cannot
 * drift from what the library does.
 */
import { CreateQueueCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import * as sqsConsumer from 'sqs-consumer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AwsMock } from '../src/index.js';
import { abortSignalReachesMiddleware } from './sdk-features.js';
import { defineBlock, docBlock, runBlock } from './support/doc-blocks.js';
import { docAccount, DOC_MODULES } from './support/doc-context.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('README: quick start (SQS)', () => {
  defineBlock(docBlock('README.md', 'quick-start'), { modules: DOC_MODULES });
});

describe('README: quick start (SNS)', () => {
  defineBlock(docBlock('README.md', 'quick-start-sns'), { modules: DOC_MODULES });
});

it('clock: a long poll on fake time', async () => {
  const { scope, sqs } = docAccount();
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  await runBlock(docBlock('docs/guide/clock.md', 'long-poll'), { scope: { ...scope, QueueUrl } });
});

it('SQS: FIFO queues, order, locking and deduplication', async () => {
  const { scope } = docAccount();
  const { first, blocked, next } = await runBlock(docBlock('docs/guide/sqs.md', 'fifo-queue'), {
    scope,
    returns: ['first', 'blocked', 'next'],
  });
  const bodies = (output: unknown) => (output as { Messages?: { Body?: string }[] }).Messages?.map((m) => m.Body);
  expect(bodies(first)).toEqual(['created']);
  expect(bodies(blocked)).toBeUndefined();
  expect(bodies(next)).toEqual(['paid', 'shipped']);
});

it('SQS: honest mode, created as documented', async () => {
  const { aws, picked } = await runBlock(docBlock('docs/guide/sqs.md', 'honest-mode'), {
    modules: DOC_MODULES,
    scope: { createAwsMock: (DOC_MODULES['sqs-sns-mock'] as { createAwsMock: unknown }).createAwsMock },
    returns: ['aws', 'picked'],
  });
  expect((aws as AwsMock).honest).toBe(true);
  expect((picked as AwsMock).honest).toEqual({ reorder: true, duplicates: 0.1, sampling: true });
});

describe('SQS: message move tasks', () => {
  const { aws, scope } = docAccount();
  afterEach(() => aws.reset());
  defineBlock(docBlock('docs/guide/sqs.md', 'move-task'), { modules: DOC_MODULES, scope });
});

it('SNS: fan-out through a filter policy with raw delivery', async () => {
  const { aws, scope } = docAccount();
  const { sns, Messages } = await runBlock(docBlock('docs/guide/sns.md', 'sns-fan-out'), {
    modules: DOC_MODULES,
    scope,
    returns: ['sns', 'Messages'],
  });
  expect(sns).not.toBe(scope['sns']); // the block's own client, plugged into the same account
  const received = Messages as { Body?: string; MessageAttributes?: Record<string, { StringValue?: string }> }[];
  expect(received.map((m) => m.Body)).toEqual(['{"orderId":7}']);
  expect(received[0]?.MessageAttributes?.['amount']?.StringValue).toBe('250');
  expect(aws.sns.topic('events').published()[1]?.deliveries[0]?.delivered).toBe(false);
});

// stop({ abort: true }) ends the consumer's long poll through the SDK's abortSignal (see sdk-features.ts).
describe('other tools: sqs-consumer', () => {
  const { aws, scope } = docAccount();
  afterEach(() => aws.reset());
  const checked = (name: string, test: () => Promise<void>) =>
    it.runIf(abortSignalReachesMiddleware)(name, async () => {
      await test();
      await vi.advanceTimersByTimeAsync(0);
      expect(vi.getTimerCount()).toBe(0); // the aborted poll left no timer
    });
  defineBlock(docBlock('docs/guide/other-tools.md', 'sqs-consumer'), {
    modules: { ...DOC_MODULES, 'sqs-consumer': sqsConsumer },
    scope: { ...scope, it: checked },
  });
});

it('cookbook: force a redelivery now', async () => {
  const { scope, sqs } = docAccount();
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'x' }));
  await runBlock(docBlock('docs/guide/cookbook.md', 'redelivery-now'), { scope: { ...scope, QueueUrl } });
});

it('cookbook: test a long-polling consumer', async () => {
  const { scope, sqs } = docAccount();
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  await runBlock(docBlock('docs/guide/cookbook.md', 'long-polling-consumer'), { scope: { ...scope, QueueUrl } });
});
