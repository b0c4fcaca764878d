/**
 * Which of event-ruler's operators a service's patterns may use (docs/aws-behaviour/eventbridge.md §7.1):
 * - `'sns'`: SNS filter policies and Lambda's filter criteria: no `wildcard`, no `prefix`/`suffix` with
 *   `equals-ignore-case`, `anything-but` with a single `prefix` only (docs/aws-behaviour/sns.md §10.4);
 * - `'eventbridge'`: EventBridge's rules, which have them all (docs/aws-behaviour/eventbridge.md §7.3).
 */
export type PatternGrammar = 'sns' | 'eventbridge';
