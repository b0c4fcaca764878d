/**
 * The SDK's retries see the errors the mock answers (docs/aws-behaviour/sdk.md §3.4.1): injected faults and the
 * mock's own throttles meet the client's retry strategy, with its backoff on the mock's clock.
 */
import { InvokeCommand, LambdaClient, TooManyRequestsException } from '@aws-sdk/client-lambda';
import { CreateTopicCommand, PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import {
  CreateQueueCommand,
  QueueDoesNotExist,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
  type SQSClientConfig,
} from '@aws-sdk/client-sqs';
import FakeTimers from '@sinonjs/fake-timers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAwsMock, type AwsMock } from '../src/index.js';
import { networkTrap, rejectionOf } from './helpers.js';
import { attemptsFor, extraAttempts } from './sdk-features.js';

function sqsClient(aws: AwsMock, options: SQSClientConfig = {}): SQSClient {
  const sqs = new SQSClient({ region: aws.region, requestHandler: networkTrap, ...options });
  sqs.middlewareStack.use(aws.sqs);
  return sqs;
}

const bodies = (aws: AwsMock, queue: string) =>
  aws.sqs
    .queue(queue)
    .messages()
    .map((m) => m.body);

describe('with vitest fake timers', () => {
  let aws: AwsMock;
  beforeEach(() => {
    vi.useFakeTimers();
    aws = createAwsMock();
  });
  afterEach(() => {
    aws.reset();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

  it('a client with maxAttempts 5 absorbs one InternalError: attempts 2, the backoff in fake time, one message', async () => {
    const sqs = sqsClient(aws, { maxAttempts: 5 });
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
    const fault = aws.sqs.failNext('SendMessage', 'InternalError');
    const start = Date.now();

    const sent = sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'order 7' }));
    await aws.runUntilIdle({ advance });
    const { $metadata, MessageId } = await sent;

    expect($metadata).toMatchObject({ httpStatusCode: 200, attempts: 2 });
    expect($metadata.totalRetryDelay).toBe(Date.now() - start);
    expect(MessageId).toBeDefined();
    expect(fault).toMatchObject({ hits: 1, active: false });
    expect(bodies(aws, 'orders')).toEqual(['order 7']);
  });

  it('the default 3 attempts absorb two faults and surface the third, with attempts 3; nothing is sent', async () => {
    const sqs = sqsClient(aws);
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));

    aws.sqs.failNext('SendMessage', 'InternalError', { times: 2 });
    const absorbed = sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'a' }));
    await aws.runUntilIdle({ advance });
    expect((await absorbed).$metadata.attempts).toBe(3);

    // Old SDKs make one attempt more (sdk-features.ts).
    const outlasting = aws.sqs.failNext('SendMessage', 'InternalError', { times: attemptsFor(3) });
    const failed = rejectionOf(sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'b' })));
    await aws.runUntilIdle({ advance });
    const error = await failed;
    expect(error).toMatchObject({ name: 'InternalError', $fault: 'server' });
    expect(error.$metadata).toMatchObject({ httpStatusCode: 500, attempts: attemptsFor(3) });
    expect(outlasting.hits).toBe(attemptsFor(3));
    expect(bodies(aws, 'orders')).toEqual(['a']);
  });

  it('a persistent fault outlasts every attempt', async () => {
    const sqs = sqsClient(aws, { maxAttempts: 4 });
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
    const fault = aws.sqs.fail('SendMessage', { error: 'RequestThrottled' });
    const failed = rejectionOf(sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'x' })));
    await aws.runUntilIdle({ advance });
    expect((await failed).$metadata).toMatchObject({ httpStatusCode: 403, attempts: attemptsFor(4) });
    expect(fault.hits).toBe(attemptsFor(4));
  });

  it('a non-retryable fault surfaces at once: attempts 1, no timer, no time passed', async () => {
    const sqs = sqsClient(aws, { maxAttempts: 5 });
    aws.sqs.failNext('SendMessage', 'QueueDoesNotExist');
    const start = Date.now();
    const error = await rejectionOf(sqs.send(new SendMessageCommand({ QueueUrl: 'x', MessageBody: 'x' })));
    expect(error).toBeInstanceOf(QueueDoesNotExist);
    expect(error.$metadata).toMatchObject({ httpStatusCode: 400, attempts: 1, totalRetryDelay: 0 });
    expect([vi.getTimerCount(), Date.now() - start]).toEqual([0, 0]);
  });

  it('maxAttempts 1 lets a retryable fault through after one attempt (two on old SDKs)', async () => {
    const sqs = sqsClient(aws, { maxAttempts: 1 });
    aws.sqs.failNext('CreateQueue', 'InternalError', { times: attemptsFor(1) });
    const failed = rejectionOf(sqs.send(new CreateQueueCommand({ QueueName: 'q' })));
    await aws.runUntilIdle({ advance });
    expect((await failed).$metadata).toMatchObject({ httpStatusCode: 500, attempts: attemptsFor(1) });
  });

  // The delays are those of the current strategy; the old one (sdk-features.ts) backs off from other bases.
  it.runIf(extraAttempts === 0)(
    "the backoff waits in fake time: the retry runs once the SDK's delay has passed",
    async () => {
      const sqs = sqsClient(aws);
      aws.sqs.failNext('CreateQueue', 'RequestThrottled');
      // The SDK's jitter: a throttle's first backoff is random() × 1,000 ms (docs/aws-behaviour/sdk.md §3.4.1).
      vi.spyOn(Math, 'random').mockReturnValue(0.5);
      let settled = false;
      const created = sqs.send(new CreateQueueCommand({ QueueName: 'q' })).finally(() => (settled = true));
      await vi.advanceTimersByTimeAsync(499);
      expect([settled, vi.getTimerCount()]).toEqual([false, 1]);
      await vi.advanceTimersByTimeAsync(1);
      expect((await created).$metadata).toMatchObject({ attempts: 2, totalRetryDelay: 500 });
    },
  );

  it('failed batch entries are in Failed, not retried by the SDK', async () => {
    const sqs = sqsClient(aws);
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
    aws.sqs.failEntries('SendMessageBatch', { ids: ['m2'], error: 'InternalError' });
    const Entries = ['m1', 'm2'].map((Id) => ({ Id, MessageBody: Id }));
    const { Failed, $metadata } = await sqs.send(new SendMessageBatchCommand({ QueueUrl, Entries }));
    expect(Failed).toEqual([expect.objectContaining({ Id: 'm2', Code: 'InternalError' })]);
    expect([$metadata.attempts, vi.getTimerCount()]).toEqual([1, 0]);
  });

  it('SNS: a ThrottledException is absorbed, and the message published once', async () => {
    const sns = new SNSClient({ region: aws.region, requestHandler: networkTrap });
    sns.middlewareStack.use(aws.sns);
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
    aws.sns.failNext('Publish', 'ThrottledException');
    const published = sns.send(new PublishCommand({ TopicArn, Message: 'hello' }));
    await aws.runUntilIdle({ advance });
    expect((await published).$metadata.attempts).toBe(2);
    expect(aws.sns.topic('events').published()).toHaveLength(1);
  });

  it("Lambda: the mock's own TooManyRequestsException is retried as AWS's would be", async () => {
    const lambda = new LambdaClient({ region: aws.region, requestHandler: networkTrap });
    lambda.middlewareStack.use(aws.lambda);
    aws.lambda.createFunction('none', async () => null, { reservedConcurrency: 0 });
    const failed = rejectionOf(lambda.send(new InvokeCommand({ FunctionName: 'none' })));
    await aws.runUntilIdle({ advance });
    const error = await failed;
    expect(error).toBeInstanceOf(TooManyRequestsException);
    expect(error.$metadata).toMatchObject({ httpStatusCode: 429, attempts: attemptsFor(3) });
    expect((error.$metadata as { totalRetryDelay: number }).totalRetryDelay).toBeGreaterThan(0);
  });

  it('aws.install(SQSClient): the same', async () => {
    const installed = aws.install(SQSClient);
    try {
      const sqs = new SQSClient({ region: aws.region, requestHandler: networkTrap, maxAttempts: 5 });
      const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
      aws.sqs.failNext('SendMessage', 'InternalError');
      const sent = sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'x' }));
      await aws.runUntilIdle({ advance });
      expect((await sent).$metadata.attempts).toBe(2);
      expect(bodies(aws, 'orders')).toEqual(['x']);
    } finally {
      installed.restore();
    }
  });
});

describe('with an injected clock', () => {
  it('the backoff runs on that clock; the global timers are left as they were', async () => {
    const clock = FakeTimers.createClock(1_700_000_000_000);
    const aws = createAwsMock({ clock });
    const sqs = sqsClient(aws, { maxAttempts: 5 });
    const realSetTimeout = globalThis.setTimeout;
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
    aws.sqs.failNext('SendMessage', 'RequestThrottled', { times: 2 });
    let settled = false;
    const sent = sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'x' })).finally(() => (settled = true));

    await new Promise((resolve) => setTimeout(resolve, 20)); // real time: the SDK does not sleep on real timers
    expect([settled, clock.countTimers()]).toEqual([false, 1]);
    const moved = await aws.runUntilIdle(); // the injected clock's tickAsync
    const { $metadata } = await sent;
    expect($metadata.attempts).toBe(3);
    expect(clock.now - 1_700_000_000_000).toBe($metadata.totalRetryDelay);
    expect(moved).toBe($metadata.totalRetryDelay);
    expect(globalThis.setTimeout).toBe(realSetTimeout);
    expect(bodies(aws, 'orders')).toEqual(['x']);
  });

  it('aws.idle() names a retry waiting on the fake clock', async () => {
    const aws = createAwsMock({ clock: FakeTimers.createClock() });
    const sqs = sqsClient(aws);
    aws.sqs.failNext('CreateQueue', 'InternalError');
    const created = sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    // idle() gives up after 2 s of real time on work waiting for fake time.
    await expect(aws.idle()).rejects.toThrow(/SQS CreateQueue, retried by the SDK/);
    await aws.runUntilIdle();
    expect((await created).$metadata.attempts).toBe(2);
  }, 10_000);
});
