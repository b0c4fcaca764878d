import { IndexedHeap } from '../../util/indexed-heap.js';
import type { QueuedMessage } from './message.js';
import { MessageList } from './message-list.js';
import type { MessageStore } from './store.js';

/** The messages of one FIFO message group, in send order. */
class MessageGroup {
  readonly messages = new MessageList();
  constructor(readonly id: string) {}
}

/**
 * The messages of one FIFO queue. Each group keeps its messages in order; a group can be received
 * from only while its first message is visible, and then only its visible prefix (a message in flight
 * blocks everything behind it). Groups that became receivable wait in arrival order, so a group whose
 * messages came back after a timeout goes behind groups never received. The queue delay applies
 * retroactively on FIFO queues, so delayed messages wait in one line, released by send time plus the
 * delay in force. Every step costs O(1) or O(log n) in the messages that actually change.
 */
export class FifoMessageStore implements MessageStore {
  private readonly byId = new Map<string, QueuedMessage>();
  private readonly groups = new Map<string, MessageGroup>();
  private readonly ready = new Set<MessageGroup>();
  private readonly delayedLine = new MessageList();
  private readonly inFlight = new IndexedHeap<QueuedMessage>(
    (a, b) => a.hiddenUntil < b.hiddenUntil || (a.hiddenUntil === b.hiddenUntil && a.sequence < b.sequence),
    { get: (m) => m.hiddenSlot, set: (m, i) => (m.hiddenSlot = i) },
  );
  private readonly byAge = new IndexedHeap<QueuedMessage>(
    (a, b) => a.enqueuedAt < b.enqueuedAt || (a.enqueuedAt === b.enqueuedAt && a.sequence < b.sequence),
    { get: (m) => m.retentionSlot, set: (m, i) => (m.retentionSlot = i) },
  );
  private delayMs = 0;

  get size(): number {
    return this.byId.size;
  }
  /** Every message neither delayed nor in flight, including those waiting behind a message in flight. */
  get visibleCount(): number {
    return this.byId.size - this.delayedLine.size - this.inFlight.size;
  }
  get delayed(): number {
    return this.delayedLine.size;
  }
  get inFlightCount(): number {
    return this.inFlight.size;
  }

  get(messageId: string): QueuedMessage | undefined {
    return this.byId.get(messageId);
  }

  /**
   * Adds a message. One that is delayed joins its group once the queue delay in force (as of the last
   * `advance`) has passed since it was sent; behind older delayed messages, it waits its turn.
   */
  add(message: QueuedMessage, now: number, visibleAt: number): void {
    this.byId.set(message.messageId, message);
    this.byAge.push(message);
    this.releaseDelayed(now);
    if (this.delayedLine.size > 0 || visibleAt > now) {
      message.state = 'delayed';
      this.delayedLine.push(message);
      this.releaseDelayed(now);
    } else {
      this.joinGroup(message);
    }
  }

  advance(now: number, retentionMs: number, delayMs: number): number {
    this.delayMs = delayMs;
    for (let oldest = this.byAge.peek(); oldest && oldest.enqueuedAt + retentionMs <= now; oldest = this.byAge.peek()) {
      this.remove(oldest);
    }
    let shown = this.releaseDelayed(now);
    for (let next = this.inFlight.peek(); next && next.hiddenUntil <= now; next = this.inFlight.peek()) {
      this.inFlight.pop();
      this.show(next);
      shown++;
    }
    return shown;
  }

  /**
   * Up to `max` receivable messages in delivery order: the visible prefix of one ready group, then of
   * the next. The caller puts each in flight or removes it before asking again.
   */
  takeReceivable(max: number): QueuedMessage[] {
    const taken: QueuedMessage[] = [];
    for (const group of this.ready) {
      if (taken.length >= max) break;
      this.ready.delete(group);
      for (let m = group.messages.head; m && m.state === 'visible' && taken.length < max; m = m.listNext) taken.push(m);
    }
    return taken;
  }

  setInFlight(message: QueuedMessage, until: number): void {
    message.hiddenUntil = until;
    if (message.state === 'inFlight') return this.inFlight.update(message);
    message.state = 'inFlight';
    this.inFlight.push(message);
    const group = this.groupOf(message);
    if (group && group.messages.head === message) this.ready.delete(group);
  }

  remove(message: QueuedMessage): void {
    if (!this.byId.delete(message.messageId)) return;
    this.byAge.remove(message);
    if (message.state === 'delayed') return this.delayedLine.remove(message);
    if (message.state === 'inFlight') this.inFlight.remove(message);
    const group = this.groupOf(message)!;
    const wasHead = group.messages.head === message;
    group.messages.remove(message);
    if (group.messages.size === 0) {
      this.groups.delete(group.id);
      this.ready.delete(group);
    } else if (wasHead && group.messages.head!.state === 'visible') {
      this.ready.add(group);
    }
  }

  clear(): void {
    for (const message of this.byId.values()) {
      message.listPrev = message.listNext = undefined;
    }
    this.byId.clear();
    this.groups.clear();
    this.ready.clear();
    this.delayedLine.head = this.delayedLine.tail = undefined;
    this.delayedLine.size = 0;
    this.inFlight.clear();
    this.byAge.clear();
  }

  nextVisibleAt(): number | undefined {
    const inFlightAt = this.inFlight.peek()?.hiddenUntil;
    const delayedAt = this.delayedLine.head && this.delayedLine.head.enqueuedAt + this.delayMs;
    if (inFlightAt === undefined) return delayedAt;
    return delayedAt === undefined ? inFlightAt : Math.min(inFlightAt, delayedAt);
  }

  list(): QueuedMessage[] {
    return [...this.byId.values()].sort((a, b) => a.sequence - b.sequence);
  }

  private releaseDelayed(now: number): number {
    let released = 0;
    for (let first = this.delayedLine.head; first && first.enqueuedAt + this.delayMs <= now; first = this.delayedLine.head) {
      this.delayedLine.remove(first);
      this.joinGroup(first);
      released++;
    }
    return released;
  }

  private joinGroup(message: QueuedMessage): void {
    const id = message.content.messageGroupId!;
    let group = this.groups.get(id);
    if (!group) this.groups.set(id, (group = new MessageGroup(id)));
    message.state = 'visible';
    message.hiddenUntil = 0;
    group.messages.push(message);
    if (group.messages.head === message) this.ready.add(group);
  }

  private show(message: QueuedMessage): void {
    message.state = 'visible';
    message.hiddenUntil = 0;
    const group = this.groupOf(message);
    if (group && group.messages.head === message) this.ready.add(group);
  }

  private groupOf(message: QueuedMessage): MessageGroup | undefined {
    return this.groups.get(message.content.messageGroupId!);
  }
}
