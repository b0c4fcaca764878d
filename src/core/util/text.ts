/**
 * A caller's value as text, in the two forms error messages and loosely typed members need. Both take any value a
 * caller can pass (a BigInt, a Symbol, a function, a cycle, an object without a prototype, a Proxy whose traps
 * throw) and never throw: a bad value must end in AWS's validation error, not in a TypeError of the mock.
 */

/**
 * What `String(value)` gives (the SDK's query serializer writes members that way), and failing that a description:
 * `{ toString: 0 }` or an object without a prototype, which `String` cannot convert, still gives text.
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  return plainString(value) ?? jsonText(value) ?? typeTag(value);
}

/**
 * A value as an error message quotes it: a string as it is, anything else as JSON where JSON can show it (a BigInt
 * as its digits, a repeated or circular object as `"[Circular]"`), otherwise as `String` shows it (`Symbol(x)`).
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return value;
  return jsonText(value) ?? plainString(value) ?? typeTag(value);
}

function plainString(value: unknown): string | undefined {
  try {
    return String(value);
  } catch {
    return undefined;
  }
}

/** JSON text of `value`, or undefined where JSON shows nothing (a Symbol, a function) or a getter or trap throws. */
function jsonText(value: unknown): string | undefined {
  const seen = new WeakSet<object>();
  try {
    return JSON.stringify(value, (_key, member: unknown) => {
      if (typeof member === 'bigint') return Number.isSafeInteger(Number(member)) ? Number(member) : member.toString();
      if (typeof member === 'object' && member !== null) {
        if (seen.has(member)) return '[Circular]';
        seen.add(member);
      }
      return member;
    });
  } catch {
    return undefined;
  }
}

/** `[object Object]` and the like; for a revoked Proxy, which refuses even that, the plain form. */
function typeTag(value: unknown): string {
  try {
    return Object.prototype.toString.call(value);
  } catch {
    return '[object Object]';
  }
}
