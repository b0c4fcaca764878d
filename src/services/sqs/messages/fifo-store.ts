import { LogHeap } from '../../../core/util/log-heap.js';
import { hiddenByVisibleAt, RetentionIndex } from './orderings.js';
import type { QueuedMessage } from './message.js';
import { MessageList } from './message-list.js';
import type { MessageStore, StoreObserver } from './store.js';

/** The messages of one FIFO message group, in send order. */
class MessageGroup {
  readonly messages = new MessageList();
  /** The availability number of the group's first message while the group is receivable. */
  readyOrder = 0;
  /** Place in the store's ordering of receivable groups (a LogHeap slot; -1 when not receivable). */
  readySlot = -1;
  constructor(readonly id: string) {}
}

/**
 * The messages of one FIFO queue. Each group keeps its messages in order; a group can be received
 * from only while its first message is visible, and then only its visible prefix (a message in flight
 * blocks everything behind it). Receivable groups are served in the order their first messages became
 * available: sent (or released from delay), or back from flight. So a group whose head came back after
 * a timeout goes behind groups never received, while a group unblocked by deleting its messages in
 * flight takes the place of its next message, sent earlier than other groups' heads. Both orders are
 * as recorded from AWS (LocalStack's validated FIFO group-visibility tests). The queue delay applies
 * retroactively on FIFO queues, so delayed messages wait in one line, released by send time plus the
 * delay in force. Every step costs O(1) or O(log n) in the messages that actually change.
 */
export class FifoMessageStore implements MessageStore {
  private readonly received = new Map<string, QueuedMessage>();
  private readonly groups = new Map<string, MessageGroup>();
  /** Groups whose first message is visible, by when it became available (mostly in that order: a LogHeap). */
  private readonly ready = new LogHeap<MessageGroup>((a, b) => a.readyOrder < b.readyOrder, {
    get: (g) => g.readySlot,
    set: (g, i) => (g.readySlot = i),
  });
  /** Numbers each message as it becomes available (`QueuedMessage.availableOrder`): times tie under a fake clock. */
  private availabilityCount = 0;
  private readonly delayedLine = new MessageList();
  private readonly inFlight = hiddenByVisibleAt();
  /** Every stored message. */
  private readonly byAge = new RetentionIndex();
  private delayMs = 0;
  private retentionMs = Number.POSITIVE_INFINITY;

  /** @param left told of every message that leaves the store, by any way but `clear`. */
  constructor(private readonly left: (message: QueuedMessage) => void = () => {}) {}

  get size(): number {
    return this.byAge.size;
  }
  /** Every message neither delayed nor in flight, including those waiting behind a message in flight. */
  get visibleCount(): number {
    return this.byAge.size - this.delayedLine.size - this.inFlight.size;
  }
  get delayed(): number {
    return this.delayedLine.size;
  }
  get inFlightCount(): number {
    return this.inFlight.size;
  }

  getReceived(messageId: string): QueuedMessage | undefined {
    return this.received.get(messageId);
  }

  trackReceived(message: QueuedMessage): void {
    this.received.set(message.messageId, message);
  }

  /**
   * Adds a message. One that is delayed joins its group once the queue delay in force (as of the last
   * `advance`) has passed since it was sent; behind older delayed messages, it waits its turn.
   */
  add(message: QueuedMessage, now: number, visibleAt: number): void {
    this.byAge.add(message);
    this.releaseDelayed(now);
    if (this.delayedLine.size > 0 || visibleAt > now) {
      message.state = 'delayed';
      this.delayedLine.push(message);
      this.releaseDelayed(now);
    } else {
      this.joinGroup(message);
    }
  }

  advance(now: number, retentionMs: number, delayMs: number, observer?: StoreObserver): number {
    this.delayMs = delayMs;
    this.retentionMs = retentionMs;
    for (
      let expired = this.byAge.expiredBy(now, retentionMs);
      expired;
      expired = this.byAge.expiredBy(now, retentionMs)
    ) {
      observer?.expired(expired, expired.enqueuedAt + retentionMs);
      this.remove(expired);
    }
    let shown = this.releaseDelayed(now);
    for (let next = this.inFlight.peek(); next && next.hiddenUntil <= now; next = this.inFlight.peek()) {
      observer?.visibleAgain(next, next.hiddenUntil);
      this.inFlight.pop();
      this.show(next);
      shown++;
    }
    return shown;
  }

  /**
   * Up to `max` receivable messages in delivery order: the visible prefix of one ready group, then of
   * the next, with the `uncounted` ones on top of `max`. The caller puts each in flight or removes it before
   * asking again.
   */
  takeReceivable(max: number, uncounted: (message: QueuedMessage) => boolean = () => false): QueuedMessage[] {
    const taken: QueuedMessage[] = [];
    let counted = 0;
    while (counted < max) {
      const group = this.ready.pop();
      if (!group) break;
      for (let m = group.messages.head; m && m.state === 'visible' && counted < max; m = m.listNext) {
        taken.push(m);
        if (!uncounted(m)) counted++;
      }
    }
    return taken;
  }

  /** Taking left the messages in their groups and only took the groups out of the ready order: they go back in it. */
  putBack(messages: readonly QueuedMessage[]): void {
    for (const message of messages) {
      const group = this.groupOf(message);
      if (group && !this.ready.has(group)) this.readyIfHeadVisible(group);
    }
  }

  setInFlight(message: QueuedMessage, until: number): void {
    message.hiddenUntil = until;
    if (message.state === 'inFlight') return this.inFlight.update(message);
    message.state = 'inFlight';
    this.inFlight.push(message);
    const group = this.groupOf(message);
    if (group && group.messages.head === message) this.ready.remove(group);
  }

  remove(message: QueuedMessage): void {
    if (!this.byAge.remove(message)) return;
    this.left(message);
    if (this.received.get(message.messageId) === message) this.received.delete(message.messageId);
    if (message.state === 'delayed') return this.delayedLine.remove(message);
    if (message.state === 'inFlight') this.inFlight.remove(message);
    const group = this.groupOf(message)!;
    const wasHead = group.messages.head === message;
    group.messages.remove(message);
    if (!wasHead) return;
    this.ready.remove(group);
    if (group.messages.size === 0) this.groups.delete(group.id);
    else this.readyIfHeadVisible(group);
  }

  clear(): void {
    for (const message of this.byAge.values()) {
      message.listPrev = message.listNext = undefined;
    }
    this.received.clear();
    this.groups.clear();
    this.ready.clear();
    this.delayedLine.head = this.delayedLine.tail = undefined;
    this.delayedLine.size = 0;
    this.inFlight.clear();
    this.byAge.clear();
  }

  /**
   * When something may next become receivable: a visibility timeout or the delay in force ends, or the oldest
   * message's retention does (when that message is in flight, its group unlocks). A time at which nothing turns
   * out to change only costs a waiting receive one look.
   */
  nextVisibleAt(): number | undefined {
    const oldest = this.byAge.oldest();
    const times = [
      this.inFlight.peek()?.hiddenUntil,
      this.delayedLine.head && this.delayedLine.head.enqueuedAt + this.delayMs,
      oldest && oldest.enqueuedAt + this.retentionMs,
    ].filter((at): at is number => at !== undefined && Number.isFinite(at));
    return times.length > 0 ? Math.min(...times) : undefined;
  }

  list(): QueuedMessage[] {
    return [...this.byAge.values()].sort((a, b) => a.sequence - b.sequence);
  }

  private releaseDelayed(now: number): number {
    let released = 0;
    for (
      let first = this.delayedLine.head;
      first && first.enqueuedAt + this.delayMs <= now;
      first = this.delayedLine.head
    ) {
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
    this.makeVisible(message);
    group.messages.push(message);
    if (group.messages.head === message) this.readyIfHeadVisible(group);
  }

  private show(message: QueuedMessage): void {
    this.makeVisible(message);
    const group = this.groupOf(message);
    if (group && group.messages.head === message) this.readyIfHeadVisible(group);
  }

  private makeVisible(message: QueuedMessage): void {
    message.state = 'visible';
    message.availableOrder = ++this.availabilityCount;
  }

  /** Queues the group for receiving, keyed by when its first message became available. */
  private readyIfHeadVisible(group: MessageGroup): void {
    const head = group.messages.head!;
    if (head.state !== 'visible') return;
    group.readyOrder = head.availableOrder;
    if (this.ready.has(group)) this.ready.update(group);
    else this.ready.push(group);
  }

  private groupOf(message: QueuedMessage): MessageGroup | undefined {
    return this.groups.get(message.content.messageGroupId!);
  }
}
