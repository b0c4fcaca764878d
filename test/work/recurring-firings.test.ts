/**
 * Recurring firings are not work (api.md, fourth round, "Waiting"): a scheduled rule or a rate/cron schedule does not
 * keep runUntilIdle going. It moves through the finite work, fires the recurring firings due before that work ends,
 * and resolves to when the work ended; a later firing is the test's to reach, with `nextFireAt`.
 */
import { DisableRuleCommand, PutRuleCommand, PutTargetsCommand } from '@aws-sdk/client-eventbridge';
import { InvokeCommand } from '@aws-sdk/client-lambda';
import { CreateScheduleCommand } from '@aws-sdk/client-scheduler';
import { CreateQueueCommand } from '@aws-sdk/client-sqs';
import FakeTimers from '@sinonjs/fake-timers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE, schedulerSetup } from '../scheduler/support.js';

const START = Date.UTC(2025, 0, 2, 3, 4, 0);
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

async function tickingRule(setup: ReturnType<typeof schedulerSetup>, expression = 'rate(1 minute)') {
  await setup.sqs.send(new CreateQueueCommand({ QueueName: 'ticks' }));
  const arn = setup.aws.sqs.queue('ticks').arn;
  await setup.events.send(new PutRuleCommand({ Name: 'tick', ScheduleExpression: expression }));
  await setup.events.send(new PutTargetsCommand({ Rule: 'tick', Targets: [{ Id: 'q', Arn: arn }] }));
  return arn;
}

describe('under vitest fake timers', () => {
  beforeEach(() => vi.useFakeTimers({ now: START }));
  afterEach(() => vi.useRealTimers());

  it('a stack with a rate(1 minute) rule and nothing else to do: runUntilIdle moves no time, fires nothing', async () => {
    const { aws } = schedulerSetup();
    aws.provision({
      Resources: {
        Ticks: { Type: 'AWS::SQS::Queue' },
        Tick: {
          Type: 'AWS::Events::Rule',
          Properties: {
            ScheduleExpression: 'rate(1 minute)',
            Targets: [{ Id: 'q', Arn: { 'Fn::GetAtt': ['Ticks', 'Arn'] } }],
          },
        },
      },
    });
    expect(await aws.runUntilIdle({ advance })).toBe(0);
    const [rule] = aws.events.bus().rules();
    expect(rule!.matched()).toEqual([]);
    expect(rule!.nextFireAt).toEqual(new Date(START + 60_000));
  });

  it('fires the firings due before the work ends, and resolves to when the work ended', async () => {
    const setup = schedulerSetup();
    const { aws } = setup;
    await tickingRule(setup);
    // Finite work: an asynchronous invocation that fails, retried after 1 and then 2 minutes (ends at +3 min).
    aws.lambda.createFunction('flaky', async () => {
      throw new Error('down');
    });
    await setup.lambda.send(new InvokeCommand({ FunctionName: 'flaky', InvocationType: 'Event' }));
    expect(await aws.runUntilIdle({ advance })).toBe(180_000);
    const rule = aws.events.rule('tick');
    expect(rule.matched().map((event) => event.time.getTime() - START)).toEqual([60_000, 120_000, 180_000]);
    expect(rule.nextFireAt).toEqual(new Date(START + 240_000));
    expect(aws.lambda.function('flaky').invocations()).toHaveLength(3);
  });

  it('a recurring Scheduler schedule is not work; an at() schedule is, and the recurring ones before it fire', async () => {
    const setup = schedulerSetup();
    const arn = await tickingRule(setup, 'rate(1 hour)');
    const create = (name: string, expression: string) =>
      setup.scheduler.send(
        new CreateScheduleCommand({
          Name: name,
          ScheduleExpression: expression,
          FlexibleTimeWindow: { Mode: 'OFF' },
          Target: { Arn: arn, RoleArn: ROLE, Input: name },
        }),
      );
    await create('every-half-hour', 'rate(30 minutes)');
    // A rate schedule runs first when it is made: that firing is due, the next ones are not work.
    expect(await setup.aws.runUntilIdle({ advance, maxTime: 86_400_000 })).toBe(0);
    expect(setup.aws.scheduler.schedule('every-half-hour').fired()).toHaveLength(1);
    await create('once', 'at(2025-01-02T05:00:00)');
    const untilOnce = Date.UTC(2025, 0, 2, 5, 0, 0) - START;
    expect(await setup.aws.runUntilIdle({ advance, maxTime: 86_400_000 })).toBe(untilOnce);
    const bodies = setup.aws.sqs
      .queue('ticks')
      .messages()
      .map((message) => (message.body.startsWith('{') ? 'rule' : message.body));
    expect(bodies.filter((body) => body === 'once')).toHaveLength(1);
    // 0, 30, 60 and 90 minutes in; the at() is at 116 minutes.
    expect(bodies.filter((body) => body === 'every-half-hour')).toHaveLength(4);
    expect(bodies.filter((body) => body === 'rule')).toHaveLength(1);
  });

  it('the test reaches a later firing itself, by nextFireAt; runUntilIdle then runs the work that firing started', async () => {
    const setup = schedulerSetup();
    const { aws } = setup;
    const seen: string[] = [];
    const fn = aws.lambda.createFunction('on-tick', async (event: { 'detail-type': string }) => {
      seen.push(event['detail-type']);
      if (seen.length === 1) throw new Error('first run fails');
    });
    await setup.events.send(new PutRuleCommand({ Name: 'nightly', ScheduleExpression: 'cron(0 2 * * ? *)' }));
    await setup.events.send(new PutTargetsCommand({ Rule: 'nightly', Targets: [{ Id: 'f', Arn: fn.arn }] }));
    const rule = aws.events.rule('nightly');
    expect(await aws.runUntilIdle({ advance })).toBe(0);
    expect(seen).toEqual([]);

    await advance(rule.nextFireAt!.getTime() - Date.now());
    // Lambda retries the failed asynchronous invocation a minute later: work, which runUntilIdle moves to.
    expect(await aws.runUntilIdle({ advance })).toBe(60_000);
    expect(seen).toEqual(['Scheduled Event', 'Scheduled Event']);
    expect(rule.matched()).toHaveLength(1);
    expect(rule.nextFireAt).toEqual(new Date(Date.UTC(2025, 0, 4, 2, 0, 0)));
  });

  it('lists the recurring sources with their next firing and targets, for a failure to name', async () => {
    const setup = schedulerSetup();
    const arn = await tickingRule(setup);
    await setup.scheduler.send(
      new CreateScheduleCommand({
        Name: 'hourly',
        ScheduleExpression: 'rate(1 hour)',
        FlexibleTimeWindow: { Mode: 'FLEXIBLE', MaximumWindowInMinutes: 10 },
        Target: { Arn: arn, RoleArn: ROLE, Input: 'h' },
      }),
    );
    await setup.scheduler.send(
      new CreateScheduleCommand({
        Name: 'once',
        ScheduleExpression: 'at(2025-01-03T00:00:00)',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: { Arn: arn, RoleArn: ROLE, Input: 'o' },
      }),
    );
    expect(setup.aws.work.recurringSources()).toEqual([
      {
        kind: 'rule',
        name: 'tick',
        arn: setup.aws.events.rule('tick').arn,
        expression: 'rate(1 minute)',
        nextFireAt: new Date(START + 60_000),
        targets: [arn],
      },
      {
        kind: 'schedule',
        name: 'hourly',
        arn: setup.aws.scheduler.schedule('hourly').arn,
        expression: 'rate(1 hour)',
        // A rate schedule's first run is when it is made.
        nextFireAt: new Date(START),
        targets: [arn],
      },
    ]);
    await setup.events.send(new DisableRuleCommand({ Name: 'tick' }));
    expect(setup.aws.events.rule('tick').nextFireAt).toBeUndefined();
    expect(setup.aws.work.recurringSources().map((source) => source.name)).toEqual(['hourly']);
  });
});

it('on an injected clock, runUntilIdle leaves a scheduled rule to the test too', async () => {
  const clock = FakeTimers.createClock(START);
  const setup = schedulerSetup({ clock });
  await tickingRule(setup);
  expect(await setup.aws.runUntilIdle()).toBe(0);
  expect(clock.now).toBe(START);
  await clock.tickAsync(setup.aws.events.rule('tick').nextFireAt!.getTime() - clock.now);
  expect(setup.aws.sqs.queue('ticks').messages()).toHaveLength(1);
});
