import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flattenEvent } from '../../src/core/event-patterns/index.js';
import { compileRulePattern } from '../../src/services/events/pattern.js';
import { RuleIndex, type IndexedRule } from '../../src/services/events/rule-index.js';

/** A rule as the index sees it, named for the assertions. */
interface TestRule extends IndexedRule {
  readonly name: string;
  enabled: boolean;
}

function rule(name: string, pattern: object | undefined, enabled = true): TestRule {
  const eventPattern = pattern === undefined ? undefined : { compiled: compileRulePattern(JSON.stringify(pattern)) };
  return { name, enabled, settings: { eventPattern } };
}

function fieldsOf(event: object) {
  return flattenEvent(JSON.stringify(event));
}

function indexOf(rules: readonly TestRule[]): RuleIndex<TestRule> {
  const index = new RuleIndex<TestRule>();
  rules.forEach((each, place) => index.update(each, place));
  return index;
}

const names = (rules: readonly TestRule[]) => rules.map(({ name }) => name);

describe('RuleIndex', () => {
  it('leaves out rules pinned to other sources and keeps the bus order across lists', () => {
    const index = indexOf([
      rule('a', { source: ['shop'] }),
      rule('b', { source: ['billing'] }),
      rule('c', { detail: { x: [1] } }),
      rule('d', { 'detail-type': ['Order'] }),
      rule('e', { source: ['shop', 'billing'] }),
      rule('f', { source: [{ prefix: 'sh' }] }),
    ]);
    expect(names(index.candidates(fieldsOf({ source: 'shop', 'detail-type': 'Order' })))).toEqual([
      'a',
      'c',
      'd',
      'e',
      'f',
    ]);
    expect(names(index.candidates(fieldsOf({ source: 'billing', 'detail-type': 'Paid' })))).toEqual([
      'b',
      'c',
      'e',
      'f',
    ]);
    expect(names(index.candidates(fieldsOf({ source: 'other', 'detail-type': 'Paid' })))).toEqual(['c', 'f']);
  });

  it('pins a key only when every $or alternative lists exact strings for it', () => {
    const index = indexOf([
      rule('both', { $or: [{ source: ['a'] }, { source: ['b'], detail: { x: [1] } }] }),
      rule('one', { $or: [{ source: ['a'] }, { detail: { x: [1] } }] }),
      rule('exists-false', { source: ['a', { exists: false }] }),
      rule('ip', { source: ['10.0.0.1'] }),
      rule('anything-but', { source: [{ 'anything-but': 'a' }] }),
    ]);
    expect(names(index.candidates(fieldsOf({ source: 'c' })))).toEqual(['one', 'exists-false', 'ip', 'anything-but']);
    expect(names(index.candidates(fieldsOf({ source: 'b' })))).toEqual([
      'both',
      'one',
      'exists-false',
      'ip',
      'anything-but',
    ]);
  });

  it('files a rule again when it changes, and not at all while disabled or without a pattern', () => {
    const a = rule('a', { source: ['shop'] });
    const b = rule('b', undefined);
    const index = indexOf([a, b]);
    const shop = fieldsOf({ source: 'shop' });
    expect(names(index.candidates(shop))).toEqual(['a']);
    a.enabled = false;
    index.update(a, 0);
    expect(names(index.candidates(shop))).toEqual([]);
    a.enabled = true;
    index.update(a, 0);
    index.remove(a);
    expect(names(index.candidates(shop))).toEqual([]);
    index.update(a, 0);
    index.clear();
    expect(names(index.candidates(shop))).toEqual([]);
  });
});

const SOURCES = ['shop', 'billing', 'aws.events', '10.0.0.1'];
const TYPES = ['Order', 'Paid', 'Scheduled Event'];

const valueRule = (values: readonly string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...values) },
    fc.constantFrom(...values).map((value) => ({ prefix: value.slice(0, 2) })),
    fc.constantFrom(...values).map((value) => ({ 'anything-but': value })),
    fc.constant({ exists: false }),
    fc.constant({ exists: true }),
  );
const keyRules = (values: readonly string[]) => fc.array(valueRule(values), { minLength: 1, maxLength: 3 });
const alternative = fc.record(
  { source: keyRules(SOURCES), 'detail-type': keyRules(TYPES), detail: fc.constant({ n: [{ numeric: ['>', 0] }] }) },
  { requiredKeys: [] },
);
const patternArb = fc.oneof(
  alternative.filter((object) => Object.keys(object).length > 0),
  fc
    .array(
      alternative.filter((object) => Object.keys(object).length > 0),
      { minLength: 2, maxLength: 3 },
    )
    .map((branches) => ({ $or: branches })),
);
const eventArb = fc.record({
  source: fc.constantFrom(...SOURCES, 'other'),
  'detail-type': fc.constantFrom(...TYPES, 'Other'),
  detail: fc.record({ n: fc.integer({ min: -1, max: 1 }) }),
});

it('routes as a scan of every rule would, in the same order (random patterns and events)', () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ pattern: patternArb, enabled: fc.boolean() }), { maxLength: 12 }),
      fc.array(eventArb, { minLength: 1, maxLength: 5 }),
      (specs, events) => {
        const rules = specs.map(({ pattern, enabled }, i) => rule(`r${i}`, pattern, enabled));
        const index = indexOf(rules);
        for (const event of events) {
          const fields = fieldsOf(event);
          const matches = (each: TestRule) => each.enabled && each.settings.eventPattern!.compiled.matches(fields);
          expect(names(index.candidates(fields).filter(matches))).toEqual(names(rules.filter(matches)));
        }
      },
    ),
    { numRuns: 300 },
  );
});
