// A scheduled rule and a Scheduler at() under jest's fake timers, on the built package, through the real clients.
const { createAwsMock } = require('sqs-sns-mock');
const { EventBridgeClient, PutRuleCommand, PutTargetsCommand } = require('@aws-sdk/client-eventbridge');
const { SchedulerClient, CreateScheduleCommand } = require('@aws-sdk/client-scheduler');
const { SQSClient, CreateQueueCommand } = require('@aws-sdk/client-sqs');

const T0 = Date.UTC(2025, 0, 1);
beforeEach(() => jest.useFakeTimers({ now: T0 }));
afterEach(() => jest.useRealTimers());

function setup() {
  const aws = createAwsMock();
  const events = new EventBridgeClient({ region: 'us-east-1' });
  events.middlewareStack.use(aws.events);
  const scheduler = new SchedulerClient({ region: 'us-east-1' });
  scheduler.middlewareStack.use(aws.scheduler);
  const sqs = new SQSClient({ region: 'us-east-1' });
  sqs.middlewareStack.use(aws.sqs);
  return { aws, events, scheduler, sqs };
}

test('a rate(5 minutes) rule fires as jest advances the clock, with the Scheduled Event', async () => {
  const { aws, events, sqs } = setup();
  await sqs.send(new CreateQueueCommand({ QueueName: 'ticks' }));
  await events.send(new PutRuleCommand({ Name: 'tick', ScheduleExpression: 'rate(5 minutes)' }));
  await events.send(new PutTargetsCommand({ Rule: 'tick', Targets: [{ Id: 'q', Arn: aws.sqs.queue('ticks').arn }] }));
  await jest.advanceTimersByTimeAsync(4 * 60_000);
  expect(aws.sqs.queue('ticks').messages()).toHaveLength(0);
  await jest.advanceTimersByTimeAsync(11 * 60_000);
  const bodies = aws.sqs
    .queue('ticks')
    .messages()
    .map((message) => JSON.parse(message.body));
  expect(bodies).toHaveLength(3);
  expect(bodies[0]).toMatchObject({ source: 'aws.events', 'detail-type': 'Scheduled Event', detail: {} });
  expect(bodies.map((body) => body.time)).toEqual([
    '2025-01-01T00:05:00Z',
    '2025-01-01T00:10:00Z',
    '2025-01-01T00:15:00Z',
  ]);
  aws.reset();
  expect(jest.getTimerCount()).toBe(0);
});

test('a Scheduler at() fires once at its time, in its time zone', async () => {
  const { aws, scheduler, sqs } = setup();
  await sqs.send(new CreateQueueCommand({ QueueName: 'once' }));
  await scheduler.send(
    new CreateScheduleCommand({
      Name: 'reminder',
      ScheduleExpression: 'at(2025-01-01T09:30:00)',
      ScheduleExpressionTimezone: 'Europe/Paris',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: { Arn: aws.sqs.queue('once').arn, RoleArn: 'arn:aws:iam::000000000000:role/s', Input: '{"remind":true}' },
    }),
  );
  await jest.advanceTimersByTimeAsync(8 * 60 * 60_000 + 29 * 60_000);
  expect(aws.sqs.queue('once').messages()).toHaveLength(0);
  await jest.advanceTimersByTimeAsync(60_000);
  expect(
    aws.sqs
      .queue('once')
      .messages()
      .map((message) => message.body),
  ).toEqual(['{"remind":true}']);
  expect(Date.now()).toBe(Date.UTC(2025, 0, 1, 8, 30));
  await jest.advanceTimersByTimeAsync(24 * 60 * 60_000);
  expect(aws.sqs.queue('once').messages()).toHaveLength(1);
});
