/**
 * A JSONPath Choice rule (docs/aws-behaviour/stepfunctions.md §2.6): a comparison of the `Variable` with a literal
 * or another path, an `Is…` test, or `And`/`Or`/`Not` of rules. A value of another type compares false; a missing
 * Variable fails the state (`States.Runtime`), except for `IsPresent`.
 */
import { isObject, type Json, type JsonObject } from '../asl/json.js';
import { compilePath, PathMissing } from '../asl/jsonpath.js';
import { parseTimestamp } from '../asl/validate.js';
import { readPath, type DataScope } from './payload.js';
import { runtimeError } from './states-error.js';

export function ruleMatches(rule: JsonObject, scope: DataScope): boolean {
  if (Array.isArray(rule['And'])) return rule['And'].every((inner) => ruleMatches(inner as JsonObject, scope));
  if (Array.isArray(rule['Or'])) return rule['Or'].some((inner) => ruleMatches(inner as JsonObject, scope));
  if (isObject(rule['Not'])) return !ruleMatches(rule['Not'], scope);
  const variable = rule['Variable'] as string;
  const operator = Object.keys(rule).find(
    (key) => key !== 'Variable' && key !== 'Next' && key !== 'Comment' && key !== 'Assign',
  )!;
  const expected = rule[operator]!;
  const value = lookup(variable, scope, operator === 'IsPresent');
  if (operator === 'IsPresent') return (value !== undefined) === expected;
  if (value === undefined) return false;
  switch (operator) {
    case 'IsNull':
      return (value === null) === expected;
    case 'IsNumeric':
      return (typeof value === 'number') === expected;
    case 'IsString':
      return (typeof value === 'string') === expected;
    case 'IsBoolean':
      return (typeof value === 'boolean') === expected;
    case 'IsTimestamp':
      return (typeof value === 'string' && parseTimestamp(value) !== undefined) === expected;
  }
  const comparand = operator.endsWith('Path') ? lookup(expected as string, scope, false) : expected;
  const base = operator.endsWith('Path') ? operator.slice(0, -4) : operator;
  return compare(base, value, comparand as Json);
}

function lookup(text: string, scope: DataScope, tolerant: boolean): Json | undefined {
  const path = compilePath(text)!;
  try {
    return readPath(path, scope);
  } catch (error) {
    if (!(error instanceof PathMissing)) throw error;
    if (tolerant) return undefined;
    throw runtimeError(
      scope.state,
      scope.enteredAt,
      `Invalid path '${text}': The choice state's condition path references an invalid value.`,
    );
  }
}

function compare(operator: string, value: Json, expected: Json): boolean {
  if (operator.startsWith('String')) {
    if (typeof value !== 'string' || typeof expected !== 'string') return false;
    switch (operator) {
      case 'StringEquals':
        return value === expected;
      case 'StringLessThan':
        return codePointCompare(value, expected) < 0;
      case 'StringGreaterThan':
        return codePointCompare(value, expected) > 0;
      case 'StringLessThanEquals':
        return codePointCompare(value, expected) <= 0;
      case 'StringGreaterThanEquals':
        return codePointCompare(value, expected) >= 0;
      case 'StringMatches':
        return wildcard(expected).test(value);
    }
  }
  if (operator.startsWith('Numeric')) {
    if (typeof value !== 'number' || typeof expected !== 'number') return false;
    return ordered(operator.slice('Numeric'.length), value - expected);
  }
  if (operator === 'BooleanEquals') return typeof value === 'boolean' && value === expected;
  if (operator.startsWith('Timestamp')) {
    const a = typeof value === 'string' ? parseTimestamp(value) : undefined;
    const b = typeof expected === 'string' ? parseTimestamp(expected) : undefined;
    if (a === undefined || b === undefined) return false;
    return ordered(operator.slice('Timestamp'.length), a - b);
  }
  return false;
}

function ordered(relation: string, difference: number): boolean {
  switch (relation) {
    case 'Equals':
      return difference === 0;
    case 'LessThan':
      return difference < 0;
    case 'GreaterThan':
      return difference > 0;
    case 'LessThanEquals':
      return difference <= 0;
    default:
      return difference >= 0;
  }
}

/** Strings compare by Unicode code point, not UTF-16 unit (§2.6). */
function codePointCompare(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

const patterns = new Map<string, RegExp>();

/** StringMatches: `*` any run of characters, `\*` a star, `\\` a backslash (§2.6). */
function wildcard(pattern: string): RegExp {
  let regex = patterns.get(pattern);
  if (!regex) {
    let source = '';
    for (let i = 0; i < pattern.length; i++) {
      const c = pattern[i]!;
      if (c === '\\' && i + 1 < pattern.length) {
        source += escape(pattern[++i]!);
      } else if (c === '*') source += '[\\s\\S]*';
      else source += escape(c);
    }
    regex = new RegExp(`^${source}$`, 'u');
    patterns.set(pattern, regex);
  }
  return regex;
}

function escape(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
