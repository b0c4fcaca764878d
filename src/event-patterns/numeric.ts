import { fail } from './errors.js';
import { afterToken, tokenText, type JsonNode } from '../json/json-reader.js';

/**
 * Numbers as filter policies compare them. SNS documents the range as -1e9..1e9 "with five digits of accuracy after
 * the decimal point" [D]. event-ruler, which SNS is built on, turns every number it compares into a fixed-point key
 * and refuses numbers outside its range [E]. We do the same with SNS's documented bounds:
 *
 * - A number compares through its key, `round(n × 10^5)`: `5` equals `5.000001`, and `1.00001` differs from
 *   `1.00002`. (event-ruler keeps 6 decimals; SNS says 5. Tests should not depend on the 6th decimal.)
 * - A message value outside ±1e9 has no key, so it never satisfies a `numeric` condition nor is excluded by a
 *   numeric `anything-but` — as in event-ruler, where such a value falls back to matching as text. It can still
 *   equal an exact number written in the policy (see `key-matcher.ts`).
 * - A policy operand outside ±1e9 in `numeric` or `anything-but` is refused with event-ruler's wording and SNS's
 * bounds (`Value must be between -1.0E9 and 1.0E9, inclusive`). This is docs/aws-behaviour/sns.md §12 question 6: the
 * text is
 *   inferred, not recorded from AWS. An exact number in a value list (`[5000000000]`) is accepted, as event-ruler
 *   tolerates it (LocalStack observed AWS accepting such policies).
 */
export const NUMERIC_LIMIT = 1e9;
const DECIMAL_SCALE = 1e5;
const OUT_OF_RANGE = 'Value must be between -1.0E9 and 1.0E9, inclusive';

/** The comparison key of `value`, or undefined when it is outside ±1e9 (or not finite). */
export function numericKey(value: number): number | undefined {
  if (!(value >= -NUMERIC_LIMIT && value <= NUMERIC_LIMIT)) return undefined;
  // Math.round rather than truncation: 1.00001 × 1e5 is 100000.99999999999 in binary floating point.
  return Math.round(value * DECIMAL_SCALE);
}

/** The number a comparison key stands for (to 5 decimals), as a reason quotes a policy's bound (explain.ts). */
export function numberOfKey(key: number): number {
  return key / DECIMAL_SCALE;
}

/**
 * The key of a number written in a policy, which must be in range. `at` is where event-ruler's parser reports the
 * refusal; it reports none where the refusal escapes its parser (a single `anything-but` number).
 */
export function policyNumericKey(value: number, at?: number): number {
  const key = numericKey(value);
  if (key === undefined) throw fail(OUT_OF_RANGE, at);
  return key;
}

/** One `numeric` condition, its bounds already keys. A one-sided comparison runs to the limit on the other side. */
export type NumericCondition =
  | { readonly kind: 'equals'; readonly key: number }
  | {
      readonly kind: 'range';
      readonly lower: number;
      readonly lowerOpen: boolean;
      readonly upper: number;
      readonly upperOpen: boolean;
    };

export function satisfiesNumeric(condition: NumericCondition, key: number): boolean {
  if (condition.kind === 'equals') return key === condition.key;
  return (
    (condition.lowerOpen ? key > condition.lower : key >= condition.lower) &&
    (condition.upperOpen ? key < condition.upper : key <= condition.upper)
  );
}

/**
 * `Too many elements in numeric expression`: event-ruler also uses it for extra keys after `numeric`/`anything-but`.
 */
export const TOO_MANY_ELEMENTS = 'Too many elements in numeric expression';

/**
 * Parses the operand of `{"numeric": …}`, checking it in event-ruler's order so the first problem found is the one
 * AWS reports (docs/aws-behaviour/sns.md §10.6 lists the verified messages), where event-ruler's parser stood: on
 * the member it looked at (or the array's end), past an operator whose text it read, past the array once the
 * bounds are turned into a range.
 */
export function parseNumericCondition(operand: JsonNode): NumericCondition {
  if (operand.kind !== 'array') throw fail('Value of numeric must be an array.', afterToken(operand));
  const { items, end } = operand;
  const at = (index: number): number => (items[index] === undefined ? end : afterToken(items[index]));
  const [first, second, third, fourth] = items;
  if (first?.kind !== 'string') throw fail(`Invalid member in numeric match: ${tokenText(first)}`, at(0));
  const operator = first.value;
  switch (operator) {
    case '=': {
      const value = numberOperand(second, 'equals', at(1));
      if (items.length > 2) throw fail(TOO_MANY_ELEMENTS, at(2));
      return { kind: 'equals', key: policyNumericKey(value, end) };
    }
    case '>':
    case '>=': {
      const bottom = numberOperand(second, operator, at(1));
      if (items.length === 2) return range(bottom, operator === '>', NUMERIC_LIMIT, false, end);
      if (third?.kind !== 'string') throw fail(`Bad value in numeric range: ${tokenText(third)}`, at(2));
      const topOperator = third.value;
      if (topOperator !== '<' && topOperator !== '<=')
        throw fail(`Bad numeric range operator: ${topOperator}`, third.end);
      const top = numberOperand(fourth, topOperator, at(3));
      if (items.length > 4) throw fail('Too many terms in numeric range expression', at(4));
      return range(bottom, operator === '>', top, topOperator === '<', end);
    }
    case '<':
    case '<=': {
      const top = numberOperand(second, operator, at(1));
      if (items.length > 2) throw fail(TOO_MANY_ELEMENTS, at(2));
      return range(-NUMERIC_LIMIT, false, top, operator === '<', end);
    }
    default:
      throw fail(`Unrecognized numeric range operator: ${operator}`, at(1));
  }
}

function numberOperand(node: JsonNode | undefined, operatorName: string, at: number): number {
  if (node?.kind !== 'number') throw fail(`Value of ${operatorName} must be numeric`, at);
  return node.value;
}

/**
 * event-ruler's `Range`: the order check comes before the range check, so `[">", 1e9]` (bottom 1e9, top 1e9) and
 * `[">", 2e9]` both say `Bottom must be less than top`. Both are reported at `at`, the end of the operand.
 */
function range(bottom: number, lowerOpen: boolean, top: number, upperOpen: boolean, at: number): NumericCondition {
  if (bottom >= top) throw fail('Bottom must be less than top', at);
  return { kind: 'range', lower: policyNumericKey(bottom, at), lowerOpen, upper: policyNumericKey(top, at), upperOpen };
}
