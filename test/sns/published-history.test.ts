import {
  CreateTopicCommand,
  PublishBatchCommand,
  PublishCommand,
  SubscribeCommand,
  type SNSClient,
} from '@aws-sdk/client-sns';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/matchers/vitest.js';
import { createAwsMock, type AwsMock, type AwsMockOptions } from '../../src/index.js';
import { counts, createQueue, queueArn } from '../sqs/message-support.js';
import { snsSetup } from './sns-support.js';

/** createAwsMock({ publishedHistory }): how many published messages each topic keeps for `published()`. */

let aws: AwsMock;
let sns: SNSClient;
let sqs: SQSClient;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A topic `name` with one queue subscribed (raw), so every publish is also delivered somewhere to count. */
async function setup(options: AwsMockOptions, name = 'events'): Promise<{ topicArn: string; queueUrl: string }> {
  ({ aws, sns, sqs } = snsSetup(options));
  return topic(name);
}

async function topic(name: string): Promise<{ topicArn: string; queueUrl: string }> {
  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: name }));
  const queueUrl = await createQueue(sqs, `${name}-queue`);
  await sns.send(
    new SubscribeCommand({
      TopicArn,
      Protocol: 'sqs',
      Endpoint: await queueArn(sqs, queueUrl),
      Attributes: { RawMessageDelivery: 'true' },
    }),
  );
  return { topicArn: TopicArn!, queueUrl };
}

async function publish(TopicArn: string, ...messages: string[]): Promise<void> {
  for (const Message of messages) await sns.send(new PublishCommand({ TopicArn, Message }));
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `m${from + i}`);
const messagesOf = (name: string) =>
  aws.sns
    .topic(name)
    .published()
    .map((p) => p.message);

describe('publishedHistory', () => {
  it('keeps every published message by default', async () => {
    const { topicArn } = await setup({});
    await publish(topicArn, ...range(1, 30));
    expect(messagesOf('events')).toEqual(range(1, 30));
  });

  it('keeps the last N, oldest first, however many times the ring went round', async () => {
    const { topicArn, queueUrl } = await setup({ publishedHistory: 3 });
    await publish(topicArn, 'm1', 'm2');
    expect(messagesOf('events')).toEqual(['m1', 'm2']);
    await publish(topicArn, 'm3', 'm4');
    expect(messagesOf('events')).toEqual(['m2', 'm3', 'm4']);
    await publish(topicArn, ...range(5, 26));
    expect(messagesOf('events')).toEqual(['m24', 'm25', 'm26']);
    // Only the record is bounded: every message was delivered.
    expect((await counts(sqs, queueUrl)).visible).toBe(26);
    const [latest] = aws.sns.topic('events').published().slice(-1);
    expect(latest!.deliveries).toEqual([expect.objectContaining({ delivered: true, body: 'm26' })]);
  });

  it('counts PublishBatch entries one by one', async () => {
    const { topicArn } = await setup({ publishedHistory: 2 });
    await sns.send(
      new PublishBatchCommand({
        TopicArn: topicArn,
        PublishBatchRequestEntries: range(1, 5).map((Message, i) => ({ Id: `e${i}`, Message })),
      }),
    );
    expect(messagesOf('events')).toEqual(['m4', 'm5']);
  });

  it('keeps none with 0, and still delivers and answers every publish', async () => {
    const { topicArn, queueUrl } = await setup({ publishedHistory: 0 });
    const { MessageId } = await sns.send(new PublishCommand({ TopicArn: topicArn, Message: 'gone' }));
    expect(MessageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(aws.sns.topic('events').published()).toEqual([]);
    expect((await counts(sqs, queueUrl)).visible).toBe(1);
  });

  it('bounds each topic on its own, also after a reset', async () => {
    const { topicArn: events } = await setup({ publishedHistory: 2 });
    const { topicArn: orders } = await topic('orders');
    await publish(events, 'e1', 'e2', 'e3');
    await publish(orders, 'o1');
    expect(messagesOf('events')).toEqual(['e2', 'e3']);
    expect(messagesOf('orders')).toEqual(['o1']);

    aws.reset();
    const { topicArn: again } = await topic('events');
    await publish(again, 'a1', 'a2', 'a3');
    expect(messagesOf('events')).toEqual(['a2', 'a3']);
  });

  it('is what toHavePublished sees: a bounded history only knows the last N', async () => {
    const { topicArn } = await setup({ publishedHistory: 1 });
    await publish(topicArn, 'first', 'second');
    expect(aws.sns.topic('events')).toHavePublished('second');
    expect(aws.sns.topic('events')).not.toHavePublished('first');
  });

  it.each([-1, 1.5, Number.NaN, '2', null])('refuses %s', (publishedHistory) => {
    expect(() => createAwsMock({ publishedHistory } as never)).toThrow(
      new TypeError(
        `sqs-sns-mock: publishedHistory must be a whole number of messages, 0 or more, got ${String(publishedHistory)}`,
      ),
    );
  });

  it('takes Infinity as the default, every message', async () => {
    expect(createAwsMock({ publishedHistory: Number.POSITIVE_INFINITY }).publishedHistory).toBeUndefined();
    const { topicArn } = await setup({ publishedHistory: Number.POSITIVE_INFINITY });
    await publish(topicArn, ...range(1, 5));
    expect(messagesOf('events')).toEqual(range(1, 5));
  });
});
