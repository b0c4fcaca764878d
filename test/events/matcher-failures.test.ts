import { PutEventsCommand, PutRuleCommand, PutTargetsCommand } from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand } from '@aws-sdk/client-sqs';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/matchers/vitest.js';
import { eventsSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 5) }));
afterEach(() => vi.useRealTimers());

async function setup() {
  const s = eventsSetup();
  await s.sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  await s.sqs.send(new CreateQueueCommand({ QueueName: 'refunds' }));
  const rule = async (name: string, pattern: object, queue: string) => {
    await s.events.send(new PutRuleCommand({ Name: name, EventPattern: JSON.stringify(pattern) }));
    await s.events.send(new PutTargetsCommand({ Rule: name, Targets: [{ Id: 'q', Arn: s.aws.sqs.queue(queue).arn }] }));
  };
  await rule('big-orders', { source: ['shop'], detail: { orderId: [{ numeric: ['>', 5] }] } }, 'orders');
  await rule('refunds', { source: ['shop'], 'detail-type': ['RefundIssued'] }, 'refunds');
  const put = async (detail: object, source = 'shop') => {
    const { Entries } = await s.events.send(
      new PutEventsCommand({
        Entries: [{ Source: source, DetailType: 'OrderPlaced', Detail: JSON.stringify(detail) }],
      }),
    );
    return Entries![0]!.EventId!;
  };
  return { ...s, put };
}

function failure(run: () => void): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the matcher passed');
}

describe('EventBridge matcher failures explain themselves', () => {
  it("toHaveRouted to a queue: the rules reaching it, the field each failed on, then the event's journey", async () => {
    const { aws, put } = await setup();
    const id = await put({ orderId: 1 });
    const message = failure(() =>
      expect(aws.events.bus()).toHaveRouted({ orderId: 1 }, { to: aws.sqs.queue('orders') }),
    );
    expect(message).toContain('but the matching events went: {"orderId":1}: no rule matched it');
    expect(message).toContain(
      "Why the rules' patterns did not match (the closest events):\n" +
        `  event ${id} (shop/OrderPlaced {"orderId":1}):\n` +
        '    rule big-orders: detail.orderId: 1 is not > 5',
    );
    // Only the rules that reach the queue are explained.
    expect(message).not.toContain('rule refunds:');
    expect(message).toContain(`Journeys (the last steps of each; aws.journey(id) gives all):\n${id}:\n`);
    expect(message).toMatch(/events +default +published +shop \/ OrderPlaced/);
  });

  it('toHaveRouted to any target: every rule that missed, with its failing field', async () => {
    const { aws, put } = await setup();
    await put({ orderId: 1 }, 'warehouse');
    const message = failure(() => expect(aws.events.bus()).toHaveRouted({ orderId: 1 }));
    expect(message).toContain('rule big-orders: source: "warehouse" is not one of ["shop"]');
    expect(message).toContain('rule refunds: source: "warehouse" is not one of ["shop"]');
  });

  it('toHaveRouted with no event of that detail: explains the closest events', async () => {
    const { aws, put } = await setup();
    await put({ orderId: 2, customer: 'ann' });
    await put({ orderId: 3, customer: 'bob' });
    const message = failure(() =>
      expect(aws.events.bus()).toHaveRouted({ orderId: 9, customer: 'bob' }, { to: 'big-orders' }),
    );
    expect(message).toContain("but no event's detail matches");
    const explained = message.split("Why the rules' patterns did not match")[1]!;
    // The event sharing most of the expected detail comes first.
    expect(explained.indexOf('"customer":"bob"')).toBeLessThan(explained.indexOf('"customer":"ann"'));
    expect(explained).toContain('rule big-orders: detail.orderId: 3 is not > 5');
  });

  it('toHaveRouted to a target no rule has: says so', async () => {
    const { aws, put } = await setup();
    await put({ orderId: 7 });
    const message = failure(() =>
      expect(aws.events.bus()).toHaveRouted({ orderId: 7 }, { to: 'arn:aws:sqs:us-east-1:000000000000:nowhere' }),
    );
    expect(message).toContain(
      'No rule of event bus "default" has "arn:aws:sqs:us-east-1:000000000000:nowhere" as a target',
    );
  });

  it('toHaveMatched: which field of the rule failed for the closest events, and their journeys', async () => {
    const { aws, put } = await setup();
    const id = await put({ orderId: 1 });
    const message = failure(() => expect(aws.events.rule('refunds')).toHaveMatched({ orderId: 1 }));
    expect(message).toContain('but it matched none');
    expect(message).toContain(
      `  event ${id} (shop/OrderPlaced {"orderId":1}):\n    rule refunds: detail-type: "OrderPlaced" is not one of ["RefundIssued"]`,
    );
    expect(message).toContain(`${id}:\n    +0.000s`);
  });

  it('computes no reason when the matcher passes', async () => {
    const { aws, put } = await setup();
    await put({ orderId: 7 });
    const rule = aws.events.rule('big-orders');
    const spy = vi.spyOn(Object.getPrototypeOf(rule), 'missReason');
    expect(aws.events.bus()).toHaveRouted({ orderId: 7 }, { to: aws.sqs.queue('orders') });
    expect(rule).toHaveMatched({ orderId: 7 });
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('one-line summaries', () => {
  it('of buses, rules and schedules', async () => {
    const { aws, put, events } = await setup();
    await put({ orderId: 7 });
    await events.send(new PutRuleCommand({ Name: 'tick', ScheduleExpression: 'rate(5 minutes)', State: 'DISABLED' }));
    expect(inspect(aws.events.bus())).toBe('BusView default { rules: 3, events: 1 }');
    expect(inspect(aws.events.rule('big-orders'))).toBe(
      'RuleView big-orders { bus: default, state: ENABLED, pattern: {"source":["shop"],"detail":{"orderId":[{"numeric":[">",5]}…, targets: 1, matched: 1 }',
    );
    expect(inspect(aws.events.rule('tick'))).toBe(
      'RuleView tick { bus: default, state: DISABLED, schedule: rate(5 minutes), targets: 0, matched: 0 }',
    );
  });
});
