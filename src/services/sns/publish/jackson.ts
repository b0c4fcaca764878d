/**
 * JSON text as SNS writes it (the envelope is written by Jackson, a Java library): strings escape `"`, `\` and
 * control characters only (`\b \t \n \f \r`, others as `\u00XX` with upper-case hex); `/` and non-ASCII text
 * are written as they are. Objects in the envelope use Jackson's pretty printer: two-space indent and " : "
 * between a name and its value. Both were checked byte for byte against real deliveries, whose MD5OfBody
 * matched.
 */
const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\f': '\\f',
  '\r': '\\r',
};

const NEEDS_ESCAPE = /["\\\u0000-\u001f]/g;
/** The same class, for the common case of a text with nothing to escape. */
const HAS_ESCAPE = /["\\\u0000-\u001f]/;

/**
 * What `JSON.stringify` writes otherwise than Jackson: the control characters without a short escape (its hex is
 * lower-case) and surrogates (it escapes a lone one). A text without them, most texts, is written by it natively.
 */
const NOT_AS_JACKSON = /[\u0000-\u0007\u000b\u000e-\u001f\ud800-\udfff]/;

export function jsonString(text: string): string {
  if (!HAS_ESCAPE.test(text)) return `"${text}"`;
  if (!NOT_AS_JACKSON.test(text)) return JSON.stringify(text);
  return `"${text.replace(NEEDS_ESCAPE, (c) => SHORT_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)}"`;
}

/** A pretty-printed object at `depth` whose values are already JSON text. */
export function prettyObject(fields: ReadonlyArray<readonly [string, string]>, depth = 0): string {
  const lines = fields.map(([name, value]) => prettyMember(name, value, depth));
  return `{\n${lines.join(',\n')}\n${'  '.repeat(depth)}}`;
}

/** One member line of a pretty-printed object at `depth` (no separator): `prettyObject` joins these with `,\n`. */
export function prettyMember(name: string, value: string, depth = 0): string {
  return `${'  '.repeat(depth + 1)}${jsonString(name)} : ${value}`;
}
