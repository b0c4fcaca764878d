import { PutRuleCommand, PutTargetsCommand } from '@aws-sdk/client-eventbridge';
import { CreateScheduleCommand, GetScheduleCommand, ResourceNotFoundException } from '@aws-sdk/client-scheduler';
import { CreateQueueCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE, schedulerSetup } from './support.js';

const START = Date.UTC(2025, 0, 2, 3, 4, 0);
beforeEach(() => vi.useFakeTimers({ now: START }));
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const OFF = { Mode: 'OFF' as const };
const iso = (dates: readonly { at: Date }[]) => dates.map(({ at }) => at.toISOString());

async function queue(setup: ReturnType<typeof schedulerSetup>, name: string, attributes?: Record<string, string>) {
  const { QueueUrl } = await setup.sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
  return { url: QueueUrl!, arn: setup.aws.sqs.queue(name).arn };
}

async function receive(setup: ReturnType<typeof schedulerSetup>, url: string) {
  const { Messages = [] } = await setup.sqs.send(
    new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, MessageAttributeNames: ['All'] }),
  );
  return Messages;
}

describe('firing', () => {
  it('at() fires once into a queue with its context attributes; ActionAfterCompletion DELETE deletes it', async () => {
    const setup = schedulerSetup();
    const q = await queue(setup, 'reminders');
    const { ScheduleArn } = await setup.scheduler.send(
      new CreateScheduleCommand({
        Name: 'remind',
        ScheduleExpression: 'at(2025-01-02T05:00:00)',
        FlexibleTimeWindow: OFF,
        ActionAfterCompletion: 'DELETE',
        Target: {
          Arn: q.arn,
          RoleArn: ROLE,
          Input:
            '{"arn":"<aws.scheduler.schedule-arn>","at":"<aws.scheduler.scheduled-time>","n":<aws.scheduler.attempt-number>}',
        },
      }),
    );
    const view = setup.aws.scheduler.schedule('remind');
    expect(view.nextFireAt).toEqual(new Date('2025-01-02T05:00:00Z'));
    let steps = 0;
    await setup.aws.runUntilIdle({ advance: (ms) => (steps++, advance(ms)), maxTime: 86_400_000 });
    expect(steps).toBe(1);
    const messages = await receive(setup, q.url);
    expect(messages.map((message) => JSON.parse(message.Body!))).toEqual([
      { arn: ScheduleArn, at: '2025-01-02T05:00:00Z', n: 1 },
    ]);
    expect(view.fired()).toEqual([{ at: new Date('2025-01-02T05:00:00Z'), target: q.arn, delivered: true }]);
    const gone = await setup.scheduler.send(new GetScheduleCommand({ Name: 'remind' })).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(ResourceNotFoundException);
  });

  it('cron in a time zone follows local time across DST: a skipped spring time does not run, a repeated one once', async () => {
    vi.setSystemTime(Date.UTC(2025, 2, 8, 0, 0, 0));
    const setup = schedulerSetup();
    const q = await queue(setup, 'ny');
    const create = (name: string, expression: string) =>
      setup.scheduler.send(
        new CreateScheduleCommand({
          Name: name,
          ScheduleExpression: expression,
          ScheduleExpressionTimezone: 'America/New_York',
          FlexibleTimeWindow: OFF,
          Target: { Arn: q.arn, RoleArn: ROLE, Input: '{}' },
        }),
      );
    await create('half-past-two', 'cron(30 2 * * ? *)');
    await create('nine', 'cron(0 9 * * ? *)');
    await advance(3 * 86_400_000);
    // 2025-03-09 02:30 does not exist in New York: no run that day.
    expect(iso(setup.aws.scheduler.schedule('half-past-two').fired())).toEqual([
      '2025-03-08T07:30:00.000Z',
      '2025-03-10T06:30:00.000Z',
    ]);
    // 09:00 local: 14:00Z before the change, 13:00Z after.
    expect(iso(setup.aws.scheduler.schedule('nine').fired())).toEqual([
      '2025-03-08T14:00:00.000Z',
      '2025-03-09T13:00:00.000Z',
      '2025-03-10T13:00:00.000Z',
    ]);
    setup.aws.reset();
    expect(vi.getTimerCount()).toBe(0);

    vi.setSystemTime(Date.UTC(2025, 10, 2, 0, 0, 0));
    const again = schedulerSetup();
    const q2 = await queue(again, 'ny');
    await again.scheduler.send(
      new CreateScheduleCommand({
        Name: 'half-past-one',
        ScheduleExpression: 'cron(30 1 * * ? *)',
        ScheduleExpressionTimezone: 'America/New_York',
        FlexibleTimeWindow: OFF,
        Target: { Arn: q2.arn, RoleArn: ROLE, Input: '{}' },
      }),
    );
    await advance(2 * 86_400_000);
    // 2025-11-02 01:30 happens twice in New York: it runs at the first.
    expect(iso(again.aws.scheduler.schedule('half-past-one').fired())).toEqual([
      '2025-11-02T05:30:00.000Z',
      '2025-11-03T06:30:00.000Z',
    ]);
  });

  it('rate() runs from StartDate (the first time at it) and stops at EndDate, one timer at a time', async () => {
    const setup = schedulerSetup();
    const q = await queue(setup, 'ticks');
    await setup.scheduler.send(
      new CreateScheduleCommand({
        Name: 'hourly',
        ScheduleExpression: 'rate(1 hour)',
        StartDate: new Date('2025-01-02T06:00:00Z'),
        EndDate: new Date('2025-01-02T09:30:00Z'),
        FlexibleTimeWindow: OFF,
        Target: { Arn: q.arn, RoleArn: ROLE, Input: 'tick' },
      }),
    );
    // Recurring firings are not work: runUntilIdle moves no time for them.
    expect(await setup.aws.runUntilIdle({ advance, maxTime: 86_400_000 })).toBe(0);
    expect(setup.aws.scheduler.schedule('hourly').nextFireAt).toEqual(new Date('2025-01-02T06:00:00Z'));
    expect(vi.getTimerCount()).toBe(1);
    await advance(86_400_000);
    expect(iso(setup.aws.scheduler.schedule('hourly').fired())).toEqual([
      '2025-01-02T06:00:00.000Z',
      '2025-01-02T07:00:00.000Z',
      '2025-01-02T08:00:00.000Z',
      '2025-01-02T09:00:00.000Z',
    ]);
    expect(setup.aws.scheduler.schedule('hourly').nextFireAt).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a flexible window runs each firing within the window, reproducibly under a seed', async () => {
    const run = async () => {
      vi.setSystemTime(START);
      const setup = schedulerSetup({ seed: 7 });
      const q = await queue(setup, 'flex');
      await setup.scheduler.send(
        new CreateScheduleCommand({
          Name: 'flex',
          ScheduleExpression: 'cron(0 * * * ? *)',
          FlexibleTimeWindow: { Mode: 'FLEXIBLE', MaximumWindowInMinutes: 15 },
          Target: { Arn: q.arn, RoleArn: ROLE, Input: '{}' },
        }),
      );
      await advance(6 * 3_600_000 + 15 * 60_000);
      const times = setup.aws.scheduler
        .schedule('flex')
        .fired()
        .map(({ at }) => at.getTime());
      setup.aws.reset();
      return times;
    };
    const times = await run();
    expect(times).toHaveLength(6);
    times.forEach((at, i) => {
      const hour = Date.UTC(2025, 0, 2, 4 + i);
      expect(at).toBeGreaterThanOrEqual(hour);
      expect(at).toBeLessThan(hour + 15 * 60_000);
    });
    expect(new Set(times.map((at) => at % 3_600_000)).size).toBeGreaterThan(1);
    expect(await run()).toEqual(times);
  });

  it('Lambda targets are invoked asynchronously with the input; FIFO queues take SqsParameters', async () => {
    const setup = schedulerSetup();
    const seen: unknown[] = [];
    const fn = setup.aws.lambda.createFunction('job', async (event: unknown) => void seen.push(event));
    const fifo = await queue(setup, 'jobs.fifo', { FifoQueue: 'true', ContentBasedDeduplication: 'true' });
    await setup.scheduler.send(
      new CreateScheduleCommand({
        Name: 'to-fn',
        ScheduleExpression: 'at(2025-01-02T04:00:00)',
        FlexibleTimeWindow: OFF,
        Target: { Arn: fn.arn, RoleArn: ROLE, Input: '{"job":"nightly"}' },
      }),
    );
    await setup.scheduler.send(
      new CreateScheduleCommand({
        Name: 'to-fifo',
        ScheduleExpression: 'at(2025-01-02T04:00:00)',
        FlexibleTimeWindow: OFF,
        Target: { Arn: fifo.arn, RoleArn: ROLE, Input: 'go', SqsParameters: { MessageGroupId: 'g1' } },
      }),
    );
    await setup.aws.runUntilIdle({ advance, maxTime: 86_400_000 });
    expect(seen).toEqual([{ job: 'nightly' }]);
    const [message] = await receive(setup, fifo.url);
    expect(message?.Body).toBe('go');
    expect(setup.aws.scheduler.schedule('to-fifo').fired()).toEqual([expect.objectContaining({ delivered: true })]);
  });

  it('EventBridge targets: PutEvents with EventBridgeParameters, the input as detail', async () => {
    const setup = schedulerSetup();
    const q = await queue(setup, 'from-bus');
    await setup.events.send(new PutRuleCommand({ Name: 'r', EventPattern: '{"source":["my.scheduler"]}' }));
    await setup.events.send(new PutTargetsCommand({ Rule: 'r', Targets: [{ Id: 'q', Arn: q.arn }] }));
    await setup.scheduler.send(
      new CreateScheduleCommand({
        Name: 'to-bus',
        ScheduleExpression: 'at(2025-01-02T04:00:00)',
        FlexibleTimeWindow: OFF,
        Target: {
          Arn: setup.aws.events.bus().arn,
          RoleArn: ROLE,
          Input: '{"report":"daily"}',
          EventBridgeParameters: { DetailType: 'Report Due', Source: 'my.scheduler' },
        },
      }),
    );
    await setup.aws.runUntilIdle({ advance, maxTime: 86_400_000 });
    const [message] = await receive(setup, q.url);
    expect(JSON.parse(message!.Body!)).toMatchObject({
      'detail-type': 'Report Due',
      source: 'my.scheduler',
      detail: { report: 'daily' },
    });
  });

  it('a refused invocation is retried per RetryPolicy, then sent to the dead-letter queue', async () => {
    const setup = schedulerSetup();
    const dlq = await queue(setup, 'dlq');
    await setup.scheduler.send(
      new CreateScheduleCommand({
        Name: 'lost',
        ScheduleExpression: 'at(2025-01-02T04:00:00)',
        FlexibleTimeWindow: OFF,
        Target: {
          Arn: 'arn:aws:sqs:us-east-1:000000000000:missing',
          RoleArn: ROLE,
          Input: '{"x":1}',
          RetryPolicy: { MaximumRetryAttempts: 2 },
          DeadLetterConfig: { Arn: dlq.arn },
        },
      }),
    );
    await setup.aws.runUntilIdle({ advance, maxTime: 86_400_000 });
    const [fired] = setup.aws.scheduler.schedule('lost').fired();
    expect(fired).toMatchObject({ delivered: false });
    expect(fired!.reason).toContain('after 3 attempts');
    const [message] = await receive(setup, dlq.url);
    expect(message?.Body).toBe('{"x":1}');
    expect(message?.MessageAttributes?.['X-Amz-Scheduler-Attempt']?.StringValue).toBe('3');
    expect(vi.getTimerCount()).toBe(0);
  });
});
