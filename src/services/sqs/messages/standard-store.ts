import { LogHeap } from '../../../core/util/log-heap.js';
import { hiddenByVisibleAt, RetentionIndex } from './orderings.js';
import type { QueuedMessage } from './message.js';
import type { MessageStore, StoreObserver } from './store.js';

/**
 * The messages of one standard queue, sized for millions: visible ones ordered by age, hidden ones
 * (delayed or in flight) by the time they reappear, and all of them by enqueue time for retention.
 * A message is in the visible heap or the hidden heap, never both, so one `slot` on it serves either.
 * Time only moves things when the queue is touched (`advance`), so no message owns a timer.
 */
export class StandardMessageStore implements MessageStore {
  private readonly received = new Map<string, QueuedMessage>();
  /** By sequence: messages sent join its log; ones back from flight, its heap. */
  private readonly visible = new LogHeap<QueuedMessage>((a, b) => a.sequence < b.sequence, {
    get: (m) => m.slot,
    set: (m, i) => (m.slot = i),
  });
  private readonly hidden = hiddenByVisibleAt();
  /** Every stored message. */
  private readonly byAge = new RetentionIndex();
  private delayedCount = 0;

  get size(): number {
    return this.byAge.size;
  }
  get visibleCount(): number {
    return this.visible.size;
  }
  get delayed(): number {
    return this.delayedCount;
  }
  get inFlightCount(): number {
    return this.hidden.size - this.delayedCount;
  }

  getReceived(messageId: string): QueuedMessage | undefined {
    return this.received.get(messageId);
  }

  trackReceived(message: QueuedMessage): void {
    this.received.set(message.messageId, message);
  }

  /** Adds a message, hidden until `visibleAt` when that lies in the future. */
  add(message: QueuedMessage, now: number, visibleAt: number): void {
    this.byAge.add(message);
    if (visibleAt > now) this.hide(message, 'delayed', visibleAt);
    else this.show(message);
  }

  /**
   * Drops messages whose retention ended (in flight or not) and shows hidden messages whose time has
   * come. Returns how many became visible. Costs O(log n) per message that actually changes.
   */
  advance(now: number, retentionMs: number, _queueDelayMs?: number, observer?: StoreObserver): number {
    for (
      let expired = this.byAge.expiredBy(now, retentionMs);
      expired;
      expired = this.byAge.expiredBy(now, retentionMs)
    ) {
      observer?.expired(expired, expired.enqueuedAt + retentionMs);
      this.remove(expired);
    }
    let shown = 0;
    for (let next = this.hidden.peek(); next && next.hiddenUntil <= now; next = this.hidden.peek()) {
      if (observer && next.state === 'inFlight') observer.visibleAgain(next, next.hiddenUntil);
      this.unhide(next);
      this.show(next);
      shown++;
    }
    return shown;
  }

  /** Up to `max` of the oldest visible messages, taken out of the visible set, with the `uncounted` ones on top. */
  takeReceivable(max: number, uncounted: (message: QueuedMessage) => boolean = () => false): QueuedMessage[] {
    const taken: QueuedMessage[] = [];
    let counted = 0;
    while (counted < max) {
      const message = this.visible.pop();
      if (!message) break;
      taken.push(message);
      if (!uncounted(message)) counted++;
    }
    return taken;
  }

  /** Returns taken messages to the visible set, in their old place. */
  putBack(messages: readonly QueuedMessage[]): void {
    for (const message of messages) this.visible.push(message);
  }

  /** The oldest visible message, taken out of the visible set; the caller decides where it goes. */
  takeVisible(): QueuedMessage | undefined {
    return this.visible.pop();
  }

  /** Hides a message (taken, visible or in flight) as in flight until `until`. */
  setInFlight(message: QueuedMessage, until: number): void {
    this.leaveHeap(message);
    this.hide(message, 'inFlight', until);
  }

  remove(message: QueuedMessage): void {
    if (!this.byAge.remove(message)) return;
    this.leaveHeap(message);
    if (this.received.get(message.messageId) === message) this.received.delete(message.messageId);
  }

  clear(): void {
    this.received.clear();
    this.visible.clear();
    this.hidden.clear();
    this.byAge.clear();
    this.delayedCount = 0;
  }

  /** When the next hidden message reappears, if any is hidden. */
  nextVisibleAt(): number | undefined {
    return this.hidden.peek()?.hiddenUntil;
  }

  /** Every message, oldest first. For inspection only: it sorts. */
  list(): QueuedMessage[] {
    return [...this.byAge.values()].sort((a, b) => a.sequence - b.sequence);
  }

  private show(message: QueuedMessage): void {
    message.state = 'visible';
    message.hiddenUntil = 0;
    this.visible.push(message);
  }

  private hide(message: QueuedMessage, state: 'delayed' | 'inFlight', until: number): void {
    message.state = state;
    message.hiddenUntil = until;
    if (state === 'delayed') this.delayedCount++;
    this.hidden.push(message);
  }

  /** Takes the message out of the visible or the hidden heap, whichever holds it (neither, once taken). */
  private leaveHeap(message: QueuedMessage): void {
    if (message.state === 'visible') this.visible.remove(message);
    else if (this.hidden.has(message)) this.unhide(message);
  }

  private unhide(message: QueuedMessage): void {
    if (message.state === 'delayed') this.delayedCount--;
    this.hidden.remove(message);
  }
}
