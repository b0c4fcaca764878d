/**
 * SNS subscription filter policies (docs/aws-behaviour/sns.md §10): SNS's scopes, limits and messages over the
 * event-pattern engine (src/core/event-patterns), and matching of published messages against compiled policies.
 */
export { compileFilterPolicy, type CompiledFilterPolicy } from './compile.js';
export { FilterPolicyError } from './errors.js';
export { filterInput, type FilterInput, type FilterMessageAttribute } from './input.js';
export { MAX_COMBINATIONS, MAX_KEYS, MAX_POLICY_BYTES } from './limits.js';
export type { FilterPolicyOptions, FilterPolicyScope } from './options.js';
