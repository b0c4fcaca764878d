import { PutRuleCommand, PutTargetsCommand } from '@aws-sdk/client-eventbridge';
import { CreateScheduleCommand } from '@aws-sdk/client-scheduler';
import { CreateQueueCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ROLE, schedulerSetup } from '../scheduler/support.js';

const DAY = 24 * 60 * 60_000;
const T0 = Date.UTC(2025, 0, 1);

beforeEach(() => vi.useFakeTimers({ now: T0 }));
afterEach(() => vi.useRealTimers());

/**
 * A timer's delay above 2^31 - 1 ms (24.8 days) runs after 1 ms in Node and in fake timers: the account's timers
 * wait such a delay out in steps (src/core/timer-set.ts TimerSet).
 */
it('a rate(30 days) rule fires after 30 days, not at once', async () => {
  const { aws, events, sqs } = schedulerSetup();
  await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  await events.send(new PutRuleCommand({ Name: 'monthly', ScheduleExpression: 'rate(30 days)' }));
  await events.send(new PutTargetsCommand({ Rule: 'monthly', Targets: [{ Id: 'q', Arn: aws.sqs.queue('q').arn }] }));
  await vi.advanceTimersByTimeAsync(29 * DAY);
  expect(aws.events.rule('monthly').matched()).toHaveLength(0);
  await vi.advanceTimersByTimeAsync(DAY);
  expect(aws.events.rule('monthly').matched()).toHaveLength(1);
  aws.reset();
  expect(vi.getTimerCount()).toBe(0);
});

it('a Scheduler at() 40 days ahead fires on its day, and runUntilIdle gets there in one go', async () => {
  const { aws, scheduler, sqs } = schedulerSetup();
  await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  await scheduler.send(
    new CreateScheduleCommand({
      Name: 'later',
      ScheduleExpression: 'at(2025-02-10T00:00:00)',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: { Arn: aws.sqs.queue('q').arn, RoleArn: ROLE, Input: 'hello' },
    }),
  );
  await vi.advanceTimersByTimeAsync(DAY);
  expect(aws.sqs.queue('q').messages()).toHaveLength(0);
  await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms), maxTime: 60 * DAY });
  expect(
    aws.sqs
      .queue('q')
      .messages()
      .map((m) => m.body),
  ).toEqual(['hello']);
  expect(Date.now()).toBe(Date.UTC(2025, 1, 10));
});
