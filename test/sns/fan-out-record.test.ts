import {
  ConfirmSubscriptionCommand,
  CreateTopicCommand,
  PublishCommand,
  SetSubscriptionAttributesCommand,
  SubscribeCommand,
  UnsubscribeCommand,
  type SNSClient,
} from '@aws-sdk/client-sns';
import { DeleteMessageCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import { createQueue, queueArn } from '../sqs/message-support.js';
import { snsSetup } from './sns-support.js';

/**
 * A published message's deliveries are kept compactly and listed when read
 * (src/services/sns/delivery/fan-out-record.ts): read after the topic's subscriptions changed, they still name the
 * subscriptions as they were at publish, with the reasons of the policies they had then, and the journey's steps read
 * the same.
 */

let aws: AwsMock;
let sns: SNSClient;
let sqs: SQSClient;

beforeEach(() => {
  vi.useFakeTimers();
  ({ aws, sns, sqs } = snsSetup());
});
afterEach(() => vi.useRealTimers());

async function subscribeQueue(TopicArn: string, name: string, policy?: object): Promise<string> {
  const Endpoint = await queueArn(sqs, await createQueue(sqs, name));
  const Attributes = policy ? { FilterPolicy: JSON.stringify(policy) } : undefined;
  const { SubscriptionArn } = await sns.send(
    new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint, Attributes, ReturnSubscriptionArn: true }),
  );
  return SubscriptionArn!;
}

const kind = { kind: { DataType: 'String', StringValue: 'order' } };

const summary = (deliveries: readonly { endpoint: string; delivered: boolean; filterReason?: string }[]) =>
  deliveries.map((d) => [d.endpoint.split(/[:/]/).at(-1), d.delivered, d.filterReason]);

describe('deliveries of a published message', () => {
  it('name the subscriptions and policies as they were at publish, whatever changed since', async () => {
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'orders' }));
    await subscribeQueue(TopicArn!, 'all');
    const refunds = await subscribeQueue(TopicArn!, 'refunds', { kind: ['refund'] });
    const orders = await subscribeQueue(TopicArn!, 'orders', { kind: ['order'] });
    const { MessageId } = await sns.send(new PublishCommand({ TopicArn, Message: 'm1', MessageAttributes: kind }));

    await sns.send(
      new SetSubscriptionAttributesCommand({
        SubscriptionArn: refunds,
        AttributeName: 'FilterPolicy',
        AttributeValue: JSON.stringify({ kind: ['order'] }),
      }),
    );
    await sns.send(new UnsubscribeCommand({ SubscriptionArn: orders }));
    await subscribeQueue(TopicArn!, 'late', { kind: ['other'] });
    await sns.send(new PublishCommand({ TopicArn, Message: 'm2', MessageAttributes: kind }));

    const [first, second] = aws.sns.topic('orders').published();
    const missed = 'kind: "order" is not one of ["refund"]';
    expect(summary(first!.deliveries)).toEqual([
      ['all', true, undefined],
      ['refunds', false, missed],
      ['orders', true, undefined],
    ]);
    expect(summary(second!.deliveries)).toEqual([
      ['all', true, undefined],
      ['refunds', true, undefined],
      ['late', false, 'kind: "order" is not one of ["other"]'],
    ]);
    const steps = aws.journey(MessageId!).steps.filter((s) => s.service === 'sns');
    expect(steps.map((s) => [s.kind, s.where, s.filterReason])).toEqual([
      ['published', 'orders', undefined],
      ['delivered', 'all', undefined],
      ['filteredOut', 'refunds', missed],
      ['delivered', 'orders', undefined],
    ]);
  });

  it('leave out a subscription pending confirmation, and include it once confirmed', async () => {
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'orders' }));
    await subscribeQueue(TopicArn!, 'first', { kind: ['refund'] });
    await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'https', Endpoint: 'https://example.com/hook' }));
    await subscribeQueue(TopicArn!, 'last', { kind: ['refund'] });
    await sns.send(new PublishCommand({ TopicArn, Message: 'm1', MessageAttributes: kind }));
    const pending = aws.sns.topic('orders').subscriptions()[1]!;
    expect(pending.pendingConfirmation).toBe(true);
    await sns.send(new ConfirmSubscriptionCommand({ TopicArn, Token: pending.confirmationToken }));
    await sns.send(new PublishCommand({ TopicArn, Message: 'm2', MessageAttributes: kind }));

    const [first, second] = aws.sns.topic('orders').published();
    expect(summary(first!.deliveries).map(([name, delivered]) => [name, delivered])).toEqual([
      ['first', false],
      ['last', false],
    ]);
    expect(summary(second!.deliveries).map(([name, delivered]) => [name, delivered])).toEqual([
      ['first', false],
      ['hook', true],
      ['last', false],
    ]);
  });

  it('word no reason once the history let the message go, also for the journey', async () => {
    ({ aws, sns, sqs } = snsSetup({ publishedHistory: 0 }));
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'orders' }));
    await subscribeQueue(TopicArn!, 'refunds', { kind: ['refund'] });
    const { MessageId } = await sns.send(new PublishCommand({ TopicArn, Message: 'm1', MessageAttributes: kind }));
    const [, filtered] = aws.journey(MessageId!).steps;
    expect(filtered!.kind).toBe('filteredOut');
    expect(filtered!.filterReason).toMatch(/^not worded: the topic's publishedHistory let the message go/);
  });

  it("leave out a subscription its replay paused, keeping the others' places for the journey", async () => {
    const TopicArn = (
      await sns.send(
        new CreateTopicCommand({
          Name: 'orders.fifo',
          Attributes: {
            FifoTopic: 'true',
            ContentBasedDeduplication: 'true',
            ArchivePolicy: JSON.stringify({ MessageRetentionPeriod: '7' }),
          },
        }),
      )
    ).TopicArn!;
    const fifo = async (name: string, Attributes?: Record<string, string>) => {
      const Endpoint = await queueArn(sqs, await createQueue(sqs, name, { FifoQueue: 'true' }));
      await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint, Attributes }));
    };
    const now = Date.now();
    const window = { PointType: 'Timestamp', StartingPoint: new Date(now).toISOString() };
    await fifo('first.fifo');
    await fifo('paused.fifo', { ReplayPolicy: JSON.stringify({ ...window, EndingPoint: window.StartingPoint }) });
    await fifo('refunds.fifo', { FilterPolicy: JSON.stringify({ kind: ['refund'] }) });
    await fifo('last.fifo');
    vi.advanceTimersByTime(60_000);
    const { MessageId } = await sns.send(
      new PublishCommand({ TopicArn, Message: 'm1', MessageGroupId: 'g', MessageAttributes: kind }),
    );

    const [published] = aws.sns.topic('orders.fifo').published();
    expect(summary(published!.deliveries)).toEqual([
      ['first.fifo', true, undefined],
      ['refunds.fifo', false, 'kind: "order" is not one of ["refund"]'],
      ['last.fifo', true, undefined],
    ]);
    const steps = aws.journey(MessageId!).steps.filter((s) => s.service === 'sns');
    expect(steps.map((s) => [s.kind, s.where])).toEqual([
      ['published', 'orders.fifo'],
      ['delivered', 'first.fifo'],
      ['filteredOut', 'refunds.fifo'],
      ['delivered', 'last.fifo'],
    ]);
  });
});

/**
 * A queue's delivery is recorded without its body, which is made again when the deliveries are read
 * (src/services/sns/delivery/queue-taken.ts): what `published()` shows must be, character for character, what the queue
 * got, whatever happened since.
 */
async function subscribeRaw(TopicArn: string, name: string, raw: boolean): Promise<{ url: string; arn: string }> {
  const url = await createQueue(sqs, name);
  const { SubscriptionArn } = await sns.send(
    new SubscribeCommand({
      TopicArn,
      Protocol: 'sqs',
      Endpoint: await queueArn(sqs, url),
      Attributes: { RawMessageDelivery: String(raw) },
      ReturnSubscriptionArn: true,
    }),
  );
  return { url, arn: SubscriptionArn! };
}

async function receiveAndDelete(url: string): Promise<string> {
  const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: url }));
  expect(Messages).toHaveLength(1);
  await sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: Messages[0]!.ReceiptHandle }));
  return Messages[0]!.Body!;
}

describe("a queue delivery's body, as published() shows it", () => {
  it('is what the queue received, envelope or raw, after the message left the queue and the subscription changed', async () => {
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'orders' }));
    const enveloped = await subscribeRaw(TopicArn!, 'enveloped', false);
    const raw = await subscribeRaw(TopicArn!, 'raw', true);
    await sns.send(
      new PublishCommand({
        TopicArn,
        Subject: 'Order "7"',
        Message: '{"orderId":7,"note":"café \\u0001"}',
        MessageAttributes: {
          kind: { DataType: 'String', StringValue: 'order' },
          bytes: { DataType: 'Binary', BinaryValue: new Uint8Array([1, 2, 255]) },
        },
      }),
    );
    const received = { enveloped: await receiveAndDelete(enveloped.url), raw: await receiveAndDelete(raw.url) };
    // Flipped after the publish: the record still shows what each queue got then.
    for (const { arn, value } of [
      { arn: enveloped.arn, value: 'true' },
      { arn: raw.arn, value: 'false' },
    ]) {
      await sns.send(
        new SetSubscriptionAttributesCommand({
          SubscriptionArn: arn,
          AttributeName: 'RawMessageDelivery',
          AttributeValue: value,
        }),
      );
    }
    vi.advanceTimersByTime(60_000);

    const [published] = aws.sns.topic('orders').published();
    const bodies = Object.fromEntries(published!.deliveries.map((d) => [d.endpoint.split(':').at(-1), d.body]));
    expect(bodies).toEqual(received);
    expect(JSON.parse(received.enveloped)).toMatchObject({ Type: 'Notification', Subject: 'Order "7"' });
  });

  it("is the protocol's own entry with MessageStructure json, and reads the same each time", async () => {
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'structured' }));
    const queue = await subscribeRaw(TopicArn!, 'q', false);
    await sns.send(
      new PublishCommand({
        TopicArn,
        MessageStructure: 'json',
        Message: JSON.stringify({ default: 'for everyone', sqs: 'for queues' }),
      }),
    );
    const received = await receiveAndDelete(queue.url);
    const [published] = aws.sns.topic('structured').published();
    const [delivery] = published!.deliveries;
    expect(JSON.parse(delivery!.body!).Message).toBe('for queues');
    expect(delivery!.body).toBe(received);
    expect(published!.deliveries[0]).toBe(delivery);
    expect(delivery).toEqual({
      subscriptionArn: queue.arn,
      protocol: 'sqs',
      endpoint: await queueArn(sqs, queue.url),
      body: received,
      delivered: true,
      queueMessageId: expect.any(String),
    });
  });
});
