import type { MessageAttributeValue } from '../md5.js';

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

/**
 * A message as one queue holds it: its content plus the queue's bookkeeping. The `*Slot` fields are
 * the message's positions in the store's heaps (-1 when absent), kept on the message so that removing
 * or re-timing it never needs a search.
 */
export class QueuedMessage {
  state: MessageState = 'visible';
  /** Epoch ms at which a delayed or in-flight message becomes visible. */
  hiddenUntil = 0;
  receiveCount = 0;
  firstReceiveTimestamp: number | undefined = undefined;
  /** Counts receives, so each receipt handle names the receive it came from. */
  receiveNumber = 0;
  /** Epoch ms of the latest receive: the 12-hour visibility cap counts from it. */
  lastReceivedAt = 0;
  deadLetterQueueSourceArn: string | undefined = undefined;
  orderSlot = -1;
  hiddenSlot = -1;
  retentionSlot = -1;

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
