import { FilterPolicyError } from './errors.js';
import { BODY_NOT_AN_OBJECT, NO_ATTRIBUTES, observedAttribute } from './explain.js';
import type { FilterInput } from './input.js';
import { checkLimits, checkSize } from './limits.js';
import { bodyPatternOptions, type FilterPolicyOptions, type FilterPolicyScope } from './options.js';
import {
  anyAlternative,
  EventPattern,
  keyMiss,
  parseEventPattern,
  PatternError,
  type CompiledAlternatives,
  type Condition,
  type KeyMatcher,
  type Leaf,
  type PatternObject,
} from '../../../core/event-patterns/index.js';
import { JsonSyntaxError } from '../../../core/json/json-reader.js';
import { unreachable } from '../../../core/util/unreachable.js';

export interface CompiledFilterPolicy {
  readonly scope: FilterPolicyScope;
  /** The policy's `$or` alternatives with their conditions: what a topic's subscription index files it by. */
  readonly alternatives: CompiledAlternatives;
  /** True when the subscription accepts the message. Never throws. */
  matches(input: FilterInput): boolean;
  /**
   * Why the policy does not accept the message (`type: "OrderCreated" is not one of ["order.created"]`), in one
   * bounded line (src/core/event-patterns/explain.ts); undefined when it does. Slower than `matches`: only for a miss.
   */
  explainMiss(input: FilterInput): string | undefined;
}

/**
 * Parses, validates and compiles a policy (docs/aws-behaviour/sns.md §10). Validation order: size, JSON syntax,
 * event-ruler's checks in document order (src/core/event-patterns), then SNS's scope, key-count and complexity checks
 * (limits.ts). Throws a FilterPolicyError carrying AWS's message.
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
  const policy = parsePolicy(policyJson);
  checkLimits(policy, scope);
  if (scope === 'MessageAttributes') {
    const { alternatives } = new EventPattern(policy);
    return new AttributePolicy(alternatives, options?.anythingButOnStringArray ?? 'none-listed');
  }
  return new BodyPolicy(new EventPattern(policy, bodyPatternOptions(options)));
}

/** The engine's reading of the policy, its refusals worded as SNS words them (after `FilterPolicy: `). */
function parsePolicy(policyJson: string): PatternObject {
  try {
    return parseEventPattern(policyJson);
  } catch (error) {
    if (error instanceof PatternError || error instanceof JsonSyntaxError) throw new FilterPolicyError(error.message);
    throw error;
  }
}

/** Scope MessageAttributes: keys are attribute names; every condition is a yes/no about one attribute. */
class AttributePolicy implements CompiledFilterPolicy {
  readonly scope = 'MessageAttributes';

  constructor(
    readonly alternatives: CompiledAlternatives,
    private readonly anythingButOnStringArray: NonNullable<FilterPolicyOptions['anythingButOnStringArray']>,
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

  explainMiss(input: FilterInput): string | undefined {
    if (input.attributeCount === 0) return NO_ATTRIBUTES;
    const reasons: string[] = [];
    for (const alternative of this.alternatives.list) {
      const failing = alternative.find((condition) => !this.holds(condition, input));
      if (failing === undefined) return undefined;
      const observed = observedAttribute(input, failing.path, input.attributeValue(failing.path));
      reasons.push(keyMiss(failing, observed, this.anythingButOnStringArray === 'any-element'));
    }
    return anyAlternative(reasons);
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
        return matcher.accepts(value.leaf) || anyAccepts(matcher.anythingBut, value.leaf);
      case 'array':
        return this.holdsForArray(matcher, value.leaves);
      default:
        return unreachable(value);
    }
  }

  // Apart from `holds`: its closures would make every call allocate a context for the variables they share.
  private holdsForArray(matcher: KeyMatcher, leaves: readonly Leaf[]): boolean {
    if (leaves.some(matcher.accepts)) return true;
    if (matcher.anythingBut.length === 0) return false;
    // docs/aws-behaviour/sns.md §12 Q1, options.ts: current docs by default (no element may be excluded).
    return this.anythingButOnStringArray === 'none-listed'
      ? matcher.anythingBut.some((ok) => leaves.every(ok))
      : leaves.some((leaf) => anyAccepts(matcher.anythingBut, leaf));
  }
}

/** Whether any of the anything-but checks lets `leaf` through (a loop: `holds` must create no closure). */
function anyAccepts(checks: readonly ((value: Leaf) => boolean)[], leaf: Leaf): boolean {
  for (const ok of checks) if (ok(leaf)) return true;
  return false;
}

/** Scope MessageBody: the body is the event the engine matches, flattened once per message (input.ts). */
class BodyPolicy implements CompiledFilterPolicy {
  readonly scope = 'MessageBody';
  readonly alternatives: CompiledAlternatives;

  constructor(private readonly pattern: EventPattern) {
    this.alternatives = pattern.alternatives;
  }

  matches(input: FilterInput): boolean {
    return this.pattern.matches(input.bodyFields());
  }

  explainMiss(input: FilterInput): string | undefined {
    const fields = input.bodyFields();
    return fields === null ? BODY_NOT_AN_OBJECT : this.pattern.explainMiss(fields);
  }
}
