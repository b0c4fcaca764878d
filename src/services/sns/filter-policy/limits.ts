import { FilterPolicyError } from './errors.js';
import type { FilterPolicyScope } from './options.js';
import { exceededLimit, MAX_COMBINATIONS, MAX_KEYS } from '../../../core/event-patterns/limits.js';
import type { PatternObject } from '../../../core/event-patterns/pattern.js';

/**
 * SNS's own checks, made after event-ruler has accepted the policy's syntax: their messages carry no Jackson
 * location [V], and a malformed nested policy under MessageAttributes reports the syntax error, not the scope [V].
 * Their order among themselves is not known; ours is scope, keys, complexity.
 */

/** "The maximum size of a filter policy is 256 KB" [D], counted here in UTF-8 bytes. */
export const MAX_POLICY_BYTES = 256 * 1024;
export { MAX_COMBINATIONS, MAX_KEYS };

/** The size check runs before parsing. AWS's message for it is unknown (inferred wording). */
export function checkSize(policyJson: string): void {
  if (Buffer.byteLength(policyJson, 'utf8') > MAX_POLICY_BYTES) {
    throw new FilterPolicyError('Filter policy is too large');
  }
}

export function checkLimits(policy: PatternObject, scope: FilterPolicyScope): void {
  if (scope === 'MessageAttributes' && isNested(policy)) {
    throw new FilterPolicyError('Filter policy scope MessageAttributes does not support nested filter policy', {
      labelled: false,
    });
  }
  const exceeded = exceededLimit(policy);
  if (exceeded === 'keys') throw new FilterPolicyError(`Filter policy can not have more than ${MAX_KEYS} keys`);
  if (exceeded === 'combinations') throw new FilterPolicyError('Filter policy is too complex');
}

function isNested(object: PatternObject): boolean {
  for (const entry of object.entries.values()) {
    if (entry.kind === 'object') return true;
    if (entry.kind === 'or' && entry.branches.some(isNested)) return true;
  }
  return false;
}
