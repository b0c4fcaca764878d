import { PutRuleCommand, PutTargetsCommand } from '@aws-sdk/client-eventbridge';
import { CreateScheduleCommand } from '@aws-sdk/client-scheduler';
import { CreateQueueCommand } from '@aws-sdk/client-sqs';
import FakeTimers from '@sinonjs/fake-timers';
import { expect, it } from 'vitest';
import { ROLE, schedulerSetup } from '../scheduler/support.js';

const T0 = Date.UTC(2025, 0, 1);

/** Scheduled rules and Scheduler on a clock handed to createAwsMock, while the test's own timers stay real. */
it('fires a scheduled rule and a Scheduler at() on an injected clock, and a reset leaves it no timer', async () => {
  const clock = FakeTimers.createClock(T0);
  const { aws, events, scheduler, sqs } = schedulerSetup({ clock });
  await sqs.send(new CreateQueueCommand({ QueueName: 'ticks' }));
  const arn = aws.sqs.queue('ticks').arn;
  await events.send(new PutRuleCommand({ Name: 'hourly', ScheduleExpression: 'cron(0 * * * ? *)' }));
  await events.send(new PutTargetsCommand({ Rule: 'hourly', Targets: [{ Id: 'q', Arn: arn }] }));
  await scheduler.send(
    new CreateScheduleCommand({
      Name: 'once',
      ScheduleExpression: 'at(2025-01-01T02:30:00)',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: { Arn: arn, RoleArn: ROLE, Input: 'once' },
    }),
  );
  // runUntilIdle moves the injected clock with its tickAsync to the at() (work), firing the rule's firings before it;
  // the rule's later firings are not work, and the test moves the clock to them itself.
  expect(await aws.runUntilIdle({ maxTime: 3 * 60 * 60_000 })).toBe(2.5 * 60 * 60_000);
  await clock.tickAsync(aws.events.rule('hourly').nextFireAt!.getTime() - clock.now);
  expect(clock.now).toBe(T0 + 3 * 60 * 60_000);
  const bodies = aws.sqs
    .queue('ticks')
    .messages()
    .map((message) => message.body);
  expect(bodies.filter((body) => body === 'once')).toHaveLength(1);
  const times = bodies.filter((body) => body !== 'once').map((body) => (JSON.parse(body) as { time: string }).time);
  expect(times).toEqual(['2025-01-01T01:00:00Z', '2025-01-01T02:00:00Z', '2025-01-01T03:00:00Z']);
  expect(clock.countTimers()).toBeGreaterThan(0);
  aws.reset();
  expect(clock.countTimers()).toBe(0);
});
