// Journeys on the built package under jest: aws.journey, and a matcher's failure ending with the journeys it talks
// about.
require('sqs-sns-mock/jest');
const { setup, createQueue, send, receive, wholeFailureOf } = require('./support.cjs');

let aws;
let sqs;

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(Date.UTC(2025, 0, 1));
  ({ aws, sqs } = setup());
});
afterEach(() => jest.useRealTimers());

test('a failing matcher ends with the journey of the message, in flight and when it comes back', async () => {
  const url = await createQueue(sqs, 'orders', { VisibilityTimeout: '60' });
  await send(sqs, url, { orderId: 7 });
  expect(await receive(sqs, url)).toBe(1);
  const [held] = aws.sqs.queue('orders').messages();

  const message = wholeFailureOf(() => expect(aws.sqs.queue('orders')).toHaveMessageCount(0));
  expect(message).toContain(`holds 1: {"orderId":7}\n\nJourneys (`);
  expect(message).toContain(`${held.messageId}:\n    +0.000s  sqs     orders  sent`);
  expect(message).toMatch(/in flight, receive count 1, visible again at \+60\.000s$/m);
  expect(aws.journey(held).steps.map((step) => step.kind)).toEqual(['sent', 'received']);
  expect(String(aws.journey('unknown'))).toMatch(/^no steps recorded for "unknown"/);
});
