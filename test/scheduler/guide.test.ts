// The examples of docs/guide/scheduler.md, as written there.
import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { CreateQueueCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createAwsMock } from '../../src/index.js';
import '../../src/matchers/vitest.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2030, 0, 1) }));
afterEach(() => vi.useRealTimers());

it('a one-time schedule into a queue', async () => {
  const aws = createAwsMock();
  const scheduler = new SchedulerClient({ region: 'us-east-1' });
  scheduler.middlewareStack.use(aws.scheduler);
  const sqs = new SQSClient({ region: 'us-east-1' });
  sqs.middlewareStack.use(aws.sqs);

  await sqs.send(new CreateQueueCommand({ QueueName: 'reminders' }));
  await scheduler.send(
    new CreateScheduleCommand({
      Name: 'remind-me',
      ScheduleExpression: 'at(2030-01-01T09:00:00)',
      ScheduleExpressionTimezone: 'Europe/Berlin',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: aws.sqs.queue('reminders').arn,
        RoleArn: 'arn:aws:iam::000000000000:role/scheduler',
        Input: '{"schedule":"<aws.scheduler.schedule-arn>","at":"<aws.scheduler.scheduled-time>"}',
      },
    }),
  );
  const view = aws.scheduler.schedule('remind-me');
  expect(view.nextFireAt).toEqual(new Date('2030-01-01T08:00:00Z'));

  await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms), maxTime: 86_400_000 });
  expect(view.fired()).toEqual([
    { at: new Date('2030-01-01T08:00:00Z'), target: aws.sqs.queue('reminders').arn, delivered: true },
  ]);
  expect(aws.sqs.queue('reminders')).toContainMessage({ at: '2030-01-01T08:00:00Z' });
});

it('the page and this test hold the same example', async () => {
  const { readFileSync } = await import('node:fs');
  const page = readFileSync(new URL('../../docs/guide/scheduler.md', import.meta.url), 'utf8');
  const block = /```ts\n([\s\S]*?)```/.exec(page)![1]!;
  const source = readFileSync(new URL(import.meta.url), 'utf8');
  const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
  expect(squash(source)).toContain(squash(block));
});
