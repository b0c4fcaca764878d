import { PutEventsCommand, PutRuleCommand, PutTargetsCommand } from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand, GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAwsMock } from '../../src/index.js';
import '../../src/matchers/vitest.js';
import { eventsSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2) }));
afterEach(() => vi.useRealTimers());

/** A bus with a rule sending `shop` events to a queue, and `count` such events put on it; their EventIds. */
async function putOrders(options: Parameters<typeof eventsSetup>[0], count: number) {
  const setup = eventsSetup(options);
  const { aws, events, sqs } = setup;
  await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  await events.send(new PutRuleCommand({ Name: 'orders', EventPattern: '{"source":["shop"]}' }));
  await events.send(
    new PutTargetsCommand({ Rule: 'orders', Targets: [{ Id: 'q', Arn: aws.sqs.queue('orders').arn }] }),
  );
  const ids: string[] = [];
  for (let n = 0; n < count; n++) {
    const entry = { Source: 'shop', DetailType: 'OrderPlaced', Detail: JSON.stringify({ n }) };
    const { Entries } = await events.send(new PutEventsCommand({ Entries: [entry] }));
    ids.push(Entries![0]!.EventId!);
  }
  return { ...setup, ids };
}

async function queueDepth(setup: Awaited<ReturnType<typeof putOrders>>): Promise<string | undefined> {
  const QueueUrl = setup.aws.sqs.queue('orders').url;
  const { Attributes } = await setup.sqs.send(
    new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['ApproximateNumberOfMessages'] }),
  );
  return Attributes?.['ApproximateNumberOfMessages'];
}

describe('createAwsMock({ eventHistory })', () => {
  it('keeps every event by default, on the bus and on the rule that matched it', async () => {
    const setup = await putOrders({}, 5);
    expect(
      setup.aws.events
        .bus()
        .events()
        .map((event) => event.id),
    ).toEqual(setup.ids);
    expect(
      setup.aws.events
        .rule('orders')
        .matched()
        .map((event) => event.id),
    ).toEqual(setup.ids);
  });

  it('keeps the last n on each bus and each rule, oldest first; every event is still routed', async () => {
    const setup = await putOrders({ eventHistory: 2 }, 5);
    const { aws, ids } = setup;
    expect(
      aws.events
        .bus()
        .events()
        .map((event) => event.id),
    ).toEqual(ids.slice(3));
    expect(
      aws.events
        .rule('orders')
        .matched()
        .map((event) => event.id),
    ).toEqual(ids.slice(3));
    expect(aws.events.rule('orders').matched()[1]!.detail).toEqual({ n: 4 });
    expect(await queueDepth(setup)).toBe('5');
    expect(inspect(aws.events.bus())).toBe('BusView default { rules: 1, events: 2 }');
  });

  it('keeps none with 0, and the matchers see only what is kept', async () => {
    const setup = await putOrders({ eventHistory: 0 }, 3);
    expect(setup.aws.events.bus().events()).toEqual([]);
    expect(setup.aws.events.rule('orders').matched()).toEqual([]);
    expect(await queueDepth(setup)).toBe('3');
    const bounded = await putOrders({ eventHistory: 1 }, 2);
    expect(() => expect(bounded.aws.events.rule('orders')).toHaveMatched({ n: 0 })).toThrow();
    expect(bounded.aws.events.rule('orders')).toHaveMatched({ n: 1 });
  });

  it('stays flat for a scheduled rule over simulated days', async () => {
    const { aws, events } = eventsSetup({ eventHistory: 3 });
    await events.send(new PutRuleCommand({ Name: 'hourly', ScheduleExpression: 'rate(1 hour)' }));
    await vi.advanceTimersByTimeAsync(2 * 86_400_000);
    const matched = aws.events.rule('hourly').matched();
    expect(matched.map((event) => event.time.toISOString())).toEqual([
      '2025-01-03T22:00:00.000Z',
      '2025-01-03T23:00:00.000Z',
      '2025-01-04T00:00:00.000Z',
    ]);
  });

  it('refuses a bound that is not a whole number of events', () => {
    for (const bad of [-1, 1.5, '10', Number.NaN]) {
      expect(() => createAwsMock({ eventHistory: bad as never })).toThrow(
        /^sqs-sns-mock: eventHistory must be a whole number of events, 0 or more, got /,
      );
    }
  });
});
