/**
 * A state's failure as the Amazon States Language sees it (docs/aws-behaviour/stepfunctions.md §2.12–§2.14): an
 * error name and a cause, either of which may be absent (SendTaskFailure without them). `States.Runtime` failures
 * are neither retried nor caught; the execution's own end (stopped, timed out) is not a state's error at all.
 */
import type { Json } from '../asl/json.js';

export class StatesError extends Error {
  constructor(
    readonly error: string | undefined,
    override readonly cause: string | undefined,
    /** Where a JSONata expression failed: an EvaluationFailed event is written once, where it failed (§5.7). */
    readonly evaluation?: { readonly location?: string; readonly state: string; recorded?: boolean },
    /** A missed heartbeat, which AWS reports as States.Timeout (§7.1). */
    readonly heartbeat = false,
  ) {
    super(`${error ?? ''}: ${cause ?? ''}`);
    this.name = 'StatesError';
  }

  /** States.Runtime: no retrier or catcher matches it, not even one naming it (§2.14 [AWS-snap]). */
  get fatal(): boolean {
    return this.error === RUNTIME;
  }
}

/** The execution ended from outside while a state ran: StopExecution, its TimeoutSeconds, a full history. */
export class ExecutionEnded extends Error {
  constructor(readonly reason: 'aborted' | 'timedOut' | 'historyFull' | 'reset') {
    super(`execution ${reason}`);
    this.name = 'ExecutionEnded';
  }
}

/**
 * The reason a task's own scope is closed with once the task is over (anything of it still waiting, such as a timer,
 * stops). Nothing shows it, so one serves every task: an Error's stack costs microseconds to capture, which a Map of
 * 1,000 tasks paid 1,000 times.
 */
export const TASK_OVER = new ExecutionEnded('aborted');

export const RUNTIME = 'States.Runtime';
export const TIMEOUT = 'States.Timeout';
export const TASK_FAILED = 'States.TaskFailed';
export const ALL = 'States.ALL';

/** A `States.Runtime` failure of a state, with AWS's prefix naming the state and its entry event (§5.7). */
export function runtimeError(state: string, enteredAt: number, text: string): StatesError {
  return new StatesError(
    RUNTIME,
    `An error occurred while executing the state '${state}' (entered at the event id #${enteredAt}). ${text}`,
  );
}

/** Whether a retrier's or catcher's ErrorEquals matches `error` (§2.12, §2.13). */
export function errorMatches(names: readonly Json[], error: StatesError, fromTask: boolean): boolean {
  if (error.fatal) return false;
  const name = error.error;
  for (const candidate of names) {
    if (candidate === ALL) return true;
    if (candidate === name) return true;
    // §2.14: TaskFailed stands for any error a Task raises but a timeout.
    if (candidate === TASK_FAILED && fromTask && name !== TIMEOUT) return true;
    // §7.1: AWS reports a missed heartbeat as States.Timeout; a catcher on HeartbeatTimeout matches it too.
    if (candidate === 'States.HeartbeatTimeout' && error.heartbeat) return true;
  }
  return false;
}

/**
 * What a catcher hands on (§2.13): `{Error, Cause}`, Cause a string (empty for a timeout, whose events carry none),
 * both null after a bare SendTaskFailure.
 */
export function errorOutput(error: StatesError): Json {
  const cause = error.cause ?? (error.error === TIMEOUT ? '' : null);
  return { Error: error.error ?? null, Cause: cause };
}

/** A task's timeout, or a missed heartbeat (§2.9). */
export function timeoutError(heartbeat = false): StatesError {
  return new StatesError(TIMEOUT, undefined, undefined, heartbeat);
}
