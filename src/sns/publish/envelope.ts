import type { SnsMessageAttributes } from './attributes.js';
import { javaHashMapOrder } from './java-hash-order.js';
import { compactObject, jsonString, prettyObject } from './jackson.js';
import { signingCertUrl, stubSignature } from './signature.js';

/** One published message as every subscription's envelope shows it. */
export interface Notification {
  readonly messageId: string;
  /** FIFO topics only. */
  readonly sequenceNumber: string | undefined;
  readonly topicArn: string;
  readonly subject: string | undefined;
  /** Epoch ms: the moment of the Publish, on the mock's clock. */
  readonly timestamp: number;
  readonly attributes: SnsMessageAttributes;
  /** The topic's SignatureVersion ("1" unless set); undefined for FIFO topics, which are not signed [V]. */
  readonly signatureVersion: string | undefined;
  /** `https://sns.{region}.amazonaws.com`, the base of SigningCertURL and UnsubscribeURL. */
  readonly endpointBase: string;
  /** Delivered again from a FIFO topic's archive (delivery/replay.ts). */
  readonly replayed?: boolean;
}

export function snsEndpointBase(region: string): string {
  return `https://sns.${region}.amazonaws.com${region.startsWith('cn-') ? '.cn' : ''}`;
}

/**
 * The JSON document an endpoint without raw delivery receives (spec §4), byte for byte as AWS writes it: keys in
 * AWS's order, Subject and MessageAttributes only when there are some, signature fields for standard topics only,
 * pretty-printed the Jackson way (see jackson.ts), attributes in Java HashMap order with Binary values as base64.
 * `message` is what this endpoint's protocol gets (with MessageStructure=json, its own entry).
 */
export function notificationEnvelope(notification: Notification, message: string, subscriptionArn: string): string {
  const timestamp = new Date(notification.timestamp).toISOString();
  const fields: Array<readonly [string, string]> = [
    ['Type', jsonString('Notification')],
    ['MessageId', jsonString(notification.messageId)],
  ];
  if (notification.sequenceNumber !== undefined) fields.push(['SequenceNumber', jsonString(notification.sequenceNumber)]);
  fields.push(['TopicArn', jsonString(notification.topicArn)]);
  if (notification.subject !== undefined) fields.push(['Subject', jsonString(notification.subject)]);
  fields.push(['Message', jsonString(message)], ['Timestamp', jsonString(timestamp)]);
  if (notification.signatureVersion !== undefined) {
    const signed = {
      Message: message,
      MessageId: notification.messageId,
      Subject: notification.subject,
      Timestamp: timestamp,
      TopicArn: notification.topicArn,
      Type: 'Notification' as const,
    };
    fields.push(
      ['SignatureVersion', jsonString(notification.signatureVersion)],
      ['Signature', jsonString(stubSignature(signed, notification.signatureVersion))],
      ['SigningCertURL', jsonString(signingCertUrl(notification.endpointBase))],
    );
  }
  fields.push(['UnsubscribeURL', jsonString(`${notification.endpointBase}/?Action=Unsubscribe&SubscriptionArn=${subscriptionArn}`)]);
  const names = javaHashMapOrder(Object.keys(notification.attributes));
  if (names.length > 0) fields.push(['MessageAttributes', prettyObject(names.map((name) => [name, envelopeAttribute(notification, name)]), 1)]);
  // "the boolean attribute Replayed is added to each replayed message" [D]. That it is a JSON boolean at the
  // envelope's top level, and its place (last), are unverified.
  if (notification.replayed) fields.push(['Replayed', 'true']);
  return prettyObject(fields);
}

/** `{"Type":"<DataType>","Value":"<StringValue, or base64 of BinaryValue>"}` [V]. */
function envelopeAttribute(notification: Notification, name: string): string {
  const attribute = notification.attributes[name]!;
  const value = attribute.BinaryValue ? Buffer.from(attribute.BinaryValue).toString('base64') : (attribute.StringValue ?? '');
  return compactObject([
    ['Type', attribute.DataType],
    ['Value', value],
  ]);
}
