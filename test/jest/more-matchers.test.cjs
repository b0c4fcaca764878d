// The matchers of issue 13 item 8 under jest, on the built package: attributes and counts, deliveries, FIFO order.
require('sqs-sns-mock/jest');
const { SendMessageCommand } = require('@aws-sdk/client-sqs');
const { CreateTopicCommand, PublishCommand, SubscribeCommand } = require('@aws-sdk/client-sns');
const { setup, createQueue, failureOf } = require('./support.cjs');

let aws;
let sqs;
let sns;

beforeEach(() => {
  jest.useFakeTimers();
  ({ aws, sqs, sns } = setup());
});
afterEach(() => jest.useRealTimers());

test('toContainMessage and toHavePublished with attributes and times', async () => {
  const QueueUrl = await createQueue(sqs, 'orders');
  const MessageAttributes = { type: { DataType: 'String', StringValue: 'created' } };
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: '{"orderId":7}', MessageAttributes }));
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: '{"orderId":7}' }));
  const q = aws.sqs.queue('orders');
  expect(q).toContainMessage({ orderId: 7 }, { times: 2 });
  expect(q).toContainMessage({ orderId: 7 }, { attributes: { type: 'created' }, times: 1 });
  expect(q).toContainMessage(undefined, { attributes: { type: expect.any(String) } });
  expect(failureOf(() => expect(q).toContainMessage({ orderId: 7 }, { times: 3 }))).toBe(
    'expected queue "orders" to contain exactly 3 messages matching {orderId: 7}, but 2 of its 2 messages do: {"orderId":7}, {"orderId":7}',
  );

  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
  await sns.send(new PublishCommand({ TopicArn, Message: 'hello', MessageAttributes }));
  await sns.send(new PublishCommand({ TopicArn, Message: 'hello' }));
  expect(aws.sns.topic('events')).toHavePublished('hello', { times: 2 });
  expect(aws.sns.topic('events')).toHavePublished('hello', { attributes: { type: 'created' }, times: 1 });
});

test('toHaveDeliveredTo, toHaveFilteredOut', async () => {
  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
  await createQueue(sqs, 'created-only');
  const queue = aws.sqs.queue('created-only');
  await sns.send(
    new SubscribeCommand({
      TopicArn,
      Protocol: 'sqs',
      Endpoint: queue.arn,
      Attributes: { FilterPolicyScope: 'MessageBody', FilterPolicy: JSON.stringify({ type: ['created'] }) },
    }),
  );
  await sns.send(new PublishCommand({ TopicArn, Message: '{"type":"created"}' }));
  await sns.send(new PublishCommand({ TopicArn, Message: '{"type":"deleted"}' }));
  const topic = aws.sns.topic('events');
  expect(topic).toHaveDeliveredTo(queue, { type: 'created' });
  expect(topic).toHaveFilteredOut(queue, { type: 'deleted' });
  expect(topic).not.toHaveDeliveredTo(queue.arn, { type: 'deleted' });
  expect(failureOf(() => expect(topic).toHaveDeliveredTo(queue, { type: 'deleted' }))).toBe(
    'expected topic "events" to have delivered a message matching {type: "deleted"} to queue "created-only", but of the 1 message offered to it, 1 filtered out by its filter policy ({"type":"deleted"}) because type: "deleted" is not one of ["created"]',
  );
});

test('toHaveMessagesInOrder', async () => {
  const QueueUrl = await createQueue(sqs, 'orders.fifo', { FifoQueue: 'true', ContentBasedDeduplication: 'true' });
  for (const body of ['a', 'b', 'c']) {
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: body, MessageGroupId: 'g' }));
  }
  const q = aws.sqs.queue('orders.fifo');
  expect(q).toHaveMessagesInOrder(['a', 'b', 'c'], { group: 'g' });
  expect(q).not.toHaveMessagesInOrder(['a', 'c', 'b'], { group: 'g' });
  expect(failureOf(() => expect(q).toHaveMessagesInOrder(['a', 'c'], { group: 'g' }))).toBe(
    'expected queue "orders.fifo" to hold in group "g", in this order, messages matching ["a", "c"], but it holds in group "g" 3 messages: "a", "b", "c"; they differ from position 2',
  );
});
