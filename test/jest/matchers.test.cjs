// The jest matchers on the built package, through real SDK clients under jest's modern fake timers.
require('sqs-sns-mock/jest');
const { CreateTopicCommand, PublishCommand } = require('@aws-sdk/client-sns');
const { setup, createQueue, send, receive, failureOf } = require('./support.cjs');
const { docBlock } = require('../support/doc-pages.cjs');

let aws;
let sqs;
let sns;

beforeEach(() => {
  jest.useFakeTimers();
  ({ aws, sqs, sns } = setup());
});
afterEach(() => jest.useRealTimers());

// The page's jest example (docs/guide/assertions.md), read from the page and run as written: a CommonJS test file's
// body, given this file's `require` (which finds the built package, as a jest user's does) and jest's globals.
const example = docBlock('docs/guide/assertions.md', 'assertions-jest');
new Function('require', 'test', 'expect', example.code)(require, test, expect);

test('toHaveMessageCount: every state or one, on the fake clock', async () => {
  const url = await createQueue(sqs, 'orders');
  await send(sqs, url, { orderId: 1 });
  await receive(sqs, url);
  await send(sqs, url, { orderId: 2 }, 60);
  const q = aws.sqs.queue('orders');
  expect(q).toHaveMessageCount(2);
  expect(q).toHaveMessageCount(1, 'inFlight');
  expect(q).toHaveMessageCount(1, 'delayed');
  expect(q).not.toHaveMessageCount(1);
  await jest.advanceTimersByTimeAsync(60_000);
  expect(q).toHaveMessageCount(2, 'visible');
  expect(failureOf(() => expect(q).toHaveMessageCount(1, 'inFlight'))).toBe(
    'expected queue "orders" to hold 1 inFlight message, but it holds none (2 messages in all: 2 visible)',
  );
  expect(failureOf(() => expect(q).not.toHaveMessageCount(2))).toBe(
    'expected queue "orders" not to hold 2 messages, but it does: {"orderId":1}, {"orderId":2}',
  );
});

test("toContainMessage: strings, partial JSON and jest's asymmetric matchers", async () => {
  const url = await createQueue(sqs, 'orders');
  await send(sqs, url, { orderId: 7, customer: { id: 'c1', tier: 'gold' }, items: [{ sku: 'a' }] });
  await send(sqs, url, 'plain text');
  const q = aws.sqs.queue('orders');
  expect(q).toContainMessage('plain text');
  expect(q).toContainMessage({ customer: { tier: 'gold' } });
  expect(q).toContainMessage({ orderId: expect.any(Number), items: expect.arrayContaining([{ sku: 'a' }]) });
  expect(q).toContainMessage(expect.objectContaining({ orderId: 7 }));
  expect(q).toContainMessage(expect.stringMatching(/^plain/));
  expect(q).not.toContainMessage({ orderId: expect.any(String) });
  // String matchers see the raw body, the others the parsed JSON ("plain text" is not JSON).
  expect(q).toContainMessage(expect.not.stringContaining('orderId'));
  expect(q).not.toContainMessage(expect.not.objectContaining({ orderId: 7 }));
  expect({ queue: q }).toEqual({ queue: expect.toContainMessage({ orderId: 7 }) });
  expect(failureOf(() => expect(q).toContainMessage({ orderId: 9 }))).toBe(
    'expected queue "orders" to contain a message matching {orderId: 9}, but it holds 2 messages: ' +
      '{"orderId":7,"customer":{"id":"c1","tier":"gold"},"items":[…, "plain text"',
  );
  expect(failureOf(() => expect(q).not.toContainMessage({ orderId: expect.any(Number) }))).toBe(
    'expected queue "orders" not to contain a message matching {orderId: Any<Number>}, but 1 of its 2 messages does: ' +
      '{"orderId":7,"customer":{"id":"c1","tier":"gold"},"items":[…',
  );
});

test('toContainMessage uses the equality testers added with expect.addEqualityTesters', async () => {
  // Harmless to other tests: it only speaks for its own class.
  class CaseInsensitive {
    constructor(text) {
      this.text = text;
    }
  }
  expect.addEqualityTesters([
    (actual, expected) =>
      expected instanceof CaseInsensitive
        ? typeof actual === 'string' && actual.toLowerCase() === expected.text.toLowerCase()
        : undefined,
  ]);
  const url = await createQueue(sqs, 'orders');
  await send(sqs, url, { tier: 'gold' });
  expect(aws.sqs.queue('orders')).toContainMessage({ tier: new CaseInsensitive('GOLD') });
  expect(aws.sqs.queue('orders')).not.toContainMessage({ tier: new CaseInsensitive('SILVER') });
});

test('toHaveDeadLetter: only what came from the queue', async () => {
  const dlqUrl = await createQueue(sqs, 'orders-dlq');
  const redrive = {
    RedrivePolicy: JSON.stringify({ deadLetterTargetArn: aws.sqs.queue('orders-dlq').arn, maxReceiveCount: 1 }),
  };
  const ordersUrl = await createQueue(sqs, 'orders', redrive);
  const paymentsUrl = await createQueue(sqs, 'payments', redrive);
  await send(sqs, ordersUrl, { orderId: 7 });
  await send(sqs, paymentsUrl, { paymentId: 1 });
  await send(sqs, dlqUrl, { orderId: 9 });
  for (const url of [ordersUrl, paymentsUrl]) await receive(sqs, url);
  await jest.advanceTimersByTimeAsync(30_000);
  for (const url of [ordersUrl, paymentsUrl]) expect(await receive(sqs, url)).toBe(0); // moved, not returned

  const orders = aws.sqs.queue('orders');
  expect(orders).toHaveDeadLetter();
  expect(orders).toHaveDeadLetter({ orderId: 7 });
  expect(orders).not.toHaveDeadLetter({ paymentId: 1 });
  expect(orders).not.toHaveDeadLetter({ orderId: 9 });
  expect(aws.sqs.queue('payments')).toHaveDeadLetter({ paymentId: expect.any(Number) });
  expect(failureOf(() => expect(orders).toHaveDeadLetter({ orderId: 9 }))).toBe(
    'expected queue "orders" to have a dead letter matching {orderId: 9}, but its dead-letter queue "orders-dlq" holds 1 message from it: {"orderId":7} (and 2 other messages)',
  );
  expect(failureOf(() => expect(orders).not.toHaveDeadLetter())).toBe(
    'expected queue "orders" not to have a dead letter, but its dead-letter queue "orders-dlq" holds 1 message from it: {"orderId":7}',
  );
});

test('toHavePublished', async () => {
  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
  const topic = aws.sns.topic('events');
  expect(topic).not.toHavePublished();
  await sns.send(new PublishCommand({ TopicArn, Message: JSON.stringify({ type: 'created', id: 1 }) }));
  expect(topic).toHavePublished();
  expect(topic).toHavePublished({ type: 'created' });
  expect(topic).not.toHavePublished({ type: 'deleted' });
  expect(failureOf(() => expect(topic).toHavePublished({ type: 'deleted' }))).toBe(
    'expected topic "events" to have published a message matching {type: "deleted"}, but it published 1 message: {"type":"created","id":1}',
  );
});

test('misuse fails, also under .not', async () => {
  await createQueue(sqs, 'orders');
  expect(failureOf(() => expect('orders').not.toContainMessage({}))).toBe(
    'toContainMessage: expected a queue view, from aws.sqs.queue(name), but got the string "orders" (look it up first: aws.sqs.queue("orders"))',
  );
  expect(failureOf(() => expect(aws.sqs.queue('orders')).not.toHavePublished())).toBe(
    'toHavePublished: expected a topic view, from aws.sns.topic(name), but got a QueueView',
  );
});
