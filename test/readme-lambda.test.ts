/**
 * The Lambda examples of the README and docs/guide/lambda.md, read from the pages' own code blocks and run as written
 * (test/support/doc-blocks.ts), plus the assertions that make them tests, so the documentation cannot drift from what
 * the library does.
 */
import * as powertoolsBatch from '@aws-lambda-powertools/batch';
import { CreateQueueCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import middy from '@middy/core';
import sqsPartialBatchFailure from '@middy/sqs-partial-batch-failure';
import type { SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FunctionView } from '../src/index.js';
import '../src/matchers/vitest.js';
import { defineBlock, docBlock, runBlock } from './support/doc-blocks.js';
import { docAccount, DOC_MODULES } from './support/doc-context.js';

const LAMBDA = 'docs/guide/lambda.md';
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('README: quick start (Lambda)', () => {
  defineBlock(docBlock('README.md', 'quick-start-lambda'), { modules: DOC_MODULES });
});

it('Lambda: a handler fed by a queue', async () => {
  const account = docAccount({ own: true });
  const saved: unknown[] = [];
  const saveOrder = async (order: unknown) => void saved.push(order);
  await runBlock(docBlock(LAMBDA, 'lambda-queue'), {
    modules: account.modules,
    scope: { ...account.scope, saveOrder },
  });
  expect(saved).toEqual([{ orderId: 7 }]);
});

it('Lambda: a failing message goes round and lands in the DLQ', async () => {
  const { scope } = docAccount();
  const start = Date.now();
  const { fn } = await runBlock(docBlock(LAMBDA, 'lambda-dlq'), { scope, returns: ['fn'] });
  expect(fn).toHaveBeenInvokedWithRecord({ orderId: 1 }, { times: 1 });
  // The page's comment: runUntilIdle resolves to the milliseconds moved, 90,000 (three visibility timeouts).
  expect(Date.now() - start).toBe(90_000);
});

it('Lambda: FIFO order under a mapping', async () => {
  const { scope } = docAccount();
  const { seen } = await runBlock(docBlock(LAMBDA, 'lambda-fifo'), { scope, returns: ['seen'] });
  expect(seen).toEqual(['a:a1', 'a:a2', 'b:b1', 'a:a3']);
});

it('Lambda: SNS → Lambda with retries and an on-failure destination', async () => {
  const { scope } = docAccount();
  const start = Date.now();
  const { fn, record } = await runBlock(docBlock(LAMBDA, 'sns-lambda'), { scope, returns: ['fn', 'record'] });
  expect(Date.now() - start).toBe(180_000); // the page's comment: retries at 1 and 3 min
  expect(new Set((fn as FunctionView).invocations().map((i) => i.requestId)).size).toBe(1);
  expect((record as { json(): unknown }).json()).toMatchObject({
    version: '1.0',
    requestContext: { condition: 'RetriesExhausted', approximateInvokeCount: 3 },
    requestPayload: { Records: [expect.objectContaining({ EventSource: 'aws:sns' })] },
    responseContext: { functionError: 'Unhandled' },
  });
});

it('Lambda: LambdaClient Invoke', async () => {
  const { scope } = docAccount();
  const { out } = await runBlock(docBlock(LAMBDA, 'lambda-invoke'), { scope, returns: ['out'] });
  const output = out as { StatusCode?: number; Payload?: { transformToString(): string } };
  expect(output.StatusCode).toBe(200);
  expect(output.Payload!.transformToString()).toBe('5');
});

it('Lambda: Powertools and middy handlers', async () => {
  const { aws, scope, sqs } = docAccount();
  for (const name of ['powertools', 'middy']) {
    await sqs.send(new CreateQueueCommand({ QueueName: `${name}-dlq` }));
    const RedrivePolicy = JSON.stringify({ deadLetterTargetArn: aws.sqs.queue(`${name}-dlq`).arn, maxReceiveCount: 2 });
    await sqs.send(
      new CreateQueueCommand({ QueueName: `${name}-orders`, Attributes: { VisibilityTimeout: '5', RedrivePolicy } }),
    );
  }
  await runBlock(docBlock(LAMBDA, 'handler-libraries'), {
    modules: {
      '@aws-lambda-powertools/batch': powertoolsBatch,
      '@middy/core': { default: middy },
      // The page's middleware as written, without its console logging of each failed record.
      '@middy/sqs-partial-batch-failure': {
        default: (options?: object) => sqsPartialBatchFailure({ logger: () => undefined, ...options }),
      },
    },
    scope,
  });
  // "send good and bad orders to each queue; after `runUntilIdle`, only the bad ones are in the dead-letter queues"
  for (const name of ['powertools', 'middy']) {
    const QueueUrl = aws.sqs.queue(`${name}-orders`).url;
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: '{"orderId":1}' }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: '{"orderId":2,"bad":true}' }));
  }
  await aws.runUntilIdle({ advance });
  for (const name of ['powertools', 'middy']) {
    expect(aws.sqs.queue(`${name}-orders`)).toHaveMessageCount(0);
    expect(aws.sqs.queue(`${name}-orders`)).toHaveDeadLetter({ orderId: 2 });
    expect(aws.sqs.queue(`${name}-dlq`)).toHaveMessageCount(1);
  }
});

it('As deployed: a loader gives each environment its own module instance, with its environment variables', async () => {
  const { aws, scope, sqs } = docAccount();
  await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  const shipmentsUrl = (await sqs.send(new CreateQueueCommand({ QueueName: 'shipments' }))).QueueUrl!;
  const ordersArn = aws.sqs.queue('orders').arn;
  for (let id = 1; id <= 20; id++) {
    await sqs.send(new SendMessageCommand({ QueueUrl: aws.sqs.queue('orders').url, MessageBody: `{"id":${id}}` }));
  }
  aws.install(SQSClient); // the worker makes its own client
  try {
    const { fn } = await runBlock(docBlock(LAMBDA, 'as-deployed'), {
      dynamicImports: { './order-worker.js': () => import('./lambda/fixtures/order-worker.js') },
      scope: { ...scope, shipmentsUrl, ordersArn },
      returns: ['fn'],
    });
    const environments = (fn as FunctionView).invocations().map((inv) => [inv.environmentId, inv.coldStart]);
    expect(environments.filter(([, cold]) => cold).length).toBeGreaterThanOrEqual(2);
    expect(environments[0]).toEqual(['order-worker:1', true]);
    expect(aws.sqs.queue('shipments').messages()).toHaveLength(20);
  } finally {
    aws.restore();
  }
});

it('Assertions: the Lambda matchers', async () => {
  const { aws, scope, sqs } = docAccount();
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  const fn = aws.lambda.createFunction('f', async (event: SQSEvent) => {
    if (event.Records.some((r) => r.body === 'bad')) throw new Error('bad');
  });
  aws.lambda.createEventSourceMapping({ FunctionName: 'f', EventSourceArn: aws.sqs.queue('q').arn });
  const kind = { kind: { DataType: 'String', StringValue: 'a' } };
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: '{"orderId":7}', MessageAttributes: kind }));
  await aws.idle();
  await runBlock(docBlock('docs/guide/assertions.md', 'lambda-matchers'), { scope: { ...scope, fn } });

  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'bad' }));
  await aws.idle();
  expect(fn).toHaveLastInvocationOutcome('error');
});
