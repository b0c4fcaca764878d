/** The Step Functions matchers and what their failures print (docs/guide/stepfunctions.md). */
import { CreateStateMachineCommand, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/matchers/vitest.js';
import { definition, ROLE, sfnSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2) }));
afterEach(() => vi.useRealTimers());

async function execute(machine: object, input: unknown) {
  const { aws, sfn } = sfnSetup();
  const { stateMachineArn } = await sfn.send(
    new CreateStateMachineCommand({ name: 'flow', definition: definition(machine), roleArn: ROLE }),
  );
  const { executionArn } = await sfn.send(
    new StartExecutionCommand({ stateMachineArn, name: 'run-1', input: JSON.stringify(input) }),
  );
  await aws.idle();
  return aws.sfn.execution(executionArn!);
}

const FLOW = {
  StartAt: 'Check',
  States: {
    Check: {
      Type: 'Choice',
      Choices: [{ Variable: '$.ok', BooleanEquals: true, Next: 'ChargeCard' }],
      Default: 'Reject',
    },
    ChargeCard: { Type: 'Pass', Result: 'charged', End: true },
    Reject: { Type: 'Fail', Error: 'Rejected', Cause: 'not ok' },
  },
};

describe('execution matchers', () => {
  it('toHaveSucceeded, toHaveEnteredState, toHaveFailed pass as they should', async () => {
    const good = await execute(FLOW, { ok: true });
    expect(good).toHaveSucceeded();
    expect(good).toHaveEnteredState('ChargeCard');
    expect(good).not.toHaveEnteredState('Reject');
    const bad = await execute(FLOW, { ok: false });
    expect(bad).toHaveFailed();
    expect(bad).toHaveFailed({ error: 'Rejected' });
    expect(bad).not.toHaveSucceeded();
  });

  it('a failure prints the journey: each state, its input and output, where it stopped and why', async () => {
    const bad = await execute(FLOW, { ok: false });
    let message = '';
    try {
      expect(bad).toHaveSucceeded();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      [
        'expected execution run-1 to have succeeded, but it is FAILED',
        '',
        'execution run-1 of flow: FAILED',
        '  Check (Choice) {"ok":false} -> {"ok":false}',
        '  Reject (Fail) {"ok":false} failed: Rejected (not ok)',
        '  error Rejected: not ok',
      ].join('\n'),
    );
    expect(() => expect(bad).toHaveFailed({ error: 'Other' })).toThrow(
      'expected execution run-1 to have failed with error "Other", but it is FAILED with error "Rejected" and cause "not ok"',
    );
  });
});
