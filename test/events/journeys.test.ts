import {
  CreateEventBusCommand,
  PutEventsCommand,
  PutRuleCommand,
  PutTargetsCommand,
} from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventsSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 5) }));
afterEach(() => vi.useRealTimers());

type Setup = ReturnType<typeof eventsSetup>;

async function queue({ sqs, aws }: Setup, name: string, attributes?: Record<string, string>) {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
  return { url: QueueUrl!, arn: aws.sqs.queue(name).arn };
}

async function rule(setup: Setup, name: string, targets: object[], pattern = '{"source":["shop"]}', bus?: string) {
  await setup.events.send(new PutRuleCommand({ Name: name, EventPattern: pattern, EventBusName: bus }));
  await setup.events.send(new PutTargetsCommand({ Rule: name, EventBusName: bus, Targets: targets as never }));
}

async function put(setup: Setup, detail: object, bus?: string): Promise<string> {
  const { Entries } = await setup.events.send(
    new PutEventsCommand({
      Entries: [{ Source: 'shop', DetailType: 'OrderPlaced', Detail: JSON.stringify(detail), EventBusName: bus }],
    }),
  );
  return Entries![0]!.EventId!;
}

describe('EventBridge steps in journeys', () => {
  it('published, routed, delivered with the queue copy, and the queue steps, from either id', async () => {
    const setup = eventsSetup();
    const q = await queue(setup, 'orders');
    await rule(setup, 'orders-to-queue', [{ Id: 'q', Arn: q.arn }]);
    const eventId = await put(setup, { orderId: 7 });
    const { Messages = [] } = await setup.sqs.send(new ReceiveMessageCommand({ QueueUrl: q.url }));
    const copy = Messages[0]!.MessageId!;
    const journey = setup.aws.journey(eventId);
    expect(journey.toMermaid()).toContain('->>');
    expect(journey.steps.map((s) => [s.service, s.kind, s.where])).toEqual([
      ['events', 'published', 'default'],
      ['events', 'routed', 'orders-to-queue'],
      ['events', 'delivered', 'orders'],
      ['sqs', 'sent', 'orders'],
      ['sqs', 'received', 'orders'],
    ]);
    expect(journey.steps[2]).toMatchObject({ messageId: eventId, nextMessageId: copy, source: 'orders-to-queue' });
    expect(String(setup.aws.journey(copy))).toBe(String(journey));
  });

  it('a Lambda target: delivered names the request id, which links to the invocation and its retries', async () => {
    const setup = eventsSetup();
    const fn = setup.aws.lambda.createFunction('on-order', async () => {
      throw new Error('payment down');
    });
    await rule(setup, 'to-fn', [{ Id: 'f', Arn: fn.arn }]);
    const eventId = await put(setup, { orderId: 7 });
    await setup.aws.idle();
    const journey = setup.aws.journey(eventId);
    const delivered = journey.steps.find((s) => s.kind === 'delivered')!;
    expect(delivered).toMatchObject({ service: 'events', where: 'on-order', requestId: expect.any(String) });
    expect(delivered.detail).toBe(`from rule to-fn, request ${delivered.requestId}`);
    expect(journey.steps.map((s) => `${s.service} ${s.kind}`)).toEqual([
      'events published',
      'events routed',
      'events delivered',
      'lambda invoked',
      'lambda failed',
      'lambda retried',
    ]);
    expect(String(setup.aws.journey(delivered.requestId!))).toBe(String(journey));
  });

  it('a refused target says why, and its dead-letter queue copy is linked', async () => {
    const setup = eventsSetup({ policies: 'enforce' });
    const q = await queue(setup, 'locked');
    const dlq = await queue(setup, 'events-dlq');
    await rule(setup, 'to-locked', [{ Id: 'q', Arn: q.arn, DeadLetterConfig: { Arn: dlq.arn } }]);
    const eventId = await put(setup, { orderId: 7 });
    const journey = setup.aws.journey(eventId);
    const kinds = journey.steps.map((s) => `${s.service} ${s.kind} ${s.where}`);
    // Under 'enforce' the dead-letter queue needs a policy as well: both refuse.
    expect(kinds).toEqual([
      'events published default',
      'events routed to-locked',
      'events refused locked',
      'events deadLettered locked',
    ]);
    expect(journey.steps[2]!.error).toMatchObject({ name: 'NO_PERMISSIONS' });
    expect(journey.steps[3]!.detail).toMatch(/^to events-dlq, the dead-letter queue refused it too: /);
    expect(setup.aws.events.bus().events()[0]!.routes[0]).toMatchObject({
      delivered: false,
      reason: expect.stringMatching(/the dead-letter queue .* refused it too/),
    });
  });

  it('a missing target: refused with NO_RESOURCE; its dead-letter copy is linked from the event', async () => {
    const setup = eventsSetup();
    const dlq = await queue(setup, 'events-dlq');
    const missing = dlq.arn.replace('events-dlq', 'gone');
    await rule(setup, 'to-gone', [{ Id: 'q', Arn: missing, DeadLetterConfig: { Arn: dlq.arn } }]);
    const eventId = await put(setup, { orderId: 7 });
    const journey = setup.aws.journey(eventId);
    expect(journey.steps.map((s) => `${s.service} ${s.kind} ${s.where}`)).toEqual([
      'events published default',
      'events routed to-gone',
      'events refused gone',
      'events deadLettered gone',
      'sqs sent events-dlq',
    ]);
    expect(journey.steps[2]!.error).toMatchObject({ name: 'NO_RESOURCE' });
    const copy = journey.steps[3]!.nextMessageId!;
    expect(aws(setup).sqs.queue('events-dlq').messages()[0]!.messageId).toBe(copy);
    expect(journey.steps[3]!.detail).toBe(`to events-dlq, as ${copy}, to the target's dead-letter queue`);
  });

  it('an input that is not JSON (an InputPath to nothing) is refused, saying so', async () => {
    const setup = eventsSetup();
    const q = await queue(setup, 'orders');
    await rule(setup, 'to-queue', [{ Id: 'q', Arn: q.arn, InputPath: '$.detail.missing' }]);
    const eventId = await put(setup, { orderId: 7 });
    const refused = setup.aws.journey(eventId).steps.find((s) => s.kind === 'refused');
    expect(refused).toMatchObject({
      error: { name: 'InvalidInput', message: 'the transformed input is not valid JSON' },
    });
  });

  it('an entry for a bus that does not exist: accepted with an EventId, and one step saying it was dropped', async () => {
    const setup = eventsSetup();
    const eventId = await put(setup, { orderId: 7 }, 'nope');
    expect(String(setup.aws.journey(eventId))).toBe(
      '+0.000s  events  nope  published     dropped: no event bus "nope" in us-east-1 ' +
        '(PutEvents answers an EventId all the same, as AWS does)',
    );
  });

  it('a rule forwarding to another bus: one journey across both buses', async () => {
    const setup = eventsSetup();
    await setup.events.send(new CreateEventBusCommand({ Name: 'audit' }));
    const q = await queue(setup, 'audit-log');
    await rule(setup, 'to-audit-bus', [{ Id: 'b', Arn: setup.aws.events.bus('audit').arn }]);
    await rule(setup, 'log', [{ Id: 'q', Arn: q.arn }], '{"source":["shop"]}', 'audit');
    const eventId = await put(setup, { orderId: 7 });
    expect(setup.aws.journey(eventId).steps.map((s) => `${s.service} ${s.kind} ${s.where}`)).toEqual([
      'events published default',
      'events routed to-audit-bus',
      'events delivered audit',
      'events published audit',
      'events routed log',
      'events delivered audit-log',
      'sqs sent audit-log',
    ]);
    expect(setup.aws.journey(eventId).steps[3]!.detail).toMatch(/^forwarded by rule to-audit-bus, shop/);
  });

  it('a scheduled rule: a scheduled step per firing, then its deliveries', async () => {
    const setup = eventsSetup();
    const q = await queue(setup, 'ticks');
    await setup.events.send(new PutRuleCommand({ Name: 'tick', ScheduleExpression: 'rate(5 minutes)' }));
    await setup.events.send(new PutTargetsCommand({ Rule: 'tick', Targets: [{ Id: 'q', Arn: q.arn }] }));
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    const [fired] = setup.aws.events.rule('tick').matched();
    const journey = setup.aws.journey(fired!.id);
    expect(journey.steps.map((s) => `${s.service} ${s.kind} ${s.where}`)).toEqual([
      'events scheduled tick',
      'events delivered ticks',
      'sqs sent ticks',
    ]);
    expect(journey.steps[0]!.detail).toBe('rate(5 minutes) at 2025-01-02T03:09:05.000Z');
  });

  it('records nothing with journeySteps: 0', async () => {
    const setup = eventsSetup({ journeySteps: 0 });
    const q = await queue(setup, 'orders');
    await rule(setup, 'r', [{ Id: 'q', Arn: q.arn }]);
    const eventId = await put(setup, { orderId: 7 });
    expect(setup.aws.journey(eventId).found).toBe(false);
    expect(setup.aws.events.bus().events()[0]!.routes[0]!.delivered).toBe(true);
  });
});

function aws(setup: Setup) {
  return setup.aws;
}
