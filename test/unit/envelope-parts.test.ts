import { describe, expect, it } from 'vitest';
import { EndpointBodies } from '../../src/services/sns/delivery/endpoint-body.js';
import { notificationEnvelope, type Notification } from '../../src/services/sns/publish/envelope.js';
import { jsonString, prettyObject } from '../../src/services/sns/publish/jackson.js';
import { javaHashMapOrder } from '../../src/services/sns/publish/java-hash-order.js';
import { signingCertUrl, stubSignature } from '../../src/services/sns/publish/signature.js';
import type { Subscription } from '../../src/services/sns/subscription.js';

/** The envelope as one prettyObject of every member, the way it was written before it was cut in parts. */
function reference(notification: Notification, message: string, subscriptionArn: string): string {
  const timestamp = new Date(notification.timestamp).toISOString();
  const fields: [string, string][] = [
    ['Type', jsonString('Notification')],
    ['MessageId', jsonString(notification.messageId)],
  ];
  if (notification.sequenceNumber !== undefined)
    fields.push(['SequenceNumber', jsonString(notification.sequenceNumber)]);
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
  fields.push([
    'UnsubscribeURL',
    jsonString(`${notification.endpointBase}/?Action=Unsubscribe&SubscriptionArn=${subscriptionArn}`),
  ]);
  const names = javaHashMapOrder(Object.keys(notification.attributes));
  if (names.length > 0) {
    const attribute = (name: string) => {
      const a = notification.attributes[name]!;
      const value = a.BinaryValue ? Buffer.from(a.BinaryValue).toString('base64') : (a.StringValue ?? '');
      return `{${jsonString('Type')}:${jsonString(a.DataType)},${jsonString('Value')}:${jsonString(value)}}`;
    };
    fields.push([
      'MessageAttributes',
      prettyObject(
        names.map((name) => [name, attribute(name)]),
        1,
      ),
    ]);
  }
  if (notification.replayed) fields.push(['Replayed', 'true']);
  return prettyObject(fields);
}

const base: Notification = {
  messageId: '6f0c6c8e-1b55-4c4e-9d7e-0d1f0c7a1c11',
  sequenceNumber: undefined,
  topicArn: 'arn:aws:sns:us-east-1:000000000000:orders',
  subject: undefined,
  timestamp: 1_700_000_000_123,
  attributes: {},
  signatureVersion: '1',
  endpointBase: 'https://sns.us-east-1.amazonaws.com',
};

const variants: [string, Notification][] = [
  ['a plain standard-topic notification', base],
  [
    'a subject and attributes',
    {
      ...base,
      subject: 'Hi "there"\n',
      attributes: {
        b: { DataType: 'String', StringValue: 'x' },
        a: { DataType: 'Binary', BinaryValue: Uint8Array.of(1, 2) },
      },
    },
  ],
  [
    'a FIFO topic (sequence number, no signature) replaying',
    { ...base, sequenceNumber: '10000000000000000001', signatureVersion: undefined, replayed: true },
  ],
];

describe('envelopes written in parts', () => {
  it.each(variants)('are byte for byte the whole envelope: %s', (_name, notification) => {
    for (const message of ['{"orderId":7}', 'tab\there "quoted" \\ \u0001 ü 😀']) {
      const arn = `${notification.topicArn}:0b1c2d3e-0000-4000-8000-000000000000`;
      expect(notificationEnvelope(notification, message, arn)).toBe(reference(notification, message, arn));
      const bodies = new EndpointBodies(notification);
      const subscription = { arn, protocol: 'sqs', rawMessageDelivery: false } as Subscription;
      const prepared = bodies.prepared(subscription, message);
      expect(prepared.text).toBe(reference(notification, message, arn));
      expect(bodies.body(subscription, message)).toBe(prepared.text);
      expect(prepared.payloadBytes).toBe(Buffer.byteLength(prepared.text, 'utf8'));
      expect(prepared.storable).toBe(true);
    }
  });

  it('know a body SQS would not store, in the envelope or raw', () => {
    const bodies = new EndpointBodies(base);
    const message = 'lone \ud800 surrogate';
    const enveloped = { arn: `${base.topicArn}:s1`, protocol: 'sqs', rawMessageDelivery: false } as Subscription;
    const raw = { arn: `${base.topicArn}:s2`, protocol: 'sqs', rawMessageDelivery: true } as Subscription;
    expect(bodies.prepared(enveloped, message).storable).toBe(false);
    expect(bodies.prepared(raw, message)).toMatchObject({
      text: message,
      payloadBytes: Buffer.byteLength(message, 'utf8'),
      storable: false,
      bodyStart: undefined,
    });
    // A control character is escaped in the envelope (storable there) but not in a raw delivery.
    expect(bodies.prepared(enveloped, 'bell \u0007').storable).toBe(true);
    expect(bodies.prepared(raw, 'bell \u0007').storable).toBe(false);
  });

  it('look for characters SQS refuses in the subject and the attributes too', () => {
    const enveloped = { arn: `${base.topicArn}:s1`, protocol: 'sqs', rawMessageDelivery: false } as Subscription;
    const storable = (notification: Notification): boolean =>
      new EndpointBodies(notification).prepared(enveloped, 'fine').storable;
    expect(storable({ ...base, subject: 'lone \udc00' })).toBe(false);
    expect(storable({ ...base, subject: 'bell \u0007' })).toBe(true);
    expect(storable({ ...base, attributes: { a: { DataType: 'String', StringValue: 'x\ufffe' } } })).toBe(false);
    expect(storable({ ...base, attributes: { 'n\ud800': { DataType: 'String', StringValue: 'x' } } })).toBe(false);
    expect(storable({ ...base, attributes: { a: { DataType: 'String', StringValue: 'tab\t😀' } } })).toBe(true);
  });
});
