import { IndexedHeap } from '../../util/indexed-heap.js';
import { hiddenByVisibleAt, RetentionIndex } from './orderings.js';
import { QueuedMessage } from './message.js';
import type { MessageStore } from './store.js';

/**
 * The messages of one standard queue, sized for millions: visible ones ordered by age, hidden ones
 * (delayed or in flight) by the time they reappear, and all of them by enqueue time for retention.
 * Time only moves things when the queue is touched (`advance`), so no message owns a timer.
 */
export class StandardMessageStore implements MessageStore {
  private readonly byId = new Map<string, QueuedMessage>();
  private readonly visible = new IndexedHeap<QueuedMessage>(
    (a, b) => a.sequence < b.sequence,
    { get: (m) => m.orderSlot, set: (m, i) => (m.orderSlot = i) },
  );
  private readonly hidden = hiddenByVisibleAt();
  private readonly byAge = new RetentionIndex();
  private delayedCount = 0;

  get size(): number {
    return this.byId.size;
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

  get(messageId: string): QueuedMessage | undefined {
    return this.byId.get(messageId);
  }

  /** Adds a message, hidden until `visibleAt` when that lies in the future. */
  add(message: QueuedMessage, now: number, visibleAt: number): void {
    this.byId.set(message.messageId, message);
    this.byAge.add(message);
    if (visibleAt > now) this.hide(message, 'delayed', visibleAt);
    else this.show(message);
  }

  /**
   * Drops messages whose retention ended (in flight or not) and shows hidden messages whose time has
   * come. Returns how many became visible. Costs O(log n) per message that actually changes.
   */
  advance(now: number, retentionMs: number): number {
    this.byAge.expire(now, retentionMs, (expired) => this.remove(expired));
    let shown = 0;
    for (let next = this.hidden.peek(); next && next.hiddenUntil <= now; next = this.hidden.peek()) {
      this.unhide(next);
      this.show(next);
      shown++;
    }
    return shown;
  }

  /** Up to `max` of the oldest visible messages, taken out of the visible set. */
  takeReceivable(max: number): QueuedMessage[] {
    const taken: QueuedMessage[] = [];
    while (taken.length < max) {
      const message = this.visible.pop();
      if (!message) break;
      taken.push(message);
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
    if (message.state === 'visible') this.visible.remove(message);
    if (message.hiddenSlot >= 0) this.unhide(message);
    this.hide(message, 'inFlight', until);
  }

  remove(message: QueuedMessage): void {
    if (!this.byId.delete(message.messageId)) return;
    this.visible.remove(message);
    if (message.hiddenSlot >= 0) this.unhide(message);
    this.byAge.remove(message);
  }

  clear(): void {
    this.byId.clear();
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
    return [...this.byId.values()].sort((a, b) => a.sequence - b.sequence);
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

  private unhide(message: QueuedMessage): void {
    if (message.state === 'delayed') this.delayedCount--;
    this.hidden.remove(message);
  }
}
