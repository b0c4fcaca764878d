import {
  ConfirmSubscriptionCommand,
  CreateTopicCommand,
  PublishBatchCommand,
  PublishCommand,
  SetSubscriptionAttributesCommand,
  SubscribeCommand,
  type MessageAttributeValue,
  type PublishCommandInput,
  type SNSClient,
} from '@aws-sdk/client-sns';
import { DeleteQueueCommand, type Message, type SQSClient } from '@aws-sdk/client-sqs';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import { notificationEnvelope } from '../../src/services/sns/publish/envelope.js';
import { javaHashMapOrder } from '../../src/services/sns/publish/java-hash-order.js';
import { counts, createQueue, queueArn, receive, receiveOne, T0 } from '../sqs/message-support.js';
import { snsSetup } from './sns-support.js';

const ACCOUNT = '000000000000';
const SNS_SENDER_US_EAST_1 = 'AIDAIT2UOQQY3AUEKVGXU';
const STANDARD_ENVELOPE_KEYS = [
  'Type',
  'MessageId',
  'TopicArn',
  'Message',
  'Timestamp',
  'SignatureVersion',
  'Signature',
  'SigningCertURL',
  'UnsubscribeURL',
];
const ALL = { AttributeNames: ['All'], MessageAttributeNames: ['All'] };

let aws: AwsMock;
let sns: SNSClient;
let sqs: SQSClient;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  ({ aws, sns, sqs } = snsSetup());
});
afterEach(() => vi.useRealTimers());

async function createTopic(Name: string, Attributes?: Record<string, string>): Promise<string> {
  return (await sns.send(new CreateTopicCommand({ Name, Attributes }))).TopicArn!;
}

async function createQueueWithArn(
  name: string,
  attributes?: Record<string, string>,
): Promise<{ url: string; arn: string }> {
  const url = await createQueue(sqs, name, attributes);
  return { url, arn: await queueArn(sqs, url) };
}

async function subscribe(TopicArn: string, Endpoint: string, Attributes?: Record<string, string>): Promise<string> {
  return (
    await sns.send(
      new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint, Attributes, ReturnSubscriptionArn: true }),
    )
  ).SubscriptionArn!;
}

function publish(input: Partial<PublishCommandInput>) {
  return sns.send(new PublishCommand({ Message: 'hello', ...input } as PublishCommandInput));
}

/** A topic `orders` with one queue `q` subscribed (attributes on the subscription as given). */
async function topicWithQueue(subscriptionAttributes?: Record<string, string>) {
  const topicArn = await createTopic('orders');
  const queue = await createQueueWithArn('q');
  const subscriptionArn = await subscribe(topicArn, queue.arn, subscriptionAttributes);
  return { topicArn, queue, subscriptionArn };
}

function bodyOf(message: Message): Record<string, unknown> {
  return JSON.parse(message.Body!) as Record<string, unknown>;
}

describe('the SQS envelope (raw delivery off)', () => {
  it('is AWS’s document, byte for byte: key order, pretty printing, attributes in HashMap order', async () => {
    const { topicArn, queue, subscriptionArn } = await topicWithQueue();
    vi.setSystemTime(T0 + 978);
    const { MessageId } = await publish({
      TopicArn: topicArn,
      Subject: 'Subject',
      Message: 'Test Message with two attributes',
      MessageAttributes: {
        attr1: { DataType: 'Number', StringValue: '99.12' },
        attr2: { DataType: 'Number', StringValue: '109.12' },
      },
    });
    const message = await receiveOne(sqs, queue.url, ALL);
    const signature = bodyOf(message)['Signature'] as string;
    const certUrl = bodyOf(message)['SigningCertURL'] as string;
    expect(message.Body).toBe(
      [
        '{',
        '  "Type" : "Notification",',
        `  "MessageId" : "${MessageId}",`,
        `  "TopicArn" : "${topicArn}",`,
        '  "Subject" : "Subject",',
        '  "Message" : "Test Message with two attributes",',
        '  "Timestamp" : "2025-01-01T00:00:00.978Z",',
        '  "SignatureVersion" : "1",',
        `  "Signature" : "${signature}",`,
        `  "SigningCertURL" : "${certUrl}",`,
        `  "UnsubscribeURL" : "https://sns.us-east-1.amazonaws.com/?Action=Unsubscribe&SubscriptionArn=${subscriptionArn}",`,
        '  "MessageAttributes" : {',
        // AWS lists attr2 before attr1 [V]: Java HashMap order, not the request's.
        '    "attr2" : {"Type":"Number","Value":"109.12"},',
        '    "attr1" : {"Type":"Number","Value":"99.12"}',
        '  }',
        '}',
      ].join('\n'),
    );
    expect(signature).toMatch(/^[A-Za-z0-9+/]{342}==$/);
    expect(certUrl).toMatch(/^https:\/\/sns\.us-east-1\.amazonaws\.com\/SimpleNotificationService-[0-9a-f]{32}\.pem$/);
  });

  it('has only the always-present keys without Subject and attributes, never null or {}', async () => {
    const { topicArn, queue } = await topicWithQueue();
    await publish({ TopicArn: topicArn });
    const message = await receiveOne(sqs, queue.url, ALL);
    expect(Object.keys(bodyOf(message))).toEqual(STANDARD_ENVELOPE_KEYS);
  });

  it('carries the SNS MessageId (not the SQS one), the publish time, and no SQS attributes', async () => {
    const { topicArn, queue } = await topicWithQueue();
    const { MessageId } = await publish({
      TopicArn: topicArn,
      MessageAttributes: { a: { DataType: 'String', StringValue: 'x' } },
    });
    const message = await receiveOne(sqs, queue.url, ALL);
    expect(bodyOf(message)).toMatchObject({
      Type: 'Notification',
      MessageId,
      Timestamp: new Date(T0).toISOString(),
      TopicArn: topicArn,
    });
    expect(message.MessageId).not.toBe(MessageId);
    expect(message.MessageAttributes).toBeUndefined();
    expect(message.Attributes).toMatchObject({ SenderId: SNS_SENDER_US_EAST_1, SentTimestamp: String(T0) });
  });

  it('gives Binary values as base64 and other values exactly as sent', async () => {
    const { topicArn, queue } = await topicWithQueue();
    await publish({
      TopicArn: topicArn,
      MessageAttributes: {
        'binary-attribute': { DataType: 'Binary', BinaryValue: Uint8Array.of(2, 3, 4) },
        'an-attribute-key': { DataType: 'String', StringValue: 'an-attribute-value' },
        num: { DataType: 'Number', StringValue: '99.120' },
        list: { DataType: 'String.Array', StringValue: '["a", 1]' },
      },
    });
    expect(bodyOf(await receiveOne(sqs, queue.url))['MessageAttributes']).toEqual({
      'binary-attribute': { Type: 'Binary', Value: 'AgME' },
      'an-attribute-key': { Type: 'String', Value: 'an-attribute-value' },
      num: { Type: 'Number', Value: '99.120' },
      list: { Type: 'String.Array', Value: '["a", 1]' },
    });
  });

  it('escapes text the way AWS does: quotes, backslashes and control characters; not / or non-ASCII', async () => {
    const { topicArn, queue } = await topicWithQueue();
    const text = 'ö§a1"_!?,. £$- a/b \\ tab\t nl\n cr\r bell\u0007 😀';
    await publish({ TopicArn: topicArn, Message: text });
    const message = await receiveOne(sqs, queue.url);
    expect(message.Body).toContain('"Message" : "ö§a1\\"_!?,. £$- a/b \\\\ tab\\t nl\\n cr\\r bell\\u0007 😀",');
    expect(bodyOf(message)['Message']).toBe(text);
  });

  it('shows SignatureVersion 2 when the topic has it', async () => {
    const topicArn = await createTopic('signed', { SignatureVersion: '2' });
    const queue = await createQueueWithArn('q');
    await subscribe(topicArn, queue.arn);
    await publish({ TopicArn: topicArn });
    expect(bodyOf(await receiveOne(sqs, queue.url))['SignatureVersion']).toBe('2');
  });

  it('has no signature fields and carries the SequenceNumber for a FIFO topic', async () => {
    const topicArn = await createTopic('orders.fifo', { FifoTopic: 'true' });
    const queue = await createQueueWithArn('q.fifo', { FifoQueue: 'true' });
    await subscribe(topicArn, queue.arn);
    const { MessageId, SequenceNumber } = await publish({
      TopicArn: topicArn,
      MessageGroupId: 'g',
      MessageDeduplicationId: 'd',
      Subject: 'S',
    });
    const message = await receiveOne(sqs, queue.url, ALL);
    const body = bodyOf(message);
    expect(Object.keys(body)).toEqual([
      'Type',
      'MessageId',
      'SequenceNumber',
      'TopicArn',
      'Subject',
      'Message',
      'Timestamp',
      'UnsubscribeURL',
    ]);
    expect(body).toMatchObject({ MessageId, SequenceNumber });
    // The queue's own SequenceNumber is another one.
    expect(message.Attributes!['SequenceNumber']).not.toBe(SequenceNumber);
  });
});

describe('the envelope against real AWS deliveries', () => {
  it('reproduces a real FIFO delivery byte for byte (its MD5OfBody as SQS recorded it)', () => {
    const body = notificationEnvelope(
      {
        messageId: '15e69bf2-9993-52d4-9090-c1f2dfd8e0fe',
        sequenceNumber: '10000000000000007000',
        topicArn: 'arn:aws:sns:us-east-1:405595038722:sns-coin-watchlist.fifo',
        subject: undefined,
        timestamp: Date.parse('2021-11-06T08:59:55.767Z'),
        attributes: { coin_id: { DataType: 'String', StringValue: 'bitcoin' } },
        signatureVersion: undefined,
        endpointBase: 'https://sns.us-east-1.amazonaws.com',
      },
      'blah',
      'arn:aws:sns:us-east-1:405595038722:sns-coin-watchlist.fifo:3c9e3974-5251-4ae2-9595-4d74854d5f38',
    );
    expect(createHash('md5').update(body).digest('hex')).toBe('68d887d21700682672af18c70ebd02b0');
  });

  it('orders attributes as the real deliveries list them', () => {
    // Seen from AWS: attr2 before attr1; Command before Prefix; Service, Region, Source. Service and Region share a
    // bucket, where the earlier insertion comes first.
    expect(javaHashMapOrder(['attr1', 'attr2'])).toEqual(['attr2', 'attr1']);
    expect(javaHashMapOrder(['Prefix', 'Command'])).toEqual(['Command', 'Prefix']);
    expect(javaHashMapOrder(['Source', 'Service', 'Region'])).toEqual(['Service', 'Region', 'Source']);
  });
});

describe('raw message delivery', () => {
  it('delivers the bare message with SNS attributes as SQS attributes, bytes and all', async () => {
    const { topicArn, queue } = await topicWithQueue({ RawMessageDelivery: 'true' });
    await publish({
      TopicArn: topicArn,
      Subject: 'dropped',
      Message: 'This is a test message',
      MessageAttributes: {
        store: { DataType: 'Binary', BinaryValue: Uint8Array.of(2, 3, 4) },
        attr1: { DataType: 'Number', StringValue: '99.12' },
      },
    });
    const message = await receiveOne(sqs, queue.url, ALL);
    expect(message.Body).toBe('This is a test message');
    expect(message.MessageAttributes).toEqual({
      store: { DataType: 'Binary', BinaryValue: Uint8Array.of(2, 3, 4) },
      attr1: { DataType: 'Number', StringValue: '99.12' },
    });
    expect(message.Attributes!['SenderId']).toBe(SNS_SENDER_US_EAST_1);
  });

  it('gives the MD5OfMessageAttributes AWS computed for the same attributes', async () => {
    const { topicArn, queue } = await topicWithQueue({ RawMessageDelivery: 'true' });
    await publish({
      TopicArn: topicArn,
      Message: 'one',
      MessageAttributes: { attr1: { DataType: 'Number', StringValue: '19.12' } },
    });
    await publish({
      TopicArn: topicArn,
      Message: 'two',
      MessageAttributes: {
        attr1: { DataType: 'Number', StringValue: '99.12' },
        attr2: { DataType: 'Number', StringValue: '109.12' },
      },
    });
    const messages = await receive(sqs, queue.url, { ...ALL, MaxNumberOfMessages: 10 });
    // Recorded from AWS (the SDK also checks these digests as it receives).
    expect(messages.map((m) => m.MD5OfMessageAttributes)).toEqual([
      '1f07082409022a373fa2a2601f82b3cb',
      '9b720b3af309c1c4b0d395c53b08c502',
    ]);
  });

  it('does not deliver more than ten attributes, and dead-letters the message instead', async () => {
    const { topicArn, queue, subscriptionArn } = await topicWithQueue({ RawMessageDelivery: 'true' });
    const attributes: Record<string, MessageAttributeValue> = {};
    for (let i = 0; i < 11; i++) attributes[`a${i}`] = { DataType: 'String', StringValue: `v${i}` };
    await publish({ TopicArn: topicArn, Message: 'eleven', MessageAttributes: attributes });
    expect(await counts(sqs, queue.url)).toMatchObject({ visible: 0 });
    expect(aws.sns.topic('orders').published()[0]!.deliveries[0]).toMatchObject({
      delivered: false,
      failed: true,
      deadLettered: false,
    });

    // With a dead-letter queue the message goes there (not recorded from AWS, docs/aws-behaviour/sns.md §12.3).
    const dlq = await createQueueWithArn('dlq');
    await sns.send(
      new SetSubscriptionAttributesCommand({
        SubscriptionArn: subscriptionArn,
        AttributeName: 'RedrivePolicy',
        AttributeValue: JSON.stringify({ deadLetterTargetArn: dlq.arn }),
      }),
    );
    await publish({ TopicArn: topicArn, Message: 'eleven', MessageAttributes: attributes });
    expect((await receiveOne(sqs, dlq.url)).Body).toBe('eleven');
    // Ten are delivered.
    delete attributes['a10'];
    await publish({ TopicArn: topicArn, Message: 'ten', MessageAttributes: attributes });
    expect(Object.keys((await receiveOne(sqs, queue.url, ALL)).MessageAttributes!)).toHaveLength(10);
  });
});

describe('MessageStructure=json', () => {
  it('delivers the sqs entry when it is a string, and default otherwise', async () => {
    const { topicArn, queue } = await topicWithQueue();
    await publish({
      TopicArn: topicArn,
      MessageStructure: 'json',
      Message: JSON.stringify({ default: 'default field', sqs: JSON.stringify({ field: 'value' }) }),
    });
    await publish({
      TopicArn: topicArn,
      MessageStructure: 'json',
      Message: JSON.stringify({ default: 'default field', sqs: { field: 'value' } }),
    });
    const messages = await receive(sqs, queue.url, { MaxNumberOfMessages: 10 });
    expect(messages.map((m) => bodyOf(m)['Message'])).toEqual(['{"field":"value"}', 'default field']);
  });

  it('delivers the chosen string as the raw body', async () => {
    const { topicArn, queue } = await topicWithQueue({ RawMessageDelivery: 'true' });
    await publish({
      TopicArn: topicArn,
      MessageStructure: 'json',
      Message: JSON.stringify({ default: 'test default', sqs: 'test sqs' }),
    });
    expect((await receiveOne(sqs, queue.url)).Body).toBe('test sqs');
  });

  it('still carries the message attributes (the docs say it does not; unverified, docs/aws-behaviour/sns.md §12.4)', async () => {
    const { topicArn, queue } = await topicWithQueue();
    await publish({
      TopicArn: topicArn,
      MessageStructure: 'json',
      Message: JSON.stringify({ default: 'd' }),
      MessageAttributes: { a: { DataType: 'String', StringValue: 'x' } },
    });
    expect(bodyOf(await receiveOne(sqs, queue.url))['MessageAttributes']).toEqual({
      a: { Type: 'String', Value: 'x' },
    });
  });
});

describe('the X-Ray trace header of a publisher inside AWS Lambda', () => {
  const TRACE = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';
  beforeEach(() => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'publisher');
    vi.stubEnv('_X_AMZN_TRACE_ID', TRACE);
  });
  afterEach(() => vi.unstubAllEnvs());

  it('reaches the subscribed queues as AWSTraceHeader, enveloped or raw, from Publish and PublishBatch', async () => {
    const topicArn = await createTopic('orders');
    const enveloped = await createQueueWithArn('enveloped');
    const raw = await createQueueWithArn('raw');
    await subscribe(topicArn, enveloped.arn);
    await subscribe(topicArn, raw.arn, { RawMessageDelivery: 'true' });
    await publish({ TopicArn: topicArn });
    await sns.send(
      new PublishBatchCommand({ TopicArn: topicArn, PublishBatchRequestEntries: [{ Id: 'b', Message: 'batched' }] }),
    );
    for (const queue of [enveloped, raw]) {
      const messages = await receive(sqs, queue.url, {
        MaxNumberOfMessages: 10,
        MessageSystemAttributeNames: ['AWSTraceHeader'],
      });
      expect(messages.map((m) => m.Attributes)).toEqual([{ AWSTraceHeader: TRACE }, { AWSTraceHeader: TRACE }]);
    }
  });

  it('is absent outside Lambda', async () => {
    vi.stubEnv('_X_AMZN_TRACE_ID', '');
    const { topicArn, queue } = await topicWithQueue();
    await publish({ TopicArn: topicArn });
    const [message] = await receive(sqs, queue.url, { MessageSystemAttributeNames: ['AWSTraceHeader'] });
    expect(message?.Attributes).toBeUndefined();
  });
});

describe('fan-out', () => {
  it('delivers one message to every subscribed queue and records each delivery', async () => {
    const topicArn = await createTopic('orders');
    const queues = [await createQueueWithArn('a'), await createQueueWithArn('b'), await createQueueWithArn('c')];
    const subscriptionArns: string[] = [];
    for (const queue of queues) subscriptionArns.push(await subscribe(topicArn, queue.arn));
    const { MessageId } = await publish({ TopicArn: topicArn });
    for (const queue of queues) expect(bodyOf(await receiveOne(sqs, queue.url))['MessageId']).toBe(MessageId);
    const [published] = aws.sns.topic('orders').published();
    expect(published!.deliveries.map((d) => [d.subscriptionArn, d.endpoint, d.delivered])).toEqual(
      queues.map((queue, i) => [subscriptionArns[i], queue.arn, true]),
    );
    expect(JSON.parse(published!.deliveries[0]!.body!)).toMatchObject({ MessageId, Message: 'hello' });
  });

  it('skips a subscription whose filter policy leaves the message out, and says so', async () => {
    const topicArn = await createTopic('orders');
    const picky = await createQueueWithArn('picky');
    const open = await createQueueWithArn('open');
    await subscribe(topicArn, picky.arn, { FilterPolicy: JSON.stringify({ color: ['red'] }) });
    await subscribe(topicArn, open.arn);
    await publish({ TopicArn: topicArn, MessageAttributes: { color: { DataType: 'String', StringValue: 'blue' } } });
    await publish({
      TopicArn: topicArn,
      Message: 'red one',
      MessageAttributes: { color: { DataType: 'String', StringValue: 'red' } },
    });
    expect((await receive(sqs, picky.url, { MaxNumberOfMessages: 10 })).map((m) => bodyOf(m)['Message'])).toEqual([
      'red one',
    ]);
    expect(await receive(sqs, open.url, { MaxNumberOfMessages: 10 })).toHaveLength(2);
    const [blue] = aws.sns.topic('orders').published();
    expect(blue!.deliveries.map((d) => ({ delivered: d.delivered, filteredOut: d.filteredOut, body: d.body }))).toEqual(
      [
        { delivered: false, filteredOut: true, body: undefined },
        { delivered: true, filteredOut: undefined, body: expect.any(String) },
      ],
    );
  });

  it('never sends a filtered-out message to the dead-letter queue', async () => {
    const topicArn = await createTopic('orders');
    const dlq = await createQueueWithArn('dlq');
    await subscribe(topicArn, `arn:aws:sqs:us-east-1:${ACCOUNT}:missing`, {
      FilterPolicy: JSON.stringify({ color: ['red'] }),
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn }),
    });
    await publish({ TopicArn: topicArn });
    expect(await counts(sqs, dlq.url)).toMatchObject({ visible: 0 });
  });

  it('wakes a receive that is already waiting on the queue', async () => {
    const { topicArn, queue } = await topicWithQueue();
    const waiting = receive(sqs, queue.url, { WaitTimeSeconds: 20 });
    await vi.advanceTimersByTimeAsync(1000);
    await publish({ TopicArn: topicArn, Message: 'wake up' });
    expect((await waiting).map((m) => bodyOf(m)['Message'])).toEqual(['wake up']);
  });

  it('filters a MessageBody-scope subscription on its own protocol’s string with MessageStructure=json (docs/aws-behaviour/sns.md §5 [I])', async () => {
    const topicArn = await createTopic('orders');
    const queue = await createQueueWithArn('q');
    await subscribe(topicArn, queue.arn, {
      FilterPolicyScope: 'MessageBody',
      FilterPolicy: JSON.stringify({ kind: ['sqs'] }),
    });
    await publish({
      TopicArn: topicArn,
      MessageStructure: 'json',
      Message: JSON.stringify({ default: JSON.stringify({ kind: 'default' }), sqs: JSON.stringify({ kind: 'sqs' }) }),
    });
    expect(bodyOf(await receiveOne(sqs, queue.url))['Message']).toBe('{"kind":"sqs"}');
  });

  it('honours the queue’s delay', async () => {
    const topicArn = await createTopic('orders');
    const queue = await createQueueWithArn('slow', { DelaySeconds: '10' });
    await subscribe(topicArn, queue.arn);
    await publish({ TopicArn: topicArn });
    expect(await counts(sqs, queue.url)).toEqual({ visible: 0, inFlight: 0, delayed: 1 });
    vi.advanceTimersByTime(10_000);
    expect(await receive(sqs, queue.url)).toHaveLength(1);
  });

  it('passes a standard topic’s MessageGroupId on to a standard queue', async () => {
    const { topicArn, queue } = await topicWithQueue();
    await publish({ TopicArn: topicArn, MessageGroupId: 'my-group-id-1' });
    expect((await receiveOne(sqs, queue.url, ALL)).Attributes!['MessageGroupId']).toBe('my-group-id-1');
  });

  it('records deliveries to confirmed non-SQS endpoints without sending them, and nothing for pending ones', async () => {
    const topicArn = await createTopic('orders');
    const pending = (
      await sns.send(
        new SubscribeCommand({
          TopicArn: topicArn,
          Protocol: 'https',
          Endpoint: 'https://example.com/a',
          ReturnSubscriptionArn: true,
        }),
      )
    ).SubscriptionArn!;
    const confirmed = (
      await sns.send(
        new SubscribeCommand({
          TopicArn: topicArn,
          Protocol: 'https',
          Endpoint: 'https://example.com/b',
          ReturnSubscriptionArn: true,
        }),
      )
    ).SubscriptionArn!;
    const token = aws.sns.backend.findSubscription(confirmed)!.confirmationToken;
    await sns.send(new ConfirmSubscriptionCommand({ TopicArn: topicArn, Token: token }));
    await sns.send(new SubscribeCommand({ TopicArn: topicArn, Protocol: 'sms', Endpoint: '+15551234567' }));
    // Out of the SMS sandbox, which keeps SMS from unverified numbers (docs/aws-behaviour/sns.md §13.4).
    aws.sns.leaveSmsSandbox();
    await publish({
      TopicArn: topicArn,
      MessageStructure: 'json',
      Message: JSON.stringify({ default: 'plain', sms: 'short' }),
    });
    const deliveries = aws.sns.topic('orders').published()[0]!.deliveries;
    expect(deliveries.map((d) => d.subscriptionArn)).not.toContain(pending);
    expect(deliveries.map((d) => [d.protocol, d.delivered])).toEqual([
      ['https', true],
      ['sms', true],
    ]);
    expect(JSON.parse(deliveries[0]!.body!)).toMatchObject({ Type: 'Notification', Message: 'plain' });
    expect(deliveries[1]!.body).toBe('short');
  });
});

describe('FIFO topics', () => {
  async function fifoSetup(topicAttributes: Record<string, string> = {}) {
    const topicArn = await createTopic('orders.fifo', { FifoTopic: 'true', ...topicAttributes });
    const queue = await createQueueWithArn('q.fifo', { FifoQueue: 'true' });
    await subscribe(topicArn, queue.arn);
    return { topicArn, queue };
  }

  it('gives a FIFO queue the group and dedup ids, the SHA-256 of the Message with content-based dedup', async () => {
    const { topicArn, queue } = await fifoSetup({ ContentBasedDeduplication: 'true' });
    await publish({ TopicArn: topicArn, Message: 'Test', MessageGroupId: 'message-group-id-1' });
    const message = await receiveOne(sqs, queue.url, ALL);
    expect(message.Attributes).toMatchObject({
      MessageGroupId: 'message-group-id-1',
      // sha256("Test"), as AWS delivered it [V].
      MessageDeduplicationId: '532eaabd9574880dbf76b9b8cc00832c20a6ec113d682299550d7a6e0f345e25',
      SenderId: 'AIDAYRRVD2ENU4DSO2WBX',
    });
  });

  it('passes a given dedup id on', async () => {
    const { topicArn, queue } = await fifoSetup();
    await publish({ TopicArn: topicArn, MessageGroupId: 'g', MessageDeduplicationId: 'message-deduplication-id-1' });
    expect((await receiveOne(sqs, queue.url, ALL)).Attributes!['MessageDeduplicationId']).toBe(
      'message-deduplication-id-1',
    );
  });

  it('keeps the publish order in every queue', async () => {
    const topicArn = await createTopic('orders.fifo', { FifoTopic: 'true', ContentBasedDeduplication: 'true' });
    const queues = [];
    for (const name of ['a.fifo', 'b.fifo']) {
      const queue = await createQueueWithArn(name, { FifoQueue: 'true', ContentBasedDeduplication: 'true' });
      await subscribe(topicArn, queue.arn, { RawMessageDelivery: 'true' });
      queues.push(queue);
    }
    for (let i = 0; i < 10; i++)
      await publish({ TopicArn: topicArn, Message: String(i), MessageGroupId: 'message-group-id-1' });
    for (const queue of queues) {
      const bodies = (await receive(sqs, queue.url, { MaxNumberOfMessages: 10 })).map((m) => m.Body);
      expect(bodies).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    }
  });

  it('gives a standard queue the envelope with SequenceNumber and no FIFO attributes', async () => {
    const topicArn = await createTopic('orders.fifo', { FifoTopic: 'true' });
    const queue = await createQueueWithArn('plain');
    await subscribe(topicArn, queue.arn);
    const { SequenceNumber } = await publish({ TopicArn: topicArn, MessageGroupId: 'g', MessageDeduplicationId: 'd' });
    const message = await receiveOne(sqs, queue.url, ALL);
    expect(bodyOf(message)['SequenceNumber']).toBe(SequenceNumber);
    expect(Object.keys(message.Attributes!).sort()).toEqual([
      'ApproximateFirstReceiveTimestamp',
      'ApproximateReceiveCount',
      'SenderId',
      'SentTimestamp',
    ]);
  });

  it('deduplicates across the whole topic: the original ids, nothing delivered, for five minutes', async () => {
    const topicArn = await createTopic('orders.fifo', { FifoTopic: 'true', ContentBasedDeduplication: 'true' });
    const fifoQueue = await createQueueWithArn('q.fifo', { FifoQueue: 'true' });
    const plainQueue = await createQueueWithArn('plain');
    await subscribe(topicArn, fifoQueue.arn);
    await subscribe(topicArn, plainQueue.arn);
    const first = await publish({ TopicArn: topicArn, Message: 'Test', MessageGroupId: 'message-group-id-1' });
    const again = await publish({ TopicArn: topicArn, Message: 'Test', MessageGroupId: 'message-group-id-2' });
    expect([again.MessageId, again.SequenceNumber]).toEqual([first.MessageId, first.SequenceNumber]);
    expect(await counts(sqs, fifoQueue.url)).toMatchObject({ visible: 1 });
    expect(await counts(sqs, plainQueue.url)).toMatchObject({ visible: 1 });
    expect(aws.sns.topic('orders.fifo').published()).toHaveLength(1);

    vi.advanceTimersByTime(5 * 60_000);
    const later = await publish({ TopicArn: topicArn, Message: 'Test', MessageGroupId: 'message-group-id-1' });
    expect(later.MessageId).not.toBe(first.MessageId);
    expect(BigInt(later.SequenceNumber!)).toBeGreaterThan(BigInt(first.SequenceNumber!));
    expect(await counts(sqs, plainQueue.url)).toMatchObject({ visible: 2 });
  });
});

describe('delivery failure and the subscription DLQ', () => {
  async function deletedQueueSetup(subscriptionAttributes: Record<string, string> = {}) {
    const { topicArn, queue, subscriptionArn } = await topicWithQueue(subscriptionAttributes);
    await sqs.send(new DeleteQueueCommand({ QueueUrl: queue.url }));
    return { topicArn, queue, subscriptionArn };
  }

  async function setRedrivePolicy(subscriptionArn: string, deadLetterTargetArn: string): Promise<void> {
    await sns.send(
      new SetSubscriptionAttributesCommand({
        SubscriptionArn: subscriptionArn,
        AttributeName: 'RedrivePolicy',
        AttributeValue: JSON.stringify({ deadLetterTargetArn }),
      }),
    );
  }

  it('drops the message when the queue is gone and there is no DLQ; the subscription stays', async () => {
    const { topicArn, subscriptionArn } = await deletedQueueSetup();
    await publish({ TopicArn: topicArn, Message: 'lost' });
    expect(aws.sns.topic('orders').published()[0]!.deliveries[0]).toMatchObject({
      subscriptionArn,
      delivered: false,
      failed: true,
      deadLettered: false,
      failure: expect.stringContaining('does not exist'),
    });
    await publish({ TopicArn: topicArn, Message: 'lost again' });
    expect(aws.sns.topic('orders').published()[1]!.deliveries).toHaveLength(1);
  });

  it('sends the envelope the endpoint would have received to the DLQ', async () => {
    const { topicArn, subscriptionArn } = await deletedQueueSetup();
    const dlq = await createQueueWithArn('dlq');
    await setRedrivePolicy(subscriptionArn, dlq.arn);
    const { MessageId } = await publish({ TopicArn: topicArn, Message: 'test_dlq_after_sqs_endpoint_deleted' });
    const body = bodyOf(await receiveOne(sqs, dlq.url));
    expect(body).toMatchObject({ Type: 'Notification', MessageId, Message: 'test_dlq_after_sqs_endpoint_deleted' });
    expect(body['UnsubscribeURL']).toContain(subscriptionArn);
    expect(aws.sns.topic('orders').published()[0]!.deliveries[0]).toMatchObject({
      delivered: false,
      failed: true,
      deadLettered: true,
    });
  });

  it('sends the raw body with its attributes to the DLQ of a raw subscription', async () => {
    const { topicArn, subscriptionArn } = await deletedQueueSetup({ RawMessageDelivery: 'true' });
    const dlq = await createQueueWithArn('dlq');
    await setRedrivePolicy(subscriptionArn, dlq.arn);
    await publish({
      TopicArn: topicArn,
      Message: 'raw',
      MessageAttributes: {
        attr1: { DataType: 'Number', StringValue: '111' },
        attr2: { DataType: 'Binary', BinaryValue: Uint8Array.of(2, 3, 4) },
      },
    });
    const message = await receiveOne(sqs, dlq.url, ALL);
    expect(message.Body).toBe('raw');
    expect(message.MessageAttributes).toEqual({
      attr1: { DataType: 'Number', StringValue: '111' },
      attr2: { DataType: 'Binary', BinaryValue: Uint8Array.of(2, 3, 4) },
    });
  });

  it('gives a FIFO DLQ the original group and dedup ids', async () => {
    const topicArn = await createTopic('orders.fifo', { FifoTopic: 'true' });
    const queue = await createQueueWithArn('q.fifo', { FifoQueue: 'true' });
    const dlq = await createQueueWithArn('dlq.fifo', { FifoQueue: 'true' });
    const subscriptionArn = await subscribe(topicArn, queue.arn);
    await setRedrivePolicy(subscriptionArn, dlq.arn);
    await sqs.send(new DeleteQueueCommand({ QueueUrl: queue.url }));
    await sns.send(
      new PublishBatchCommand({
        TopicArn: topicArn,
        PublishBatchRequestEntries: [1, 2, 3].map((i) => ({
          Id: String(i),
          Message: `m${i}`,
          MessageGroupId: 'complexMessageGroupId',
          MessageDeduplicationId: `MessageDeduplicationId-${i}`,
        })),
      }),
    );
    const messages = await receive(sqs, dlq.url, { ...ALL, MaxNumberOfMessages: 10 });
    expect(
      messages.map((m) => [
        bodyOf(m)['Message'],
        m.Attributes!['MessageGroupId'],
        m.Attributes!['MessageDeduplicationId'],
      ]),
    ).toEqual([
      ['m1', 'complexMessageGroupId', 'MessageDeduplicationId-1'],
      ['m2', 'complexMessageGroupId', 'MessageDeduplicationId-2'],
      ['m3', 'complexMessageGroupId', 'MessageDeduplicationId-3'],
    ]);
  });

  it('treats a message too large for the queue as a failed delivery', async () => {
    const topicArn = await createTopic('orders');
    const small = await createQueueWithArn('small', { MaximumMessageSize: '1024' });
    const dlq = await createQueueWithArn('dlq');
    const subscriptionArn = await subscribe(topicArn, small.arn, { RawMessageDelivery: 'true' });
    await setRedrivePolicy(subscriptionArn, dlq.arn);
    await publish({ TopicArn: topicArn, Message: 'x'.repeat(1024) });
    await publish({ TopicArn: topicArn, Message: 'y'.repeat(1025) });
    expect((await receiveOne(sqs, small.url)).Body).toBe('x'.repeat(1024));
    expect((await receiveOne(sqs, dlq.url)).Body).toBe('y'.repeat(1025));
    expect(aws.sns.topic('orders').published()[1]!.deliveries[0]!.failure).toContain('MaximumMessageSize');
  });

  it("counts a raw delivery's attributes in the queue's MaximumMessageSize, once per message for every queue", async () => {
    const topicArn = await createTopic('orders');
    const first = await createQueueWithArn('first', { MaximumMessageSize: '1024' });
    const second = await createQueueWithArn('second', { MaximumMessageSize: '1024' });
    for (const queue of [first, second]) await subscribe(topicArn, queue.arn, { RawMessageDelivery: 'true' });
    // 1 (name) + 6 (DataType) + 20 (value) bytes of attributes (docs/aws-behaviour/sqs.md §4.7).
    const MessageAttributes = { a: { DataType: 'String', StringValue: 'v'.repeat(20) } };
    await publish({ TopicArn: topicArn, Message: 'x'.repeat(997), MessageAttributes });
    await publish({ TopicArn: topicArn, Message: 'y'.repeat(998), MessageAttributes });
    for (const queue of [first, second]) expect((await receiveOne(sqs, queue.url)).Body).toBe('x'.repeat(997));
    const [fits, over] = aws.sns.topic('orders').published();
    expect(fits!.deliveries.map((d) => d.delivered)).toEqual([true, true]);
    expect(over!.deliveries.map((d) => d.failure)).toEqual([
      expect.stringContaining('1025 bytes'),
      expect.stringContaining('1025 bytes'),
    ]);
  });

  it('lets the FIFO queue deduplicate what SNS sends it', async () => {
    const topicArn = await createTopic('orders.fifo', { FifoTopic: 'true' });
    const queue = await createQueueWithArn('q.fifo', { FifoQueue: 'true' });
    await subscribe(topicArn, queue.arn);
    // Two topics send the same group and dedup id: the queue's own window drops the second.
    const sha = createHash('sha256').update('x').digest('hex');
    await publish({ TopicArn: topicArn, Message: 'x', MessageGroupId: 'g', MessageDeduplicationId: sha });
    const other = await createTopic('other.fifo', { FifoTopic: 'true' });
    await subscribe(other, queue.arn);
    await publish({ TopicArn: other, Message: 'x', MessageGroupId: 'g', MessageDeduplicationId: sha });
    expect(await counts(sqs, queue.url)).toMatchObject({ visible: 1 });
    expect(aws.sns.topic('other.fifo').published()[0]!.deliveries[0]).toMatchObject({ delivered: true });
  });
});
