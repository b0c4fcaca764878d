/**
 * The Step Functions matchers: `expect(execution).toHaveSucceeded()`, `.toHaveFailed({ error, cause })` and
 * `.toHaveEnteredState(name)`, over an execution's view (`aws.sfn.execution(arn)`, a machine's `executions()`). A
 * failure prints the execution's journey: each state it entered with its input and output, where it stopped and why.
 */
import type { ExecutionView } from '../services/sfn/views.js';
import type { MatcherOutcome } from './outcome.js';

/** What `toHaveFailed` may ask of the failure; each given field must be equal. */
export interface FailedExpectation {
  readonly error?: string;
  readonly cause?: string;
}

function asExecution(received: unknown, matcher: string): ExecutionView {
  const view = received as Partial<ExecutionView> | null;
  if (
    typeof view === 'object' &&
    view !== null &&
    typeof view.arn === 'string' &&
    typeof view.states === 'function' &&
    typeof view.describe === 'function'
  ) {
    return view as ExecutionView;
  }
  throw new TypeError(`${matcher}: expected an execution, from aws.sfn.execution(arn), but got ${String(received)}`);
}

function journey(execution: ExecutionView): string {
  return `\n\n${execution.describe()}`;
}

export function toHaveSucceeded(received: unknown): MatcherOutcome {
  const execution = asExecution(received, 'toHaveSucceeded');
  const pass = execution.status === 'SUCCEEDED';
  return {
    pass,
    message: () =>
      (pass
        ? `expected execution ${execution.name} not to have succeeded, but it did`
        : `expected execution ${execution.name} to have succeeded, but it is ${execution.status}`) + journey(execution),
  };
}

export function toHaveFailed(received: unknown, expected?: unknown): MatcherOutcome {
  const execution = asExecution(received, 'toHaveFailed');
  const want = (expected ?? {}) as FailedExpectation;
  const pass =
    execution.status === 'FAILED' &&
    (want.error === undefined || execution.error === want.error) &&
    (want.cause === undefined || execution.cause === want.cause);
  const what = [
    ...(want.error !== undefined ? [`error ${JSON.stringify(want.error)}`] : []),
    ...(want.cause !== undefined ? [`cause ${JSON.stringify(want.cause)}`] : []),
  ].join(' and ');
  const expectation = `to have failed${what ? ` with ${what}` : ''}`;
  return {
    pass,
    message: () =>
      (pass
        ? `expected execution ${execution.name} not ${expectation}, but it did`
        : `expected execution ${execution.name} ${expectation}, but it is ${execution.status}` +
          (execution.status === 'FAILED'
            ? ` with error ${JSON.stringify(execution.error)} and cause ${JSON.stringify(execution.cause)}`
            : '')) + journey(execution),
  };
}

export function toHaveEnteredState(received: unknown, name: unknown): MatcherOutcome {
  const execution = asExecution(received, 'toHaveEnteredState');
  if (typeof name !== 'string') throw new TypeError('toHaveEnteredState: expected the name of a state');
  const pass = execution.states().some((state) => state.name === name);
  return {
    pass,
    message: () =>
      (pass
        ? `expected execution ${execution.name} not to have entered state ${JSON.stringify(name)}, but it did`
        : `expected execution ${execution.name} to have entered state ${JSON.stringify(name)}, but it did not`) +
      journey(execution),
  };
}
