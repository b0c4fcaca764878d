/**
 * The EventBridge matchers on archives and replays: `toHaveMatched` of `aws.events.archive(name)` (what it holds) and
 * `toHaveRouted` of `aws.events.replay(name)` (what it sent again), with the failure messages a user reads.
 */
import {
  CreateArchiveCommand,
  PutEventsCommand,
  PutRuleCommand,
  PutTargetsCommand,
  StartReplayCommand,
} from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/matchers/vitest.js';
import { eventsSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 5) }));
afterEach(() => vi.useRealTimers());

const BUS = 'arn:aws:events:us-east-1:000000000000:event-bus/default';

async function setup() {
  const s = eventsSetup();
  await s.sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  await s.events.send(new PutRuleCommand({ Name: 'orders', EventPattern: '{"source":["shop"]}' }));
  await s.events.send(
    new PutTargetsCommand({ Rule: 'orders', Targets: [{ Id: 'q', Arn: s.aws.sqs.queue('orders').arn }] }),
  );
  await s.events.send(
    new CreateArchiveCommand({
      ArchiveName: 'orders-archive',
      EventSourceArn: BUS,
      EventPattern: '{"detail":{"orderId":[{"numeric":[">",5]}]}}',
    }),
  );
  const put = (detail: object) =>
    s.events.send(
      new PutEventsCommand({ Entries: [{ Source: 'shop', DetailType: 'Order', Detail: JSON.stringify(detail) }] }),
    );
  return { ...s, put };
}

describe('toHaveMatched of an archive', () => {
  it('passes for an archived event; its failure says why the archive’s rule did not match', async () => {
    const { aws, put } = await setup();
    await put({ orderId: 7 });
    await put({ orderId: 3 });
    const archive = aws.events.archive('orders-archive');
    expect(archive).toHaveMatched({ orderId: 7 });
    expect(archive).not.toHaveMatched({ orderId: 3 });
    expect(() => expect(archive).toHaveMatched({ orderId: 3 })).toThrow(
      /expected archive "orders-archive" to have matched an event with detail \{orderId: 3\}, but it matched shop\/Order \{"orderId":7\}[\s\S]*rule Events-Archive-orders-archive: detail\.orderId: 3 is not > 5/,
    );
  });
});

describe('toHaveRouted of a replay', () => {
  it('passes for what the replay sent again to the queue; its failure lists what it replayed', async () => {
    const { aws, events, put } = await setup();
    await put({ orderId: 7 });
    await put({ orderId: 9 });
    await events.send(
      new StartReplayCommand({
        ReplayName: 'fix-1',
        EventSourceArn: 'arn:aws:events:us-east-1:000000000000:archive/orders-archive',
        EventStartTime: new Date(0),
        EventEndTime: new Date(Date.now() + 1_000),
        Destination: { Arn: BUS },
      }),
    );
    const replay = aws.events.replay('fix-1');
    expect(replay).not.toHaveRouted({ orderId: 7 });
    await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) });
    expect(replay).toHaveRouted({ orderId: 7 }, { to: aws.sqs.queue('orders') });
    expect(replay).not.toHaveRouted({ orderId: 1 });
    expect(() => expect(replay).toHaveRouted({ orderId: 1 })).toThrow(
      /expected replay "fix-1" to have routed an event with detail \{orderId: 1\} to a target, but no event's detail matches; its events: shop\/Order \{"orderId":7\}, shop\/Order \{"orderId":9\}/,
    );
  });
});
