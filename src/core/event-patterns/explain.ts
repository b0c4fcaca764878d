import type { Condition } from './condition.js';
import type { EventField } from './fields.js';
import type { NumericCondition } from './numeric.js';
import type { AnythingButExclusion, Rule } from './rules.js';
import type { Leaf } from './values.js';
import { unreachable } from '../util/unreachable.js';

/**
 * Why an event did not match a pattern, in one line for a person: the key, the pattern's condition and the event's
 * value, e.g. `type: "OrderCreated" is not one of ["order.created"]`, `amount: 50 is not >= 100`,
 * `type: no such attribute`. Built only for a miss, after matching said no: matching itself never builds text. The
 * caller finds the failing key with the matcher's own checks, so a reason never disagrees with the verdict; this file
 * only words it.
 *
 * Everything quoted is cut: a message value, a policy value or a key to MAX_QUOTED_CHARS, a list to MAX_LISTED
 * items, a key's reason to MAX_KEY_REASON_CHARS and the whole reason to MAX_REASON_CHARS, so a 256 KB body is never
 * copied into a reason.
 */

export const MAX_QUOTED_CHARS = 100;
export const MAX_LISTED = 10;
export const MAX_KEY_REASON_CHARS = 400;
export const MAX_REASON_CHARS = 1000;

/** What the event holds at one key, as the reason shows it. */
export type Observed =
  /** Nothing the key can match; `why` says so in the scope's words (`no such attribute`). */
  | { readonly kind: 'absent'; readonly why: string }
  /** A value the scope could not read as its type says (`"abc" is not a valid Number`). */
  | { readonly kind: 'unreadable'; readonly why: string }
  /** The values filed under the key: one, or the elements of an array. */
  | { readonly kind: 'values'; readonly values: readonly Leaf[] };

/** The body-scope text for a message, or a Lambda record, that is not a JSON object: it matches no pattern. */
export const NOT_AN_OBJECT = 'the event is not a JSON object';

/** A flattened event's field as the reason shows it. */
export function observedField(field: EventField | undefined): Observed {
  return field === undefined ? { kind: 'absent', why: 'no such key' } : { kind: 'values', values: field.values };
}

/**
 * Why `condition` fails for `observed`. `anyElement`: whether an array passes an `anything-but` when some element is
 * not excluded (otherwise, when none is), as the caller's matcher reads it.
 */
export function keyMiss(condition: Condition, observed: Observed, anyElement: boolean): string {
  return cut(
    `${cut(condition.path, MAX_QUOTED_CHARS)}: ${valueMiss(condition.rules, observed, anyElement)}`,
    MAX_KEY_REASON_CHARS,
  );
}

function valueMiss(rules: readonly Rule[], observed: Observed, anyElement: boolean): string {
  if (observed.kind !== 'values') return observed.why;
  const { values } = observed;
  const single = values.length === 1 ? (values[0] as Leaf) : undefined;
  const many = single === undefined && values.length > 0;
  const clauses: string[] = [];
  const positive = rules.filter(isPositive);
  if (positive.length > 0) {
    const wanted = requirements(positive);
    clauses.push(many ? `has no element that is ${wanted}` : `is not ${wanted}${typeHint(single, positive)}`);
  }
  for (const rule of rules) {
    if (rule.kind !== 'anything-but') continue;
    const excluded = `excluded by ${exclusion(rule.exclude)}`;
    clauses.push(
      !many ? `is ${excluded}` : anyElement ? `has every element ${excluded}` : `has an element ${excluded}`,
    );
  }
  if (rules.some((rule) => rule.kind === 'exists' && !rule.value)) clauses.push('is present (exists: false)');
  const subject = many ? listed(values.map(show)) : show(single ?? null);
  return `${subject} ${clauses.length > 0 ? clauses.join(', and ') : 'matches none of its rules'}`;
}

type PositiveRule = Exclude<Rule, { kind: 'anything-but' } | { kind: 'exists'; value: false }>;

function isPositive(rule: Rule): rule is PositiveRule {
  return rule.kind !== 'anything-but' && !(rule.kind === 'exists' && !rule.value);
}

/** The positive rules as one phrase: exact values first as one list, then each operator in policy order. */
function requirements(rules: readonly PositiveRule[]): string {
  const exact: string[] = [];
  const others: string[] = [];
  for (const rule of rules) {
    switch (rule.kind) {
      case 'exact-string':
        exact.push(quote(rule.value));
        break;
      case 'exact-number':
      case 'literal':
        exact.push(String(rule.value));
        break;
      case 'prefix':
        others.push(`prefixed by ${quote(rule.value)}`);
        break;
      case 'suffix':
        others.push(`suffixed by ${quote(rule.value)}`);
        break;
      case 'equals-ignore-case':
        others.push(`${quote(rule.value)} ignoring case`);
        break;
      case 'prefix-ignore-case':
        others.push(`prefixed by ${quote(rule.value)} ignoring case`);
        break;
      case 'suffix-ignore-case':
        others.push(`suffixed by ${quote(rule.value)} ignoring case`);
        break;
      case 'wildcard':
        others.push(`like wildcard ${quote(rule.value)}`);
        break;
      case 'numeric':
        others.push(numericText(rule.condition));
        break;
      case 'exists':
        others.push('non-null (exists: true)');
        break;
      case 'cidr':
        others.push(`in ${cut(rule.text, MAX_QUOTED_CHARS)}`);
        break;
      default:
        unreachable(rule);
    }
  }
  const phrases = exact.length > 0 ? [`one of ${listed(exact)}`, ...others] : others;
  return phrases.length > MAX_LISTED
    ? `${phrases.slice(0, MAX_LISTED).join(' or ')} or ${phrases.length - MAX_LISTED} more`
    : phrases.join(' or ');
}

/** A string meets only string rules and a number only numeric ones (values.ts): say so when that is the miss. */
function typeHint(value: Leaf | undefined, rules: readonly PositiveRule[]): string {
  if (typeof value === 'string' && rules.every((rule) => rule.kind === 'numeric' || rule.kind === 'exact-number')) {
    return ' (a string: numeric conditions match only numbers)';
  }
  if (typeof value === 'number' && rules.every((rule) => STRING_RULES.has(rule.kind))) {
    return ' (a number: string conditions match only strings)';
  }
  return '';
}

const STRING_RULES: ReadonlySet<Rule['kind']> = new Set([
  'exact-string',
  'prefix',
  'suffix',
  'equals-ignore-case',
  'prefix-ignore-case',
  'suffix-ignore-case',
  'wildcard',
  'cidr',
]);

/** `= 5`, `>= 100`, `> 0 and <= 5`: a one-sided comparison was stored running to the limit on its other side. */
function numericText(condition: NumericCondition): string {
  const { scale } = condition;
  if (condition.kind === 'equals') return `= ${scale.numberOf(condition.key)}`;
  const lower = `${condition.lowerOpen ? '>' : '>='} ${scale.numberOf(condition.lower)}`;
  const upper = `${condition.upperOpen ? '<' : '<='} ${scale.numberOf(condition.upper)}`;
  if (condition.upper === scale.limitKey && !condition.upperOpen) return lower;
  if (condition.lower === -scale.limitKey && !condition.lowerOpen) return upper;
  return `${lower} and ${upper}`;
}

function exclusion(exclude: AnythingButExclusion): string {
  switch (exclude.kind) {
    case 'strings':
      return `anything-but ${listed(exclude.values.map(quote))}`;
    case 'numbers':
      return `anything-but ${listed(exclude.keys.map((key) => String(exclude.scale.numberOf(key))))}`;
    case 'prefix':
    case 'suffix':
    case 'wildcard':
      return `anything-but ${exclude.kind} ${oneOrList(exclude.values)}`;
    case 'equals-ignore-case':
      return `anything-but ${oneOrList(exclude.values)} ignoring case`;
    default:
      return unreachable(exclude);
  }
}

/** `"a"` for one value (as SNS's single anything-but prefix reads), `["a", "b"]` for several. */
function oneOrList(values: readonly string[]): string {
  return values.length === 1 ? quote(values[0] as string) : listed(values.map(quote));
}

/** Keys that each hold alone, but only in different elements of one array of objects (array-consistency.ts). */
export function splitAcrossElements(paths: readonly string[]): string {
  const keys = listed(paths.map((path) => cut(path, MAX_QUOTED_CHARS))).slice(1, -1);
  return cut(`${keys}: each matches, but not within one element of the same array`, MAX_KEY_REASON_CHARS);
}

/**
 * One reason for a pattern whose alternatives (`$or`, or a mapping's several filters: `noun`) all failed: the
 * alternatives' reasons, each once, as long as they fit in MAX_REASON_CHARS. When all failed for the same reason (a
 * key outside the `$or`), that reason alone.
 */
export function anyAlternative(reasons: readonly string[], noun = '$or alternative'): string {
  const distinct = [...new Set(reasons)];
  if (distinct.length === 1) return distinct[0] as string;
  let text = `no ${noun} matched: `;
  for (let i = 0; i < distinct.length; i++) {
    const reason = distinct[i] as string;
    const rest = distinct.length - i;
    const room = MAX_REASON_CHARS - text.length - (rest > 1 ? 20 : 0);
    if (i > 0 && reason.length + 2 > room) return `${text}; … (${rest} more)`;
    text += (i > 0 ? '; ' : '') + cut(reason, room);
  }
  return text;
}

/** A message or policy value as a reason quotes it: strings in JSON quotes, cut to MAX_QUOTED_CHARS. */
export function show(value: Leaf): string {
  return typeof value === 'string' ? quote(value) : String(value);
}

function quote(text: string): string {
  return JSON.stringify(cut(text, MAX_QUOTED_CHARS));
}

/** `[a, b, …]`, at most MAX_LISTED items. */
function listed(items: readonly string[]): string {
  if (items.length <= MAX_LISTED) return `[${items.join(', ')}]`;
  return `[${items.slice(0, MAX_LISTED).join(', ')}, … (${items.length - MAX_LISTED} more)]`;
}

/** `text` cut to `max` characters, the last of them `…` when cut. */
export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}
