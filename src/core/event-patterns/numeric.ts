import { fail } from './errors.js';
import { afterToken, tokenText, type JsonNode } from '../json/json-reader.js';

/**
 * Numbers as patterns compare them. event-ruler turns every number it compares into a fixed-point key and refuses
 * numbers outside its range [E]; each service documents its own range and accuracy, one row of GRAMMAR_RULES
 * (grammar.ts): SNS ±1e9 "with five digits of accuracy after the decimal point" (docs/aws-behaviour/sns.md §10.4),
 * EventBridge ±5e9 with six (docs/aws-behaviour/eventbridge.md §7.5). A NumberScale is one such row:
 *
 * - A number compares through its key, `round(n × 10^decimals)`: under SNS `5` equals `5.000001` and `1.00001`
 *   differs from `1.00002`; under EventBridge `0.000001` differs from `0.000002`. (Tests should not depend on the
 *   digit after the last documented one.)
 * - An event value outside the range has no key, so it never satisfies a `numeric` condition nor is excluded by a
 *   numeric `anything-but`, as in event-ruler, where such a value falls back to matching as text. It can still equal
 *   an exact number written in the pattern (see `key-matcher.ts`).
 * - A pattern operand outside the range in `numeric` or `anything-but` is refused with event-ruler's wording and the
 *   service's bounds (`outOfRange`): inferred, not recorded from AWS (docs/aws-behaviour/sns.md §12 question 6,
 *   docs/aws-behaviour/eventbridge.md §7.5). An exact number in a value list (`[5000000000]` under SNS) is accepted,
 *   as event-ruler tolerates it (LocalStack observed AWS accepting such policies).
 */
export interface NumericLimits {
  /** Numbers compare within ±bound, inclusive. */
  readonly bound: number;
  /** Digits kept after the decimal point. */
  readonly decimals: number;
  /** event-ruler's refusal of a pattern operand outside ±bound, with the service's bounds. */
  readonly outOfRange: string;
}

export class NumberScale {
  /** The key of the bound: a one-sided comparison runs to it on its open side. */
  readonly limitKey: number;
  private readonly bound: number;
  private readonly factor: number;

  constructor(readonly limits: NumericLimits) {
    this.bound = limits.bound;
    this.factor = 10 ** limits.decimals;
    this.limitKey = Math.round(limits.bound * this.factor);
  }

  /** The comparison key of `value`, or undefined when it is outside ±bound (or not finite). */
  key(value: number): number | undefined {
    if (!(value >= -this.bound && value <= this.bound)) return undefined;
    // Math.round rather than truncation: 1.00001 × 1e5 is 100000.99999999999 in binary floating point.
    return Math.round(value * this.factor);
  }

  /** The number a comparison key stands for, as a reason quotes a pattern's bound (explain.ts). */
  numberOf(key: number): number {
    return key / this.factor;
  }

  /**
   * The key of a number written in a pattern, which must be in range. `at` is where event-ruler's parser reports the
   * refusal; it reports none where the refusal escapes its parser (a single `anything-but` number).
   */
  patternKey(value: number, at?: number): number {
    const key = this.key(value);
    if (key === undefined) throw fail(this.limits.outOfRange, at);
    return key;
  }
}

/**
 * One `numeric` condition, its bounds already keys of `scale`. A one-sided comparison runs to the limit on the other
 * side.
 */
export type NumericCondition =
  | { readonly kind: 'equals'; readonly key: number; readonly scale: NumberScale }
  | {
      readonly kind: 'range';
      readonly scale: NumberScale;
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
export function parseNumericCondition(operand: JsonNode, scale: NumberScale): NumericCondition {
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
      return { kind: 'equals', key: scale.patternKey(value, end), scale };
    }
    case '>':
    case '>=': {
      const bottom = numberOperand(second, operator, at(1));
      if (items.length === 2) return range(scale, bottom, operator === '>', scale.limits.bound, false, end);
      if (third?.kind !== 'string') throw fail(`Bad value in numeric range: ${tokenText(third)}`, at(2));
      const topOperator = third.value;
      if (topOperator !== '<' && topOperator !== '<=')
        throw fail(`Bad numeric range operator: ${topOperator}`, third.end);
      const top = numberOperand(fourth, topOperator, at(3));
      if (items.length > 4) throw fail('Too many terms in numeric range expression', at(4));
      return range(scale, bottom, operator === '>', top, topOperator === '<', end);
    }
    case '<':
    case '<=': {
      const top = numberOperand(second, operator, at(1));
      if (items.length > 2) throw fail(TOO_MANY_ELEMENTS, at(2));
      return range(scale, -scale.limits.bound, false, top, operator === '<', end);
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
 * event-ruler's `Range`: the order check comes before the range check, so under SNS's bounds `[">", 1e9]` (bottom
 * 1e9, top 1e9) and `[">", 2e9]` both say `Bottom must be less than top`. Both are reported at `at`, the end of the
 * operand.
 */
function range(
  scale: NumberScale,
  bottom: number,
  lowerOpen: boolean,
  top: number,
  upperOpen: boolean,
  at: number,
): NumericCondition {
  if (bottom >= top) throw fail('Bottom must be less than top', at);
  const lower = scale.patternKey(bottom, at);
  return { kind: 'range', scale, lower, lowerOpen, upper: scale.patternKey(top, at), upperOpen };
}
