// The Lambda matchers (issue 14 item 6) under jest, on the built package. The functions are invoked through the model
// with hand-built SQS and SNS events, to reach every case; test/jest/lambda.test.cjs drives them through a mapping.
require('sqs-sns-mock/jest');
const { createAwsMock } = require('sqs-sns-mock');
const { failureOf } = require('./support.cjs');

let aws;

beforeEach(() => {
  jest.useFakeTimers();
  aws = createAwsMock();
});
afterEach(() => jest.useRealTimers());

/** An SQSEvent's record, with what the matchers read of it (docs/aws-behaviour/lambda.md §1.1, §1.3). */
function sqsRecord(body, messageAttributes = {}) {
  return { messageId: 'm', body: JSON.stringify(body), messageAttributes, eventSource: 'aws:sqs' };
}

/** An SNSEvent's record (lambda.md §3.2). */
function snsRecord(message, MessageAttributes = {}) {
  return { EventSource: 'aws:sns', Sns: { Type: 'Notification', Message: message, MessageAttributes } };
}

function invoke(name, Records) {
  return aws.lambda.functionModel(name).invoke({ Records }, { trigger: { kind: 'invoke', invocationType: 'Event' } });
}

function worker() {
  return aws.lambda.createFunction('worker', async (event) => {
    if (event.Records.some((record) => record.body?.includes('fail'))) throw new Error('batch failed');
  });
}

test('toHaveBeenInvoked and toHaveBeenInvokedWithRecord', async () => {
  const fn = worker();
  expect(fn).not.toHaveBeenInvoked();
  const type = { stringValue: 'created', stringListValues: [], binaryListValues: [], dataType: 'String' };
  await invoke('worker', [sqsRecord({ orderId: 7 }, { type }), sqsRecord({ orderId: 8 })]);
  await invoke('worker', [snsRecord('hello', { type: { Type: 'String', Value: 'deleted' } })]);
  expect(fn).toHaveBeenInvoked(2);
  expect(fn).toHaveBeenInvokedWithRecord({ orderId: 7 }, { attributes: { type: 'created' } });
  expect(fn).toHaveBeenInvokedWithRecord('hello', { attributes: { type: expect.stringMatching(/^del/) } });
  expect(fn).toHaveBeenInvokedWithRecord(undefined, { times: 3 });
  expect(fn).not.toHaveBeenInvokedWithRecord({ orderId: 9 });
  expect(failureOf(() => expect(fn).toHaveBeenInvokedWithRecord({ orderId: 9 }))).toBe(
    'expected function "worker" to have been invoked with a record matching {orderId: 9}, but it was invoked with ' +
      '3 records: {"orderId":7}, {"orderId":8}, "hello" (in 2 invocations: 2 success)',
  );
  expect(failureOf(() => expect(fn).toHaveBeenInvoked(1))).toBe(
    'expected function "worker" to have been invoked 1 time, but it was invoked 2 times (2 success): ' +
      'success with {"orderId":7}, {"orderId":8}; success with "hello"',
  );
});

test('toHaveLastInvocationOutcome and toHaveSucceededEveryTime', async () => {
  const fn = worker();
  await invoke('worker', [sqsRecord({ orderId: 7 })]);
  expect(fn).toHaveLastInvocationOutcome('success');
  expect(fn).toHaveSucceededEveryTime();
  await invoke('worker', [sqsRecord({ orderId: 8, fail: true })]);
  expect(fn).toHaveLastInvocationOutcome('error');
  expect(fn).not.toHaveSucceededEveryTime();
  expect(failureOf(() => expect(fn).toHaveSucceededEveryTime())).toBe(
    'expected function "worker" to have succeeded every time, but 1 of its 2 invocations (1 success, 1 error) did not: ' +
      'error (Error: batch failed) with {"orderId":8,"fail":true}',
  );
});

test('a timed-out invocation, under jest fake timers', async () => {
  const fn = aws.lambda.createFunction('stuck', () => new Promise(() => {}), { timeout: 1 });
  const stuck = invoke('stuck', [snsRecord('hi')]);
  expect(fn).toHaveLastInvocationOutcome('running');
  await jest.advanceTimersByTimeAsync(1000);
  await stuck;
  expect(fn).toHaveLastInvocationOutcome('timeout');
  expect(() => expect('stuck').toHaveLastInvocationOutcome('timeout')).toThrow(
    'look it up first: aws.lambda.function("stuck")',
  );
});
