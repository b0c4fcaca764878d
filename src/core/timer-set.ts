import type { Clock, TimerHandle } from './clock.js';

/** The longest delay a timer of Node (and of fake timers) keeps: 2^31 - 1 ms. */
const MAX_TIMER_DELAY = 2 ** 31 - 1;

/** A TimerSet's handle: its own object, since a long delay is armed as several timers of the clock. */
type TimerSetHandle = object;

/**
 * Timers of one of the account's services (Lambda's functions, mappings and retries, EventBridge's scheduled rules,
 * Scheduler's schedules), cleared together on reset so that `aws.reset()` leaves none.
 */
export class TimerSet {
  /** Each handle given out, with the clock's timer now armed for it (a long delay goes through several). */
  private readonly pending = new Map<TimerSetHandle, TimerHandle>();

  constructor(private readonly clock: Clock) {}

  /** Runs `callback` after `ms`, unless cleared or reset first. */
  set(callback: () => void, ms: number): TimerHandle {
    // A NaN delay would fire at once and re-arm forever on a fake clock: a fault of ours, told rather than looped.
    if (Number.isNaN(ms)) throw new TypeError('sqs-sns-mock: a timer was asked for a NaN delay (a bug: please report)');
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
