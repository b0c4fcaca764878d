import { jacksonLocation } from '../json/jackson-location.js';

/**
 * The refusal of a pattern by event-ruler's grammar, in event-ruler's words. Each service puts the message into its
 * own error (SNS: after the `FilterPolicy: ` label, docs/aws-behaviour/sns.md §10.6; Lambda: one fixed text).
 */
export class PatternError extends Error {
  override readonly name = 'PatternError';

  /**
   * @param offset Where event-ruler's parser stood in the pattern text when it refused, which AWS reports with the
   * pattern quoted (`locatedIn`). Undefined for checks made outside the parser (CIDR blocks).
   * @param relocated True for a refusal event-ruler catches and raises again with its own message, which already
   * ends with the location: the location line then comes twice (docs/aws-behaviour/eventbridge.md §7.7).
   */
  constructor(
    message: string,
    readonly offset?: number,
    readonly relocated = false,
  ) {
    super(message);
  }

  /** This error with event-ruler's location line for `pattern` appended; itself when it has no offset. */
  locatedIn(pattern: string): PatternError {
    if (this.offset === undefined) return this;
    const line = `\n at ${jacksonLocation(pattern, this.offset, 'text')}`;
    return new PatternError(`${this.message}${line}${this.relocated ? line : ''}`);
  }
}

/**
 * Shorthand for the validators: `throw fail('...', at)` keeps call sites to one line. `at` is event-ruler's parser
 * position (json-reader.ts `afterToken`, a node's `end`, …), left out for refusals that carry no location.
 */
export function fail(message: string, at?: number, relocated = false): PatternError {
  return new PatternError(message, at, relocated);
}
