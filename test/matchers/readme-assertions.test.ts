/**
 * The README's "Assertions" example for vitest, run as written (plus the failure text the README
 * quotes), so the documentation cannot drift. The jest example runs in test/jest/matchers.test.cjs.
 */
import { CreateTopicCommand, PublishCommand } from '@aws-sdk/client-sns';
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
