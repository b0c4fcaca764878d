import fc from 'fast-check';
import { micros } from './eventbridge-reference.js';

/**
 * Random EventBridge patterns on the keys of `detail`, and events biased towards them, for the property test next to
 * this file. Numbers reach EventBridge's bounds (±5e9) with its six decimals, keeping to the 15 significant digits
 * the guide promises; strings come from a small alphabet so that wildcards, prefixes and exclusions often meet.
 * Wildcard operands have at most three `*` and an `anything-but` list at most two of them, the shape of the patterns
 * AWS was recorded accepting (docs/aws-behaviour/eventbridge.md §7.4). Each key holds at most one wildcard rule.
 */

type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

export interface PatternCase {
  readonly pattern: { readonly detail: { readonly [key: string]: readonly Json[] } };
  readonly event: { readonly detail: { readonly [key: string]: Json } };
  /** What the pattern uses, for the test's tally. */
  readonly operators: readonly string[];
}

const KEYS = ['a', 'b', 'c'] as const;

// --- numbers ------------------------------------------------------------------------------------------------

const BOUND = 5_000_000_000;

/** A count of millionths as a number; its shortest text is that decimal while it has at most 15 digits. */
const fromMicros = (count: bigint): number => Number(count) / 1e6;

/** Numbers of at most 15 significant digits and six decimals (five beyond 1e9), within ±5e9. */
export const inRangeNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: -20_000_000, max: 20_000_000 }).map((count) => count / 1e6),
  fc.bigInt({ min: -99_999_999_999_999n, max: 99_999_999_999_999n }).map((n) => fromMicros(n)),
  fc.bigInt({ min: -500_000_000_000_000n, max: 500_000_000_000_000n }).map((n) => fromMicros(n * 10n)),
  fc.constantFrom(BOUND, -BOUND, 4_999_999_999.99999, -4_999_999_999.99999, 1e9, -1e9, 1_000_000_000.00001, 3e9),
  fc.constantFrom(0, 0.000001, 0.000002, -0.000001, 301.8, 300),
);

/** Event values beyond the range: the guide says nothing of them (the reference leaves them unsettled). */
const beyondRange = fc.constantFrom(5_000_000_000.00001, -5_000_000_000.00001, 5_000_000_001, 6e9, -1e10);

/** `value` moved by the smallest step its digits allow (a millionth, or ten beyond 1e9), kept within ±5e9. */
function nudged(value: number, direction: 1 | -1): number {
  const step = Math.abs(value) >= 1e9 ? 10n : 1n;
  const next = (micros(value) as bigint) + BigInt(direction) * step;
  return Math.abs(Number(next)) > BOUND * 1e6 ? value : fromMicros(next);
}

function numericRule(anchor: number, other: number): { rule: Json; operator: string } {
  const [lo, hi] = anchor < other ? [anchor, other] : [other, anchor];
  if (lo === hi) return { rule: { numeric: ['=', anchor] }, operator: 'numeric =' };
  return { rule: { numeric: ['>', lo, '<=', hi] }, operator: 'numeric range' };
}

type NumberRule = { rule: Json; operator: string; anchors: number[] };

const numberRule: fc.Arbitrary<NumberRule> = fc
  .tuple(inRangeNumber, inRangeNumber, fc.integer({ min: 0, max: 6 }))
  .map(([anchor, other, form]): NumberRule => {
    switch (form) {
      case 0:
        return { rule: { numeric: ['=', anchor] }, operator: 'numeric =', anchors: [anchor] };
      case 1:
        return { ...numericRule(anchor, other), anchors: [anchor, other] };
      case 2: {
        // A one-sided comparison runs to the bound on its open side: none at the bound itself (§7.5).
        const operator =
          anchor === BOUND ? '<=' : anchor === -BOUND ? '>=' : (['>', '>=', '<', '<='] as const)[other > 0 ? 0 : 3];
        return { rule: { numeric: [operator, anchor] }, operator: 'numeric one-sided', anchors: [anchor] };
      }
      case 3: {
        const [lo, hi] = anchor < other ? [anchor, other] : [other, anchor];
        if (lo === hi) return { rule: { numeric: ['=', lo] }, operator: 'numeric =', anchors: [lo] };
        return { rule: { numeric: ['>=', lo, '<', hi] }, operator: 'numeric range', anchors: [lo, hi] };
      }
      case 4:
        return { rule: anchor, operator: 'exact number', anchors: [anchor] };
      case 5:
        return {
          rule: { 'anything-but': [anchor, other] },
          operator: 'anything-but numbers',
          anchors: [anchor, other],
        };
      default:
        return { rule: { 'anything-but': anchor }, operator: 'anything-but numbers', anchors: [anchor] };
    }
  });

// --- strings ------------------------------------------------------------------------------------------------

const CHARS = ['a', 'b', '/', '.', 'x'] as const;
const word = fc.string({ unit: fc.constantFrom(...CHARS), minLength: 1, maxLength: 4 });

/** A wildcard operand: literal segments (a `\*` among them now and then) around at most three `*`. */
const wildcardOperand: fc.Arbitrary<string> = fc
  .tuple(fc.boolean(), fc.array(fc.tuple(word, fc.boolean()), { minLength: 1, maxLength: 2 }), fc.boolean())
  .map(([lead, segments, trail]) => {
    const literal = segments.map(([text, star]) => (star && text.length > 1 ? `${text[0]}\\*${text.slice(1)}` : text));
    return `${lead ? '*' : ''}${literal.join('*')}${trail ? '*' : ''}`;
  });

/** A string the operand matches: each `*` filled with 0 to 3 characters, escapes read. */
function filled(operand: string, fills: readonly string[]): string {
  let result = '';
  let fill = 0;
  for (let i = 0; i < operand.length; i++) {
    const char = operand[i] as string;
    if (char === '\\') result += operand[++i] ?? '';
    else if (char === '*') result += fills[fill++ % fills.length] ?? '';
    else result += char;
  }
  return result;
}

type StringRule = { rule: Json; operator: string; anchors: string[] };

const wildcardRule: fc.Arbitrary<StringRule> = fc
  .tuple(wildcardOperand, wildcardOperand, fc.integer({ min: 0, max: 2 }))
  .map(([first, second, form]): StringRule => {
    if (form === 0) return { rule: { wildcard: first }, operator: 'wildcard', anchors: [first] };
    if (form === 1) {
      return { rule: { 'anything-but': { wildcard: first } }, operator: 'anything-but wildcard', anchors: [first] };
    }
    const list = { 'anything-but': { wildcard: [first, second] } };
    return { rule: list, operator: 'anything-but wildcard list', anchors: [first, second] };
  });

const plainStringRule: fc.Arbitrary<StringRule> = fc
  .tuple(word, word, fc.integer({ min: 0, max: 4 }))
  .map(([first, second, form]): StringRule => {
    switch (form) {
      case 0:
        return { rule: first, operator: 'exact string', anchors: [first] };
      case 1:
        return { rule: { prefix: first }, operator: 'prefix', anchors: [first] };
      case 2:
        return { rule: { suffix: first }, operator: 'suffix', anchors: [first] };
      case 3:
        return {
          rule: { 'anything-but': [first, second] },
          operator: 'anything-but strings',
          anchors: [first, second],
        };
      default:
        return { rule: { 'anything-but': { prefix: first } }, operator: 'anything-but prefix', anchors: [first] };
    }
  });

// --- one key --------------------------------------------------------------------------------------------------

interface KeyPlan {
  readonly rules: Json[];
  readonly operators: string[];
  readonly numbers: number[];
  readonly strings: string[];
}

const keyPlan: fc.Arbitrary<KeyPlan> = fc.oneof(
  fc.array(numberRule, { minLength: 1, maxLength: 2 }).map((rules) => ({
    rules: rules.map((r) => r.rule),
    operators: rules.map((r) => r.operator),
    numbers: rules.flatMap((r) => r.anchors),
    strings: [],
  })),
  fc.tuple(wildcardRule, fc.option(plainStringRule, { nil: undefined })).map(([wild, plain]) => {
    const rules = plain === undefined ? [wild] : [wild, plain];
    return {
      rules: rules.map((r) => r.rule),
      operators: rules.map((r) => r.operator),
      numbers: [],
      strings: rules.flatMap((r) => r.anchors),
    };
  }),
  fc.tuple(plainStringRule, numberRule).map(([text, number]) => ({
    rules: [text.rule, number.rule],
    operators: [text.operator, number.operator],
    numbers: number.anchors,
    strings: text.anchors,
  })),
  fc.tuple(fc.boolean(), fc.boolean()).map(([exists, withNull]) => ({
    rules: withNull ? [{ exists }, null] : [{ exists }],
    operators: [exists ? 'exists true' : 'exists false', ...(withNull ? ['null'] : [])],
    numbers: [],
    strings: [],
  })),
);

/** A value for a key planned as `plan`: mostly near what the rules look for. */
function valueFor(plan: KeyPlan): fc.Arbitrary<Json | undefined> {
  const numbers = plan.numbers.length > 0 ? plan.numbers : [0];
  const strings = plan.strings.length > 0 ? plan.strings : ['a'];
  const number = fc.oneof(
    { arbitrary: fc.constantFrom(...numbers), weight: 3 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...numbers), fc.constantFrom(1 as const, -1 as const))
        .map(([n, d]) => nudged(n, d)),
      weight: 3,
    },
    { arbitrary: inRangeNumber, weight: 1 },
    { arbitrary: beyondRange, weight: 1 },
  );
  const fills = fc.array(fc.string({ unit: fc.constantFrom(...CHARS, '*'), maxLength: 3 }), {
    minLength: 1,
    maxLength: 3,
  });
  const string = fc.oneof(
    { arbitrary: fc.tuple(fc.constantFrom(...strings), fills).map(([s, f]) => filled(s, f)), weight: 4 },
    { arbitrary: fc.tuple(fc.constantFrom(...strings), word).map(([s, w]) => filled(s, ['']) + w), weight: 1 },
    { arbitrary: fc.tuple(word, fc.constantFrom(...strings)).map(([w, s]) => w + filled(s, [''])), weight: 1 },
    { arbitrary: word, weight: 1 },
  );
  const scalar: fc.Arbitrary<Json> = fc.oneof(
    { arbitrary: number, weight: plan.numbers.length > 0 ? 4 : 1 },
    { arbitrary: string, weight: plan.strings.length > 0 ? 4 : 1 },
    { arbitrary: fc.constant(null), weight: 1 },
    { arbitrary: fc.constant(String(numbers[0])), weight: 1 },
  );
  return fc.oneof(
    { arbitrary: scalar, weight: 8 },
    { arbitrary: fc.array(scalar, { minLength: 1, maxLength: 2 }), weight: 2 },
    { arbitrary: fc.constant(undefined), weight: 2 },
  );
}

export const patternCase: fc.Arbitrary<PatternCase> = fc
  .uniqueArray(fc.constantFrom(...KEYS), { minLength: 1, maxLength: 3 })
  .chain((keys) => fc.tuple(fc.constant(keys), fc.tuple(...keys.map(() => keyPlan))))
  .chain(([keys, plans]) =>
    fc
      .tuple(fc.constant(keys), fc.constant(plans), fc.tuple(...plans.map(valueFor)), fc.boolean())
      .map(([names, keyPlans, values, noise]): PatternCase => {
        const patternDetail: Record<string, readonly Json[]> = {};
        const eventDetail: Record<string, Json> = noise ? { other: 'x' } : {};
        names.forEach((key, i) => {
          const plan = keyPlans[i] as KeyPlan;
          patternDetail[key] = plan.rules;
          const value = values[i];
          if (value !== undefined) eventDetail[key] = value;
        });
        return {
          pattern: { detail: patternDetail },
          event: { detail: eventDetail },
          operators: [...new Set(keyPlans.flatMap((plan) => plan.operators))],
        };
      }),
  );
