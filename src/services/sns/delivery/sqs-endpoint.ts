import type { DeliveryResult } from '../../../core/delivery.js';
import { NO_ATTRIBUTES } from '../../../core/messages/attribute-rules.js';
import { failedDelivery, type Delivery } from '../published.js';
import type { Subscription } from '../subscription.js';
import type { DeliveredAttributes, DeliveryContext } from './context.js';
import type { PreparedBody } from './endpoint-body.js';
import { QueueTaken } from './queue-taken.js';

/** Raw delivery to SQS carries at most 10 attributes; more is a client-side error [D]. */
const MAX_RAW_ATTRIBUTES = 10;

/** What an envelope delivery carries: the envelope holds the attributes. */
const ENVELOPED: DeliveredAttributes = { values: NO_ATTRIBUTES, count: 0, bytes: 0, storable: true };

/**
 * Delivers to one `sqs` subscription's queue through the account's delivery seam, as the queue's own rules allow
 * (size, delay, FIFO deduplication) and, with createAwsMock's `policies: 'enforce'`, its Policy. A failure (no such
 * queue, not allowed by its policy, too large for it, too many attributes for raw delivery) sends what the endpoint
 * would have received to the subscription's RedrivePolicy dead-letter queue (whose policy must allow it too), and
 * without one the message is dropped (docs/aws-behaviour/sns.md §7, §7.1). AWS retries SQS deliveries first; the
 * emulation gives up at once.
 */
export function deliverToSqs(context: DeliveryContext, subscription: Subscription, prepared: PreparedBody): Delivery {
  // With raw delivery SNS attributes become SQS attributes, bytes and all; the envelope carries them otherwise.
  const attributes = subscription.rawMessageDelivery ? context.rawAttributes() : ENVELOPED;
  const count = attributes.count;
  const result: DeliveryResult =
    count > MAX_RAW_ATTRIBUTES
      ? {
          accepted: false,
          reason: `${count} message attributes, more than raw delivery to SQS carries (${MAX_RAW_ATTRIBUTES})`,
        }
      : sendTo(context, subscription.endpoint, prepared, attributes);
  const { arn: subscriptionArn, protocol, endpoint } = subscription;
  // The body is made again when the record is read (queue-taken.ts): the record does not hold the envelope.
  if (result.accepted)
    return new QueueTaken(subscriptionArn, protocol, endpoint, result.messageId, subscription.rawMessageDelivery);
  // Whether AWS dead-letters a message refused for having over 10 attributes is not recorded (docs/aws-behaviour/sns.md
  // §12.3).
  return failedDelivery(subscription, prepared.text, result.reason, {
    ...(result.byPolicy ? { refusedBy: 'queuePolicy' as const } : {}),
    ...deadLetterOutcome(context, subscription, prepared, attributes),
  });
}

/**
 * What an enveloped endpoint (not raw) would have received, sent to the subscription's RedrivePolicy dead-letter queue
 * after its delivery failed (docs/aws-behaviour/sns.md §7): whether the queue took it, and if not why.
 */
export function deadLetterEnvelope(
  context: DeliveryContext,
  subscription: Subscription,
  prepared: PreparedBody,
): DeadLetterOutcome {
  return deadLetterOutcome(context, subscription, prepared, ENVELOPED);
}

export type DeadLetterOutcome = Pick<Delivery, 'deadLettered' | 'deadLetterMessageId' | 'deadLetterFailure'>;

/** The failed delivery's body and attributes to the RedrivePolicy queue, parsed once when the policy was set. */
function deadLetterOutcome(
  context: DeliveryContext,
  subscription: Subscription,
  prepared: PreparedBody,
  attributes: DeliveredAttributes,
): DeadLetterOutcome {
  const deadLetterArn = subscription.redrivePolicy?.deadLetterTargetArn;
  const deadLetter = deadLetterArn === undefined ? undefined : sendTo(context, deadLetterArn, prepared, attributes);
  return {
    deadLettered: deadLetter?.accepted === true,
    ...(deadLetter?.accepted === true && deadLetter.messageId !== undefined
      ? { deadLetterMessageId: deadLetter.messageId }
      : {}),
    ...(deadLetter?.accepted === false ? { deadLetterFailure: deadLetter.reason } : {}),
  };
}

/** One body into one queue, through the seam, with the sizes and checks worked out once for the message. */
function sendTo(
  context: DeliveryContext,
  queueArn: string,
  prepared: PreparedBody,
  attributes: DeliveredAttributes,
): DeliveryResult {
  return context.deliver(queueArn, {
    body: prepared.text,
    attributes: attributes.values,
    sender: context.sender,
    // FIFO queues get the topic's group and dedup ids [V]. Standard queues get the MessageGroupId of a standard
    // topic (fair queues [V 2025-08]) and nothing from a FIFO topic [V]; only a FIFO queue's name, so its ARN, ends
    // in `.fifo` (docs/aws-behaviour/sqs.md §2). A standard queue ignores a deduplication id.
    messageGroupId: context.topicFifo && !queueArn.endsWith('.fifo') ? undefined : context.messageGroupId,
    deduplicationId: context.deduplicationId,
    traceHeader: context.traceHeader,
    measured: prepared.with(attributes),
  });
}
