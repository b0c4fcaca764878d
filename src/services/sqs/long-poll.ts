import type { Clock, TimerHandle } from '../../core/clock.js';
import type { PullWaiter } from '../../core/pull.js';

/**
 * A receive that is waiting for messages: a ReceiveMessage's long poll, or a reader through the pull seam (an event
 * source mapping's poller). `attempt` receives for it and says whether it is done.
 */
export type Waiter = PullWaiter;

/**
 * The receives waiting on one queue, served in arrival order. While any waits, one timer is armed
 * for the moment the next hidden message reappears; with nobody waiting there is no timer at all.
 */
export class WaitingReceives {
  private readonly waiters = new Set<Waiter>();
  private wakeTimer: TimerHandle | undefined;
  private wakeAt: number | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly nextVisibleAt: () => number | undefined,
  ) {}

  get count(): number {
    return this.waiters.size;
  }

  add(waiter: Waiter): void {
    this.waiters.add(waiter);
    this.rearm();
  }

  remove(waiter: Waiter): void {
    this.waiters.delete(waiter);
    if (this.waiters.size === 0) this.disarm();
  }

  /** Offers what is receivable now to the waiters, oldest first, until one finds nothing. */
  notify(): void {
    if (this.waiters.size === 0) return;
    for (const waiter of this.waiters) {
      if (!waiter.attempt()) break;
      this.waiters.delete(waiter);
    }
    this.rearm();
  }

  abandonAll(): void {
    const waiting = [...this.waiters];
    this.waiters.clear();
    this.disarm();
    for (const waiter of waiting) waiter.abandon();
  }

  private rearm(): void {
    const at = this.waiters.size > 0 ? this.nextVisibleAt() : undefined;
    if (at === this.wakeAt) return;
    this.disarm();
    if (at === undefined) return;
    this.wakeAt = at;
    this.wakeTimer = this.clock.setTimeout(
      () => {
        this.wakeTimer = undefined;
        this.wakeAt = undefined;
        this.notify();
        this.rearm();
      },
      Math.max(0, at - this.clock.now()),
    );
  }

  private disarm(): void {
    if (this.wakeTimer !== undefined) this.clock.clearTimeout(this.wakeTimer);
    this.wakeTimer = undefined;
    this.wakeAt = undefined;
  }
}
