import type { MessageAttributeValue } from '../../sqs/md5.js';
import { deliverFromService, type ServiceDeliveryResult } from '../../sqs/external-delivery.js';
import type { SqsBackend } from '../../sqs/sqs-backend.js';
import type { SnsMessageAttributes } from '../publish/attributes.js';
import type { Delivery } from '../published.js';
import type { Subscription } from '../subscription.js';

/** Raw delivery to SQS carries at most 10 attributes; more is a client-side error [D]. */
const MAX_RAW_ATTRIBUTES = 10;

/** What every SQS endpoint of one published message has in common. */
export interface SqsDeliveryContext {
  readonly sqs: SqsBackend;
  readonly senderId: string;
  readonly topicFifo: boolean;
  readonly messageGroupId: string | undefined;
  /** FIFO topics: the given id, or the SHA-256 of the Message. */
  readonly deduplicationId: string | undefined;
  readonly attributes: SnsMessageAttributes;
}

/**
 * Delivers to one `sqs` subscription's queue, as the queue's own rules allow (size, delay, FIFO deduplication).
 * A failure (no such queue, too large for it, too many attributes for raw delivery) sends what the endpoint would
 * have received to the subscription's RedrivePolicy dead-letter queue, and without one the message is dropped
 * (spec §7). AWS retries SQS deliveries first; the emulation gives up at once.
 */
export function deliverToSqs(context: SqsDeliveryContext, subscription: Subscription, body: string): Delivery {
  const base = { subscriptionArn: subscription.arn, protocol: subscription.protocol, endpoint: subscription.endpoint, body };
  const raw = subscription.rawMessageDelivery;
  // With raw delivery SNS attributes become SQS attributes, bytes and all; the envelope carries them otherwise.
  const attributes: Record<string, MessageAttributeValue> = raw ? sqsAttributes(context.attributes) : {};
  const count = Object.keys(attributes).length;
  const result: ServiceDeliveryResult =
    count > MAX_RAW_ATTRIBUTES
      ? { accepted: false, reason: `${count} message attributes, more than raw delivery to SQS carries (${MAX_RAW_ATTRIBUTES})` }
      : sendTo(context, subscription.endpoint, body, attributes);
  if (result.accepted) return { ...base, delivered: true };
  // Whether AWS dead-letters a message refused for having over 10 attributes is not recorded (spec §12.3).
  const deadLetterArn = deadLetterTargetOf(subscription);
  const deadLettered = deadLetterArn !== undefined && sendTo(context, deadLetterArn, body, attributes).accepted;
  return { ...base, delivered: false, failed: true, failure: result.reason, deadLettered };
}

function sendTo(context: SqsDeliveryContext, queueArn: string, body: string, messageAttributes: Record<string, MessageAttributeValue>): ServiceDeliveryResult {
  const queue = context.sqs.findByArn(queueArn);
  if (!queue) return { accepted: false, reason: `the queue ${queueArn} does not exist` };
  // FIFO queues get the topic's group and dedup ids [V]. Standard queues get the MessageGroupId of a standard
  // topic (fair queues [V 2025-08]) and nothing from a FIFO topic [V].
  const messageGroupId = queue.fifo || !context.topicFifo ? context.messageGroupId : undefined;
  const messageDeduplicationId = queue.fifo ? context.deduplicationId : undefined;
  return deliverFromService(
    queue,
    { body, messageAttributes, senderId: context.senderId, messageGroupId, messageDeduplicationId },
    context.sqs.ids,
  );
}

function sqsAttributes(attributes: SnsMessageAttributes): Record<string, MessageAttributeValue> {
  const result: Record<string, MessageAttributeValue> = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    const value: MessageAttributeValue = attribute.BinaryValue
      ? { DataType: attribute.DataType, BinaryValue: new Uint8Array(attribute.BinaryValue) }
      : { DataType: attribute.DataType, StringValue: attribute.StringValue ?? '' };
    Object.defineProperty(result, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

/** The subscription's RedrivePolicy target; the policy was checked when it was set. */
function deadLetterTargetOf(subscription: Subscription): string | undefined {
  const policy = subscription.otherAttributes.get('RedrivePolicy');
  if (!policy) return undefined;
  try {
    const target = (JSON.parse(policy) as { deadLetterTargetArn?: unknown }).deadLetterTargetArn;
    return typeof target === 'string' ? target : undefined;
  } catch {
    return undefined;
  }
}
