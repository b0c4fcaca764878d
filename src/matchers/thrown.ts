/**
 * What a handler threw, told briefly for a failure message: a batch library's wrapper says only that records failed,
 * so the errors it wraps are shown after it. Powertools' FullBatchFailureError keeps them in `recordErrors`, an
 * AggregateError in `errors`, and any Error may name its `cause`.
 */

import { shortText } from './format.js';

/** Wrapped errors shown at most, after the wrapper's own text. */
const MAX_INNER = 3;

/** `record errors: Error: poison order 3; Error: poison order 7 (+2 more)`, or undefined when it wraps nothing. */
export function innerErrors(thrown: unknown): string | undefined {
  const wrapped = wrappedErrors(thrown);
  if (wrapped === undefined || wrapped.errors.length === 0) return undefined;
  const shown = wrapped.errors.slice(0, MAX_INNER).map((error) => shortText(errorText(error)));
  const more = wrapped.errors.length - shown.length;
  return `${wrapped.label}: ${shown.join('; ')}${more > 0 ? ` (+${more} more)` : ''}`;
}

function wrappedErrors(thrown: unknown): { label: string; errors: readonly unknown[] } | undefined {
  if (typeof thrown !== 'object' || thrown === null) return undefined;
  const { recordErrors, errors, cause } = thrown as { recordErrors?: unknown; errors?: unknown; cause?: unknown };
  if (Array.isArray(recordErrors)) return { label: 'record errors', errors: recordErrors };
  if (Array.isArray(errors)) return { label: 'errors', errors };
  if (cause !== undefined) return { label: 'cause', errors: [cause] };
  return undefined;
}

function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  try {
    return String(error);
  } catch {
    return Object.prototype.toString.call(error);
  }
}
