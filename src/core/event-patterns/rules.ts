import { fail } from './errors.js';
import { GRAMMAR_RULES, type PatternGrammar } from './grammar.js';
import { parseCidr, parseIpAddress, type CidrBlock, type IpAddress } from './ip.js';
import { afterToken, type JsonEntry, type JsonNode } from '../json/json-reader.js';
import { parseNumericCondition, TOO_MANY_ELEMENTS, type NumberScale, type NumericCondition } from './numeric.js';
import { unreachable } from '../util/unreachable.js';
import { checkWildcard } from './wildcard.js';

/**
 * One entry of a policy's value array (`"key": [rule, rule, …]`), validated. The checks follow event-ruler's
 * `JsonRuleCompiler`: under the `'sns'` grammar the era SNS behaves like (it has `suffix` and `equals-ignore-case` but
 * refuses `anything-but` with `suffix`, docs/aws-behaviour/sns.md §10.4), under `'eventbridge'` the current one with
 * `wildcard`, `prefix`/`suffix` with `equals-ignore-case` and `anything-but` with `suffix`, `equals-ignore-case`,
 * `wildcard` and lists (docs/aws-behaviour/eventbridge.md §7.3): same order, same messages, reported where its parser
 * stands (pattern.ts). Refusals raised outside the parser carry no location: CIDR blocks, and a single `anything-but`
 * number out of range.
 */
export type Rule =
  /** A string value. `ip` is set when the string is an IP address: event-ruler then matches it as an address. */
  | { readonly kind: 'exact-string'; readonly value: string; readonly ip: IpAddress | undefined }
  | { readonly kind: 'exact-number'; readonly value: number }
  | { readonly kind: 'literal'; readonly value: boolean | null }
  | { readonly kind: 'prefix'; readonly value: string }
  | { readonly kind: 'suffix'; readonly value: string }
  | { readonly kind: 'equals-ignore-case'; readonly value: string }
  | { readonly kind: 'prefix-ignore-case'; readonly value: string }
  | { readonly kind: 'suffix-ignore-case'; readonly value: string }
  /** `value` as written, escapes included (wildcard.ts reads it). */
  | { readonly kind: 'wildcard'; readonly value: string }
  | { readonly kind: 'anything-but'; readonly exclude: AnythingButExclusion }
  | { readonly kind: 'numeric'; readonly condition: NumericCondition }
  | { readonly kind: 'exists'; readonly value: boolean }
  /** `text` as written, which a reason for a miss quotes. */
  | { readonly kind: 'cidr'; readonly block: CidrBlock; readonly text: string };

export type AnythingButExclusion =
  | { readonly kind: 'strings'; readonly values: readonly string[] }
  /** Keys of `scale`, the pattern's numbers. */
  | { readonly kind: 'numbers'; readonly keys: readonly number[]; readonly scale: NumberScale }
  | { readonly kind: 'prefix'; readonly values: readonly string[] }
  | { readonly kind: 'suffix'; readonly values: readonly string[] }
  | { readonly kind: 'equals-ignore-case'; readonly values: readonly string[] }
  | { readonly kind: 'wildcard'; readonly values: readonly string[] };

type ObjectNode = JsonNode & { kind: 'object' };

/** Parses the value array of one policy key, item by item. */
export function parseRules(array: JsonNode & { kind: 'array' }, grammar: PatternGrammar): Rule[] {
  const rules: Rule[] = [];
  for (const item of array.items) rules.push(parseRule(item, grammar));
  // event-ruler reports an empty array only after the loop, which for an empty array is the same thing.
  if (rules.length === 0) throw fail('Empty arrays are not allowed', array.end);
  return rules;
}

function parseRule(item: JsonNode, grammar: PatternGrammar): Rule {
  switch (item.kind) {
    case 'string':
      return { kind: 'exact-string', value: item.value, ip: parseIpAddress(item.value) };
    case 'number':
      return { kind: 'exact-number', value: item.value };
    case 'boolean':
      return { kind: 'literal', value: item.value };
    case 'null':
      return { kind: 'literal', value: null };
    case 'object':
      return parseMatchExpression(item, grammar);
    case 'array':
      throw fail('Match value must be String, number, true, false, or null', afterToken(item));
    default:
      return unreachable(item);
  }
}

/**
 * Operators SNS accepts, and under the `'eventbridge'` grammar EventBridge's too. event-ruler also knows `exactly`;
 * neither service documents it (docs/aws-behaviour/sns.md §12 Q2).
 */
function parseMatchExpression(expression: ObjectNode, grammar: PatternGrammar): Rule {
  const [first, ...rest] = expression.entries;
  if (first === undefined) throw fail('Match expression name not found', expression.end);
  const { key: operator, value: operand } = first;
  /** Refuses a second key with `message`, where the parser stands once it has read that key. */
  const noSecondKey = (message: string): void => {
    if (rest[0] !== undefined) throw fail(message, afterToken(rest[0].value));
  };
  const onlyOneKey = (): void => noSecondKey('Only one key allowed in match expression');
  const eventBridge = grammar === 'eventbridge';
  switch (operator) {
    case 'prefix':
    case 'suffix':
      if (eventBridge && operand.kind === 'object') return parseIgnoreCaseAffix(operator, operand);
    // falls through: a string operand
    case 'equals-ignore-case': {
      const value = stringOperand(operand, operator);
      onlyOneKey();
      return { kind: operator, value };
    }
    case 'numeric': {
      const condition = parseNumericCondition(operand, GRAMMAR_RULES[grammar].numbers);
      noSecondKey(TOO_MANY_ELEMENTS);
      return { kind: 'numeric', condition };
    }
    case 'anything-but': {
      if (operand.kind === 'object') {
        const exclude = eventBridge ? parseAnythingButSet(operand) : parseAnythingButOperator(operand);
        onlyOneKey();
        return { kind: 'anything-but', exclude };
      }
      const exclude = parseAnythingButValues(operand, GRAMMAR_RULES[grammar].numbers);
      noSecondKey(TOO_MANY_ELEMENTS);
      return { kind: 'anything-but', exclude };
    }
    case 'exists': {
      if (operand.kind !== 'boolean')
        throw fail('exists match pattern must be either true or false.', afterToken(operand));
      onlyOneKey();
      return { kind: 'exists', value: operand.value };
    }
    case 'cidr': {
      // Sic: event-ruler reuses the prefix message here [V].
      if (operand.kind !== 'string') throw fail('prefix match pattern must be a string', afterToken(operand));
      const block = parseCidr(operand.value);
      onlyOneKey();
      return { kind: 'cidr', block, text: operand.value };
    }
    case 'wildcard': {
      if (!eventBridge) throw fail(`Unrecognized match type ${operator}`, afterToken(operand));
      const value = stringOperand(operand, operator);
      checkWildcard(value, operand.end);
      onlyOneKey();
      return { kind: 'wildcard', value };
    }
    default:
      throw fail(`Unrecognized match type ${operator}`, afterToken(operand));
  }
}

/** `{"prefix": {"equals-ignore-case": "x"}}` and the same for `suffix` (EventBridge grammar). */
function parseIgnoreCaseAffix(operator: 'prefix' | 'suffix', operand: ObjectNode): Rule {
  const [first, second]: readonly (JsonEntry | undefined)[] = operand.entries;
  const capitalised = operator === 'prefix' ? 'Prefix' : 'Suffix';
  if (first === undefined) throw fail(`${capitalised} expression name not found`, operand.end);
  if (first.key !== 'equals-ignore-case') {
    throw fail(`Unsupported ${operator} pattern: ${first.key}`, afterToken(first.value));
  }
  const value = stringOperand(first.value, 'equals-ignore-case');
  if (second !== undefined) throw fail('Only one key allowed in match expression', afterToken(second.value));
  return { kind: operator === 'prefix' ? 'prefix-ignore-case' : 'suffix-ignore-case', value };
}

function stringOperand(operand: JsonNode, operator: string): string {
  if (operand.kind !== 'string') throw fail(`${operator} match pattern must be a string`, afterToken(operand));
  return operand.value;
}

/**
 * `{"anything-but": {"prefix": "x"}}` is the only operator form SNS accepts; `suffix` was refused in 2024-05 [V],
 * and `equals-ignore-case`/`wildcard` are treated the same (docs/aws-behaviour/sns.md §10.4).
 */
function parseAnythingButOperator(operator: ObjectNode): AnythingButExclusion {
  const [first, second]: readonly (JsonEntry | undefined)[] = operator.entries;
  if (first === undefined) throw fail('Anything-But expression name not found', operator.end);
  if (first.key !== 'prefix') throw fail(`Unsupported anything-but pattern: ${first.key}`, afterToken(first.value));
  const prefix = stringOperand(first.value, 'prefix');
  if (prefix === '') throw fail('Null prefix not allowed', first.value.end);
  if (second !== undefined) throw fail('Only one key allowed in match expression', afterToken(second.value));
  return { kind: 'prefix', values: [prefix] };
}

const ANYTHING_BUT_SET_KINDS = ['prefix', 'suffix', 'equals-ignore-case', 'wildcard'] as const;
type AnythingButSetKind = (typeof ANYTHING_BUT_SET_KINDS)[number];

/**
 * `{"anything-but": {"prefix"|"suffix"|"equals-ignore-case"|"wildcard": "x" or ["x", …]}}` as the EventBridge
 * grammar takes it (docs/aws-behaviour/eventbridge.md §7.3): event-ruler's messages, in its order.
 */
function parseAnythingButSet(operator: ObjectNode): AnythingButExclusion {
  const [first, second]: readonly (JsonEntry | undefined)[] = operator.entries;
  if (first === undefined) throw fail('Anything-But expression name not found', operator.end);
  const kind = ANYTHING_BUT_SET_KINDS.find((known) => known === first.key);
  if (kind === undefined) throw fail(`Unsupported anything-but pattern: ${first.key}`, afterToken(first.value));
  const operand = first.value;
  const items = operand.kind === 'array' ? operand.items : [operand];
  if (operand.kind !== 'array' && operand.kind !== 'string' && operand.kind !== 'number') {
    throw fail('Value of anything-but must be an array or single string/number value.', afterToken(operand));
  }
  const values: string[] = [];
  // A list's refusals are raised in event-ruler's loop, which catches and raises them again (PatternError).
  const relocated = operand.kind === 'array';
  for (const item of items) {
    if (item.kind !== 'string') throw fail(notAStringInSet(kind), afterToken(item), relocated);
    if ((kind === 'prefix' || kind === 'suffix') && item.value === '') {
      throw fail('Null prefix/suffix not allowed', item.end, relocated);
    }
    values.push(item.value);
  }
  if (kind === 'wildcard') for (const value of values) checkWildcard(value, operand.end);
  if (second !== undefined) throw fail(TOO_MANY_ELEMENTS, afterToken(second.value));
  return { kind, values };
}

function notAStringInSet(kind: AnythingButSetKind): string {
  if (kind === 'equals-ignore-case') {
    return 'Inside anything-but/equals-ignore-case list, number|start|null|boolean is not supported.';
  }
  return kind === 'wildcard'
    ? 'wildcard match pattern must be a string'
    : 'prefix/suffix match pattern must be a string';
}

/** A single string or number, or a non-empty list of only strings or only numbers. */
function parseAnythingButValues(operand: JsonNode, scale: NumberScale): AnythingButExclusion {
  if (operand.kind === 'string') return { kind: 'strings', values: [operand.value] };
  if (operand.kind === 'number') return { kind: 'numbers', keys: [scale.patternKey(operand.value)], scale };
  if (operand.kind !== 'array') {
    throw fail('Value of anything-but must be an array or single string/number value.', afterToken(operand));
  }
  const strings: string[] = [];
  const keys: number[] = [];
  for (const item of operand.items) {
    if (item.kind === 'string') strings.push(item.value);
    else if (item.kind === 'number') keys.push(scale.patternKey(item.value, item.end));
    // Raised in event-ruler's loop, which catches and raises it again (PatternError).
    else throw fail('Inside anything but list, start|null|boolean is not supported.', afterToken(item), true);
  }
  if (strings.length > 0 === keys.length > 0) {
    throw fail(
      'Inside anything but list, either all values are number or string, mixed type is not supported',
      operand.end,
    );
  }
  return strings.length > 0 ? { kind: 'strings', values: strings } : { kind: 'numbers', keys, scale };
}
