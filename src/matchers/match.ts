/**
 * When a message body matches what a test expects. Framework-neutral: the only equality used is the
 * `equals` the test framework hands its matchers, so asymmetric matchers (`expect.any(Number)`,
 * `expect.stringMatching(/x/)` …) and the user's custom equality testers work at any depth.
 */

/** What `toContainMessage`, `toHaveDeadLetter` and `toHavePublished` look for. */
export type MessageMatch = string | object;

/** The framework's deep equality, which understands asymmetric matchers on either side. */
export type Equals = (actual: unknown, expected: unknown) => boolean;

/** The shape vitest's and jest's asymmetric matchers share (both mark it with `asymmetricMatch`). */
export interface AsymmetricMatcherLike {
  asymmetricMatch(other: unknown): boolean;
  toString(): string;
  toAsymmetricMatcher?(): string;
  sample?: unknown;
}

export function isAsymmetricMatcher(value: unknown): value is AsymmetricMatcherLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { asymmetricMatch?: unknown }).asymmetricMatch === 'function'
  );
}

/**
 * Does `body` match `expected`?
 * - a string: the body is exactly that string;
 * - `expect.stringContaining` / `stringMatching` (or their `.not` forms): applied to the raw body;
 * - any other asymmetric matcher (`expect.objectContaining`, `expect.anything()`, …): applied to the
 *   body parsed as JSON;
 * - an object or array: the body is JSON that contains it (see `containsDeep`).
 * Where JSON is needed, a body that is not JSON never matches. Each matcher sees one value, the raw or
 * the parsed body, never "either": with either, `expect.not.stringContaining('x')` would accept every
 * JSON body, since a parsed object is not a string containing 'x'.
 */
export function bodyMatches(body: string, expected: MessageMatch, equals: Equals): boolean {
  if (typeof expected === 'string') return body === expected;
  if (isAsymmetricMatcher(expected) && STRING_MATCHERS.has(expected.toString())) return equals(body, expected);
  const parsed = parseJson(body);
  return parsed.ok && containsDeep(parsed.value, expected, equals);
}

/** How vitest's and jest's string matchers name themselves (`toString()`). */
const STRING_MATCHERS = new Set(['StringContaining', 'StringNotContaining', 'StringMatching', 'StringNotMatching']);

/**
 * `actual` contains `expected`, as `toMatchObject` reads it: an object matches when every key of the
 * expected object matches, recursively (other keys are ignored); an array matches an array of the same
 * length element by element (each element partially, so `[{ id: 1 }]` matches `[{"id":1,"qty":2}]`;
 * for "contains these elements" use `expect.arrayContaining`). A key expected as `undefined` must be
 * absent, since JSON has no `undefined`. Anything else goes to the framework's `equals`.
 */
export function containsDeep(actual: unknown, expected: unknown, equals: Equals): boolean {
  if (isAsymmetricMatcher(expected)) return equals(actual, expected);
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, i) => containsDeep(actual[i], item, equals))
    );
  }
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return false;
    return Object.keys(expected).every((key) =>
      expected[key] === undefined
        ? !Object.hasOwn(actual, key)
        : Object.hasOwn(actual, key) && containsDeep(actual[key], expected[key], equals),
    );
  }
  return equals(actual, expected);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function parseJson(body: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch {
    return { ok: false };
  }
}

/** What an expected attribute is compared with: an SQS or SNS message attribute as the views show it. */
export interface AttributeValueLike {
  readonly DataType: string;
  readonly StringValue?: string;
  readonly BinaryValue?: Uint8Array;
}

/**
 * What `attributes` of toContainMessage and toHavePublished expects of one attribute:
 * - a string, or a number (a `Number` attribute's value as text), is the attribute's `StringValue`;
 * - an asymmetric matcher applies to the value (`StringValue`, or `BinaryValue` for a Binary attribute);
 * - a plain object matches the whole attribute partially (`{ DataType: 'Number' }`,
 *   `{ DataType: 'String', StringValue: 'a' }`);
 * - `undefined`: the message must not carry the attribute.
 */
export type AttributeMatch = string | number | object | undefined;

/** The message carries every attribute of `expected` as it says (other attributes are ignored). */
export function attributesMatch(
  actual: Readonly<Record<string, AttributeValueLike>>,
  expected: Readonly<Record<string, AttributeMatch>>,
  equals: Equals,
): boolean {
  return Object.keys(expected).every((name) => {
    const wanted = expected[name];
    const attribute = Object.hasOwn(actual, name) ? actual[name] : undefined;
    if (wanted === undefined) return attribute === undefined;
    if (attribute === undefined) return false;
    if (typeof wanted === 'string' || typeof wanted === 'number') return attribute.StringValue === String(wanted);
    if (isPlainObject(wanted)) return containsDeep(attribute, wanted, equals);
    return equals(attribute.StringValue ?? attribute.BinaryValue, wanted);
  });
}
