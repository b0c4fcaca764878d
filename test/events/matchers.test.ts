import { PutEventsCommand, PutRuleCommand, PutTargetsCommand } from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/matchers/vitest.js';
import { eventsSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 5) }));
afterEach(() => vi.useRealTimers());

async function setup() {
  const s = eventsSetup();
  await s.sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  await s.events.send(
    new PutRuleCommand({ Name: 'orders-to-queue', EventPattern: '{"detail":{"orderId":[{"numeric":[">",5]}]}}' }),
  );
  await s.events.send(
    new PutTargetsCommand({ Rule: 'orders-to-queue', Targets: [{ Id: 'q', Arn: s.aws.sqs.queue('orders').arn }] }),
  );
  const put = (detail: object) =>
    s.events.send(
      new PutEventsCommand({
        Entries: [{ Source: 'shop', DetailType: 'OrderPlaced', Detail: JSON.stringify(detail) }],
      }),
    );
  return { ...s, put };
}

describe('toHaveRouted / toHaveMatched', () => {
  it('pass for a routed event, by queue view, rule name or ARN, with asymmetric matchers', async () => {
    const { aws, put } = await setup();
    await put({ orderId: 7, items: ['a'] });
    await put({ orderId: 1 });
    expect(aws.events.bus()).toHaveRouted({ orderId: 7 }, { to: aws.sqs.queue('orders') });
    expect(aws.events.bus()).toHaveRouted({ orderId: expect.any(Number) }, { to: 'orders-to-queue' });
    expect(aws.events.bus()).toHaveRouted({ orderId: 7 });
    expect(aws.events.bus()).not.toHaveRouted({ orderId: 1 }, { to: aws.sqs.queue('orders') });
    expect(aws.events.rule('orders-to-queue')).toHaveMatched({ orderId: 7 });
    expect(aws.events.rule('orders-to-queue')).not.toHaveMatched({ orderId: 1 });
  });

  it('say where the matching events went when they fail', async () => {
    const { aws, put } = await setup();
    await put({ orderId: 1 });
    expect(() => expect(aws.events.bus()).toHaveRouted({ orderId: 1 }, { to: aws.sqs.queue('orders') })).toThrow(
      /but the matching events went: \{"orderId":1\}: no rule matched it/,
    );
    expect(() => expect(aws.events.bus()).toHaveRouted({ orderId: 9 })).toThrow(/but no event's detail matches/);
    expect(() => expect(aws.events.rule('orders-to-queue')).toHaveMatched({ orderId: 1 })).toThrow(
      /but it matched none/,
    );
  });
});

describe('aws.install(EventBridgeClient)', () => {
  it('answers every client of the class, made before or after', async () => {
    const { EventBridgeClient, ListEventBusesCommand } = await import('@aws-sdk/client-eventbridge');
    const { createAwsMock } = await import('../../src/index.js');
    const aws = createAwsMock();
    const before = new EventBridgeClient({ region: 'us-east-1' });
    const handle = aws.install(EventBridgeClient);
    try {
      const after = new EventBridgeClient({ region: 'us-east-1' });
      for (const client of [before, after]) {
        const { EventBuses } = await client.send(new ListEventBusesCommand({}));
        expect(EventBuses!.map((bus) => bus.Name)).toEqual(['default']);
      }
    } finally {
      handle.restore();
    }
  });
});
