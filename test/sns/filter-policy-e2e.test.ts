import { PublishCommand, type MessageAttributeValue } from '@aws-sdk/client-sns';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { counts, T0 } from '../sqs/message-support.js';
import { filteredQueue, snsSetup } from './sns-support.js';

/**
 * Every documented filter-policy case, end to end through the SDK: a queue subscribed with the case's policy and
 * scope, the case's attributes or body published, and the queue checked for the message.
 */
interface MatchCase {
  name: string;
  scope: 'MessageAttributes' | 'MessageBody';
  policy: unknown;
  attributes?: Record<string, { Type: string; Value: string }>;
  body?: unknown;
  bodyIsRawString?: boolean;
  match: boolean;
  note?: string;
}

const FIXTURE = new URL('../../fixtures/filter-policy-documented.json', import.meta.url);
const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { matchCases: MatchCase[] };

function attributesOf(attributes: NonNullable<MatchCase['attributes']>): Record<string, MessageAttributeValue> {
  return Object.fromEntries(
    Object.entries(attributes).map(([name, { Type, Value }]) => [
      name,
      Type.startsWith('Binary')
        ? { DataType: Type, BinaryValue: Buffer.from(Value, 'base64') }
        : { DataType: Type, StringValue: Value },
    ]),
  );
}

function messageOf(c: MatchCase): string {
  if (c.body === undefined) return 'filter test';
  return c.bodyIsRawString ? String(c.body) : JSON.stringify(c.body);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe('documented filter policies, end to end', () => {
  it('has cases', () => {
    expect(fixture.matchCases.length).toBeGreaterThan(0);
  });

  it.each(fixture.matchCases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const { aws, sns, sqs } = snsSetup();
    const { topicArn: TopicArn, queueUrl } = await filteredQueue(sns, sqs, JSON.stringify(c.policy), c.scope);
    await sns.send(
      new PublishCommand({
        TopicArn,
        Message: messageOf(c),
        ...(c.attributes ? { MessageAttributes: attributesOf(c.attributes) } : {}),
      }),
    );
    expect((await counts(sqs, queueUrl)).visible).toBe(c.match ? 1 : 0);
    expect(aws.sns.topic('filtered').published()[0]!.deliveries[0]).toMatchObject({
      delivered: c.match,
      ...(c.match ? {} : { filteredOut: true, filterReason: expect.any(String) }),
    });
  });
});

describe('"exists": false on a message without attributes (SNS Developer Guide, Key matching, Note)', () => {
  async function subscribedQueue(scope: 'MessageAttributes' | 'MessageBody') {
    const setup = snsSetup();
    const { topicArn, queueUrl } = await filteredQueue(setup.sns, setup.sqs, '{"store":[{"exists":false}]}', scope);
    return { ...setup, TopicArn: topicArn, queueUrl };
  }

  it('filters out a message with no MessageAttributes, or an empty map, under MessageAttributes', async () => {
    const { sns, sqs, TopicArn, queueUrl } = await subscribedQueue('MessageAttributes');
    await sns.send(new PublishCommand({ TopicArn, Message: 'none' }));
    await sns.send(new PublishCommand({ TopicArn, Message: 'empty', MessageAttributes: {} }));
    expect((await counts(sqs, queueUrl)).visible).toBe(0);
    await sns.send(
      new PublishCommand({
        TopicArn,
        Message: 'other',
        MessageAttributes: { colour: { DataType: 'String', StringValue: 'red' } },
      }),
    );
    expect((await counts(sqs, queueUrl)).visible).toBe(1);
  });

  it('[inferred] delivers an empty JSON object body under MessageBody', async () => {
    const { sns, sqs, TopicArn, queueUrl } = await subscribedQueue('MessageBody');
    await sns.send(new PublishCommand({ TopicArn, Message: '{}' }));
    expect((await counts(sqs, queueUrl)).visible).toBe(1);
  });
});

describe('"exists": true needs a non-null value (SNS Developer Guide, Key matching)', () => {
  it('filters out a body key whose value is null, and a String.Array attribute holding only null', async () => {
    const policy = '{"store":[{"exists":true}]}';
    const { sns, sqs } = snsSetup();
    const body = await filteredQueue(sns, sqs, policy, 'MessageBody');
    await sns.send(new PublishCommand({ TopicArn: body.topicArn, Message: '{"store":null}' }));
    expect((await counts(sqs, body.queueUrl)).visible).toBe(0);
    await sns.send(new PublishCommand({ TopicArn: body.topicArn, Message: '{"store":""}' }));
    expect((await counts(sqs, body.queueUrl)).visible).toBe(1);

    const second = snsSetup();
    const attributes = await filteredQueue(second.sns, second.sqs, policy, 'MessageAttributes');
    const publish = (value: string) =>
      second.sns.send(
        new PublishCommand({
          TopicArn: attributes.topicArn,
          Message: 'm',
          MessageAttributes: { store: { DataType: 'String.Array', StringValue: value } },
        }),
      );
    await publish('[null]');
    expect((await counts(second.sqs, attributes.queueUrl)).visible).toBe(0);
    await publish('[null, "fans"]');
    expect((await counts(second.sqs, attributes.queueUrl)).visible).toBe(1);
  });
});
