import { LogHeap } from '../../../core/util/log-heap.js';
import type { QueuedMessage } from './message.js';

/**
 * The orderings both message stores keep: hidden messages by the moment they reappear, and every
 * message by enqueue time for retention. Ties go by queue order, so equal times stay deterministic.
 * A hidden message is in no other heap that uses `slot` (a standard store's visible messages). Both are LogHeaps:
 * messages are mostly sent, and hidden for the same timeout, in order, and then cost O(1) whatever the queue's depth.
 */
export function hiddenByVisibleAt(): LogHeap<QueuedMessage> {
  return new LogHeap<QueuedMessage>(
    (a, b) => a.hiddenUntil < b.hiddenUntil || (a.hiddenUntil === b.hiddenUntil && a.sequence < b.sequence),
    { get: (m) => m.slot, set: (m, i) => (m.slot = i) },
  );
}

/** Every message of a store by enqueue time, so the ones past retention are found without a scan. */
export class RetentionIndex {
  private readonly heap = new LogHeap<QueuedMessage>(
    (a, b) => a.enqueuedAt < b.enqueuedAt || (a.enqueuedAt === b.enqueuedAt && a.sequence < b.sequence),
    { get: (m) => m.retentionSlot, set: (m, i) => (m.retentionSlot = i) },
  );

  add(message: QueuedMessage): void {
    this.heap.push(message);
  }

  /** Removes the message; false when it was not here. */
  remove(message: QueuedMessage): boolean {
    return this.heap.remove(message);
  }

  clear(): void {
    this.heap.clear();
  }

  /** The oldest message, whose retention ends first. */
  oldest(): QueuedMessage | undefined {
    return this.heap.peek();
  }

  get size(): number {
    return this.heap.size;
  }

  /** Every message, in no particular order. */
  values(): readonly QueuedMessage[] {
    return this.heap.values();
  }

  /**
   * The oldest message if its retention has ended by `now`: the caller removes it and asks again (a loop rather than
   * a callback, which every send's passage of time would allocate).
   */
  expiredBy(now: number, retentionMs: number): QueuedMessage | undefined {
    const oldest = this.heap.peek();
    return oldest !== undefined && oldest.enqueuedAt + retentionMs <= now ? oldest : undefined;
  }
}
