import type { GrammarRules } from './grammar.js';
import { inBlock, ipKey, parseIpAddress, type CidrBlock } from './ip.js';
import { satisfiesNumeric, type NumberScale, type NumericCondition } from './numeric.js';
import type { AnythingButExclusion, Rule } from './rules.js';
import type { Leaf } from './values.js';
import { unreachable } from '../util/unreachable.js';
import { compileWildcard } from './wildcard.js';

/**
 * The rules of one policy key, compiled once into lookup structures. A key matches when any of its rules matches
 * (OR). The rules split three ways because they treat a key's values differently:
 * - `exists: false` looks only at absence;
 * - positive rules (`accepts`) are satisfied by any one value; `exists: true` is one of them, satisfied by any value,
 *   null too where the grammar's row says so (grammar.ts: not under SNS, whose guide asks for "a non-null and
 *   non-empty value"). Empty arrays and objects already count as absent (fields.ts); an empty string is a value, as
 *   in event-ruler [I];
 * - `anything-but` rules are kept apart because a `String.Array` needs all of its elements checked (SNS's
 *   `anythingButOnStringArray` switch, src/services/sns/filter-policy/options.ts).
 */
export interface KeyMatcher {
  readonly existsFalse: boolean;
  /** True when some positive rule matches `value`. */
  readonly accepts: (value: Leaf) => boolean;
  /** One predicate per `anything-but` rule, true when that rule does not exclude `value`. */
  readonly anythingBut: readonly ((value: Leaf) => boolean)[];
}

/** The matcher of one key's rules, read with its grammar's row of GRAMMAR_RULES (numbers, `exists` on null). */
export function compileKeyMatcher(rules: readonly Rule[], grammar: GrammarRules): KeyMatcher {
  const parts = new RuleParts(grammar);
  let existsFalse = false;
  const anythingBut: ((value: Leaf) => boolean)[] = [];
  for (const rule of rules) {
    if (rule.kind === 'exists') {
      if (rule.value) parts.acceptsPresent = true;
      else existsFalse = true;
    } else if (rule.kind === 'anything-but') {
      anythingBut.push(notExcludedBy(rule.exclude, grammar.numbers));
    } else {
      parts.add(rule);
    }
  }
  return { existsFalse, accepts: parts.compile(), anythingBut };
}

/** The positive rules of one key, grouped by what they test. */
class RuleParts {
  readonly strings = new Set<string>();
  readonly prefixes: string[] = [];
  readonly suffixes: string[] = [];
  /**
   * `equals-ignore-case` operands, and those of `prefix`/`suffix` with it, lower-cased: case is folded by
   * lower-casing both sides (docs/aws-behaviour/eventbridge.md §7.3).
   */
  readonly lowerCased = new Set<string>();
  readonly lowerPrefixes: string[] = [];
  readonly lowerSuffixes: string[] = [];
  readonly wildcards: ((value: string) => boolean)[] = [];
  /** IP addresses written as exact strings: event-ruler matches them as addresses, so spellings meet. */
  readonly ipKeys = new Set<string>();
  readonly blocks: CidrBlock[] = [];
  /** Exact numbers and `numeric` `=` operands, as comparison keys. */
  readonly numberKeys = new Set<number>();
  /** Exact numbers outside the grammar's range: event-ruler can then only match the same number literally. */
  readonly bigNumbers = new Set<number>();
  readonly ranges: NumericCondition[] = [];
  acceptsTrue = false;
  acceptsFalse = false;
  acceptsNull = false;
  /** `exists: true`. */
  acceptsPresent = false;

  constructor(private readonly grammar: GrammarRules) {}

  add(rule: Exclude<Rule, { kind: 'exists' | 'anything-but' }>): void {
    switch (rule.kind) {
      case 'exact-string':
        this.strings.add(rule.value);
        if (rule.ip !== undefined) this.ipKeys.add(ipKey(rule.ip));
        break;
      case 'exact-number': {
        const key = this.grammar.numbers.key(rule.value);
        if (key === undefined) this.bigNumbers.add(rule.value);
        else this.numberKeys.add(key);
        break;
      }
      case 'literal':
        if (rule.value === true) this.acceptsTrue = true;
        else if (rule.value === false) this.acceptsFalse = true;
        else this.acceptsNull = true;
        break;
      case 'prefix':
        this.prefixes.push(rule.value);
        break;
      case 'suffix':
        this.suffixes.push(rule.value);
        break;
      case 'equals-ignore-case':
        this.lowerCased.add(rule.value.toLowerCase());
        break;
      case 'prefix-ignore-case':
        this.lowerPrefixes.push(rule.value.toLowerCase());
        break;
      case 'suffix-ignore-case':
        this.lowerSuffixes.push(rule.value.toLowerCase());
        break;
      case 'wildcard':
        this.wildcards.push(compileWildcard(rule.value));
        break;
      case 'numeric':
        if (rule.condition.kind === 'equals') this.numberKeys.add(rule.condition.key);
        else this.ranges.push(rule.condition);
        break;
      case 'cidr':
        this.blocks.push(rule.block);
        break;
      default:
        unreachable(rule);
    }
  }

  /** One closure per key; the checks a key has no rules for cost an empty-collection test at most. */
  compile(): (value: Leaf) => boolean {
    const { strings, prefixes, suffixes, lowerCased, ipKeys, blocks, numberKeys, bigNumbers, ranges } = this;
    const { acceptsTrue, acceptsFalse, acceptsNull, lowerPrefixes, lowerSuffixes, wildcards } = this;
    const acceptsPresent = this.acceptsPresent;
    const presentNull = this.grammar.existsMatchesNull;
    const scale = this.grammar.numbers;
    const foldsCase = lowerCased.size > 0 || lowerPrefixes.length > 0 || lowerSuffixes.length > 0;
    const testsText = prefixes.length > 0 || suffixes.length > 0 || foldsCase || wildcards.length > 0;
    const testsIp = ipKeys.size > 0 || blocks.length > 0;
    const matchesString = (value: string): boolean => {
      if (strings.has(value)) return true;
      if (testsText) {
        for (const prefix of prefixes) if (value.startsWith(prefix)) return true;
        for (const suffix of suffixes) if (value.endsWith(suffix)) return true;
        if (foldsCase && matchesFolded(value.toLowerCase())) return true;
        for (const wildcard of wildcards) if (wildcard(value)) return true;
      }
      if (testsIp) {
        const address = parseIpAddress(value);
        if (address !== undefined) {
          if (ipKeys.has(ipKey(address))) return true;
          for (const block of blocks) if (inBlock(address, block)) return true;
        }
      }
      return false;
    };
    const matchesFolded = (lower: string): boolean => {
      if (lowerCased.has(lower)) return true;
      for (const prefix of lowerPrefixes) if (lower.startsWith(prefix)) return true;
      for (const suffix of lowerSuffixes) if (lower.endsWith(suffix)) return true;
      return false;
    };
    const matchesNumber = (value: number): boolean => {
      const key = scale.key(value);
      if (key === undefined) return bigNumbers.has(value);
      if (numberKeys.has(key)) return true;
      for (const range of ranges) if (satisfiesNumeric(range, key)) return true;
      return false;
    };
    return (value) => {
      if (acceptsPresent && (value !== null || presentNull)) return true;
      switch (typeof value) {
        case 'string':
          return matchesString(value);
        case 'number':
          return matchesNumber(value);
        case 'boolean':
          return value ? acceptsTrue : acceptsFalse;
        default:
          return acceptsNull;
      }
    };
  }
}

/**
 * An `anything-but` rule never excludes a value of another type: `{"anything-but": ["100"]}` accepts the number
 * 100, and `{"anything-but": [100]}` the string "100", as in event-ruler, where only a value of the listed kind
 * can fail it [E]. It still needs a value: an absent key never matches it [V].
 */
function notExcludedBy(exclude: AnythingButExclusion, scale: NumberScale): (value: Leaf) => boolean {
  switch (exclude.kind) {
    case 'strings': {
      const values = new Set(exclude.values);
      return (value) => typeof value !== 'string' || !values.has(value);
    }
    case 'numbers': {
      const keys = new Set(exclude.keys);
      return (value) => {
        if (typeof value !== 'number') return true;
        const key = scale.key(value);
        return key === undefined || !keys.has(key);
      };
    }
    case 'prefix': {
      const { values } = exclude;
      return (value) => typeof value !== 'string' || !values.some((prefix) => value.startsWith(prefix));
    }
    case 'suffix': {
      const { values } = exclude;
      return (value) => typeof value !== 'string' || !values.some((suffix) => value.endsWith(suffix));
    }
    case 'equals-ignore-case': {
      const lowered = new Set(exclude.values.map((text) => text.toLowerCase()));
      return (value) => typeof value !== 'string' || !lowered.has(value.toLowerCase());
    }
    case 'wildcard': {
      const matchers = exclude.values.map(compileWildcard);
      return (value) => typeof value !== 'string' || !matchers.some((matches) => matches(value));
    }
    default:
      return unreachable(exclude);
  }
}
