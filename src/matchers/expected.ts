import { describeExpected } from './format.js';
import type { MessageMatch } from './match.js';

/** What a matcher looks for, checked: a body, an object or array, or an asymmetric matcher; anything else throws. */
export function requireMatch(expected: unknown, matcher: string): MessageMatch {
  if (typeof expected === 'string' || (typeof expected === 'object' && expected !== null)) return expected;
  throw new TypeError(
    `${matcher}: expected a body (string), an object or array its JSON body contains, or an asymmetric matcher, but got ${describeExpected(expected)}`,
  );
}
