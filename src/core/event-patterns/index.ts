/**
 * Event patterns in event-ruler's grammar (docs/aws-behaviour/sns.md §10): parsing with event-ruler's messages, and
 * matching of JSON events against compiled patterns. SNS filter policies, Lambda's filter criteria and
 * EventBridge rules are built on it; each service keeps its own limits, scopes and error texts.
 */
export {
  EventPattern,
  explainMiss,
  parseEventPattern,
  type CompiledAlternatives,
  type Condition,
  type EventPatternOptions,
} from './compile.js';
export { PatternError } from './errors.js';
export { GRAMMAR_RULES, type GrammarRules, type PatternGrammar } from './grammar.js';
export { patternWildcardComplexity } from './wildcard-complexity.js';
export { anyAlternative, keyMiss, show, type Observed } from './explain.js';
export { flattenEvent, nestsDeeperThan, type EventFields } from './fields.js';
export type { KeyMatcher } from './key-matcher.js';
export { exceededLimit, MAX_COMBINATIONS, MAX_KEYS, type ExceededLimit } from './limits.js';
export type { PatternObject } from './pattern.js';
export type { Leaf } from './values.js';
