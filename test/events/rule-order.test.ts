import {
  DeleteRuleCommand,
  DisableRuleCommand,
  EnableRuleCommand,
  PutEventsCommand,
  PutRuleCommand,
  PutTargetsCommand,
  RemoveTargetsCommand,
} from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { eventsSetup } from './support.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/**
 * Routing looks only at the rules that can match (src/services/events/rule-index.ts); these pin that what it routes,
 * and in which order, is what a scan of every rule gives (docs/aws-behaviour/eventbridge.md §2.3) through every change.
 */
it('routes in the order rules were created, through PutRule, DisableRule, EnableRule and DeleteRule', async () => {
  const { aws, events, sqs } = eventsSetup();
  await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  const arn = aws.sqs.queue('q').arn;
  const rule = async (Name: string, pattern: object) => {
    await events.send(new PutRuleCommand({ Name, EventPattern: JSON.stringify(pattern) }));
    await events.send(new PutTargetsCommand({ Rule: Name, Targets: [{ Id: 't', Arn: arn }] }));
  };
  await rule('by-source', { source: ['shop'] });
  await rule('by-type', { 'detail-type': ['Order'] });
  await rule('by-detail', { detail: { n: [1] } });
  await rule('other-source', { source: ['billing'] });
  const routed = async () => {
    await events.send(new PutEventsCommand({ Entries: [{ Source: 'shop', DetailType: 'Order', Detail: '{"n":1}' }] }));
    return aws.events
      .bus()
      .events()
      .at(-1)!
      .routes.map((route) => route.rule);
  };
  expect(await routed()).toEqual(['by-source', 'by-type', 'by-detail']);

  // A new pattern moves the rule between the index's lists, never its place.
  await events.send(new PutRuleCommand({ Name: 'other-source', EventPattern: '{"source":["shop"]}' }));
  await events.send(new PutRuleCommand({ Name: 'by-source', EventPattern: '{"detail":{"n":[1]}}' }));
  expect(await routed()).toEqual(['by-source', 'by-type', 'by-detail', 'other-source']);

  await events.send(new DisableRuleCommand({ Name: 'by-type' }));
  await events.send(new PutRuleCommand({ Name: 'by-detail', EventPattern: '{"source":["shop"]}', State: 'DISABLED' }));
  expect(await routed()).toEqual(['by-source', 'other-source']);
  await events.send(new EnableRuleCommand({ Name: 'by-detail' }));
  await events.send(new EnableRuleCommand({ Name: 'by-type' }));
  expect(await routed()).toEqual(['by-source', 'by-type', 'by-detail', 'other-source']);

  // Deleted and created again: last.
  await events.send(new RemoveTargetsCommand({ Rule: 'by-source', Ids: ['t'] }));
  await events.send(new DeleteRuleCommand({ Name: 'by-source' }));
  expect(await routed()).toEqual(['by-type', 'by-detail', 'other-source']);
  await rule('by-source', { source: ['shop'] });
  expect(await routed()).toEqual(['by-type', 'by-detail', 'other-source', 'by-source']);
  expect(aws.sqs.queue('q').messages()).toHaveLength(3 + 4 + 2 + 4 + 3 + 4);
});

it('an event whose source no rule names reaches only the rules that do not pin it', async () => {
  const { aws, events, sqs } = eventsSetup();
  await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  const arn = aws.sqs.queue('q').arn;
  for (let i = 0; i < 50; i++) {
    await events.send(new PutRuleCommand({ Name: `r${i}`, EventPattern: `{"source":["app.${i}"]}` }));
    await events.send(new PutTargetsCommand({ Rule: `r${i}`, Targets: [{ Id: 't', Arn: arn }] }));
  }
  await events.send(
    new PutEventsCommand({
      Entries: [
        { Source: 'app.7', DetailType: 'x', Detail: '{}' },
        { Source: 'app.70', DetailType: 'x', Detail: '{}' },
      ],
    }),
  );
  const [seven, seventy] = aws.events.bus().events();
  expect(seven!.routes.map((route) => route.rule)).toEqual(['r7']);
  expect(seventy!.routes).toEqual([]);
});
