/**
 * A caller's value as text, for error messages and for string members a loosely typed caller filled with something
 * else: what `String(value)` gives (the SDK's query serializer writes members that way), and never a throw, even for
 * `{ toString: 0 }` or an object without a prototype, which `String` cannot convert.
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return String(value);
  } catch {
    try {
      return JSON.stringify(value) ?? Object.prototype.toString.call(value);
    } catch {
      return Object.prototype.toString.call(value);
    }
  }
}
