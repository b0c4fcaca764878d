// With `injectGlobals: false` there is no global `expect`: the matchers must still be on the one
// '@jest/globals' gives.
const { afterEach, beforeEach, expect, jest, test } = require('@jest/globals');
require('sqs-sns-mock/jest');
const { setup, createQueue, send, failureOf } = require('./support.cjs');

let aws;
let sqs;

beforeEach(() => {
  jest.useFakeTimers();
  ({ aws, sqs } = setup());
});
afterEach(() => jest.useRealTimers());

test('the matchers work without jest globals', async () => {
  expect(typeof globalThis.expect).toBe('undefined');
  const url = await createQueue(sqs, 'orders');
  await send(sqs, url, { orderId: 7 });
  const q = aws.sqs.queue('orders');
  expect(q).toHaveMessageCount(1);
  expect(q).toContainMessage({ orderId: 7 });
  expect(failureOf(() => expect(q).toContainMessage({ orderId: 8 }))).toBe(
    'expected queue "orders" to contain a message matching {orderId: 8}, but it holds 1 message: {"orderId":7}',
  );
});
