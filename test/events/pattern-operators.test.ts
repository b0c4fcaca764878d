import {
  PutEventsCommand,
  PutRuleCommand,
  PutTargetsCommand,
  TestEventPatternCommand,
} from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rejectionOf } from '../helpers.js';
import { eventsSetup } from './support.js';

/** docs/aws-behaviour/eventbridge.md §7.3–7.4: EventBridge's operators through the SDK. */
beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 5) }));
afterEach(() => vi.useRealTimers());

const event = JSON.stringify({
  id: '1',
  account: '000000000000',
  source: 'com.shop.orders',
  time: '2025-01-01T00:00:00Z',
  region: 'us-east-1',
  'detail-type': 'OrderPlaced',
  resources: ['arn:aws:s3:::uploads/2025/photo.PNG'],
  detail: { state: 'Stopped', file: '/Users/u/dir/doc.txt' },
});

describe('TestEventPattern with EventBridge operators', () => {
  it.each([
    ['{"detail":{"file":[{"wildcard":"/Users/*/doc.txt"}]}}', true],
    ['{"detail":{"file":[{"wildcard":"/Users/*/x.txt"}]}}', false],
    ['{"source":[{"prefix":{"equals-ignore-case":"COM.SHOP"}}]}', true],
    ['{"resources":[{"suffix":{"equals-ignore-case":".png"}}]}', true],
    ['{"detail":{"state":[{"anything-but":{"equals-ignore-case":["stopped"]}}]}}', false],
    ['{"detail":{"state":[{"anything-but":{"suffix":["ed"]}}]}}', false],
    ['{"detail":{"file":[{"anything-but":{"wildcard":"*.pdf"}}]}}', true],
    ['{"source":[{"anything-but":{"prefix":["com.", "aws."]}}]}', false],
  ])('%s → %s', async (EventPattern, Result) => {
    const { events } = eventsSetup();
    expect(await events.send(new TestEventPatternCommand({ EventPattern, Event: event }))).toMatchObject({ Result });
  });

  it('refuses consecutive wildcards with InvalidEventPatternException', async () => {
    const { events } = eventsSetup();
    const EventPattern = '{"resources":[{"wildcard":"arn:aws:events:us-east-1:**:event-bus/*"}]}';
    const error = await rejectionOf(events.send(new TestEventPatternCommand({ EventPattern, Event: event })));
    expect(error.name).toBe('InvalidEventPatternException');
    expect(error.message).toBe(
      'Event pattern is not valid. Reason: Consecutive wildcard characters at pos 26\n' +
        ` at [Source: (String)"${EventPattern}"; line: 1, column: 68]`,
    );
  });
});

describe('a rule with a wildcard pattern routes to its queue', () => {
  it('PutRule → PutEvents → the queue gets only the matching event', async () => {
    const { events, sqs, aws } = eventsSetup();
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'uploads' }));
    await events.send(
      new PutRuleCommand({
        Name: 'pngs',
        EventPattern: JSON.stringify({ detail: { key: [{ wildcard: 'uploads/*/*.png' }] } }),
      }),
    );
    await events.send(
      new PutTargetsCommand({ Rule: 'pngs', Targets: [{ Id: 'q', Arn: aws.sqs.queue('uploads').arn }] }),
    );
    await events.send(
      new PutEventsCommand({
        Entries: ['uploads/2025/a.png', 'uploads/a.jpg', 'other/2025/b.png'].map((key) => ({
          Source: 'shop',
          DetailType: 'Uploaded',
          Detail: JSON.stringify({ key }),
        })),
      }),
    );
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }));
    expect(Messages.map((message) => JSON.parse(message.Body!).detail.key)).toEqual(['uploads/2025/a.png']);
  });

  it('PutRule refuses a too complex wildcard', async () => {
    const { events } = eventsSetup();
    const error = await rejectionOf(
      events.send(
        new PutRuleCommand({ Name: 'r', EventPattern: '{"resources":[{"wildcard":"*:*:*:*:*:event-bus/*"}]}' }),
      ),
    );
    expect([error.name, error.message]).toEqual([
      'InvalidEventPatternException',
      'Event pattern is not valid. Reason: Rule is too complex - try using fewer wildcard characters or fewer ' +
        'repeating character sequences after a wildcard character',
    ]);
  });
});
