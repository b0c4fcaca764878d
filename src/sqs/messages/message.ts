import { md5Hex, md5OfMessageAttributes, type MessageAttributeValue } from '../md5.js';

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
export type MessageDraft = Omit<MessageContent, 'md5OfBody' | 'md5OfMessageAttributes' | 'md5OfMessageSystemAttributes' | 'sequenceNumber'>;

/** The content a queue stores, with the MD5 digests SQS computes (and answers with) filled in. */
export function messageContent(draft: MessageDraft): MessageContent {
  return {
    ...draft,
    md5OfBody: md5Hex(draft.body),
    md5OfMessageAttributes: md5OfMessageAttributes(draft.messageAttributes),
    md5OfMessageSystemAttributes: md5OfMessageAttributes(draft.systemAttributes),
    sequenceNumber: undefined,
  };
}

/**
 * A message as one queue holds it: its content plus the queue's bookkeeping. The `*Slot` fields are
 * the message's positions in the store's heaps (-1 when absent), kept on the message so that removing
 * or re-timing it never needs a search.
 */
export class QueuedMessage {
  state: MessageState = 'visible';
  /** Epoch ms at which a delayed or in-flight message becomes visible. */
  hiddenUntil = 0;
  /** ApproximateReceiveCount: every receive, in this queue and, for a redriven message, in its source. */
  receiveCount = 0;
  /**
   * Receives in this queue only: what redrive compares with maxReceiveCount. A message moved to a dead-letter queue
   * starts again at 0 there while receiveCount carries on; otherwise a DLQ with its own redrive policy would pass
   * the message on at its first receive, and AWS does not (a q1 → q2 → q3 chain with maxReceiveCount 1 each
   * delivers the message once from q2 [AWS-test]).
   */
  receivesHere = 0;
  firstReceiveTimestamp: number | undefined = undefined;
  /** Counts receives, so each receipt handle names the receive it came from. */
  receiveNumber = 0;
  /** ChangeMessageVisibility calls since the latest receive: they void a ReceiveRequestAttemptId. */
  visibilityChanges = 0;
  /** Epoch ms of the latest receive: the 12-hour visibility cap counts from it. */
  lastReceivedAt = 0;
  deadLetterQueueSourceArn: string | undefined = undefined;
  orderSlot = -1;
  hiddenSlot = -1;
  retentionSlot = -1;
  /** Links of the one MessageList the message is in (a FIFO group or the FIFO delayed line). */
  listPrev: QueuedMessage | undefined = undefined;
  listNext: QueuedMessage | undefined = undefined;

  constructor(
    readonly content: MessageContent,
    /** Queue order: smaller is older. */
    readonly sequence: number,
    /** Epoch ms from which retention counts. */
    readonly enqueuedAt: number,
  ) {}

  get messageId(): string {
    return this.content.messageId;
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
