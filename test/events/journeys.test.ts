import { CreateEventBusCommand, PutEventsCommand, PutRuleCommand, PutTargetsCommand } from '@aws-sdk/client-eventbridge';
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
    console.log(String(journey));
    console.log(journey.toMermaid());
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
});
