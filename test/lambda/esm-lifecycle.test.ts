import FakeTimers from '@sinonjs/fake-timers';
import { DeleteQueueCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAwsMock } from '../../src/index.js';
import { networkTrap } from '../helpers.js';
import { mappingSetup, runUntilIdle, type Recorded } from './esm-support.js';

const prefix = 'sqs-sns-mock: CreateEventSourceMapping: ';

describe('CreateEventSourceMapping: checks and errors (docs/aws-behaviour/lambda.md §2.1–2.3, §2.9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function setup() {
    const context = mappingSetup();
    const q = await context.queue('q', { VisibilityTimeout: '30' });
    const fifo = await context.queue('q.fifo', { FifoQueue: 'true' });
    context.aws.lambda.createFunction('fn', async () => undefined, { timeout: 30 });
    return { ...context, q, fifo };
  }

  const cases: [string, (arns: { q: string; fifo: string }) => Record<string, unknown>, string][] = [
    ['no EventSourceArn', () => ({ FunctionName: 'fn' }), 'InvalidParameterValueException: Unrecognized event source.'],
    [
      'an unknown function',
      ({ q }) => ({ FunctionName: 'nope', EventSourceArn: q }),
      'InvalidParameterValueException: Function does not exist',
    ],
    [
      'an unknown queue',
      () => ({ FunctionName: 'fn', EventSourceArn: 'arn:aws:sqs:us-east-1:000000000000:missing' }),
      'InvalidParameterValueException: Error occurred while ReceiveMessage. SQS Error Code: ' +
        'AWS.SimpleQueueService.NonExistentQueue. SQS Error Message: The specified queue does not exist.',
    ],
    [
      'an OnSuccess destination',
      ({ q }) => ({
        FunctionName: 'fn',
        EventSourceArn: q,
        DestinationConfig: { OnSuccess: { Destination: 'arn:aws:sqs:us-east-1:000000000000:q' } },
      }),
      'InvalidParameterValueException: Unsupported DestinationConfig parameter for given event source mapping type.',
    ],
    [
      'BatchSize 11 without a window',
      ({ q }) => ({ FunctionName: 'fn', EventSourceArn: q, BatchSize: 11 }),
      'InvalidParameterValueException: Maximum batch window in seconds must be greater than 0 if maximum batch size ' +
        'is greater than 10',
    ],
    [
      'a window on a FIFO queue',
      ({ fifo }) => ({ FunctionName: 'fn', EventSourceArn: fifo, BatchSize: 100, MaximumBatchingWindowInSeconds: 5 }),
      'InvalidParameterValueException: Batching window is not supported for FIFO queues',
    ],
    [
      'BatchSize 11 on a FIFO queue',
      ({ fifo }) => ({ FunctionName: 'fn', EventSourceArn: fifo, BatchSize: 11 }),
      'InvalidParameterValueException: Maximum batch window in seconds must be greater than 0 if maximum batch size ' +
        'is greater than 10',
    ],
    [
      'BatchSize 0',
      ({ q }) => ({ FunctionName: 'fn', EventSourceArn: q, BatchSize: 0 }),
      "ValidationException: 1 validation error detected: Value '0' at 'batchSize' failed to satisfy constraint: " +
        'Member must have value greater than or equal to 1',
    ],
    [
      'BatchSize 10,001',
      ({ q }) => ({ FunctionName: 'fn', EventSourceArn: q, BatchSize: 10_001, MaximumBatchingWindowInSeconds: 1 }),
      "ValidationException: 1 validation error detected: Value '10001' at 'batchSize' failed to satisfy constraint: " +
        'Member must have value less than or equal to 10000',
    ],
    [
      'a window of 301 s',
      ({ q }) => ({ FunctionName: 'fn', EventSourceArn: q, MaximumBatchingWindowInSeconds: 301 }),
      "ValidationException: 1 validation error detected: Value '301' at 'maximumBatchingWindowInSeconds' failed to " +
        'satisfy constraint: Member must have value less than or equal to 300',
    ],
    [
      'MaximumConcurrency 1',
      ({ q }) => ({ FunctionName: 'fn', EventSourceArn: q, ScalingConfig: { MaximumConcurrency: 1 } }),
      "ValidationException: 1 validation error detected: Value '1' at 'scalingConfig.maximumConcurrency' failed to " +
        'satisfy constraint: Member must have value greater than or equal to 2',
    ],
    [
      'MaximumConcurrency 1001',
      ({ q }) => ({ FunctionName: 'fn', EventSourceArn: q, ScalingConfig: { MaximumConcurrency: 1001 } }),
      "ValidationException: 1 validation error detected: Value '1001' at 'scalingConfig.maximumConcurrency' failed " +
        'to satisfy constraint: Member must have value less than or equal to 1000',
    ],
    [
      'an unknown FunctionResponseTypes value',
      ({ q }) => ({ FunctionName: 'fn', EventSourceArn: q, FunctionResponseTypes: ['Nope'] }),
      "ValidationException: 1 validation error detected: Value '[\"Nope\"]' at 'functionResponseTypes' failed to " +
        'satisfy constraint: Member must satisfy constraint: [Member must satisfy enum value set: ' +
        '[ReportBatchItemFailures]]',
    ],
  ];
  for (const [what, input, message] of cases) {
    it(`refuses ${what}`, async () => {
      const { aws, q, fifo } = await setup();
      expect(() => aws.lambda.createEventSourceMapping(input({ q: q.arn, fifo: fifo.arn }))).toThrow(
        new Error(prefix + message),
      );
      expect(aws.lambda.eventSourceMappings()).toEqual([]);
    });
  }

  for (const pattern of [null, 'not json', '{"eventSource":"aws:sqs"}', '{"eventSource":[]}']) {
    it(`refuses the filter pattern ${JSON.stringify(pattern)}`, async () => {
      const { aws, q } = await setup();
      expect(() =>
        aws.lambda.createEventSourceMapping({
          FunctionName: 'fn',
          EventSourceArn: q.arn,
          FilterCriteria: { Filters: [{ Pattern: pattern as string }] },
        }),
      ).toThrow(new Error(`${prefix}InvalidParameterValueException: Invalid filter pattern definition.`));
    });
  }

  it('refuses a function timeout above the queue visibility timeout', async () => {
    const { aws, q } = await setup();
    aws.lambda.createFunction('long', async () => undefined, { timeout: 60 });
    expect(() => aws.lambda.createEventSourceMapping({ FunctionName: 'long', EventSourceArn: q.arn })).toThrow(
      new Error(
        `${prefix}InvalidParameterValueException: Queue visibility timeout: 30 seconds is less than Function timeout: ` +
          '60 seconds',
      ),
    );
  });

  it('refuses the same queue and function twice, with AWS text and its odd spaces', async () => {
    const { aws, q } = await setup();
    const first = aws.lambda.createEventSourceMapping({ FunctionName: 'fn', EventSourceArn: q.arn });
    expect(() => aws.lambda.createEventSourceMapping({ FunctionName: 'fn', EventSourceArn: q.arn })).toThrow(
      new Error(
        `${prefix}ResourceConflictException: An event source mapping with SQS arn (" ${q.arn} ") and function ` +
          `(" fn ") already exists. Please update or delete the existing mapping with UUID ${first.uuid}`,
      ),
    );
    // Another function on the same queue is fine.
    aws.lambda.createFunction('other', async () => undefined);
    aws.lambda.createEventSourceMapping({ FunctionName: 'other', EventSourceArn: q.arn });
    expect(aws.lambda.eventSourceMappings().map((m) => m.functionArn)).toEqual([
      'arn:aws:lambda:us-east-1:000000000000:function:fn',
      'arn:aws:lambda:us-east-1:000000000000:function:other',
    ]);
    expect(aws.lambda.eventSourceMappings('other')).toHaveLength(1);
  });

  it('accepts an empty filter list and answers the configuration as AWS does', async () => {
    const { aws, q } = await setup();
    const mapping = aws.lambda.createEventSourceMapping({
      FunctionName: 'fn',
      EventSourceArn: q.arn,
      FilterCriteria: { Filters: [] },
    });
    const configuration = mapping.configuration();
    expect(configuration).toEqual({
      UUID: mapping.uuid,
      BatchSize: 10,
      MaximumBatchingWindowInSeconds: 0,
      FilterCriteria: { Filters: [] },
      FunctionResponseTypes: [],
      EventSourceArn: q.arn,
      FunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:fn',
      LastModified: new Date(Date.now()),
      State: 'Creating',
      StateTransitionReason: 'USER_INITIATED',
      EventSourceMappingArn: `arn:aws:lambda:us-east-1:000000000000:event-source-mapping:${mapping.uuid}`,
    });
    expect(mapping.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    (configuration as { BatchSize: number }).BatchSize = 99;
    expect(mapping.configuration()['BatchSize']).toBe(10);
  });

  it('echoes the qualifier it was given, and ScalingConfig and ReportBatchItemFailures when set', async () => {
    const { aws, q } = await setup();
    const mapping = aws.lambda.createEventSourceMapping({
      FunctionName: 'fn:$LATEST',
      EventSourceArn: q.arn,
      BatchSize: 20,
      MaximumBatchingWindowInSeconds: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 2 },
    });
    expect(mapping.configuration()).toMatchObject({
      FunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:fn:$LATEST',
      BatchSize: 20,
      MaximumBatchingWindowInSeconds: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 2 },
    });
    expect(mapping.batchSize).toBe(20);
    expect(mapping.eventSourceArn).toBe(q.arn);
  });
});

describe('event source mapping lifecycle (docs/aws-behaviour/lambda.md §2.2, §2.11)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('created disabled, it holds the messages until enabled', async () => {
    const { aws, queue, send } = mappingSetup();
    const q = await queue('paused');
    const bodies: string[] = [];
    aws.lambda.createFunction('fn', async (event: Recorded) => {
      for (const record of event.Records) bodies.push(record['body'] as string);
    });
    const mapping = aws.lambda.createEventSourceMapping({ FunctionName: 'fn', EventSourceArn: q.arn, Enabled: false });
    expect(mapping.state).toBe('Disabled');
    for (let i = 0; i < 5; i++) await send(q.url, `m${i}`);
    await runUntilIdle(aws);
    expect(bodies).toEqual([]);
    mapping.enable();
    expect(mapping.state).toBe('Enabling');
    await aws.idle();
    expect(mapping.state).toBe('Enabled');
    expect(bodies.sort()).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
  });

  it('disabled, it stops polling at once; a running invocation finishes and its messages are deleted', async () => {
    const { aws, queue, send } = mappingSetup();
    const q = await queue('switch');
    let release!: () => void;
    aws.lambda.createFunction('fn', () => new Promise<void>((resolve) => (release = resolve)), { timeout: 30 });
    const mapping = aws.lambda.createEventSourceMapping({ FunctionName: 'fn', EventSourceArn: q.arn });
    await send(q.url, 'first');
    await vi.advanceTimersByTimeAsync(0);
    mapping.disable();
    expect(mapping.state).toBe('Disabling');
    await send(q.url, 'second');
    release();
    await aws.idle();
    expect(mapping.state).toBe('Disabled');
    expect(
      aws.sqs
        .queue('switch')
        .messages()
        .map((m) => m.body),
    ).toEqual(['second']);
    expect(aws.lambda.function('fn').invocations()).toHaveLength(1);
  });

  it('deleted, it answers Deleting, stops, and is gone', async () => {
    const { aws, queue, send } = mappingSetup();
    const q = await queue('doomed');
    aws.lambda.createFunction('fn', async () => undefined);
    const mapping = aws.lambda.createEventSourceMapping({ FunctionName: 'fn', EventSourceArn: q.arn });
    await aws.idle();
    mapping.delete();
    expect(mapping.state).toBe('Deleting');
    expect(aws.lambda.eventSourceMappings()).toEqual([]);
    await send(q.url, 'left');
    await runUntilIdle(aws);
    expect(
      aws.sqs
        .queue('doomed')
        .messages()
        .map((m) => m.body),
    ).toEqual(['left']);
    expect(() => mapping.delete()).toThrow(
      new Error(
        'sqs-sns-mock: DeleteEventSourceMapping: ResourceNotFoundException: The resource you requested does not exist.',
      ),
    );
    // The pair may be mapped again.
    aws.lambda.createEventSourceMapping({ FunctionName: 'fn', EventSourceArn: q.arn });
    await aws.idle();
    expect(aws.sqs.queue('doomed').messages()).toEqual([]);
  });

  it('stops quietly when its queue is deleted', async () => {
    const { aws, sqs, queue, send } = mappingSetup();
    const q = await queue('vanishing');
    aws.lambda.createFunction('fn', async () => undefined);
    const mapping = aws.lambda.createEventSourceMapping({ FunctionName: 'fn', EventSourceArn: q.arn });
    await send(q.url, 'one');
    await aws.idle();
    await sqs.send(new DeleteQueueCommand({ QueueUrl: q.url }));
    expect(await runUntilIdle(aws)).toBe(0);
    expect(mapping.state).toBe('Enabled');
    expect(aws.lambda.function('fn').invocations()).toHaveLength(1);
  });

  it('reset stops every poller and leaves no timer behind', async () => {
    const { aws, queue, send } = mappingSetup();
    const q = await queue('busy', { VisibilityTimeout: '30' });
    aws.lambda.createFunction('fn', () => new Promise(() => undefined), { timeout: 30, reservedConcurrency: 1 });
    const before = vi.getTimerCount();
    aws.lambda.createEventSourceMapping({
      FunctionName: 'fn',
      EventSourceArn: q.arn,
      BatchSize: 1,
    });
    await send(q.url, 'a');
    await send(q.url, 'b');
    await vi.advanceTimersByTimeAsync(0);
    // A running invocation's timeout, a throttle retry, the queue's wake-up for its waiter.
    expect(vi.getTimerCount()).toBeGreaterThan(before);
    aws.reset();
    expect(vi.getTimerCount()).toBe(before);
    expect(await runUntilIdle(aws)).toBe(0);
  });

  it('has nothing to wait for with idle mappings: runUntilIdle over a day moves no time', async () => {
    const { aws, queue } = mappingSetup();
    for (let i = 0; i < 10; i++) {
      const q = await queue(`idle${i}`);
      aws.lambda.createFunction(`fn${i}`, async () => undefined);
      aws.lambda.createEventSourceMapping({ FunctionName: `fn${i}`, EventSourceArn: q.arn });
    }
    expect(await runUntilIdle(aws, 24 * 3600_000)).toBe(0);
  });

  it('lets a handler send to its own queue; the poller takes the new message as any other', async () => {
    const { aws, queue, send } = mappingSetup();
    const q = await queue('loop');
    const bodies: string[] = [];
    aws.lambda.createFunction('forward', async (event: Recorded) => {
      for (const record of event.Records) {
        bodies.push(record['body'] as string);
        if (record['body'] === 'first') await send(q.url, 'second');
      }
    });
    aws.lambda.createEventSourceMapping({ FunctionName: 'forward', EventSourceArn: q.arn });
    await send(q.url, 'first');
    await aws.idle();
    expect(bodies).toEqual(['first', 'second']);
    expect(aws.sqs.queue('loop').messages()).toEqual([]);
  });

  it('runs on an injected @sinonjs/fake-timers clock', async () => {
    const clock = FakeTimers.createClock(1_700_000_000_000);
    const aws = createAwsMock({ clock });
    const sqs = new SQSClient({ region: 'us-east-1', requestHandler: networkTrap });
    sqs.middlewareStack.use(aws.sqs);
    const { CreateQueueCommand, SendMessageCommand } = await import('@aws-sdk/client-sqs');
    const { QueueUrl } = await sqs.send(
      new CreateQueueCommand({ QueueName: 'q', Attributes: { VisibilityTimeout: '5' } }),
    );
    const counts: string[] = [];
    aws.lambda.createFunction(
      'flaky',
      async (event: Recorded) => {
        const count = (event.Records[0]!['attributes'] as Record<string, string>)['ApproximateReceiveCount']!;
        counts.push(`${count}@${clock.now - 1_700_000_000_000}`);
        if (count === '1') throw new Error('first time');
      },
      { timeout: 5 },
    );
    aws.lambda.createEventSourceMapping({ FunctionName: 'flaky', EventSourceArn: aws.sqs.queue('q').arn });
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'x' }));
    expect(await aws.runUntilIdle()).toBe(5000);
    expect(counts).toEqual(['1@0', '2@5000']);
    expect(aws.sqs.queue('q').messages()).toEqual([]);
  });
});
