/**
 * The Map state's failures as AWS records them (docs/aws-behaviour/stepfunctions.md §2.11, §5.5): a failing
 * iteration, a retried Map, a caught one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runMachine, shape } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2) }));
afterEach(() => vi.useRealTimers());

/** The recorded machine: a Pass giving `{arr: [1]}`, then a Map whose one iteration fails. */
const failingMap = (extra: object) => ({
  StartAt: 'StartState',
  States: {
    StartState: { Type: 'Pass', Result: { arr: [1] }, Next: 'MapState' },
    MapState: {
      Type: 'Map',
      ItemsPath: '$.arr',
      ItemProcessor: {
        StartAt: 'HandleItemFail',
        States: { HandleItemFail: { Type: 'Fail', Error: 'HandleItemFailError', Cause: 'HandleItemFailCause' } },
      },
      ...extra,
    },
    ...('Catch' in extra ? { Handler: { Type: 'Pass', End: true } } : {}),
  },
});

describe('a failing Map (§5.5)', () => {
  it('a retried Map starts again after the failed iteration; only the last attempt writes MapStateFailed', async () => {
    const execution = await runMachine(
      failingMap({ Retry: [{ ErrorEquals: ['HandleItemFailError'], IntervalSeconds: 1, MaxAttempts: 2 }], End: true }),
    );
    expect(shape(execution.history())).toEqual([
      [1, 0, 'ExecutionStarted'],
      [2, 0, 'PassStateEntered'],
      [3, 2, 'PassStateExited'],
      [4, 3, 'MapStateEntered'],
      [5, 4, 'MapStateStarted'],
      [6, 5, 'MapIterationStarted'],
      [7, 6, 'FailStateEntered'],
      [8, 7, 'MapIterationFailed'],
      [9, 7, 'MapStateStarted'],
      [10, 9, 'MapIterationStarted'],
      [11, 10, 'FailStateEntered'],
      [12, 11, 'MapIterationFailed'],
      [13, 11, 'MapStateStarted'],
      [14, 13, 'MapIterationStarted'],
      [15, 14, 'FailStateEntered'],
      [16, 15, 'MapIterationFailed'],
      [17, 15, 'MapStateFailed'],
      [18, 17, 'ExecutionFailed'],
    ]);
    expect(execution).toMatchObject({ error: 'HandleItemFailError', cause: 'HandleItemFailCause' });
  });

  it('a caught Map writes MapStateFailed, then exits to its handler', async () => {
    const execution = await runMachine(
      failingMap({ Catch: [{ ErrorEquals: ['States.ALL'], Next: 'Handler' }], End: true }),
    );
    expect(shape(execution.history()).slice(4, 12)).toEqual([
      [5, 4, 'MapStateStarted'],
      [6, 5, 'MapIterationStarted'],
      [7, 6, 'FailStateEntered'],
      [8, 7, 'MapIterationFailed'],
      [9, 7, 'MapStateFailed'],
      [10, 9, 'MapStateExited'],
      [11, 10, 'PassStateEntered'],
      [12, 11, 'PassStateExited'],
    ]);
  });

  it('a MaxConcurrencyPath that is no number fails before MapStateStarted, without MapStateFailed', async () => {
    const execution = await runMachine(
      {
        StartAt: 'MapState',
        States: {
          MapState: {
            Type: 'Map',
            MaxConcurrencyPath: '$.MaxConcurrencyValue',
            ItemProcessor: { StartAt: 'P', States: { P: { Type: 'Pass', End: true } } },
            ItemsPath: '$.Values',
            End: true,
          },
        },
      },
      { Values: [1], MaxConcurrencyValue: 'NoNumber' },
    );
    expect(shape(execution.history())).toEqual([
      [1, 0, 'ExecutionStarted'],
      [2, 0, 'MapStateEntered'],
      [3, 2, 'ExecutionFailed'],
    ]);
    const negative = await runMachine(
      {
        StartAt: 'MapState',
        States: {
          MapState: {
            Type: 'Map',
            ToleratedFailureCountPath: '$.Count',
            ItemProcessor: { StartAt: 'P', States: { P: { Type: 'Pass', End: true } } },
            ItemsPath: '$.Values',
            End: true,
          },
        },
      },
      { Values: [1], Count: -1 },
    );
    expect(shape(negative.history())).toEqual([
      [1, 0, 'ExecutionStarted'],
      [2, 0, 'MapStateEntered'],
      [3, 2, 'MapStateStarted'],
      [4, 3, 'ExecutionFailed'],
    ]);
    expect(negative.cause).toContain('ToleratedFailureCount cannot be negative.');
  });
});
