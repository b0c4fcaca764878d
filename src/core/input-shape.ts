/**
 * The JSON types of an action's input members, as a service's request deserializer holds a request to them before any
 * action runs (docs/aws-behaviour/eventbridge.md §9.1). The SDK serializes a member as the caller wrote it, whatever
 * its declared type (`{ Name: 5 }` goes out as `{"Name":5}`), so a loosely typed caller reaches AWS with a wrong type;
 * AWS JSON and REST-JSON services then answer 400 `SerializationException` and the action never runs. A leaf module:
 * each service declares its actions' shapes (`<service>/actions/input-shapes.ts`) and the registry checks them.
 */

/**
 * `string`, `number` (integers and longs: a BigInt counts, the SDK writes it as a JSON number), `boolean`,
 * `timestamp` (a Date in process, epoch seconds on the wire), or `text`: a member the SDK sends in the URL (a REST
 * path label or query parameter), where any scalar goes out as its text.
 */
export type Scalar = 'string' | 'number' | 'boolean' | 'timestamp' | 'text';

export interface ListOf {
  readonly list: InputShape;
}
export interface MapOf {
  readonly map: InputShape;
}
/** A structure's declared members; members it does not declare are left as sent (the request layer ignores them). */
export interface Structure {
  readonly members: Readonly<Record<string, InputShape>>;
}
export type InputShape = Scalar | ListOf | MapOf | Structure;

export const listOf = (item: InputShape): ListOf => ({ list: item });
export const mapOf = (value: InputShape): MapOf => ({ map: value });
export const structure = (members: Readonly<Record<string, InputShape>> = {}): Structure => ({ members });

/**
 * What became of a NaN or ±Infinity the caller gave for a number (docs/aws-behaviour/sdk.md §3.8): the SDKs that
 * serialize by schema write it as the string `"NaN"` (`"Infinity"`), which the request layer refuses as any string
 * where a number belongs (`refused`, also over the wire, where JSON holds no other NaN); the older ones, with a
 * serializer generated per operation, write `null`, which AWS reads as no value (`absent`).
 */
export type NonFiniteNumbers = 'refused' | 'absent';

/**
 * How the client whose resolved `config` sent the command writes a NaN: a schema-serializing client has a `protocol`
 * object in its config, the older ones do not. A request with no client (the wire's, the emulation's own) is refused.
 */
export function nonFiniteNumbersOf(config: object | undefined): NonFiniteNumbers {
  if (config === undefined) return 'refused';
  return typeof (config as { protocol?: unknown }).protocol === 'object' ? 'refused' : 'absent';
}

/**
 * Where a value first fails its shape: the member's path (`Targets.1.RetryPolicy`), the type it should be, and what
 * was found there: an object, a list, or a value of another kind.
 */
export interface ShapeMismatch {
  readonly path: string;
  readonly expected: string;
  readonly found: 'structure' | 'list' | 'other';
}

class Mismatch {
  constructor(readonly found: ShapeMismatch) {}
}

/**
 * `input` held to `shape`: the input as the action takes it (the same object unless a BigInt became a number or a
 * URL member its text, or a null member or list item was left out, then a copy: the caller's input is never
 * changed), or the first mismatch. A null member is absent, as the SDK and AWS's request layer read it. The walk
 * follows the shape, not the value, so a value that holds itself ends it too.
 */
export function conformInput(
  input: object,
  shape: Structure,
  nonFinite: NonFiniteNumbers = 'refused',
): { readonly input: object; readonly mismatch?: undefined } | { readonly mismatch: ShapeMismatch } {
  try {
    return { input: conform(input, shape, '', nonFinite) as object };
  } catch (error) {
    if (error instanceof Mismatch) return { mismatch: error.found };
    throw error;
  }
}

function conform(value: unknown, shape: InputShape, path: string, nonFinite: NonFiniteNumbers): unknown {
  if (value === undefined || value === null) return value;
  if (typeof shape === 'string') return scalar(value, shape, path, nonFinite);
  if ('list' in shape) {
    if (!Array.isArray(value)) throw mismatch(path, 'a list', value);
    return conformList(value, (item, index) => conform(item, shape.list, join(path, String(index + 1)), nonFinite));
  }
  if (!isObject(value)) throw mismatch(path, 'map' in shape ? 'a map' : 'a structure', value);
  const members = 'map' in shape ? undefined : shape.members;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const memberShape = members ? members[key] : (shape as MapOf).map;
    if (memberShape === undefined) continue;
    const member = (value as Record<string, unknown>)[key];
    const conformed = member === null ? null : conform(member, memberShape, join(path, key), nonFinite);
    if (conformed === null) delete (copy ??= { ...value })[key];
    else if (conformed !== member) (copy ??= { ...value })[key] = conformed;
  }
  return copy ?? value;
}

function scalar(value: unknown, shape: Scalar, path: string, nonFinite: NonFiniteNumbers): unknown {
  switch (shape) {
    case 'string':
      if (typeof value === 'string') return value;
      throw mismatch(path, 'a string', value);
    case 'number':
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      if (typeof value === 'number' && nonFinite === 'absent') return null;
      if (typeof value === 'bigint') return Number(value);
      throw mismatch(path, 'a number', value);
    case 'boolean':
      if (typeof value === 'boolean') return value;
      throw mismatch(path, 'a boolean', value);
    case 'timestamp':
      if (value instanceof Date || typeof value === 'number') return value;
      throw mismatch(path, 'a timestamp', value);
    case 'text':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
      throw mismatch(path, 'a string', value);
  }
}

/**
 * The list's items conformed; a null or undefined item is left out, as the SDK's serializer leaves it out of a list
 * that is not sparse (none of these services' lists is), so AWS never sees it.
 */
function conformList(items: readonly unknown[], each: (item: unknown, index: number) => unknown): unknown[] {
  let copy: unknown[] | undefined;
  items.forEach((item, index) => {
    if (item === null || item === undefined) {
      copy ??= items.slice(0, index);
      return;
    }
    const conformed = each(item, index);
    if (conformed === null) copy ??= items.slice(0, index);
    else if (copy) copy.push(conformed);
    else if (conformed !== item) (copy = items.slice(0, index)).push(conformed);
  });
  return copy ?? (items as unknown[]);
}

/** A JSON object: not a list, a Date, bytes, a function or a symbol; an object without a prototype is one. */
function isObject(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    !ArrayBuffer.isView(value)
  );
}

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);
function mismatch(path: string, expected: string, value: unknown): Mismatch {
  const found = Array.isArray(value) ? 'list' : isObject(value) ? 'structure' : 'other';
  return new Mismatch({ path, expected, found });
}
