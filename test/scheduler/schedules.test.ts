import {
  ConflictException,
  CreateScheduleCommand,
  CreateScheduleGroupCommand,
  DeleteScheduleCommand,
  DeleteScheduleGroupCommand,
  GetScheduleCommand,
  GetScheduleGroupCommand,
  ListScheduleGroupsCommand,
  ListSchedulesCommand,
  ListTagsForResourceCommand,
  ResourceNotFoundException,
  UpdateScheduleCommand,
  ValidationException,
} from '@aws-sdk/client-scheduler';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE, schedulerSetup } from './support.js';

const START = Date.UTC(2025, 0, 2, 3, 4, 0);
beforeEach(() => vi.useFakeTimers({ now: START }));
afterEach(() => vi.useRealTimers());

const target = { Arn: 'arn:aws:sqs:us-east-1:000000000000:nowhere', RoleArn: ROLE };
const base = { ScheduleExpression: 'rate(1 hour)', FlexibleTimeWindow: { Mode: 'OFF' as const }, Target: target };

describe('schedules', () => {
  it('CreateSchedule, GetSchedule with its defaults, ListSchedules, UpdateSchedule, DeleteSchedule', async () => {
    const { scheduler } = schedulerSetup();
    const { ScheduleArn } = await scheduler.send(new CreateScheduleCommand({ Name: 'nightly', ...base }));
    expect(ScheduleArn).toBe('arn:aws:scheduler:us-east-1:000000000000:schedule/default/nightly');
    const got = await scheduler.send(new GetScheduleCommand({ Name: 'nightly' }));
    expect(got).toMatchObject({
      ActionAfterCompletion: 'NONE',
      Arn: ScheduleArn,
      GroupName: 'default',
      Name: 'nightly',
      ScheduleExpression: 'rate(1 hour)',
      ScheduleExpressionTimezone: 'UTC',
      State: 'ENABLED',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: { ...target, RetryPolicy: { MaximumEventAgeInSeconds: 86400, MaximumRetryAttempts: 185 } },
    });
    expect(got.CreationDate).toEqual(new Date(START));
    const { Schedules } = await scheduler.send(new ListSchedulesCommand({}));
    expect(Schedules).toEqual([
      expect.objectContaining({ Name: 'nightly', GroupName: 'default', State: 'ENABLED', Target: { Arn: target.Arn } }),
    ]);
    await scheduler.send(
      new UpdateScheduleCommand({ Name: 'nightly', ...base, State: 'DISABLED', ScheduleExpression: 'rate(2 hours)' }),
    );
    expect(await scheduler.send(new GetScheduleCommand({ Name: 'nightly' }))).toMatchObject({
      State: 'DISABLED',
      ScheduleExpression: 'rate(2 hours)',
    });
    await scheduler.send(new DeleteScheduleCommand({ Name: 'nightly' }));
    const missing = await scheduler.send(new GetScheduleCommand({ Name: 'nightly' })).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ResourceNotFoundException);
    expect(missing).toMatchObject({ message: 'Schedule nightly does not exist.', $metadata: { httpStatusCode: 404 } });
  });

  it('answers the SDK exception classes with the model statuses', async () => {
    const { scheduler } = schedulerSetup();
    await scheduler.send(new CreateScheduleCommand({ Name: 'one', ...base }));
    const conflict = await scheduler.send(new CreateScheduleCommand({ Name: 'one', ...base })).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ConflictException);
    expect(conflict).toMatchObject({ message: 'Schedule one already exists.', $metadata: { httpStatusCode: 409 } });
    for (const expression of [
      'rate(10 seconds)',
      'cron(0 1 * * * *)',
      'at(2021-12-31T23:59:59Z)',
      ' rate(10 minutes)',
    ]) {
      const bad = await scheduler
        .send(new CreateScheduleCommand({ Name: 'bad', ...base, ScheduleExpression: expression }))
        .catch((e: unknown) => e);
      expect(bad).toBeInstanceOf(ValidationException);
      expect(bad).toMatchObject({ message: `Invalid Schedule Expression ${expression}.`, $fault: 'client' });
    }
    const zone = await scheduler
      .send(new CreateScheduleCommand({ Name: 'bad', ...base, ScheduleExpressionTimezone: 'Mars/Olympus' }))
      .catch((e: unknown) => e);
    expect(zone).toBeInstanceOf(ValidationException);
    const noWindow = await scheduler
      .send(new CreateScheduleCommand({ Name: 'bad', ScheduleExpression: 'rate(1 hour)', Target: target } as never))
      .catch((e: unknown) => e);
    expect(noWindow).toBeInstanceOf(ValidationException);
    const noGroup = await scheduler
      .send(new CreateScheduleCommand({ Name: 'x', GroupName: 'nope', ...base }))
      .catch((e: unknown) => e);
    expect(noGroup).toBeInstanceOf(ResourceNotFoundException);
    expect(noGroup).toMatchObject({ message: 'Schedule group nope does not exist.' });
    expect((noGroup as Error & { Message?: string }).Message).toBeUndefined();
  });

  it('schedule groups: create, get, list, tags; deleting one deletes its schedules', async () => {
    const { aws, scheduler } = schedulerSetup();
    const { ScheduleGroupArn } = await scheduler.send(
      new CreateScheduleGroupCommand({ Name: 'jobs', Tags: [{ Key: 'team', Value: 'ops' }] }),
    );
    expect(ScheduleGroupArn).toBe('arn:aws:scheduler:us-east-1:000000000000:schedule-group/jobs');
    expect(await scheduler.send(new GetScheduleGroupCommand({ Name: 'jobs' }))).toMatchObject({
      Arn: ScheduleGroupArn,
      Name: 'jobs',
      State: 'ACTIVE',
    });
    const { ScheduleGroups = [] } = await scheduler.send(new ListScheduleGroupsCommand({}));
    expect(ScheduleGroups.map((group) => group.Name)).toEqual(['default', 'jobs']);
    expect(await scheduler.send(new ListTagsForResourceCommand({ ResourceArn: ScheduleGroupArn }))).toMatchObject({
      Tags: [{ Key: 'team', Value: 'ops' }],
    });
    await scheduler.send(new CreateScheduleCommand({ Name: 'hourly', GroupName: 'jobs', ...base }));
    expect(aws.scheduler.schedule('hourly', { group: 'jobs' }).nextFireAt).toEqual(new Date(START));
    await scheduler.send(new DeleteScheduleGroupCommand({ Name: 'jobs' }));
    const gone = await scheduler
      .send(new GetScheduleCommand({ Name: 'hourly', GroupName: 'jobs' }))
      .catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(ResourceNotFoundException);
    expect(vi.getTimerCount()).toBe(0);
  });
});

it('aws.install(SchedulerClient) reaches clients the test never hands over', async () => {
  const { SchedulerClient } = await import('@aws-sdk/client-scheduler');
  const { createAwsMock } = await import('../../src/index.js');
  const aws = createAwsMock();
  const installed = aws.install(SchedulerClient);
  try {
    const client = new SchedulerClient({ region: 'us-east-1' });
    await client.send(new CreateScheduleCommand({ Name: 'reached', ...base }));
    expect(aws.scheduler.schedule('reached').state).toBe('ENABLED');
  } finally {
    installed.restore();
    aws.reset();
  }
});

it('reads an invalid Date as StartDate or EndDate as none, as the SDK sends it (null), and keeps firing', async () => {
  const { aws, scheduler } = schedulerSetup();
  await scheduler.send(
    new CreateScheduleCommand({
      Name: 'invalid-dates',
      ScheduleExpression: 'rate(1 minute)',
      StartDate: new Date(Number.NaN),
      EndDate: new Date(Number.NaN),
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: { Arn: 'arn:aws:sqs:us-east-1:000000000000:nowhere', RoleArn: ROLE, Input: 'tick' },
    }),
  );
  const got = await scheduler.send(new GetScheduleCommand({ Name: 'invalid-dates' }));
  expect(got.StartDate).toBeUndefined();
  expect(got.EndDate).toBeUndefined();
  await vi.advanceTimersByTimeAsync(3 * 60_000);
  aws.reset();
  expect(vi.getTimerCount()).toBe(0);
});
