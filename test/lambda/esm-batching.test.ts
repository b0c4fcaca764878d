import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inEnvironments, mappingSetup, runUntilIdle, type Recorded } from './esm-support.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SQS event source mapping: batching and concurrency (docs/aws-behaviour/lambda.md §2.4, §2.5, §2.12)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function sendMany(sqs: ReturnType<typeof mappingSetup>['sqs'], QueueUrl: string, bodies: string[]) {
    for (let i = 0; i < bodies.length; i += 10) {
      const Entries = bodies.slice(i, i + 10).map((MessageBody, j) => ({ Id: String(i + j), MessageBody }));
      await sqs.send(new SendMessageBatchCommand({ QueueUrl, Entries }));
    }
  }

  function recording() {
    const batches: { at: number; bodies: string[] }[] = [];
    const handler = async (event: Recorded) => {
      batches.push({ at: Date.now(), bodies: event.Records.map((r) => r['body'] as string) });
    };
    return { batches, handler };
  }

  it('waits out the batching window: 10 + 5 messages, BatchSize 100, window 10 → one batch after 10 s', async () => {
    const { aws, sqs, queue } = mappingSetup();
    const q = await queue('windowed');
    const { batches, handler } = recording();
    aws.lambda.createFunction('worker', handler);
    aws.lambda.createEventSourceMapping({
      FunctionName: 'worker',
      EventSourceArn: q.arn,
      BatchSize: 100,
      MaximumBatchingWindowInSeconds: 10,
    });
    await aws.idle();
    const start = Date.now();
    await sendMany(
      sqs,
      q.url,
      Array.from({ length: 10 }, (_, i) => `a${i}`),
    );
    await vi.advanceTimersByTimeAsync(2000);
    await sendMany(
      sqs,
      q.url,
      Array.from({ length: 5 }, (_, i) => `b${i}`),
    );
    await aws.idle();
    expect(batches).toEqual([]);
    await runUntilIdle(aws);
    expect(batches.map((b) => [b.at - start, b.bodies.length])).toEqual([[10_000, 15]]);
    expect(aws.sqs.queue('windowed').messages()).toEqual([]);
  });

  it('flushes a batch the moment it reaches BatchSize, window or not', async () => {
    const { aws, sqs, queue } = mappingSetup();
    const q = await queue('full');
    const { batches, handler } = recording();
    aws.lambda.createFunction('worker', handler);
    aws.lambda.createEventSourceMapping({
      FunctionName: 'worker',
      EventSourceArn: q.arn,
      BatchSize: 15,
      MaximumBatchingWindowInSeconds: 10,
    });
    await aws.idle();
    const start = Date.now();
    await sendMany(
      sqs,
      q.url,
      Array.from({ length: 10 }, (_, i) => `a${i}`),
    );
    await sendMany(
      sqs,
      q.url,
      Array.from({ length: 5 }, (_, i) => `b${i}`),
    );
    await aws.idle();
    expect(batches.map((b) => [b.at - start, b.bodies.length])).toEqual([[0, 15]]);
  });

  it('without a window hands each receive over as a batch of up to 10', async () => {
    const { aws, sqs, queue } = mappingSetup();
    const q = await queue('plain');
    await sendMany(
      sqs,
      q.url,
      Array.from({ length: 25 }, (_, i) => `m${i}`),
    );
    const { batches, handler } = recording();
    aws.lambda.createFunction('worker', handler);
    aws.lambda.createEventSourceMapping({ FunctionName: 'worker', EventSourceArn: q.arn, BatchSize: 4 });
    await aws.idle();
    expect(batches.map((b) => b.bodies.length)).toEqual([4, 4, 4, 4, 4, 4, 1]);
    expect(batches.flatMap((b) => b.bodies).sort()).toEqual(Array.from({ length: 25 }, (_, i) => `m${i}`).sort());
  });

  it('keeps a batch under the 6 MB payload limit: fewer records than BatchSize', async () => {
    const { aws, queue, send } = mappingSetup();
    const q = await queue('big');
    const body = 'x'.repeat(1_000_000);
    for (let i = 0; i < 8; i++) await send(q.url, body);
    const sizes: number[] = [];
    aws.lambda.createFunction('worker', async (event: Recorded) => void sizes.push(event.Records.length));
    aws.lambda.createEventSourceMapping({
      FunctionName: 'worker',
      EventSourceArn: q.arn,
      BatchSize: 100,
      MaximumBatchingWindowInSeconds: 1,
    });
    await runUntilIdle(aws);
    expect(sizes).toEqual([6, 2]);
  });

  it('extends the visibility timeout when window + function timeout exceed it (§2.9)', async () => {
    const { aws, queue, send } = mappingSetup();
    const q = await queue('extended', { VisibilityTimeout: '10' });
    aws.lambda.createFunction('worker', () => new Promise(() => undefined), { timeout: 10 });
    aws.lambda.createEventSourceMapping({
      FunctionName: 'worker',
      EventSourceArn: q.arn,
      BatchSize: 20,
      MaximumBatchingWindowInSeconds: 5,
    });
    await aws.idle();
    await send(q.url, 'held');
    const [message] = aws.sqs.queue('extended').messages('inFlight');
    expect(message?.body).toBe('held');
    // Hidden for window + timeout + 30 s = 45 s, not the queue's 10 s.
    await vi.advanceTimersByTimeAsync(44_999);
    expect(aws.sqs.queue('extended').messages('visible')).toEqual([]);
    aws.reset();
  });

  it('runs 5 batches at once at first, and more after a minute of steady work (§2.5)', async () => {
    const { aws, sqs, queue } = mappingSetup();
    const q = await queue('busy', { VisibilityTimeout: '120' });
    await sendMany(
      sqs,
      q.url,
      Array.from({ length: 40 }, (_, i) => `m${i}`),
    );
    let running = 0;
    const peaks: [number, number][] = [];
    const start = Date.now();
    // A loader: an environment per batch, so batches run side by side (docs/aws-behaviour/lambda.md §5.8).
    aws.lambda.createFunction(
      'slow',
      inEnvironments(async () => {
        running++;
        peaks.push([Date.now() - start, running]);
        await sleep(20_000);
        running--;
      }),
      { timeout: 60 },
    );
    aws.lambda.createEventSourceMapping({ FunctionName: 'slow', EventSourceArn: q.arn, BatchSize: 1 });
    // Handlers sleeping on fake time are running: idle() would wait for them; moving time by nothing does not.
    await vi.advanceTimersByTimeAsync(0);
    expect(running).toBe(5);
    await runUntilIdle(aws);
    const before = peaks.filter(([at]) => at < 60_000).map(([, n]) => n);
    const after = peaks.filter(([at]) => at >= 60_000).map(([, n]) => n);
    expect(Math.max(...before)).toBe(5);
    expect(Math.max(...after)).toBeGreaterThan(5);
    expect(peaks).toHaveLength(40);
    expect(aws.sqs.queue('busy').messages()).toEqual([]);
  });

  it('honours ScalingConfig.MaximumConcurrency', async () => {
    const { aws, sqs, queue } = mappingSetup();
    const q = await queue('capped', { VisibilityTimeout: '60' });
    await sendMany(
      sqs,
      q.url,
      Array.from({ length: 10 }, (_, i) => `m${i}`),
    );
    let running = 0;
    let peak = 0;
    // A loader: an environment per batch, so batches run side by side (docs/aws-behaviour/lambda.md §5.8).
    aws.lambda.createFunction(
      'slow',
      inEnvironments(async () => {
        peak = Math.max(peak, ++running);
        await sleep(5000);
        running--;
      }),
      { timeout: 10 },
    );
    aws.lambda.createEventSourceMapping({
      FunctionName: 'slow',
      EventSourceArn: q.arn,
      BatchSize: 1,
      ScalingConfig: { MaximumConcurrency: 2 },
    });
    await runUntilIdle(aws);
    expect(peak).toBe(2);
    expect(aws.lambda.function('slow').invocations()).toHaveLength(10);
  });

  it('recorded: BatchSize 20, window 1, MaximumConcurrency 2, reserved concurrency 2, 30 messages → 2 invocations', async () => {
    const { aws, sqs, queue } = mappingSetup();
    const q = await queue('recorded');
    await sendMany(
      sqs,
      q.url,
      Array.from({ length: 30 }, (_, i) => `m${i}`),
    );
    const { batches, handler } = recording();
    aws.lambda.createFunction('worker', handler, { reservedConcurrency: 2 });
    aws.lambda.createEventSourceMapping({
      FunctionName: 'worker',
      EventSourceArn: q.arn,
      BatchSize: 20,
      MaximumBatchingWindowInSeconds: 1,
      ScalingConfig: { MaximumConcurrency: 2 },
    });
    await runUntilIdle(aws);
    expect(batches.map((b) => b.bodies.length)).toEqual([20, 10]);
  });

  it('retries batches throttled by reserved concurrency, and loses none', async () => {
    const { aws, sqs, queue } = mappingSetup();
    const q = await queue('throttled', { VisibilityTimeout: '30' });
    await sendMany(sqs, q.url, ['a', 'b', 'c']);
    aws.lambda.createFunction('single', async () => sleep(1500), { timeout: 5, reservedConcurrency: 1 });
    aws.lambda.createEventSourceMapping({ FunctionName: 'single', EventSourceArn: q.arn, BatchSize: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(aws.lambda.function('single').running).toBe(1);
    await runUntilIdle(aws);
    const invocations = aws.lambda.function('single').invocations();
    expect(invocations.map((i) => i.outcome)).toEqual(['success', 'success', 'success']);
    expect(aws.sqs.queue('throttled').messages()).toEqual([]);
  });

  it('gives a throttled batch up when its visibility timeout ends: with reserved concurrency 0, the DLQ', async () => {
    const { aws, queue, send } = mappingSetup();
    const dlq = await queue('dlq');
    const q = await queue('never', {
      VisibilityTimeout: '10',
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 2 }),
    });
    aws.lambda.createFunction('zero', async () => undefined, { reservedConcurrency: 0 });
    aws.lambda.createEventSourceMapping({ FunctionName: 'zero', EventSourceArn: q.arn });
    await send(q.url, 'unlucky');
    await runUntilIdle(aws);
    expect(aws.lambda.function('zero').invocations()).toEqual([]);
    expect(
      aws.sqs
        .queue('dlq')
        .messages()
        .map((m) => [m.body, m.receiveCount]),
    ).toEqual([['unlucky', 2]]);
  });
});

describe('SQS event source mapping on a FIFO queue (docs/aws-behaviour/lambda.md §2.8)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps order within a group, one batch per group in flight, groups side by side', async () => {
    const { aws, queue, send } = mappingSetup();
    const q = await queue('orders.fifo', {
      FifoQueue: 'true',
      ContentBasedDeduplication: 'true',
      VisibilityTimeout: '30',
    });
    for (let i = 0; i < 5; i++) {
      await send(q.url, `A${i}`, { MessageGroupId: 'A' });
      await send(q.url, `B${i}`, { MessageGroupId: 'B' });
    }
    const seen: string[] = [];
    const runningByGroup = new Map<string, number>();
    let overlapInGroup = false;
    let peak = 0;
    let running = 0;
    aws.lambda.createFunction(
      'ordered',
      inEnvironments(async (event: Recorded) => {
        const group = (event.Records[0]!['attributes'] as Record<string, string>)['MessageGroupId']!;
        if ((runningByGroup.get(group) ?? 0) > 0) overlapInGroup = true;
        runningByGroup.set(group, (runningByGroup.get(group) ?? 0) + 1);
        peak = Math.max(peak, ++running);
        await sleep(1000);
        for (const record of event.Records) seen.push(record['body'] as string);
        runningByGroup.set(group, runningByGroup.get(group)! - 1);
        running--;
      }),
      { timeout: 10 },
    );
    aws.lambda.createEventSourceMapping({ FunctionName: 'ordered', EventSourceArn: q.arn, BatchSize: 1 });
    await runUntilIdle(aws);
    expect(overlapInGroup).toBe(false);
    expect(peak).toBe(2);
    expect(seen.filter((b) => b.startsWith('A'))).toEqual(['A0', 'A1', 'A2', 'A3', 'A4']);
    expect(seen.filter((b) => b.startsWith('B'))).toEqual(['B0', 'B1', 'B2', 'B3', 'B4']);
  });

  it('retries the reported messages of a group before later ones (ReportBatchItemFailures)', async () => {
    const { aws, queue, send } = mappingSetup();
    const dlq = await queue('dlq.fifo', { FifoQueue: 'true' });
    const q = await queue('partial.fifo', {
      FifoQueue: 'true',
      VisibilityTimeout: '5',
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 2 }),
    });
    for (let i = 1; i <= 4; i++)
      await send(q.url, String(i), { MessageGroupId: '1', MessageDeduplicationId: `dedup-${i}` });
    const batches: string[][] = [];
    aws.lambda.createFunction(
      'reports',
      async (event: Recorded) => {
        batches.push(
          event.Records.map(
            (r) => `${r['body']}:${(r['attributes'] as Record<string, string>)['ApproximateReceiveCount']}`,
          ),
        );
        // The recorded case: 2, 3 and 4 reported the first time, then 4 again.
        const failed = batches.length === 1 ? ['2', '3', '4'] : ['4'];
        return {
          batchItemFailures: event.Records.filter((r) => failed.includes(r['body'] as string)).map((r) => ({
            itemIdentifier: r['messageId'],
          })),
        };
      },
      { timeout: 5 },
    );
    aws.lambda.createEventSourceMapping({
      FunctionName: 'reports',
      EventSourceArn: q.arn,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    await runUntilIdle(aws);
    expect(batches).toEqual([
      ['1:1', '2:1', '3:1', '4:1'],
      ['2:2', '3:2', '4:2'],
    ]);
    expect(
      aws.sqs
        .queue('dlq.fifo')
        .messages()
        .map((m) => m.body),
    ).toEqual(['4']);
  });
});
