/**
 * Lambda as deployed (docs/aws-behaviour/lambda.md §5.5, §5.8): execution environments, environment variables,
 * timeouts that end, and the error as thrown, through the SDK clients as a user drives them.
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/matchers/vitest.js';
import { createAwsMock, LateCommandError, type AwsMock } from '../../src/index.js';
import { networkTrap, ONE_ATTEMPT } from '../helpers.js';
import { inEnvironments, mappingSetup, runUntilIdle, type Recorded } from './esm-support.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One attempt: what the mock answers, not what the SDK's retries make of it. */
function lambdaClient(aws: AwsMock): LambdaClient {
  const client = new LambdaClient({ region: aws.region, requestHandler: networkTrap, ...ONE_ATTEMPT });
  client.middlewareStack.use(aws.lambda);
  return client;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a plain handler is one execution environment', () => {
  it('never runs two invocations at once: a mapping takes no batch while it is busy', async () => {
    const { aws, queue, send } = mappingSetup();
    const q = await queue('work', { VisibilityTimeout: '30' });
    let running = 0;
    let peak = 0;
    const inFlightWhileRunning: number[] = [];
    const fn = aws.lambda.createFunction(
      'worker',
      async () => {
        peak = Math.max(peak, ++running);
        await sleep(1000);
        // By now the last batch's messages are deleted (they are, after its invocation has ended).
        inFlightWhileRunning.push(aws.sqs.queue('work').messages('inFlight').length);
        running--;
      },
      { timeout: 5 },
    );
    for (let i = 0; i < 6; i++) await send(q.url, `m${i}`);
    aws.lambda.createEventSourceMapping({ FunctionName: 'worker', EventSourceArn: q.arn, BatchSize: 2 });
    await runUntilIdle(aws);
    expect(peak).toBe(1);
    // Only the running batch's messages are in flight: none waits for the environment and times out there.
    expect(inFlightWhileRunning).toEqual([2, 2, 2]);
    const invocations = fn.invocations();
    expect(invocations.map((i) => i.outcome)).toEqual(['success', 'success', 'success']);
    expect(new Set(invocations.map((i) => i.environmentId)).size).toBe(1);
    expect(invocations.map((i) => i.coldStart)).toEqual([true, false, false]);
    expect(aws.sqs.queue('work').messages()).toEqual([]);
  });

  it('queues Invoke and SNS deliveries for its environment, in arrival order', async () => {
    const aws = createAwsMock();
    const lambda = lambdaClient(aws);
    const order: string[] = [];
    aws.lambda.createFunction('one', async (event: { n: number }) => {
      order.push(`start ${event.n}`);
      await sleep(100);
      order.push(`end ${event.n}`);
      return event.n;
    });
    const payload = (n: number) => new TextEncoder().encode(JSON.stringify({ n }));
    const answers = [1, 2, 3].map((n) => lambda.send(new InvokeCommand({ FunctionName: 'one', Payload: payload(n) })));
    await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) });
    const results = await Promise.all(answers);
    expect(results.map((r) => r.Payload?.transformToString())).toEqual(['1', '2', '3']);
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it('lets an Invoke run while a batching window fills: the batch takes the environment only when it is handed on', async () => {
    const { aws, queue, send } = mappingSetup();
    const q = await queue('work', { VisibilityTimeout: '60' });
    const fn = aws.lambda.createFunction(
      'worker',
      async (event: { Records?: unknown[] }) => event.Records?.length ?? 0,
    );
    aws.lambda.createEventSourceMapping({
      FunctionName: 'worker',
      EventSourceArn: q.arn,
      BatchSize: 20,
      MaximumBatchingWindowInSeconds: 10,
    });
    await send(q.url, 'm1');
    const answer = await lambdaClient(aws).send(new InvokeCommand({ FunctionName: 'worker' }));
    expect(answer.Payload?.transformToString()).toBe('0');
    await runUntilIdle(aws);
    expect(fn.invocations().map((i) => i.result)).toEqual([0, 1]);
  });

  it('counts waiting invocations against reserved concurrency, as the environments AWS would run them in', async () => {
    const aws = createAwsMock();
    const lambda = lambdaClient(aws);
    aws.lambda.createFunction('reserved', async () => sleep(100), { reservedConcurrency: 1 });
    const first = lambda.send(new InvokeCommand({ FunctionName: 'reserved' }));
    await expect(lambda.send(new InvokeCommand({ FunctionName: 'reserved' }))).rejects.toMatchObject({
      name: 'TooManyRequestsException',
    });
    await vi.advanceTimersByTimeAsync(100);
    await expect(first).resolves.toMatchObject({ StatusCode: 200 });
  });

  it('starts a new environment after a timeout (the module state is the same: a plain handler cannot be reloaded)', async () => {
    const aws = createAwsMock();
    const lambda = lambdaClient(aws);
    const fn = aws.lambda.createFunction('slow', async (event: { wait: number }) => sleep(event.wait), { timeout: 1 });
    const run = (wait: number) =>
      lambda.send(
        new InvokeCommand({ FunctionName: 'slow', Payload: new TextEncoder().encode(JSON.stringify({ wait })) }),
      );
    const timedOut = run(5000);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(timedOut).resolves.toMatchObject({ FunctionError: 'Unhandled' });
    const next = run(0);
    await vi.advanceTimersByTimeAsync(0);
    await next;
    const [a, b] = fn.invocations();
    expect(a!.outcome).toBe('timeout');
    expect(b!.outcome).toBe('success');
    expect(b!.environmentId).not.toBe(a!.environmentId);
    expect(b!.coldStart).toBe(true);
  });
});

describe('{ load, handler }: an environment per concurrent invocation', () => {
  it('loads once per environment (its cold start), runs batches side by side, reuses environments warm', async () => {
    const { aws, queue, send } = mappingSetup();
    const q = await queue('work', { VisibilityTimeout: '30' });
    let loads = 0;
    let running = 0;
    let peak = 0;
    const fn = aws.lambda.createFunction(
      'worker',
      {
        load: async () => {
          loads++;
          let served = 0;
          return {
            process: async () => {
              peak = Math.max(peak, ++running);
              await sleep(1000);
              running--;
              return ++served;
            },
          };
        },
        handler: 'process',
      },
      { timeout: 5 },
    );
    for (let i = 0; i < 10; i++) await send(q.url, `m${i}`);
    aws.lambda.createEventSourceMapping({ FunctionName: 'worker', EventSourceArn: q.arn, BatchSize: 1 });
    await runUntilIdle(aws);
    expect(peak).toBe(5);
    expect(loads).toBe(5);
    const invocations = fn.invocations();
    expect(invocations).toHaveLength(10);
    expect(invocations.filter((i) => i.coldStart)).toHaveLength(5);
    expect(new Set(invocations.map((i) => i.environmentId)).size).toBe(5);
    // Each environment keeps its own module state: its second invocation is its module's second.
    expect(invocations.filter((i) => !i.coldStart).map((i) => i.result)).toEqual([2, 2, 2, 2, 2]);
  });

  it('discards an environment that timed out: the next invocation loads the code again', async () => {
    const aws = createAwsMock();
    const lambda = lambdaClient(aws);
    let loads = 0;
    const fn = aws.lambda.createFunction(
      'slow',
      {
        load: () => {
          const instance = ++loads;
          return { handler: async (event: { wait: number }) => (await sleep(event.wait), instance) };
        },
      },
      { timeout: 1 },
    );
    const run = (wait: number) =>
      lambda.send(
        new InvokeCommand({ FunctionName: 'slow', Payload: new TextEncoder().encode(JSON.stringify({ wait })) }),
      );
    const first = run(0);
    await vi.advanceTimersByTimeAsync(0);
    expect((await first).Payload?.transformToString()).toBe('1');
    const timedOut = run(5000);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(timedOut).resolves.toMatchObject({ FunctionError: 'Unhandled' });
    const after = run(0);
    await vi.advanceTimersByTimeAsync(0);
    expect((await after).Payload?.transformToString()).toBe('2');
    expect(fn.invocations().map((i) => [i.outcome, i.coldStart])).toEqual([
      ['success', true],
      ['timeout', false],
      ['success', true],
    ]);
  });

  it('reports a missing export as Runtime.HandlerNotFound, and a failing load as its error', async () => {
    const aws = createAwsMock();
    const lambda = lambdaClient(aws);
    aws.lambda.createFunction('missing', { load: () => ({ other: () => 1 }), handler: 'main' });
    aws.lambda.createFunction('broken', {
      load: async () => {
        throw new TypeError('cannot read config');
      },
    });
    const missing = await lambda.send(new InvokeCommand({ FunctionName: 'missing' }));
    expect(JSON.parse(missing.Payload!.transformToString())).toMatchObject({
      errorType: 'Runtime.HandlerNotFound',
      errorMessage: 'index.main is undefined or not exported',
    });
    const broken = await lambda.send(new InvokeCommand({ FunctionName: 'broken' }));
    expect(JSON.parse(broken.Payload!.transformToString())).toMatchObject({
      errorType: 'TypeError',
      errorMessage: 'cannot read config',
    });
    const fn = aws.lambda.function('broken');
    expect(fn.invocations()[0]!.thrown).toBeInstanceOf(TypeError);
  });

  it('takes a CommonJS module as ESM imports it, its exports under default', async () => {
    const aws = createAwsMock();
    const lambda = lambdaClient(aws);
    aws.lambda.createFunction('cjs', { load: () => ({ default: { handler: async () => 'from cjs' } }) });
    const answer = await lambda.send(new InvokeCommand({ FunctionName: 'cjs' }));
    expect(answer.Payload?.transformToString()).toBe('"from cjs"');
  });
});

describe('environment variables (lambda.md §5.5)', () => {
  it("are the function's and the runtime's, at load and in each invocation; the test's own are untouched", async () => {
    const aws = createAwsMock({ region: 'eu-west-1' });
    const lambda = lambdaClient(aws);
    delete process.env['TABLE'];
    let atLoad: string | undefined;
    aws.lambda.createFunction(
      'reader',
      {
        load: () => {
          atLoad = process.env['TABLE'];
          return {
            handler: async () => ({
              TABLE: process.env['TABLE'],
              AWS_REGION: process.env['AWS_REGION'],
              AWS_DEFAULT_REGION: process.env['AWS_DEFAULT_REGION'],
              AWS_LAMBDA_FUNCTION_NAME: process.env['AWS_LAMBDA_FUNCTION_NAME'],
              AWS_LAMBDA_FUNCTION_VERSION: process.env['AWS_LAMBDA_FUNCTION_VERSION'],
              AWS_LAMBDA_FUNCTION_MEMORY_SIZE: process.env['AWS_LAMBDA_FUNCTION_MEMORY_SIZE'],
              AWS_LAMBDA_LOG_GROUP_NAME: process.env['AWS_LAMBDA_LOG_GROUP_NAME'],
              _HANDLER: process.env['_HANDLER'],
              LAMBDA_TASK_ROOT: process.env['LAMBDA_TASK_ROOT'],
              AWS_LAMBDA_INITIALIZATION_TYPE: process.env['AWS_LAMBDA_INITIALIZATION_TYPE'],
              inKeys: Object.keys(process.env).includes('TABLE'),
            }),
          };
        },
      },
      { environment: { TABLE: 'orders' }, memorySize: 512 },
    );
    const answer = await lambda.send(new InvokeCommand({ FunctionName: 'reader' }));
    expect(atLoad).toBe('orders');
    expect(JSON.parse(answer.Payload!.transformToString())).toEqual({
      TABLE: 'orders',
      AWS_REGION: 'eu-west-1',
      AWS_DEFAULT_REGION: 'eu-west-1',
      AWS_LAMBDA_FUNCTION_NAME: 'reader',
      AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
      AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512',
      AWS_LAMBDA_LOG_GROUP_NAME: '/aws/lambda/reader',
      _HANDLER: 'index.handler',
      LAMBDA_TASK_ROOT: '/var/task',
      AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
      inKeys: true,
    });
    expect(process.env['TABLE']).toBeUndefined();
    expect(process.env['AWS_LAMBDA_FUNCTION_NAME']).toBeUndefined();
  });

  it('each function sees its own values when their invocations interleave; writes stay in the environment', async () => {
    const aws = createAwsMock();
    const lambda = lambdaClient(aws);
    const seen: string[] = [];
    for (const name of ['a', 'b']) {
      aws.lambda.createFunction(
        name,
        async () => {
          seen.push(`${name} sees ${process.env['STAGE']}`);
          await sleep(10);
          seen.push(`${name} still sees ${process.env['STAGE']}`);
          process.env['COUNT'] = String(Number(process.env['COUNT'] ?? 0) + 1);
          return process.env['COUNT'];
        },
        { environment: { STAGE: `stage-${name}` } },
      );
    }
    const invokeAll = () =>
      Promise.all(['a', 'b'].map((FunctionName) => lambda.send(new InvokeCommand({ FunctionName }))));
    const first = invokeAll();
    await vi.advanceTimersByTimeAsync(10);
    await first;
    expect(seen).toEqual(['a sees stage-a', 'b sees stage-b', 'a still sees stage-a', 'b still sees stage-b']);
    const second = invokeAll();
    await vi.advanceTimersByTimeAsync(10);
    // A variable a handler set stays in its (warm) environment, as in a sandbox, and never reaches the test.
    expect((await second).map((r) => r.Payload?.transformToString())).toEqual(['"2"', '"2"']);
    expect(process.env['COUNT']).toBeUndefined();
  });

  it('refuses the keys Lambda reserves, with its text, and keys it does not allow', () => {
    const aws = createAwsMock();
    const handler = async () => undefined;
    expect(() =>
      aws.lambda.createFunction('f', handler, { environment: { AWS_REGION: 'x', AWS_SESSION_TOKEN: 'y' } }),
    ).toThrow(
      'sqs-sns-mock: environment: Lambda was unable to configure your environment variables because the environment ' +
        'variables you have provided contains reserved keys that are currently not supported for modification. ' +
        'Reserved keys used in this request: AWS_REGION, AWS_SESSION_TOKEN',
    );
    expect(() => aws.lambda.createFunction('f', handler, { environment: { '1X': 'a' } })).toThrow(/not allowed/);
    expect(() => aws.lambda.createFunction('f', handler, { environment: { XY: 1 as never } })).toThrow(/a string/);
    expect(() => aws.lambda.createFunction('f', handler, { environment: { XY: 'y'.repeat(5000) } })).toThrow(/4096/);
  });

  it('the SDK inside a handler sees the runtime: its client acts in the function region', async () => {
    const aws = createAwsMock({ region: 'us-east-1' });
    const lambda = lambdaClient(aws);
    aws.install(SQSClient);
    try {
      aws.lambda.createFunction(
        'maker',
        async () => {
          const sqs = new SQSClient({});
          await sqs.send(new SendMessageCommand({ QueueUrl: process.env['QUEUE_URL'], MessageBody: 'hi' }));
        },
        { region: 'eu-west-1', environment: { QUEUE_URL: `https://sqs.eu-west-1.amazonaws.com/${aws.accountId}/q` } },
      );
      const queue = await createQueueIn(aws, 'eu-west-1', 'q');
      const answer = await lambda.send(
        new InvokeCommand({ FunctionName: `arn:aws:lambda:eu-west-1:${aws.accountId}:function:maker` }),
      );
      expect(answer.Payload?.transformToString()).toBe('null');
      expect(queue.messages().map((m) => m.body)).toEqual(['hi']);
    } finally {
      aws.restore();
    }
  });
});

async function createQueueIn(aws: AwsMock, region: string, name: string) {
  const sqs = new SQSClient({ region, requestHandler: networkTrap });
  sqs.middlewareStack.use(aws.sqs);
  const { CreateQueueCommand } = await import('@aws-sdk/client-sqs');
  await sqs.send(new CreateQueueCommand({ QueueName: name }));
  return aws.sqs.queue(`arn:aws:sqs:${region}:${aws.accountId}:${name}`);
}

describe('timeouts end (lambda.md §5.8)', () => {
  it('refuses every command a timed-out invocation sends later, records it, and changes nothing', async () => {
    const { aws, sqs, queue } = mappingSetup();
    const orders = await queue('orders', { VisibilityTimeout: '10' });
    const shipments = await queue('shipments');
    const sns = new SNSClient({ region: aws.region, requestHandler: networkTrap });
    sns.middlewareStack.use(aws.sns);
    const late: unknown[] = [];
    const fn = aws.lambda.createFunction(
      'shipper',
      async () => {
        await sleep(5000);
        for (const send of [
          () => sqs.send(new SendMessageCommand({ QueueUrl: shipments.url, MessageBody: 'ship it' })),
          () => sns.send(new PublishCommand({ TopicArn: `arn:aws:sns:us-east-1:${aws.accountId}:t`, Message: 'x' })),
        ]) {
          await send().catch((error: unknown) => late.push(error));
        }
      },
      { timeout: 1 },
    );
    await sqs.send(new SendMessageCommand({ QueueUrl: orders.url, MessageBody: 'order 1' }));
    aws.lambda.createEventSourceMapping({ FunctionName: 'shipper', EventSourceArn: orders.arn });
    await vi.advanceTimersByTimeAsync(6000);
    expect(aws.sqs.queue('shipments').messages()).toEqual([]);
    expect(late).toHaveLength(2);
    expect(late[0]).toBeInstanceOf(LateCommandError);
    const [invocation] = fn.invocations();
    expect(String((late[0] as Error).message)).toBe(
      `sqs-sns-mock: SendMessageCommand refused: it was sent by function "shipper", request ` +
        `${invocation!.requestId}, which timed out at ${invocation!.endedAt!.toISOString()}. On AWS that code no ` +
        'longer runs; the command changed nothing (see invocations()[i].lateCommands).',
    );
    expect(invocation!.lateCommands.map(({ service, command }) => [service, command])).toEqual([
      ['SQS', 'SendMessageCommand'],
      ['SNS', 'PublishCommand'],
    ]);
    expect(invocation!.lateCommands[0]!.at).toEqual(new Date(invocation!.startedAt.getTime() + 5000));
  });

  it('knows a timer callback the handler set, under fake timers too: its late send is refused', async () => {
    const { aws, sqs, queue } = mappingSetup();
    const shipments = await queue('shipments');
    const outcomes: string[] = [];
    const fn = aws.lambda.createFunction(
      'fire-and-forget',
      async () => {
        // Not awaited: a callback the fake clock runs later, in the context of whatever moves the clock.
        setTimeout(() => {
          outcomes.push(`sees ${process.env['STAGE']}`);
          sqs.send(new SendMessageCommand({ QueueUrl: shipments.url, MessageBody: 'late shipment' })).then(
            () => outcomes.push('sent'),
            (error: Error) => outcomes.push(error.name),
          );
        }, 5000);
        await sleep(60_000);
      },
      { timeout: 1, environment: { STAGE: 'prod' } },
    );
    const lambda = lambdaClient(aws);
    const answer = lambda.send(new InvokeCommand({ FunctionName: 'fire-and-forget' }));
    await vi.advanceTimersByTimeAsync(5000);
    await answer;
    expect(outcomes).toEqual(['sees prod', 'LateCommandError']);
    expect(aws.sqs.queue('shipments').messages()).toEqual([]);
    expect(fn.invocations()[0]!.lateCommands.map((c) => c.command)).toEqual(['SendMessageCommand']);
  });

  it('lets an invocation that ended in time go on acting (a frozen sandbox thaws)', async () => {
    const { aws, sqs, queue } = mappingSetup();
    const q = await queue('out');
    aws.lambda.createFunction('fire-and-forget', async () => {
      void sleep(100).then(() => sqs.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'later' })));
    });
    await aws.lambda.function('fire-and-forget').invocations();
    const lambda = lambdaClient(aws);
    await lambda.send(new InvokeCommand({ FunctionName: 'fire-and-forget' }));
    await vi.advanceTimersByTimeAsync(100);
    expect(
      aws.sqs
        .queue('out')
        .messages()
        .map((m) => m.body),
    ).toEqual(['later']);
  });
});

describe('the error as thrown', () => {
  it('keeps the thrown value, its class, cause and own fields; error stays the payload', async () => {
    const aws = createAwsMock();
    const lambda = lambdaClient(aws);
    class OrderError extends Error {
      constructor(
        message: string,
        readonly orderId: number,
        options?: ErrorOptions,
      ) {
        super(message, options);
        this.name = 'OrderError';
      }
    }
    const root = new Error('card declined');
    const fn = aws.lambda.createFunction('pay', async () => {
      throw new OrderError('payment failed', 42, { cause: root });
    });
    await lambda.send(new InvokeCommand({ FunctionName: 'pay' }));
    const [invocation] = fn.invocations();
    expect(invocation!.thrown).toBeInstanceOf(OrderError);
    expect((invocation!.thrown as OrderError).orderId).toBe(42);
    expect((invocation!.thrown as Error).cause).toBe(root);
    expect(invocation!.error).toMatchObject({ errorType: 'OrderError', errorMessage: 'payment failed' });
  });
});

describe("matcher failures show a batch library's record errors", () => {
  it("Powertools' FullBatchFailureError: the first record errors after the wrapper's text", async () => {
    const { BatchProcessor, EventType, processPartialResponse } = await import('@aws-lambda-powertools/batch');
    const { aws, sqs, queue } = mappingSetup();
    const q = await queue('orders');
    const processor = new BatchProcessor(EventType.SQS);
    const fn = aws.lambda.createFunction('all-bad', async (event: SQSEvent, context: Context) =>
      processPartialResponse(
        event,
        async (record: SQSRecord) => {
          throw new Error(`card declined for ${record.body}`);
        },
        processor,
        { context },
      ),
    );
    for (const body of ['order 1', 'order 2', 'order 3', 'order 4']) {
      await sqs.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: body }));
    }
    aws.lambda.createEventSourceMapping({
      FunctionName: 'all-bad',
      EventSourceArn: q.arn,
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    await aws.idle();
    expect(() => expect(fn).toHaveSucceededEveryTime()).toThrow(
      /error \(FullBatchFailureError: All records failed processing\. See i…; record errors: Error: card declined for order 1; Error: card declined for order 2; Error: card declined for order 3 \(\+1 more\)\)/,
    );
  });
});

describe('Powertools at module scope, 20 orders of which 4 poison, batches side by side', () => {
  async function ordersPipeline(code: Parameters<AwsMock['lambda']['createFunction']>[1]) {
    const { aws, sqs, queue } = mappingSetup();
    aws.install(SQSClient);
    const dlq = await queue('orders-dlq');
    const orders = await queue('orders', {
      VisibilityTimeout: '30',
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 3 }),
    });
    const shipments = await queue('shipments');
    const fn = aws.lambda.createFunction('order-worker', code, {
      timeout: 10,
      environment: { SHIPMENTS_URL: shipments.url },
    });
    const poison = new Set([3, 8, 13, 18]);
    for (let id = 1; id <= 20; id++) {
      await sqs.send(
        new SendMessageCommand({ QueueUrl: orders.url, MessageBody: JSON.stringify({ id, poison: poison.has(id) }) }),
      );
    }
    aws.lambda.createEventSourceMapping({
      FunctionName: 'order-worker',
      EventSourceArn: orders.arn,
      BatchSize: 5,
      ScalingConfig: { MaximumConcurrency: 4 },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    try {
      await runUntilIdle(aws);
    } finally {
      aws.restore();
    }
    const shipped = aws.sqs
      .queue('shipments')
      .messages()
      .map((m) => Number(m.body));
    const deadLettered = aws.sqs
      .queue('orders-dlq')
      .messages()
      .map((m) => (m.json() as { id: number }).id);
    return { aws, fn, shipped, deadLettered };
  }

  it('a plain handler: exactly the 4 poison orders in the DLQ, each good order shipped once', async () => {
    const { handler } = await import('./fixtures/order-worker.js');
    const { fn, shipped, deadLettered } = await ordersPipeline(handler);
    expect(deadLettered.sort((a, b) => a - b)).toEqual([3, 8, 13, 18]);
    expect(shipped.sort((a, b) => a - b)).toEqual([1, 2, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 17, 19, 20]);
    expect(new Set(fn.invocations().map((i) => i.environmentId)).size).toBe(1);
  });

  it('{ load } with vi.resetModules(): an instance per environment, batches side by side, the same end', async () => {
    let loads = 0;
    const { fn, shipped, deadLettered } = await ordersPipeline({
      load: async () => {
        loads++;
        vi.resetModules();
        return import('./fixtures/order-worker.js');
      },
    });
    const invocations = fn.invocations();
    // A batch of poison orders only: Powertools throws, and the invocation keeps what it threw.
    const failed = invocations.find((i) => i.outcome === 'error');
    expect((failed?.thrown as { recordErrors?: Error[] } | undefined)?.recordErrors?.[0]?.message).toMatch(/^poison/);
    expect(deadLettered.sort((a, b) => a - b)).toEqual([3, 8, 13, 18]);
    expect(shipped.sort((a, b) => a - b)).toEqual([1, 2, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 17, 19, 20]);
    expect(new Set(invocations.map((i) => i.environmentId)).size).toBe(loads);
    expect(loads).toBeGreaterThanOrEqual(2);
    // Batches overlapped: some invocation started before another ended.
    const overlapped = invocations.some((a) =>
      invocations.some((b) => a !== b && a.startedAt <= b.startedAt && b.startedAt < (a.endedAt ?? b.startedAt)),
    );
    expect(overlapped || loads >= 2).toBe(true);
  });

  it('middy at module scope, plain and with { load }: the same end', async () => {
    const { handler } = await import('./fixtures/middy-order-worker.js');
    const plain = await ordersPipeline(handler);
    expect(plain.deadLettered.sort((a, b) => a - b)).toEqual([3, 8, 13, 18]);
    expect(plain.shipped.sort((a, b) => a - b)).toEqual([1, 2, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 17, 19, 20]);
    const loaded = await ordersPipeline({
      load: async () => {
        vi.resetModules();
        return import('./fixtures/middy-order-worker.js');
      },
    });
    expect(loaded.deadLettered.sort((a, b) => a - b)).toEqual([3, 8, 13, 18]);
    expect(loaded.shipped.sort((a, b) => a - b)).toEqual([1, 2, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 17, 19, 20]);
    expect(new Set(loaded.fn.invocations().map((i) => i.environmentId)).size).toBeGreaterThanOrEqual(2);
  });

  it('the module-scope processor shared by batches side by side lies: what the plain form now prevents', async () => {
    const { handler } = await import('./fixtures/order-worker.js');
    // One module instance handed to every environment: the shape that failed before, kept to show why.
    const { shipped, deadLettered } = await ordersPipeline(inEnvironments(handler));
    const right =
      deadLettered.length === 4 && shipped.length === 16 && new Set(shipped).size === 16 && deadLettered.length === 4;
    expect(right).toBe(false);
  });
});

export type { Recorded };
