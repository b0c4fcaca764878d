import { PublishCommand, SetSubscriptionAttributesCommand } from '@aws-sdk/client-sns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { counts, T0 } from '../sqs/message-support.js';
import { filteredQueue, snsSetup } from './sns-support.js';

/**
 * `filterReason` on a filtered-out delivery of the topic view's published messages (docs/guide/journeys.md, "Why a
 * message was filtered out"), through SNSClient as a test publishes.
 */

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

async function publishFiltered(policy: object, scope: 'MessageAttributes' | 'MessageBody', input: object) {
  const setup = snsSetup();
  const { topicArn, queueUrl } = await filteredQueue(setup.sns, setup.sqs, JSON.stringify(policy), scope);
  await setup.sns.send(new PublishCommand({ TopicArn: topicArn, Message: 'm', ...input }));
  return { ...setup, topicArn, queueUrl, topic: setup.aws.sns.topic('filtered') };
}

describe('filterReason', () => {
  it('names the attribute, the condition and the value', async () => {
    const { sqs, queueUrl, topic } = await publishFiltered({ type: ['order.created'] }, 'MessageAttributes', {
      MessageAttributes: { type: { DataType: 'String', StringValue: 'OrderCreated' } },
    });
    expect((await counts(sqs, queueUrl)).visible).toBe(0);
    expect(topic.published()[0]!.deliveries[0]).toEqual({
      subscriptionArn: expect.any(String),
      protocol: 'sqs',
      endpoint: expect.stringMatching(/:q$/),
      delivered: false,
      filteredOut: true,
      filterReason: 'type: "OrderCreated" is not one of ["order.created"]',
    });
  });

  it('says a Number attribute is below a numeric bound, and that an attribute is missing', async () => {
    const { sns, topicArn, topic } = await publishFiltered(
      { amount: [{ numeric: ['>=', 100] }] },
      'MessageAttributes',
      {
        MessageAttributes: { amount: { DataType: 'Number', StringValue: '50' } },
      },
    );
    await sns.send(
      new PublishCommand({
        TopicArn: topicArn,
        Message: 'm',
        MessageAttributes: { other: { DataType: 'String', StringValue: 'x' } },
      }),
    );
    expect(topic.published().map((p) => p.deliveries[0]!.filterReason)).toEqual([
      'amount: 50 is not >= 100',
      'amount: no such attribute',
    ]);
  });

  it('gives the path into the message body', async () => {
    const { topic } = await publishFiltered({ detail: { order: { type: ['order.created'] } } }, 'MessageBody', {
      Message: JSON.stringify({ detail: { order: { type: 'OrderCreated', lines: 'x'.repeat(10_000) } } }),
    });
    expect(topic.published()[0]!.deliveries[0]!.filterReason).toBe(
      'detail.order.type: "OrderCreated" is not one of ["order.created"]',
    );
  });

  it('is absent from a delivered message, and shows in JSON', async () => {
    const { sns, topicArn, topic } = await publishFiltered({ type: ['a'] }, 'MessageAttributes', {
      MessageAttributes: { type: { DataType: 'String', StringValue: 'b' } },
    });
    await sns.send(
      new PublishCommand({
        TopicArn: topicArn,
        Message: 'm',
        MessageAttributes: { type: { DataType: 'String', StringValue: 'a' } },
      }),
    );
    const [filtered, delivered] = topic.published().map((p) => p.deliveries[0]!);
    expect(delivered).toMatchObject({ delivered: true });
    expect(delivered).not.toHaveProperty('filterReason');
    expect(JSON.parse(JSON.stringify(filtered))).toMatchObject({ filterReason: 'type: "b" is not one of ["a"]' });
  });

  it('keeps the policy of the publish when the policy changes later', async () => {
    const { sns, topic } = await publishFiltered({ type: ['a'] }, 'MessageAttributes', {
      MessageAttributes: { type: { DataType: 'String', StringValue: 'b' } },
    });
    const [subscription] = topic.subscriptions();
    await sns.send(
      new SetSubscriptionAttributesCommand({
        SubscriptionArn: subscription!.subscriptionArn,
        AttributeName: 'FilterPolicy',
        AttributeValue: JSON.stringify({ type: ['c'] }),
      }),
    );
    expect(topic.published()[0]!.deliveries[0]!.filterReason).toBe('type: "b" is not one of ["a"]');
  });

  it('says why each $or alternative failed', async () => {
    const policy = { $or: [{ type: ['order.created'] }, { amount: [{ numeric: ['>', 100] }] }] };
    const { topic } = await publishFiltered(policy, 'MessageBody', { Message: '{"type":"refund","amount":5}' });
    expect(topic.published()[0]!.deliveries[0]!.filterReason).toBe(
      'no $or alternative matched: type: "refund" is not one of ["order.created"]; amount: 5 is not > 100',
    );
  });
});
