/**
 * Rules, buses and schedules a stack provisioned are named by their logical id first, then their physical name, as
 * queues and functions are (src/core/resource-names.ts): in the EventBridge matchers' failures, in what a queue matcher
 * says fed the queue, and in the journeys' steps (the logical id alone).
 */
import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/matchers/vitest.js';
import { schedulerSetup } from '../scheduler/support.js';
import { failureOf, wholeFailureOf } from '../matchers/support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 5) }));
afterEach(() => vi.useRealTimers());

const ROLE = 'arn:aws:iam::000000000000:role/scheduler';

const TEMPLATE = {
  Resources: {
    Orders: { Type: 'AWS::SQS::Queue' },
    Reminders: { Type: 'AWS::SQS::Queue' },
    OrdersBus: { Type: 'AWS::Events::EventBus', Properties: { Name: 'shop-orders' } },
    BigOrders: {
      Type: 'AWS::Events::Rule',
      Properties: {
        EventBusName: { Ref: 'OrdersBus' },
        EventPattern: { source: ['shop'], detail: { total: [{ numeric: ['>', 100] }] } },
        Targets: [{ Id: 'orders', Arn: { 'Fn::GetAtt': ['Orders', 'Arn'] } }],
      },
    },
    Remind: {
      Type: 'AWS::Scheduler::Schedule',
      Properties: {
        ScheduleExpression: 'cron(0 5 * * ? *)',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: { Arn: { 'Fn::GetAtt': ['Reminders', 'Arn'] }, RoleArn: ROLE, Input: '{"remind":true}' },
      },
    },
  },
};

/** `Shop-BigOrders-<12 random>`: CloudFormation's generated name (docs/aws-behaviour/templates.md). */
const generated = (logicalId: string) => `Shop-${logicalId}-[A-Z0-9]{12}`;

async function provisioned() {
  const setup = schedulerSetup({ seed: 3 });
  const stack = setup.aws.provision(TEMPLATE, { stackName: 'Shop' });
  const put = async (detail: object) => {
    const { Entries } = await setup.events.send(
      new PutEventsCommand({
        Entries: [
          { EventBusName: 'shop-orders', Source: 'shop', DetailType: 'OrderPlaced', Detail: JSON.stringify(detail) },
        ],
      }),
    );
    return Entries![0]!.EventId!;
  };
  return { ...setup, stack, put };
}

describe('a provisioned rule, bus and schedule are named by logical id first', () => {
  it("in the EventBridge matchers' failures: the bus, the rule and why its pattern missed", async () => {
    const { aws, stack, put } = await provisioned();
    await put({ orderId: 1, total: 50 });
    // Ref of a rule on a custom bus is `<bus>|<name>`, as CloudFormation gives it.
    const ruleName = (stack.ref('BigOrders') as string).split('|')[1]!;
    expect(ruleName).toMatch(new RegExp(`^${generated('BigOrders')}$`));

    const routed = failureOf(() =>
      expect(aws.events.bus('shop-orders')).toHaveRouted({ orderId: 1 }, { to: aws.sqs.queue(stack.ref('Orders')) }),
    );
    expect(routed).toMatch(/^expected event bus "OrdersBus" \(shop-orders\) to have routed/);
    expect(routed).toMatch(
      new RegExp(`\\n    rule BigOrders \\(${generated('BigOrders')}\\): detail\\.total: 50 is not > 100`),
    );

    const matched = failureOf(() =>
      expect(aws.events.rule(ruleName, { bus: 'shop-orders' })).toHaveMatched({ orderId: 1 }),
    );
    expect(matched).toMatch(new RegExp(`^expected rule "BigOrders" \\(${generated('BigOrders')}\\) to have matched`));
  });

  it('in what a queue matcher says fed the queue: the rule, the schedule', async () => {
    const { aws, stack, put } = await provisioned();
    await put({ orderId: 1, total: 50 });
    const orders = wholeFailureOf(() => expect(aws.sqs.queue(stack.ref('Orders'))).toContainMessage({ orderId: 1 }));
    expect(orders).toMatch(
      new RegExp(`rule "BigOrders" \\(${generated('BigOrders')}\\) on bus "OrdersBus" \\(shop-orders\\): `),
    );
    const reminders = wholeFailureOf(() => expect(aws.sqs.queue(stack.ref('Reminders'))).toHaveMessageCount(1));
    expect(reminders).toMatch(
      new RegExp(`schedule "Remind" \\(${generated('Remind')}\\) \\(cron\\(0 5 \\* \\* \\? \\*\\)\\)`),
    );
  });

  it("in the journeys: each step's place is the logical id alone", async () => {
    const { aws, put } = await provisioned();
    const big = await put({ orderId: 2, total: 500 });
    const steps = aws.journey(big).steps;
    expect(steps.map((step) => [step.kind, step.where])).toEqual([
      ['published', 'OrdersBus'],
      ['routed', 'BigOrders'],
      ['delivered', 'Orders'],
      ['sent', 'Orders'],
    ]);
    expect(steps[1]!.detail).toBe('on bus OrdersBus, to Orders');
    expect(steps[2]!.detail).toMatch(/^from rule BigOrders, as /);

    await vi.advanceTimersByTimeAsync(2 * 3_600_000);
    const [reminder] = aws.sqs.queue(aws.sqs.queues().find((q) => q.logicalId === 'Reminders')!.url).messages();
    const fired = aws.journey(reminder!.messageId).steps;
    expect(fired.map((step) => [step.service, step.kind, step.where])).toEqual([
      ['scheduler', 'scheduled', 'Remind'],
      ['scheduler', 'delivered', 'Reminders'],
      ['sqs', 'sent', 'Reminders'],
    ]);
    expect(fired[1]!.detail).toMatch(/^from schedule Remind, as /);
  });
});
