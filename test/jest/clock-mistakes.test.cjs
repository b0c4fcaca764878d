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
