import { ListTagsForResourceCommand } from '@aws-sdk/client-scheduler';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { schedulerSetup } from './support.js';
import '../../src/matchers/vitest.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 0) }));
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

it('AWS::Scheduler::ScheduleGroup and AWS::Scheduler::Schedule: Ref the name, GetAtt Arn, firing into a queue', async () => {
  const { aws, scheduler } = schedulerSetup();
  const stack = aws.provision({
    Resources: {
      Jobs: { Type: 'AWS::SQS::Queue', Properties: { QueueName: 'jobs' } },
      Group: {
        Type: 'AWS::Scheduler::ScheduleGroup',
        Properties: { Name: 'batch', Tags: [{ Key: 'team', Value: 'ops' }] },
      },
      Nightly: {
        Type: 'AWS::Scheduler::Schedule',
        Properties: {
          GroupName: { Ref: 'Group' },
          ScheduleExpression: 'cron(0 2 * * ? *)',
          ScheduleExpressionTimezone: 'Europe/Berlin',
          FlexibleTimeWindow: { Mode: 'OFF' },
          Target: {
            Arn: { 'Fn::GetAtt': ['Jobs', 'Arn'] },
            RoleArn: 'arn:aws:iam::000000000000:role/scheduler',
            Input: '{"job":"nightly"}',
          },
        },
      },
    },
  });
  expect(stack.ref('Group')).toBe('batch');
  expect(stack.getAtt('Group', 'Arn')).toBe('arn:aws:scheduler:us-east-1:000000000000:schedule-group/batch');
  expect(stack.getAtt('Group', 'State')).toBe('ACTIVE');
  const name = stack.ref('Nightly');
  expect(stack.getAtt('Nightly', 'Arn')).toBe(`arn:aws:scheduler:us-east-1:000000000000:schedule/batch/${name}`);
  const { Tags } = await scheduler.send(
    new ListTagsForResourceCommand({ ResourceArn: stack.getAtt('Group', 'Arn') as string }),
  );
  expect(Tags).toEqual([{ Key: 'team', Value: 'ops' }]);
  await advance(86_400_000);
  // 02:00 in Berlin in winter is 01:00Z.
  expect(aws.scheduler.schedule(name, { group: 'batch' }).fired()).toEqual([
    expect.objectContaining({ at: new Date('2025-01-03T01:00:00Z'), delivered: true }),
  ]);
  expect(aws.sqs.queue('jobs')).toContainMessage({ job: 'nightly' });
});

it('SAM ScheduleV2: a schedule invoking the function with a generated role', async () => {
  const { aws } = schedulerSetup();
  const seen: unknown[] = [];
  const stack = aws.provision(
    {
      Transform: 'AWS::Serverless-2016-10-31',
      Resources: {
        Worker: {
          Type: 'AWS::Serverless::Function',
          Properties: {
            Runtime: 'nodejs22.x',
            Handler: 'index.handler',
            CodeUri: 'src/',
            Events: {
              Hourly: {
                Type: 'ScheduleV2',
                Properties: { ScheduleExpression: 'rate(1 hour)', Input: '{"from":"sam"}' },
              },
            },
          },
        },
      },
    },
    { functions: { Worker: async (event: unknown) => void seen.push(event) } },
  );
  expect(stack.ref('WorkerHourly')).toBe('WorkerHourly');
  expect(stack.getAtt('WorkerHourlyRole', 'Arn')).toMatch(/^arn:aws:iam::000000000000:role\//);
  // A rate schedule runs first when it is made; its later runs are the test's to reach (recurring, not work).
  expect(await aws.runUntilIdle({ advance, maxTime: 3_600_000 })).toBe(0);
  expect(seen).toEqual([{ from: 'sam' }]);
  await advance(3_600_000);
  await aws.runUntilIdle({ advance });
  expect(seen).toEqual([{ from: 'sam' }, { from: 'sam' }]);
});
