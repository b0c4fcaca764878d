import {
  PutEventsCommand,
  PutRuleCommand,
  PutTargetsCommand,
  type EventBridgeClient,
} from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rejectionOf } from '../helpers.js';
import { eventsSetup } from './support.js';
import { testPattern } from './test-event-pattern.js';

/**
 * Issue 31 items 1 and 3: EventBridge's own limits for event patterns, through the SDK. Wildcard complexity
 * (docs/aws-behaviour/eventbridge.md §7.4), numbers (§7.5) and `exists` on null (§7.6).
 */
beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 5) }));
afterEach(() => vi.useRealTimers());

/** A rule with `pattern` sending to a new queue; returns a function that reads the `detail`s the queue received. */
async function ruleToQueue(events: EventBridgeClient, sqs: SQSClient, arn: (name: string) => string, pattern: object) {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'matched' }));
  await events.send(new PutRuleCommand({ Name: 'r', EventPattern: JSON.stringify(pattern) }));
  await events.send(new PutTargetsCommand({ Rule: 'r', Targets: [{ Id: 'q', Arn: arn('matched') }] }));
  return async () => {
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }));
    return Messages.map((message) => (JSON.parse(message.Body!) as { detail: unknown }).detail);
  };
}

async function putDetails(events: EventBridgeClient, details: readonly object[]): Promise<void> {
  const Entries = details.map((detail) => ({
    Source: 'com.shop',
    DetailType: 'Changed',
    Detail: JSON.stringify(detail),
  }));
  expect(await events.send(new PutEventsCommand({ Entries }))).toMatchObject({ FailedEntryCount: 0 });
}

describe('wildcard complexity (§7.4)', () => {
  const list = { detail: { state: [{ 'anything-but': { wildcard: ['*/init/*', '*/dir/*'] } }] } };

  it('accepts an anything-but list of wildcards, as AWS did, and routes by it', async () => {
    const { events, sqs, aws } = eventsSetup();
    const received = await ruleToQueue(events, sqs, (name) => aws.sqs.queue(name).arn, list);
    await putDetails(events, [{ state: 'dir/post/dir' }, { state: 'dir/init/dir' }, { state: 'post' }]);
    expect(await received()).toEqual([{ state: 'dir/post/dir' }, { state: 'post' }]);
  });

  it('answers TestEventPattern for it as AWS did', async () => {
    const { events } = eventsSetup();
    expect(await testPattern(events, list, { state: 'dir/post/dir' })).toBe(true);
    expect(await testPattern(events, list, { state: 'dir/init/dir' })).toBe(false);
  });

  it('accepts the repeating wildcard AWS accepted and refuses the one it refused', async () => {
    const { events } = eventsSetup();
    const repeating = { FileName: [{ wildcard: '/Users/*/dir/dir/dir/dir/dir/doc.txt' }] };
    expect(await testPattern(events, repeating, {})).toBe(false);
    const tooComplex = { EventBusArn: [{ wildcard: '*:*:*:*:*:event-bus/*' }] };
    const error = await rejectionOf(
      events.send(new PutRuleCommand({ Name: 'r', EventPattern: JSON.stringify(tooComplex) })),
    );
    expect([error.name, error.message]).toEqual([
      'InvalidEventPatternException',
      'Event pattern is not valid. Reason: Rule is too complex - try using fewer wildcard characters or fewer ' +
        'repeating character sequences after a wildcard character',
    ]);
  });
});

describe("EventBridge's numbers (§7.5)", () => {
  it('accepts a bound beyond SNS’s 1e9, up to 5e9, and routes by it', async () => {
    const { events, sqs, aws } = eventsSetup();
    const pattern = { detail: { bytes: [{ numeric: ['>', 3e9] }] } };
    const received = await ruleToQueue(events, sqs, (name) => aws.sqs.queue(name).arn, pattern);
    await putDetails(events, [{ bytes: 4e9 }, { bytes: 2e9 }, { bytes: 5e9 }]);
    expect(await received()).toEqual([{ bytes: 4e9 }, { bytes: 5e9 }]);
  });

  it('compares six decimals: 0.000001 is not 0.000002', async () => {
    const { events } = eventsSetup();
    const pattern = { detail: { n: [{ numeric: ['=', 0.000001] }] } };
    expect(await testPattern(events, pattern, { n: 0.000002 })).toBe(false);
    expect(await testPattern(events, pattern, { n: 0.000001 })).toBe(true);
    expect(await testPattern(events, { detail: { n: [0.000001] } }, { n: 0.000002 })).toBe(false);
    expect(await testPattern(events, { detail: { n: [{ 'anything-but': [0.000001] }] } }, { n: 0.000002 })).toBe(true);
  });

  it('matches at the bounds themselves', async () => {
    const { events } = eventsSetup();
    const pattern = { detail: { n: [{ numeric: ['>=', -5e9, '<=', 5e9] }] } };
    expect(await testPattern(events, pattern, { n: 5e9 })).toBe(true);
    expect(await testPattern(events, pattern, { n: -5e9 })).toBe(true);
    expect(await testPattern(events, { detail: { n: [{ numeric: ['=', 5e9] }] } }, { n: 5e9 })).toBe(true);
  });

  it('refuses an operand beyond ±5e9 in event-ruler’s words, with EventBridge’s bounds', async () => {
    const { events } = eventsSetup();
    const EventPattern = '{"n":[{"numeric":["=",5000000001]}]}';
    const error = await rejectionOf(events.send(new PutRuleCommand({ Name: 'r', EventPattern })));
    expect([error.name, error.message]).toEqual([
      'InvalidEventPatternException',
      'Event pattern is not valid. Reason: Value must be between -5.0E9 and 5.0E9, inclusive\n' +
        ` at [Source: (String)"${EventPattern}"; line: 1, column: 34]`,
    ]);
  });
});

describe('exists on a null value (§7.6)', () => {
  it('exists: true matches a key whose value is null; exists: false does not', async () => {
    const { events } = eventsSetup();
    expect(await testPattern(events, { detail: { state: [{ exists: true }] } }, { state: null })).toBe(true);
    expect(await testPattern(events, { detail: { state: [{ exists: false }] } }, { state: null })).toBe(false);
    expect(await testPattern(events, { detail: { state: [{ exists: true }] } }, { other: null })).toBe(false);
  });
});
