// Lambda as deployed, under jest on the built package: Powertools at module scope behind a mapping, 20 orders of which
// 4 are poison, batches side by side; a plain handler, and the README's jest.isolateModulesAsync loader.
require('sqs-sns-mock/jest');
const { SendMessageCommand, SQSClient } = require('@aws-sdk/client-sqs');
const { createQueue, setup } = require('./support.cjs');

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const POISON = new Set([3, 8, 13, 18]);
const GOOD = Array.from({ length: 20 }, (_, i) => i + 1).filter((id) => !POISON.has(id));

async function ordersPipeline(aws, sqs, code) {
  const dlqUrl = await createQueue(sqs, 'orders-dlq');
  const ordersUrl = await createQueue(sqs, 'orders', {
    VisibilityTimeout: '30',
    RedrivePolicy: JSON.stringify({ deadLetterTargetArn: aws.sqs.queue('orders-dlq').arn, maxReceiveCount: 3 }),
  });
  const shipmentsUrl = await createQueue(sqs, 'shipments');
  const fn = aws.lambda.createFunction('order-worker', code, {
    timeout: 10,
    environment: { SHIPMENTS_URL: shipmentsUrl },
  });
  for (let id = 1; id <= 20; id++) {
    await sqs.send(
      new SendMessageCommand({ QueueUrl: ordersUrl, MessageBody: JSON.stringify({ id, poison: POISON.has(id) }) }),
    );
  }
  aws.lambda.createEventSourceMapping({
    FunctionName: 'order-worker',
    EventSourceArn: aws.sqs.queue('orders').arn,
    BatchSize: 5,
    ScalingConfig: { MaximumConcurrency: 4 },
    FunctionResponseTypes: ['ReportBatchItemFailures'],
  });
  await aws.runUntilIdle({ advance: (ms) => jest.advanceTimersByTimeAsync(ms) });
  void dlqUrl;
  return {
    fn,
    shipped: aws.sqs
      .queue('shipments')
      .messages()
      .map((m) => Number(m.body))
      .sort((a, b) => a - b),
    deadLettered: aws.sqs
      .queue('orders-dlq')
      .messages()
      .map((m) => m.json().id)
      .sort((a, b) => a - b),
  };
}

test('a plain handler: exactly the 4 poison orders dead-lettered, each good order shipped once', async () => {
  const { aws, sqs } = setup();
  aws.install(SQSClient);
  try {
    const { handler } = require('./fixtures/order-worker.cjs');
    const { fn, shipped, deadLettered } = await ordersPipeline(aws, sqs, handler);
    expect(deadLettered).toEqual([...POISON]);
    expect(shipped).toEqual(GOOD);
    expect(new Set(fn.invocations().map((i) => i.environmentId)).size).toBe(1);
  } finally {
    aws.restore();
  }
});

test('{ load } with jest.isolateModulesAsync: a module instance per environment, the same end', async () => {
  const { aws, sqs } = setup();
  aws.install(SQSClient);
  const sdk = require('@aws-sdk/client-sqs');
  let loads = 0;
  try {
    const { fn, shipped, deadLettered } = await ordersPipeline(aws, sqs, {
      load: async () => {
        loads++;
        let worker;
        await jest.isolateModulesAsync(async () => {
          // The worker's own module state is fresh; the SDK stays the one the mock is installed into.
          jest.doMock('@aws-sdk/client-sqs', () => sdk);
          worker = require('./fixtures/order-worker.cjs');
        });
        return worker;
      },
    });
    const invocations = fn.invocations();
    expect(deadLettered).toEqual([...POISON]);
    expect(shipped).toEqual(GOOD);
    expect(loads).toBeGreaterThanOrEqual(2);
    expect(new Set(invocations.map((i) => i.environmentId)).size).toBe(loads);
    expect(invocations.filter((i) => i.coldStart)).toHaveLength(loads);
  } finally {
    aws.restore();
  }
});

test('environment variables and late commands on the built package', async () => {
  const { aws, sqs } = setup();
  const shipmentsUrl = await createQueue(sqs, 'shipments');
  const late = [];
  const fn = aws.lambda.createFunction(
    'slow',
    async () => {
      const seen = process.env.STAGE;
      // Fake time (jest.useFakeTimers above): 5 s that the test moves, past the 1 s timeout.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      await sqs.send(new SendMessageCommand({ QueueUrl: shipmentsUrl, MessageBody: seen })).catch((e) => late.push(e));
    },
    { timeout: 1, environment: { STAGE: 'test' } },
  );
  const { LambdaClient, InvokeCommand } = require('@aws-sdk/client-lambda');
  const lambda = new LambdaClient({ region: aws.region });
  lambda.middlewareStack.use(aws.lambda);
  const answer = lambda.send(new InvokeCommand({ FunctionName: 'slow' }));
  await jest.advanceTimersByTimeAsync(5000);
  await answer;
  expect(process.env.STAGE).toBeUndefined();
  expect(late.map((e) => e.name)).toEqual(['LateCommandError']);
  expect(fn.invocations()[0].lateCommands.map((c) => c.command)).toEqual(['SendMessageCommand']);
  expect(aws.sqs.queue('shipments').messages()).toEqual([]);
});

test("a matcher failure shows the record errors Powertools' FullBatchFailureError wraps", async () => {
  const { BatchProcessor, EventType, processPartialResponse } = require('@aws-lambda-powertools/batch');
  const { aws, sqs } = setup();
  const queueUrl = await createQueue(sqs, 'orders');
  const processor = new BatchProcessor(EventType.SQS);
  const fn = aws.lambda.createFunction('all-bad', async (event, context) =>
    processPartialResponse(
      event,
      async (record) => {
        throw new Error(`card declined for ${record.body}`);
      },
      processor,
      { context },
    ),
  );
  await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'order 1' }));
  aws.lambda.createEventSourceMapping({
    FunctionName: 'all-bad',
    EventSourceArn: aws.sqs.queue('orders').arn,
    FunctionResponseTypes: ['ReportBatchItemFailures'],
  });
  await aws.idle();
  expect(fn.invocations()[0].thrown.name).toBe('FullBatchFailureError');
  expect(() => expect(fn).toHaveSucceededEveryTime()).toThrow(/record errors: Error: card declined for order 1/);
});
