import { NumberScale } from './numeric.js';

/**
 * Which of event-ruler's operators a service's patterns may use (docs/aws-behaviour/eventbridge.md §7.1):
 * - `'sns'`: SNS filter policies and Lambda's filter criteria: no `wildcard`, no `prefix`/`suffix` with
 *   `equals-ignore-case`, `anything-but` with a single `prefix` only (docs/aws-behaviour/sns.md §10.4);
 * - `'eventbridge'`: EventBridge's rules, which have them all (docs/aws-behaviour/eventbridge.md §7.3).
 */
export type PatternGrammar = 'sns' | 'eventbridge';

/** What else each service reads differently in the same grammar; a pattern carries its grammar's row. */
export interface GrammarRules {
  /** The range and accuracy of numbers, and the refusal of an operand outside it (numeric.ts). */
  readonly numbers: NumberScale;
  /** Whether `{"exists": true}` matches a key whose value is JSON null. */
  readonly existsMatchesNull: boolean;
}

export const GRAMMAR_RULES: { readonly [grammar in PatternGrammar]: GrammarRules } = {
  /**
   * docs/aws-behaviour/sns.md §10.4: ±1e9 with five decimals; `exists: true` needs a non-null value. Lambda's filter
   * criteria share the row (docs/aws-behaviour/lambda.md §2.10).
   */
  sns: {
    numbers: new NumberScale({
      bound: 1e9,
      decimals: 5,
      outOfRange: 'Value must be between -1.0E9 and 1.0E9, inclusive',
    }),
    existsMatchesNull: false,
  },
  /** docs/aws-behaviour/eventbridge.md §7.5–7.6: ±5e9 with six decimals; `exists: true` matches null. */
  eventbridge: {
    numbers: new NumberScale({
      bound: 5e9,
      decimals: 6,
      outOfRange: 'Value must be between -5.0E9 and 5.0E9, inclusive',
    }),
    existsMatchesNull: true,
  },
};
