/**
 * The README's Lambda examples, run as written (modulo the assertions that make them tests), so the documentation
 * cannot drift from what the library does.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { CreateTopicCommand, PublishCommand, SNSClient, SubscribeCommand } from '@aws-sdk/client-sns';
import { CreateQueueCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import middy from '@middy/core';
import sqsPartialBatchFailure from '@middy/sqs-partial-batch-failure';
import type { Context, SNSEvent, SQSEvent, SQSHandler, SQSRecord } from 'aws-lambda';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createAwsMock } from '../src/index.js';
import '../src/matchers/vitest.js';

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

it('Lambda: a handler fed by a queue', async () => {
  const saved: unknown[] = [];
  const saveOrder = async (order: unknown) => void saved.push(order);
  const handler: SQSHandler = async (event) => {
    for (const record of event.Records) await saveOrder(JSON.parse(record.body));
  };

  const fn = aws.lambda.createFunction('order-worker', handler, { timeout: 30 });
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  aws.lambda.createEventSourceMapping({ FunctionName: 'order-worker', EventSourceArn: aws.sqs.queue('orders').arn });

  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: JSON.stringify({ orderId: 7 }) }));
  await aws.idle();

  expect(fn).toHaveBeenInvokedWithRecord({ orderId: 7 });
  expect(aws.sqs.queue('orders')).toHaveMessageCount(0);
  expect(saved).toEqual([{ orderId: 7 }]);
});

it('Lambda: a failing message goes round and lands in the DLQ', async () => {
  await sqs.send(new CreateQueueCommand({ QueueName: 'orders-dlq' }));
  const { QueueUrl } = await sqs.send(
    new CreateQueueCommand({
      QueueName: 'orders',
      Attributes: {
        VisibilityTimeout: '30',
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: aws.sqs.queue('orders-dlq').arn, maxReceiveCount: 3 }),
      },
    }),
  );
  const fn = aws.lambda.createFunction('order-worker', async (event: SQSEvent) => ({
    batchItemFailures: event.Records.filter((r) => JSON.parse(r.body).bad).map((r) => ({
      itemIdentifier: r.messageId,
    })),
  }));
  aws.lambda.createEventSourceMapping({
    FunctionName: 'order-worker',
    EventSourceArn: aws.sqs.queue('orders').arn,
    FunctionResponseTypes: ['ReportBatchItemFailures'],
  });
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: '{"orderId":1}' }));
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: '{"orderId":2,"bad":true}' }));

  const moved = await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) });
  expect(moved).toBe(90_000);
  expect(aws.sqs.queue('orders')).toHaveDeadLetter({ orderId: 2 });
  expect(fn).toHaveBeenInvokedWithRecord({ orderId: 2 }, { times: 3 });
  expect(fn).toHaveBeenInvokedWithRecord({ orderId: 1 }, { times: 1 });
});

it('Lambda: FIFO order under a mapping', async () => {
  const { QueueUrl } = await sqs.send(
    new CreateQueueCommand({ QueueName: 'jobs.fifo', Attributes: { FifoQueue: 'true' } }),
  );
  const seen: string[] = [];
  aws.lambda.createFunction('jobs', async (event: SQSEvent) => {
    for (const record of event.Records) seen.push(`${record.attributes.MessageGroupId}:${record.body}`);
  });
  for (const [group, body] of [
    ['a', 'a1'],
    ['a', 'a2'],
    ['a', 'a3'],
    ['b', 'b1'],
  ] as const) {
    await sqs.send(
      new SendMessageCommand({ QueueUrl, MessageBody: body, MessageGroupId: group, MessageDeduplicationId: body }),
    );
  }
  aws.lambda.createEventSourceMapping({
    FunctionName: 'jobs',
    EventSourceArn: aws.sqs.queue('jobs.fifo').arn,
    BatchSize: 2,
  });
  await aws.idle();
  expect(seen).toEqual(['a:a1', 'a:a2', 'b:b1', 'a:a3']);
});

it('Lambda matchers', async () => {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  const fn = aws.lambda.createFunction('f', async (event: SQSEvent) => {
    if (event.Records.some((r) => r.body === 'bad')) throw new Error('bad');
  });
  aws.lambda.createEventSourceMapping({ FunctionName: 'f', EventSourceArn: aws.sqs.queue('q').arn });
  await sqs.send(
    new SendMessageCommand({
      QueueUrl,
      MessageBody: JSON.stringify({ orderId: 7 }),
      MessageAttributes: { kind: { DataType: 'String', StringValue: 'a' } },
    }),
  );
  await aws.idle();
  expect(fn).toHaveBeenInvoked();
  expect(fn).toHaveBeenInvoked(1);
  expect(fn).toHaveBeenInvokedWithRecord({ orderId: 7 });
  expect(fn).toHaveBeenInvokedWithRecord(undefined, { attributes: { kind: { DataType: 'String', StringValue: 'a' } } });
  expect(fn).toHaveSucceededEveryTime();
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'bad' }));
  await aws.idle();
  expect(fn).toHaveLastInvocationOutcome('error');
});

it('Lambda: SNS → Lambda with retries and an on-failure destination', async () => {
  await sqs.send(new CreateQueueCommand({ QueueName: 'notify-failures' }));
  const fn = aws.lambda.createFunction(
    'notify',
    async (event: SNSEvent) => {
      if (JSON.parse(event.Records[0]!.Sns.Message).flaky) throw new Error('downstream unavailable');
    },
    { onFailure: aws.sqs.queue('notify-failures').arn },
  );
  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
  await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'lambda', Endpoint: fn.arn }));

  await sns.send(new PublishCommand({ TopicArn, Message: JSON.stringify({ flaky: true }) }));
  expect(await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) })).toBe(180_000);

  expect(fn).toHaveBeenInvoked(3);
  expect(new Set(fn.invocations().map((i) => i.requestId)).size).toBe(1);
  const [record] = aws.sqs.queue('notify-failures').messages();
  expect(record!.json()).toMatchObject({
    version: '1.0',
    requestContext: { condition: 'RetriesExhausted', approximateInvokeCount: 3 },
    requestPayload: { Records: [expect.objectContaining({ EventSource: 'aws:sns' })] },
    responseContext: { functionError: 'Unhandled' },
  });
});

it('Lambda: LambdaClient Invoke', async () => {
  const lambda = new LambdaClient({});
  lambda.middlewareStack.use(aws.lambda);
  aws.lambda.createFunction('add', async (event: { a: number; b: number }) => event.a + event.b);

  const out = await lambda.send(new InvokeCommand({ FunctionName: 'add', Payload: JSON.stringify({ a: 2, b: 3 }) }));
  expect(out.StatusCode).toBe(200);
  expect(out.Payload!.transformToString()).toBe('5');
});

it('Lambda: Powertools and middy handlers', async () => {
  for (const name of ['powertools', 'middy']) {
    await sqs.send(new CreateQueueCommand({ QueueName: `${name}-dlq` }));
    await sqs.send(
      new CreateQueueCommand({
        QueueName: `${name}-orders`,
        Attributes: {
          VisibilityTimeout: '5',
          RedrivePolicy: JSON.stringify({ deadLetterTargetArn: aws.sqs.queue(`${name}-dlq`).arn, maxReceiveCount: 2 }),
        },
      }),
    );
  }
  const processor = new BatchProcessor(EventType.SQS);
  const recordHandler = async (record: SQSRecord) => {
    if (JSON.parse(record.body).bad) throw new Error('bad order');
  };
  aws.lambda.createFunction('powertools', (event: SQSEvent, context: Context) =>
    processPartialResponse(event, recordHandler, processor, { context }),
  );
  aws.lambda.createFunction(
    'middy',
    middy(async (event: SQSEvent) => Promise.allSettled(event.Records.map(recordHandler))).use(
      sqsPartialBatchFailure({ logger: () => undefined }),
    ),
  );
  for (const name of ['powertools', 'middy']) {
    aws.lambda.createEventSourceMapping({
      FunctionName: name,
      EventSourceArn: aws.sqs.queue(`${name}-orders`).arn,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const QueueUrl = aws.sqs.queue(`${name}-orders`).url;
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: '{"orderId":1}' }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: '{"orderId":2,"bad":true}' }));
  }
  await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) });
  for (const name of ['powertools', 'middy']) {
    expect(aws.sqs.queue(`${name}-orders`)).toHaveMessageCount(0);
    expect(aws.sqs.queue(`${name}-orders`)).toHaveDeadLetter({ orderId: 2 });
    expect(aws.sqs.queue(`${name}-dlq`)).toHaveMessageCount(1);
  }
});

it('As deployed: a loader gives each environment its own module instance, with its environment variables', async () => {
  await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  const shipmentsUrl = (await sqs.send(new CreateQueueCommand({ QueueName: 'shipments' }))).QueueUrl!;
  const ordersArn = aws.sqs.queue('orders').arn;
  aws.install(SQSClient);
  try {
    const fn = aws.lambda.createFunction(
      'order-worker',
      {
        load: async () => {
          vi.resetModules(); // jest: see below
          return import('./lambda/fixtures/order-worker.js'); // a fresh module instance for each environment
        },
        handler: 'handler',
      },
      { timeout: 10, environment: { SHIPMENTS_URL: shipmentsUrl } },
    );
    aws.lambda.createEventSourceMapping({ FunctionName: 'order-worker', EventSourceArn: ordersArn, BatchSize: 5 });
    for (let id = 1; id <= 20; id++) {
      await sqs.send(new SendMessageCommand({ QueueUrl: aws.sqs.queue('orders').url, MessageBody: `{"id":${id}}` }));
    }
    await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) }); // waits for each cold start's load

    const environments = fn.invocations().map((inv) => [inv.environmentId, inv.coldStart]);
    expect(environments.filter(([, cold]) => cold).length).toBeGreaterThanOrEqual(2);
    expect(environments[0]).toEqual(['order-worker:1', true]);
    expect(aws.sqs.queue('shipments').messages()).toHaveLength(20);
  } finally {
    aws.restore();
  }
});
