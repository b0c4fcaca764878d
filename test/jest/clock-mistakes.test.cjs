// The clock diagnostics under jest, on the built package: jest's legacy timers fake setTimeout and leave Date real.
const { ReceiveMessageCommand, SendMessageCommand } = require('@aws-sdk/client-sqs');
const { setup, createQueue, send } = require('./support.cjs');

let warn;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  jest.useRealTimers();
  warn.mockRestore();
});

test("jest's legacy timers: a warning once, and a long poll refused", async () => {
  const { sqs } = setup();
  jest.useFakeTimers({ legacyFakeTimers: true });
  const queueUrl = await createQueue(sqs, 'q');
  await send(sqs, queueUrl, 'm');
  expect(warn).toHaveBeenCalledTimes(1);
  expect(warn.mock.calls[0][0]).toMatch(/setTimeout is faked but Date is real .*jest's legacy timers/);
  await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl })); // 'm' is in flight: the next receive waits
  await expect(sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 20 }))).rejects.toThrow(
    /the mock needs a timer \(a long poll.*jest's default \(modern\) jest.useFakeTimers\(\)/,
  );
});

test("jest's modern timers: nothing to say", async () => {
  const { sqs } = setup();
  jest.useFakeTimers();
  const queueUrl = await createQueue(sqs, 'q');
  const poll = sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 20 }));
  await jest.advanceTimersByTimeAsync(20_000);
  expect((await poll).Messages).toBeUndefined();
  expect(warn).not.toHaveBeenCalled();
});

test('a long poll on real timers inside jest: a warning naming jest and its fixes', async () => {
  const { sqs } = setup();
  const queueUrl = await createQueue(sqs, 'q');
  const poll = sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 10 }));
  await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'wake' }));
  expect((await poll).Messages).toHaveLength(1);
  expect(warn).toHaveBeenCalledTimes(1);
  expect(warn.mock.calls[0][0]).toMatch(
    /long poll of 10 s started on real timers inside jest: .*jest\.useFakeTimers\(\), then jest\.advanceTimersByTimeAsync\(10000\)/,
  );
});

/** A queue that dead-letters on the third receive, read by a mapping whose handler always throws; one message sent. */
async function failingMapping() {
  const { aws, sqs } = setup();
  await createQueue(sqs, 'dlq');
  const redrive = { deadLetterTargetArn: aws.sqs.queue('dlq').arn, maxReceiveCount: 3 };
  const queueUrl = await createQueue(sqs, 'work', { VisibilityTimeout: '30', RedrivePolicy: JSON.stringify(redrive) });
  /** Each run: how many messages the DLQ held as it started. */
  const runs = [];
  // A loader: an environment per batch, so the advance can outrun the invocations (a plain handler's one environment
  // keeps the mapping from taking a batch while the first waits to run).
  const handler = async () => {
    runs.push(aws.sqs.queue('dlq').messages().length);
    throw new Error('boom');
  };
  aws.lambda.createFunction('failing', { load: () => ({ handler }) });
  aws.lambda.createEventSourceMapping({ FunctionName: 'failing', EventSourceArn: aws.sqs.queue('work').arn });
  await send(sqs, queueUrl, 'poison');
  return { aws, runs };
}

// Before the warning below: it is said once per process (here, per test file).
test("jest's async advances over Lambda invocations: nothing to say", async () => {
  jest.useFakeTimers();
  const advances = [
    () => jest.advanceTimersByTimeAsync(180_000),
    () => jest.runAllTimersAsync(),
    (aws) => aws.runUntilIdle({ advance: (ms) => jest.advanceTimersByTimeAsync(ms) }),
  ];
  for (const advance of advances) {
    const { aws, runs } = await failingMapping();
    await advance(aws);
    expect(runs).toEqual([0, 0, 0]);
  }
  expect(warn).not.toHaveBeenCalled();
});

test('a synchronous advance over Lambda invocations: a warning once, naming jest.advanceTimersByTimeAsync', async () => {
  jest.useFakeTimers();
  const { aws, runs } = await failingMapping();
  jest.advanceTimersByTime(180_000);
  await aws.idle();
  expect(runs).toEqual([0, 1, 1]); // two runs after the move to the DLQ
  expect(warn).toHaveBeenCalledTimes(1);
  expect(warn.mock.calls[0][0]).toMatch(
    /a synchronous fake-timer advance \(jest\.advanceTimersByTime, jest\.runAllTimers\) ran the mock's timers .*Use await jest\.advanceTimersByTimeAsync\(ms\) \(or jest\.runAllTimersAsync\(\)\)/,
  );
});
