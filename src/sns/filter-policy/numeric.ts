import { fail } from './errors.js';
import { tokenText, type JsonNode } from './json-reader.js';

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
 *   bounds (`Value must be between -1.0E9 and 1.0E9, inclusive`). This is spec §12 question 6: the text is
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

/** The key of a number written in a policy, which must be in range. */
export function policyNumericKey(value: number): number {
  const key = numericKey(value);
  if (key === undefined) throw fail(OUT_OF_RANGE);
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

/** `Too many elements in numeric expression`: event-ruler also uses it for extra keys after `numeric`/`anything-but`. */
export const TOO_MANY_ELEMENTS = 'Too many elements in numeric expression';

/**
 * Parses the operand of `{"numeric": …}`, checking it in event-ruler's order so the first problem found is the one
 * AWS reports (shared/spec/sns.md §10.6 lists the verified messages).
 */
export function parseNumericCondition(operand: JsonNode): NumericCondition {
  if (operand.kind !== 'array') throw fail('Value of numeric must be an array.');
  const [first, second, third, fourth] = operand.items;
  if (first?.kind !== 'string') throw fail(`Invalid member in numeric match: ${tokenText(first)}`);
  const operator = first.value;
  switch (operator) {
    case '=': {
      const value = numberOperand(second, 'equals');
      if (operand.items.length > 2) throw fail(TOO_MANY_ELEMENTS);
      return { kind: 'equals', key: policyNumericKey(value) };
    }
    case '>':
    case '>=': {
      const bottom = numberOperand(second, operator);
      if (operand.items.length === 2) return range(bottom, operator === '>', NUMERIC_LIMIT, false);
      if (third?.kind !== 'string') throw fail(`Bad value in numeric range: ${tokenText(third)}`);
      const topOperator = third.value;
      if (topOperator !== '<' && topOperator !== '<=') throw fail(`Bad numeric range operator: ${topOperator}`);
      const top = numberOperand(fourth, topOperator);
      if (operand.items.length > 4) throw fail('Too many terms in numeric range expression');
      return range(bottom, operator === '>', top, topOperator === '<');
    }
    case '<':
    case '<=': {
      const top = numberOperand(second, operator);
      if (operand.items.length > 2) throw fail(TOO_MANY_ELEMENTS);
      return range(-NUMERIC_LIMIT, false, top, operator === '<');
    }
    default:
      throw fail(`Unrecognized numeric range operator: ${operator}`);
  }
}

function numberOperand(node: JsonNode | undefined, operatorName: string): number {
  if (node?.kind !== 'number') throw fail(`Value of ${operatorName} must be numeric`);
  return node.value;
}

/**
 * event-ruler's `Range`: the order check comes before the range check, so `[">", 1e9]` (bottom 1e9, top 1e9) and
 * `[">", 2e9]` both say `Bottom must be less than top`.
 */
function range(bottom: number, lowerOpen: boolean, top: number, upperOpen: boolean): NumericCondition {
  if (bottom >= top) throw fail('Bottom must be less than top');
  return { kind: 'range', lower: policyNumericKey(bottom), lowerOpen, upper: policyNumericKey(top), upperOpen };
}
