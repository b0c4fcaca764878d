import { snsDeliveryVerdict } from '../../policies/sns-delivery.js';
import type { MessageAttributeValue } from '../../sqs/md5.js';
import { NO_ATTRIBUTES } from '../../sqs/messages/message.js';
import { deliverFromService, type ServiceDeliveryResult } from '../../sqs/external-delivery.js';
import { hasOnlyValidCharacters, messagePayloadSize, setOwn } from '../../sqs/message-validation.js';
import type { QueueDirectory } from '../../sqs/queue.js';
import type { SnsMessageAttributes } from '../publish/attributes.js';
import { failedDelivery, type Delivery } from '../published.js';
import type { Subscription } from '../subscription.js';
import type { PreparedBody } from './endpoint-body.js';

/** Raw delivery to SQS carries at most 10 attributes; more is a client-side error [D]. */
const MAX_RAW_ATTRIBUTES = 10;

/** What every SQS endpoint of one published message has in common. */
export interface SqsDeliveryContext {
  readonly queues: QueueDirectory;
  /** The publishing topic: the aws:SourceArn its deliveries carry to the queues' policies. */
  readonly topicArn: string;
  /** Whether a queue's Policy must allow each delivery (createAwsMock's `policies: 'enforce'`). */
  readonly enforcePolicies: boolean;
  /** The account's ids, for the messages' SQS MessageIds. */
  readonly ids: { uuid(): string };
  readonly senderId: string;
  readonly topicFifo: boolean;
  readonly messageGroupId: string | undefined;
  /** FIFO topics: the given id, or the SHA-256 of the Message. */
  readonly deduplicationId: string | undefined;
  readonly attributes: SnsMessageAttributes;
  /** The publish request's X-Ray trace header, which SQS deliveries (and replays) carry as AWSTraceHeader. */
  readonly traceHeader: string | undefined;
  /**
   * The message attributes as raw delivery gives them to SQS, made once per message (see `rawDeliveryAttributes`)
   * and shared by every raw subscription's queue: stored attributes are never changed.
   */
  readonly rawAttributes: () => DeliveredAttributes;
}

/** Attributes as an SQS delivery carries them, with what the queue checks of them worked out once. */
export interface DeliveredAttributes {
  readonly values: Readonly<Record<string, MessageAttributeValue>>;
  readonly count: number;
  /** Their part of the message size SQS compares with MaximumMessageSize. */
  readonly bytes: number;
  /** Whether every String value has only characters SQS stores. */
  readonly storable: boolean;
}

/** What an envelope delivery carries: the envelope holds the attributes. */
const ENVELOPED: DeliveredAttributes = { values: NO_ATTRIBUTES, count: 0, bytes: 0, storable: true };

/** `rawAttributes` for a context: the SQS form of `attributes`, computed on first use. */
export function rawDeliveryAttributes(attributes: SnsMessageAttributes): () => DeliveredAttributes {
  let delivered: DeliveredAttributes | undefined;
  return () => {
    if (delivered === undefined) {
      const values = sqsAttributes(attributes);
      delivered = {
        values,
        count: Object.keys(values).length,
        bytes: messagePayloadSize('', values),
        storable: Object.values(values).every(
          (value) => value.StringValue === undefined || hasOnlyValidCharacters(value.StringValue),
        ),
      };
    }
    return delivered;
  };
}

/** A delivery the queue refused; `byPolicy` when its Policy did not allow SNS to send (policies: 'enforce'). */
type Refusal = { readonly accepted: false; readonly reason: string; readonly byPolicy?: true };

/**
 * Delivers to one `sqs` subscription's queue, as the queue's own rules allow (size, delay, FIFO deduplication) and,
 * with createAwsMock's `policies: 'enforce'`, its Policy. A failure (no such queue, not allowed by its policy, too
 * large for it, too many attributes for raw delivery) sends what the endpoint would have received to the
 * subscription's RedrivePolicy dead-letter queue (whose policy must allow it too), and without one the message is
 * dropped (docs/aws-behaviour/sns.md §7, §7.1). AWS retries SQS deliveries first; the emulation gives up at once.
 */
export function deliverToSqs(
  context: SqsDeliveryContext,
  subscription: Subscription,
  prepared: PreparedBody,
): Delivery {
  // With raw delivery SNS attributes become SQS attributes, bytes and all; the envelope carries them otherwise.
  const attributes = subscription.rawMessageDelivery ? context.rawAttributes() : ENVELOPED;
  const count = attributes.count;
  const result: ServiceDeliveryResult | Refusal =
    count > MAX_RAW_ATTRIBUTES
      ? {
          accepted: false,
          reason: `${count} message attributes, more than raw delivery to SQS carries (${MAX_RAW_ATTRIBUTES})`,
        }
      : sendTo(context, subscription.endpoint, prepared, attributes);
  const { arn: subscriptionArn, protocol, endpoint } = subscription;
  const body = prepared.text;
  if (result.accepted)
    return { subscriptionArn, protocol, endpoint, body, delivered: true, queueMessageId: result.messageId };
  // Whether AWS dead-letters a message refused for having over 10 attributes is not recorded (docs/aws-behaviour/sns.md
  // §12.3).
  return failedDelivery(subscription, body, result.reason, {
    ...('byPolicy' in result ? { refusedBy: 'queuePolicy' as const } : {}),
    ...deadLetterOutcome(context, subscription, prepared, attributes),
  });
}

/**
 * What an enveloped endpoint (not raw) would have received, sent to the subscription's RedrivePolicy dead-letter queue
 * after its delivery failed (docs/aws-behaviour/sns.md §7): whether the queue took it, and if not why.
 */
export function deadLetterEnvelope(
  context: SqsDeliveryContext,
  subscription: Subscription,
  prepared: PreparedBody,
): DeadLetterOutcome {
  return deadLetterOutcome(context, subscription, prepared, ENVELOPED);
}

export type DeadLetterOutcome = Pick<Delivery, 'deadLettered' | 'deadLetterFailure'>;

/** The failed delivery's body and attributes to the RedrivePolicy queue, parsed once when the policy was set. */
function deadLetterOutcome(
  context: SqsDeliveryContext,
  subscription: Subscription,
  prepared: PreparedBody,
  attributes: DeliveredAttributes,
): DeadLetterOutcome {
  const deadLetterArn = subscription.redrivePolicy?.deadLetterTargetArn;
  const deadLetter = deadLetterArn === undefined ? undefined : sendTo(context, deadLetterArn, prepared, attributes);
  return {
    deadLettered: deadLetter?.accepted === true,
    ...(deadLetter?.accepted === false ? { deadLetterFailure: deadLetter.reason } : {}),
  };
}

function sendTo(
  context: SqsDeliveryContext,
  queueArn: string,
  prepared: PreparedBody,
  attributes: DeliveredAttributes,
): ServiceDeliveryResult | Refusal {
  const queue = context.queues.findByArn(queueArn);
  if (!queue) return { accepted: false, reason: `the queue ${queueArn} does not exist` };
  if (context.enforcePolicies) {
    const verdict = snsDeliveryVerdict(queue, context.topicArn);
    if (!verdict.allowed) return { accepted: false, reason: verdict.reason, byPolicy: true };
  }
  // FIFO queues get the topic's group and dedup ids [V]. Standard queues get the MessageGroupId of a standard
  // topic (fair queues [V 2025-08]) and nothing from a FIFO topic [V].
  const messageGroupId = queue.fifo || !context.topicFifo ? context.messageGroupId : undefined;
  const messageDeduplicationId = queue.fifo ? context.deduplicationId : undefined;
  return deliverFromService(
    queue,
    {
      body: prepared.text,
      messageAttributes: attributes.values,
      senderId: context.senderId,
      messageGroupId,
      messageDeduplicationId,
      traceHeader: context.traceHeader,
      checked: { storable: prepared.storable && attributes.storable, payloadBytes: prepared.bytes + attributes.bytes },
    },
    context.ids,
  );
}

function sqsAttributes(attributes: SnsMessageAttributes): Record<string, MessageAttributeValue> {
  const result: Record<string, MessageAttributeValue> = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    const value: MessageAttributeValue = attribute.BinaryValue
      ? { DataType: attribute.DataType, BinaryValue: new Uint8Array(attribute.BinaryValue) }
      : { DataType: attribute.DataType, StringValue: attribute.StringValue ?? '' };
    setOwn(result, name, value);
  }
  return result;
}
