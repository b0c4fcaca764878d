import { DisableRuleCommand, PutRuleCommand, PutTargetsCommand } from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextFiring, parseScheduleExpression } from '../../src/core/schedules/expression.js';
import { eventsSetup } from './support.js';

const START = Date.UTC(2025, 0, 2, 3, 4, 5);
beforeEach(() => vi.useFakeTimers({ now: START }));
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('scheduled rules', () => {
  it('rate(1 minute) fires a Scheduled Event each minute from PutRule, on the mock clock', async () => {
    const { aws, events, sqs } = eventsSetup();
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'ticks' }));
    const { RuleArn } = await events.send(new PutRuleCommand({ Name: 'tick', ScheduleExpression: 'rate(1 minute)' }));
    await events.send(new PutTargetsCommand({ Rule: 'tick', Targets: [{ Id: 'q', Arn: aws.sqs.queue('ticks').arn }] }));
    await advance(3 * 60_000);
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }));
    expect(Messages.map((message) => JSON.parse(message.Body!))).toEqual(
      ['2025-01-02T03:05:05Z', '2025-01-02T03:06:05Z', '2025-01-02T03:07:05Z'].map((time) => ({
        version: '0',
        id: expect.any(String),
        'detail-type': 'Scheduled Event',
        source: 'aws.events',
        account: aws.accountId,
        time,
        region: aws.region,
        resources: [RuleArn],
        detail: {},
      })),
    );
  });

  it('cron fires at the matching minutes; a disabled rule does not fire; reset leaves no timer', async () => {
    const { aws, events } = eventsSetup();
    await events.send(new PutRuleCommand({ Name: 'nightly', ScheduleExpression: 'cron(0 2 * * ? *)' }));
    await vi.advanceTimersByTimeAsync(2 * 86_400_000);
    expect(
      aws.events
        .rule('nightly')
        .matched()
        .map((event) => event.time.toISOString()),
    ).toEqual(['2025-01-03T02:00:00.000Z', '2025-01-04T02:00:00.000Z']);
    await events.send(new DisableRuleCommand({ Name: 'nightly' }));
    await vi.advanceTimersByTimeAsync(86_400_000);
    expect(aws.events.rule('nightly').matched()).toHaveLength(2);
    await events.send(new PutRuleCommand({ Name: 'nightly', ScheduleExpression: 'cron(0 2 * * ? *)' }));
    aws.reset();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a rate(1 hour) rule keeps one timer, at its next firing; runUntilIdle leaves its firings to the test', async () => {
    const { aws, events } = eventsSetup();
    await events.send(new PutRuleCommand({ Name: 'hourly', ScheduleExpression: 'rate(1 hour)' }));
    let steps = 0;
    expect(await aws.runUntilIdle({ advance: (ms) => (steps++, advance(ms)), maxTime: 86_400_000 })).toBe(0);
    expect(steps).toBe(0);
    expect(aws.events.rule('hourly').nextFireAt).toEqual(new Date(START + 3_600_000));
    expect(vi.getTimerCount()).toBe(1);
    await advance(86_400_000);
    expect(aws.events.rule('hourly').matched()).toHaveLength(24);
    expect(vi.getTimerCount()).toBe(1);
  });
});

describe('schedule expressions', () => {
  it.each([
    'rate(1 minute)',
    'rate(5 minutes)',
    'rate(1 day)',
    'cron(0 2 ? * SAT *)',
    'cron(5,35 14 * * ? *)',
    'cron(15 10 ? * 6L 2002-2005)',
    'cron(0 2 ? * SAT#3 *)',
    'cron(0/5 5 ? JAN 1-5 2022)',
    'cron(0/30 20-23 ? * MON-FRI *)',
  ])('accepts %s', (text) => expect(parseScheduleExpression(text)).toBeDefined());

  it.each([
    'rate(10 seconds)',
    'rate(1 minutes)',
    'rate(10 minute)',
    'rate(0 minutes)',
    'rate(-10 minutes)',
    'rate(10 MINUTES)',
    'rate( 10 minutes )',
    ' rate(10 minutes)',
    'rate()',
    'cron(0 1 * * * *)',
    'cron(7 20 * * NOT *)',
    'cron(INVALID)',
    'cron(71 8 1 * ? *)',
    'cron()',
  ])('refuses %s', (text) => expect(parseScheduleExpression(text)).toBeUndefined());

  it('computes L, W and # days', () => {
    const next = (text: string, from: string) =>
      new Date(nextFiring(parseScheduleExpression(text)!, 0, Date.parse(from))!).toISOString();
    expect(next('cron(0 0 L * ? *)', '2024-02-01T00:00:00Z')).toBe('2024-02-29T00:00:00.000Z');
    expect(next('cron(0 0 ? * 6L *)', '2025-01-01T00:00:00Z')).toBe('2025-01-31T00:00:00.000Z');
    expect(next('cron(0 0 ? * SAT#3 *)', '2025-01-01T00:00:00Z')).toBe('2025-01-18T00:00:00.000Z');
    // 2025-02-15 is a Saturday: the nearest weekday is Friday the 14th.
    expect(next('cron(0 0 15W * ? *)', '2025-02-01T00:00:00Z')).toBe('2025-02-14T00:00:00.000Z');
    expect(next('cron(0 0 1 1 ? 2199)', '2025-01-01T00:00:00Z')).toBe('2199-01-01T00:00:00.000Z');
    // Past years only: accepted, never fires.
    expect(nextFiring(parseScheduleExpression('cron(15 10 ? * 6L 2002-2005)')!, 0, START)).toBeUndefined();
  });
});
