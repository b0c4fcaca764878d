/**
 * What a handler threw, told briefly for a failure message: a batch library's wrapper says only that records failed,
 * so the errors it wraps are shown after it, read as a journey's `failed` step reads them (src/core/journeys/
 * wrapped-errors.ts).
 */

import { wrappedErrorsOf, wrappedText } from '../core/journeys/wrapped-errors.js';
import { shortText } from './format.js';

/** `record errors: Error: poison order 3; Error: poison order 7 (+2 more)`, or undefined when it wraps nothing. */
export function innerErrors(thrown: unknown): string | undefined {
  const wrapped = wrappedErrorsOf(thrown);
  return wrapped === undefined ? undefined : wrappedText(wrapped, shortText);
}
