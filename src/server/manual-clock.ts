import type { InjectedClock } from '../core/clock.js';

/**
 * `callAt`, as `@sinonjs/fake-timers` names it in its `timers` table: `aws.runUntilIdle()` reads a fake clock's next
 * timer there to move to a timer a running handler waits on (docs/aws-behaviour/wire.md §14.8).
 */
interface Timer {
  readonly id: number;
  readonly callAt: number;
  readonly callback: () => void;
}

/**
 * The last instant the server's clock may reach (docs/aws-behaviour/wire.md §13.8): 9999-12-31T23:59:59.999Z, the end
 * of the four-digit years AWS's timestamps are written in, and far enough inside JavaScript's date range (8.64e15 ms)
 * that every timer the emulation sets from there is still a date.
 */
export const LAST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** An advance refused because it would pass LAST_INSTANT: the clock did not move. */
export class ClockRangeError extends RangeError {
  override readonly name = 'ClockRangeError';
}

/** Lets the promises a fired timer started settle, as sinon's `tickAsync` does between timers. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The server's own time (docs/aws-behaviour/wire.md §13.1): it starts at the real time of start-up and moves only when
 * told (`tickAsync`), firing on the way, in order, every timer that falls due. The package ships no fake-timer library,
 * so the server carries this small one; it is an `InjectedClock` like a sinon clock, so the account sees no difference.
 */
export class ManualClock implements InjectedClock {
  private current: number;
  private timers: Timer[] = [];
  private nextId = 1;
  /** Advances run one after another, so two control requests never interleave their timers. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(start: number) {
    this.current = start;
  }

  now = (): number => this.current;

  setTimeout(callback: () => void, ms: number): number {
    const delay = Number.isFinite(ms) && ms > 0 ? ms : 0;
    const timer = { id: this.nextId++, callAt: this.current + delay, callback };
    this.timers.push(timer);
    return timer.id;
  }

  clearTimeout(handle: never): void {
    this.timers = this.timers.filter((timer) => timer.id !== (handle as unknown));
  }

  /** How many timers wait: none after `close` ended the waits. */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves time by `ms`, firing each timer due on the way at its own time; resolves once their work settled. */
  tickAsync(ms: number): Promise<number> {
    const run = this.queue.then(() => this.advance(ms));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async advance(ms: number): Promise<number> {
    const target = this.current + ms;
    if (!(target <= LAST_INSTANT)) throw new ClockRangeError(`the clock may not pass ${LAST_INSTANT} ms`);
    for (;;) {
      await settle();
      const next = this.earliestDue(target);
      if (!next) break;
      this.timers = this.timers.filter((timer) => timer !== next);
      this.current = Math.max(this.current, next.callAt);
      next.callback();
    }
    this.current = target;
    await settle();
    return this.current;
  }

  private earliestDue(target: number): Timer | undefined {
    let earliest: Timer | undefined;
    for (const timer of this.timers) {
      if (timer.callAt > target) continue;
      if (!earliest || timer.callAt < earliest.callAt || (timer.callAt === earliest.callAt && timer.id < earliest.id))
        earliest = timer;
    }
    return earliest;
  }
}
