/**
 * What a handler threw, as a journey step and a matcher failure tell it: a batch library's wrapper says only that
 * records failed, so the errors it wraps are kept and shown after it. Powertools' FullBatchFailureError keeps them in
 * `recordErrors`, an AggregateError in `errors`, and any Error may name its `cause`. One reading for both: the
 * `failed` step's `error.wrapped` and the Lambda matchers' text of `inv.thrown` (src/matchers/thrown.ts). A leaf:
 * the step's error shape lives here, so that step.ts may word it.
 */

/** The error of a `failed`, `timedOut` or `refused` step: its name (class or code) and text. */
export interface StepError {
  readonly name: string;
  readonly message: string;
  /**
   * A `failed` step: the errors the handler's error wraps, as a batch library's wrapper holds them (the same the
   * Lambda matchers show after `inv.thrown`'s own text); absent when it wraps none.
   */
  readonly wrapped?: WrappedErrors;
}

/** The errors a thrown error wraps. */
export interface WrappedErrors {
  /**
   * Where the wrapper keeps them: `recordErrors` (Powertools' FullBatchFailureError), `errors` (an AggregateError),
   * `cause` (any Error's).
   */
  readonly via: 'recordErrors' | 'errors' | 'cause';
  /** The first ten, each its class and text (a thrown value that is no Error: its text, with an empty name). */
  readonly errors: readonly StepError[];
  /** How many it wraps in all. */
  readonly count: number;
}

/** Wrapped errors a step keeps; `count` says how many there were. */
const KEPT = 10;
/** Wrapped errors a text shows, after the wrapper's own. */
const SHOWN = 3;

/** The words a text names each place by. */
const LABELS: Readonly<Record<WrappedErrors['via'], string>> = {
  recordErrors: 'record errors',
  errors: 'errors',
  cause: 'cause',
};

/** An Error as a step's error: its class and text, and what it wraps. */
export function stepErrorOf(thrown: Error): StepError {
  const wrapped = wrappedErrorsOf(thrown);
  return wrapped
    ? { name: thrown.name, message: thrown.message, wrapped }
    : { name: thrown.name, message: thrown.message };
}

/** The errors a thrown value wraps, or undefined when it wraps none. */
export function wrappedErrorsOf(thrown: unknown): WrappedErrors | undefined {
  if (typeof thrown !== 'object' || thrown === null) return undefined;
  const { recordErrors, errors, cause } = thrown as { recordErrors?: unknown; errors?: unknown; cause?: unknown };
  const found: { via: WrappedErrors['via']; all: readonly unknown[] } | undefined = Array.isArray(recordErrors)
    ? { via: 'recordErrors', all: recordErrors }
    : Array.isArray(errors)
      ? { via: 'errors', all: errors }
      : cause !== undefined
        ? { via: 'cause', all: [cause] }
        : undefined;
  if (found === undefined || found.all.length === 0) return undefined;
  return { via: found.via, errors: found.all.slice(0, KEPT).map(innerError), count: found.all.length };
}

/**
 * `record errors: Error: poison order 3; Error: poison order 7 (+2 more)`: the first few, each through `cut` (the
 * caller's length for one error's text).
 */
export function wrappedText(wrapped: WrappedErrors, cut: (text: string) => string): string {
  const shown = wrapped.errors.slice(0, SHOWN).map((error) => cut(errorText(error)));
  const more = wrapped.count - shown.length;
  return `${LABELS[wrapped.via]}: ${shown.join('; ')}${more > 0 ? ` (+${more} more)` : ''}`;
}

/** `TypeError: boom`, or the text alone for a thrown value that is no Error. */
export function errorText(error: StepError): string {
  return error.name === '' ? error.message : `${error.name}: ${error.message}`;
}

/** One wrapped error: its class and text, or a thrown value that is no Error as text (an empty name). */
function innerError(error: unknown): StepError {
  if (error instanceof Error) return { name: error.name, message: error.message };
  try {
    return { name: '', message: String(error) };
  } catch {
    return { name: '', message: Object.prototype.toString.call(error) };
  }
}
