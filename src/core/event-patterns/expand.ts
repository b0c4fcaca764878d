import type { PatternObject } from './pattern.js';
import type { Rule } from './rules.js';

/**
 * One way for a message to match: every key path (`a.b.c`, joined with dots as event-ruler joins them) must
 * satisfy its rules. A policy is the OR of its alternatives; without `$or` there is exactly one.
 */
export type Alternative = ReadonlyMap<string, readonly Rule[]>;

/**
 * Expands `$or` into alternatives, as event-ruler compiles an `$or` into several sub-rules. The complexity limit
 * (≤ 150, every alternative counting at least 1) bounds how many there can be. A path set twice in one
 * alternative keeps its last rules, as event-ruler's rule map does.
 */
export function expandAlternatives(policy: PatternObject): Alternative[] {
  return expand(policy, '', [new Map()]);
}

function expand(object: PatternObject, prefix: string, alternatives: Map<string, readonly Rule[]>[]) {
  let current = alternatives;
  for (const [key, entry] of object.entries) {
    if (entry.kind === 'rules') {
      for (const alternative of current) alternative.set(prefix + key, entry.rules);
    } else if (entry.kind === 'object') {
      current = expand(entry.object, `${prefix}${key}.`, current);
    } else {
      current = entry.branches.flatMap((branch) =>
        expand(
          branch,
          prefix,
          current.map((alternative) => new Map(alternative)),
        ),
      );
    }
  }
  return current;
}
