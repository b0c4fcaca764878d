import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventPattern, explainMiss, parseEventPattern } from '../../../src/core/event-patterns/index.js';
import {
  compileFilterPolicy,
  filterInput,
  type FilterMessageAttribute,
  type FilterPolicyOptions,
} from '../../../src/services/sns/filter-policy/index.js';
import { caseArb } from './policy-arbitraries.js';

/**
 * Why a message did not match (`filterReason`, docs/guide/journeys.md "Why a message was filtered out"): one phrase
 * per operator, the first failing key in the policy's key order, `$or` alternatives each named, values cut.
 */

type Attributes = Record<string, FilterMessageAttribute>;
const string = (StringValue: string): FilterMessageAttribute => ({ DataType: 'String', StringValue });
const number = (StringValue: string): FilterMessageAttribute => ({ DataType: 'Number', StringValue });
const stringArray = (values: unknown[]): FilterMessageAttribute => ({
  DataType: 'String.Array',
  StringValue: JSON.stringify(values),
});

/** The reason a MessageAttributes policy gives for these attributes (undefined when it matches). */
function attributesReason(policy: object, attributes: Attributes, options?: FilterPolicyOptions) {
  const compiled = compileFilterPolicy(JSON.stringify(policy), 'MessageAttributes', options);
  const input = filterInput(attributes, 'body');
  const reason = compiled.explainMiss(input);
  expect(reason === undefined, 'the reason agrees with the verdict').toBe(compiled.matches(input));
  return reason;
}

/** The reason a MessageBody policy gives for this body. */
function bodyReason(policy: object, body: unknown, options?: FilterPolicyOptions) {
  const compiled = compileFilterPolicy(JSON.stringify(policy), 'MessageBody', options);
  const input = filterInput(undefined, typeof body === 'string' ? body : JSON.stringify(body));
  const reason = compiled.explainMiss(input);
  expect(reason === undefined, 'the reason agrees with the verdict').toBe(compiled.matches(input));
  return reason;
}

describe('a reason per operator', () => {
  it('exact values: strings, numbers, true/false/null, as one list', () => {
    expect(attributesReason({ type: ['order.created'] }, { type: string('OrderCreated') })).toBe(
      'type: "OrderCreated" is not one of ["order.created"]',
    );
    expect(bodyReason({ n: [1, 2.5, true, null] }, { n: 3 })).toBe('n: 3 is not one of [1, 2.5, true, null]');
    expect(bodyReason({ flag: [true] }, { flag: false })).toBe('flag: false is not one of [true]');
  });

  it('prefix, suffix and equals-ignore-case, with exact values first', () => {
    expect(bodyReason({ t: [{ prefix: 'order.' }] }, { t: 'refund.x' })).toBe(
      't: "refund.x" is not prefixed by "order."',
    );
    expect(bodyReason({ t: [{ suffix: '.png' }] }, { t: 'a.jpg' })).toBe('t: "a.jpg" is not suffixed by ".png"');
    expect(bodyReason({ t: [{ 'equals-ignore-case': 'RED' }] }, { t: 'blue' })).toBe(
      't: "blue" is not "RED" ignoring case',
    );
    expect(bodyReason({ t: [{ prefix: 'a' }, 'x', { suffix: 'z' }] }, { t: 'q' })).toBe(
      't: "q" is not one of ["x"] or prefixed by "a" or suffixed by "z"',
    );
  });

  it('numeric: =, one-sided and two-sided ranges', () => {
    expect(attributesReason({ amount: [{ numeric: ['>=', 100] }] }, { amount: number('50') })).toBe(
      'amount: 50 is not >= 100',
    );
    expect(bodyReason({ amount: [{ numeric: ['<', 0] }] }, { amount: 5 })).toBe('amount: 5 is not < 0');
    expect(bodyReason({ amount: [{ numeric: ['=', 7.5] }] }, { amount: 5 })).toBe('amount: 5 is not = 7.5');
    expect(bodyReason({ amount: [{ numeric: ['>', 0, '<=', 150.5] }] }, { amount: 200 })).toBe(
      'amount: 200 is not > 0 and <= 150.5',
    );
  });

  it('says when the value has the wrong type for every condition', () => {
    expect(attributesReason({ amount: [{ numeric: ['>=', 100] }] }, { amount: string('500') })).toBe(
      'amount: "500" is not >= 100 (a string: numeric conditions match only numbers)',
    );
    expect(bodyReason({ code: ['5'] }, { code: 5 })).toBe(
      'code: 5 is not one of ["5"] (a number: string conditions match only strings)',
    );
  });

  it('anything-but: values, numbers and prefix', () => {
    expect(bodyReason({ s: [{ 'anything-but': ['a', 'b'] }] }, { s: 'a' })).toBe(
      's: "a" is excluded by anything-but ["a", "b"]',
    );
    expect(bodyReason({ s: [{ 'anything-but': 100 }] }, { s: 100 })).toBe('s: 100 is excluded by anything-but [100]');
    expect(bodyReason({ s: [{ 'anything-but': { prefix: 'test-' } }] }, { s: 'test-1' })).toBe(
      's: "test-1" is excluded by anything-but prefix "test-"',
    );
    expect(attributesReason({ s: [{ 'anything-but': ['a'] }] }, { other: string('x') })).toBe('s: no such attribute');
  });

  it('anything-but on arrays, in each reading of §12 Q1', () => {
    expect(attributesReason({ tags: [{ 'anything-but': ['a'] }] }, { tags: stringArray(['a', 'b']) })).toBe(
      'tags: ["a", "b"] has an element excluded by anything-but ["a"]',
    );
    expect(
      attributesReason(
        { tags: [{ 'anything-but': ['a', 'b'] }] },
        { tags: stringArray(['a', 'b']) },
        { anythingButOnStringArray: 'any-element' },
      ),
    ).toBe('tags: ["a", "b"] has every element excluded by anything-but ["a", "b"]');
    expect(bodyReason({ price: [{ 'anything-but': [100, 50] }] }, { price: [100, 50] })).toBe(
      'price: [100, 50] has every element excluded by anything-but [100, 50]',
    );
  });

  it('exists: true (absent, or null) and exists: false (present)', () => {
    expect(attributesReason({ store: [{ exists: true }] }, { other: string('x') })).toBe('store: no such attribute');
    expect(bodyReason({ store: [{ exists: true }] }, { store: null })).toBe(
      'store: null is not non-null (exists: true)',
    );
    expect(bodyReason({ store: [{ exists: false }] }, { store: 'x' })).toBe('store: "x" is present (exists: false)');
    expect(bodyReason({ store: ['a', { exists: false }] }, { store: 'b' })).toBe(
      'store: "b" is not one of ["a"], and is present (exists: false)',
    );
  });

  it('cidr', () => {
    expect(bodyReason({ ip: [{ cidr: '10.0.0.0/24' }] }, { ip: '10.1.0.1' })).toBe(
      'ip: "10.1.0.1" is not in 10.0.0.0/24',
    );
  });

  it('nested objects: the dotted path', () => {
    expect(bodyReason({ detail: { order: { type: ['order.created'] } } }, { detail: { order: { type: 'x' } } })).toBe(
      'detail.order.type: "x" is not one of ["order.created"]',
    );
    expect(bodyReason({ detail: { order: { type: ['a'] } } }, { detail: {} })).toBe('detail.order.type: no such key');
  });

  it('arrays in the message: no element passes', () => {
    expect(attributesReason({ tags: ['c'] }, { tags: stringArray(['a', 'b']) })).toBe(
      'tags: ["a", "b"] has no element that is one of ["c"]',
    );
    expect(bodyReason({ n: [{ numeric: ['>', 10] }] }, { n: [1, 2, 3] })).toBe(
      'n: [1, 2, 3] has no element that is > 10',
    );
  });

  it('keys matched in different elements of one array of objects', () => {
    const body = {
      e: [
        { first: 'Anna', last: 'Smith' },
        { first: 'Peter', last: 'Jones' },
      ],
    };
    expect(bodyReason({ e: { first: ['Anna'], last: ['Jones'] } }, body)).toBe(
      'e.first, e.last: each matches, but not within one element of the same array',
    );
  });

  it('what the scope cannot read: no attributes, invalid values, ignored types, a body that is no object', () => {
    expect(attributesReason({ s: [{ exists: false }] }, {})).toBe(
      'the message has no attributes, and a MessageAttributes policy filters such a message out',
    );
    expect(attributesReason({ n: [{ numeric: ['>', 1] }] }, { n: { DataType: 'Number', StringValue: 'abc' } })).toBe(
      'n: "abc" is not a valid Number value',
    );
    expect(
      attributesReason({ b: [{ exists: true }] }, { b: { DataType: 'Binary', BinaryValue: new Uint8Array([1]) } }),
    ).toBe('b: its Binary value holds nothing a filter policy can match');
    expect(bodyReason({ s: ['a'] }, 'plain text')).toBe('the message body is not a JSON object');
  });
});

describe('which key, and $or', () => {
  it('names the first failing key in the policy key order', () => {
    const attributes = { a: string('x'), b: string('y'), c: string('z') };
    expect(attributesReason({ c: ['no'], a: ['no'], b: ['y'] }, attributes)).toBe('c: "z" is not one of ["no"]');
    expect(attributesReason({ b: ['y'], a: ['no'], c: ['no'] }, attributes)).toBe('a: "x" is not one of ["no"]');
  });

  it('with $or, says why each alternative failed', () => {
    expect(bodyReason({ a: ['x'], $or: [{ b: ['y'] }, { c: [{ exists: true }] }] }, { a: 'x', b: 'z' })).toBe(
      'no $or alternative matched: b: "z" is not one of ["y"]; c: no such key',
    );
  });

  it('names a key outside the $or once, when every alternative fails on it', () => {
    expect(bodyReason({ a: ['x'], $or: [{ b: ['y'] }, { c: ['z'] }] }, { a: 'q' })).toBe('a: "q" is not one of ["x"]');
  });

  it('bounds a long $or', () => {
    const branches = Array.from({ length: 60 }, (_, i) => ({ [`key${i}`]: [`value-${'v'.repeat(40)}-${i}`] }));
    const reason = bodyReason({ $or: branches }, { other: 1 })!;
    expect(reason.length).toBeLessThanOrEqual(1000);
    expect(reason).toMatch(/^no \$or alternative matched: key0: no such key; key1: no such key; .*… \(\d+ more\)$/);
  });
});

describe('bounds', () => {
  it('never copies a long message value whole', () => {
    const long = 'x'.repeat(256 * 1024 - 20);
    const reason = bodyReason({ s: ['a'] }, { s: long })!;
    expect(reason).toBe(`s: "${'x'.repeat(99)}…" is not one of ["a"]`);
  });

  it('lists at most ten values of an array or of a policy', () => {
    const values = Array.from({ length: 30 }, (_, i) => `v${i}`);
    const reason = attributesReason({ tags: values }, { tags: stringArray(values.map((v) => `${v}!`)) })!;
    expect(reason).toContain('"v9!", … (20 more)]');
    expect(reason).toContain('"v9", … (20 more)]');
    expect(reason.length).toBeLessThanOrEqual(400);
  });

  it('cuts a long key', () => {
    const key = 'k'.repeat(300);
    expect(attributesReason({ [key]: ['a'] }, { other: string('x') })).toBe(`${'k'.repeat(99)}…: no such attribute`);
  });
});

describe('the engine function the journeys call', () => {
  it('explains an event given as JSON text, and says nothing of a match', () => {
    const pattern = new EventPattern(parseEventPattern('{"detail":{"amount":[{"numeric":[">=",100]}]}}'));
    expect(explainMiss(pattern, '{"detail":{"amount":50}}')).toBe('detail.amount: 50 is not >= 100');
    expect(explainMiss(pattern, '{"detail":{"amount":150}}')).toBeUndefined();
    expect(explainMiss(pattern, '[1]')).toBe('the event is not a JSON object');
  });
});

describe('a reason exactly when the policy does not match (random policies and messages)', () => {
  const runs = Number(process.env['FILTER_RUNS'] ?? 400);
  for (const scope of ['MessageAttributes', 'MessageBody'] as const) {
    for (const options of [
      undefined,
      { anythingButOnStringArray: 'any-element', anythingButOnBodyArray: 'none-listed' },
    ] as const) {
      it(`${scope}${options ? ', other readings' : ''}`, () => {
        fc.assert(
          fc.property(caseArb(scope), (c) => {
            const policy = compileFilterPolicy(c.policyJson, c.scope, options);
            const input = filterInput(c.attributes, c.body);
            const reason = policy.explainMiss(input);
            expect(reason === undefined).toBe(policy.matches(input));
            if (reason !== undefined) expect(reason.length).toBeLessThanOrEqual(1000);
          }),
          { numRuns: runs },
        );
      });
    }
  }
});
