import type { Account } from '../../core/account.js';
import type { Clock } from '../../core/clock.js';
import type { IdSource } from '../../core/ids.js';
import type { JourneyRecorder } from '../../core/journeys/recorder.js';
import type { TimerSet } from '../../core/timer-set.js';
import type { WorkTracker } from '../../core/work/work-tracker.js';

/**
 * What every function, mapping and retry of one account runs on: the account's clock and ids, its work tracker (for
 * `aws.idle()`), and the set of pending timers, so that a reset clears every one and leaves nothing behind.
 */
export interface LambdaRuntime {
  /** The account the functions belong to, which their invocations' scope names (src/core/invocation/host.ts). */
  readonly account?: Account;
  readonly clock: Clock;
  readonly ids: IdSource;
  readonly work: WorkTracker;
  readonly timers: TimerSet;
  /** How many invocations each function keeps for `invocations()`; undefined keeps every one. */
  readonly invocationHistory: number | undefined;
  /** The account's journey recorder, only when it records. */
  readonly journeys?: JourneyRecorder | undefined;
}
