import { fail, FilterPolicyError } from './errors.js';
import type { PolicyObject } from './policy.js';
import type { FilterPolicyScope } from './options.js';

/**
 * SNS's own checks, made after event-ruler has accepted the policy's syntax: their messages carry no Jackson
 * location [V], and a malformed nested policy under MessageAttributes reports the syntax error, not the scope [V].
 * Their order among themselves is not known; ours is scope, keys, complexity.
 */

/** "The maximum size of a filter policy is 256 KB" [D], counted here in UTF-8 bytes. */
export const MAX_POLICY_BYTES = 256 * 1024;
export const MAX_KEYS = 5;
export const MAX_COMBINATIONS = 150;

/** The size check runs before parsing. AWS's message for it is unknown (inferred wording). */
export function checkSize(policyJson: string): void {
  if (Buffer.byteLength(policyJson, 'utf8') > MAX_POLICY_BYTES) {
    throw fail('Filter policy is too large');
  }
}

export function checkLimits(policy: PolicyObject, scope: FilterPolicyScope): void {
  if (scope === 'MessageAttributes' && isNested(policy)) {
    throw new FilterPolicyError('Filter policy scope MessageAttributes does not support nested filter policy', {
      labelled: false,
    });
  }
  // Top-level keys as written, `$or` counting as one (docs/aws-behaviour/sns.md §12 Q5: whether keys inside `$or` count
  // is unknown).
  if (policy.entries.size > MAX_KEYS) throw fail(`Filter policy can not have more than ${MAX_KEYS} keys`);
  if (combinations(policy, 1) > MAX_COMBINATIONS) throw fail('Filter policy is too complex');
}

function isNested(object: PolicyObject): boolean {
  for (const entry of object.entries.values()) {
    if (entry.kind === 'object') return true;
    if (entry.kind === 'or' && entry.branches.some(isNested)) return true;
  }
  return false;
}

/**
 * docs/aws-behaviour/sns.md §10.5 [V]: within one object the factors multiply; a value array contributes (number of
 * values × depth of its key), so `{"a":{"b":{"c":[4 values]}}}` contributes 12; `$or` branches are summed, at the depth
 * of the object holding the `$or`. The documented examples: 3·4 × 2·3 × 1·3 = 216 (fails); 24 + 64 + 64 = 152 (fails);
 * 18 + 48 + 84 = 150 (passes).
 */
export function combinations(object: PolicyObject, depth: number): number {
  let product = 1;
  for (const entry of object.entries.values()) {
    if (entry.kind === 'rules') product *= entry.rules.length * depth;
    else if (entry.kind === 'object') product *= combinations(entry.object, depth + 1);
    else product *= entry.branches.reduce((sum, branch) => sum + combinations(branch, depth), 0);
  }
  return product;
}
