import {
  EventPattern,
  parseEventPattern,
  PatternError,
  patternWildcardComplexity,
  type PatternObject,
} from '../../core/event-patterns/index.js';
import { jacksonLocation } from '../../core/json/jackson-location.js';
import { JsonSyntaxError } from '../../core/json/json-reader.js';
import { eventsErrors } from './errors.js';

/** §7.1.1 [Docs]: PutRule's EventPattern is at most 4096 characters, and `$or` at most 1000 combinations. */
export const MAX_PATTERN_LENGTH = 4096;
const MAX_COMBINATIONS = 1000;
/**
 * docs/aws-behaviour/eventbridge.md §7.4: the most wildcard complexity (event-ruler's measure) a rule may have.
 * **Emulation:** AWS's recordings place it from 7 to 10; 10 is event-ruler's own example of a per-rule limit.
 */
export const MAX_WILDCARD_COMPLEXITY = 10;

/**
 * An EventBridge event pattern, parsed and compiled once (docs/aws-behaviour/eventbridge.md §7): event-ruler's
 * grammar through the shared engine with EventBridge's operators (§7.3), its limits and its
 * InvalidEventPatternException text in place of SNS's.
 */
export function compileRulePattern(text: string): EventPattern {
  let pattern: PatternObject;
  try {
    pattern = parseEventPattern(text, 'eventbridge');
  } catch (error) {
    if (error instanceof PatternError) throw eventsErrors.invalidPattern(error.message);
    if (error instanceof JsonSyntaxError) throw eventsErrors.invalidPattern(syntaxReason(error, text));
    throw error;
  }
  // Emulation: AWS's text for too many combinations is unrecorded.
  if (combinations(pattern) > MAX_COMBINATIONS) {
    throw eventsErrors.invalidPattern(`The rule has more than ${MAX_COMBINATIONS} combinations`);
  }
  const compiled = new EventPattern(pattern);
  checkWildcardComplexity(compiled);
  return compiled;
}

/** §7.4: the wildcards of the rule, as event-ruler builds them into one machine, must not be too complex. */
function checkWildcardComplexity(pattern: EventPattern): void {
  const complexity = patternWildcardComplexity(pattern.alternatives.list, MAX_WILDCARD_COMPLEXITY + 1);
  if (complexity > MAX_WILDCARD_COMPLEXITY) throw eventsErrors.wildcardTooComplex();
}

/**
 * A JSON syntax error in event-ruler's words (docs/aws-behaviour/eventbridge.md §7.1): Jackson's message without
 * the reader's prefix, its location quoting the pattern, as event-ruler's parser reports it, not redacted.
 */
function syntaxReason(error: JsonSyntaxError, text: string): string {
  const reason = error.message.replace(/^failed to parse JSON\. /, '');
  const whole = jacksonLocation(text, 0, 'text');
  const quoted = whole.slice('[Source: '.length, whole.length - '; line: 1, column: 1]'.length);
  return reason.replace(
    /\[Source: REDACTED \(`StreamReadFeature\.INCLUDE_SOURCE_IN_LOCATION` disabled\);/,
    () => `[Source: ${quoted};`,
  );
}

/** How many alternatives `$or` makes: the product of the branches' counts (§7.2). */
function combinations(object: PatternObject): number {
  let product = 1;
  for (const entry of object.entries.values()) {
    if (entry.kind === 'object') product *= combinations(entry.object);
    else if (entry.kind === 'or') product *= entry.branches.reduce((sum, branch) => sum + combinations(branch), 0);
  }
  return product;
}
