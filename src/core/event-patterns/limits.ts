import type { PatternObject } from './pattern.js';

/**
 * The complexity limits SNS documents for a filter policy (docs/aws-behaviour/sns.md §10.5), which Lambda's filter
 * criteria borrow (docs/aws-behaviour/lambda.md §2.10). A rule answers which limit a pattern exceeds; each service
 * words the error.
 */
export const MAX_KEYS = 5;
export const MAX_COMBINATIONS = 150;

export type ExceededLimit = 'keys' | 'combinations';

/**
 * Top-level keys as written, `$or` counting as one (docs/aws-behaviour/sns.md §12 Q5: whether keys inside `$or` count
 * is unknown), then the combinations.
 */
export function exceededLimit(pattern: PatternObject): ExceededLimit | undefined {
  if (pattern.entries.size > MAX_KEYS) return 'keys';
  if (combinations(pattern, 1) > MAX_COMBINATIONS) return 'combinations';
  return undefined;
}

/**
 * docs/aws-behaviour/sns.md §10.5 [V]: within one object the factors multiply; a value array contributes (number of
 * values × depth of its key), so `{"a":{"b":{"c":[4 values]}}}` contributes 12; `$or` branches are summed, at the depth
 * of the object holding the `$or`. The documented examples: 3·4 × 2·3 × 1·3 = 216 (fails); 24 + 64 + 64 = 152 (fails);
 * 18 + 48 + 84 = 150 (passes).
 */
function combinations(object: PatternObject, depth: number): number {
  let product = 1;
  for (const entry of object.entries.values()) {
    if (entry.kind === 'rules') product *= entry.rules.length * depth;
    else if (entry.kind === 'object') product *= combinations(entry.object, depth + 1);
    else product *= entry.branches.reduce((sum, branch) => sum + combinations(branch, depth), 0);
  }
  return product;
}
