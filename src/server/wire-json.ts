/**
 * JSON as the AWS JSON and REST-JSON protocols write it (docs/aws-behaviour/wire.md §4.1–§4.2): blobs are base64
 * strings, timestamps epoch seconds. The actions take and give the SDK's values (Uint8Array, Date), so the codec
 * converts at the edge and nowhere else.
 */

/** A binding's blob members (core/wire/binding.ts): blobs, and lists of blobs, wherever they are nested. */
interface BlobMembers {
  readonly members: ReadonlySet<string>;
  readonly lists: ReadonlySet<string>;
}

/** The value with its blobs decoded; the parts that hold none are the value's own, not copies. */
export function decodeBlobs(value: unknown, blobs: BlobMembers): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let decoded: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = decodeBlobs(value[i], blobs);
      if (item !== value[i]) (decoded ??= [...value])[i] = item;
    }
    return decoded ?? value;
  }
  let decoded: Record<string, unknown> | undefined;
  const source = value as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    const member = source[key];
    let item: unknown;
    if (blobs.members.has(key) && typeof member === 'string') item = fromBase64(member);
    else if (blobs.lists.has(key) && Array.isArray(member))
      item = member.map((entry) => (typeof entry === 'string' ? fromBase64(entry) : entry));
    else item = decodeBlobs(member, blobs);
    if (item !== member) (decoded ??= { ...source })[key] = item;
  }
  return decoded ?? value;
}

export const fromBase64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64'));
export const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/** An action's output as JSON text: Uint8Array as base64, Date as epoch seconds, symbols (metadata) dropped. */
export function wireJson(output: object): string {
  // Most outputs hold neither; JSON.stringify without a replacer is then several times cheaper.
  if (!holdsWireValue(output)) return JSON.stringify(output);
  return JSON.stringify(output, function (this: Record<string, unknown>, key, value: unknown) {
    const raw = this[key];
    if (raw instanceof Date) return raw.getTime() / 1000;
    if (raw instanceof Uint8Array) return toBase64(raw);
    return value;
  });
}

function holdsWireValue(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (value instanceof Date || value instanceof Uint8Array) return true;
  if (Array.isArray(value)) return value.some(holdsWireValue);
  for (const key in value) if (holdsWireValue((value as Record<string, unknown>)[key])) return true;
  return false;
}

/**
 * Jackson's default nesting limit (`StreamReadConstraints`), which the AWS JSON readers keep: a body nested deeper is
 * not JSON to them (docs/aws-behaviour/wire.md §4.7), and here it would overflow the stack of every walk over it.
 */
const MAX_NESTING_DEPTH = 1000;
/** A body nested past the limit has at least two brackets a level: a shorter one is not walked. */
const SHORTEST_TOO_DEEP = 2 * (MAX_NESTING_DEPTH + 1);

/**
 * The body as a JSON object, `{}` when empty; undefined when it is not a JSON object, or nests past the limit
 * (wire.md §4.7).
 */
export function parseJsonObject(body: Buffer): Record<string, unknown> | undefined {
  if (body.length === 0) return {};
  const text = body.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Blank text is no JSON: checked only then, as a body that parses is never blank.
    return text.trim() === '' ? {} : undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  if (body.length >= SHORTEST_TOO_DEEP && nestsPast(parsed, 1)) return undefined;
  return parsed as Record<string, unknown>;
}

/** Whether `value`, an object or array at `depth`, holds one deeper than the limit; stops at the first. */
function nestsPast(value: object, depth: number): boolean {
  if (depth > MAX_NESTING_DEPTH) return true;
  for (const key in value) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== null && typeof member === 'object' && nestsPast(member, depth + 1)) return true;
  }
  return false;
}
