import type { QueuedMessage } from './message.js';

/**
 * An intrusive doubly linked list of messages: the links live on the messages themselves, so adding,
 * removing anywhere and walking in order cost O(1) per step and no allocation. A message is in at
 * most one such list at a time (a FIFO group, or the FIFO queue's delayed line).
 */
export class MessageList {
  head: QueuedMessage | undefined;
  tail: QueuedMessage | undefined;
  size = 0;

  push(message: QueuedMessage): void {
    message.listPrev = this.tail;
    message.listNext = undefined;
    if (this.tail) this.tail.listNext = message;
    else this.head = message;
    this.tail = message;
    this.size++;
  }

  remove(message: QueuedMessage): void {
    const { listPrev: prev, listNext: next } = message;
    if (prev) prev.listNext = next;
    else this.head = next;
    if (next) next.listPrev = prev;
    else this.tail = prev;
    message.listPrev = undefined;
    message.listNext = undefined;
    this.size--;
  }
}
