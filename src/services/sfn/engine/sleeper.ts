/**
 * The interpreter's time: Wait states, retry backoffs, task timeouts and heartbeats, an execution's TimeoutSeconds,
 * each one timer of the account's clock (docs/aws-behaviour/stepfunctions.md §4.2), registered with the account's
 * WorkTracker so that `aws.runUntilIdle()` moves time to the next one. A day-long Wait costs one timer.
 */
import type { Clock, TimerHandle } from '../../../core/clock.js';
import { TimerSet } from '../../../core/timer-set.js';
import type { WorkTracker } from '../../../core/work/work-tracker.js';

export class Sleeper {
  private readonly timers: TimerSet;
  private readonly pending = new Map<object, { readonly at: number; readonly handle: TimerHandle }>();
  private removeWork: (() => void) | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly work: WorkTracker,
  ) {
    this.timers = new TimerSet(clock);
  }

  /** Runs `callback` at `at` (epoch ms) unless cancelled first; answers the cancel. */
  at(at: number, callback: () => void): () => void {
    const key = {};
    const handle = this.timers.set(() => {
      this.pending.delete(key);
      callback();
    }, at - this.clock.now());
    this.pending.set(key, { at, handle });
    this.removeWork ??= this.work.addTimed({ nextAt: () => this.nextAt() });
    return () => {
      const armed = this.pending.get(key);
      if (!armed) return;
      this.timers.clear(armed.handle);
      this.pending.delete(key);
    };
  }

  /** A promise that resolves after `ms`, and its cancel. */
  sleep(ms: number): { readonly done: Promise<void>; readonly cancel: () => void } {
    let cancel: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      cancel = this.at(this.clock.now() + ms, resolve);
    });
    return { done, cancel };
  }

  private nextAt(): number | undefined {
    let next: number | undefined;
    for (const { at } of this.pending.values()) if (next === undefined || at < next) next = at;
    return next;
  }

  reset(): void {
    this.timers.reset();
    this.pending.clear();
    this.removeWork?.();
    this.removeWork = undefined;
  }
}
