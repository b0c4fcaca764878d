import { HistoryRing } from '../../core/util/history-ring.js';
import type { SnsMessageAttributes } from './publish/attributes.js';
import type { PublishEntry } from './publish/entry.js';
import type { Subscription } from './subscription.js';

/** What happened to one published message at one subscription. */
export interface Delivery {
  readonly subscriptionArn: string;
  readonly protocol: string;
  readonly endpoint: string;
  /**
   * The endpoint received the message. Only `sqs` and `lambda` endpoints are really sent to; for every other protocol
   * the message is recorded here as delivered and goes nowhere. A `lambda` endpoint received it once Lambda accepted
   * the event for asynchronous invocation, whatever the handler then does.
   */
  readonly delivered: boolean;
  /** `sqs` endpoints: the MessageId the queue gave its copy of the message. */
  readonly queueMessageId?: string;
  /** `lambda` endpoints: the request id of the asynchronous invocation, the handler's `context.awsRequestId`. */
  readonly requestId?: string;
  /** The subscription's filter policy left the message out: nothing was sent, not even to a dead-letter queue. */
  readonly filteredOut?: boolean;
  /**
   * With `filteredOut`: why the policy left the message out, naming the first failing key in the policy's key order,
   * the policy's condition and the message's value, e.g. `type: "OrderCreated" is not one of ["order.created"]`,
   * `amount: 50 is not >= 100`, `type: no such attribute`; with `$or`, why each alternative failed. Values are cut
   * to 100 characters and the whole to 1,000 (docs/guide/journeys.md).
   */
  readonly filterReason?: string;
  /** What the endpoint received (the envelope, or the raw message); for a failed delivery, what it would have. */
  readonly body?: string;
  /** Delivery failed (e.g. the queue or function no longer exists); `failure` says why. */
  readonly failed?: boolean;
  readonly failure?: string;
  /**
   * `'queuePolicy'`: the failure is the queue's Policy not allowing SNS to send (createAwsMock's `policies:
   * 'enforce'`).
   */
  readonly refusedBy?: 'queuePolicy';
  /** After a failure: whether the message reached the subscription's RedrivePolicy dead-letter queue. */
  readonly deadLettered?: boolean;
  /** The dead-letter queue's MessageId for its copy, when it took one. */
  readonly deadLetterMessageId?: string;
  /** Why the dead-letter queue did not take it either (it does not exist, its policy refuses, ...). */
  readonly deadLetterFailure?: string;
}

/** The record of a delivery that failed for `failure`; `more` adds what else is known (the dead-letter part). */
export function failedDelivery(
  subscription: Pick<Subscription, 'arn' | 'protocol' | 'endpoint'>,
  body: string,
  failure: string,
  more: Pick<Delivery, 'refusedBy' | 'deadLettered' | 'deadLetterMessageId' | 'deadLetterFailure'>,
): Delivery {
  const { arn: subscriptionArn, protocol, endpoint } = subscription;
  return { subscriptionArn, protocol, endpoint, body, delivered: false, failed: true, failure, ...more };
}

/** One accepted Publish or PublishBatch entry, as recorded for inspection (a FIFO duplicate is not recorded). */
export interface PublishedMessage {
  readonly messageId: string;
  readonly sequenceNumber: string | undefined;
  readonly message: string;
  readonly subject: string | undefined;
  readonly messageStructure: string | undefined;
  readonly messageAttributes: SnsMessageAttributes;
  readonly messageGroupId: string | undefined;
  /** As given, or on a FIFO topic with content-based deduplication the SHA-256 of the Message. */
  readonly messageDeduplicationId: string | undefined;
  readonly publishedAt: number;
  /** One per confirmed subscription, in subscription order. */
  readonly deliveries: Delivery[];
}

/**
 * Where a published message went, kept as compactly as the fan-out likes (delivery/fan-out-record.ts): `deliveries`
 * makes the full list when first asked; `release` lets go of what only unread records need.
 */
export interface DeliveryRecord {
  deliveries(): Delivery[];
  release(): void;
}

/** A published message as the topic keeps it: `deliveries` is made from its delivery record when first read. */
export class PublishedRecord implements PublishedMessage {
  readonly messageId: string;
  readonly sequenceNumber: string | undefined;
  readonly message: string;
  readonly subject: string | undefined;
  readonly messageStructure: string | undefined;
  readonly messageAttributes: SnsMessageAttributes;
  readonly messageGroupId: string | undefined;
  readonly messageDeduplicationId: string | undefined;
  readonly publishedAt: number;
  readonly #record: DeliveryRecord;

  constructor(
    messageId: string,
    sequenceNumber: string | undefined,
    entry: PublishEntry,
    messageDeduplicationId: string | undefined,
    publishedAt: number,
    record: DeliveryRecord,
  ) {
    this.#record = record;
    this.messageId = messageId;
    this.sequenceNumber = sequenceNumber;
    this.message = entry.message;
    this.subject = entry.subject;
    this.messageStructure = entry.structure ? 'json' : undefined;
    this.messageAttributes = entry.attributes;
    this.messageGroupId = entry.messageGroupId;
    this.messageDeduplicationId = messageDeduplicationId;
    this.publishedAt = publishedAt;
  }

  get deliveries(): Delivery[] {
    return this.#record.deliveries();
  }

  release(): void {
    this.#record.release();
  }
}

/**
 * What a topic keeps for `published()`: every accepted message, or with createAwsMock's `publishedHistory` only the
 * last `limit` (none for 0).
 */
export class PublishedHistory extends HistoryRing<PublishedMessage> {
  /**
   * A message the topic no longer keeps lets go of its body in its filtered-out records too: a journey's `published`
   * step holds those records (to word their reasons when read), and must not keep the body alive past this bound.
   */
  protected override letGo(message: PublishedMessage): void {
    if (message instanceof PublishedRecord) message.release();
    else for (const delivery of message.deliveries) (delivery as { release?: () => void }).release?.();
  }
}
