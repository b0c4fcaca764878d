import type { Clock } from '../clock.js';
import type { IdSource } from '../ids.js';
import { DeduplicationWindow, formatSequenceNumber, type AcceptedSend } from './fifo/deduplication.js';
import { ReceiveAttempts } from './fifo/receive-attempts.js';
import { WaitingReceives, type Waiter } from './long-poll.js';
import { FifoMessageStore } from './messages/fifo-store.js';
import { QueuedMessage, type MessageContent } from './messages/message.js';
import { StandardMessageStore } from './messages/standard-store.js';
import type { MessageStore } from './messages/store.js';
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

/** Past this many messages in flight, a FIFO queue's receives return nothing (and no error). */
const FIFO_IN_FLIGHT_LIMIT = 120_000;

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
  private readonly store: MessageStore;
  private readonly waiting: WaitingReceives;
  private nextSequence = 1;
  private wakeHeld = 0;
  /** FIFO only: the deduplication window and the remembered receive attempts. */
  private readonly deduplication: DeduplicationWindow | undefined;
  private readonly receiveAttempts: ReceiveAttempts | undefined;

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
    this.store = this.fifo ? new FifoMessageStore() : new StandardMessageStore();
    this.deduplication = this.fifo ? new DeduplicationWindow(settings.deduplicationScope) : undefined;
    this.receiveAttempts = this.fifo ? new ReceiveAttempts() : undefined;
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

  /**
   * Enqueues a message sent now, delayed by `delaySeconds` (the queue's delay when undefined). Returns
   * the content as stored: on FIFO queues with its sequence number, remembered for deduplication.
   */
  send(draft: MessageContent, delaySeconds: number | undefined): MessageContent {
    const now = this.advance();
    const sequence = this.nextSequence++;
    const content = this.fifo ? { ...draft, sequenceNumber: formatSequenceNumber(sequence) } : draft;
    // A FIFO queue takes no per-message delay but 0, and its own delay applies even then [AWS-snap].
    const delay = this.fifo ? this.settings.delaySeconds : (delaySeconds ?? this.settings.delaySeconds);
    this.store.add(new QueuedMessage(content, sequence, now), now, now + 1000 * delay);
    if (this.deduplication && content.messageDeduplicationId !== undefined) {
      this.deduplication.remember(content.messageGroupId!, content.messageDeduplicationId, content as AcceptedSend, now);
    }
    this.wake();
    return content;
  }

  /** Runs `work` with waiting receives served once at the end, so a long poll sees a whole batch. */
  batch<T>(work: () => T): T {
    this.wakeHeld++;
    try {
      return work();
    } finally {
      this.wakeHeld--;
      this.wake();
    }
  }

  /** FIFO: what an earlier send with the same deduplication id was answered, within the window. */
  findDuplicate(messageGroupId: string, deduplicationId: string): AcceptedSend | undefined {
    return this.deduplication?.find(messageGroupId, deduplicationId, this.clock.now());
  }

  /** Takes in a message another queue redrove here; standard queues keep its original enqueue time. */
  acceptDeadLetter(from: QueuedMessage, sourceArn: string): void {
    const now = this.advance();
    const moved = new QueuedMessage(from.content, this.nextSequence++, this.fifo ? now : from.enqueuedAt);
    this.store.add(moved, now, now);
    moved.receiveCount = from.receiveCount;
    moved.firstReceiveTimestamp = from.firstReceiveTimestamp;
    moved.deadLetterQueueSourceArn = sourceArn;
    this.wake();
  }

  /** Removes and returns the next message a receive would get, for a message move task. */
  takeForMove(): QueuedMessage | undefined {
    this.advance();
    const [message] = this.store.takeReceivable(1);
    if (message) this.store.remove(message);
    return message;
  }

  /**
   * Takes in a message a move task brought here: the same MessageId, body and attributes, received
   * afresh (its receive count starts again; AWS's behaviour here is not recorded).
   */
  acceptMoved(from: QueuedMessage): void {
    const now = this.advance();
    this.store.add(new QueuedMessage(from.content, this.nextSequence++, now), now, now);
    this.wake();
  }

  /**
   * Receives up to `max` messages, hiding each for `visibilityTimeout` seconds. A message already received
   * maxReceiveCount times in this queue moves to the dead-letter queue instead, and the receive goes on.
   * On FIFO queues a retry with the same `attemptId` within five minutes gets the same messages.
   */
  receive(max: number, visibilityTimeout: number, attemptId?: string): ReceivedMessage[] {
    const now = this.advance();
    const until = now + 1000 * visibilityTimeout;
    const attempts = attemptId === undefined ? undefined : this.receiveAttempts;
    const replay = attempts?.replayable(attemptId!, now, (m) => this.store.get(m.messageId) === m);
    if (replay) {
      // A retry restarts the visibility timeout of what it returns again.
      for (const { message } of replay) this.store.setInFlight(message, until);
      return replay.map(({ message, receiptHandle }) => ({ message, receiptHandle }));
    }
    const received: ReceivedMessage[] = [];
    for (let room = this.roomFor(max); room > 0; room = this.roomFor(max - received.length)) {
      const candidates = this.store.takeReceivable(room);
      if (candidates.length === 0) break;
      for (const message of candidates) {
        if (this.redriveIfDue(message)) continue;
        message.receiveCount++;
        message.receivesHere++;
        message.receiveNumber++;
        message.visibilityChanges = 0;
        message.firstReceiveTimestamp ??= now;
        message.lastReceivedAt = now;
        this.store.setInFlight(message, until);
        received.push({ message, receiptHandle: this.receiptHandleFor(message) });
      }
    }
    attempts?.remember(attemptId!, now, received);
    return received;
  }

  /**
   * How many of `wanted` more messages a receive may take: FIFO queues stop giving messages at 120,000 in
   * flight. Messages this receive already took are in flight, so they count against the limit already.
   */
  private roomFor(wanted: number): number {
    return this.fifo ? Math.min(wanted, FIFO_IN_FLIGHT_LIMIT - this.store.inFlightCount) : wanted;
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
    message.visibilityChanges++;
    this.store.setInFlight(message, this.clock.now() + 1000 * seconds);
    this.wake();
  }

  purge(): void {
    this.store.clear();
    // Purging a FIFO queue also forgets its deduplication ids [AWS-test].
    this.deduplication?.clear();
    this.receiveAttempts?.clear();
    this.lastPurgeAt = this.clock.now();
  }

  updateSettings(settings: QueueSettings): void {
    this.settings = settings;
    this.lastModifiedAt = this.clock.now();
    this.wake();
  }

  /** Registers a waiting receive; it is served as soon as messages become receivable. */
  wait(waiter: Waiter): void {
    this.waiting.add(waiter);
  }

  stopWaiting(waiter: Waiter): void {
    this.waiting.remove(waiter);
  }

  /** Ends every waiting receive with no messages: the queue is going away. */
  close(): void {
    this.waiting.abandonAll();
  }

  /** Serves waiting receives after something may have become receivable. */
  wake(): void {
    if (this.wakeHeld === 0) this.waiting.notify();
  }

  private advance(): number {
    const now = this.clock.now();
    this.store.advance(now, 1000 * this.settings.messageRetentionPeriod, 1000 * this.settings.delaySeconds);
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

  /**
   * For a message move task: takes the next message a receive would get, if `canMove` accepts it. One it refuses
   * (its destination is gone) stays in the queue and receivable, handed back the way ChangeMessageVisibility 0 hands
   * back a received one, so a failed task leaves the DLQ as it was.
   */
  takeForMoveIf(canMove: (message: QueuedMessage) => boolean): QueuedMessage | undefined {
    const now = this.advance();
    const [message] = this.store.takeReceivable(1);
    if (!message) return undefined;
    if (canMove(message)) {
      this.store.remove(message);
      return message;
    }
    this.store.setInFlight(message, now);
    this.advance();
    return undefined;
  }
}
