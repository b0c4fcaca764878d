/**
 * The vitest matchers, on state made through real SDK clients under fake time: each matcher passing,
 * failing (with its exact message) and under `.not`.
 */
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
import type { AwsMock } from '../../src/index.js';
import { snsSetup } from '../sns/sns-support.js';
import { createQueue, failureOf, receive, send } from './support.js';

let aws: AwsMock;
let sqs: SQSClient;
let sns: SNSClient;

beforeEach(() => {
  vi.useFakeTimers();
  ({ aws, sqs, sns } = snsSetup());
});
afterEach(() => vi.useRealTimers());

describe('toHaveMessageCount', () => {
  /** orders: {"orderId":1} in flight, {"orderId":2} visible, {"orderId":3} delayed 60 s. */
  async function orders() {
    const url = await createQueue(sqs, 'orders');
    await send(sqs, url, { orderId: 1 });
    await receive(sqs, url);
    await send(sqs, url, { orderId: 2 });
    await send(sqs, url, { orderId: 3 }, 60);
    return aws.sqs.queue('orders');
  }

  it('counts every state, or one', async () => {
    const q = await orders();
    expect(q).toHaveMessageCount(3);
    expect(q).toHaveMessageCount(1, 'inFlight');
    expect(q).toHaveMessageCount(1, 'visible');
    expect(q).toHaveMessageCount(1, 'delayed');
    expect(q).not.toHaveMessageCount(2);
    expect(q).not.toHaveMessageCount(2, 'visible');
  });

  it('follows the fake clock', async () => {
    const q = await orders();
    await vi.advanceTimersByTimeAsync(30_000); // the visibility timeout ends
    expect(q).toHaveMessageCount(0, 'inFlight');
    expect(q).toHaveMessageCount(2, 'visible');
    await vi.advanceTimersByTimeAsync(30_000); // the delay ends
    expect(q).toHaveMessageCount(3, 'visible');
  });

  it('says what the queue holds when it fails', async () => {
    const q = await orders();
    expect(failureOf(() => expect(q).toHaveMessageCount(2))).toBe(
      'expected queue "orders" to hold 2 messages, but it holds 3: {"orderId":1}, {"orderId":2}, {"orderId":3}',
    );
    expect(failureOf(() => expect(q).toHaveMessageCount(2, 'inFlight'))).toBe(
      'expected queue "orders" to hold 2 inFlight messages, but it holds 1: {"orderId":1} (3 messages in all: 1 visible, 1 inFlight, 1 delayed)',
    );
    expect(failureOf(() => expect(q).not.toHaveMessageCount(1, 'delayed'))).toBe(
      'expected queue "orders" not to hold 1 delayed message, but it does: {"orderId":3}',
    );
    const empty = aws.sqs.queue(await createQueue(sqs, 'empty'));
    expect(empty).toHaveMessageCount(0);
    expect(failureOf(() => expect(empty).toHaveMessageCount(1))).toBe(
      'expected queue "empty" to hold 1 message, but it holds none',
    );
    expect(failureOf(() => expect(empty).not.toHaveMessageCount(0))).toBe(
      'expected queue "empty" not to hold 0 messages, but it does',
    );
  });

  it('lists five bodies at most, each cut short', async () => {
    const url = await createQueue(sqs, 'many');
    await send(sqs, url, 'x'.repeat(100));
    for (let n = 2; n <= 8; n++) await send(sqs, url, `message ${n}`);
    expect(failureOf(() => expect(aws.sqs.queue('many')).toHaveMessageCount(1))).toBe(
      `expected queue "many" to hold 1 message, but it holds 8: "${'x'.repeat(58)}…, "message 2", "message 3", "message 4", "message 5", … (+3 more)`,
    );
  });

  it('refuses a count, a state or a received value that makes no sense, also under .not', async () => {
    const q = await orders();
    expect(failureOf(() => expect(q).toHaveMessageCount(-1))).toBe(
      'toHaveMessageCount: the count must be a whole number of 0 or more, got -1',
    );
    expect(failureOf(() => expect(q).not.toHaveMessageCount('3' as never))).toBe(
      'toHaveMessageCount: the count must be a whole number of 0 or more, got "3"',
    );
    expect(failureOf(() => expect(q).not.toHaveMessageCount(1, 'gone' as never))).toBe(
      'toHaveMessageCount: the state must be one of "visible", "inFlight", "delayed", got "gone"',
    );
    expect(failureOf(() => expect('orders').not.toHaveMessageCount(1))).toBe(
      'toHaveMessageCount: expected a queue view, from aws.sqs.queue(name), but got the string "orders" (look it up first: aws.sqs.queue("orders"))',
    );
    expect(failureOf(() => expect(undefined).toHaveMessageCount(1))).toBe(
      'toHaveMessageCount: expected a queue view, from aws.sqs.queue(name), but got undefined',
    );
  });
});

describe('toContainMessage', () => {
  const ORDER_7 = { orderId: 7, items: [{ sku: 'a', qty: 2 }], customer: { id: 'c1', tier: 'gold' } };

  async function orders() {
    const url = await createQueue(sqs, 'orders');
    await send(sqs, url, ORDER_7);
    await send(sqs, url, 'plain text, with a comma');
    await send(sqs, url, { orderId: 8 }, 60); // delayed: every state counts
    return aws.sqs.queue('orders');
  }

  it('matches a string body exactly', async () => {
    const q = await orders();
    expect(q).toContainMessage('plain text, with a comma');
    expect(q).not.toContainMessage('plain text');
    expect(q).toContainMessage(JSON.stringify(ORDER_7));
  });

  it('matches a JSON body that contains the object, deeply and partially', async () => {
    const q = await orders();
    expect(q).toContainMessage({ orderId: 7 });
    expect(q).toContainMessage({ orderId: 8 });
    expect(q).toContainMessage({ customer: { tier: 'gold' } });
    expect(q).not.toContainMessage({ orderId: '7' });
    expect(q).not.toContainMessage({ orderId: 7, status: 'new' });
    // Arrays: same length, each element matched partially; `expect.arrayContaining` for a subset.
    expect(q).toContainMessage({ items: [{ sku: 'a' }] });
    expect(q).not.toContainMessage({ items: [] });
    expect(q).not.toContainMessage({ items: [{ sku: 'a' }, { sku: 'b' }] });
    // A key expected as undefined must be absent (JSON has no undefined).
    expect(q).toContainMessage({ orderId: 8, customer: undefined });
    expect(q).not.toContainMessage({ orderId: 7, customer: undefined });
  });

  it('takes asymmetric matchers, at any depth and on the raw body', async () => {
    const q = await orders();
    expect(q).toContainMessage({
      orderId: expect.any(Number),
      customer: expect.objectContaining({ id: expect.stringMatching(/^c/) }),
    });
    expect(q).toContainMessage(expect.objectContaining({ orderId: 8 }));
    expect(q).toContainMessage({ items: expect.arrayContaining([expect.objectContaining({ qty: 2 })]) });
    expect(q).toContainMessage(expect.stringMatching(/^plain/));
    expect(q).toContainMessage(expect.stringContaining('"orderId":8'));
    expect(q).not.toContainMessage(expect.objectContaining({ orderId: 9 }));
    expect(q).not.toContainMessage({ orderId: expect.any(String) });
    // As an asymmetric matcher itself, inside another assertion.
    expect({ queue: q }).toEqual({ queue: expect.toContainMessage({ orderId: 7 }) });
  });

  it('applies string matchers to the raw body, others to the parsed JSON, never either', async () => {
    const q = await orders();
    // Only "plain text, with a comma" lacks "orderId"; under "either", every JSON body would pass too.
    expect(q).toContainMessage(expect.not.stringContaining('orderId'));
    expect(q).toContainMessage(expect.not.objectContaining({ orderId: 7 })); // {"orderId":8}
    const url = await createQueue(sqs, 'json-only');
    await send(sqs, url, { orderId: 7 });
    expect(aws.sqs.queue('json-only')).not.toContainMessage(expect.not.stringContaining('orderId'));
    expect(aws.sqs.queue('json-only')).not.toContainMessage(expect.not.objectContaining({ orderId: 7 }));
  });

  it('uses the equality testers added with expect.addEqualityTesters', async () => {
    // Harmless to other tests: it only speaks for its own class.
    class CaseInsensitive {
      constructor(readonly text: string) {}
    }
    expect.addEqualityTesters([
      (actual: unknown, expected: unknown) =>
        expected instanceof CaseInsensitive
          ? typeof actual === 'string' && actual.toLowerCase() === expected.text.toLowerCase()
          : undefined,
    ]);
    const q = await orders();
    expect(q).toContainMessage({ customer: { tier: new CaseInsensitive('GOLD') } });
    expect(q).not.toContainMessage({ customer: { tier: new CaseInsensitive('SILVER') } });
  });

  it('never matches an object, or a matcher other than a string one, against a body that is not JSON', async () => {
    const url = await createQueue(sqs, 'texts');
    await send(sqs, url, 'not json');
    const texts = aws.sqs.queue('texts');
    expect(texts).not.toContainMessage({});
    expect(texts).not.toContainMessage([]);
    expect(texts).not.toContainMessage(expect.anything());
    expect(texts).not.toContainMessage(expect.not.objectContaining({ orderId: 7 }));
    expect(texts).toContainMessage(expect.stringMatching(/json/));
  });

  it('says what the queue holds when it fails', async () => {
    const q = await orders();
    expect(failureOf(() => expect(q).toContainMessage({ orderId: 9 }))).toBe(
      'expected queue "orders" to contain a message matching {orderId: 9}, but it holds 3 messages: ' +
        '{"orderId":7,"items":[{"sku":"a","qty":2}],"customer":{"id"…, "plain text, with a comma", {"orderId":8}',
    );
    expect(
      failureOf(() =>
        expect(q).toContainMessage({ orderId: expect.any(String), sku: expect.stringMatching(/^a/), 'x-y': [1, null] }),
      ),
    ).toBe(
      'expected queue "orders" to contain a message matching {orderId: Any<String>, sku: StringMatching /^a/, "x-y": [1, null]}, but it holds 3 messages: ' +
        '{"orderId":7,"items":[{"sku":"a","qty":2}],"customer":{"id"…, "plain text, with a comma", {"orderId":8}',
    );
    expect(
      failureOf(() => expect(q).not.toContainMessage(expect.objectContaining({ orderId: expect.any(Number) }))),
    ).toBe(
      'expected queue "orders" not to contain a message matching ObjectContaining {orderId: Any<Number>}, but 2 of its 3 messages do: ' +
        '{"orderId":7,"items":[{"sku":"a","qty":2}],"customer":{"id"…, {"orderId":8}',
    );
    expect(failureOf(() => expect(q).not.toContainMessage('plain text, with a comma'))).toBe(
      'expected queue "orders" not to contain a message matching "plain text, with a comma", but 1 of its 3 messages does: "plain text, with a comma"',
    );
    const empty = aws.sqs.queue(await createQueue(sqs, 'empty'));
    expect(failureOf(() => expect(empty).toContainMessage('x'))).toBe(
      'expected queue "empty" to contain a message matching "x", but it holds no messages',
    );
  });

  it('refuses what is not a queue, or nothing to look for', async () => {
    const q = await orders();
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
    expect(failureOf(() => expect(aws.sns.topic(TopicArn!)).not.toContainMessage({}))).toBe(
      'toContainMessage: expected a queue view, from aws.sqs.queue(name), but got a TopicView',
    );
    expect(failureOf(() => expect(q).not.toContainMessage(7 as never))).toBe(
      'toContainMessage: expected a body (string), an object or array its JSON body contains, or an asymmetric matcher, but got 7',
    );
    expect(failureOf(() => expect(q).not.toContainMessage(undefined as never))).toMatch(
      /^toContainMessage: expected a body .* but got undefined$/,
    );
  });
});

describe('toHaveDeadLetter', () => {
  /**
   * orders and payments redrive to orders-dlq after one receive; {"orderId":7} came from orders,
   * {"paymentId":1} from payments, and {"orderId":9} was sent to the dead-letter queue directly.
   */
  async function deadLetters() {
    const dlqUrl = await createQueue(sqs, 'orders-dlq');
    const redrive = {
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: aws.sqs.queue('orders-dlq').arn, maxReceiveCount: 1 }),
    };
    const ordersUrl = await createQueue(sqs, 'orders', redrive);
    const paymentsUrl = await createQueue(sqs, 'payments', redrive);
    await createQueue(sqs, 'refunds', redrive);
    await send(sqs, ordersUrl, { orderId: 7 });
    await send(sqs, paymentsUrl, { paymentId: 1 });
    await send(sqs, dlqUrl, { orderId: 9 });
    for (const url of [ordersUrl, paymentsUrl]) await receive(sqs, url);
    await vi.advanceTimersByTimeAsync(30_000);
    // The receive that would exceed maxReceiveCount moves the message instead of returning it.
    for (const url of [ordersUrl, paymentsUrl]) expect(await receive(sqs, url)).toBe(0);
  }

  it('finds a message that came from the queue, with or without a match', async () => {
    await deadLetters();
    const orders = aws.sqs.queue('orders');
    expect(orders).toHaveDeadLetter();
    expect(orders).toHaveDeadLetter({ orderId: 7 });
    expect(orders).toHaveDeadLetter(expect.stringContaining('7'));
    expect(orders).not.toHaveDeadLetter({ orderId: 8 });
    // In the same dead-letter queue, but from another queue or sent there directly: not orders' dead letters.
    expect(orders).not.toHaveDeadLetter({ paymentId: 1 });
    expect(orders).not.toHaveDeadLetter({ orderId: 9 });
    expect(aws.sqs.queue('payments')).toHaveDeadLetter({ paymentId: 1 });
    expect(aws.sqs.queue('refunds')).not.toHaveDeadLetter();
  });

  it('says what the dead-letter queue holds when it fails', async () => {
    await deadLetters();
    const orders = aws.sqs.queue('orders');
    expect(failureOf(() => expect(orders).toHaveDeadLetter({ orderId: 8 }))).toBe(
      'expected queue "orders" to have a dead letter matching {orderId: 8}, but its dead-letter queue "orders-dlq" holds 1 message from it: {"orderId":7} (and 2 other messages)',
    );
    expect(failureOf(() => expect(aws.sqs.queue('refunds')).toHaveDeadLetter())).toBe(
      'expected queue "refunds" to have a dead letter, but its dead-letter queue "orders-dlq" holds none from it (and 3 other messages)',
    );
    expect(failureOf(() => expect(orders).not.toHaveDeadLetter())).toBe(
      'expected queue "orders" not to have a dead letter, but its dead-letter queue "orders-dlq" holds 1 message from it: {"orderId":7}',
    );
    expect(failureOf(() => expect(orders).not.toHaveDeadLetter({ orderId: 7 }))).toBe(
      'expected queue "orders" not to have a dead letter matching {orderId: 7}, but its dead-letter queue "orders-dlq" holds 1 such message from it: {"orderId":7}',
    );
  });

  it('fails, and passes under .not, for a queue without a dead-letter queue', async () => {
    const plain = aws.sqs.queue(await createQueue(sqs, 'plain'));
    expect(plain).not.toHaveDeadLetter();
    expect(plain).not.toHaveDeadLetter({ orderId: 7 });
    expect(failureOf(() => expect(plain).toHaveDeadLetter({ orderId: 7 }))).toBe(
      'expected queue "plain" to have a dead letter matching {orderId: 7}, but it has no dead-letter queue (no RedrivePolicy, or its target queue does not exist)',
    );
  });
});

describe('toHavePublished', () => {
  /**
   * events: {"type":"created","id":1}, {"type":"deleted","id":2} and "hello", with a raw subscription
   * whose filter policy takes only "created" and one in the SNS envelope taking everything.
   */
  async function events() {
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
    await createQueue(sqs, 'created-only');
    await createQueue(sqs, 'everything');
    await sns.send(
      new SubscribeCommand({
        TopicArn,
        Protocol: 'sqs',
        Endpoint: aws.sqs.queue('created-only').arn,
        Attributes: {
          RawMessageDelivery: 'true',
          FilterPolicyScope: 'MessageBody',
          FilterPolicy: JSON.stringify({ type: ['created'] }),
        },
      }),
    );
    await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: aws.sqs.queue('everything').arn }));
    await sns.send(new PublishCommand({ TopicArn, Message: JSON.stringify({ type: 'created', id: 1 }) }));
    await sns.send(
      new PublishBatchCommand({
        TopicArn,
        PublishBatchRequestEntries: [
          { Id: 'a', Message: JSON.stringify({ type: 'deleted', id: 2 }) },
          { Id: 'b', Message: 'hello' },
        ],
      }),
    );
    return aws.sns.topic('events');
  }

  it('matches published messages, whether or not a filter policy let them through', async () => {
    const topic = await events();
    expect(topic).toHavePublished();
    expect(topic).toHavePublished({ type: 'created' });
    expect(topic).toHavePublished({ type: 'deleted', id: expect.any(Number) });
    expect(topic).toHavePublished('hello');
    expect(topic).not.toHavePublished({ type: 'updated' });
    // The filter kept "deleted" from the raw subscriber; the envelope subscriber got everything.
    expect(aws.sqs.queue('created-only')).toContainMessage({ type: 'created' });
    expect(aws.sqs.queue('created-only')).not.toContainMessage({ type: 'deleted' });
    expect(aws.sqs.queue('everything')).toContainMessage({
      Type: 'Notification',
      Message: JSON.stringify({ type: 'deleted', id: 2 }),
    });
    expect(aws.sqs.queue('everything')).toHaveMessageCount(3);
  });

  it('says what the topic published when it fails', async () => {
    const topic = await events();
    expect(failureOf(() => expect(topic).toHavePublished({ type: 'updated' }))).toBe(
      'expected topic "events" to have published a message matching {type: "updated"}, but it published 3 messages: ' +
        '{"type":"created","id":1}, {"type":"deleted","id":2}, "hello"',
    );
    expect(failureOf(() => expect(topic).not.toHavePublished({ type: expect.stringMatching(/d$/) }))).toBe(
      'expected topic "events" not to have published a message matching {type: StringMatching /d$/}, but 2 of its 3 messages do: ' +
        '{"type":"created","id":1}, {"type":"deleted","id":2}',
    );
    expect(failureOf(() => expect(topic).not.toHavePublished())).toBe(
      'expected topic "events" not to have published a message, but it published 3 messages: {"type":"created","id":1}, {"type":"deleted","id":2}, "hello"',
    );
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'quiet' }));
    const quiet = aws.sns.topic(TopicArn!);
    expect(quiet).not.toHavePublished();
    expect(failureOf(() => expect(quiet).toHavePublished())).toBe(
      'expected topic "quiet" to have published a message, but it published none',
    );
    expect(failureOf(() => expect(quiet).toHavePublished({ type: 'created' }))).toBe(
      'expected topic "quiet" to have published a message matching {type: "created"}, but it published no messages',
    );
  });

  it('refuses what is not a topic', async () => {
    const url = await createQueue(sqs, 'orders');
    expect(failureOf(() => expect(aws.sqs.queue(url)).not.toHavePublished())).toBe(
      'toHavePublished: expected a topic view, from aws.sns.topic(name), but got a QueueView',
    );
    expect(failureOf(() => expect('events').toHavePublished())).toBe(
      'toHavePublished: expected a topic view, from aws.sns.topic(name), but got the string "events" (look it up first: aws.sns.topic("events"))',
    );
  });
});
