import type { SnsMessageAttribute, SnsMessageAttributes } from './attributes.js';
import { javaHashMapOrder } from './java-hash-order.js';
import { jsonString, prettyMember } from './jackson.js';
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
 * The JSON document an endpoint without raw delivery receives (docs/aws-behaviour/sns.md §4), byte for byte as AWS
 * writes it: keys in AWS's order, Subject and MessageAttributes only when there are some, signature fields for standard
 * topics only, pretty-printed the Jackson way (see jackson.ts), attributes in Java HashMap order with Binary values as
 * base64. `message` is what this endpoint's protocol gets (with MessageStructure=json, its own entry).
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
  /**
   * The pieces of `head` and `tail` that come from the request: the Message, Subject and attributes as escaped
   * there. The rest of the envelope is ASCII the emulation writes, so only these can hold a character SQS would
   * refuse to store.
   */
  readonly requestText: readonly string[];
}

export function envelopeParts(notification: Notification, message: string): EnvelopeParts {
  const timestamp = isoTimestamp(notification.timestamp);
  const messageText = jsonString(message);
  const requestText = [messageText];
  // Written straight into text, member by member, in the order and form prettyObject would give the whole object;
  // joined once, into one flat string that every subscription's envelope starts with (no chain of concatenations to
  // flatten when its size is measured).
  // The message id (a UUID), the sequence number (digits), the SignatureVersion (`1` or `2`) and the signature
  // (base64) hold nothing JSON escapes. The topic's ARN is escaped: its region is the client's, which the mock takes
  // as configured.
  const lines = ['{\n  "Type" : "Notification",\n  "MessageId" : "', notification.messageId, '",\n'];
  if (notification.sequenceNumber !== undefined)
    lines.push('  "SequenceNumber" : "', notification.sequenceNumber, '",\n');
  lines.push('  "TopicArn" : ', jsonString(notification.topicArn), ',\n');
  if (notification.subject !== undefined) {
    const subjectText = jsonString(notification.subject);
    requestText.push(subjectText);
    lines.push('  "Subject" : ', subjectText, ',\n');
  }
  lines.push('  "Message" : ', messageText, ',\n  "Timestamp" : "', timestamp, '",\n');
  if (notification.signatureVersion !== undefined) {
    lines.push(
      '  "SignatureVersion" : "',
      notification.signatureVersion,
      '",\n  "Signature" : "',
      notificationSignature(notification, message, notification.signatureVersion),
      '",\n  "SigningCertURL" : ',
      signingCertUrlText(notification.endpointBase),
      ',\n',
    );
  }
  const head = lines.join('');
  // The tail too is joined once, flat, from its pieces.
  const tail: string[] = [];
  pushAttributesMember(tail, requestText, notification.attributes);
  // "the boolean attribute Replayed is added to each replayed message" [D]. That it is a JSON boolean at the
  // envelope's top level, and its place (last), are unverified.
  if (notification.replayed) tail.push(',\n  "Replayed" : true');
  tail.push('\n}');
  return { head, tail: tail.join(''), requestText };
}

/**
 * The Signature of `notification` carrying `message`, signed as SignatureVersion `version` (the topic's): the same
 * for every endpoint that gets that message, whatever form its notification takes (delivery/lambda-endpoint.ts).
 */
export function notificationSignature(notification: Notification, message: string, version: string): string {
  return stubSignature(
    {
      Message: message,
      MessageId: notification.messageId,
      Subject: notification.subject,
      Timestamp: isoTimestamp(notification.timestamp),
      TopicArn: notification.topicArn,
      Type: 'Notification',
    },
    version,
  );
}

/** What a notification shows as an attribute's `Value`: the StringValue as sent, or base64 of the bytes [V]. */
export function attributeValueText({ StringValue, BinaryValue }: SnsMessageAttribute): string {
  return BinaryValue ? Buffer.from(BinaryValue).toString('base64') : (StringValue ?? '');
}

/**
 * The MessageAttributes member, when there are attributes, as prettyObject(…, 1) would write its value: in Java
 * HashMap order, each attribute compact, `{"Type":"<DataType>","Value":"<StringValue, or base64 of BinaryValue>"}`
 * [V]. Its pieces go into `pieces`, and those that come from the request into `requestText`.
 */
function pushAttributesMember(pieces: string[], requestText: string[], attributes: SnsMessageAttributes): void {
  const names = javaHashMapOrder(Object.keys(attributes));
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const attribute = attributes[name]!;
    // A name is letters, digits, `_`, `-` and `.` (attributes.ts): nothing to escape. A DataType may carry a label.
    const dataType = dataTypeText(attribute.DataType);
    const value = jsonString(attributeValueText(attribute));
    requestText.push(name, dataType, value);
    pieces.push(i === 0 ? ',\n  "MessageAttributes" : {\n    "' : ',\n    "', name, '" : {"Type":', dataType);
    pieces.push(',"Value":', value, '}');
  }
  if (names.length > 0) pieces.push('\n  }');
}

/** A DataType as JSON: the three base types, which most attributes have, without a scan. */
function dataTypeText(dataType: string): string {
  switch (dataType) {
    case 'String':
      return '"String"';
    case 'Number':
      return '"Number"';
    case 'Binary':
      return '"Binary"';
    default:
      return jsonString(dataType);
  }
}

/** SigningCertURL as JSON, kept for the last endpoint base: a topic's notifications all share it. */
let lastEndpointBase = '';
let lastSigningCertUrlText = '';

function signingCertUrlText(endpointBase: string): string {
  if (endpointBase !== lastEndpointBase) {
    lastSigningCertUrlText = jsonString(signingCertUrl(endpointBase));
    lastEndpointBase = endpointBase;
  }
  return lastSigningCertUrlText;
}

/** Date#toISOString of the last instant asked for, kept: a batch or a fan-out asks for one instant many times. */
let lastInstant = Number.NaN;
let lastIsoTimestamp = '';

export function isoTimestamp(epochMs: number): string {
  if (epochMs !== lastInstant) {
    lastIsoTimestamp = new Date(epochMs).toISOString();
    lastInstant = epochMs;
  }
  return lastIsoTimestamp;
}

/** The envelope for one subscription: its parts around its own UnsubscribeURL line. */
export function assembleEnvelope(parts: EnvelopeParts, notification: Notification, subscriptionArn: string): string {
  return parts.head + unsubscribeMember(notification, subscriptionArn) + parts.tail;
}

/** The envelope's one subscription-specific line, as it stands between `head` and `tail`. */
export function unsubscribeMember(notification: Notification, subscriptionArn: string): string {
  return prettyMember('UnsubscribeURL', jsonString(unsubscribeUrl(notification, subscriptionArn)));
}

/** The address that ends one subscription, as its notifications carry it. */
export function unsubscribeUrl(notification: Notification, subscriptionArn: string): string {
  return `${notification.endpointBase}/?Action=Unsubscribe&SubscriptionArn=${subscriptionArn}`;
}
