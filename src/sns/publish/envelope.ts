import type { SnsMessageAttributes } from './attributes.js';
import { javaHashMapOrder } from './java-hash-order.js';
import { compactObject, jsonString, prettyMember, prettyObject } from './jackson.js';
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
  return assembleEnvelope(envelopeParts(notification, message), notification, subscriptionArn);
}

/**
 * A notification's envelope without its one subscription-specific member, UnsubscribeURL: the text before that
 * member's line and the text after it. Everything in them (the signature too) is the same for every subscription.
 */
export interface EnvelopeParts {
  readonly head: string;
  readonly tail: string;
}

export function envelopeParts(notification: Notification, message: string): EnvelopeParts {
  const timestamp = new Date(notification.timestamp).toISOString();
  // Written straight into text, member by member, in the order and form prettyObject would give the whole object.
  let head = `{\n${member('Type', '"Notification"')},\n${member('MessageId', jsonString(notification.messageId))},\n`;
  if (notification.sequenceNumber !== undefined) head += `${member('SequenceNumber', jsonString(notification.sequenceNumber))},\n`;
  head += `${member('TopicArn', jsonString(notification.topicArn))},\n`;
  if (notification.subject !== undefined) head += `${member('Subject', jsonString(notification.subject))},\n`;
  head += `${member('Message', jsonString(message))},\n${member('Timestamp', jsonString(timestamp))},\n`;
  if (notification.signatureVersion !== undefined) {
    const signed = {
      Message: message,
      MessageId: notification.messageId,
      Subject: notification.subject,
      Timestamp: timestamp,
      TopicArn: notification.topicArn,
      Type: 'Notification' as const,
    };
    head +=
      `${member('SignatureVersion', jsonString(notification.signatureVersion))},\n` +
      `${member('Signature', jsonString(stubSignature(signed, notification.signatureVersion)))},\n` +
      `${member('SigningCertURL', jsonString(signingCertUrl(notification.endpointBase)))},\n`;
  }
  let tail = '';
  const names = javaHashMapOrder(Object.keys(notification.attributes));
  if (names.length > 0) {
    const attributes = prettyObject(names.map((name) => [name, envelopeAttribute(notification, name)]), 1);
    tail += `,\n${member('MessageAttributes', attributes)}`;
  }
  // "the boolean attribute Replayed is added to each replayed message" [D]. That it is a JSON boolean at the
  // envelope's top level, and its place (last), are unverified.
  if (notification.replayed) tail += `,\n${member('Replayed', 'true')}`;
  return { head, tail: `${tail}\n}` };
}

/** A top-level member line, for the envelope's own names (which need no escaping): as prettyMember writes it. */
function member(name: string, value: string): string {
  return `  "${name}" : ${value}`;
}

/** The envelope for one subscription: its parts around its own UnsubscribeURL line. */
export function assembleEnvelope(parts: EnvelopeParts, notification: Notification, subscriptionArn: string): string {
  return parts.head + unsubscribeMember(notification, subscriptionArn) + parts.tail;
}

/** The envelope's one subscription-specific line, as it stands between `head` and `tail`. */
export function unsubscribeMember(notification: Notification, subscriptionArn: string): string {
  return prettyMember('UnsubscribeURL', jsonString(`${notification.endpointBase}/?Action=Unsubscribe&SubscriptionArn=${subscriptionArn}`));
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
