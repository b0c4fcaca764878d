/**
 * Journeys and the timeline (docs/guide/journeys.md) of what issue 34 added: an event handed to an archive, the
 * replayed copy naming its replay, a partner's event on a partner bus, an event from another account's rule.
 */
import {
  CreateArchiveCommand,
  CreateEventBusCommand,
  CreatePartnerEventSourceCommand,
  PutEventsCommand,
  PutPartnerEventsCommand,
  PutRuleCommand,
  PutTargetsCommand,
  StartReplayCommand,
} from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventsSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 5) }));
afterEach(() => vi.useRealTimers());

const BUS = 'arn:aws:events:us-east-1:000000000000:event-bus/default';
const lines = (steps: readonly { kind: string; where: string; detail: string }[]) =>
  steps.map((step) => `${step.kind} ${step.where}: ${step.detail}`);

describe('journeys', () => {
  it('a replayed event: published by its replay, routed and delivered again; the timeline has both passes', async () => {
    const { aws, events, sqs } = eventsSetup();
    await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    await events.send(new PutRuleCommand({ Name: 'r', EventPattern: '{"source":["shop"]}' }));
    await events.send(new PutTargetsCommand({ Rule: 'r', Targets: [{ Id: 'q', Arn: aws.sqs.queue('q').arn }] }));
    await events.send(new CreateArchiveCommand({ ArchiveName: 'a', EventSourceArn: BUS }));
    await events.send(new PutEventsCommand({ Entries: [{ Source: 'shop', DetailType: 'x', Detail: '{"n":1}' }] }));
    await events.send(
      new StartReplayCommand({
        ReplayName: 'fix-1',
        EventSourceArn: 'arn:aws:events:us-east-1:000000000000:archive/a',
        EventStartTime: new Date(0),
        EventEndTime: new Date(Date.now() + 1_000),
        Destination: { Arn: BUS },
      }),
    );
    await vi.advanceTimersByTimeAsync(60_000);
    const [replayed] = aws.events.replay('fix-1').replayed();
    const steps = lines(aws.journey(replayed!.id).steps);
    expect(steps[0]).toBe('published default: replayed by fix-1, shop / x "{\\"n\\":1}"');
    expect(steps.slice(1, 3)).toEqual([
      'routed r: on bus default, to q',
      expect.stringMatching(/^delivered q: from rule r, as /),
    ]);
    const timeline = aws.timeline().steps.filter((step) => step.service === 'events');
    expect(timeline.filter((step) => step.kind === 'published')).toHaveLength(2);
    expect(timeline.map((step) => step.where)).toContain('a');
  });

  it("a partner's event on the partner bus, named as the source", async () => {
    const { aws, events } = eventsSetup();
    const name = 'aws.partner/example.com/orders/1';
    await events.send(new CreatePartnerEventSourceCommand({ Name: name, Account: aws.accountId }));
    await events.send(new CreateEventBusCommand({ Name: name, EventSourceName: name }));
    const { Entries } = await events.send(
      new PutPartnerEventsCommand({ Entries: [{ Source: name, DetailType: 'Order', Detail: '{}' }] }),
    );
    expect(lines(aws.journey(Entries![0]!.EventId!).steps)).toEqual([
      `published ${name}: a partner event, ${name} / Order "{}"`,
    ]);
  });

  it("an event from another account's rule: the receiving account's journey names the rule", async () => {
    const sender = eventsSetup({ accountId: '111111111111' });
    const receiver = eventsSetup({ accountId: '222222222222' });
    await sender.events.send(new PutRuleCommand({ Name: 'out', EventPattern: '{"source":["shop"]}' }));
    await sender.events.send(
      new PutTargetsCommand({ Rule: 'out', Targets: [{ Id: 'b', Arn: receiver.aws.events.bus().arn }] }),
    );
    const { Entries } = await sender.events.send(
      new PutEventsCommand({ Entries: [{ Source: 'shop', DetailType: 'x', Detail: '{}' }] }),
    );
    const id = Entries![0]!.EventId!;
    expect(lines(sender.aws.journey(id).steps).at(-1)).toMatch(/^delivered default: from rule out, as /);
    expect(lines(receiver.aws.journey(id).steps)).toEqual(['published default: forwarded by rule out, shop / x "{}"']);
  });
});
