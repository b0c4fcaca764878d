import type { Clock } from '../clock.js';
import type { IdSource } from '../ids.js';
import { WaitingReceives } from './long-poll.js';
import { QueuedMessage, type MessageContent } from './messages/message.js';
import { StandardMessageStore } from './messages/standard-store.js';
import { queueArn, queueUrl, type QueueAddress } from './queue-address.js';
import type { QueueSettings } from './queue-attributes.js';
import { encodeReceiptHandle } from './receipt-handle.js';

export interface ReceivedMessage {
  readonly message: QueuedMessage;
  readonly receiptHandle: string;
}

/** How a queue finds its dead-letter queue when a redrive is due. */
export interface QueueDirectory {
  findByArn(arn: string): Queue | undefined;
}

/** The result of looking up a message by receipt handle. */
export type HandleLookup =
  | { kind: 'found'; message: QueuedMessage }
  | { kind: 'gone' } // a well-formed handle of this queue whose message was deleted or expired
  | { kind: 'invalid' };

/**
 * One queue: its settings and tags, its messages, and the rules that move them between states.
 * Time is read from the clock whenever the queue is touched; nothing here runs on its own.
 */
export class Queue {
  readonly arn: string;
  readonly url: string;
  readonly fifo: boolean;
  readonly createdAt: number;
  lastModifiedAt: number;
  settings: QueueSettings;
  readonly tags = new Map<string, string>();
  lastPurgeAt: number | undefined;
  private readonly store = new StandardMessageStore();
  private readonly waiting: WaitingReceives;
  private nextSequence = 1;

  constructor(
    readonly address: QueueAddress,
    /** Distinguishes this queue from an earlier one of the same name: old receipt handles stay foreign. */
    readonly uid: string,
    settings: QueueSettings,
    private readonly clock: Clock,
    private readonly ids: IdSource,
    private readonly directory: QueueDirectory,
  ) {
    this.arn = queueArn(address);
    this.url = queueUrl(address);
    this.fifo = settings.fifoQueue;
    this.settings = settings;
    this.createdAt = clock.now();
    this.lastModifiedAt = this.createdAt;
    this.waiting = new WaitingReceives(clock, () => this.store.nextVisibleAt());
  }

  get name(): string {
    return this.address.name;
  }

  now(): number {
    return this.clock.now();
  }

  /** Counts by state, after applying the passage of time. */
  counts(): { visible: number; inFlight: number; delayed: number } {
    this.advance();
    return { visible: this.store.visibleCount, inFlight: this.store.inFlightCount, delayed: this.store.delayed };
  }

  /** Every message, oldest first, after applying the passage of time. */
  messages(): QueuedMessage[] {
    this.advance();
    return this.store.list();
  }

  /** Enqueues a message sent now, delayed by `delaySeconds` (the queue's delay when undefined). */
  send(content: MessageContent, delaySeconds: number | undefined): void {
    const now = this.clock.now();
    this.enqueue(content, now, now + 1000 * (delaySeconds ?? this.settings.delaySeconds));
  }

  /** Takes in a message another queue redrove here; standard queues keep its original enqueue time. */
  acceptDeadLetter(from: QueuedMessage, sourceArn: string): void {
    const now = this.clock.now();
    const moved = this.enqueue(from.content, this.fifo ? now : from.enqueuedAt, now);
    moved.receiveCount = from.receiveCount;
    moved.firstReceiveTimestamp = from.firstReceiveTimestamp;
    moved.deadLetterQueueSourceArn = sourceArn;
  }

  /**
   * Receives up to `max` messages, hiding each for `visibilityTimeout` seconds. A message already received
   * maxReceiveCount times in this queue moves to the dead-letter queue instead.
   */
  receive(max: number, visibilityTimeout: number): ReceivedMessage[] {
    const now = this.advance();
    const received: ReceivedMessage[] = [];
    while (received.length < max) {
      const message = this.store.takeVisible();
      if (!message) break;
      if (this.redriveIfDue(message)) continue;
      message.receiveCount++;
      message.receivesHere++;
      message.receiveNumber++;
      message.firstReceiveTimestamp ??= now;
      message.lastReceivedAt = now;
      this.store.setInFlight(message, now + 1000 * visibilityTimeout);
      received.push({ message, receiptHandle: this.receiptHandleFor(message) });
    }
    return received;
  }

  lookup(parts: { queueUid: string; messageId: string }): HandleLookup {
    if (parts.queueUid !== this.uid) return { kind: 'invalid' };
    this.advance();
    const message = this.store.get(parts.messageId);
    return message ? { kind: 'found', message } : { kind: 'gone' };
  }

  delete(message: QueuedMessage): void {
    this.store.remove(message);
  }

  /** Hides the message for `seconds` from now; 0 makes it receivable at once. */
  changeVisibility(message: QueuedMessage, seconds: number): void {
    this.store.setInFlight(message, this.clock.now() + 1000 * seconds);
    this.wake();
  }

  purge(): void {
    this.store.clear();
    this.lastPurgeAt = this.clock.now();
  }

  updateSettings(settings: QueueSettings): void {
    this.settings = settings;
    this.lastModifiedAt = this.clock.now();
    this.wake();
  }

  /** Registers a waiting receive; it is served as soon as messages become receivable. */
  wait(waiter: import('./long-poll.js').Waiter): void {
    this.waiting.add(waiter);
  }

  stopWaiting(waiter: import('./long-poll.js').Waiter): void {
    this.waiting.remove(waiter);
  }

  /** Ends every waiting receive with no messages: the queue is going away. */
  close(): void {
    this.waiting.abandonAll();
  }

  /** Serves waiting receives after something may have become receivable. */
  wake(): void {
    this.waiting.notify();
  }

  private enqueue(content: MessageContent, enqueuedAt: number, visibleAt: number): QueuedMessage {
    const message = new QueuedMessage(content, this.nextSequence++, enqueuedAt);
    this.store.add(message, this.clock.now(), visibleAt);
    this.wake();
    return message;
  }

  private advance(): number {
    const now = this.clock.now();
    this.store.advance(now, 1000 * this.settings.messageRetentionPeriod);
    return now;
  }

  private redriveIfDue(message: QueuedMessage): boolean {
    const policy = this.settings.redrivePolicy;
    if (!policy || message.receivesHere < policy.maxReceiveCount) return false;
    const deadLetterQueue = this.directory.findByArn(policy.deadLetterTargetArn);
    // A policy whose target was deleted later leaves the message where it is (as AWS is reported to).
    if (!deadLetterQueue || deadLetterQueue === this) return false;
    this.store.remove(message);
    deadLetterQueue.acceptDeadLetter(message, this.arn);
    return true;
  }

  private receiptHandleFor(message: QueuedMessage): string {
    return encodeReceiptHandle(
      { queueUid: this.uid, messageId: message.messageId, receiveNumber: message.receiveNumber },
      this.ids.bytes(16),
    );
  }
}
