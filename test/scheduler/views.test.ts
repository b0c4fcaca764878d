import { CreateScheduleCommand } from '@aws-sdk/client-scheduler';
import { inspect } from 'node:util';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ROLE, schedulerSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 0) }));
afterEach(() => vi.useRealTimers());

it('a schedule view prints a one-line summary', async () => {
  const { aws, scheduler } = schedulerSetup();
  await scheduler.send(
    new CreateScheduleCommand({
      Name: 'remind',
      ScheduleExpression: 'at(2025-01-02T05:00:00)',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: { Arn: 'arn:aws:sqs:us-east-1:000000000000:nowhere', RoleArn: ROLE },
    }),
  );
  expect(inspect(aws.scheduler.schedule('remind'))).toBe(
    'ScheduleView remind { group: default, state: ENABLED, expression: at(2025-01-02T05:00:00), ' +
      'next: 2025-01-02T05:00:00.000Z, fired: 0 }',
  );
});

it('provisioned schedules, rules and buses are summarised by their logical id first', () => {
  const { aws } = schedulerSetup();
  const stack = aws.provision(
    {
      Resources: {
        Jobs: { Type: 'AWS::SQS::Queue' },
        Nightly: {
          Type: 'AWS::Scheduler::Schedule',
          Properties: {
            ScheduleExpression: 'rate(1 day)',
            FlexibleTimeWindow: { Mode: 'OFF' },
            Target: { Arn: { 'Fn::GetAtt': ['Jobs', 'Arn'] }, RoleArn: ROLE },
          },
        },
        Orders: { Type: 'AWS::Events::EventBus', Properties: { Name: 'orders' } },
        ToJobs: {
          Type: 'AWS::Events::Rule',
          Properties: {
            EventBusName: { Ref: 'Orders' },
            EventPattern: { source: ['shop'] },
            Targets: [{ Id: 'q', Arn: { 'Fn::GetAtt': ['Jobs', 'Arn'] } }],
          },
        },
      },
    },
    { stackName: 'shop' },
  );
  const schedule = stack.ref('Nightly');
  expect(inspect(aws.scheduler.schedule(schedule))).toMatch(
    new RegExp(
      `^ScheduleView Nightly \\(${schedule}\\) \\{ group: default, state: ENABLED, expression: rate\\(1 day\\)`,
    ),
  );
  const rule = (stack.ref('ToJobs') as string).split('|')[1]!;
  expect(inspect(aws.events.rule(rule, { bus: 'orders' }))).toMatch(
    new RegExp(`^RuleView ToJobs \\(${rule}\\) \\{ bus: orders, state: ENABLED`),
  );
  expect(inspect(aws.events.bus('orders'))).toBe('BusView Orders (orders) { rules: 1, events: 0 }');
});
