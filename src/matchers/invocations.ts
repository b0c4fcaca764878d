/**
 * What a Lambda function was invoked with and how each invocation ended, read from `fn.invocations()`:
 * toHaveBeenInvoked, toHaveBeenInvokedWithRecord, toHaveLastInvocationOutcome and toHaveSucceededEveryTime. Same
 * conventions as core.ts. Failure texts show, briefly, the function's invocations: how many, their outcomes and the
 * first records' bodies (or the event, for an invocation without SQS or SNS records).
 */
import type { Invocation, InvocationOutcome } from '../services/lambda/lambda-function.js';
import type { MatcherOutcome } from './outcome.js';
import { requireMatch } from './expected.js';
import { describeExpected, listBodies, plural, shortText } from './format.js';
import type { Equals } from './match.js';
import { quoted, subjectOf } from './names.js';
import { isCount, messageMatchOptions } from './options.js';
import { asFunctionView } from './received.js';
import { recordsOf } from './records.js';
import { search } from './search.js';
import { innerErrors } from './thrown.js';

const OUTCOMES: readonly InvocationOutcome[] = ['success', 'error', 'timeout', 'running'];
/** Invocations described one by one in a failure message; the rest are counted. */
const MAX_DESCRIBED = 3;

/** The function was invoked at least once; with `times`, exactly that many times (running ones included). */
export function toHaveBeenInvoked(received: unknown, times?: unknown): MatcherOutcome {
  const matcher = 'toHaveBeenInvoked';
  const fn = asFunctionView(received, matcher);
  if (times !== undefined && !isCount(times)) {
    throw new TypeError(`${matcher}: times must be a whole number of 0 or more, got ${describeExpected(times)}`);
  }
  const invocations = fn.invocations();
  const subject = subjectOf('function', fn);
  const pass = times === undefined ? invocations.length > 0 : invocations.length === times;
  const expectation = times === undefined ? 'have been invoked' : `have been invoked ${plural(times, 'time')}`;
  return {
    pass,
    missing: invocations.length < (times ?? 1),
    message: () => {
      const actual = invocations.length
        ? `it was invoked ${plural(invocations.length, 'time')} (${outcomeCounts(invocations)}): ${listInvocations(invocations)}`
        : 'it was never invoked';
      return `expected ${subject} ${pass ? 'not ' : ''}to ${expectation}, but ${actual}`;
    },
  };
}

/**
 * Some invocation's event holds an SQS or SNS record whose body (`body`, `Sns.Message`) matches `expected` as
 * toContainMessage matches a body, carrying the `attributes` given; with `times`, exactly that many records, every
 * delivery counted (a message redelivered after a failed batch is in two invocations). With options, `expected`
 * may be `undefined`: any body.
 */
export function toHaveBeenInvokedWithRecord(
  received: unknown,
  expected: unknown,
  equals: Equals,
  options?: unknown,
): MatcherOutcome {
  const matcher = 'toHaveBeenInvokedWithRecord';
  const fn = asFunctionView(received, matcher);
  const settings = messageMatchOptions(options, matcher);
  const wanted = expected === undefined && options !== undefined ? undefined : requireMatch(expected, matcher);
  const invocations = fn.invocations();
  const records = invocations.flatMap((invocation) => recordsOf(invocation.event));
  const none =
    invocations.length === 0
      ? 'it was never invoked'
      : `none of its ${invokedSummary(invocations)} had an SQS or SNS record: ${listInvocations(invocations)}`;
  const words = { subject: subjectOf('function', fn), verbPhrase: 'have been invoked with', none };
  const found = search({ ...words, verb: 'was invoked with', noun: 'record' }, records, wanted, settings, equals);
  const where = records.length
    ? ` (in ${plural(invocations.length, 'invocation')}: ${outcomeCounts(invocations)})`
    : '';
  return { pass: found.pass, missing: found.missing, message: () => found.message() + where };
}

/** The function's most recently started invocation has this outcome (`'running'`: it has not ended yet). */
export function toHaveLastInvocationOutcome(received: unknown, outcome: unknown): MatcherOutcome {
  const matcher = 'toHaveLastInvocationOutcome';
  const fn = asFunctionView(received, matcher);
  if (!OUTCOMES.includes(outcome as InvocationOutcome)) {
    throw new TypeError(
      `${matcher}: the outcome must be one of ${OUTCOMES.map((o) => `"${o}"`).join(', ')}, got ${describeExpected(outcome)}`,
    );
  }
  const invocations = fn.invocations();
  const last = invocations.at(-1);
  const pass = last?.outcome === outcome;
  const name = quoted(fn);
  const expectation = `the last invocation of function ${name} ${pass ? 'not ' : ''}to have outcome "${outcome as string}"`;
  return {
    pass,
    missing: last === undefined,
    message: () =>
      last === undefined
        ? `expected ${expectation}, but function ${name} was never invoked`
        : `expected ${expectation}, but the last of its ${invokedSummary(invocations)} is: ${describeInvocation(last)}`,
  };
}

/**
 * The function was invoked, and every invocation succeeded (none failed, timed out or is still running). Never
 * invoked does not pass: a test that expects work done should not pass when none was.
 */
export function toHaveSucceededEveryTime(received: unknown): MatcherOutcome {
  const fn = asFunctionView(received, 'toHaveSucceededEveryTime');
  const invocations = fn.invocations();
  const unsuccessful = invocations.filter((invocation) => invocation.outcome !== 'success');
  const pass = invocations.length > 0 && unsuccessful.length === 0;
  const subject = subjectOf('function', fn);
  return {
    pass,
    missing: invocations.length === 0,
    message: () => {
      if (pass) {
        const all = invocations.length === 1 ? 'its 1 invocation' : `all ${invocations.length} of its invocations`;
        return `expected ${subject} not to have succeeded every time, but ${all} did: ${listInvocations(invocations)}`;
      }
      if (invocations.length === 0) return `expected ${subject} to have succeeded every time, but it was never invoked`;
      const running = unsuccessful.some((invocation) => invocation.outcome === 'running')
        ? '; await aws.idle() lets running invocations finish'
        : '';
      return `expected ${subject} to have succeeded every time, but ${unsuccessful.length} of its ${invokedSummary(invocations)} did not: ${listInvocations(unsuccessful)}${running}`;
    },
  };
}

/** `3 invocations (2 success, 1 error)`. */
function invokedSummary(invocations: readonly Invocation[]): string {
  return `${plural(invocations.length, 'invocation')} (${outcomeCounts(invocations)})`;
}

/** `2 success, 1 error`, in the order of OUTCOMES. */
function outcomeCounts(invocations: readonly Invocation[]): string {
  return OUTCOMES.map((outcome) => [outcome, invocations.filter((i) => i.outcome === outcome).length] as const)
    .filter(([, count]) => count > 0)
    .map(([outcome, count]) => `${count} ${outcome}`)
    .join(', ');
}

/** `success with {"orderId":7}; error (TypeError: boom) with {"orderId":8}, … (+2 more)`, oldest first. */
function listInvocations(invocations: readonly Invocation[]): string {
  const shown = invocations.slice(0, MAX_DESCRIBED).map(describeInvocation);
  const more = invocations.length - shown.length;
  return more > 0 ? `${shown.join('; ')}; … (+${more} more)` : shown.join('; ');
}

/**
 * `error (TypeError: boom) with {"orderId":8}`: the outcome, the error (and the errors a batch library's wrapper
 * holds), the records' bodies or else the event.
 */
function describeInvocation(invocation: Invocation): string {
  const { outcome, error, event } = invocation;
  const inner = innerErrors(invocation.thrown);
  const how =
    outcome === 'error' && error
      ? `error (${shortText(`${error.errorType}: ${error.errorMessage}`)}${inner ? `; ${inner}` : ''})`
      : outcome;
  const bodies = recordsOf(event).map((record) => record.body);
  const what = bodies.length ? listBodies(bodies) : `event ${listBodies([JSON.stringify(event) ?? 'undefined'])}`;
  return `${how} with ${what}`;
}
