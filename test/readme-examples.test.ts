/**
 * The README's examples, run as written (modulo the assertions that make them tests), so the
 * documentation cannot drift from what the library does.
 */
import { CreateTopicCommand, PublishCommand, SNSClient, SubscribeCommand } from '@aws-sdk/client-sns';
import {
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  DeleteMessageCommand,
  ListMessageMoveTasksCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
  StartMessageMoveTaskCommand,
} from '@aws-sdk/client-sqs';
import { Consumer } from 'sqs-consumer';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createAwsMock } from '../src/index.js';
import { abortSignalReachesMiddleware } from './sdk-features.js';

const aws = createAwsMock();
const sqs = new SQSClient({});
sqs.middlewareStack.use(aws.sqs);
const sns = new SNSClient({});
sns.middlewareStack.use(aws.sns);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  aws.reset();
});

it('quick start: redelivers a message that was not deleted', async () => {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: '{"orderId":7}' }));

  const first = await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
  expect(first.Messages).toHaveLength(1);
  expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl }))).Messages).toBeUndefined();

  await vi.advanceTimersByTimeAsync(30_000);
  const again = await sqs.send(new ReceiveMessageCommand({ QueueUrl, AttributeNames: ['All'] }));
  expect(again.Messages?.[0]?.Attributes?.ApproximateReceiveCount).toBe('2');

  await sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: again.Messages![0]!.ReceiptHandle }));
  expect(aws.sqs.queue('orders').messages()).toEqual([]);
});

it('quick start: a long poll on fake time', async () => {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  const pending = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }));
  await vi.advanceTimersByTimeAsync(20_000);
  expect((await pending).Messages).toBeUndefined();
});

it('FIFO queues: order, locking and deduplication', async () => {
  const { QueueUrl } = await sqs.send(
    new CreateQueueCommand({
      QueueName: 'orders.fifo',
      Attributes: { FifoQueue: 'true', ContentBasedDeduplication: 'true' },
    }),
  );
  for (const step of ['created', 'paid', 'shipped']) {
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageGroupId: 'order-7', MessageBody: step }));
  }
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageGroupId: 'order-7', MessageBody: 'paid' }));

  const first = await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
  expect(first.Messages?.map((m) => m.Body)).toEqual(['created']);
  const blocked = await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
  expect(blocked.Messages).toBeUndefined();
  await sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: first.Messages![0]!.ReceiptHandle }));
  const next = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }));
  expect(next.Messages?.map((m) => m.Body)).toEqual(['paid', 'shipped']);
});

it('honest mode: created as documented', () => {
  expect(createAwsMock({ seed: 1234, honest: true }).honest).toBe(true);
  expect(createAwsMock({ honest: { reorder: true, duplicates: 0.1, sampling: true } }).honest).toEqual({
    reorder: true,
    duplicates: 0.1,
    sampling: true,
  });
});

it('message move tasks: redrives a dead-letter queue at one message a second', async () => {
  await sqs.send(new CreateQueueCommand({ QueueName: 'orders-dlq' }));
  const dlq = aws.sqs.queue('orders-dlq').arn;
  const { QueueUrl } = await sqs.send(
    new CreateQueueCommand({
      QueueName: 'orders',
      Attributes: { RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq, maxReceiveCount: 1 }) },
    }),
  );
  for (const n of [1, 2, 3, 4]) await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: `order ${n}` }));
  await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, VisibilityTimeout: 0 }));
  await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }));

  await sqs.send(new StartMessageMoveTaskCommand({ SourceArn: dlq, MaxNumberOfMessagesPerSecond: 1 }));
  await vi.advanceTimersByTimeAsync(0);
  await vi.advanceTimersByTimeAsync(1_000);
  const { Results } = await sqs.send(new ListMessageMoveTasksCommand({ SourceArn: dlq }));
  expect(Results?.[0]).toMatchObject({
    Status: 'RUNNING',
    ApproximateNumberOfMessagesMoved: 2,
    ApproximateNumberOfMessagesToMove: 4,
  });

  await vi.advanceTimersByTimeAsync(2_000);
  expect(aws.sqs.queue('orders').messages()).toHaveLength(4);
  expect(aws.sqs.queue('orders-dlq').messages()).toEqual([]);
});

it('SNS: fan-out through a filter policy with raw delivery', async () => {
  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'big-orders' }));
  await sns.send(
    new SubscribeCommand({
      TopicArn,
      Protocol: 'sqs',
      Endpoint: aws.sqs.queue('big-orders').arn,
      Attributes: { FilterPolicy: JSON.stringify({ amount: [{ numeric: ['>=', 100] }] }), RawMessageDelivery: 'true' },
    }),
  );

  await sns.send(
    new PublishCommand({
      TopicArn,
      Message: '{"orderId":7}',
      MessageAttributes: { amount: { DataType: 'Number', StringValue: '250' } },
    }),
  );
  await sns.send(
    new PublishCommand({
      TopicArn,
      Message: '{"orderId":8}',
      MessageAttributes: { amount: { DataType: 'Number', StringValue: '5' } },
    }),
  );

  const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MessageAttributeNames: ['All'] }));
  expect(Messages?.map((m) => m.Body)).toEqual(['{"orderId":7}']);
  expect(Messages?.[0]?.MessageAttributes?.['amount']?.StringValue).toBe('250');
  expect(aws.sns.topic('events').published()[1]?.deliveries[0]?.delivered).toBe(false);
});

// stop({ abort: true }) ends the consumer's long poll through the SDK's abortSignal (see sdk-features.ts).
it.runIf(abortSignalReachesMiddleware)(
  'working with other tools: sqs-consumer, a message whose handler keeps failing ends in the DLQ',
  async () => {
    await sqs.send(new CreateQueueCommand({ QueueName: 'orders-dlq' }));
    const { QueueUrl } = await sqs.send(
      new CreateQueueCommand({
        QueueName: 'orders',
        Attributes: {
          RedrivePolicy: JSON.stringify({ deadLetterTargetArn: aws.sqs.queue('orders-dlq').arn, maxReceiveCount: 3 }),
        },
      }),
    );
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'poison' }));

    const consumer = Consumer.create({
      queueUrl: QueueUrl!,
      sqs,
      handleMessage: async (message) => {
        if (message.Body === 'poison') throw new Error('cannot handle');
        return message;
      },
    });
    const failures = vi.fn();
    consumer.on('processing_error', failures);
    consumer.on('error', () => {});
    consumer.start();
    await vi.advanceTimersByTimeAsync(100_000);
    consumer.stop({ abort: true });

    expect(failures).toHaveBeenCalledTimes(3);
    expect(
      aws.sqs
        .queue('orders')
        .deadLetterQueue()
        ?.messages()
        .map((m) => m.body),
    ).toEqual(['poison']);
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
  },
);

it('cookbook: force a redelivery now', async () => {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'x' }));
  const [m] = (await sqs.send(new ReceiveMessageCommand({ QueueUrl }))).Messages!;
  await sqs.send(
    new ChangeMessageVisibilityCommand({ QueueUrl, ReceiptHandle: m!.ReceiptHandle, VisibilityTimeout: 0 }),
  );
  expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl }))).Messages?.[0]?.MessageId).toBe(m!.MessageId);
});

it('cookbook: test a long-polling consumer', async () => {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  const polling = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }));
  await vi.advanceTimersByTimeAsync(5_000);
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'late' }));
  expect((await polling).Messages?.[0]?.Body).toBe('late');
});
