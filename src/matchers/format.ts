/**
 * Short texts for failure messages: what was expected, and what a queue or topic holds. Plain text,
 * no colours, so a message reads the same in vitest, jest, a CI log and a test that asserts on it.
 */
import { isAsymmetricMatcher } from './match.js';

/** Bodies listed in a failure message; the rest are counted. */
const MAX_LISTED = 5;
/** Characters of one body shown; a long body is cut with "…". */
const MAX_BODY = 60;
/** Characters of the expected value shown. */
const MAX_EXPECTED = 120;
/** Nesting shown of the expected value. */
const MAX_DEPTH = 4;

/** `3 messages`, `1 message`. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `does` for one, `do` for more. */
export function doesOrDo(count: number): string {
  return count === 1 ? 'does' : 'do';
}

/** The expected value, written as code reads it: `{orderId: 7, type: "created"}`, `StringMatching /^a/`. */
export function describeExpected(value: unknown): string {
  return cut(describe(value, 0), MAX_EXPECTED);
}

/**
 * `{"orderId":1}, "plain text", … (+3 more)`: the first few bodies, whitespace runs folded, each cut
 * short. A JSON object or array shows as it is; any other body is quoted, so commas inside it cannot
 * be taken for the list's. `notes[i]`, when given, follows body i (its attributes, say).
 */
export function listBodies(bodies: readonly string[], notes?: readonly string[]): string {
  const shown = bodies.slice(0, MAX_LISTED).map((body, i) => {
    const folded = body.replace(/\s+/g, ' ').trim();
    const note = notes?.[i];
    return cut(/^[[{]/.test(folded) ? folded : JSON.stringify(folded), MAX_BODY) + (note ? ` ${note}` : '');
  });
  const more = bodies.length - shown.length;
  return more > 0 ? `${shown.join(', ')}, … (+${more} more)` : shown.join(', ');
}

/** A line of text (an error message, say) as a failure message shows it: whitespace runs folded, cut short. */
export function shortText(text: string): string {
  return cut(text.replace(/\s+/g, ' ').trim(), MAX_BODY);
}

function describe(value: unknown, depth: number): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return `[Function${value.name ? ` ${value.name}` : ''}]`;
  if (typeof value !== 'object' || value === null) return String(value);
  if (value instanceof RegExp) return String(value);
  if (value instanceof Date) return `Date(${Number.isNaN(value.getTime()) ? 'Invalid' : value.toISOString()})`;
  if (isAsymmetricMatcher(value)) {
    // Both frameworks give `Any<Number>`-style names through toAsymmetricMatcher; the others name
    // themselves with toString and keep what they compare with in `sample`.
    if (typeof value.toAsymmetricMatcher === 'function') return value.toAsymmetricMatcher();
    return 'sample' in value ? `${value.toString()} ${describe(value.sample, depth + 1)}` : value.toString();
  }
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? '[…]' : '{…}';
  if (Array.isArray(value)) return `[${value.map((item) => describe(item, depth + 1)).join(', ')}]`;
  const entries = Object.entries(value).map(([key, item]) => `${propertyName(key)}: ${describe(item, depth + 1)}`);
  return `{${entries.join(', ')}}`;
}

function propertyName(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
