import { describe, expect, it } from 'vitest';
import {
  EventPattern,
  explainMiss,
  flattenEvent,
  parseEventPattern,
  PatternError,
  type PatternGrammar,
} from '../../../src/core/event-patterns/index.js';
import { compileRulePattern } from '../../../src/services/events/pattern.js';

/** docs/aws-behaviour/eventbridge.md §7.3–7.4: the operators EventBridge has and SNS refuses. */
const compile = (pattern: object, grammar: PatternGrammar = 'eventbridge') =>
  new EventPattern(parseEventPattern(JSON.stringify(pattern), grammar));
const matches = (pattern: object, event: object) => compile(pattern).matches(flattenEvent(JSON.stringify(event)));
const refusal = (pattern: object, grammar: PatternGrammar = 'eventbridge'): string => {
  try {
    parseEventPattern(JSON.stringify(pattern), grammar);
  } catch (error) {
    if (error instanceof PatternError) return error.message.split('\n')[0]!;
    throw error;
  }
  throw new Error('accepted');
};

describe('wildcard', () => {
  it.each([
    ['/Users/*/doc.txt', '/Users/u/dir/dir/doc.txt', true],
    ['/Users/*/doc.txt', '/Users/doc.txt', false],
    ['a*b', 'ab', true],
    ['a*b*c', 'abbbc', true],
    ['a*b*c', 'acb', false],
    ['*', '', true],
    ['', '', true],
    ['', 'x', false],
    ['a\\*b', 'a*b', true],
    ['a\\*b', 'axb', false],
    ['a\\\\b', 'a\\b', true],
    ['*.png', 'x.PNG', false],
  ])('%s against %s → %s', (operand, value, result) => {
    expect(matches({ k: [{ wildcard: operand }] }, { k: value })).toBe(result);
  });

  it('matches strings only', () => {
    expect(matches({ k: [{ wildcard: '*' }] }, { k: 5 })).toBe(false);
    expect(matches({ k: [{ wildcard: '*' }] }, { k: null })).toBe(false);
  });

  it("refuses what event-ruler's wildcard parser refuses, at the byte position with the opening quote", () => {
    expect(refusal({ k: [{ wildcard: 'abc**def' }] })).toBe('Consecutive wildcard characters at pos 4');
    expect(refusal({ k: [{ wildcard: 'arn:aws:events:us-east-1:**:event-bus/*' }] })).toBe(
      'Consecutive wildcard characters at pos 26',
    );
    expect(refusal({ k: [{ wildcard: 'a*c\\def' }] })).toBe('Invalid escape character at pos 4');
    expect(refusal({ k: [{ wildcard: 123 }] })).toBe('wildcard match pattern must be a string');
    expect(refusal({ k: [{ wildcard: ['x'] }] })).toBe('wildcard match pattern must be a string');
  });

  it('locates the refusal after the operand, as event-ruler does', () => {
    const text = '{"key": [{"wildcard": "abc**def"}]}';
    expect(() => parseEventPattern(text, 'eventbridge')).toThrow(
      `Consecutive wildcard characters at pos 4\n at [Source: (String)"${text}"; line: 1, column: 33]`,
    );
  });

  it('EventBridge refuses a too complex one (wildcard-complexity.test.ts measures it)', () => {
    expect(() => compileRulePattern('{"resources":[{"wildcard":"*:*:*:*:*:event-bus/*"}]}')).toThrow(
      'Event pattern is not valid. Reason: Rule is too complex - try using fewer wildcard characters or fewer ' +
        'repeating character sequences after a wildcard character',
    );
  });
});

describe('prefix and suffix with equals-ignore-case', () => {
  it('match ignoring case', () => {
    expect(matches({ k: [{ prefix: { 'equals-ignore-case': 'EventB' } }] }, { k: 'EvEnTbus' })).toBe(true);
    expect(matches({ k: [{ prefix: { 'equals-ignore-case': 'EventB' } }] }, { k: 'bus' })).toBe(false);
    expect(matches({ k: [{ suffix: { 'equals-ignore-case': '.PNG' } }] }, { k: 'a.png' })).toBe(true);
    expect(matches({ k: [{ suffix: { 'equals-ignore-case': '.PNG' } }] }, { k: 'a.jpg' })).toBe(false);
  });

  it("refuse bad operands in event-ruler's words", () => {
    expect(refusal({ k: [{ prefix: { 'equals-ignore-case': 1 } }] })).toBe(
      'equals-ignore-case match pattern must be a string',
    );
    expect(refusal({ k: [{ prefix: { foo: 'x' } }] })).toBe('Unsupported prefix pattern: foo');
    expect(refusal({ k: [{ suffix: {} }] })).toBe('Suffix expression name not found');
    expect(refusal({ k: [{ prefix: { 'equals-ignore-case': 'a', x: 1 } }] })).toBe(
      'Only one key allowed in match expression',
    );
  });
});

describe('anything-but with prefix, suffix, equals-ignore-case, wildcard', () => {
  it.each([
    [{ suffix: '.png' }, 'a.png', false],
    [{ suffix: '.png' }, 'a.jpg', true],
    [{ suffix: ['.png', '.jpg'] }, 'a.jpg', false],
    [{ prefix: ['a', 'b'] }, 'bee', false],
    [{ prefix: ['a', 'b'] }, 'cee', true],
    [{ 'equals-ignore-case': ['Stopped'] }, 'STOPPED', false],
    [{ 'equals-ignore-case': 'Stopped' }, 'running', true],
    [{ wildcard: '*/lib/*' }, '/usr/lib/x', false],
    [{ wildcard: ['*/lib/*', '*.tmp'] }, '/usr/bin/x', true],
    [{ wildcard: '' }, 'x', true],
    [{ wildcard: '' }, '', false],
  ])('%j against %s → %s', (operand, value, result) => {
    expect(matches({ k: [{ 'anything-but': operand }] }, { k: value })).toBe(result);
  });

  it('a number is not excluded, a missing key never matches', () => {
    expect(matches({ k: [{ 'anything-but': { prefix: 'a' } }] }, { k: 5 })).toBe(true);
    expect(matches({ k: [{ 'anything-but': { suffix: 'a' } }] }, {})).toBe(false);
  });

  it("refuses bad operands in event-ruler's words (docs/aws-behaviour/eventbridge.md §7.3)", () => {
    expect(refusal({ k: [{ 'anything-but': { prefix: '' } }] })).toBe('Null prefix/suffix not allowed');
    expect(refusal({ k: [{ 'anything-but': { suffix: [''] } }] })).toBe('Null prefix/suffix not allowed');
    expect(refusal({ k: [{ 'anything-but': { prefix: 123 } }] })).toBe('prefix/suffix match pattern must be a string');
    expect(refusal({ k: [{ 'anything-but': { suffix: [123, 'x'] } }] })).toBe(
      'prefix/suffix match pattern must be a string',
    );
    expect(refusal({ k: [{ 'anything-but': { 'equals-ignore-case': 123 } }] })).toBe(
      'Inside anything-but/equals-ignore-case list, number|start|null|boolean is not supported.',
    );
    expect(refusal({ k: [{ 'anything-but': { prefix: { 'equals-ignore-case': 'x' } } }] })).toBe(
      'Value of anything-but must be an array or single string/number value.',
    );
    expect(refusal({ k: [{ 'anything-but': { wildcard: 5 } }] })).toBe('wildcard match pattern must be a string');
    expect(refusal({ k: [{ 'anything-but': { wildcard: ['a**'] } }] })).toBe(
      'Consecutive wildcard characters at pos 2',
    );
    expect(refusal({ k: [{ 'anything-but': { exists: true } }] })).toBe('Unsupported anything-but pattern: exists');
  });
});

describe("the 'sns' grammar keeps refusing them", () => {
  it.each([
    [{ k: [{ wildcard: 'a*' }] }, 'Unrecognized match type wildcard'],
    [{ k: [{ prefix: { 'equals-ignore-case': 'a' } }] }, 'prefix match pattern must be a string'],
    [{ k: [{ 'anything-but': { suffix: 'a' } }] }, 'Unsupported anything-but pattern: suffix'],
    [{ k: [{ 'anything-but': { prefix: '' } }] }, 'Null prefix not allowed'],
    [{ k: [{ 'anything-but': { prefix: ['a'] } }] }, 'prefix match pattern must be a string'],
  ])('%j → %s', (pattern, message) => {
    expect(refusal(pattern, 'sns')).toBe(message);
  });
});

describe('reasons for a miss', () => {
  const reason = (pattern: object, event: object) => explainMiss(compile(pattern), JSON.stringify(event));
  it('words each operator', () => {
    expect(reason({ k: [{ wildcard: '/a/*' }] }, { k: '/b' })).toBe('k: "/b" is not like wildcard "/a/*"');
    expect(reason({ k: [{ prefix: { 'equals-ignore-case': 'ab' } }] }, { k: 'x' })).toBe(
      'k: "x" is not prefixed by "ab" ignoring case',
    );
    expect(reason({ k: [{ suffix: { 'equals-ignore-case': 'ab' } }] }, { k: 'x' })).toBe(
      'k: "x" is not suffixed by "ab" ignoring case',
    );
    expect(reason({ k: [{ 'anything-but': { suffix: ['.a', '.b'] } }] }, { k: 'x.a' })).toBe(
      'k: "x.a" is excluded by anything-but suffix [".a", ".b"]',
    );
    expect(reason({ k: [{ 'anything-but': { 'equals-ignore-case': 'X' } }] }, { k: 'x' })).toBe(
      'k: "x" is excluded by anything-but "X" ignoring case',
    );
    expect(reason({ k: [{ 'anything-but': { wildcard: 'x*' } }] }, { k: 'xy' })).toBe(
      'k: "xy" is excluded by anything-but wildcard "x*"',
    );
    expect(reason({ k: [{ wildcard: 'a*' }] }, { k: 5 })).toBe(
      'k: 5 is not like wildcard "a*" (a number: string conditions match only strings)',
    );
  });
});
