import { NO_ATTRIBUTES } from '../../../core/messages/attribute-rules.js';
import { md5Hex, md5OfMessageAttributes, type MessageAttributeValue } from '../../../core/messages/md5.js';
import { formatSequenceNumber } from '../../../core/messages/sequence-number.js';

export type MessageState = 'delayed' | 'visible' | 'inFlight';

/** What a message is, fixed at send time and kept when it moves to a dead-letter queue. */
export interface MessageContent {
  readonly messageId: string;
  readonly body: string;
  readonly md5OfBody: string;
  readonly messageAttributes: Readonly<Record<string, MessageAttributeValue>>;
  readonly md5OfMessageAttributes: string | undefined;
  /** Only `AWSTraceHeader` exists today. */
  readonly systemAttributes: Readonly<Record<string, MessageAttributeValue>>;
  readonly md5OfMessageSystemAttributes: string | undefined;
  /** Epoch ms. */
  readonly sentTimestamp: number;
  readonly senderId: string;
  readonly messageGroupId: string | undefined;
  readonly messageDeduplicationId: string | undefined;
  readonly sequenceNumber: string | undefined;
}

/** What a sender supplies; the digests are derived. */
export type MessageDraft = Omit<
  MessageContent,
  'md5OfBody' | 'md5OfMessageAttributes' | 'md5OfMessageSystemAttributes' | 'sequenceNumber'
>;

/** A draft or a whole content: what a queue makes a message of. Digests it carries are not used, but derived again. */
export type ContentSource = MessageDraft &
  Partial<
    Pick<MessageContent, 'md5OfBody' | 'md5OfMessageAttributes' | 'md5OfMessageSystemAttributes' | 'sequenceNumber'>
  >;

/**
 * A message's system attributes with the request's X-Ray trace header (`X-Amzn-Trace-Id`) as AWSTraceHeader, the only
 * system attribute SQS has [AWS-snap] (docs/aws-behaviour/sqs.md §4.7): the same for SendMessage and for a message
 * another service delivers. One given in MessageSystemAttributes is kept instead (which wins is not recorded).
 */
export function withTraceHeader(
  systemAttributes: Readonly<Record<string, MessageAttributeValue>>,
  traceHeader: string | undefined,
): Readonly<Record<string, MessageAttributeValue>> {
  if (traceHeader === undefined || Object.hasOwn(systemAttributes, 'AWSTraceHeader')) return systemAttributes;
  return { ...systemAttributes, AWSTraceHeader: { DataType: 'String', StringValue: traceHeader } };
}

/** Bodies at least this long keep their digest once computed: hashing them again would cost more than keeping it. */
const KEPT_DIGEST_MIN_LENGTH = 1024;

function attributesOrShared(
  attributes: Readonly<Record<string, MessageAttributeValue>>,
): Readonly<Record<string, MessageAttributeValue>> {
  for (const _ in attributes) return attributes;
  return NO_ATTRIBUTES;
}

/** System attributes, and a large body's digest once computed: most messages have neither. */
interface RareParts {
  readonly systemAttributes: Readonly<Record<string, MessageAttributeValue>>;
  readonly digest: string | undefined;
}

/**
 * A message's content as the emulation keeps it: one object of fixed shape whose digests are not stored but derived
 * when an answer needs them (the send's answer, a receive). A small body's MD5 costs about what the SDK's own check
 * of it costs, and storing it would add a 32-character string to every message; a large body keeps its digest once
 * it has been computed. A message sent without attributes shares one frozen empty object (`NO_ATTRIBUTES`).
 */
export class StoredContent implements MessageContent {
  readonly messageId: string;
  readonly body: string;
  readonly messageAttributes: Readonly<Record<string, MessageAttributeValue>>;
  readonly sentTimestamp: number;
  readonly senderId: string;
  readonly messageGroupId: string | undefined;
  readonly messageDeduplicationId: string | undefined;
  /**
   * The SequenceNumber as given, or the FIFO queue's count it is written from when read (formatSequenceNumber): a
   * 20-digit string kept per message would cost 40 bytes more.
   */
  private readonly sequenceSource: string | number | undefined;
  /** What few messages have, in one field rather than two on every message. */
  private rare: RareParts | undefined;

  constructor(draft: MessageDraft, sequenceNumber: string | number | undefined, digest?: string) {
    this.messageId = draft.messageId;
    this.body = draft.body;
    this.messageAttributes = attributesOrShared(draft.messageAttributes);
    this.sentTimestamp = draft.sentTimestamp;
    this.senderId = draft.senderId;
    this.messageGroupId = draft.messageGroupId;
    this.messageDeduplicationId = draft.messageDeduplicationId;
    this.sequenceSource = sequenceNumber;
    const systemAttributes = attributesOrShared(draft.systemAttributes);
    this.rare = systemAttributes !== NO_ATTRIBUTES || digest !== undefined ? { systemAttributes, digest } : undefined;
  }

  /** Only `AWSTraceHeader` exists today. */
  get systemAttributes(): Readonly<Record<string, MessageAttributeValue>> {
    return this.rare?.systemAttributes ?? NO_ATTRIBUTES;
  }

  get sequenceNumber(): string | undefined {
    const source = this.sequenceSource;
    return typeof source === 'number' ? formatSequenceNumber(source) : source;
  }

  /** The count the SequenceNumber is written from, when it is one (a FIFO queue's own numbering). */
  get sequenceCounter(): number | undefined {
    const source = this.sequenceSource;
    return typeof source === 'number' ? source : undefined;
  }

  get md5OfBody(): string {
    const kept = this.rare?.digest;
    if (kept !== undefined) return kept;
    const digest = md5Hex(this.body);
    if (this.body.length >= KEPT_DIGEST_MIN_LENGTH) this.rare = { systemAttributes: this.systemAttributes, digest };
    return digest;
  }

  get md5OfMessageAttributes(): string | undefined {
    return this.messageAttributes === NO_ATTRIBUTES ? undefined : md5OfMessageAttributes(this.messageAttributes);
  }

  get md5OfMessageSystemAttributes(): string | undefined {
    return this.systemAttributes === NO_ATTRIBUTES ? undefined : md5OfMessageAttributes(this.systemAttributes);
  }

  /** A digest `content` already kept, without computing one. */
  protected static keptDigest(content: MessageDraft): string | undefined {
    return content instanceof StoredContent ? content.rare?.digest : undefined;
  }

  /** `content` with a new id or send time; see `contentWith`. */
  static copy(content: MessageContent, changes: ContentChanges): StoredContent {
    return new StoredContent(
      {
        messageId: changes.messageId ?? content.messageId,
        body: content.body,
        messageAttributes: content.messageAttributes,
        systemAttributes: content.systemAttributes,
        sentTimestamp: changes.sentTimestamp ?? content.sentTimestamp,
        senderId: content.senderId,
        messageGroupId: content.messageGroupId,
        messageDeduplicationId: content.messageDeduplicationId,
      },
      content.sequenceNumber,
      StoredContent.keptDigest(content),
    );
  }
}

/** The content a queue stores, with the MD5 digests SQS computes (and answers with) available. */
export function messageContent(draft: MessageDraft): MessageContent {
  return new StoredContent(draft, undefined);
}

export interface ContentChanges {
  readonly messageId?: string;
  readonly sentTimestamp?: number;
}

/** The same content with a new id or send time (a move task's redrive makes a new message of the old one). */
export function contentWith(content: MessageContent, changes: ContentChanges): MessageContent {
  return StoredContent.copy(content, changes);
}

/**
 * What receiving (and redriving) adds to a message. Most stored messages have never been received, so this record
 * is only made when a message is first received, or arrives in a dead-letter queue with a history, or was enqueued
 * at another time than it was sent.
 */
class ReceiveHistory {
  /** ApproximateReceiveCount: every receive, in this queue and, for a redriven message, in its source. */
  receiveCount = 0;
  /**
   * Receives in this queue only: what redrive compares with maxReceiveCount. A message moved to a dead-letter queue
   * starts again at 0 there while receiveCount carries on; otherwise a DLQ with its own redrive policy would pass
   * the message on at its first receive, and AWS does not (a q1 → q2 → q3 chain with maxReceiveCount 1 each
   * delivers the message once from q2 [AWS-test]).
   */
  receivesHere = 0;
  /** Counts receives, so each receipt handle names the receive it came from. */
  receiveNumber = 0;
  /** ChangeMessageVisibility calls since the latest receive: they void a ReceiveRequestAttemptId. */
  visibilityChanges = 0;
  firstReceiveTimestamp: number | undefined = undefined;
  /** Epoch ms of the latest receive: the 12-hour visibility cap counts from it. */
  lastReceivedAt = 0;
  deadLetterQueueSourceArn: string | undefined = undefined;
  /** Epoch ms from which retention counts, when that is not the send time. */
  enqueuedAt: number | undefined = undefined;
}

/**
 * A message as one queue holds it: its content (`StoredContent`, so digests are derived, not stored) and the queue's
 * bookkeeping, in one object of fixed shape. Sized for millions of messages (bench/memory.mts):
 * - What only a received message needs lives in a record made at its first receive (`ReceiveHistory`).
 * - `slot` is the message's place in whichever of its store's orderings of visible or hidden messages holds it, and
 *   `retentionSlot` in the store's retention order (LogHeap slot numbers, -1 when absent): kept on the message, so
 *   that removing or re-timing it never needs a search.
 *
 * `content` is the message itself; another queue (a dead-letter queue) stores a copy.
 */
export class QueuedMessage extends StoredContent {
  state: MessageState = 'visible';
  /**
   * `hiddenUntil` while the message is hidden, `availableOrder` while it is visible in a FIFO queue: one field for
   * both, since a message is never both. It starts undefined on purpose: V8 gives a field that has only ever held
   * numbers a heap box of its own in every object once it holds a large value such as epoch ms, 16 bytes per stored
   * message; a field that has held something else keeps small integers inline and boxes only the large values
   * (bench/memory.mts).
   */
  private timing: number | undefined = undefined;
  slot = -1;
  retentionSlot = -1;
  /** Links of the one MessageList the message is in (a FIFO group or the FIFO delayed line). */
  listPrev: QueuedMessage | undefined = undefined;
  listNext: QueuedMessage | undefined = undefined;
  private history: ReceiveHistory | undefined = undefined;

  constructor(
    content: ContentSource,
    /** Queue order: smaller is older. */
    readonly sequence: number,
    /** Epoch ms from which retention counts: the send time, or for a dead-lettered message when it arrived. */
    enqueuedAt: number,
    /** FIFO queues number each message they take in (their count); by default the content's own. */
    sequenceNumber: string | number | undefined = content.sequenceNumber,
  ) {
    super(content, sequenceNumber, StoredContent.keptDigest(content));
    if (enqueuedAt !== content.sentTimestamp) this.received().enqueuedAt = enqueuedAt;
  }

  /** The message's content: the message itself. */
  get content(): MessageContent {
    return this;
  }

  /** Epoch ms at which a delayed or in-flight message becomes visible. */
  get hiddenUntil(): number {
    return this.timing ?? 0;
  }
  set hiddenUntil(at: number) {
    this.timing = at;
  }

  /**
   * A visible message in a FIFO queue: when it became available, as a count its store keeps to order message groups
   * (fifo-store.ts). Kept in `timing`, with `hiddenUntil`: a number per message kept beside the messages would cost
   * a million-message queue tens of megabytes.
   */
  get availableOrder(): number {
    return this.timing ?? 0;
  }
  set availableOrder(order: number) {
    this.timing = order;
  }

  get enqueuedAt(): number {
    return this.history?.enqueuedAt ?? this.sentTimestamp;
  }

  /** ApproximateReceiveCount: every receive, in this queue and, for a redriven message, in its source. */
  get receiveCount(): number {
    return this.history?.receiveCount ?? 0;
  }
  set receiveCount(count: number) {
    this.received().receiveCount = count;
  }

  /** Receives in this queue only: what redrive compares with maxReceiveCount (see ReceiveHistory). */
  get receivesHere(): number {
    return this.history?.receivesHere ?? 0;
  }

  /** Counts receives, so each receipt handle names the receive it came from. */
  get receiveNumber(): number {
    return this.history?.receiveNumber ?? 0;
  }

  /** ChangeMessageVisibility calls since the latest receive: they void a ReceiveRequestAttemptId. */
  get visibilityChanges(): number {
    return this.history?.visibilityChanges ?? 0;
  }

  get firstReceiveTimestamp(): number | undefined {
    return this.history?.firstReceiveTimestamp;
  }
  set firstReceiveTimestamp(at: number | undefined) {
    this.received().firstReceiveTimestamp = at;
  }

  /** Epoch ms of the latest receive: the 12-hour visibility cap counts from it. */
  get lastReceivedAt(): number {
    return this.history?.lastReceivedAt ?? 0;
  }

  get deadLetterQueueSourceArn(): string | undefined {
    return this.history?.deadLetterQueueSourceArn;
  }
  set deadLetterQueueSourceArn(arn: string | undefined) {
    this.received().deadLetterQueueSourceArn = arn;
  }

  /** Records a receive at `now`; answers the receive's number, which its receipt handle names. */
  recordReceive(now: number): number {
    const history = this.received();
    history.receiveCount++;
    history.receivesHere++;
    history.visibilityChanges = 0;
    history.firstReceiveTimestamp ??= now;
    history.lastReceivedAt = now;
    return ++history.receiveNumber;
  }

  /** Whether a handle of receive number `receiveNumber` is the most recent receive's. */
  isLatestReceive(receiveNumber: number): boolean {
    return this.history !== undefined && receiveNumber === this.history.receiveNumber;
  }

  recordVisibilityChange(): void {
    this.received().visibilityChanges++;
  }

  private received(): ReceiveHistory {
    return (this.history ??= new ReceiveHistory());
  }
}

/** A fresh copy of a stored attribute value, bytes included, for anything handed out to callers. */
export function copyAttributeValue(value: MessageAttributeValue): MessageAttributeValue {
  return {
    DataType: value.DataType,
    ...(value.StringValue !== undefined ? { StringValue: value.StringValue } : {}),
    ...(value.BinaryValue !== undefined ? { BinaryValue: new Uint8Array(value.BinaryValue) } : {}),
  };
}
