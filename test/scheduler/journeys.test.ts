import { PutRuleCommand, PutTargetsCommand } from '@aws-sdk/client-eventbridge';
import { CreateScheduleCommand } from '@aws-sdk/client-scheduler';
import { CreateQueueCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE, schedulerSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 0) }));
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
type Setup = ReturnType<typeof schedulerSetup>;

async function queue(setup: Setup, name: string) {
  const { QueueUrl } = await setup.sqs.send(new CreateQueueCommand({ QueueName: name }));
  return { url: QueueUrl!, arn: setup.aws.sqs.queue(name).arn };
}

async function firstMessageId(setup: Setup, url: string): Promise<string> {
  const { Messages = [] } = await setup.sqs.send(new ReceiveMessageCommand({ QueueUrl: url }));
  return Messages[0]!.MessageId!;
}

describe('Scheduler steps in journeys', () => {
  it('scheduled (time asked vs run), delivered naming the queue copy: one journey from the copy', async () => {
    const setup = schedulerSetup();
    const q = await queue(setup, 'reminders');
    await setup.scheduler.send(
      new CreateScheduleCommand({
        Name: 'remind',
        ScheduleExpression: 'at(2025-01-02T05:00:00)',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: { Arn: q.arn, RoleArn: ROLE, Input: '{"x":1}' },
      }),
    );
    await setup.aws.runUntilIdle({ advance, maxTime: 86_400_000 });
    const copy = await firstMessageId(setup, q.url);
    const journey = setup.aws.journey(copy);
    expect(journey.steps.map((s) => `${s.service} ${s.kind} ${s.where}`)).toEqual([
      'scheduler scheduled remind',
      'scheduler delivered reminders',
      'sqs sent reminders',
      'sqs received reminders',
    ]);
    expect(journey.steps[0]!.detail).toBe('at(2025-01-02T05:00:00), scheduled for 2025-01-02T05:00:00.000Z, on time');
    expect(journey.steps[1]).toMatchObject({ source: 'remind', nextMessageId: copy });
    expect(journey.steps[1]!.detail).toBe(`from schedule remind, as ${copy}`);
  });

  it('a flexible window says how much later it ran', async () => {
    const setup = schedulerSetup({ seed: 7 });
    const q = await queue(setup, 'reminders');
    await setup.scheduler.send(
      new CreateScheduleCommand({
        Name: 'flex',
        ScheduleExpression: 'at(2025-01-02T05:00:00)',
        FlexibleTimeWindow: { Mode: 'FLEXIBLE', MaximumWindowInMinutes: 10 },
        Target: { Arn: q.arn, RoleArn: ROLE, Input: '{}' },
      }),
    );
    await setup.aws.runUntilIdle({ advance, maxTime: 86_400_000 });
    const [scheduled] = setup.aws.journey(await firstMessageId(setup, q.url)).steps;
    const late = (scheduled!.at.getTime() - Date.UTC(2025, 0, 2, 5)) / 1000;
    expect(scheduled!.detail).toBe(
      `at(2025-01-02T05:00:00), scheduled for 2025-01-02T05:00:00.000Z, ` +
        (late > 0 ? `ran ${late}s later` : 'on time'),
    );
  });

  it('refused attempts, retries and the dead-letter copy, linked', async () => {
    const setup = schedulerSetup();
    const dlq = await queue(setup, 'dlq');
    await setup.scheduler.send(
      new CreateScheduleCommand({
        Name: 'lost',
        ScheduleExpression: 'at(2025-01-02T04:00:00)',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: {
          Arn: 'arn:aws:sqs:us-east-1:000000000000:missing',
          RoleArn: ROLE,
          Input: '{"x":1}',
          RetryPolicy: { MaximumRetryAttempts: 1 },
          DeadLetterConfig: { Arn: dlq.arn },
        },
      }),
    );
    await setup.aws.runUntilIdle({ advance, maxTime: 86_400_000 });
    const copy = await firstMessageId(setup, dlq.url);
    const journey = setup.aws.journey(copy);
    expect(journey.steps.map((s) => `${s.service} ${s.kind} ${s.where}`)).toEqual([
      'scheduler scheduled lost',
      'scheduler refused missing',
      'scheduler retried lost',
      'scheduler refused missing',
      'scheduler deadLettered missing',
      'sqs sent dlq',
      'sqs received dlq',
    ]);
    expect(journey.steps[1]!.error).toMatchObject({ name: 'DeliveryFailed' });
    expect(journey.steps[2]!.detail).toBe('next try at 2025-01-02T04:00:01.000Z, after 1 attempt');
    expect(journey.steps[4]!.detail).toBe(`to dlq, as ${copy}, given up after 2 attempts`);
  });

  it('an EventBridge target: the bus event continues the firing journey', async () => {
    const setup = schedulerSetup();
    const q = await queue(setup, 'from-bus');
    await setup.events.send(new PutRuleCommand({ Name: 'r', EventPattern: '{"source":["my.scheduler"]}' }));
    await setup.events.send(new PutTargetsCommand({ Rule: 'r', Targets: [{ Id: 'q', Arn: q.arn }] }));
    await setup.scheduler.send(
      new CreateScheduleCommand({
        Name: 'to-bus',
        ScheduleExpression: 'at(2025-01-02T04:00:00)',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: {
          Arn: setup.aws.events.bus().arn,
          RoleArn: ROLE,
          Input: '{"report":"daily"}',
          EventBridgeParameters: { DetailType: 'Report Due', Source: 'my.scheduler' },
        },
      }),
    );
    await setup.aws.runUntilIdle({ advance, maxTime: 86_400_000 });
    const [event] = setup.aws.events.bus().events();
    expect(setup.aws.journey(event!.id).steps.map((s) => `${s.service} ${s.kind} ${s.where}`)).toEqual([
      'scheduler scheduled to-bus',
      'scheduler delivered default',
      'events published default',
      'events routed r',
      'events delivered from-bus',
      'sqs sent from-bus',
    ]);
  });
});
