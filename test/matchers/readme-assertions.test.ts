/**
 * The README's "Assertions" example for vitest, run as written (plus the failure text the README
 * quotes), so the documentation cannot drift. The jest example runs in test/jest/matchers.test.cjs.
 */
import { CreateTopicCommand, PublishCommand, SubscribeCommand } from '@aws-sdk/client-sns';
import { CreateQueueCommand, ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import '../../src/matchers/vitest.js';
import { snsSetup } from '../sns/sns-support.js';
import { failureOf } from './support.js';

const { aws, sqs, sns } = snsSetup();

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  aws.reset();
});

it('dead-letters an order that keeps failing', async () => {
  await sqs.send(new CreateQueueCommand({ QueueName: 'orders-dlq' }));
  const { QueueUrl } = await sqs.send(
    new CreateQueueCommand({
      QueueName: 'orders',
      Attributes: {
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: aws.sqs.queue('orders-dlq').arn, maxReceiveCount: 1 }),
      },
    }),
  );
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: '{"orderId":7,"total":250}' }));
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'ping', DelaySeconds: 60 }));

  const q = aws.sqs.queue('orders');
  expect(q).toHaveMessageCount(2); // every state
  expect(q).toHaveMessageCount(1, 'delayed'); // or 'visible' | 'inFlight'
  expect(q).toContainMessage({ orderId: 7 }); // the JSON body contains this
  expect(q).toContainMessage({ orderId: 7, total: expect.any(Number) });
  expect(q).toContainMessage('ping'); // a string: the exact body
  expect(q).not.toHaveDeadLetter();
  expect(failureOf(() => expect(q).toContainMessage({ orderId: 8 }))).toBe(
    'expected queue "orders" to contain a message matching {orderId: 8}, but it holds 2 messages: {"orderId":7,"total":250}, "ping"',
  );

  await sqs.send(new ReceiveMessageCommand({ QueueUrl })); // received, not deleted…
  await vi.advanceTimersByTimeAsync(30_000);
  await sqs.send(new ReceiveMessageCommand({ QueueUrl })); // …so this receive dead-letters it
  expect(q).toHaveDeadLetter({ orderId: 7 });

  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
  await sns.send(new PublishCommand({ TopicArn, Message: JSON.stringify({ type: 'created', orderId: 7 }) }));
  expect(aws.sns.topic('events')).toHavePublished({ type: 'created' });
});

it('routes created orders, in order (README "Attributes, counts, deliveries and order")', async () => {
  await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
  await sns.send(
    new SubscribeCommand({
      TopicArn,
      Protocol: 'sqs',
      Endpoint: aws.sqs.queue('orders').arn,
      Attributes: { RawMessageDelivery: 'true', FilterPolicy: JSON.stringify({ type: ['created'] }) },
    }),
  );
  const type = (StringValue: string) => ({ type: { DataType: 'String', StringValue } });
  await sns.send(new PublishCommand({ TopicArn, Message: '{"orderId":7}', MessageAttributes: type('created') }));
  await sns.send(new PublishCommand({ TopicArn, Message: '{"orderId":7}', MessageAttributes: type('deleted') }));

  const t = aws.sns.topic('events');
  const q = aws.sqs.queue('orders');
  expect(t).toHavePublished({ orderId: 7 }, { times: 2 }); // exactly twice
  expect(t).toHavePublished({ orderId: 7 }, { attributes: { type: 'deleted' } });
  expect(t).toHaveDeliveredTo(q, { orderId: 7 }); // q: a view, or its ARN
  expect(t).toHaveFilteredOut(q); // the filter policy kept one out
  expect(q).toContainMessage({ orderId: 7 }, { attributes: { type: 'created' }, times: 1 });
  expect(q).toContainMessage(undefined, { attributes: { type: expect.any(String) } }); // any body

  const { QueueUrl } = await sqs.send(
    new CreateQueueCommand({
      QueueName: 'steps.fifo',
      Attributes: { FifoQueue: 'true', ContentBasedDeduplication: 'true' },
    }),
  );
  for (const [MessageGroupId, MessageBody] of [
    ['g', 'pick'],
    ['h', 'other'],
    ['g', 'pack'],
  ]) {
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody, MessageGroupId }));
  }
  const steps = aws.sqs.queue('steps.fifo');
  expect(steps).toHaveMessagesInOrder(['pick', 'pack'], { group: 'g' }); // one message group
  expect(steps).toHaveMessagesInOrder(['pick', 'other', 'pack']); // the whole queue

  expect(failureOf(() => expect(t).toHaveDeliveredTo(q, { orderId: 8 }))).toBe(
    'expected topic "events" to have delivered a message matching {orderId: 8} to queue "orders", but it published no messages matching {orderId: 8}',
  );
  expect(failureOf(() => expect(steps).toHaveMessagesInOrder(['pack', 'pick'], { group: 'g' }))).toBe(
    'expected queue "steps.fifo" to hold in group "g", in this order, messages matching ["pack", "pick"], but it holds in group "g" 2 messages: "pick", "pack"; they differ from position 1',
  );
});
