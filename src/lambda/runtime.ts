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

/** Timers of the account's Lambda side, cleared together on reset. */
export class TimerSet {
  private readonly pending = new Set<TimerHandle>();

  constructor(private readonly clock: Clock) {}

  /** Runs `callback` after `ms`, unless cleared or reset first. */
  set(callback: () => void, ms: number): TimerHandle {
    const handle = this.clock.setTimeout(
      () => {
        this.pending.delete(handle);
        callback();
      },
      Math.max(0, ms),
    );
    this.pending.add(handle);
    return handle;
  }

  clear(handle: TimerHandle | undefined): void {
    if (handle === undefined || !this.pending.delete(handle)) return;
    this.clock.clearTimeout(handle);
  }

  /** Clears every pending timer. */
  reset(): void {
    for (const handle of this.pending) this.clock.clearTimeout(handle);
    this.pending.clear();
  }

  get size(): number {
    return this.pending.size;
  }
}
