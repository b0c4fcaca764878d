import type { Deliver, DeliverySender } from '../../../core/delivery.js';
import { SNS_PRINCIPAL } from '../../../core/policies/sns-delivery.js';
import type { MessageAttributeValue } from '../../../core/messages/md5.js';
import { hasOnlyValidCharacters, messagePayloadSize, setOwn } from '../../../core/messages/attribute-rules.js';
import { topicRegion } from '../arn.js';
import type { SnsMessageAttributes } from '../publish/attributes.js';
import { snsSenderId } from '../publish/sender-id.js';
import type { MobilePush } from '../mobile/mobile-push.js';
import type { SmsAccount } from '../sms/sms-account.js';

/**
 * What every endpoint of one published message has in common: the account's delivery seam, SNS as the sender, and
 * the message's ids, attributes and trace header. Built once per message (publisher.ts), and the same way for a
 * replay (replay.ts) from what the archive kept.
 */
export interface DeliveryContext {
  /** The account's delivery seam (src/core/delivery.ts), which picks the queue's or the function's port by ARN. */
  readonly deliver: Deliver;
  /** sns.amazonaws.com from the publishing topic (the queues' policies' aws:SourceArn), with its SenderId. */
  readonly sender: DeliverySender;
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
  /** Where `sms` subscriptions' texts are recorded, and the numbers' opt-outs and sandbox read (handsets.ts). */
  readonly sms: SmsAccount;
  /** The platform endpoints `application` subscriptions push to (handsets.ts). */
  readonly mobile: MobilePush;
  /** The topic's DisplayName, which its SMS start with (docs/aws-behaviour/sns.md §13.5); undefined when unset. */
  readonly displayName: string | undefined;
}

/** SNS delivering a message of the topic: as its service principal, so that the target's policy decides. */
export function snsSender(topicArn: string, topicFifo: boolean): DeliverySender {
  return {
    principal: SNS_PRINCIPAL,
    authority: 'resourcePolicy',
    sourceArn: topicArn,
    senderId: snsSenderId(topicRegion(topicArn), topicFifo),
  };
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

function sqsAttributes(attributes: SnsMessageAttributes): Record<string, MessageAttributeValue> {
  const result: Record<string, MessageAttributeValue> = {};
  for (const name of Object.keys(attributes)) {
    const attribute = attributes[name]!;
    const value: MessageAttributeValue = attribute.BinaryValue
      ? { DataType: attribute.DataType, BinaryValue: new Uint8Array(attribute.BinaryValue) }
      : { DataType: attribute.DataType, StringValue: attribute.StringValue ?? '' };
    setOwn(result, name, value);
  }
  return result;
}
