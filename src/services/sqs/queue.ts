import type { AwsError } from '../../core/aws-error.js';
import type { Clock } from '../../core/clock.js';
import { EmptyShortPolls } from '../../core/diagnostics/busy-loop.js';
import { contentDeduplicationId } from '../../core/util/content-deduplication.js';
import { sqsErrors } from './errors.js';
import { DeduplicationWindow, type AcceptedSend } from '../../core/messages/deduplication.js';
import { ReceiveAttempts } from './fifo/receive-attempts.js';
import { WaitingReceives, type Waiter } from './long-poll.js';
import { FifoMessageStore } from './messages/fifo-store.js';
import { QueuedMessage, type MessageContent, type MessageDraft } from './messages/message.js';
import { StandardMessageStore } from './messages/standard-store.js';
import type { MessageStore, StoreObserver } from './messages/store.js';
import { bodyPreview, type JourneyRecorder } from '../../core/journeys/index.js';
import { queueArn, queueUrl, type QueueAddress } from './queue-address.js';
import type { QueueSettings } from './queue-attributes.js';
import type { HonestDelivery } from './honest-delivery.js';
import type { ReceiptHandleCoder } from './receipt-handle.js';

export interface ReceivedMessage {
  readonly message: QueuedMessage;
  readonly receiptHandle: string;
}

/** How a queue finds its dead-letter queue when a redrive is due. */
export interface QueueDirectory {
  findByArn(arn: string): Queue | undefined;
}

/**
 * What a receipt handle names in its queue (docs/aws-behaviour/sqs.md §4.10, §4.12):
 * - `current`: a handle that acts on its message: on a standard queue any handle of a message still there, on a FIFO
 *   queue the handle of the message's most recent receive while the message is in flight (see Queue.resolveHandle);
 * - `expired`: FIFO queue, a handle that is not the latest, or whose message is no longer in flight;
 * - `gone`: a well-formed handle of this queue whose message was deleted, expired or moved;
 * - `invalid`: malformed, forged, or of another queue.
 */
/** `now`: the time the lookup advanced the queue to, for what the caller does next (one read of the clock). */
export type HandleLookup =
  { kind: 'current'; message: QueuedMessage; now: number } | { kind: 'expired' | 'gone' | 'invalid' };

/**
 * What DeleteMessage with a handle did: `deleted` the message; `ignored` a handle of a message already gone, which
 * succeeds and deletes nothing; `expired` and `invalid` handles (HandleLookup) fail.
 */
export type DeleteOutcome = 'deleted' | 'ignored' | 'expired' | 'invalid';

/**
 * What ChangeMessageVisibility with a handle did: `changed` re-timed the message; `gone`, `expired` and `invalid`
 * handles (HandleLookup) fail, and so does `beyondLimit`, a timeout that would hide the message over 12 hours past
 * its receive.
 */
export type VisibilityChangeOutcome = 'changed' | 'gone' | 'expired' | 'invalid' | 'beyondLimit';

/** The longest a message may stay hidden after a receive, in seconds: 12 hours (docs/aws-behaviour/sqs.md §4.12). */
export const MAX_VISIBILITY_TIMEOUT_SECONDS = 43_200;

/** After a PurgeQueue, another within this long is refused (docs/aws-behaviour/sqs.md §4.14). */
const PURGE_INTERVAL_MS = 60_000;

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
  /** Honest mode: standard-queue looseness, and the deliveries it will repeat while still in flight. */
  private readonly honest: HonestDelivery | undefined;
  private readonly pendingDuplicates: QueuedMessage[] = [];
  /** Diagnostics: empty short polls in a row at one instant, to tell a busy receive loop (diagnostics/busy-loop.ts). */
  readonly emptyShortPolls = new EmptyShortPolls();

  constructor(
    readonly address: QueueAddress,
    /** Distinguishes this queue from an earlier one of the same name: old receipt handles stay foreign. */
    readonly uid: string,
    settings: QueueSettings,
    private readonly clock: Clock,
    /** The account's receipt-handle coder: handles are checked with the account's key. */
    private readonly handles: ReceiptHandleCoder,
    private readonly directory: QueueDirectory,
    honest?: HonestDelivery,
    /** The account's journey recorder, only when it records. */
    private readonly journeys?: JourneyRecorder,
  ) {
    this.arn = queueArn(address);
    this.url = queueUrl(address);
    this.fifo = settings.fifoQueue;
    this.settings = settings;
    this.createdAt = clock.now();
    this.lastModifiedAt = this.createdAt;
    const deduplication = this.fifo ? new DeduplicationWindow(settings.deduplicationScope) : undefined;
    this.deduplication = deduplication;
    // The window points at each message it remembers while the message is here (deduplication.ts).
    this.store = deduplication
      ? new FifoMessageStore((message) => deduplication.release(message))
      : new StandardMessageStore();
    this.receiveAttempts = this.fifo ? new ReceiveAttempts() : undefined;
    this.waiting = new WaitingReceives(clock, () => this.store.nextVisibleAt());
    // FIFO queues keep their promises of order and exactly-once; only standard queues are loose.
    this.honest = this.fifo ? undefined : honest;
    this.observer = journeys && this.storeObserver(journeys);
  }

  /** Hears of time's changes to messages, for journeys; undefined when the account records none. */
  private readonly observer: StoreObserver | undefined;

  private storeObserver(journeys: JourneyRecorder): StoreObserver {
    return {
      visibleAgain: (message, at) =>
        journeys.record({
          at,
          service: 'sqs',
          kind: 'visibleAgain',
          where: this.arn,
          messageId: message.messageId,
          receiveCount: message.receiveCount,
          maxReceiveCount: this.settings.redrivePolicy?.maxReceiveCount,
        }),
      expired: (message, at) =>
        journeys.record({
          at,
          service: 'sqs',
          kind: 'expired',
          where: this.arn,
          messageId: message.messageId,
          note: `retention period of ${this.settings.messageRetentionPeriod}s ended`,
        }),
    };
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
  /** `bodyStart`: the body's first characters, for the journey's preview (delivery.ts, `measured`). */
  send(draft: MessageDraft, delaySeconds: number | undefined, bodyStart?: string): MessageContent {
    const now = this.advance();
    // A FIFO queue takes no per-message delay but 0, and its own delay applies even then [AWS-snap].
    const delay = this.fifo ? this.settings.delaySeconds : (delaySeconds ?? this.settings.delaySeconds);
    const message = this.enqueue(draft, now, now + 1000 * delay, now);
    if (this.deduplication && message.messageDeduplicationId !== undefined) this.deduplication.rememberStored(message);
    this.journeys?.record({
      at: now,
      service: 'sqs',
      kind: 'sent',
      where: this.arn,
      messageId: message.messageId,
      delaySeconds: delay > 0 ? delay : undefined,
      note: bodyPreview(draft.body, bodyStart),
    });
    this.wake();
    return message.content;
  }

  /**
   * The FIFO rules a SendMessage message must meet before anything else about it matters: no DelaySeconds but 0, a
   * MessageGroupId, and a MessageDeduplicationId unless the queue has ContentBasedDeduplication. In a batch they fail
   * the whole request, and a missing MessageGroupId is then InvalidParameterValue rather than MissingParameter (both
   * recorded from AWS, docs/aws-behaviour/sqs.md §4.7-4.8). Standard queues have none of them.
   */
  fifoSendViolation(
    delaySeconds: unknown,
    hasGroupId: boolean,
    hasDeduplicationId: boolean,
    inBatch: boolean,
  ): AwsError | undefined {
    if (!this.fifo) return undefined;
    if (delaySeconds !== undefined && delaySeconds !== null && delaySeconds !== 0) {
      return sqsErrors.parameterNotValidForQueueType('DelaySeconds', delaySeconds);
    }
    if (!hasGroupId)
      return sqsErrors.missingParameter('MessageGroupId', inBatch ? 'InvalidParameterValue' : 'MissingParameter');
    if (!hasDeduplicationId && !this.settings.contentBasedDeduplication) return sqsErrors.deduplicationIdRequired();
    return undefined;
  }

  /**
   * FIFO: the deduplication id of a message sent with `given`: that one, else with ContentBasedDeduplication the
   * SHA-256 of the body (never of the attributes); undefined when it has none. Standard queues deduplicate nothing.
   */
  deduplicationIdFor(body: string, given: string | undefined): string | undefined {
    if (!this.fifo) return undefined;
    return given ?? (this.settings.contentBasedDeduplication ? contentDeduplicationId(body) : undefined);
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
    const moved = this.enqueue(from.content, this.fifo ? now : from.enqueuedAt, this.arrivalVisibleAt(now), now);
    moved.receiveCount = from.receiveCount;
    moved.firstReceiveTimestamp = from.firstReceiveTimestamp;
    moved.deadLetterQueueSourceArn = sourceArn;
    this.wake();
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

  /**
   * Takes in a message a move task brought here, as a new message of this queue (the task gave it a new id);
   * `movedFrom` names the queue and id it had, for its journey.
   */
  acceptMoved(from: QueuedMessage, movedFrom?: { readonly queue: string; readonly messageId: string }): void {
    const now = this.advance();
    this.enqueue(from.content, now, this.arrivalVisibleAt(now), now);
    if (movedFrom)
      this.journeys?.record({
        at: now,
        service: 'sqs',
        kind: 'moved',
        where: movedFrom.queue,
        messageId: movedFrom.messageId,
        nextMessageId: from.messageId,
        target: this.arn,
      });
    this.wake();
  }

  /**
   * When a message arriving by redrive or move task becomes visible. A FIFO queue's delay applies to every message
   * by its enqueue time (it is even retroactive), so an arrival waits it out like a send, and keeps its place behind
   * earlier messages still waiting. A standard queue's delay applies at send time only; an arrival is visible at
   * once. What AWS does is not recorded.
   */
  private arrivalVisibleAt(now: number): number {
    return this.fifo ? now + 1000 * this.settings.delaySeconds : now;
  }

  /**
   * Receives up to `max` messages, hiding each for `visibilityTimeout` seconds. A message already received
   * maxReceiveCount times in this queue moves to the dead-letter queue instead, and the receive goes on.
   * On FIFO queues a retry with the same `attemptId` within five minutes gets the same messages.
   * `shortPoll` says the caller will not wait: in honest mode such a receive samples. `by` names the receiver for
   * journeys (a ReceiveMessage request, an event source mapping).
   */
  receive(
    max: number,
    visibilityTimeout: number,
    attemptId?: string,
    shortPoll = false,
    by?: string,
  ): ReceivedMessage[] {
    const now = this.advance();
    const until = now + 1000 * visibilityTimeout;
    const attempts = attemptId === undefined ? undefined : this.receiveAttempts;
    const replay = attempts?.replayable(attemptId!, now, (m) => this.store.getReceived(m.messageId) === m);
    if (replay) {
      // A retry restarts the visibility timeout of what it returns again.
      for (const { message } of replay) this.store.setInFlight(message, until);
      return replay.map(({ message, receiptHandle }) => ({ message, receiptHandle }));
    }
    const received: ReceivedMessage[] = [];
    const wanted = this.honest ? this.honest.allowance(max, shortPoll) : max;
    this.repeatDuplicates(received, wanted, now, until);
    for (let room = this.roomFor(wanted - received.length); room > 0; room = this.roomFor(wanted - received.length)) {
      const candidates = this.takeCandidates(room);
      if (candidates.length === 0) break;
      for (const message of candidates) {
        const deadLetterQueue = this.deadLetterQueueFor(message);
        if (deadLetterQueue) {
          this.moveToDeadLetterQueue(message, deadLetterQueue);
          continue;
        }
        this.deliver(message, now, until, received);
        if (this.journeys) this.recordReceive(this.journeys, message, now, until, by);
        if (this.honest?.duplicate()) this.pendingDuplicates.push(message);
      }
    }
    attempts?.remember(attemptId!, now, received);
    return received;
  }

  private recordReceive(
    journeys: JourneyRecorder,
    message: QueuedMessage,
    now: number,
    until: number,
    by: string | undefined,
  ): void {
    journeys.record({
      at: now,
      service: 'sqs',
      kind: 'received',
      where: this.arn,
      messageId: message.messageId,
      receiveCount: message.receiveCount,
      maxReceiveCount: this.settings.redrivePolicy?.maxReceiveCount,
      by,
      visibleAt: until,
    });
  }

  private deliver(message: QueuedMessage, now: number, until: number, received: ReceivedMessage[]): void {
    const receiveNumber = message.recordReceive(now);
    this.store.setInFlight(message, until);
    this.store.trackReceived(message);
    received.push({
      message,
      receiptHandle: this.handles.encode({ queueUid: this.uid, messageId: message.messageId, receiveNumber }),
    });
  }

  /**
   * Up to `room` messages to receive, and with them the ones the receive will move to the dead-letter queue instead,
   * which leave room for more: a FIFO receive that moves the first messages of a group goes on with the rest of it.
   * In honest mode they are drawn from beyond the oldest, in random order.
   */
  private takeCandidates(room: number): QueuedMessage[] {
    if (!this.honest) return this.store.takeReceivable(room, this.movesToDeadLetterQueue);
    const { chosen, rest } = this.honest.pick(this.store.takeReceivable(this.honest.candidates(room)), room);
    this.store.putBack(rest);
    return chosen;
  }

  /**
   * Honest mode: delivers again messages an earlier receive got that are still in flight, as a second
   * SQS server holding a copy would. A message deleted or returned in the meantime is not repeated.
   */
  private repeatDuplicates(received: ReceivedMessage[], wanted: number, now: number, until: number): void {
    while (received.length < wanted && this.pendingDuplicates.length > 0) {
      const message = this.pendingDuplicates.shift()!;
      if (this.store.getReceived(message.messageId) === message && message.state === 'inFlight')
        this.deliver(message, now, until, received);
    }
  }

  /**
   * How many of `wanted` more messages a receive may take: FIFO queues stop giving messages at 120,000 in
   * flight. Messages this receive already took are in flight, so they count against the limit already.
   */
  private roomFor(wanted: number): number {
    return this.fifo ? Math.min(wanted, FIFO_IN_FLIGHT_LIMIT - this.store.inFlightCount) : wanted;
  }

  /**
   * The message a receipt handle names, and whether the handle still counts (docs/aws-behaviour/sqs.md §4.10, §4.12).
   * On a standard queue every handle of a message still in the queue acts on it: one whose visibility timeout ran out,
   * and one older than the message's latest receive, with DeleteMessage and ChangeMessageVisibility alike, as AWS was
   * recorded doing (the API reference's "might not be deleted" is a hedge the recordings do not show). On a FIFO queue
   * only the latest receive's handle acts, and only while the message is in flight; any other has expired.
   */
  private resolveHandle(handle: string): HandleLookup {
    const parts = this.handles.decode(handle);
    if (!parts || parts.queueUid !== this.uid) return { kind: 'invalid' };
    const now = this.advance();
    const message = this.store.getReceived(parts.messageId);
    if (!message) return { kind: 'gone' };
    if (!this.fifo) return { kind: 'current', message, now };
    const latest = message.isLatestReceive(parts.receiveNumber);
    return latest && message.state === 'inFlight' ? { kind: 'current', message, now } : { kind: 'expired' };
  }

  /**
   * Deletes the message a handle names. A handle of a message already gone succeeds and deletes nothing, as in SQS
   * (docs/aws-behaviour/sqs.md §4.10).
   */
  deleteByHandle(handle: string, by?: string): DeleteOutcome {
    const found = this.resolveHandle(handle);
    switch (found.kind) {
      case 'current':
        this.store.remove(found.message);
        this.handles.forget(handle);
        this.journeys?.record({
          at: found.now,
          service: 'sqs',
          kind: 'deleted',
          where: this.arn,
          messageId: found.message.messageId,
          by,
        });
        // On a FIFO queue the delete may unlock the message's group: a waiting long poll can take its next message now.
        if (this.fifo) this.wake();
        return 'deleted';
      case 'gone':
        return 'ignored';
      default:
        return found.kind;
    }
  }

  /**
   * Hides the message a handle names for `seconds` from now; 0 makes it receivable at once (docs/aws-behaviour/sqs.md
   * §4.12). On a standard queue an older handle of a message received again since still acts: LocalStack's
   * AWS-validated test_terminate_visibility_timeout_after_receive received a message with VisibilityTimeout 0, again
   * with 3, then set the first handle's to 0, and the message came back at once. So a slow consumer can release a
   * message another now holds, in AWS and here.
   */
  changeVisibilityByHandle(handle: string, seconds: number): VisibilityChangeOutcome {
    const found = this.resolveHandle(handle);
    if (found.kind !== 'current') return found.kind;
    const { message, now } = found;
    if (now + seconds * 1000 - message.lastReceivedAt > MAX_VISIBILITY_TIMEOUT_SECONDS * 1000) return 'beyondLimit';
    message.recordVisibilityChange();
    this.store.setInFlight(message, now + 1000 * seconds);
    this.wake();
    return 'changed';
  }

  /** Empties the queue, or answers false while an earlier purge is in progress (within 60 s of it). */
  purge(): boolean {
    if (this.lastPurgeAt !== undefined && this.clock.now() - this.lastPurgeAt < PURGE_INTERVAL_MS) return false;
    this.clear('PurgeQueue');
    this.lastPurgeAt = this.clock.now();
    return true;
  }

  /**
   * Empties the queue at once: every message, visible, in flight or delayed, and on FIFO queues the deduplication ids
   * and receive attempts, as a purge does (docs/aws-behaviour/sqs.md §4.14). What `queueView.clear()` does, without
   * PurgeQueue's 60 s rule. Each message's journey ends in a `deleted` step naming `by` (a purge is rare and
   * removes each message: one step each, only while journeys are recorded).
   */
  clear(by = 'queueView.clear()'): void {
    if (this.journeys) {
      const at = this.clock.now();
      for (const message of this.messages())
        this.journeys.record({
          at,
          service: 'sqs',
          kind: 'deleted',
          where: this.arn,
          messageId: message.messageId,
          by,
        });
    }
    this.store.clear();
    this.pendingDuplicates.length = 0;
    this.deduplication?.clear();
    this.receiveAttempts?.clear();
  }

  updateSettings(settings: QueueSettings): void {
    this.settings = settings;
    this.lastModifiedAt = this.clock.now();
    this.wake();
  }

  /**
   * When the next hidden message (delayed or in flight) becomes visible, after applying the passage of time: what a
   * waiting consumer such as an event source mapping's poller will next wake for. Undefined when none is hidden.
   */
  nextVisibleAt(): number | undefined {
    this.advance();
    return this.store.nextVisibleAt();
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

  /**
   * Stores a message; FIFO queues number every message they take in, whatever brought it. `now` is the time the caller
   * just advanced the queue to (advance()): one read of the clock per message.
   */
  private enqueue(content: MessageDraft, enqueuedAt: number, visibleAt: number, now: number): QueuedMessage {
    const sequence = this.nextSequence++;
    const message = new QueuedMessage(content, sequence, enqueuedAt, this.fifo ? sequence : undefined);
    this.store.add(message, now, visibleAt);
    return message;
  }

  /**
   * Applies the passage of time: messages' delays, timeouts and retention, and the deduplication window's five minutes.
   */
  private advance(): number {
    const now = this.clock.now();
    this.store.advance(
      now,
      1000 * this.settings.messageRetentionPeriod,
      1000 * this.settings.delaySeconds,
      this.observer,
    );
    this.deduplication?.expire(now);
    return now;
  }

  /** Where a receive must move `message` instead of returning it: its receives here reached maxReceiveCount. */
  private deadLetterQueueFor(message: QueuedMessage): Queue | undefined {
    const policy = this.settings.redrivePolicy;
    if (!policy || message.receivesHere < policy.maxReceiveCount) return undefined;
    const deadLetterQueue = this.directory.findByArn(policy.deadLetterTargetArn);
    // A policy whose target was deleted later leaves the message where it is (as AWS is reported to).
    return deadLetterQueue === this ? undefined : deadLetterQueue;
  }

  private readonly movesToDeadLetterQueue = (message: QueuedMessage): boolean =>
    this.deadLetterQueueFor(message) !== undefined;

  private moveToDeadLetterQueue(message: QueuedMessage, deadLetterQueue: Queue): void {
    this.store.remove(message);
    this.journeys?.record({
      at: this.clock.now(),
      service: 'sqs',
      kind: 'deadLettered',
      where: this.arn,
      messageId: message.messageId,
      target: deadLetterQueue.arn,
      receiveCount: message.receiveCount,
      maxReceiveCount: this.settings.redrivePolicy?.maxReceiveCount,
    });
    deadLetterQueue.acceptDeadLetter(message, this.arn);
  }
}
