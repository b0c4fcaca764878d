import {
  ListSubscriptionsByTopicCommand,
  PublishCommand,
  SetSubscriptionAttributesCommand,
  SubscribeCommand,
  UnsubscribeCommand,
  type MessageAttributeValue,
  type PublishCommandInput,
} from '@aws-sdk/client-sns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compileFilterPolicy, filterInput } from '../../src/services/sns/filter-policy/index.js';
import type { FilterMessageAttribute } from '../../src/services/sns/filter-policy/input.js';
import { createQueue, counts, queueArn, T0 } from '../sqs/message-support.js';
import { snsSetup } from './sns-support.js';
import { CreateTopicCommand } from '@aws-sdk/client-sns';

/**
 * A topic files its subscriptions by an exact value their filter policies require
 * (src/services/sns/subscription-index.ts), and a publish matches only those that can take the message. Through
 * SNSClient and SQSClient: with many subscriptions of every kind of policy, each publish must deliver to the same
 * queues, record the same deliveries in subscription order and give the same filter reasons (in the topic view and the
 * journey) as matching every policy does; here that is each policy compiled on its own and matched against the message.
 */

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

type Scope = 'MessageAttributes' | 'MessageBody';
interface Spec {
  readonly policy?: object;
  readonly scope?: Scope;
}

/** Indexed, unindexed and partly indexed policies, several per tenant, in both scopes. */
const SPECS: readonly Spec[] = [
  { policy: { tenant: ['t1'], price: [{ numeric: ['>', 100] }] } },
  { policy: { tenant: ['t2'] } },
  { policy: { tenant: ['t1', 't3'], kind: [{ prefix: 'or' }] } },
  { policy: { tenant: [{ 'anything-but': ['t1'] }] } },
  { policy: { tenant: ['t1', { exists: false }] } },
  { policy: { $or: [{ tenant: ['t1'] }, { kind: ['refund'] }] } },
  {
    policy: {
      $or: [
        { tenant: ['t2'], kind: ['order'] },
        { tenant: ['t1'], price: [{ numeric: ['=', 250] }] },
      ],
    },
  },
  { policy: { tenant: ['250'] } },
  { policy: { price: ['250'] } },
  { policy: { price: [250] } },
  { policy: { tags: ['blue'] } },
  { policy: { tags: [{ 'anything-but': ['red'] }] } },
  { policy: { kind: ['order'], tenant: ['t3'] } },
  { policy: { tenant: ['t1'], order: { kind: ['order'] } }, scope: 'MessageBody' },
  { policy: { order: { kind: ['refund', 'order'] } }, scope: 'MessageBody' },
  { policy: { tenant: [{ exists: false }] }, scope: 'MessageBody' },
  { policy: { $or: [{ tenant: ['t1'] }, { tenant: ['t2'] }] }, scope: 'MessageBody' },
  { policy: { tenant: ['t2'] }, scope: 'MessageBody' },
  {},
  { policy: { ip: ['10.0.0.1'] } },
  { policy: { tenant: ['t3'] } },
  { policy: { tenant: ['t1'] } },
  { policy: { tenant: ['t2'], kind: [{ 'anything-but': 'refund' }] } },
  { policy: { tenant: ['T1'] } },
];

const str = (value: string): MessageAttributeValue => ({ DataType: 'String', StringValue: value });
const num = (value: string): MessageAttributeValue => ({ DataType: 'Number', StringValue: value });
const arr = (value: unknown[]): MessageAttributeValue => ({
  DataType: 'String.Array',
  StringValue: JSON.stringify(value),
});

/** Messages that meet the policies' values as strings, arrays, numbers, bodies, or not at all. */
const MESSAGES: readonly Omit<PublishCommandInput, 'TopicArn'>[] = [
  {
    Message: JSON.stringify({ tenant: 't1', order: { kind: 'order' } }),
    MessageAttributes: { tenant: str('t1'), kind: str('order'), price: num('250'), tags: arr(['blue', 'green']) },
  },
  { Message: 'plain', MessageAttributes: { tenant: arr(['t2', 't3']), kind: str('refund'), tags: arr(['red']) } },
  {
    Message: JSON.stringify({ tenant: ['t0', 't2'], order: [{ kind: 'refund' }] }),
    MessageAttributes: { tenant: num('250'), price: str('250'), ip: str('10.0.0.1') },
  },
  { Message: JSON.stringify({ order: { kind: 'order' } }) },
  {
    Message: JSON.stringify({ default: 'x', sqs: JSON.stringify({ tenant: 't2' }) }),
    MessageStructure: 'json',
    MessageAttributes: { tenant: str('t3'), kind: str('order') },
  },
  { Message: '{"tenant":"t3"}', MessageAttributes: { tenant: str('t1'), price: num('50'), other: str('x') } },
];

interface Subscribed {
  readonly arn: string;
  readonly queueUrl: string;
  readonly endpoint: string;
  spec: Spec;
}

async function topicWithSubscriptions() {
  const setup = snsSetup();
  const { sns, sqs } = setup;
  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'routed' }));
  const subscribed: Subscribed[] = [];
  const subscribe = async (name: string, spec: Spec) => {
    const queueUrl = await createQueue(sqs, name);
    const endpoint = await queueArn(sqs, queueUrl);
    const Attributes: Record<string, string> = {};
    if (spec.policy) Attributes['FilterPolicy'] = JSON.stringify(spec.policy);
    if (spec.scope) Attributes['FilterPolicyScope'] = spec.scope;
    const { SubscriptionArn } = await sns.send(
      new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: endpoint, Attributes, ReturnSubscriptionArn: true }),
    );
    subscribed.push({ arn: SubscriptionArn!, queueUrl, endpoint, spec });
  };
  for (const [i, spec] of SPECS.entries()) await subscribe(`q${i}`, spec);
  // Pending until confirmed: it gets nothing and no record, indexed or not.
  await sns.send(
    new SubscribeCommand({
      TopicArn,
      Protocol: 'https',
      Endpoint: 'https://example.com/hook',
      Attributes: { FilterPolicy: JSON.stringify({ tenant: ['t1'] }) },
    }),
  );
  return { ...setup, topicArn: TopicArn!, subscribed, subscribe };
}

/** What matching each policy on its own says of `message` for an SQS subscription. */
function expectedDelivery(spec: Spec, message: Omit<PublishCommandInput, 'TopicArn'>) {
  const attributes = (message.MessageAttributes ?? {}) as Record<string, FilterMessageAttribute>;
  const body =
    message.MessageStructure === 'json'
      ? ((JSON.parse(message.Message!) as Record<string, string>)['sqs'] ?? '')
      : message.Message!;
  if (!spec.policy) return { delivered: true, filterReason: undefined };
  const compiled = compileFilterPolicy(JSON.stringify(spec.policy), spec.scope ?? 'MessageAttributes');
  const input = filterInput(attributes, body);
  const delivered = compiled.matches(input);
  return { delivered, filterReason: delivered ? undefined : compiled.explainMiss(input) };
}

async function publishAndCompare(setup: Awaited<ReturnType<typeof topicWithSubscriptions>>) {
  const { aws, sns, sqs, topicArn, subscribed } = setup;
  const { Subscriptions } = await sns.send(new ListSubscriptionsByTopicCommand({ TopicArn: topicArn }));
  const order = Subscriptions!.filter((s) => s.Protocol === 'sqs').map((s) => s.SubscriptionArn!);
  const inOrder = order.map((arn) => subscribed.find((s) => s.arn === arn)!);
  let filteredOutSeen = 0;
  for (const message of MESSAGES) {
    const before = await Promise.all(inOrder.map(async (s) => (await counts(sqs, s.queueUrl)).visible));
    const { MessageId } = await sns.send(new PublishCommand({ TopicArn: topicArn, ...message }));
    const expected = inOrder.map((s) => ({ subscriptionArn: s.arn, ...expectedDelivery(s.spec, message) }));
    const published = aws.sns.topic('routed').published().at(-1)!;
    expect(published.messageId).toBe(MessageId);
    const recorded = published.deliveries.map((d) => ({
      subscriptionArn: d.subscriptionArn,
      delivered: d.delivered,
      filterReason: d.filterReason,
    }));
    expect(recorded).toEqual(expected);
    const after = await Promise.all(inOrder.map(async (s) => (await counts(sqs, s.queueUrl)).visible));
    expect(after.map((n, i) => n - before[i]!)).toEqual(expected.map((e) => (e.delivered ? 1 : 0)));
    const steps = aws.journey(MessageId!).steps.filter((step) => step.kind === 'filteredOut');
    const filtered = expected.filter((e) => !e.delivered);
    expect(steps.map((step) => [step.where, step.filterReason])).toEqual(
      filtered.map((e) => [
        subscribed
          .find((s) => s.arn === e.subscriptionArn)!
          .endpoint.split(':')
          .at(-1),
        e.filterReason,
      ]),
    );
    filteredOutSeen += filtered.length;
  }
  return filteredOutSeen;
}

describe('a topic with many filtered subscriptions', () => {
  it('delivers, orders and explains as matching every policy does', async () => {
    const setup = await topicWithSubscriptions();
    // The messages leave a good share out, through the index and past it.
    expect(await publishAndCompare(setup)).toBeGreaterThan(60);
  });

  it('follows changes of FilterPolicy and FilterPolicyScope, removal and a subscription made again', async () => {
    const setup = await topicWithSubscriptions();
    const { sns, subscribed } = setup;
    const set = async (index: number, AttributeName: string, value: object | string) => {
      const target = subscribed[index]!;
      const AttributeValue = typeof value === 'string' ? value : JSON.stringify(value);
      await sns.send(
        new SetSubscriptionAttributesCommand({ SubscriptionArn: target.arn, AttributeName, AttributeValue }),
      );
      target.spec =
        AttributeName === 'FilterPolicy'
          ? { ...target.spec, policy: value as object }
          : { ...target.spec, scope: value as Scope };
    };
    // Indexed under another tenant, no longer indexable, indexable now, and the same policy moved to the body.
    await set(1, 'FilterPolicy', { tenant: ['t1'], kind: ['order'] });
    await set(21, 'FilterPolicy', { tenant: [{ prefix: 't' }] });
    await set(3, 'FilterPolicy', { tags: ['green', 'red'] });
    await set(20, 'FilterPolicyScope', 'MessageBody');
    // Gone, and its queue subscribed again: it goes last.
    const gone = subscribed[0]!;
    await sns.send(new UnsubscribeCommand({ SubscriptionArn: gone.arn }));
    subscribed.splice(0, 1);
    await setup.subscribe('again', { policy: { tenant: ['t1', 't2'] } });
    expect(await publishAndCompare(setup)).toBeGreaterThan(60);
    const last = (await sns.send(new ListSubscriptionsByTopicCommand({ TopicArn: setup.topicArn }))).Subscriptions!;
    expect(last.filter((s) => s.Protocol === 'sqs').at(-1)!.SubscriptionArn).toBe(subscribed.at(-1)!.arn);
  });
});
