// Lambda under jest's fake timers, on the built package: an event source mapping that redelivers a failing message
// into the DLQ, SNS → Lambda with its retries, and a LambdaClient, driven by aws.idle() and aws.runUntilIdle().
require('sqs-sns-mock/jest');
const { CreateTopicCommand, PublishCommand, SubscribeCommand } = require('@aws-sdk/client-sns');
const { SendMessageCommand } = require('@aws-sdk/client-sqs');
const { InvokeCommand, LambdaClient } = require('@aws-sdk/client-lambda');
const { createQueue, setup } = require('./support.cjs');

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const advance = (ms) => jest.advanceTimersByTimeAsync(ms);

test('a mapping redelivers a failing message until the queue moves it to its DLQ', async () => {
  const { aws, sqs } = setup();
  await createQueue(sqs, 'dlq');
  const QueueUrl = await createQueue(sqs, 'orders', {
    VisibilityTimeout: '10',
    RedrivePolicy: JSON.stringify({ deadLetterTargetArn: aws.sqs.queue('dlq').arn, maxReceiveCount: 2 }),
  });
  const fn = aws.lambda.createFunction(
    'worker',
    async (event) => {
      if (event.Records.some((record) => record.body === 'bad')) throw new Error('bad');
    },
    { timeout: 10 },
  );
  aws.lambda.createEventSourceMapping({ FunctionName: 'worker', EventSourceArn: aws.sqs.queue('orders').arn });
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'good' }));
  await aws.idle();
  expect(fn).toHaveSucceededEveryTime();
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'bad' }));
  expect(await aws.runUntilIdle({ advance })).toBe(20_000);
  expect(aws.sqs.queue('orders')).toHaveDeadLetter('bad');
  expect(fn).toHaveBeenInvokedWithRecord('bad', { times: 2 });
  const timers = jest.getTimerCount();
  aws.reset();
  expect(jest.getTimerCount()).toBeLessThanOrEqual(timers);
});

test('SNS → Lambda retries a failing handler one and three minutes later', async () => {
  const { aws, sns } = setup();
  const fn = aws.lambda.createFunction('notify', async () => {
    throw new Error('down');
  });
  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
  await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'lambda', Endpoint: fn.arn }));
  await sns.send(new PublishCommand({ TopicArn, Message: 'hello' }));
  expect(await aws.runUntilIdle({ advance })).toBe(180_000);
  expect(fn).toHaveBeenInvoked(3);
  expect(fn).toHaveLastInvocationOutcome('error');
});

test('LambdaClient Invoke, installed', async () => {
  const { aws } = setup();
  const handle = aws.install(LambdaClient);
  aws.lambda.createFunction('echo', async (event) => ({ echoed: event }));
  const out = await new LambdaClient({ region: 'us-east-1' }).send(
    new InvokeCommand({ FunctionName: 'echo', Payload: JSON.stringify({ n: 1 }) }),
  );
  expect(JSON.parse(out.Payload.transformToString())).toEqual({ echoed: { n: 1 } });
  handle.restore();
});
