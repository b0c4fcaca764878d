import { consistentChoiceExists, type Membership } from './array-consistency.js';
import type { Condition } from './condition.js';
import { PatternError } from './errors.js';
import { GRAMMAR_RULES, type GrammarRules, type PatternGrammar } from './grammar.js';
import { expandAlternatives } from './expand.js';
import { anyAlternative, keyMiss, NOT_AN_OBJECT, observedField, splitAcrossElements } from './explain.js';
import { flattenEvent, type EventField, type EventFields } from './fields.js';
import { compileKeyMatcher, type KeyMatcher } from './key-matcher.js';
import { parsePattern, type PatternObject } from './pattern.js';
import type { Rule } from './rules.js';
import type { Leaf } from './values.js';
import { readJson } from '../json/json-reader.js';

/**
 * Reads a pattern's text: JSON syntax (a JsonSyntaxError in Jackson's words), then event-ruler's checks in document
 * order (a PatternError quoting the pattern with where event-ruler's parser stood), with the operators of `grammar`.
 */
export function parseEventPattern(text: string, grammar: PatternGrammar = 'sns'): PatternObject {
  const document = readJson(text);
  try {
    return parsePattern(document, grammar);
  } catch (error) {
    throw error instanceof PatternError ? error.locatedIn(text) : error;
  }
}

/** Switches for behaviour that AWS has not been seen to settle (docs/aws-behaviour/sns.md §12). */
export interface EventPatternOptions {
  /**
   * `anything-but` against an array in the event (§12 Q1). `'any-element'` (default, SNS's documented `[100, 50]`
   * example): some element is not excluded. `'none-listed'`: no element is excluded.
   */
  readonly anythingButOnArray?: 'any-element' | 'none-listed';
}

export type { Condition } from './condition.js';

export interface CompiledAlternatives {
  readonly list: readonly (readonly Condition[])[];
  readonly conditionCount: number;
}

/** What one condition allows: nothing, anything (no array constraint), or a choice among array positions. */
type Candidates = 'none' | 'free' | Membership[];

/** An alternative whose keys each hold, but in different elements of one array of objects. */
const SPLIT_ACROSS_ELEMENTS = 'split across elements';
type Inconsistent = typeof SPLIT_ACROSS_ELEMENTS;

/**
 * A pattern compiled against JSON events flattened by `flattenEvent`: keys are dotted paths into the event, which must
 * be a JSON object [V]. It holds only closures and lookup structures; matching never looks at JSON again.
 */
export class EventPattern {
  /** The pattern's `$or` alternatives with their compiled conditions, for matchers over other inputs. */
  readonly alternatives: CompiledAlternatives;
  private readonly anyElement: boolean;

  constructor(pattern: PatternObject, options?: EventPatternOptions) {
    this.alternatives = compileAlternatives(expandAlternatives(pattern), GRAMMAR_RULES[pattern.grammar]);
    this.anyElement = (options?.anythingButOnArray ?? 'any-element') === 'any-element';
  }

  /** True when the event matches. Never throws. */
  matches(fields: EventFields | null): boolean {
    // Only an event that is not a JSON object is filtered out up front. `{}` is one: a pattern of `{"exists": false}`
    // keys alone matches it, as event-ruler matches an empty event; SNS's attributes scope's no-attributes rule is not
    // documented for bodies (docs/aws-behaviour/sns.md §10.3) [I].
    if (fields === null) return false;
    return this.alternatives.list.some((alternative) => this.failure(alternative, fields) === undefined);
  }

  /**
   * Why the event does not match, in one line (explain.ts): the first failing key of each `$or` alternative, in the
   * pattern's key order. Undefined when it matches. Only for a miss: matching never builds text.
   */
  explainMiss(fields: EventFields | null): string | undefined {
    if (fields === null) return NOT_AN_OBJECT;
    const reasons: string[] = [];
    for (const alternative of this.alternatives.list) {
      const failure = this.failure(alternative, fields);
      if (failure === undefined) return undefined;
      reasons.push(
        failure === SPLIT_ACROSS_ELEMENTS
          ? splitAcrossElements(this.constrainedPaths(alternative, fields))
          : keyMiss(failure, observedField(fields.get(failure.path)), this.anyElement),
      );
    }
    return anyAlternative(reasons);
  }

  /**
   * The first condition of `alternative` the event fails, in the pattern's key order; SPLIT_ACROSS_ELEMENTS when
   * each holds alone but not within one element of an array of objects; undefined when the alternative matches.
   */
  private failure(alternative: readonly Condition[], fields: EventFields): Condition | Inconsistent | undefined {
    let constrained: Membership[][] | undefined;
    for (const condition of alternative) {
      const field = fields.get(condition.path);
      if (field === undefined) {
        if (condition.matcher.existsFalse) continue;
        return condition;
      }
      const candidates = this.candidates(condition.matcher, field);
      if (candidates === 'none') return condition;
      if (candidates !== 'free') (constrained ??= []).push(candidates);
    }
    // One constrained key can always pick some position; two or more must agree (array-consistency.ts).
    if (constrained === undefined || constrained.length < 2 || consistentChoiceExists(constrained)) return undefined;
    return SPLIT_ACROSS_ELEMENTS;
  }

  /** The keys of `alternative` that hold only at some positions of arrays of objects. */
  private constrainedPaths(alternative: readonly Condition[], fields: EventFields): string[] {
    return alternative
      .filter(({ path, matcher }) => {
        const field = fields.get(path);
        return field !== undefined && Array.isArray(this.candidates(matcher, field));
      })
      .map(({ path }) => path);
  }

  private candidates(matcher: KeyMatcher, field: EventField): Candidates {
    const { values, memberships } = field;
    // docs/aws-behaviour/sns.md §12 Q1, EventPatternOptions: for arrays an anything-but is satisfied by any element it
    // does not exclude, by default (the documented {"price": [100, 50]} example); 'none-listed' requires every element
    // to pass.
    const anyElement = this.anyElement;
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

/**
 * Why `event` (JSON text, or already flattened by `flattenEvent`) does not match `pattern`, in one bounded line
 * (explain.ts); undefined when it matches. For records of a miss: call it only once matching said no, or lazily.
 */
export function explainMiss(pattern: EventPattern, event: string | EventFields | null): string | undefined {
  return pattern.explainMiss(typeof event === 'string' ? flattenEvent(event) : event);
}

function compileAlternatives(
  expanded: readonly ReadonlyMap<string, readonly Rule[]>[],
  grammar: GrammarRules,
): CompiledAlternatives {
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
        if (matcher === undefined) matchers.set(rules, (matcher = compileKeyMatcher(rules, grammar)));
        condition = { id: conditionCount++, path, matcher, rules };
        byRules.set(rules, condition);
      }
      return condition;
    }),
  );
  return { list, conditionCount };
}
