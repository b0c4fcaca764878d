// The examples of docs/guide/eventbridge.md, as written there.
import { EventBridgeClient, PutEventsCommand, PutRuleCommand, PutTargetsCommand } from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createAwsMock } from '../../src/index.js';
import '../../src/matchers/vitest.js';
import { networkTrap } from '../helpers.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup() {
  const aws = createAwsMock();
  const events = new EventBridgeClient({ region: 'us-east-1', requestHandler: networkTrap });
  events.middlewareStack.use(aws.events);
  const sqs = new SQSClient({ region: 'us-east-1', requestHandler: networkTrap });
  sqs.middlewareStack.use(aws.sqs);
  return { aws, events, sqs };
}

it('a rule into a queue, then a transformer', async () => {
  const { aws, events, sqs } = setup();
  await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  await events.send(
    new PutRuleCommand({ Name: 'orders-to-queue', EventPattern: JSON.stringify({ source: ['shop'] }) }),
  );
  await events.send(
    new PutTargetsCommand({ Rule: 'orders-to-queue', Targets: [{ Id: 'q', Arn: aws.sqs.queue('orders').arn }] }),
  );
  await events.send(
    new PutEventsCommand({ Entries: [{ Source: 'shop', DetailType: 'OrderPlaced', Detail: '{"orderId":7}' }] }),
  );
  expect(aws.events.bus()).toHaveRouted({ orderId: 7 }, { to: aws.sqs.queue('orders') });
  expect(aws.events.rule('orders-to-queue')).toHaveMatched({ orderId: 7 });
  expect(aws.sqs.queue('orders')).toContainMessage({ source: 'shop', detail: { orderId: 7 } });

  await events.send(
    new PutTargetsCommand({
      Rule: 'orders-to-queue',
      Targets: [
        {
          Id: 'q',
          Arn: aws.sqs.queue('orders').arn,
          InputTransformer: {
            InputPathsMap: { id: '$.detail.orderId' },
            InputTemplate: '{"order": <id>, "rule": <aws.events.rule-name>}',
          },
        },
      ],
    }),
  );
  await events.send(
    new PutEventsCommand({ Entries: [{ Source: 'shop', DetailType: 'OrderPlaced', Detail: '{"orderId":8}' }] }),
  );
  expect(aws.sqs.queue('orders')).toContainMessage({ order: 8, rule: 'orders-to-queue' });
});

it('a scheduled rule', async () => {
  const { aws, events, sqs } = setup();
  await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  await events.send(new PutRuleCommand({ Name: 'tick', ScheduleExpression: 'rate(5 minutes)' }));
  await events.send(new PutTargetsCommand({ Rule: 'tick', Targets: [{ Id: 'q', Arn: aws.sqs.queue('orders').arn }] }));
  const tick = aws.events.rule('tick');
  // Recurring firings are not work: runUntilIdle moves no time for them.
  expect(await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) })).toBe(0);
  expect(tick.matched()).toHaveLength(0);
  await vi.advanceTimersByTimeAsync(tick.nextFireAt!.getTime() - Date.now()); // to its next firing
  expect(tick.matched()).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(10 * 60_000); // two more
  expect(tick.matched()).toHaveLength(3);
});
