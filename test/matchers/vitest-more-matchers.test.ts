/**
 * The matchers users asked for (issue 13 item 8), on state made through real SDK clients under fake time:
 * attributes and counts in toContainMessage and toHavePublished, toHaveDeliveredTo, toHaveFilteredOut and
 * toHaveMessagesInOrder; each passing, failing (with its exact message) and under `.not`.
 */
import { CreateTopicCommand, PublishCommand, SubscribeCommand, type SNSClient } from '@aws-sdk/client-sns';
import { DeleteQueueCommand, SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/matchers/vitest.js';
import type { AwsMock } from '../../src/index.js';
import { snsSetup } from '../sns/sns-support.js';
import { createQueue, failureOf } from './support.js';

let aws: AwsMock;
let sqs: SQSClient;
let sns: SNSClient;

beforeEach(() => {
  vi.useFakeTimers();
  ({ aws, sqs, sns } = snsSetup());
});
afterEach(() => vi.useRealTimers());

/** orders: {"orderId":7} of type created (twice), {"orderId":8} of type deleted with a Number attribute. */
async function orders() {
  const QueueUrl = await createQueue(sqs, 'orders');
  const type = (value: string) => ({ type: { DataType: 'String', StringValue: value } });
  for (const [body, attributes] of [
    ['{"orderId":7}', type('created')],
    ['{"orderId":7}', type('created')],
    ['{"orderId":8}', { ...type('deleted'), total: { DataType: 'Number', StringValue: '250' } }],
  ] as const) {
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: body, MessageAttributes: attributes }));
  }
  return aws.sqs.queue('orders');
}

describe('toContainMessage with attributes and times', () => {
  it('matches attributes by value, by matcher, by partial object, and absent ones', async () => {
    const q = await orders();
    expect(q).toContainMessage({ orderId: 7 }, { attributes: { type: 'created' } });
    expect(q).toContainMessage({ orderId: 8 }, { attributes: { total: 250 } });
    expect(q).toContainMessage({ orderId: 8 }, { attributes: { total: { DataType: 'Number' } } });
    expect(q).toContainMessage(undefined, { attributes: { type: expect.stringMatching(/^del/) } });
    expect(q).toContainMessage({ orderId: 7 }, { attributes: { total: undefined } });
    expect(q).not.toContainMessage({ orderId: 7 }, { attributes: { type: 'deleted' } });
    expect(q).not.toContainMessage({ orderId: 8 }, { attributes: { total: undefined } });
    expect(q).not.toContainMessage(undefined, { attributes: { missing: expect.anything() } });
  });

  it('counts with times', async () => {
    const q = await orders();
    expect(q).toContainMessage({ orderId: 7 }, { times: 2 });
    expect(q).toContainMessage(undefined, { times: 3 });
    expect(q).toContainMessage({ orderId: 9 }, { times: 0 });
    expect(q).not.toContainMessage({ orderId: 7 }, { times: 1 });
    expect(q).toContainMessage({ orderId: 8 }, { attributes: { type: 'deleted' }, times: 1 });
  });

  it('says what the queue holds when it fails', async () => {
    const q = await orders();
    expect(failureOf(() => expect(q).toContainMessage({ orderId: 7 }, { times: 1 }))).toBe(
      'expected queue "orders" to contain exactly 1 message matching {orderId: 7}, but 2 of its 3 messages do: {"orderId":7}, {"orderId":7}',
    );
    expect(failureOf(() => expect(q).toContainMessage({ orderId: 7 }, { attributes: { type: 'deleted' } }))).toBe(
      'expected queue "orders" to contain a message matching {orderId: 7} with attributes {type: "deleted"}, but it holds 3 messages: ' +
        '{"orderId":7} (attributes {type: "created"}), {"orderId":7} (attributes {type: "created"}), {"orderId":8} (attributes {type: "deleted", total: "250"})',
    );
    expect(failureOf(() => expect(q).not.toContainMessage({ orderId: 7 }, { times: 2 }))).toBe(
      'expected queue "orders" not to contain exactly 2 messages matching {orderId: 7}, but 2 of its 3 messages do: {"orderId":7}, {"orderId":7}',
    );
    expect(failureOf(() => expect(q).not.toContainMessage({ orderId: 9 }, { times: 0 }))).toBe(
      'expected queue "orders" not to contain exactly 0 messages matching {orderId: 9}, but none of its 3 messages does: {"orderId":7}, {"orderId":7}, {"orderId":8}',
    );
  });

  it('keeps the one-argument form and its texts', async () => {
    const q = await orders();
    expect(q).toContainMessage({ orderId: 7 });
    expect(failureOf(() => expect(q).toContainMessage({ orderId: 9 }))).toBe(
      'expected queue "orders" to contain a message matching {orderId: 9}, but it holds 3 messages: {"orderId":7}, {"orderId":7}, {"orderId":8}',
    );
  });

  it('refuses options that make no sense, also under .not', async () => {
    const q = await orders();
    expect(() => expect(q).not.toContainMessage({ orderId: 7 }, { times: -1 })).toThrow(
      'toContainMessage: times must be a whole number of 0 or more, got -1',
    );
    expect(() => expect(q).not.toContainMessage({ orderId: 7 }, { count: 2 } as never)).toThrow(
      'toContainMessage: unknown option "count"; the options are "attributes", "times"',
    );
    expect(() => expect(q).not.toContainMessage({ orderId: 7 }, { attributes: 'type' } as never)).toThrow(
      'toContainMessage: attributes must be an object of attribute names, got "type"',
    );
    expect(() => expect(q).not.toContainMessage(undefined as never)).toThrow(/expected a body/);
  });
});

/**
 * events: two subscribed queues, "created-only" (a filter policy on the attribute `type`) and "everything";
 * published: created 1, deleted 2, created 3.
 */
async function events() {
  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
  await createQueue(sqs, 'created-only');
  await createQueue(sqs, 'everything');
  await createQueue(sqs, 'unsubscribed');
  await sns.send(
    new SubscribeCommand({
      TopicArn,
      Protocol: 'sqs',
      Endpoint: aws.sqs.queue('created-only').arn,
      Attributes: { FilterPolicy: JSON.stringify({ type: ['created'] }) },
    }),
  );
  await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: aws.sqs.queue('everything').arn }));
  for (const [type, id] of [
    ['created', 1],
    ['deleted', 2],
    ['created', 3],
  ] as const) {
    await sns.send(
      new PublishCommand({
        TopicArn,
        Message: JSON.stringify({ id }),
        MessageAttributes: { type: { DataType: 'String', StringValue: type } },
      }),
    );
  }
  return aws.sns.topic('events');
}

describe('toHavePublished with attributes and times', () => {
  it('matches and counts', async () => {
    const t = await events();
    expect(t).toHavePublished(undefined, { attributes: { type: 'created' }, times: 2 });
    expect(t).toHavePublished({ id: 2 }, { attributes: { type: 'deleted' }, times: 1 });
    expect(t).toHavePublished(undefined, { times: 3 });
    expect(t).not.toHavePublished({ id: 2 }, { attributes: { type: 'created' } });
    expect(failureOf(() => expect(t).toHavePublished(undefined, { attributes: { type: 'created' }, times: 1 }))).toBe(
      'expected topic "events" to have published exactly 1 message with attributes {type: "created"}, but 2 of its 3 messages do: ' +
        '{"id":1} (attributes {type: "created"}), {"id":3} (attributes {type: "created"})',
    );
  });
});

describe('toHaveDeliveredTo and toHaveFilteredOut', () => {
  it('tell a delivery from a filtered-out message', async () => {
    const t = await events();
    const createdOnly = aws.sqs.queue('created-only');
    const everything = aws.sqs.queue('everything');
    expect(t).toHaveDeliveredTo(createdOnly);
    expect(t).toHaveDeliveredTo(createdOnly, { id: 1 });
    expect(t).not.toHaveDeliveredTo(createdOnly, { id: 2 });
    expect(t).toHaveFilteredOut(createdOnly, { id: 2 });
    expect(t).not.toHaveFilteredOut(createdOnly, { id: 1 });
    expect(t).toHaveDeliveredTo(everything, { id: 2 });
    expect(t).not.toHaveFilteredOut(everything);
    expect(t).toHaveDeliveredTo(everything.arn, { id: 3 });
    expect(t).not.toHaveDeliveredTo(aws.sqs.queue('unsubscribed'));
  });

  it('say why when they fail', async () => {
    const t = await events();
    const createdOnly = aws.sqs.queue('created-only');
    expect(failureOf(() => expect(t).toHaveDeliveredTo(createdOnly, { id: 2 }))).toBe(
      'expected topic "events" to have delivered a message matching {id: 2} to queue "created-only", but of the 1 message offered to it, 1 filtered out by its filter policy ({"id":2}) because type: "deleted" is not one of ["created"]',
    );
    expect(failureOf(() => expect(t).not.toHaveDeliveredTo(createdOnly))).toBe(
      'expected topic "events" not to have delivered a message to queue "created-only", but it delivered 2 messages: {"id":1}, {"id":3}',
    );
    expect(failureOf(() => expect(t).toHaveDeliveredTo(aws.sqs.queue('unsubscribed')))).toBe(
      'expected topic "events" to have delivered a message to queue "unsubscribed", but it has no subscription for that queue (it published 3 messages)',
    );
    expect(failureOf(() => expect(t).toHaveDeliveredTo(createdOnly, { id: 9 }))).toBe(
      'expected topic "events" to have delivered a message matching {id: 9} to queue "created-only", but it published no messages matching {id: 9}',
    );
    expect(failureOf(() => expect(t).toHaveFilteredOut(aws.sqs.queue('everything')))).toBe(
      'expected topic "events" to have filtered out a message from queue "everything", but every one of the 3 messages offered to it passed the filter policy: {"id":1}, {"id":2}, {"id":3}',
    );
    expect(failureOf(() => expect(t).not.toHaveFilteredOut(createdOnly))).toBe(
      'expected topic "events" not to have filtered out a message from queue "created-only", but its filter policy kept 1 message from it: {"id":2}',
    );
  });

  it('say when the queue was subscribed only after the messages were published', async () => {
    const t = await events();
    await sns.send(
      new SubscribeCommand({ TopicArn: t.arn, Protocol: 'sqs', Endpoint: aws.sqs.queue('unsubscribed').arn }),
    );
    expect(failureOf(() => expect(t).toHaveDeliveredTo(aws.sqs.queue('unsubscribed')))).toBe(
      'expected topic "events" to have delivered a message to queue "unsubscribed", but none of its 3 messages was published while the queue was subscribed',
    );
  });

  it('say why a delivery failed', async () => {
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'alerts' }));
    const QueueUrl = await createQueue(sqs, 'gone');
    const gone = aws.sqs.queue('gone');
    await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: gone.arn }));
    await sqs.send(new DeleteQueueCommand({ QueueUrl }));
    await sns.send(new PublishCommand({ TopicArn, Message: 'fire' }));
    const t = aws.sns.topic('alerts');
    const failure = t.published()[0]!.deliveries[0]!.failure;
    expect(failure).toBeDefined();
    expect(failureOf(() => expect(t).toHaveDeliveredTo(gone.arn))).toBe(
      `expected topic "alerts" to have delivered a message to queue "gone", but of the 1 message offered to it, 1 failed (${failure})`,
    );
  });

  it('refuse what is not a queue', async () => {
    const t = await events();
    expect(() => expect(t).not.toHaveDeliveredTo('created-only')).toThrow(
      'toHaveDeliveredTo: expected the queue as a queue view, from aws.sqs.queue(name), or its ARN, but got the string "created-only" (look it up first: aws.sqs.queue("created-only"))',
    );
    expect(() => expect(aws.sqs.queue('everything')).toHaveFilteredOut(t as never)).toThrow(/expected a topic view/);
  });
});

describe('toHaveMessagesInOrder', () => {
  async function fifo() {
    const QueueUrl = await createQueue(sqs, 'orders.fifo', { FifoQueue: 'true', ContentBasedDeduplication: 'true' });
    for (const [group, body] of [
      ['g', 'a'],
      ['h', 'x'],
      ['g', 'b'],
      ['g', '{"step":3}'],
    ]) {
      await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: body, MessageGroupId: group }));
    }
    return aws.sqs.queue('orders.fifo');
  }

  it('matches the bodies in order, of one group or of the whole queue', async () => {
    const q = await fifo();
    expect(q).toHaveMessagesInOrder(['a', 'b', { step: 3 }], { group: 'g' });
    expect(q).toHaveMessagesInOrder(['x'], { group: 'h' });
    expect(q).toHaveMessagesInOrder(['a', 'x', 'b', expect.stringContaining('step')]);
    expect(q).toHaveMessagesInOrder([], { group: 'none' });
    expect(q).not.toHaveMessagesInOrder(['b', 'a', { step: 3 }], { group: 'g' });
    expect(q).not.toHaveMessagesInOrder(['a', 'b'], { group: 'g' });
  });

  it('says where the order differs', async () => {
    const q = await fifo();
    expect(failureOf(() => expect(q).toHaveMessagesInOrder(['a', { step: 3 }, 'b'], { group: 'g' }))).toBe(
      'expected queue "orders.fifo" to hold in group "g", in this order, messages matching ["a", {step: 3}, "b"], but it holds in group "g" 3 messages: "a", "b", {"step":3}; they differ from position 2',
    );
    expect(failureOf(() => expect(q).not.toHaveMessagesInOrder(['x'], { group: 'h' }))).toBe(
      'expected queue "orders.fifo" not to hold in group "h", in this order, messages matching ["x"], but it does: "x"',
    );
  });

  it('refuses what is not a list, or a group that is not a string', async () => {
    const q = await fifo();
    expect(() => expect(q).not.toHaveMessagesInOrder('a' as never)).toThrow(
      'toHaveMessagesInOrder: expected an array of bodies (strings, objects or asymmetric matchers), got "a"',
    );
    expect(() => expect(q).not.toHaveMessagesInOrder(['a'], { group: 1 } as never)).toThrow(
      'toHaveMessagesInOrder: group must be a message group id (a string), got 1',
    );
  });
});
