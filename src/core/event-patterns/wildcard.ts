import { fail } from './errors.js';

/**
 * event-ruler's `wildcard` operand (docs/aws-behaviour/eventbridge.md §7.3): `*` stands for any run of characters,
 * the empty one and `/` included; `\*` and `\\` are a literal `*` and `\`; any other backslash is refused, and so are
 * two `*` in a row. Positions in its messages count UTF-8 bytes of the operand with its opening quote, as event-ruler
 * parses `"` + operand + `"`.
 */

/** `*` among a wildcard operand's input characters (event-ruler's `InputWildcard`); every other one is a byte. */
export const ANY = -1;

/**
 * The operand's input characters as event-ruler's wildcard parser reads them: its UTF-8 bytes with the quotes around
 * that event-ruler adds, `ANY` for an unescaped `*`, `\*` and `\\` unescaped. Throws WildcardSyntax.
 */
export function wildcardInput(operand: string): number[] {
  const bytes = new TextEncoder().encode(`"${operand}"`);
  const result: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (byte === ASTERISK) {
      if (bytes[i + 1] === ASTERISK) throw new WildcardSyntax(`Consecutive wildcard characters at pos ${i}`);
      result.push(ANY);
    } else if (byte === BACKSLASH) {
      const next = bytes[i + 1];
      if (next !== ASTERISK && next !== BACKSLASH) throw new WildcardSyntax(`Invalid escape character at pos ${i}`);
      result.push(next);
      i++;
    } else {
      result.push(byte);
    }
  }
  return result;
}

const ASTERISK = 0x2a;
const BACKSLASH = 0x5c;

class WildcardSyntax extends Error {}

/** Refuses an operand event-ruler's wildcard parser refuses, where its JSON parser stands (`at`). */
export function checkWildcard(operand: string, at: number): void {
  try {
    wildcardInput(operand);
  } catch (error) {
    if (error instanceof WildcardSyntax) throw fail(error.message, at);
    throw error;
  }
}

/** A matcher of strings for a checked operand: literal runs between stars, found left to right. */
export function compileWildcard(operand: string): (value: string) => boolean {
  const segments: string[] = [''];
  for (let i = 0; i < operand.length; i++) {
    const char = operand[i] as string;
    if (char === '*') segments.push('');
    else segments[segments.length - 1] += char === '\\' ? (operand[++i] ?? '') : char;
  }
  const first = segments[0] as string;
  if (segments.length === 1) return (value) => value === first;
  const last = segments[segments.length - 1] as string;
  const middle = segments.slice(1, -1).filter((segment) => segment !== '');
  return (value) => {
    if (value.length < first.length + last.length || !value.startsWith(first) || !value.endsWith(last)) return false;
    let from = first.length;
    const end = value.length - last.length;
    for (const segment of middle) {
      const at = value.indexOf(segment, from);
      if (at < 0 || at + segment.length > end) return false;
      from = at + segment.length;
    }
    return true;
  };
}
