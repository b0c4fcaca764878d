import { IndexedHeap } from '../../util/indexed-heap.js';
import type { QueuedMessage } from './message.js';

/**
 * The orderings both message stores keep: hidden messages by the moment they reappear, and every
 * message by enqueue time for retention. Ties go by queue order, so equal times stay deterministic.
 */
export function hiddenByVisibleAt(): IndexedHeap<QueuedMessage> {
  return new IndexedHeap<QueuedMessage>(
    (a, b) => a.hiddenUntil < b.hiddenUntil || (a.hiddenUntil === b.hiddenUntil && a.sequence < b.sequence),
    { get: (m) => m.hiddenSlot, set: (m, i) => (m.hiddenSlot = i) },
  );
}

/** Every message of a store by enqueue time, so the ones past retention are found without a scan. */
export class RetentionIndex {
  private readonly heap = new IndexedHeap<QueuedMessage>(
    (a, b) => a.enqueuedAt < b.enqueuedAt || (a.enqueuedAt === b.enqueuedAt && a.sequence < b.sequence),
    { get: (m) => m.retentionSlot, set: (m, i) => (m.retentionSlot = i) },
  );

  add(message: QueuedMessage): void {
    this.heap.push(message);
  }

  remove(message: QueuedMessage): void {
    this.heap.remove(message);
  }

  clear(): void {
    this.heap.clear();
  }

  /** The oldest message, whose retention ends first. */
  oldest(): QueuedMessage | undefined {
    return this.heap.peek();
  }

  /** Hands `drop` every message whose retention has ended by `now`, oldest first; `drop` must remove it. */
  expire(now: number, retentionMs: number, drop: (message: QueuedMessage) => void): void {
    for (let oldest = this.heap.peek(); oldest && oldest.enqueuedAt + retentionMs <= now; oldest = this.heap.peek()) drop(oldest);
  }
}
