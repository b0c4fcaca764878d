import type { Clock, TimerHandle } from '../clock.js';
import type { IdSource } from '../ids.js';
import type { JourneyRecorder } from '../journeys/recorder.js';
import type { WorkTracker } from '../work/work-tracker.js';

/**
 * What every function, mapping and retry of one account runs on: the account's clock and ids, its work tracker (for
 * `aws.idle()`), and the set of pending timers, so that a reset clears every one and leaves nothing behind.
 */
export interface LambdaRuntime {
  readonly clock: Clock;
  readonly ids: IdSource;
  readonly work: WorkTracker;
  readonly timers: TimerSet;
  /** How many invocations each function keeps for `invocations()`; undefined keeps every one. */
  readonly invocationHistory: number | undefined;
  /** The account's journey recorder, only when it records. */
  readonly journeys?: JourneyRecorder | undefined;
}

/** The longest delay a timer of Node (and of fake timers) keeps: 2^31 - 1 ms. */
const MAX_TIMER_DELAY = 2 ** 31 - 1;

/** A TimerSet's handle: its own object, since a long delay is armed as several timers of the clock. */
type TimerSetHandle = object;

/** Timers of the account's Lambda side, cleared together on reset. */
export class TimerSet {
  /** Each handle given out, with the clock's timer now armed for it (a long delay goes through several). */
  private readonly pending = new Map<TimerSetHandle, TimerHandle>();

  constructor(private readonly clock: Clock) {}

  /** Runs `callback` after `ms`, unless cleared or reset first. */
  set(callback: () => void, ms: number): TimerHandle {
    const handle: TimerSetHandle = {};
    const due = this.clock.now() + Math.max(0, ms);
    const arm = (delay: number): void => {
      // Node's timers, and fake timers after them, run a delay above 2^31 - 1 ms (some 24.8 days: a `rate(30 days)`,
      // an at() next month) after 1 ms; such a delay is waited out in steps.
      const step = Math.min(delay, MAX_TIMER_DELAY);
      this.pending.set(
        handle,
        this.clock.setTimeout(() => {
          const left = due - this.clock.now();
          if (step < delay && left > 0) return arm(left);
          this.pending.delete(handle);
          callback();
        }, step),
      );
    };
    arm(Math.max(0, ms));
    return handle;
  }

  clear(handle: TimerHandle | undefined): void {
    const armed = this.pending.get(handle as TimerSetHandle);
    if (armed === undefined) return;
    this.pending.delete(handle as TimerSetHandle);
    this.clock.clearTimeout(armed);
  }

  /** Clears every pending timer. */
  reset(): void {
    for (const armed of this.pending.values()) this.clock.clearTimeout(armed);
    this.pending.clear();
  }

  get size(): number {
    return this.pending.size;
  }
}
