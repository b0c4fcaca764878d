import type { InjectedClock } from '../clock.js';

interface Timer {
  readonly id: number;
  readonly at: number;
  readonly callback: () => void;
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
    const timer = { id: this.nextId++, at: this.current + delay, callback };
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
    for (;;) {
      await settle();
      const next = this.earliestDue(target);
      if (!next) break;
      this.timers = this.timers.filter((timer) => timer !== next);
      this.current = Math.max(this.current, next.at);
      next.callback();
    }
    this.current = target;
    await settle();
    return this.current;
  }

  private earliestDue(target: number): Timer | undefined {
    let earliest: Timer | undefined;
    for (const timer of this.timers) {
      if (timer.at > target) continue;
      if (!earliest || timer.at < earliest.at || (timer.at === earliest.at && timer.id < earliest.id)) earliest = timer;
    }
    return earliest;
  }
}
