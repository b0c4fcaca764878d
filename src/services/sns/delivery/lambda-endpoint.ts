import { NO_ATTRIBUTES, setOwn } from '../../../core/messages/attribute-rules.js';
import { javaHashMapOrder } from '../publish/java-hash-order.js';
import {
  attributeValueText,
  isoTimestamp,
  notificationSignature,
  unsubscribeUrl,
  type Notification,
} from '../publish/envelope.js';
import { signingCertUrl } from '../publish/signature.js';
import type { SnsMessageAttributes } from '../publish/attributes.js';
import { failedDelivery, type Delivery } from '../published.js';
import type { Subscription } from '../subscription.js';
import type { EndpointBodies } from './endpoint-body.js';
import type { DeliveryContext } from './context.js';
import { deadLetterEnvelope } from './sqs-endpoint.js';

/** The `SNSEvent` a function receives (docs/aws-behaviour/lambda.md §3.2): PascalCase throughout, one record. */
export interface SnsLambdaEvent {
  readonly Records: readonly [SnsLambdaRecord];
}

export interface SnsLambdaRecord {
  readonly EventSource: 'aws:sns';
  readonly EventVersion: '1.0';
  readonly EventSubscriptionArn: string;
  readonly Sns: {
    readonly Type: 'Notification';
    readonly MessageId: string;
    readonly TopicArn: string;
    /** null, not absent, without a subject (lambda.md §3.2). */
    readonly Subject: string | null;
    readonly Message: string;
    readonly Timestamp: string;
    /** Always "1", whatever the topic's SignatureVersion (lambda.md §3.2). */
    readonly SignatureVersion: '1';
    readonly Signature: string;
    readonly SigningCertUrl: string;
    readonly UnsubscribeUrl: string;
    /** `{}` without attributes (lambda.md §3.2). */
    readonly MessageAttributes: Readonly<Record<string, { readonly Type: string; readonly Value: string }>>;
  };
}

/**
 * The event of one notification for one `lambda` subscription. Its ids, Timestamp and Signature are those of the
 * envelope every other endpoint of the message gets (envelope.ts); only the casing of SigningCertUrl and
 * UnsubscribeUrl, `Subject: null`, `MessageAttributes: {}` and the fixed SignatureVersion differ (lambda.md §3.3).
 * The signature is made as the topic's SignatureVersion says, as AWS signs a v2 topic's events with SHA256 (§3.2).
 */
export function snsLambdaEvent(notification: Notification, message: string, subscriptionArn: string): SnsLambdaEvent {
  return {
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: subscriptionArn,
        Sns: {
          Type: 'Notification',
          MessageId: notification.messageId,
          TopicArn: notification.topicArn,
          Subject: notification.subject ?? null,
          Message: message,
          Timestamp: isoTimestamp(notification.timestamp),
          SignatureVersion: '1',
          Signature: notificationSignature(notification, message, notification.signatureVersion ?? '1'),
          SigningCertUrl: signingCertUrl(notification.endpointBase),
          UnsubscribeUrl: unsubscribeUrl(notification, subscriptionArn),
          MessageAttributes: lambdaAttributes(notification.attributes),
        },
      },
    ],
  };
}

/** `{ name: { Type, Value } }`, Binary values as base64 (lambda.md §3.4), in the envelope's order. */
function lambdaAttributes(attributes: SnsMessageAttributes): SnsLambdaRecord['Sns']['MessageAttributes'] {
  const result: Record<string, { Type: string; Value: string }> = {};
  for (const name of javaHashMapOrder(Object.keys(attributes))) {
    const attribute = attributes[name]!;
    setOwn(result, name, { Type: attribute.DataType, Value: attributeValueText(attribute) });
  }
  return result;
}

/**
 * Hands one message to a `lambda` subscription's function, through the account's delivery seam: Lambda queues it for
 * an asynchronous invocation. Delivered once Lambda took the event: retries of a failing handler are Lambda's
 * business from then on (lambda.md §3.5, §4). When SNS cannot hand it over (the function was deleted, or never
 * existed), the envelope in SQS casing goes to the subscription's RedrivePolicy dead-letter queue, and without one the
 * message is dropped (lambda.md §3.5, docs/aws-behaviour/sns.md §7). AWS retries such deliveries for days first; the
 * emulation gives up at once, as it does for SQS endpoints.
 */
export function deliverToLambda(
  context: DeliveryContext,
  subscription: Subscription,
  bodies: EndpointBodies,
  message: string,
): Delivery {
  const { arn: subscriptionArn, protocol, endpoint } = subscription;
  const body = JSON.stringify(snsLambdaEvent(bodies.notification, message, subscriptionArn));
  const result = context.deliver(endpoint, {
    body,
    attributes: NO_ATTRIBUTES,
    sender: context.sender,
    via: subscriptionArn,
    traceHeader: context.traceHeader,
  });
  if (result.accepted) {
    return { subscriptionArn, protocol, endpoint, body, delivered: true, requestId: result.messageId! };
  }
  const deadLetter = deadLetterEnvelope(context, subscription, bodies.prepared(subscription, message));
  return failedDelivery(subscription, body, result.reason, deadLetter);
}
