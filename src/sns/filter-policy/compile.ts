import { consistentChoiceExists, type Membership } from './array-consistency.js';
import type { BodyField, BodyFields } from './body-fields.js';
import { expandAlternatives } from './expand.js';
import type { FilterInput } from './input.js';
import { readJson } from './json-reader.js';
import { compileKeyMatcher, type KeyMatcher } from './key-matcher.js';
import { checkLimits, checkSize } from './limits.js';
import { resolveOptions, type FilterPolicyOptions, type FilterPolicyScope, type ResolvedOptions } from './options.js';
import { FilterPolicyError } from './errors.js';
import { parsePolicy, type PolicyObject } from './policy.js';
import type { Rule } from './rules.js';
import type { Leaf } from './values.js';
import { unreachable } from '../../util/unreachable.js';

export interface CompiledFilterPolicy {
  readonly scope: FilterPolicyScope;
  /** True when the subscription accepts the message. Never throws. */
  matches(input: FilterInput): boolean;
}

/**
 * Parses, validates and compiles a policy (docs/aws-behaviour/sns.md §10). Validation order: size, JSON syntax,
 * event-ruler's checks in document order, then SNS's scope, key-count and complexity checks (limits.ts). Throws a
 * FilterPolicyError carrying AWS's message. The result holds only closures and lookup structures; matching never looks
 * at JSON again.
 *
 * An empty policy string means "no policy" to SNS [V]; that decision belongs to the caller, which should not call
 * this for `""`.
 */
export function compileFilterPolicy(
  policyJson: string,
  scope: FilterPolicyScope,
  options?: FilterPolicyOptions,
): CompiledFilterPolicy {
  if (scope !== 'MessageAttributes' && scope !== 'MessageBody') {
    throw new TypeError(`Unknown filter policy scope: ${String(scope)}`);
  }
  checkSize(policyJson);
  const policy = parseLocated(policyJson);
  checkLimits(policy, scope);
  const alternatives = compileAlternatives(expandAlternatives(policy));
  const resolved = resolveOptions(options);
  if (scope === 'MessageAttributes') return new AttributePolicy(alternatives, resolved);
  return new BodyPolicy(alternatives, resolved);
}

/** The policy's structure; event-ruler's refusals quote the policy text with where its parser stood. */
function parseLocated(policyJson: string): PolicyObject {
  const document = readJson(policyJson);
  try {
    return parsePolicy(document);
  } catch (error) {
    throw error instanceof FilterPolicyError ? error.locatedIn(policyJson) : error;
  }
}

/** One key of one alternative. Conditions shared by several `$or` alternatives are one object, with one `id`. */
interface Condition {
  readonly id: number;
  readonly path: string;
  readonly matcher: KeyMatcher;
}

interface CompiledAlternatives {
  readonly list: readonly (readonly Condition[])[];
  readonly conditionCount: number;
}

function compileAlternatives(expanded: readonly ReadonlyMap<string, readonly Rule[]>[]): CompiledAlternatives {
  const matchers = new Map<readonly Rule[], KeyMatcher>();
  const conditions = new Map<string, Map<readonly Rule[], Condition>>();
  let conditionCount = 0;
  const list = expanded.map((alternative) =>
    [...alternative].map(([path, rules]) => {
      let byRules = conditions.get(path);
      if (byRules === undefined) conditions.set(path, (byRules = new Map()));
      let condition = byRules.get(rules);
      if (condition === undefined) {
        let matcher = matchers.get(rules);
        if (matcher === undefined) matchers.set(rules, (matcher = compileKeyMatcher(rules)));
        condition = { id: conditionCount++, path, matcher };
        byRules.set(rules, condition);
      }
      return condition;
    }),
  );
  return { list, conditionCount };
}

/** Scope MessageAttributes: keys are attribute names; every condition is a yes/no about one attribute. */
class AttributePolicy implements CompiledFilterPolicy {
  readonly scope = 'MessageAttributes';

  constructor(
    private readonly alternatives: CompiledAlternatives,
    private readonly options: ResolvedOptions,
  ) {}

  matches(input: FilterInput): boolean {
    // A message without attributes is filtered out before any rule is looked at, so even `{"exists": false}` fails
    // (SNS Developer Guide, "Key matching", Note; SNS counts these as
    // NumberOfNotificationsFilteredOut-NoMessageAttributes).
    if (input.attributeCount === 0) return false;
    const { list, conditionCount } = this.alternatives;
    if (list.length === 1) {
      for (const condition of list[0] as readonly Condition[]) if (!this.holds(condition, input)) return false;
      return true;
    }
    // Several alternatives (`$or`) repeat conditions; evaluate each once. 0 = not yet, 1 = holds, 2 = fails.
    const memo = new Uint8Array(conditionCount);
    return list.some((alternative) =>
      alternative.every((condition) => {
        if (memo[condition.id] === 0) memo[condition.id] = this.holds(condition, input) ? 1 : 2;
        return memo[condition.id] === 1;
      }),
    );
  }

  private holds({ path, matcher }: Condition, input: FilterInput): boolean {
    const value = input.attributeValue(path);
    switch (value.kind) {
      case 'absent':
        // A missing attribute fails every rule but {"exists": false}, anything-but and null included [V].
        return matcher.existsFalse;
      case 'invalid':
        return false;
      case 'scalar':
        return matcher.accepts(value.leaf) || matcher.anythingBut.some((ok) => ok(value.leaf));
      case 'array': {
        const { leaves } = value;
        if (leaves.some(matcher.accepts)) return true;
        if (matcher.anythingBut.length === 0) return false;
        // docs/aws-behaviour/sns.md §12 Q1, options.ts: current docs by default (no element may be excluded).
        return this.options.anythingButOnStringArray === 'none-listed'
          ? matcher.anythingBut.some((ok) => leaves.every(ok))
          : leaves.some((leaf) => matcher.anythingBut.some((ok) => ok(leaf)));
      }
      default:
        return unreachable(value);
    }
  }
}

/** What one condition allows: nothing, anything (no array constraint), or a choice among array positions. */
type Candidates = 'none' | 'free' | Membership[];

/** Scope MessageBody: keys are dotted paths into the body, which must be a JSON object [V]. */
class BodyPolicy implements CompiledFilterPolicy {
  readonly scope = 'MessageBody';

  constructor(
    private readonly alternatives: CompiledAlternatives,
    private readonly options: ResolvedOptions,
  ) {}

  matches(input: FilterInput): boolean {
    const fields = input.bodyFields();
    // Only a body that is not a JSON object is filtered out up front. `{}` is one: a policy of `{"exists": false}` keys
    // alone matches it, as event-ruler matches an empty event; the attributes scope's no-attributes rule is not
    // documented for bodies (docs/aws-behaviour/sns.md §10.3) [I].
    if (fields === null) return false;
    return this.alternatives.list.some((alternative) => this.alternativeMatches(alternative, fields));
  }

  private alternativeMatches(alternative: readonly Condition[], fields: BodyFields): boolean {
    let constrained: Membership[][] | undefined;
    for (const { path, matcher } of alternative) {
      const field = fields.get(path);
      if (field === undefined) {
        if (matcher.existsFalse) continue;
        return false;
      }
      const candidates = this.candidates(matcher, field);
      if (candidates === 'none') return false;
      if (candidates !== 'free') (constrained ??= []).push(candidates);
    }
    // One constrained key can always pick some position; two or more must agree (array-consistency.ts).
    return constrained === undefined || constrained.length < 2 || consistentChoiceExists(constrained);
  }

  private candidates(matcher: KeyMatcher, field: BodyField): Candidates {
    const { values, memberships } = field;
    // docs/aws-behaviour/sns.md §12 Q1, options.ts: for body arrays an anything-but is satisfied by any element it does
    // not exclude, by default (the documented {"price": [100, 50]} example); 'none-listed' requires every element to
    // pass.
    const anyElement = this.options.anythingButOnBodyArray === 'any-element';
    const passes = (value: Leaf): boolean =>
      matcher.accepts(value) || (anyElement && matcher.anythingBut.some((ok) => ok(value)));
    const noneExcluded =
      !anyElement && matcher.anythingBut.length > 0 && matcher.anythingBut.some((ok) => values.every(ok));
    if (memberships === null) {
      return noneExcluded || values.some(passes) ? 'free' : 'none';
    }
    const taken: Membership[] = [];
    for (let i = 0; i < values.length; i++) {
      if (!(noneExcluded || passes(values[i] as Leaf))) continue;
      const membership = memberships[i];
      // A value outside arrays of objects agrees with every other choice.
      if (membership === null || membership === undefined) return 'free';
      taken.push(membership);
    }
    return taken.length > 0 ? taken : 'none';
  }
}
