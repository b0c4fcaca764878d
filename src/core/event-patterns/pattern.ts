import { fail } from './errors.js';
import type { PatternGrammar } from './grammar.js';
import { afterToken, type JsonNode } from '../json/json-reader.js';
import { parseRules, type Rule } from './rules.js';

/**
 * The structure of a policy: objects of keys, each key holding rules, a nested object (MessageBody scope), or an
 * `$or` of alternative objects. Built by walking the JSON tree in document order, so the first problem reported is
 * the one event-ruler, streaming the same text, would report, and where its parser would stand then (the offsets
 * given to `fail`: `afterToken` of the token it had just read, a container's `end` once it read the close marker).
 */
export interface PatternObject {
  /** The service reading whose operators and limits the pattern was parsed with (grammar.ts). */
  readonly grammar: PatternGrammar;
  /** Insertion-ordered; a repeated key keeps its first position and its last value, as event-ruler's rule map does. */
  readonly entries: ReadonlyMap<string, PatternEntry>;
}

export type PatternEntry =
  | { readonly kind: 'rules'; readonly rules: readonly Rule[] }
  | { readonly kind: 'object'; readonly object: PatternObject }
  | { readonly kind: 'or'; readonly branches: readonly PatternObject[] };

export function parsePattern(root: JsonNode, grammar: PatternGrammar): PatternObject {
  if (root.kind !== 'object') throw fail('Filter is not an object', afterToken(root));
  return parseObject(root, grammar);
}

function parseObject(node: JsonNode & { kind: 'object' }, grammar: PatternGrammar): PatternObject {
  if (node.entries.length === 0) throw fail('Empty objects are not allowed', node.end);
  const entries = new Map<string, PatternEntry>();
  for (const { key, value } of node.entries) {
    if (key === OR_KEY && isOrRelationship(value)) {
      entries.set(key, {
        kind: 'or',
        branches: value.items.map((branch) => parseObject(branch as ObjectNode, grammar)),
      });
    } else if (value.kind === 'object') {
      entries.set(key, { kind: 'object', object: parseObject(value, grammar) });
    } else if (value.kind === 'array') {
      entries.set(key, { kind: 'rules', rules: parseRules(value, grammar) });
    } else {
      throw fail(`"${key}" must be an object or an array`, afterToken(value));
    }
  }
  return { grammar, entries };
}

type ObjectNode = JsonNode & { kind: 'object' };

const OR_KEY = '$or';

/**
 * SNS treats `"$or"` as an OR only when its value is an array of at least two objects, none of which has a reserved
 * word as a key; otherwise `$or` is an ordinary key, validated like any other [D: "AND/OR logic"].
 */
function isOrRelationship(value: JsonNode): value is JsonNode & { kind: 'array'; items: readonly ObjectNode[] } {
  if (value.kind !== 'array' || value.items.length < 2) return false;
  return value.items.every(
    (item) => item.kind === 'object' && item.entries.every(({ key }) => !RESERVED_IN_OR.has(key)),
  );
}

/** event-ruler's `RESERVED_FIELD_NAMES_IN_OR_RELATIONSHIP`. */
const RESERVED_IN_OR: ReadonlySet<string> = new Set([
  'exactly',
  'equals-ignore-case',
  'prefix',
  'suffix',
  'anything-but',
  'exists',
  'wildcard',
  'numeric',
  'cidr',
  '=',
  '<',
  '<=',
  '>',
  '>=',
  'regex',
  'not-wildcard',
  'not-equals-ignore-case',
  'date-after',
  'date-on-or-after',
  'date-before',
  'date-on-or-before',
  'in-date-range',
  'ip-address-in-range',
  'ip-address-not-in-range',
]);
