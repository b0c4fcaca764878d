import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFilterPolicy, filterInput, type FilterInput } from '../../src/services/sns/filter-policy/index.js';
import type { FilterMessageAttribute } from '../../src/services/sns/filter-policy/input.js';
import { Subscription, type FilterPolicyScope } from '../../src/services/sns/subscription.js';
import { TopicSubscriptions } from '../../src/services/sns/subscription-index.js';

/**
 * A topic's subscription index (src/services/sns/subscription-index.ts): which subscriptions it files under which
 * values, and, over random policies and messages, that every subscription it leaves out is one its policy filters out
 * (checked against the policy's own matcher), and that it gives candidates in the topic's order.
 */

let made = 0;
function subscription(policy?: object | string, scope: FilterPolicyScope = 'MessageAttributes'): Subscription {
  const n = made++;
  const made_ = new Subscription(`arn:sub:${n}`, 'arn:topic', 'sqs', `arn:queue:${n}`, '000000000000', `token${n}`);
  setPolicy(made_, policy, scope);
  return made_;
}

function setPolicy(target: Subscription, policy: object | string | undefined, scope: FilterPolicyScope): void {
  if (policy === undefined) {
    target.filterPolicy = undefined;
    target.filterPolicyScope = undefined;
    return;
  }
  const text = typeof policy === 'string' ? policy : JSON.stringify(policy);
  target.filterPolicy = { text, compiled: compileFilterPolicy(text, scope) };
  target.filterPolicyScope = scope;
}

function topicOf(subscriptions: readonly Subscription[]): TopicSubscriptions {
  const topic = new TopicSubscriptions();
  for (const s of subscriptions) topic.set(s.arn, s);
  return topic;
}

function attributes(values: Record<string, string | string[] | number>): Record<string, FilterMessageAttribute> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      Array.isArray(value)
        ? { DataType: 'String.Array', StringValue: JSON.stringify(value) }
        : typeof value === 'number'
          ? { DataType: 'Number', StringValue: String(value) }
          : { DataType: 'String', StringValue: value },
    ]),
  );
}

function candidates(topic: TopicSubscriptions, input: FilterInput, bodyPerProtocol = false): string[] {
  return topic.index.candidates(input, bodyPerProtocol).map((s) => s.arn);
}

describe('SubscriptionIndex', () => {
  it('files a policy by its first key pinned to exact strings, and offers the others to every message', () => {
    const t1 = subscription({ tenant: ['t1'], price: [{ numeric: ['>', 1] }] });
    const t2 = subscription({ kind: [{ prefix: 'o' }], tenant: ['t2', 't3'] });
    const none = subscription();
    const prefix = subscription({ tenant: [{ prefix: 't' }] });
    const topic = topicOf([t1, t2, none, prefix]);
    expect(topic.index.pinsAny).toBe(true);
    const of = (tenant: string | string[] | number) => candidates(topic, filterInput(attributes({ tenant }), 'm'));
    expect(of('t1')).toEqual([t1.arn, none.arn, prefix.arn]);
    expect(of('t3')).toEqual([t2.arn, none.arn, prefix.arn]);
    // A String.Array attribute is a candidate under each of its elements, each subscription once, in topic order.
    expect(of(['t3', 't1', 't2'])).toEqual([t1.arn, t2.arn, none.arn, prefix.arn]);
    // No exact string matches a Number attribute.
    expect(of(7)).toEqual([none.arn, prefix.arn]);
    expect(topic.index.leavesOut(t1)).toBe(true);
    expect(topic.index.leavesOut(none)).toBe(false);
  });

  it('leaves unfiled what other values could meet: anything-but, exists, numbers, IP addresses, a key not in every $or', () => {
    const policies = [
      { tenant: [{ 'anything-but': ['t1'] }] },
      { tenant: ['t1', { exists: false }] },
      { tenant: ['t1', { exists: true }] },
      { tenant: ['t1', 5] },
      { tenant: ['10.0.0.1'] },
      { $or: [{ tenant: ['t1'] }, { kind: ['order'] }] },
      { tenant: ['t1', { 'equals-ignore-case': 'T2' }] },
    ];
    const topic = topicOf(policies.map((policy) => subscription(policy)));
    expect(topic.index.pinsAny).toBe(false);
  });

  it('files a policy whose every $or alternative pins the key, under the union of their values', () => {
    const or = subscription({
      $or: [
        { tenant: ['t1'], kind: ['a'] },
        { tenant: ['t2'], n: [{ exists: true }] },
      ],
    });
    const topic = topicOf([or]);
    expect(candidates(topic, filterInput(attributes({ tenant: 't2' }), 'm'))).toEqual([or.arn]);
    expect(candidates(topic, filterInput(attributes({ tenant: 't3' }), 'm'))).toEqual([]);
  });

  it('keeps a body path apart from an attribute of the same name, and offers body-pinned ones to a per-protocol body', () => {
    const body = subscription({ tenant: ['t1'] }, 'MessageBody');
    const attribute = subscription({ tenant: ['t1'] });
    const topic = topicOf([body, attribute]);
    const bodyOnly = filterInput(attributes({ other: 'x' }), '{"tenant":"t1"}');
    expect(candidates(topic, bodyOnly)).toEqual([body.arn]);
    expect(candidates(topic, filterInput(attributes({ tenant: 't1' }), '{"tenant":["t0","t1"]}'))).toEqual([
      body.arn,
      attribute.arn,
    ]);
    expect(candidates(topic, filterInput(attributes({ tenant: 't1' }), 'not json'))).toEqual([attribute.arn]);
    expect(candidates(topic, filterInput({}, 'ignored'), true)).toEqual([body.arn]);
  });

  it('files again on refile, forgets on delete and clear, and keeps the topic order when a subscription moves', () => {
    const a = subscription({ tenant: ['t1'] });
    const b = subscription({ tenant: ['t2'] });
    const c = subscription({ tenant: ['t1'] });
    const topic = topicOf([a, b, c]);
    const t1 = filterInput(attributes({ tenant: 't1' }), 'm');
    expect(candidates(topic, t1)).toEqual([a.arn, c.arn]);
    setPolicy(b, { tenant: ['t1'] }, 'MessageAttributes');
    // Changed without being filed again: not left out on its old filing.
    expect(topic.index.leavesOut(b)).toBe(false);
    topic.refile(b);
    expect(candidates(topic, t1)).toEqual([a.arn, b.arn, c.arn]);
    topic.delete(a.arn);
    topic.set(a.arn, a);
    expect([...topic.keys()]).toEqual([b.arn, c.arn, a.arn]);
    expect(candidates(topic, t1)).toEqual([b.arn, c.arn, a.arn]);
    setPolicy(c, undefined, 'MessageAttributes');
    topic.refile(c);
    topic.delete(a.arn);
    topic.delete(b.arn);
    expect(topic.index.pinsAny).toBe(false);
    topic.set(b.arn, b);
    topic.clear();
    expect(topic.index.pinsAny).toBe(false);
    expect(candidates(topic, t1)).toEqual([]);
  });
});

// Random policies and messages over a small vocabulary, so that values meet often.
const KEYS = ['tenant', 'kind', 'n'];
const STRINGS = ['t1', 't2', 'order', '10.0.0.1', '010.0.0.1', '5', ''];

const ruleArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...STRINGS) },
  { weight: 1, arbitrary: fc.constantFrom(5, 0, -1) },
  { weight: 1, arbitrary: fc.constant({ prefix: 't' }) },
  { weight: 1, arbitrary: fc.constantFrom({ 'anything-but': ['t1'] }, { 'anything-but': 't2' }) },
  { weight: 1, arbitrary: fc.constantFrom({ exists: true }, { exists: false }) },
  { weight: 1, arbitrary: fc.constant({ numeric: ['>', 1] }) },
  { weight: 1, arbitrary: fc.constant({ 'equals-ignore-case': 'T1' }) },
);
const rulesArb = fc.array(ruleArb, { minLength: 1, maxLength: 3 });
const flatArb = fc.dictionary(fc.constantFrom(...KEYS), rulesArb, { minKeys: 1, maxKeys: 3 });
const policyArb = fc.oneof(
  { weight: 4, arbitrary: flatArb },
  { weight: 2, arbitrary: fc.tuple(flatArb, flatArb).map(([a, b]) => ({ ...a, $or: [b, { tenant: ['t2'] }] })) },
  { weight: 1, arbitrary: fc.tuple(flatArb, flatArb).map(([a, b]) => ({ $or: [a, b] })) },
);
const scopeArb = fc.constantFrom<FilterPolicyScope>('MessageAttributes', 'MessageBody');
const subscriptionArb = fc.record({ policy: fc.option(policyArb, { nil: undefined }), scope: scopeArb });

const leafArb = fc.oneof(fc.constantFrom(...STRINGS), fc.constantFrom(5, 2, null, true));
const attributeArb: fc.Arbitrary<FilterMessageAttribute> = fc.oneof(
  fc.constantFrom(...STRINGS).map((value) => ({ DataType: 'String', StringValue: value })),
  fc.array(leafArb, { maxLength: 3 }).map((v) => ({ DataType: 'String.Array', StringValue: JSON.stringify(v) })),
  fc.constantFrom('5', '2', 'x').map((value) => ({ DataType: 'Number', StringValue: value })),
  fc.constant({ DataType: 'Binary', BinaryValue: new Uint8Array([1]) }),
);
const messageArb = fc.record({
  attributes: fc.dictionary(fc.constantFrom(...KEYS, 'other'), attributeArb, { maxKeys: 4 }),
  body: fc.oneof(
    fc
      .dictionary(fc.constantFrom(...KEYS), fc.oneof(leafArb, fc.array(leafArb, { maxLength: 3 })), { maxKeys: 3 })
      .map((body) => JSON.stringify(body)),
    fc.constantFrom('not json', '[1]', '{}'),
  ),
});

/** Policies some generated combinations make invalid (e.g. too complex) are dropped, as Subscribe would refuse them. */
function validSubscription({ policy, scope }: { policy: object | undefined; scope: FilterPolicyScope }) {
  try {
    return subscription(policy, scope);
  } catch {
    return subscription();
  }
}

describe('SubscriptionIndex over random policies and messages', () => {
  it('leaves out only subscriptions whose policies filter the message out, and keeps the topic order', () => {
    fc.assert(
      fc.property(
        fc.array(subscriptionArb, { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        fc.array(messageArb, { minLength: 1, maxLength: 3 }),
        (specs, moves, messages) => {
          const subscriptions = specs.map(validSubscription);
          const topic = topicOf(subscriptions);
          // Some subscriptions leave and come back last, as one unsubscribed and made again would.
          for (const move of moves) {
            const moved = subscriptions[move % subscriptions.length]!;
            topic.delete(moved.arn);
            topic.set(moved.arn, moved);
          }
          const order = [...topic.values()];
          for (const { attributes: given, body } of messages) {
            const input = filterInput(given, body);
            const offered = topic.index.candidates(input, false);
            expect(order.filter((s) => offered.includes(s))).toEqual(offered);
            for (const s of order) {
              const leftOut = !offered.includes(s) && topic.index.leavesOut(s);
              const matches = s.filterPolicy === undefined || s.filterPolicy.compiled.matches(input);
              if (leftOut) expect(matches, `${s.filterPolicy?.text} on ${JSON.stringify(given)} ${body}`).toBe(false);
            }
          }
        },
      ),
      { numRuns: 400, seed: 21 },
    );
  });
});
