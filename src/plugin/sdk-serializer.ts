/**
 * The checks the SDK makes before it sends a command: its serializer throws for some values a loosely typed caller
 * can pass (a cycle or a BigInt that reaches `JSON.stringify`, an object `String()` cannot convert), and what throws
 * differs by protocol and by SDK version (docs/aws-behaviour/sdk.md §3.5). The mock answers before the serializer, so
 * for an input that holds such a value it runs the client's own serializer on it first: the command then fails as it
 * would without the mock, with the very error, and nothing is sent.
 */

/** The part of the SDK's MiddlewareStack read here; every version has it (`applyToStack` copies the entries). */
interface StackLike {
  applyToStack(to: object): unknown;
}

type Handler = (args: object) => Promise<unknown>;
type SerializeMiddleware = (next: Handler, context: object) => Handler;

/** The name the SDK's serializer is added under, in every version (getSerdePlugin and getSchemaSerdePlugin). */
const SERIALIZER = 'serializerMiddleware';

/**
 * The endpoint the serializer writes the request for: the mock answers above endpoint resolution (sdk.md §1.2), and
 * the request is never sent.
 */
const NO_ENDPOINT = { url: new URL('https://sqs-sns-mock.invalid/') };

/**
 * Whether `input` holds a value the SDK's serializer may refuse (docs/aws-behaviour/sdk.md §3.5): a BigInt, a Symbol
 * or a function, an object that holds itself, an object without a prototype or with its own conversion (`toString`,
 * `valueOf`, `toJSON`), one that cannot be read (a revoked Proxy), a string with a lone surrogate, `null`, or what
 * reads as an empty URL label (`''`, `[]`). The other values JSON holds, and the objects the SDK takes (a Date, a
 * Uint8Array, a stream), never are. It runs on every command: it reads the keys of the input's plain objects and
 * arrays, and asks V8 whether each string is well formed (at once for a string of Latin-1 characters, a scan of the
 * others).
 */
export function mayFailSerializer(input: unknown): boolean {
  // An input that is no object at all (undefined, a string): the old serializers read its members regardless.
  if (typeof input !== 'object' || input === null) return true;
  try {
    return unusual(input, 0, []);
  } catch {
    return true; // a getter or a Proxy trap that throws, or nesting beyond the stack
  }
}

/** Node 20's `String.prototype.isWellFormed` (ES2024; the project's lib is ES2022). */
interface WellFormed {
  isWellFormed(): boolean;
}

/** `ancestors[0 .. depth)` are the objects that hold `value`, to find one that holds itself. */
function unusual(value: unknown, depth: number, ancestors: object[]): boolean {
  switch (typeof value) {
    case 'string':
      // An empty URL label the REST serializers refuse; a lone surrogate encodeURIComponent refuses (query, URL).
      return value === '' || !(value as unknown as WellFormed).isWellFormed();
    case 'object':
      break;
    case 'number':
    case 'boolean':
    case 'undefined':
      return false;
    default:
      return true; // a BigInt, a Symbol, a function
  }
  if (value === null) return true; // the old serializers call a member's methods
  if (Array.isArray(value)) {
    // String([]) is '': an empty label too.
    if (value.length === 0 || holds(ancestors, depth, value)) return true;
    ancestors[depth] = value;
    for (let i = 0; i < value.length; i++) if (unusual(value[i], depth + 1, ancestors)) return true;
    return false;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype) return prototype === null;
  if (holds(ancestors, depth, value)) return true;
  ancestors[depth] = value;
  for (const key in value) {
    // Members that change how String() or JSON.stringify read the object, which may then throw.
    if (key === 'toString' || key === 'valueOf' || key === 'toJSON') return true;
    // A map's key is written into the request as its values are (a query parameter, a header name).
    if (!(key as unknown as WellFormed).isWellFormed()) return true;
    if (unusual((value as Record<string, unknown>)[key], depth + 1, ancestors)) return true;
  }
  return false;
}

function holds(ancestors: readonly object[], depth: number, object: object): boolean {
  for (let i = 0; i < depth; i++) if (ancestors[i] === object) return true;
  return false;
}

/** The serializer's middleware on `stack`, if it has one. */
function serializerOn(stack: unknown): SerializeMiddleware | undefined {
  if (typeof (stack as StackLike | undefined)?.applyToStack !== 'function') return undefined;
  let found: SerializeMiddleware | undefined;
  const take = (middleware: unknown, options: { name?: string } | undefined) => {
    if (options?.name === SERIALIZER) found = middleware as SerializeMiddleware;
  };
  (stack as StackLike).applyToStack({ add: take, addRelativeTo: take, identifyOnResolve: () => false });
  return found;
}

/**
 * Runs the client's own serializer over the command's input, as the SDK would before sending: resolves when it
 * writes a request, throws what it throws. The serializer sits on the command's stack in older SDKs and on the
 * client's in newer ones; where neither is found (a stack of another shape), nothing is checked.
 */
export async function serializeAsTheSdkWould(
  stacks: readonly unknown[],
  context: object,
  args: { input?: unknown },
): Promise<void> {
  let serializer: SerializeMiddleware | undefined;
  for (const stack of stacks) if ((serializer = serializerOn(stack))) break;
  if (!serializer) return;
  const written: Handler = () => Promise.resolve({ output: {}, response: {} });
  await serializer(written, { ...context, endpointV2: NO_ENDPOINT })(args);
}
