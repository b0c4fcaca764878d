import { SNSClient, type SNSClient as SnsClientType } from '@aws-sdk/client-sns';
import type { SQSClient } from '@aws-sdk/client-sqs';
import FakeTimers from '@sinonjs/fake-timers';
import type { SNSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAwsMock, type AwsMock } from '../../src/index.js';
import type { CreateFunctionOptions } from '../../src/services/lambda/function-options.js';
import type { LambdaHandler } from '../../src/services/lambda/handler-contract.js';
import { networkTrap } from '../helpers.js';
import { snsSetup } from '../sns/sns-support.js';
import { T0 } from '../sqs/message-support.js';
import {
  createTopic,
  drain,
  failing,
  publish,
  queueWithArn,
  runUntilIdle,
  subscribeFunction,
  subscribeQueue,
} from './async-support.js';

let aws: AwsMock;
let sns: SnsClientType;
let sqs: SQSClient;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  ({ aws, sns, sqs } = snsSetup());
});
afterEach(() => vi.useRealTimers());

/** A function `worker` subscribed to a topic `orders`; one publish of `hello` to it; the event it was sent. */
async function publishTo(handler: LambdaHandler, options?: CreateFunctionOptions) {
  const fn = aws.lambda.createFunction('worker', handler, options);
  const topicArn = await createTopic(sns, 'orders');
  await subscribeFunction(sns, topicArn, fn.arn);
  await publish(sns, { TopicArn: topicArn, Message: 'hello' });
  const requestId = aws.sns.topic('orders').published()[0]!.deliveries[0]!.requestId!;
  return { fn, topicArn, requestId };
}

/** When each invocation started, in ms after T0. */
function startTimes(fn: { invocations(): { startedAt: Date }[] }): number[] {
  return fn.invocations().map((invocation) => invocation.startedAt.getTime() - T0);
}

/** The one message a destination queue holds, its body parsed. */
async function onlyRecord(queueUrl: string): Promise<Record<string, unknown>> {
  const messages = await drain(sqs, queueUrl);
  expect(messages).toHaveLength(1);
  return JSON.parse(messages[0]!.Body!) as Record<string, unknown>;
}

describe('asynchronous invocation: retries (docs/aws-behaviour/lambda.md §4)', () => {
  it('runs a succeeding handler once', async () => {
    const { fn } = await publishTo(async () => 'ok');
    expect(await runUntilIdle(aws)).toBe(0);
    expect(fn.invocations().map((invocation) => invocation.outcome)).toEqual(['success']);
  });

  it('retries a failing handler after 1 and then 2 minutes, with the same request id', async () => {
    const { fn, requestId } = await publishTo(failing());
    await aws.idle();
    expect(startTimes(fn)).toEqual([0]);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(startTimes(fn)).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(startTimes(fn)).toEqual([0, 60_000]);
    expect(await runUntilIdle(aws)).toBe(120_000);
    expect(startTimes(fn)).toEqual([0, 60_000, 180_000]);
    expect(fn.invocations().map((invocation) => [invocation.requestId, invocation.outcome])).toEqual([
      [requestId, 'error'],
      [requestId, 'error'],
      [requestId, 'error'],
    ]);
  });

  it('sends the invocation record to the on-failure destination once retries are exhausted', async () => {
    const destination = await queueWithArn(sqs, 'failures');
    const { fn, requestId } = await publishTo(failing('Error: some_error_msg'), { onFailure: destination.arn });
    await runUntilIdle(aws);
    const event = fn.invocations()[0]!.event as SNSEvent;
    expect(await onlyRecord(destination.url)).toEqual({
      version: '1.0',
      timestamp: new Date(T0 + 180_000).toISOString(),
      requestContext: {
        requestId,
        functionArn: `${fn.arn}:$LATEST`,
        condition: 'RetriesExhausted',
        approximateInvokeCount: 3,
      },
      requestPayload: event,
      responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
      responsePayload: { errorType: 'Error', errorMessage: 'Error: some_error_msg', trace: expect.any(Array) },
    });
    expect(event.Records[0]!.Sns.Message).toBe('hello');
  });

  it('sends the original event to the dead-letter queue, with RequestID, ErrorCode and ErrorMessage', async () => {
    const dlq = await queueWithArn(sqs, 'function-dlq');
    const { fn, requestId } = await publishTo(failing('broken'), { deadLetterTargetArn: dlq.arn });
    await runUntilIdle(aws);
    const [message, ...others] = await drain(sqs, dlq.url);
    expect(others).toEqual([]);
    expect(JSON.parse(message!.Body!)).toEqual(fn.invocations()[0]!.event);
    expect(message!.MessageAttributes).toEqual({
      RequestID: { DataType: 'String', StringValue: requestId },
      ErrorCode: { DataType: 'Number', StringValue: '200' },
      ErrorMessage: { DataType: 'String', StringValue: 'broken' },
    });
    expect(message!.Attributes!['SenderId']).toMatch(/^AROA[A-Z2-7]{17}:worker$/);
  });

  it('gives up after the first failure with maximumRetryAttempts 0, after the second with 1', async () => {
    const dlq = await queueWithArn(sqs, 'function-dlq');
    const destination = await queueWithArn(sqs, 'failures');
    const once = aws.lambda.createFunction('once', failing(), {
      maximumRetryAttempts: 0,
      deadLetterTargetArn: dlq.arn,
    });
    const twice = aws.lambda.createFunction('twice', failing(), {
      maximumRetryAttempts: 1,
      onFailure: destination.arn,
    });
    const topicArn = await createTopic(sns, 'orders');
    await subscribeFunction(sns, topicArn, once.arn);
    await subscribeFunction(sns, topicArn, twice.arn);
    await publish(sns, { TopicArn: topicArn });
    await aws.idle();
    expect(await drain(sqs, dlq.url)).toHaveLength(1);
    expect(await drain(sqs, destination.url)).toEqual([]);
    expect(await runUntilIdle(aws)).toBe(60_000);
    expect(startTimes(once)).toEqual([0]);
    expect(startTimes(twice)).toEqual([0, 60_000]);
    const record = await onlyRecord(destination.url);
    expect(record['requestContext']).toMatchObject({ condition: 'RetriesExhausted', approximateInvokeCount: 2 });
  });

  it('gives up an event older than maximumEventAgeInSeconds, before its retry would be due', async () => {
    const destination = await queueWithArn(sqs, 'failures');
    const sixty = aws.lambda.createFunction('sixty', failing(), {
      maximumEventAgeInSeconds: 60,
      onFailure: destination.arn,
    });
    const ninety = aws.lambda.createFunction('ninety', failing(), {
      maximumEventAgeInSeconds: 90,
      onFailure: destination.arn,
    });
    const topicArn = await createTopic(sns, 'orders');
    await subscribeFunction(sns, topicArn, sixty.arn);
    await subscribeFunction(sns, topicArn, ninety.arn);
    await publish(sns, { TopicArn: topicArn });
    await runUntilIdle(aws);
    expect(startTimes(sixty)).toEqual([0]);
    expect(startTimes(ninety)).toEqual([0, 60_000]);
    const records = (await drain(sqs, destination.url)).map((message) => JSON.parse(message.Body!));
    const contexts = records
      .map((record) => record.requestContext)
      .sort((a, b) => a.approximateInvokeCount - b.approximateInvokeCount);
    expect(contexts).toEqual([
      expect.objectContaining({
        functionArn: `${sixty.arn}:$LATEST`,
        condition: 'EventAgeExceeded',
        approximateInvokeCount: 1,
      }),
      expect.objectContaining({
        functionArn: `${ninety.arn}:$LATEST`,
        condition: 'EventAgeExceeded',
        approximateInvokeCount: 2,
      }),
    ]);
  });

  it('sends an event of a function with reserved concurrency 0 straight on, never invoking it', async () => {
    const destination = await queueWithArn(sqs, 'failures');
    const { fn, requestId } = await publishTo(async () => 'never', {
      reservedConcurrency: 0,
      onFailure: destination.arn,
    });
    await runUntilIdle(aws);
    expect(fn.invocations()).toEqual([]);
    const record = await onlyRecord(destination.url);
    expect(record).toEqual({
      version: '1.0',
      timestamp: new Date(T0).toISOString(),
      requestContext: {
        requestId,
        functionArn: `${fn.arn}:$LATEST`,
        condition: 'ZeroReservedConcurrency',
        approximateInvokeCount: 0,
      },
      requestPayload: expect.objectContaining({ Records: [expect.objectContaining({ EventSource: 'aws:sns' })] }),
    });
  });

  it('retries a handler that never settles once it timed out, and reports the timeout', async () => {
    const destination = await queueWithArn(sqs, 'failures');
    const { fn, requestId } = await publishTo(() => new Promise(() => {}), {
      timeout: 1,
      onFailure: destination.arn,
    });
    expect(await runUntilIdle(aws)).toBe(183_000);
    expect(startTimes(fn)).toEqual([0, 61_000, 182_000]);
    expect(fn.invocations().map((invocation) => invocation.outcome)).toEqual(['timeout', 'timeout', 'timeout']);
    const record = await onlyRecord(destination.url);
    expect(record['responsePayload']).toEqual({
      errorType: 'Sandbox.Timedout',
      errorMessage: `RequestId: ${requestId} Error: Task timed out after 1.00 seconds`,
    });
  });

  it('publishes the original event to a dead-letter topic, attributes and all', async () => {
    const deadLetterTopic = await createTopic(sns, 'function-dlq');
    const queue = await queueWithArn(sqs, 'from-dlq-topic');
    await subscribeQueue(sns, deadLetterTopic, queue.arn);
    const { fn, requestId } = await publishTo(failing('broken'), {
      maximumRetryAttempts: 0,
      deadLetterTargetArn: deadLetterTopic,
    });
    await aws.idle();
    const [message] = await drain(sqs, queue.url);
    const envelope = JSON.parse(message!.Body!) as Record<string, unknown>;
    expect(JSON.parse(envelope['Message'] as string)).toEqual(fn.invocations()[0]!.event);
    expect(envelope['MessageAttributes']).toEqual({
      RequestID: { Type: 'String', Value: requestId },
      ErrorCode: { Type: 'Number', Value: '200' },
      ErrorMessage: { Type: 'String', Value: 'broken' },
    });
  });

  it('keeps an event the function is too busy for, backing off 1, 2, 4, 8 s', async () => {
    let release!: () => void;
    let calls = 0;
    const fn = aws.lambda.createFunction(
      'worker',
      async () => {
        if (calls++ === 0) await new Promise<void>((resolve) => (release = resolve));
      },
      { reservedConcurrency: 1, timeout: 900 },
    );
    const topicArn = await createTopic(sns, 'orders');
    await subscribeFunction(sns, topicArn, fn.arn);
    await publish(sns, { TopicArn: topicArn, Message: 'first' });
    await publish(sns, { TopicArn: topicArn, Message: 'second' });
    await vi.advanceTimersByTimeAsync(8_000);
    expect(startTimes(fn)).toEqual([0]);
    release();
    await aws.idle();
    // Throttled at 0, 1, 3 and 7 s: the next try is at 15 s.
    expect(await runUntilIdle(aws)).toBe(7_000);
    expect(startTimes(fn)).toEqual([0, 15_000]);
    expect(fn.invocations().map((invocation) => invocation.outcome)).toEqual(['success', 'success']);
  });

  it('leaves no timer and nothing to run after reset', async () => {
    await publishTo(failing());
    await aws.idle();
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    aws.reset();
    expect(vi.getTimerCount()).toBe(0);
    expect(await runUntilIdle(aws)).toBe(0);
  });

  it('forgets queued retries of a function deleted meanwhile', async () => {
    const destination = await queueWithArn(sqs, 'failures');
    const { fn } = await publishTo(failing(), { onFailure: destination.arn });
    await aws.idle();
    aws.lambda.deleteFunction('worker');
    expect(await runUntilIdle(aws)).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(startTimes(fn)).toEqual([0]);
    expect(await drain(sqs, destination.url)).toEqual([]);
  });
});

describe('asynchronous invocation on an injected @sinonjs/fake-timers clock', () => {
  it('retries on the injected clock, runUntilIdle advancing it by default', async () => {
    const clock = FakeTimers.createClock(T0);
    const account = createAwsMock({ clock });
    const client = new SNSClient({ region: account.region, requestHandler: networkTrap });
    client.middlewareStack.use(account.sns);
    const fn = account.lambda.createFunction('worker', failing());
    const topicArn = await createTopic(client, 'orders');
    await subscribeFunction(client, topicArn, fn.arn);
    await publish(client, { TopicArn: topicArn });
    expect(await account.runUntilIdle()).toBe(180_000);
    expect(fn.invocations().map((invocation) => invocation.startedAt.getTime() - T0)).toEqual([0, 60_000, 180_000]);
    expect(Date.now()).toBe(T0);
  });
});
