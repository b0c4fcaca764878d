import type { Membership } from './array-consistency.js';
import type { Leaf } from './values.js';

/**
 * An event (an SNS message body, a Lambda record) flattened the way event-ruler flattens a JSON event
 * (docs/aws-behaviour/sns.md §10.3):
 * - each scalar is filed under its key path joined with dots, so `{"a":{"b":1}}` and `{"a.b":1}` both give `a.b`
 *   and a pattern key `"a.b"` meets either [V];
 * - arrays are crushed: every element is filed under the array's own path, through arrays of objects and arrays
 *   of arrays [V];
 * - empty arrays and objects file nothing, so such a key counts as absent for `exists` [V/E];
 * - an object is not a leaf, so `{"a":{"b":1}}` has no value at `a` [E].
 */
export interface EventField {
  readonly values: Leaf[];
  /**
   * Parallel to `values`: each value's place in arrays of objects (see array-consistency.ts), null for a value
   * outside any. The whole list is null while no value of the path has a membership, which is the common case and
   * the fast path of matching.
   */
  memberships: (Membership | null)[] | null;
}

export type EventFields = ReadonlyMap<string, EventField>;

/**
 * Jackson's default nesting limit (`StreamReadConstraints`), as for patterns (src/core/json/json-reader.ts): SNS cannot
 * read a body nested deeper. It also bounds the memberships below, whose copying is quadratic in the depth of nested
 * arrays.
 */
const MAX_NESTING_DEPTH = 1000;

/** Flattens `body`, or returns null when it is not a JSON object: such an event matches no pattern at all [V]. */
export function flattenEvent(body: string): EventFields | null {
  if (nestsDeeperThan(body, MAX_NESTING_DEPTH)) return null;
  let root: unknown;
  try {
    root = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof root !== 'object' || root === null || Array.isArray(root)) return null;
  return flatten(root as Record<string, unknown>);
}

/** Whether the JSON text opens more than `limit` objects and arrays inside one another (strings skipped). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b || code === 0x5b) {
      if (++depth > limit) return true;
    } else if (code === 0x7d || code === 0x5d) {
      depth--;
    }
  }
  return false;
}

interface Pending {
  readonly node: object;
  /** The path of `node` itself; undefined for the root, whose keys are paths on their own. */
  readonly path: string | undefined;
  readonly membership: Membership | null;
}

/** An explicit stack rather than recursion: a 256 KB body can nest deeper than the call stack allows. */
function flatten(root: Record<string, unknown>): Map<string, EventField> {
  const fields = new Map<string, EventField>();
  const stack: Pending[] = [{ node: root, path: undefined, membership: null }];
  let nextArrayId = 0;
  for (let pending = stack.pop(); pending !== undefined; pending = stack.pop()) {
    const { node, path, membership } = pending;
    if (Array.isArray(node)) {
      const arrayId = nextArrayId++;
      const arrayPath = path ?? '';
      for (let index = 0; index < node.length; index++) {
        const element: unknown = node[index];
        if (typeof element === 'object' && element !== null) {
          const inner = membership === null ? [arrayId, index] : [...membership, arrayId, index];
          stack.push({ node: element, path: arrayPath, membership: inner });
        } else {
          addValue(fields, arrayPath, element as Leaf, membership);
        }
      }
      continue;
    }
    for (const [key, value] of Object.entries(node)) {
      const childPath = path === undefined ? key : `${path}.${key}`;
      if (typeof value === 'object' && value !== null) stack.push({ node: value, path: childPath, membership });
      else addValue(fields, childPath, value as Leaf, membership);
    }
  }
  return fields;
}

function addValue(fields: Map<string, EventField>, path: string, value: Leaf, membership: Membership | null): void {
  let field = fields.get(path);
  if (field === undefined) {
    field = { values: [], memberships: null };
    fields.set(path, field);
  }
  if (membership !== null && field.memberships === null) {
    field.memberships = field.values.map(() => null);
  }
  field.values.push(value);
  field.memberships?.push(membership);
}
