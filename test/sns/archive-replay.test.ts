import {
  ConfirmSubscriptionCommand,
  CreateTopicCommand,
  DeleteTopicCommand,
  GetSubscriptionAttributesCommand,
  GetTopicAttributesCommand,
  InvalidParameterException,
  PublishBatchCommand,
  PublishCommand,
  SetSubscriptionAttributesCommand,
  SetTopicAttributesCommand,
  SubscribeCommand,
  type MessageAttributeValue,
  type SNSClient,
} from '@aws-sdk/client-sns';
import { DeleteMessageCommand, type Message, type SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import { rejectionOf } from '../helpers.js';
import { InvalidStateException } from '../sdk-features.js'; // the SDK's class, or SNSServiceException before 3.437.0
import { createQueue, queueArn, receive, T0 } from '../sqs/message-support.js';
import { expectInvalidParameter, snsSetup } from './sns-support.js';

/**
 * FIFO topic archive (ArchivePolicy) and subscription replay (ReplayPolicy), per the AWS Developer Guide pages
 * "Amazon SNS message archiving for FIFO topic owners" and "Amazon SNS message replay for FIFO topic subscribers".
 * Error texts for ReplayPolicy are the emulation's own (see src/services/sns/replay-policy.ts).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ALL = { AttributeNames: ['All'], MessageAttributeNames: ['All'], MaxNumberOfMessages: 10 };

let aws: AwsMock;
let sns: SNSClient;
let sqs: SQSClient;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  ({ aws, sns, sqs } = snsSetup());
});
afterEach(() => vi.useRealTimers());

const iso = (ms: number): string => new Date(ms).toISOString();

async function createTopic(Name: string, Attributes: Record<string, string>): Promise<string> {
  return (await sns.send(new CreateTopicCommand({ Name, Attributes }))).TopicArn!;
}

/** A FIFO topic with content-based deduplication, archiving for `days` days. */
function archivingTopic(days = '7', name = 'orders.fifo'): Promise<string> {
  return createTopic(name, {
    FifoTopic: 'true',
    ContentBasedDeduplication: 'true',
    ArchivePolicy: JSON.stringify({ MessageRetentionPeriod: days }),
  });
}

/** A FIFO queue that keeps messages 14 days, so days of mock time do not empty it. */
async function fifoQueue(name = 'q.fifo'): Promise<{ url: string; arn: string }> {
  const url = await createQueue(sqs, name, { FifoQueue: 'true', MessageRetentionPeriod: '1209600' });
  return { url, arn: await queueArn(sqs, url) };
}

async function subscribe(TopicArn: string, Endpoint: string, Attributes?: Record<string, string>): Promise<string> {
  return (
    await sns.send(
      new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint, Attributes, ReturnSubscriptionArn: true }),
    )
  ).SubscriptionArn!;
}

async function publish(TopicArn: string, Message: string, MessageAttributes?: Record<string, MessageAttributeValue>) {
  return sns.send(new PublishCommand({ TopicArn, Message, MessageGroupId: 'g', MessageAttributes }));
}

function replayPolicy(start: number, end?: number): string {
  return JSON.stringify({
    PointType: 'Timestamp',
    StartingPoint: iso(start),
    ...(end !== undefined ? { EndingPoint: iso(end) } : {}),
  });
}

function setReplay(SubscriptionArn: string, AttributeValue: string) {
  return sns.send(
    new SetSubscriptionAttributesCommand({ SubscriptionArn, AttributeName: 'ReplayPolicy', AttributeValue }),
  );
}

async function subscriptionAttributes(SubscriptionArn: string): Promise<Record<string, string>> {
  return (await sns.send(new GetSubscriptionAttributesCommand({ SubscriptionArn }))).Attributes!;
}

function envelope(message: Message): Record<string, unknown> {
  return JSON.parse(message.Body!) as Record<string, unknown>;
}

/**
 * Receives what the queue holds and deletes it, so the next look sees only what arrived since (a FIFO queue holds
 * back a group while one of its messages is in flight).
 */
async function drain(url: string): Promise<Message[]> {
  const messages = await receive(sqs, url, ALL);
  for (const { ReceiptHandle } of messages) await sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle }));
  return messages;
}

/** The Message of each envelope drained, in order. */
async function receivedMessages(url: string): Promise<string[]> {
  return (await drain(url)).map((message) => envelope(message)['Message'] as string);
}

/** Publishes `messages` one hour apart, the first at the current time; returns their Publish answers. */
async function publishHourly(topicArn: string, ...messages: string[]) {
  const answers = [];
  for (const [i, message] of messages.entries()) {
    if (i > 0) vi.advanceTimersByTime(HOUR);
    answers.push(await publish(topicArn, message));
  }
  return answers;
}

describe('ArchivePolicy', () => {
  it('is shown as set, and {} (deactivation) is taken and shown too', async () => {
    const topicArn = await archivingTopic('30');
    const shown = async () => (await sns.send(new GetTopicAttributesCommand({ TopicArn: topicArn }))).Attributes!;
    expect((await shown())['ArchivePolicy']).toBe('{"MessageRetentionPeriod":"30"}');
    await sns.send(
      new SetTopicAttributesCommand({ TopicArn: topicArn, AttributeName: 'ArchivePolicy', AttributeValue: '{}' }),
    );
    expect((await shown())['ArchivePolicy']).toBe('{}');
    // BeaconSequenceNumber is documented as read-only, with no value or rule recorded: not shown (README, "Not emulated
    // yet").
    expect(Object.keys(await shown())).not.toContain('BeaconSequenceNumber');
  });

  it('takes 1 to 365 days, as a string or a number, on FIFO topics only', async () => {
    const topicArn = await archivingTopic('1');
    const set = (AttributeValue: string) =>
      sns.send(new SetTopicAttributesCommand({ TopicArn: topicArn, AttributeName: 'ArchivePolicy', AttributeValue }));
    await set('{"MessageRetentionPeriod":365}');
    for (const bad of [
      '{"MessageRetentionPeriod":"0"}',
      '{"MessageRetentionPeriod":"366"}',
      '{"MessageRetentionPeriod":"1.5"}',
      '{"Days":"7"}',
      '[]',
      'x',
    ]) {
      await expectInvalidParameter(set(bad), 'Invalid parameter: AttributeValue');
    }
    await expectInvalidParameter(
      createTopic('plain', { ArchivePolicy: '{"MessageRetentionPeriod":"7"}' }),
      'Invalid parameter: Attributes Reason: Invalid value for attribute: ArchivePolicy',
    );
  });
});

describe('replay into a FIFO queue', () => {
  it('delivers the archived messages of the window, in order, to that subscription only, with the Replayed marker', async () => {
    const topicArn = await archivingTopic();
    const live = await fifoQueue('live.fifo');
    await subscribe(topicArn, live.arn);
    const published = await publishHourly(topicArn, 'm1', 'm2', 'm3', 'm4');
    const originals = await drain(live.url);
    expect(originals).toHaveLength(4);

    vi.advanceTimersByTime(HOUR);
    const late = await fifoQueue('late.fifo');
    const subscriptionArn = await subscribe(topicArn, late.arn);
    expect(await receive(sqs, late.url)).toEqual([]); // Subscribing alone replays nothing.

    await setReplay(subscriptionArn, replayPolicy(T0 + HOUR / 2, T0 + 2 * HOUR));
    const replayed = await drain(late.url);
    expect(replayed.map((m) => envelope(m)['Message'])).toEqual(['m2', 'm3']);
    for (const [i, message] of replayed.entries()) {
      const original = envelope(originals[i + 1]!);
      // Same MessageId, Timestamp and content as the original [D]; SequenceNumber and ids kept too (emulation).
      expect(envelope(message)).toEqual({
        ...original,
        UnsubscribeURL: expect.stringContaining(subscriptionArn),
        Replayed: true,
      });
      expect(envelope(message)['MessageId']).toBe(published[i + 1]!.MessageId);
      expect(message.Body!.endsWith('"Replayed" : true\n}')).toBe(true);
      expect(message.Attributes).toMatchObject({
        MessageGroupId: 'g',
        MessageDeduplicationId: originals[i + 1]!.Attributes!['MessageDeduplicationId'],
      });
    }
    expect(await receive(sqs, live.url)).toEqual([]); // The other subscription gets no replay.
  });

  it('replays from Subscribe attributes at once, and then takes new messages as usual without an EndingPoint', async () => {
    const topicArn = await archivingTopic();
    await publishHourly(topicArn, 'm1', 'm2', 'm3');
    const queue = await fifoQueue();
    const subscriptionArn = await subscribe(topicArn, queue.arn, { ReplayPolicy: replayPolicy(T0 + HOUR) });
    expect(await receivedMessages(queue.url)).toEqual(['m2', 'm3']);
    expect(await subscriptionAttributes(subscriptionArn)).toMatchObject({
      ReplayPolicy: replayPolicy(T0 + HOUR),
      ReplayStatus: 'Completed',
    });

    await publish(topicArn, 'm4');
    const [next, ...none] = await drain(queue.url);
    expect(none).toEqual([]);
    expect(envelope(next!)).toMatchObject({ Message: 'm4' });
    expect(envelope(next!)).not.toHaveProperty('Replayed');
  });

  it('keeps the original deduplication id, so within five minutes a FIFO queue that had the originals drops the replay', async () => {
    const topicArn = await archivingTopic();
    const queue = await fifoQueue();
    const subscriptionArn = await subscribe(topicArn, queue.arn);
    await publish(topicArn, 'm1');
    expect(await receivedMessages(queue.url)).toEqual(['m1']);

    await setReplay(subscriptionArn, replayPolicy(T0));
    expect(await receive(sqs, queue.url)).toEqual([]);
    vi.advanceTimersByTime(5 * 60_000);
    await setReplay(subscriptionArn, replayPolicy(T0)); // The same policy again starts a new replay [D].
    expect(await receivedMessages(queue.url)).toEqual(['m1']);
  });

  it('applies the filter policy to replayed messages', async () => {
    const topicArn = await archivingTopic();
    for (const [i, kind] of ['a', 'b', 'a'].entries())
      await publish(topicArn, `${i}: ${kind}`, { kind: { DataType: 'String', StringValue: kind } });
    const queue = await fifoQueue();
    await subscribe(topicArn, queue.arn, { FilterPolicy: '{"kind":["a"]}', ReplayPolicy: replayPolicy(T0) });
    expect(await receivedMessages(queue.url)).toEqual(['0: a', '2: a']);
  });

  it('replays raw messages with their attributes when RawMessageDelivery is on (no marker in a raw body)', async () => {
    const topicArn = await archivingTopic();
    await publish(topicArn, 'raw body', { kind: { DataType: 'String', StringValue: 'a' } });
    const queue = await fifoQueue();
    await subscribe(topicArn, queue.arn, { RawMessageDelivery: 'true', ReplayPolicy: replayPolicy(T0) });
    const [message, ...none] = await drain(queue.url);
    expect(none).toEqual([]);
    expect(message!.Body).toBe('raw body');
    expect(message!.MessageAttributes).toEqual({ kind: { DataType: 'String', StringValue: 'a' } });
  });

  it("archives PublishBatch entries, and replays each protocol's own MessageStructure entry", async () => {
    const topicArn = await archivingTopic();
    await sns.send(
      new PublishBatchCommand({
        TopicArn: topicArn,
        PublishBatchRequestEntries: [
          { Id: '1', Message: 'b1', MessageGroupId: 'g' },
          {
            Id: '2',
            Message: JSON.stringify({ default: 'default text', sqs: 'sqs text' }),
            MessageStructure: 'json',
            MessageGroupId: 'g',
          },
        ],
      }),
    );
    const queue = await fifoQueue();
    await subscribe(topicArn, queue.arn, { ReplayPolicy: replayPolicy(T0) });
    expect(await receivedMessages(queue.url)).toEqual(['b1', 'sqs text']);
  });

  it('does not archive what was published while no ArchivePolicy was active', async () => {
    const topicArn = await createTopic('orders.fifo', { FifoTopic: 'true', ContentBasedDeduplication: 'true' });
    vi.advanceTimersByTime(HOUR);
    await publish(topicArn, 'before');
    vi.advanceTimersByTime(HOUR);
    await sns.send(
      new SetTopicAttributesCommand({
        TopicArn: topicArn,
        AttributeName: 'ArchivePolicy',
        AttributeValue: '{"MessageRetentionPeriod":"7"}',
      }),
    );
    vi.advanceTimersByTime(HOUR);
    await publish(topicArn, 'after');
    const queue = await fifoQueue();
    // Archiving began when the policy was set, at T0 + 2 h: a replay cannot start before it.
    await expect(subscribe(topicArn, queue.arn, { ReplayPolicy: replayPolicy(T0 + HOUR) })).rejects.toThrow(
      'StartingPoint is earlier than the BeginningArchiveTime',
    );
    await subscribe(topicArn, queue.arn, { ReplayPolicy: replayPolicy(T0 + 2 * HOUR) });
    expect(await receivedMessages(queue.url)).toEqual(['after']);
  });

  it('shows BeginningArchiveTime from when archiving began, and refuses to delete an archiving topic', async () => {
    const topicArn = await createTopic('orders.fifo', { FifoTopic: 'true', ContentBasedDeduplication: 'true' });
    vi.advanceTimersByTime(HOUR);
    await sns.send(
      new SetTopicAttributesCommand({
        TopicArn: topicArn,
        AttributeName: 'ArchivePolicy',
        AttributeValue: '{"MessageRetentionPeriod":"1"}',
      }),
    );
    const { Attributes } = await sns.send(new GetTopicAttributesCommand({ TopicArn: topicArn }));
    expect(Attributes?.['BeginningArchiveTime']).toBe(new Date(T0 + HOUR).toISOString());
    vi.advanceTimersByTime(2 * 24 * HOUR);
    const later = await sns.send(new GetTopicAttributesCommand({ TopicArn: topicArn }));
    expect(later.Attributes?.['BeginningArchiveTime']).toBe(new Date(Date.now() - 24 * HOUR).toISOString());

    const refused = await sns.send(new DeleteTopicCommand({ TopicArn: topicArn })).catch((e: Error) => e);
    expect(refused).toBeInstanceOf(InvalidStateException);
    await sns.send(
      new SetTopicAttributesCommand({ TopicArn: topicArn, AttributeName: 'ArchivePolicy', AttributeValue: '{}' }),
    );
    await sns.send(new DeleteTopicCommand({ TopicArn: topicArn }));
    expect(aws.sns.topics()).toEqual([]);
  });

  it('pauses the subscription after its EndingPoint until a policy without one is set', async () => {
    const topicArn = await archivingTopic();
    await publishHourly(topicArn, 'm1', 'm2');
    const queue = await fifoQueue();
    const subscriptionArn = await subscribe(topicArn, queue.arn, { ReplayPolicy: replayPolicy(T0, T0) });
    expect(await receivedMessages(queue.url)).toEqual(['m1']);

    vi.advanceTimersByTime(HOUR);
    await publish(topicArn, 'm3');
    expect(await receive(sqs, queue.url)).toEqual([]);
    expect(aws.sns.topic('orders.fifo').published().at(-1)!.deliveries).toEqual([]);

    // "To resume ... set the new StartingPoint to the previously provided EndingPoint" [D] (here just after it).
    await setReplay(subscriptionArn, replayPolicy(T0 + 1));
    expect(await receivedMessages(queue.url)).toEqual(['m2', 'm3']);
    await publish(topicArn, 'm4');
    expect(await receivedMessages(queue.url)).toEqual(['m4']);
  });

  it('ends the replay and any pause when the policy is removed with ""', async () => {
    const topicArn = await archivingTopic();
    await publish(topicArn, 'm1');
    const queue = await fifoQueue();
    const subscriptionArn = await subscribe(topicArn, queue.arn, { ReplayPolicy: replayPolicy(T0, T0) });
    expect(await receivedMessages(queue.url)).toEqual(['m1']);
    await setReplay(subscriptionArn, '');
    expect(await subscriptionAttributes(subscriptionArn)).not.toHaveProperty('ReplayStatus');
    expect(await subscriptionAttributes(subscriptionArn)).not.toHaveProperty('ReplayPolicy');
    vi.advanceTimersByTime(1);
    await publish(topicArn, 'm2');
    expect(await receivedMessages(queue.url)).toEqual(['m2']);
  });
});

describe('retention', () => {
  it('keeps a message for the retention period of mock time; the replay may start no earlier than that', async () => {
    const topicArn = await archivingTopic('1');
    await publish(topicArn, 'old');
    vi.advanceTimersByTime(12 * HOUR);
    await publish(topicArn, 'recent');
    vi.advanceTimersByTime(12 * HOUR); // "old" is now exactly one day old: gone.
    const queue = await fifoQueue();
    const subscriptionArn = await subscribe(topicArn, queue.arn);
    await expectInvalidParameter(
      setReplay(subscriptionArn, replayPolicy(T0 - 1)),
      'Invalid parameter: ReplayPolicy: StartingPoint is earlier than the BeginningArchiveTime',
    );
    await setReplay(subscriptionArn, replayPolicy(T0));
    expect(await receivedMessages(queue.url)).toEqual(['recent']);
  });

  it('drops what a shortened period no longer covers and keeps the rest', async () => {
    const topicArn = await archivingTopic('7');
    await publishHourly(topicArn, 'm1', 'm2');
    vi.advanceTimersByTime(2 * DAY);
    await publish(topicArn, 'm3');
    await sns.send(
      new SetTopicAttributesCommand({
        TopicArn: topicArn,
        AttributeName: 'ArchivePolicy',
        AttributeValue: '{"MessageRetentionPeriod":"1"}',
      }),
    );
    const queue = await fifoQueue();
    const subscriptionArn = await subscribe(topicArn, queue.arn);
    const now = Date.now();
    await expectInvalidParameter(
      setReplay(subscriptionArn, replayPolicy(T0)),
      'Invalid parameter: ReplayPolicy: StartingPoint is earlier than the BeginningArchiveTime',
    );
    await setReplay(subscriptionArn, replayPolicy(now - DAY));
    expect(await receivedMessages(queue.url)).toEqual(['m3']);
  });

  it('deletes the archive when the policy is deactivated with {}', async () => {
    const topicArn = await archivingTopic();
    const queue = await fifoQueue();
    const subscriptionArn = await subscribe(topicArn, queue.arn);
    await publish(topicArn, 'm1');
    const setPolicy = (AttributeValue: string) =>
      sns.send(new SetTopicAttributesCommand({ TopicArn: topicArn, AttributeName: 'ArchivePolicy', AttributeValue }));
    await setPolicy('{}');
    await expectInvalidParameter(
      setReplay(subscriptionArn, replayPolicy(T0)),
      'Invalid parameter: ReplayPolicy: the topic has no active ArchivePolicy',
    );
    expect(await receivedMessages(queue.url)).toEqual(['m1']); // Delivered live before.

    await setPolicy('{"MessageRetentionPeriod":"7"}');
    vi.advanceTimersByTime(1);
    await publish(topicArn, 'm2');
    expect(await receivedMessages(queue.url)).toEqual(['m2']);
    vi.advanceTimersByTime(5 * 60_000); // Past the queue's deduplication window.
    await setReplay(subscriptionArn, replayPolicy(T0));
    expect(await receivedMessages(queue.url)).toEqual(['m2']);
  });
});

describe('ReplayStatus', () => {
  it('is In progress while the EndingPoint is ahead, delivering the window live, then Completed', async () => {
    const topicArn = await archivingTopic();
    await publish(topicArn, 'm1');
    const queue = await fifoQueue();
    const subscriptionArn = await subscribe(topicArn, queue.arn, { ReplayPolicy: replayPolicy(T0, T0 + HOUR) });
    expect(await receivedMessages(queue.url)).toEqual(['m1']);
    expect((await subscriptionAttributes(subscriptionArn))['ReplayStatus']).toBe('In progress');

    vi.advanceTimersByTime(HOUR / 2);
    await publish(topicArn, 'm2');
    expect(await receivedMessages(queue.url)).toEqual(['m2']);
    vi.advanceTimersByTime(HOUR);
    expect((await subscriptionAttributes(subscriptionArn))['ReplayStatus']).toBe('Completed');
    await publish(topicArn, 'm3');
    expect(await receive(sqs, queue.url)).toEqual([]);
  });

  it('is Pending until a subscription that needs confirmation is confirmed, then replays', async () => {
    const topicArn = await archivingTopic();
    await publish(topicArn, 'm1');
    const endpoint = 'https://example.com/hook';
    const { SubscriptionArn } = await sns.send(
      new SubscribeCommand({
        TopicArn: topicArn,
        Protocol: 'https',
        Endpoint: endpoint,
        Attributes: { ReplayPolicy: replayPolicy(T0) },
        ReturnSubscriptionArn: true,
      }),
    );
    expect((await subscriptionAttributes(SubscriptionArn!))['ReplayStatus']).toBe('Pending');
    const token = aws.sns.topic('orders.fifo').subscriptions()[0]!.confirmationToken;
    await sns.send(new ConfirmSubscriptionCommand({ TopicArn: topicArn, Token: token }));
    expect((await subscriptionAttributes(SubscriptionArn!))['ReplayStatus']).toBe('Completed');
  });

  it('is Failed when the archive is gone by the time a pending subscription is confirmed', async () => {
    const topicArn = await archivingTopic();
    const { SubscriptionArn } = await sns.send(
      new SubscribeCommand({
        TopicArn: topicArn,
        Protocol: 'https',
        Endpoint: 'https://example.com/hook',
        Attributes: { ReplayPolicy: replayPolicy(T0) },
        ReturnSubscriptionArn: true,
      }),
    );
    await sns.send(
      new SetTopicAttributesCommand({ TopicArn: topicArn, AttributeName: 'ArchivePolicy', AttributeValue: '{}' }),
    );
    const token = aws.sns.topic('orders.fifo').subscriptions()[0]!.confirmationToken;
    await sns.send(new ConfirmSubscriptionCommand({ TopicArn: topicArn, Token: token }));
    expect((await subscriptionAttributes(SubscriptionArn!))['ReplayStatus']).toBe('Failed');
  });
});

describe('ReplayPolicy validation', () => {
  /** A queue of the right kind subscribed to a topic with these attributes. */
  async function subscribedTo(name: string, attributes: Record<string, string>): Promise<string> {
    const fifo = name.endsWith('.fifo');
    const topicArn = await createTopic(name, attributes);
    const queueUrl = await createQueue(sqs, fifo ? 'q.fifo' : 'q', fifo ? { FifoQueue: 'true' } : {});
    return subscribe(topicArn, await queueArn(sqs, queueUrl));
  }

  it('needs a FIFO topic with an active archive', async () => {
    await expectInvalidParameter(
      setReplay(await subscribedTo('plain', {}), replayPolicy(T0)),
      'Invalid parameter: ReplayPolicy: replay is only available for FIFO topics',
    );
    await expectInvalidParameter(
      setReplay(await subscribedTo('other.fifo', { FifoTopic: 'true' }), replayPolicy(T0)),
      'Invalid parameter: ReplayPolicy: the topic has no active ArchivePolicy',
    );
  });

  it.each([
    ['{"PointType":"Timestamp",', 'ReplayPolicy: failed to parse JSON.'],
    ['[]', 'ReplayPolicy: must be a JSON object'],
    [
      JSON.stringify({ PointType: 'Timestamp', StartingPoint: iso(T0), Extra: 1 }),
      'ReplayPolicy: invalid JSON. Attribute Extra is unknown.',
    ],
    [JSON.stringify({ StartingPoint: iso(T0) }), 'ReplayPolicy: PointType must be Timestamp'],
    [
      JSON.stringify({ PointType: 'SequenceNumber', StartingPoint: iso(T0) }),
      'ReplayPolicy: PointType must be Timestamp',
    ],
    [JSON.stringify({ PointType: 'Timestamp' }), 'ReplayPolicy: StartingPoint is required'],
    [
      JSON.stringify({ PointType: 'Timestamp', StartingPoint: '2025-02-30T00:00:00Z' }),
      'ReplayPolicy: StartingPoint is not a valid timestamp',
    ],
    [
      JSON.stringify({ PointType: 'Timestamp', StartingPoint: 'yesterday' }),
      'ReplayPolicy: StartingPoint is not a valid timestamp',
    ],
    [
      JSON.stringify({ PointType: 'Timestamp', StartingPoint: iso(T0), EndingPoint: 5 }),
      'ReplayPolicy: EndingPoint is not a valid timestamp',
    ],
    [replayPolicy(T0 + 1), 'ReplayPolicy: StartingPoint is in the future'],
    [replayPolicy(T0 - 1), 'ReplayPolicy: StartingPoint is earlier than the BeginningArchiveTime'],
    [replayPolicy(T0, T0 - 1), 'ReplayPolicy: EndingPoint is earlier than StartingPoint'],
  ])('refuses %s', async (value, reason) => {
    const subscriptionArn = await subscribedTo('orders.fifo', {
      FifoTopic: 'true',
      ArchivePolicy: '{"MessageRetentionPeriod":"7"}',
    });
    const error = await rejectionOf(setReplay(subscriptionArn, value));
    expect(error).toBeInstanceOf(InvalidParameterException);
    // The JSON syntax error goes on with the parser's own account, so only the start is compared.
    expect(error.message.slice(0, `Invalid parameter: ${reason}`.length)).toBe(`Invalid parameter: ${reason}`);
  });

  it('words Subscribe errors with the Attributes prefix, and takes zones other than Z', async () => {
    const topicArn = await archivingTopic();
    const queue = await fifoQueue();
    await expectInvalidParameter(
      subscribe(topicArn, queue.arn, { ReplayPolicy: '{"PointType":"Timestamp"}' }),
      'Invalid parameter: Attributes Reason: ReplayPolicy: StartingPoint is required',
    );
    await subscribe(topicArn, queue.arn, {
      ReplayPolicy: '{"PointType":"Timestamp","StartingPoint":"2025-01-01T01:00:00.000+01:00"}',
    });
  });
});
