import { describe, expect, it } from 'vitest';
import { EventPattern, parseEventPattern, patternWildcardComplexity } from '../../../src/core/event-patterns/index.js';
import { WildcardMachine } from '../../../src/core/event-patterns/wildcard-complexity.js';
import { wildcardInput } from '../../../src/core/event-patterns/wildcard.js';
import { MAX_WILDCARD_COMPLEXITY } from '../../../src/services/events/pattern.js';

/** docs/aws-behaviour/eventbridge.md §7.4: event-ruler's wildcard complexity, rebuilt. */

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/** The complexity of one machine of `operands`, each its own wildcard pattern, without event-ruler's quotes. */
function bare(operands: readonly string[]): number {
  const machine = new WildcardMachine();
  for (const operand of operands) machine.add({ key: operand, values: [wildcardInput(operand).slice(1, -1)] });
  return machine.complexity(100);
}

/** As EventBridge builds them: each operand between quotes. */
function quoted(operands: readonly string[], asAnythingBut = false): number {
  const machine = new WildcardMachine();
  if (asAnythingBut) machine.add({ key: 'list', values: operands.map(wildcardInput) });
  else for (const operand of operands) machine.add({ key: operand, values: [wildcardInput(operand)] });
  return machine.complexity(100);
}

const ofPattern = (pattern: object): number =>
  patternWildcardComplexity(
    new EventPattern(parseEventPattern(JSON.stringify(pattern), 'eventbridge')).alternatives.list,
    100,
  );

describe('the automaton, against what event-ruler’s own tests expect (MachineComplexityEvaluatorTest)', () => {
  it.each([
    [1, ['*']],
    [3, ['*', 'ab*c']],
    [1, ['abc']],
    [2, ['*ab']],
    [3, ['*aa']],
    [2, ['a*b']],
    [2, ['aa*']],
    [2, ['a*bc']],
    [3, ['a*bb']],
    [3, ['a*bcb']],
    [4, ['a*bbb']],
    [4, ['*ab*ad']],
    [3, ['*ab*d']],
    [4, ['*aba*']],
    [5, ['a*b*bb']],
    [4, ['a*b*cb']],
    [3, ['a*b*cd']],
    [4, ['a*b*b']],
    [4, ['a*bb*']],
    [3, ['ab*b*']],
    [3, ['ab*c', 'x*xx']],
    [4, ['*abc', '*abcde']],
    [4, ['a*bcd', 'ab*cd']],
    [4, ['a*bc', 'a*bcde']],
    [7, ['a*aaa', 'aa*aa']],
    [4, ['a*bc', 'abc*d']],
    [6, ['a*aaa', 'aaa*a']],
    [5, ['a*aax', 'aaa*x']],
    [4, ['a*bc', 'abc*']],
    [5, ['a*aa', 'aaa*']],
    [3, ['abc*', 'abcde*']],
    [6, ['ab*cd', 'ab*wx', 'ab*yz']],
    [7, ['*ab*b*b*']],
    [17, ['*a*a*a*a*a*a*a*a*']],
    [2, ['ab*c', 'ab*c']],
    [10, ['F*eatureFeature', 'Fe*atureFeature', 'Fea*tureFeature']],
  ])('%i for %j, in every order of adding', (expected, operands) => {
    for (const order of permutations(operands)) expect(bare(order), order.join(' ')).toBe(expected);
  });
});

describe('the patterns AWS was recorded judging (content_wildcard_*, content_anything_wildcard_*)', () => {
  it('places the limit where the recordings put it: 7 accepted, 11 refused', () => {
    expect(quoted(['*:*:*:*:*:event-bus/*'])).toBe(11);
    expect(quoted(['/Users/*/dir/dir/dir/dir/dir/doc.txt'])).toBe(7);
    expect(quoted(['*/init/*', '*/dir/*'], true)).toBe(5);
    expect(quoted(['arn:aws:events:us-east-1:*:event-bus/*'])).toBe(3);
    expect(quoted(['/Users/*/doc.txt'])).toBe(2);
    expect(MAX_WILDCARD_COMPLEXITY).toBeGreaterThanOrEqual(7);
    expect(MAX_WILDCARD_COMPLEXITY).toBeLessThan(11);
  });

  it('counts an anything-but list as one pattern: less than the same operands as separate wildcards', () => {
    expect(quoted(['*/init/*', '*/dir/*'])).toBe(7);
    expect(ofPattern({ s: [{ 'anything-but': { wildcard: ['*/init/*', '*/dir/*'] } }] })).toBe(5);
    expect(ofPattern({ s: [{ wildcard: '*/init/*' }, { wildcard: '*/dir/*' }] })).toBe(7);
  });
});

describe('which alternatives share a machine', () => {
  it('puts the wildcards of one field together when the keys before it hold the same values', () => {
    const a = { a: ['x'], k: [{ wildcard: '*/init/*' }] };
    const b = { a: ['x'], k: [{ wildcard: '*/dir/*' }] };
    expect(ofPattern({ $or: [a, b] })).toBe(7);
  });

  it('keeps them apart when an earlier key leads elsewhere', () => {
    const a = { a: ['x'], k: [{ wildcard: '*/init/*' }] };
    const b = { a: ['y'], k: [{ wildcard: '*/dir/*' }] };
    expect(ofPattern({ $or: [a, b] })).toBe(4);
  });

  it('orders keys as event-ruler sorts them, so a later key in the pattern can come first', () => {
    const a = { z: ['x'], k: [{ wildcard: '*/init/*' }] };
    const b = { z: ['y'], k: [{ wildcard: '*/dir/*' }] };
    // "k" sorts before "z": both wildcards are in the root's machine for k.
    expect(ofPattern({ $or: [a, b] })).toBe(7);
  });

  it('leaves out alternatives without a wildcard and counts nothing for a pattern without one', () => {
    expect(ofPattern({ a: ['x'], b: [{ prefix: 'y' }] })).toBe(0);
    expect(ofPattern({ $or: [{ k: [{ wildcard: '*/x/*' }] }, { k: ['plain'] }] })).toBe(4);
  });
});

describe('a machine whose reachable sets are many', () => {
  it('is judged without walking them all: 300 values of `*/n/*` exceed any limit', () => {
    const values = Array.from({ length: 300 }, (_, i) => `*/${i}/*`);
    expect(quoted(values, true)).toBe(100);
  });
});
