import type { QueuedMessage } from './message.js';

/**
 * What a queue needs of its message store. Standard and FIFO queues differ only in how messages
 * become receivable and in what order; everything else in Queue is shared.
 */
/** What hears of the changes time makes to a store's messages (the queue's journey steps). */
export interface StoreObserver {
  /** A received message's visibility timeout ran out at `at`. */
  visibleAgain(message: QueuedMessage, at: number): void;
  /** The queue's retention period ended for the message at `at`. */
  expired(message: QueuedMessage, at: number): void;
}

export interface MessageStore {
  readonly size: number;
  readonly visibleCount: number;
  readonly inFlightCount: number;
  readonly delayed: number;
  /**
   * A stored message that was received here, by id: receipt handles name only such messages, so only those are
   * indexed (most stored messages never were, and an index entry would cost each of them tens of bytes).
   */
  getReceived(messageId: string): QueuedMessage | undefined;
  /** A receive handed the message out: from now on `getReceived` finds it, until it is removed. */
  trackReceived(message: QueuedMessage): void;
  /** Adds a message that becomes visible at `visibleAt` (at once when that is not after `now`). */
  add(message: QueuedMessage, now: number, visibleAt: number): void;
  /**
   * Applies the passage of time: retention ends, delays and visibility timeouts run out; `observer` (journeys) hears
   * of each message back from flight and each one retention ended, with the moment it happened.
   */
  advance(now: number, retentionMs: number, queueDelayMs: number, observer?: StoreObserver): number;
  /**
   * Up to `max` receivable messages in delivery order; the caller puts each in flight or removes it. Messages
   * `uncounted` accepts (the ones a receive moves to the dead-letter queue) are taken too but do not count against
   * `max`, so on a FIFO queue the receive goes on with the rest of their group.
   */
  takeReceivable(max: number, uncounted?: (message: QueuedMessage) => boolean): QueuedMessage[];
  /** Returns messages `takeReceivable` gave and the caller did not use, receivable again in their old place. */
  putBack(messages: readonly QueuedMessage[]): void;
  /** Hides a message as in flight until `until` (re-timing it when it already is). */
  setInFlight(message: QueuedMessage, until: number): void;
  remove(message: QueuedMessage): void;
  clear(): void;
  /** When the next hidden message becomes visible, if any is hidden. */
  nextVisibleAt(): number | undefined;
  /** Every message, oldest first. For inspection only. */
  list(): QueuedMessage[];
}
