/**
 * The interpreter: one execution run through its states on the account's clock (docs/aws-behaviour/
 * stepfunctions.md §2, §4, §5). Each state is entered, does its work (a task, a wait, branches, iterations), and is
 * exited, writing the events GetExecutionHistory answers; a failure goes through the state's retriers and catchers,
 * and ends the execution when none takes it. Waits are timers of the account's clock; a StopExecution or the
 * machine's TimeoutSeconds cancels whatever the execution waits on.
 */
import type { Clock } from '../../../core/clock.js';
import type { IdSource } from '../../../core/ids.js';
import type { Scope, StateDefinition } from '../asl/definition.js';
import { isObject, jsonText, MAX_PAYLOAD_BYTES, utf8Bytes, type Json, type JsonObject } from '../asl/json.js';
import { isJsonataText } from '../asl/jsonata-fields.js';
import { compilePath, PathMissing } from '../asl/jsonpath.js';
import { parseTimestamp } from '../asl/validate.js';
import { parseResource, type TaskResource } from '../integrations/resource.js';
import { CancelScope } from './cancel-scope.js';
import { ruleMatches } from './choice.js';
import type { Execution, ExecutionEnd } from './execution.js';
import { HistoryFull, NOT_TRUNCATED, type History, type HistoryEvent, type Thread } from './history.js';
import { evaluateField, expectType, failure, type JsonataEvaluator, type JsonataScope } from './jsonata-io.js';
import { applyResultPath, applyTemplate, readPath, resolveExpression, selectPath, type DataScope } from './payload.js';
import {
  ITEM_READER_FAILED,
  MAP_DATA_CAUSES,
  MAX_ITEMS_LIMIT,
  type ItemReaderSpec,
  type MapData,
  type ResultWriterSpec,
} from './map-data.js';
import { toleranceExceeded, type MapProcessor, type MapRunHost } from './map-run.js';
import type { InnerProgress, ScopeProgress, StateProgress } from './progress.js';
import type { Sleeper } from './sleeper.js';
import {
  errorMatches,
  errorOutput,
  ExecutionEnded,
  TASK_OVER,
  runtimeError,
  StatesError,
  timeoutError,
  TIMEOUT,
} from './states-error.js';
import type { TaskTokens, TokenOutcome } from './task-tokens.js';
import { VariableScope } from './variables.js';

/** What a service task's integration answers: its output, or what it submitted and the job's end (`.sync`). */
export type IntegrationAnswer =
  { readonly output: Json } | { readonly submitted: Json; readonly completion: Promise<Json> };

/** How TestState's one state ended (§1.14). */
export interface TestStateResult {
  readonly status: 'SUCCEEDED' | 'FAILED' | 'RETRIABLE' | 'CAUGHT_ERROR';
  readonly output?: Json;
  readonly error?: string | undefined;
  readonly cause?: string | undefined;
  readonly nextState?: string;
  /** Each stage as JSON text; the Map's numbers and `errorDetails` as the model types them (§1.14). */
  readonly inspectionData?: Readonly<Record<string, Json>>;
}

/** TestState's mock (§1.14): the result the state's work answers instead of running, or the failure it raises. */
export type TestMock =
  { readonly result: Json } | { readonly error: string | undefined; readonly cause: string | undefined };

/** What TestState sets beyond the state and its input (§1.14): its mock, context object and stateConfiguration. */
export interface TestStateSettings {
  readonly mock?: TestMock;
  /** The context object `$$` the state sees, in place of the one the run would make. */
  readonly context?: JsonObject;
  /** How many times the matching retrier has already run the state again. */
  readonly retrierRetryCount?: number;
  /** How many of a mocked Map's iterations failed. */
  readonly mapIterationFailureCount?: number;
  /** The items a Map's ItemReader would have read. */
  readonly mapItemReaderData?: Json[];
}

/** What an integration knows of the task that calls it. */
export interface TaskCall {
  readonly execution: Execution;
  readonly state: string;
  readonly region: string;
  readonly cancel: CancelScope;
}

/** How tasks reach their resources (integrations/): the services of the account, activities. */
export interface TaskRunner {
  /** A Lambda function as Resource: the payload it answered, or its error (§3.3). */
  invokeFunction(arn: string, input: Json, call: TaskCall): Promise<Json>;
  /** An optimized or SDK integration (§3.2–§3.9). */
  callService(
    resource: Extract<TaskResource, { kind: 'optimized' | 'sdk' }>,
    parameters: Json,
    call: TaskCall,
  ): Promise<IntegrationAnswer>;
  /**
   * Hands an activity's task to its workers (§3.10); `started` is called when a worker takes it. False when the
   * activity does not exist.
   */
  scheduleActivity(
    arn: string,
    input: string,
    token: string,
    call: TaskCall,
    started: (workerName: string | undefined) => void,
  ): boolean;
}

/** What the interpreter needs of the account and the service. */
export interface Engine {
  readonly clock: Clock;
  readonly sleeper: Sleeper;
  readonly ids: IdSource;
  readonly tokens: TaskTokens;
  readonly tasks: TaskRunner;
  /** The JSONata evaluator, loaded at the first JSONata state. */
  readonly jsonata: () => JsonataEvaluator;
  /** Distributed Maps' runs and their child executions. */
  readonly mapRuns: MapRunHost;
  /** What distributed Maps read their items from and write their results to (Amazon S3). */
  readonly mapData: MapData;
  /** The execution ended: status events, parents waiting with `.sync`. */
  closed(execution: Execution): void;
  /** Each event of an execution's own history as it is written: its journey's steps. */
  readonly journal?: ((execution: Execution, event: HistoryEvent) => void) | undefined;
}

/** The region of an ARN. */
function regionOf(arn: string): string {
  return arn.split(':')[3] ?? '';
}

/** Standard executions run at most a year, Express ones five minutes (§2.15, §4.1). */
const STANDARD_MAX_MS = 365 * 86_400_000;
const EXPRESS_MAX_MS = 5 * 60_000;
/** §2.7 [AWS-snap]: a Wait of 2^31 seconds or more is too long. */
const MAX_WAIT_SECONDS = 2 ** 31;

/** Where a state runs: its variables, the Map item it processes, and the scope that cancels it. */
interface Frame {
  readonly variables: VariableScope;
  readonly mapItem?: { readonly Index: number; readonly Value: Json };
  readonly cancel: CancelScope;
}

/** What a state hands on: its output, and the state to go to (none ends its scope). */
interface Transition {
  readonly output: Json;
  readonly next: string | undefined;
}

/** The events a task writes, by what its Resource is (§3.1, §3.3, §3.10). */
interface TaskEvents {
  readonly scheduled: string;
  readonly started: string;
  readonly succeeded: string;
  readonly failed: string;
  readonly timedOut: string;
  /** The fields every event of the task carries: `resourceType` and `resource` of a service task. */
  readonly common: JsonObject;
}

/** Where each execution stood when it ended, for a redrive (§1.17). */
const PROGRESS = new WeakMap<Execution, ScopeProgress>();

export class Run {
  private readonly root = new CancelScope();
  private readonly region: string;
  private readonly history: History;
  /** TestState (§1.14): one state, no retry run and no wait waited. */
  private testing = false;
  private settings: TestStateSettings = {};
  /** TestState (§1.14): the retrier that matched the failure but had no attempt left. */
  private exhaustedRetrier: number | undefined;

  constructor(
    private readonly execution: Execution,
    private readonly engine: Engine,
  ) {
    this.history = execution.history;
    this.region = regionOf(execution.arn);
  }

  /**
   * Writes ExecutionStarted now and runs the states from a promise job: StartExecution answers first (§4.6), and the
   * execution then goes on without time passing.
   */
  start(): void {
    const { execution } = this;
    this.record(
      'ExecutionStarted',
      0,
      {
        input: execution.inputText,
        inputDetails: NOT_TRUNCATED,
        roleArn: execution.revision.roleArn,
        ...(execution.versionArn !== undefined ? { stateMachineVersionArn: execution.versionArn } : {}),
        ...(execution.aliasArn !== undefined ? { stateMachineAliasArn: execution.aliasArn } : {}),
      },
      true,
    );
    this.go(execution.startDate);
  }

  /**
   * RedriveExecution (§1.17): ExecutionRedriven after the last event, and the states from where each scope stood
   * when the execution ended; what succeeded is not run again.
   */
  redrive(): void {
    const { execution } = this;
    const resume = PROGRESS.get(execution);
    const previous = this.history.lastId;
    execution.reopen(this.engine.clock.now());
    this.record('ExecutionRedriven', previous, { redriveCount: execution.redriveCount }, true);
    this.go(execution.redriveDate!, resume);
  }

  /** Makes it stoppable, arms its timeout from `from`, and runs its states from a promise job. */
  private go(from: number, resume?: ScopeProgress): void {
    const { execution } = this;
    execution.stopper = (error, cause) => this.abort(error, cause);
    const definition = execution.revision.definition;
    const limit = execution.express ? EXPRESS_MAX_MS : STANDARD_MAX_MS;
    const timeoutMs =
      definition.timeoutSeconds !== undefined ? Math.min(definition.timeoutSeconds * 1000, limit) : limit;
    const cancelTimeout = this.engine.sleeper.at(from + timeoutMs, () => this.timeOut());
    void execution.done.then(cancelTimeout);
    void Promise.resolve().then(() => this.main(resume));
  }

  private async main(resume?: ScopeProgress): Promise<void> {
    const { execution } = this;
    const thread: Thread = { last: resume ? this.history.lastId : 0 };
    const frame: Frame = { variables: resume?.at?.variables ?? new VariableScope(), cancel: this.root };
    const progress: ScopeProgress = {};
    PROGRESS.set(execution, progress);
    try {
      const output = await this.scope(
        execution.revision.definition,
        execution.input,
        thread,
        frame,
        resume ? undefined : execution.inputText,
        progress,
        resume,
      );
      const text = jsonText(output);
      this.record('ExecutionSucceeded', thread, { output: text, outputDetails: NOT_TRUNCATED }, true);
      this.close({ status: 'SUCCEEDED', output: text });
    } catch (error) {
      if (error instanceof StatesError) {
        if (execution.status !== 'RUNNING') return;
        this.record('ExecutionFailed', thread.last, errorDetails(error), true);
        this.close({ status: 'FAILED', error: error.error, cause: error.cause });
      } else if (error instanceof HistoryFull) {
        this.end('historyFull');
      } else if (!(error instanceof ExecutionEnded)) {
        // An emulation fault: the execution fails saying so rather than hanging; data nested past what the
        // interpreter's recursion reaches is an in-process limit, said as such (§2.15).
        const cause = isStackOverflow(error)
          ? DEEP_DATA_CAUSE
          : `sqs-sns-mock: the emulation failed: ${error instanceof Error ? error.message : String(error)}`;
        this.record('ExecutionFailed', thread.last, { error: 'States.Runtime', cause }, true);
        this.close({ status: 'FAILED', error: 'States.Runtime', cause });
      }
    }
  }

  /** StopExecution (§1.9): ExecutionAborted, after 0, and whatever waits is cancelled. */
  private abort(error: string | undefined, cause: string | undefined): void {
    if (this.execution.status !== 'RUNNING') return;
    this.record(
      'ExecutionAborted',
      0,
      { ...(error !== undefined ? { error } : {}), ...(cause !== undefined ? { cause } : {}) },
      true,
    );
    this.close({ status: 'ABORTED', error, cause });
    this.root.cancel(new ExecutionEnded('aborted'));
  }

  /** The machine's TimeoutSeconds, or the service's longest run, passed (§2.1, §4.2). */
  private timeOut(): void {
    this.end('timedOut');
  }

  private end(reason: 'timedOut' | 'historyFull'): void {
    const { execution } = this;
    if (execution.status !== 'RUNNING') return;
    if (reason === 'timedOut') {
      this.record('ExecutionTimedOut', execution.history.lastId, { error: TIMEOUT }, true);
      this.close({ status: 'TIMED_OUT', error: TIMEOUT });
    } else {
      // §2.15: past 25,000 events the execution fails.
      const cause = `The execution reached the maximum number of history events (25000).`;
      this.record('ExecutionFailed', execution.history.lastId, { error: 'States.Runtime', cause }, true);
      this.close({ status: 'FAILED', error: 'States.Runtime', cause });
    }
    this.root.cancel(new ExecutionEnded(reason));
  }

  private close(end: ExecutionEnd): void {
    if (this.execution.end(end, this.engine.clock.now())) this.engine.closed(this.execution);
  }

  /** Appends an event; once the execution ended only its own closing event may be written. */
  private record(type: string, previous: number | Thread, details?: object, closing = false): number {
    if (!closing && this.execution.status !== 'RUNNING') throw this.root.cancelled ?? new ExecutionEnded('aborted');
    try {
      const id = this.history.add(type, previous, details, closing);
      if (this.engine.journal && !this.testing) {
        this.engine.journal(this.execution, this.history.events[id - 1]!);
      }
      return id;
    } catch (error) {
      if (error instanceof HistoryFull) {
        this.end('historyFull');
        throw this.root.cancelled!;
      }
      throw error;
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Scopes and states

  /**
   * Runs a scope's states from its start, or, in a redrive, from the state `resume` stood in; `progress` says where it
   * stands (§1.17).
   */
  private async scope(
    scope: Scope,
    input: Json,
    thread: Thread,
    frame: Frame,
    inputText: string | undefined,
    progress: ScopeProgress,
    resume?: ScopeProgress,
  ): Promise<Json> {
    let name = resume?.at?.state ?? scope.startAt;
    let data = resume?.at?.input ?? input;
    let text = inputText;
    let inner = resume?.at?.inner;
    for (;;) {
      frame.cancel.throwIfCancelled();
      const state = scope.states.get(name)!;
      const at: StateProgress = { state: name, input: data, variables: frame.variables };
      progress.at = at;
      const { output, next } = await this.state(state, data, thread, frame, text, at, inner);
      if (next === undefined) {
        progress.at = undefined;
        return output;
      }
      name = next;
      data = output;
      text = undefined;
      inner = undefined;
    }
  }

  private async state(
    state: StateDefinition,
    input: Json,
    thread: Thread,
    frame: Frame,
    inputText: string | undefined,
    at: StateProgress,
    resume: InnerProgress | undefined,
  ): Promise<Transition> {
    const enteredTime = this.engine.clock.now();
    const before = thread.last;
    const entered = this.record(`${state.type}StateEntered`, thread, {
      name: state.name,
      input: inputText ?? jsonText(input),
      inputDetails: NOT_TRUNCATED,
    });
    const visit = new StateVisit(this, state, input, before, entered, enteredTime, frame, at, resume);
    let transition: Transition;
    try {
      transition = await this.work(visit, thread);
    } catch (error) {
      if (!(error instanceof StatesError)) throw error;
      this.evaluationFailed(error, visit, thread);
      const caught = this.catcher(state, error);
      if (!caught) throw error;
      const output = await visit.caughtOutput(caught, error);
      this.exit(state, thread, output.output, output.assigned);
      return { output: output.output, next: caught['Next'] as string };
    }
    return transition;
  }

  /** The state's work, by its type; Task, Parallel and Map through their retriers. */
  private async work(visit: StateVisit, thread: Thread): Promise<Transition> {
    const { state } = visit;
    switch (state.type) {
      case 'Pass':
        return this.pass(visit, thread);
      case 'Wait':
        return this.wait(visit, thread);
      case 'Choice':
        return this.choice(visit, thread);
      case 'Succeed': {
        const output = await visit.plainOutput(visit.effectiveInput());
        this.exit(state, thread, output, undefined);
        return { output, next: undefined };
      }
      case 'Fail':
        throw await visit.failError();
      case 'Task':
      case 'Parallel':
      case 'Map':
        return this.retrying(visit, thread);
    }
  }

  /**
   * §5.7 [AWS-snap]: a JSONata expression that failed writes EvaluationFailed where it failed, once, hanging from
   * what the state's entered event hangs from (a Wait's from that event itself); the state's failure follows it.
   */
  private evaluationFailed(error: StatesError, visit: StateVisit, thread: Thread): void {
    const evaluation = error.evaluation;
    if (!evaluation || evaluation.recorded) return;
    evaluation.recorded = true;
    thread.last = this.record('EvaluationFailed', visit.state.type === 'Wait' ? visit.entered : visit.before, {
      ...(error.error !== undefined ? { error: error.error } : {}),
      ...(error.cause !== undefined ? { cause: error.cause } : {}),
      ...(evaluation.location !== undefined ? { location: evaluation.location } : {}),
      state: evaluation.state,
    });
  }

  private exit(state: StateDefinition, thread: Thread, output: Json, assigned: JsonObject | undefined): void {
    this.record(`${state.type}StateExited`, thread, {
      name: state.name,
      output: jsonText(output),
      outputDetails: NOT_TRUNCATED,
      ...(assigned !== undefined && Object.keys(assigned).length > 0
        ? {
            assignedVariables: Object.fromEntries(
              Object.entries(assigned).map(([key, value]) => [key, jsonText(value)]),
            ),
            assignedVariablesDetails: NOT_TRUNCATED,
          }
        : {}),
    });
  }

  private async pass(visit: StateVisit, thread: Thread): Promise<Transition> {
    const { state } = visit;
    let result: Json;
    if (state.queryLanguage === 'JSONata') {
      result = visit.input;
    } else {
      result = state.fields['Result'] !== undefined ? (state.fields['Result'] as Json) : await visit.taskInput();
      if (state.fields['Result'] !== undefined) visit.note('result', result);
    }
    // §2.8 [AWS-snap]: a result over the limit fails the execution; a Pass has no catcher for it.
    if (utf8Bytes(jsonText(result)) > MAX_PAYLOAD_BYTES) {
      throw new StatesError('States.DataLimitExceeded', dataLimitCause(state.name));
    }
    const { output, assigned } = await visit.finish(result);
    this.exit(state, thread, output, assigned);
    return { output, next: state.next };
  }

  private async wait(visit: StateVisit, thread: Thread): Promise<Transition> {
    const { state } = visit;
    const until = await visit.waitUntil();
    const delay = until - this.engine.clock.now();
    if (delay > 0 && !this.testing) await this.sleep(delay, visit.frame.cancel);
    const output = await visit.plainOutput(visit.effectiveInput());
    const assigned = await visit.assignPlain();
    this.exit(state, thread, output, assigned);
    return { output, next: state.next };
  }

  private async choice(visit: StateVisit, thread: Thread): Promise<Transition> {
    const { state } = visit;
    const { next, assigned } = await visit.choose();
    const output = await visit.plainOutput(visit.effectiveInput());
    this.exit(state, thread, output, assigned);
    return { output, next };
  }

  /** Task, Parallel or Map through its retriers (§2.12): a matching failure runs it again after the backoff. */
  private async retrying(visit: StateVisit, thread: Thread): Promise<Transition> {
    const { state } = visit;
    const retriers = Array.isArray(state.fields['Retry']) ? (state.fields['Retry'] as JsonObject[]) : [];
    const attempts = retriers.map(() => 0);
    for (;;) {
      try {
        const result = await this.attempt(visit, thread);
        // §1.14 [AWS-snap 2026-02]: a Map's or Parallel's inspection data has no `result`.
        if (state.type === 'Task') visit.note('result', result);
        const { output, assigned } = await visit.finish(result);
        this.exit(state, thread, output, assigned);
        return { output, next: state.next };
      } catch (error) {
        if (!(error instanceof StatesError)) throw error;
        this.evaluationFailed(error, visit, thread);
        const index = retriers.findIndex((retrier) =>
          errorMatches(retrier['ErrorEquals'] as Json[], error, state.type === 'Task'),
        );
        const retrier = retriers[index];
        // §1.14 [AWS-snap 2025-11]: TestState's retrierRetryCount is how many retries the retrier has already made.
        const made = (attempts[index] ?? 0) + (this.testing ? (this.settings.retrierRetryCount ?? 0) : 0);
        if (!retrier || made >= ((retrier['MaxAttempts'] as number | undefined) ?? 3)) {
          if (retrier && this.testing) this.exhaustedRetrier = index;
          // §5.5 [AWS-snap]: a Map that no retrier runs again writes MapStateFailed, caught or not; a retried one
          // starts again after its failed iteration. A States.Runtime failure writes none.
          if (state.type === 'Map' && !error.fatal) this.record('MapStateFailed', thread);
          throw error;
        }
        attempts[index]!++;
        visit.retryCount++;
        const delay = this.backoff(retrier, made + 1);
        if (this.testing) throw new RetryReported(error, index, delay / 1000);
        if (delay > 0) await this.sleep(delay, visit.frame.cancel);
      }
    }
  }

  /** §2.12: IntervalSeconds × BackoffRate^(n−1), capped by MaxDelaySeconds, drawn in [0, that] with FULL jitter. */
  private backoff(retrier: JsonObject, attempt: number): number {
    const interval = (retrier['IntervalSeconds'] as number | undefined) ?? 1;
    const rate = (retrier['BackoffRate'] as number | undefined) ?? 2;
    let seconds = interval * rate ** (attempt - 1);
    const cap = retrier['MaxDelaySeconds'] as number | undefined;
    if (cap !== undefined) seconds = Math.min(seconds, cap);
    if (retrier['JitterStrategy'] === 'FULL') seconds = this.engine.ids.random() * seconds;
    return Math.round(seconds * 1000);
  }

  private attempt(visit: StateVisit, thread: Thread): Promise<Json> {
    switch (visit.state.type) {
      case 'Task':
        return this.task(visit, thread);
      case 'Parallel':
        return this.parallel(visit, thread);
      default:
        return this.map(visit, thread);
    }
  }

  private catcher(state: StateDefinition, error: StatesError): JsonObject | undefined {
    const catchers = state.fields['Catch'];
    if (!Array.isArray(catchers)) return undefined;
    return (catchers as JsonObject[]).find((catcher) =>
      errorMatches(catcher['ErrorEquals'] as Json[], error, state.type === 'Task'),
    );
  }

  private sleep(ms: number, cancel: CancelScope): Promise<void> {
    const { done, cancel: clear } = this.engine.sleeper.sleep(ms);
    return cancel.wait(done, clear);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Task

  private async task(visit: StateVisit, thread: Thread): Promise<Json> {
    const { state } = visit;
    const resourceText = visit.resourceArn();
    const resource = parseResource(resourceText)!;
    const parameters = await visit.taskInput();
    if (this.settings.mock) return this.mocked(this.settings.mock);
    const timeoutSeconds = await visit.seconds('TimeoutSeconds');
    const heartbeatSeconds = await visit.seconds('HeartbeatSeconds');
    const limits = {
      ...(timeoutSeconds !== undefined ? { timeoutInSeconds: timeoutSeconds } : {}),
      ...(heartbeatSeconds !== undefined ? { heartbeatInSeconds: heartbeatSeconds } : {}),
    };
    const events = taskEvents(resource);
    const inputText = jsonText(parameters);
    if (resource.kind === 'function') {
      this.record(events.scheduled, thread, {
        resource: resource.arn,
        input: inputText,
        inputDetails: NOT_TRUNCATED,
        ...(timeoutSeconds !== undefined ? { timeoutInSeconds: timeoutSeconds } : {}),
      });
    } else if (resource.kind === 'activity') {
      this.record(events.scheduled, thread, {
        resource: resource.arn,
        input: inputText,
        inputDetails: NOT_TRUNCATED,
        ...limits,
      });
    } else {
      this.record(events.scheduled, thread, {
        ...events.common,
        region: resource.region ?? this.region,
        parameters: inputText,
        ...limits,
      });
    }
    const cancel = visit.frame.cancel.child();
    const call: TaskCall = {
      execution: this.execution,
      state: state.name,
      region: resource.kind === 'optimized' || resource.kind === 'sdk' ? (resource.region ?? this.region) : this.region,
      cancel,
    };
    let timers: (() => void)[] = [];
    const timedOut = new Promise<never>((_, reject) => {
      if (timeoutSeconds !== undefined)
        timers.push(
          this.engine.sleeper.at(this.engine.clock.now() + timeoutSeconds * 1000, () => reject(timeoutError())),
        );
    });
    timedOut.catch(() => undefined);
    try {
      let result: Json;
      if (resource.kind === 'function') {
        this.record(events.started, thread);
        result = await cancel.wait(
          Promise.race([this.engine.tasks.invokeFunction(resource.arn, parameters, call), timedOut]),
        );
      } else if (resource.kind === 'activity') {
        const token = visit.token ?? this.engine.tokens.mint();
        const waiting = this.waitForToken(token, heartbeatSeconds, cancel, timers);
        const scheduled = this.engine.tasks.scheduleActivity(resource.arn, inputText, token, call, (workerName) => {
          if (this.execution.status === 'RUNNING' && !cancel.cancelled) {
            this.record(events.started, thread, workerName !== undefined ? { workerName } : {});
          }
        });
        // §1.13 [AWS-snap]
        if (!scheduled) throw runtimeError(state.name, visit.entered, `The activity ${resource.arn} does not exist.`);
        result = await cancel.wait(Promise.race([waiting, timedOut]));
      } else {
        this.record(events.started, thread, events.common);
        const answer = await cancel.wait(
          Promise.race([this.engine.tasks.callService(resource, parameters, call), timedOut]),
        );
        if ('submitted' in answer) {
          this.record('TaskSubmitted', thread, {
            ...events.common,
            output: jsonText(answer.submitted),
            outputDetails: NOT_TRUNCATED,
          });
          result = await cancel.wait(Promise.race([answer.completion, timedOut]));
        } else if (resource.pattern === 'callback') {
          this.record('TaskSubmitted', thread, {
            ...events.common,
            output: jsonText(answer.output),
            outputDetails: NOT_TRUNCATED,
          });
          result = await cancel.wait(
            Promise.race([this.waitForToken(visit.token!, heartbeatSeconds, cancel, timers), timedOut]),
          );
        } else result = answer.output;
      }
      const text = jsonText(result);
      if (utf8Bytes(text) > MAX_PAYLOAD_BYTES) {
        throw new StatesError(
          'States.DataLimitExceeded',
          dataLimitCause(
            resource.kind === 'function'
              ? resource.arn
              : resource.kind === 'activity'
                ? resource.arn
                : resource.service,
          ),
        );
      }
      this.record(events.succeeded, thread, { ...events.common, output: text, outputDetails: NOT_TRUNCATED });
      return result;
    } catch (error) {
      if (!(error instanceof StatesError)) throw error;
      if (this.execution.status !== 'RUNNING') throw this.root.cancelled ?? new ExecutionEnded('aborted');
      if (visit.token !== undefined && error.error === TIMEOUT) this.engine.tokens.close(visit.token, 'timedOut');
      if (error.error === TIMEOUT && (error.heartbeat || error.cause === undefined)) {
        this.record(events.timedOut, thread, { ...events.common, error: TIMEOUT });
      } else if (!error.fatal) {
        this.record(events.failed, thread, { ...events.common, ...errorDetails(error) });
      }
      throw error;
    } finally {
      for (const clear of timers) clear();
      timers = [];
      cancel.cancel(TASK_OVER);
      cancel.close();
    }
  }

  /** Waits for SendTaskSuccess or SendTaskFailure on `token`, failing when heartbeats stop (§1.12, §3.4). */
  private waitForToken(
    token: string,
    heartbeatSeconds: number | undefined,
    cancel: CancelScope,
    timers: (() => void)[],
  ): Promise<Json> {
    const { tokens, sleeper, clock } = this.engine;
    return new Promise<Json>((resolve, reject) => {
      let clearHeartbeat: (() => void) | undefined;
      const armHeartbeat = () => {
        clearHeartbeat?.();
        if (heartbeatSeconds === undefined) return;
        clearHeartbeat = sleeper.at(clock.now() + heartbeatSeconds * 1000, () => {
          tokens.close(token, 'timedOut');
          reject(timeoutError(true));
        });
      };
      armHeartbeat();
      timers.push(() => {
        clearHeartbeat?.();
        tokens.close(token, 'closed');
      });
      tokens.add({
        token,
        executionArn: this.execution.arn,
        heartbeat: armHeartbeat,
        settle: (outcome: TokenOutcome) => {
          tokens.close(token, 'closed');
          clearHeartbeat?.();
          if ('output' in outcome) resolve(outcome.output);
          else reject(new StatesError(outcome.error, outcome.cause));
        },
      });
      cancel.wait(new Promise<never>(() => undefined)).catch(() => tokens.close(token, 'closed'));
    });
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Parallel

  private async parallel(visit: StateVisit, thread: Thread): Promise<Json> {
    // §1.14 [AWS-snap 2026-02]: a mocked Parallel shows no stage before its result: its branches' input is not made.
    if (this.settings.mock) return this.mocked(this.settings.mock);
    const { state } = visit;
    const input = await visit.taskInput();
    const started = this.record('ParallelStateStarted', thread);
    const cancel = visit.frame.cancel.child();
    const branches = state.branches!;
    let failed: StatesError | undefined;
    // §1.17: a redrive runs again only the branches that did not succeed.
    const { resume } = visit;
    const progress: InnerProgress = { outputs: [...(resume?.outputs ?? [])], scopes: [] };
    visit.at.inner = progress;
    try {
      const settled = await Promise.allSettled(
        branches.map(async (branch, index) => {
          const kept = progress.outputs[index];
          if (kept !== undefined) return kept;
          const branchThread: Thread = { last: started };
          const again = resume?.scopes[index];
          const frame: Frame = { variables: again?.at?.variables ?? visit.frame.variables.child(), cancel };
          const scopeProgress: ScopeProgress = {};
          progress.scopes[index] = scopeProgress;
          try {
            const output = await this.scope(branch, input, branchThread, frame, undefined, scopeProgress, again);
            progress.outputs[index] = output;
            return output;
          } catch (error) {
            if (error instanceof StatesError && !failed) {
              failed = error;
              cancel.cancel(new BranchAborted());
            }
            throw error;
          }
        }),
      );
      if (failed) {
        this.record('ParallelStateFailed', this.history.lastId);
        thread.last = this.history.lastId;
        throw failed;
      }
      const rejected = settled.find((outcome) => outcome.status === 'rejected');
      if (rejected) throw (rejected as PromiseRejectedResult).reason;
      const previous = this.history.lastId;
      this.record('ParallelStateSucceeded', previous);
      thread.last = previous;
      return settled.map((outcome) => (outcome as PromiseFulfilledResult<Json>).value);
    } finally {
      cancel.close();
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Map

  private async map(visit: StateVisit, thread: Thread): Promise<Json> {
    if (this.settings.mock) return this.mockedMap(visit, this.settings.mock);
    if (visit.distributed()) return this.distributedMap(visit, thread);
    const { state } = visit;
    const settings = await visit.mapSettings();
    const items = await visit.batches(settings.items);
    const concurrency = settings.concurrency;
    const processor = state.processor!;
    const length = items.length;
    const started = this.record('MapStateStarted', thread, { length });
    // §2.11 [AWS-snap]: the tolerance is read after MapStateStarted.
    const { toleratedCount, toleratedPercentage } = await visit.tolerance();
    visit.noteSettings(concurrency, toleratedCount, toleratedPercentage);
    const tolerates = toleratedCount !== undefined || toleratedPercentage !== undefined;
    const cancel = visit.frame.cancel.child();
    const results: Json[] = new Array<Json>(length);
    let failures = 0;
    let failed: StatesError | undefined;
    // The last event of the iteration whose failure fails the Map, which MapStateFailed hangs from (§5.5).
    let failedAt: number | undefined;
    const limit = concurrency === 0 ? length : concurrency;
    // With a concurrency limit, an iteration starts after the last state event of the one whose place it takes (§5.5).
    let cursor = started;
    // §1.17: a redrive runs again only the iterations that did not succeed.
    const { resume } = visit;
    const progress: InnerProgress = { outputs: [...(resume?.outputs ?? [])], scopes: [] };
    visit.at.inner = progress;
    const pending = items.flatMap((_, index) => {
      if (progress.outputs[index] === undefined) return [index];
      results[index] = progress.outputs[index]!;
      return [];
    });
    // Each iteration's input is made in item order (a JSONata ItemSelector takes its own time), and every iteration
    // that may start now is recorded as started before any runs its states, as AWS records them (§4.3).
    const inputOf = inOrder((position) => visit.itemInput(items[pending[position]!]!, pending[position]!));
    const wave = Math.min(limit, pending.length);
    let arrived = 0;
    let waveStarted!: () => void;
    const allStarted = new Promise<void>((resolve) => (waveStarted = resolve));
    let nextPosition = 0;
    const iterate = async (): Promise<void> => {
      while (nextPosition < pending.length && !failed) {
        const position = nextPosition++;
        const index = pending[position]!;
        const value = items[index]!;
        const again = resume?.scopes[index];
        const frame: Frame = {
          variables: again?.at?.variables ?? visit.frame.variables.child(),
          mapItem: { Index: index, Value: value },
          cancel,
        };
        const scopeProgress: ScopeProgress = {};
        progress.scopes[index] = scopeProgress;
        const iterationThread: Thread = { last: 0 };
        let counted = position >= wave;
        const arrive = () => {
          if (counted) return;
          counted = true;
          if (++arrived === wave) waveStarted();
        };
        try {
          const input = await inputOf(position);
          iterationThread.last = this.record('MapIterationStarted', cursor, { name: state.name, index });
          arrive();
          await allStarted;
          results[index] = await this.scope(processor, input, iterationThread, frame, undefined, scopeProgress, again);
          progress.outputs[index] = results[index];
          this.record('MapIterationSucceeded', iterationThread.last, { name: state.name, index });
          cursor = iterationThread.last;
        } catch (error) {
          arrive();
          if (error instanceof BranchAborted || (error instanceof ExecutionEnded && failed)) {
            if (this.execution.status === 'RUNNING')
              this.record('MapIterationAborted', iterationThread.last, { name: state.name, index });
            return;
          }
          if (!(error instanceof StatesError)) throw error;
          const last = iterationThread.last || cursor;
          this.record('MapIterationFailed', last, { name: state.name, index });
          failures++;
          results[index] = errorOutput(error);
          if (tolerates && !toleranceExceeded(failures, length, toleratedCount, toleratedPercentage)) continue;
          if (!failed) {
            failed = tolerates ? toleranceError() : error;
            failedAt = last;
            cancel.cancel(new BranchAborted());
          }
          return;
        }
      }
    };
    try {
      if (wave === 0) waveStarted();
      await Promise.all(Array.from({ length: wave }, () => iterate()));
      if (failed) throw failed;
      const previous = this.history.lastId;
      this.record('MapStateSucceeded', previous);
      thread.last = previous;
      return results;
    } catch (error) {
      if (error instanceof StatesError) thread.last = failedAt ?? this.history.lastId;
      throw error;
    } finally {
      cancel.close();
    }
  }

  /** TestState (§1.14): the mock's result, or its failure. */
  private mocked(mock: TestMock): Json {
    if ('result' in mock) return structuredClone(mock.result);
    throw new StatesError(mock.error, mock.cause);
  }

  /**
   * TestState's mocked Map (§1.14 [AWS-snap 2025-11]): its items are found (a reader's from mapItemReaderData) and its
   * settings read, no iteration runs; the mock's result is its result, unless mapIterationFailureCount failures are
   * more than the Map tolerates. A Map that declares no tolerance is not failed by the count.
   */
  private async mockedMap(visit: StateVisit, mock: TestMock): Promise<Json> {
    const settings = await visit.mapSettings();
    const given = this.settings.mapItemReaderData;
    const call = { execution: this.execution, region: this.region };
    const items = !visit.readsItems()
      ? settings.items
      : (given ?? (await this.engine.mapData.readItems(await visit.itemReader(), call)));
    const { toleratedCount, toleratedPercentage } = await visit.tolerance();
    visit.noteSettings(settings.concurrency, toleratedCount, toleratedPercentage);
    if (!('result' in mock)) return this.mocked(mock);
    const tolerates = toleratedCount !== undefined || toleratedPercentage !== undefined;
    const failures = this.settings.mapIterationFailureCount ?? 0;
    if (tolerates && toleranceExceeded(failures, items.length, toleratedCount, toleratedPercentage))
      throw toleranceError();
    return this.mocked(mock);
  }

  /**
   * A distributed Map (§2.11.1): a Map Run whose child executions, one per item or batch, run as executions of their
   * own with their own histories; this history shows MapRunStarted and how the run ended. MaxConcurrency bounds the
   * children running at once, and UpdateMapRun may change it and the tolerance while they run. An ItemReader reads
   * the items once the run has started (§2.11.2); a ResultWriter writes the children's results when they are done
   * (§2.11.3).
   */
  private async distributedMap(visit: StateVisit, thread: Thread): Promise<Json> {
    const { state } = visit;
    const reads = visit.readsItems();
    const { items, concurrency } = await visit.mapSettings();
    // §5.5 [AWS-snap]: the length of a Map that reads its items is 0.
    this.record('MapStateStarted', thread, { length: reads ? 0 : items.length });
    const { toleratedCount, toleratedPercentage } = await visit.tolerance();
    const childInputs = async (given: Json[]): Promise<Json[]> => {
      const selected: Json[] = [];
      for (const [index, item] of given.entries()) selected.push(await visit.itemInput(item, index));
      return visit.batches(selected);
    };
    let inputs = reads ? [] : await childInputs(items);
    const itemsPerChild = (all: Json[]) =>
      all.map((input) => (visit.batched() && isObject(input) ? (input['Items'] as Json[]).length : 1));
    // §1.17: a redrive runs the same Map Run again, its children that did not succeed.
    let run = visit.resume?.mapRun;
    if (run) {
      run.reopen(this.engine.clock.now());
      this.record('MapRunRedriven', thread, { mapRunArn: run.arn, redriveCount: run.redriveCount });
    } else {
      run = this.engine.mapRuns.create(
        this.execution,
        visit.label() ?? this.engine.ids.uuid(),
        {
          maxConcurrency: concurrency,
          toleratedFailureCount: toleratedCount,
          toleratedFailurePercentage: toleratedPercentage,
        },
        itemsPerChild(inputs),
        visit.processor(),
      );
      this.record('MapRunStarted', thread, { mapRunArn: run.arn });
    }
    visit.at.inner = { outputs: [], scopes: [], mapRun: run };
    const mapRun = run;
    const fail = (error: StatesError): StatesError => {
      mapRun.end('FAILED', this.engine.clock.now());
      this.record('MapRunFailed', thread, errorDetails(error));
      return error;
    };
    const failing = async <T>(work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch (error) {
        throw error instanceof StatesError ? fail(error) : error;
      }
    };
    const call = { execution: this.execution, region: this.region };
    if (reads) {
      // §2.11.2 [AWS-snap]: what the reader fails on fails the run after MapRunStarted.
      inputs = await failing(async () =>
        childInputs(await this.engine.mapData.readItems(await visit.itemReader(), call)),
      );
      mapRun.itemsPerChild = itemsPerChild(inputs);
    }
    const cancel = visit.frame.cancel.child();
    const outputs: Json[] = new Array<Json>(inputs.length);
    const pending = inputs.flatMap((_, index) => {
      const child = mapRun.children[index];
      if (child?.status !== 'SUCCEEDED') return [index];
      outputs[index] = JSON.parse(child.output!) as Json;
      return [];
    });
    let failures = 0;
    let exceeded = false;
    try {
      await new Promise<void>((resolve, reject) => {
        let next = 0;
        let running = 0;
        const stopUpdates = mapRun.onUpdate(() => fill());
        const finish = (error?: unknown) => {
          stopUpdates();
          if (error === undefined) resolve();
          else reject(error);
        };
        const fill = (): void => {
          const limit = mapRun.settings.maxConcurrency === 0 ? Infinity : mapRun.settings.maxConcurrency;
          while (!exceeded && next < pending.length && running < limit) {
            const index = pending[next++]!;
            running++;
            const earlier = mapRun.children[index];
            const child =
              earlier !== undefined && !earlier.express
                ? this.engine.mapRuns.redriveChild(earlier)
                : this.engine.mapRuns.startChild(mapRun, index, inputs[index]!);
            cancel.wait(child.done).then(
              () => {
                running--;
                if (child.status === 'SUCCEEDED') outputs[index] = JSON.parse(child.output!) as Json;
                else {
                  outputs[index] = errorOutput(new StatesError(child.error, child.cause));
                  if (!exceeded && mapRun.exceeded(++failures, inputs.length)) {
                    exceeded = true;
                    for (const other of mapRun.children) other.stopper?.(undefined, undefined);
                  }
                }
                if (running === 0 && (exceeded || next >= pending.length)) finish();
                else fill();
              },
              (reason: unknown) => finish(reason),
            );
          }
          if (running === 0 && next >= pending.length) finish();
        };
        fill();
      });
    } catch (error) {
      // The parent stopped or timed out: so do its children (§2.11.1).
      for (const child of mapRun.children) child.stopper?.(undefined, undefined);
      mapRun.end('ABORTED', this.engine.clock.now());
      throw error;
    } finally {
      cancel.close();
    }
    // §2.11.3 [D]: the results are written when the children are done, those of a run that failed too.
    const written = await failing(async () => {
      const writer = await visit.resultWriter();
      return writer && this.engine.mapData.writeResults(writer, mapRun, inputs, call);
    });
    if (exceeded) throw fail(toleranceError());
    mapRun.end('SUCCEEDED', this.engine.clock.now());
    this.record('MapRunSucceeded', thread);
    const result = written ?? outputs.map((output) => output ?? null);
    // §2.11.3 [D]: results kept in the output are held to the payload limit, which a ResultWriter avoids.
    if (utf8Bytes(jsonText(result)) > MAX_PAYLOAD_BYTES)
      throw new StatesError('States.DataLimitExceeded', dataLimitCause(state.name));
    const previous = thread.last;
    this.record('MapStateSucceeded', previous);
    thread.last = previous;
    return result;
  }

  /**
   * TestState (§1.14): runs `state` once with `input` and `variables`, without retrying or waiting, and says how it
   * ended: its output and next state, a failure a catcher takes, one a retrier would run again, or one that ends it;
   * with `inspect`, what each stage of its data processing made.
   */
  async testState(
    state: StateDefinition,
    input: Json,
    variables: JsonObject | undefined,
    inspect: boolean,
    settings: TestStateSettings = {},
  ): Promise<TestStateResult> {
    this.testing = true;
    this.settings = settings;
    const scope = new VariableScope();
    if (variables) scope.assign(variables);
    const frame: Frame = { variables: scope, cancel: this.root };
    const thread: Thread = { last: this.record('ExecutionStarted', 0, { input: jsonText(input) }, true) };
    const at: StateProgress = { state: state.name, input, variables: scope };
    const entered = this.record(`${state.type}StateEntered`, thread, { name: state.name, input: jsonText(input) });
    const visit = new StateVisit(this, state, input, 0, entered, this.engine.clock.now(), frame, at, undefined);
    const inspection: Record<string, Json> | undefined = inspect ? { input: jsonText(input) } : undefined;
    if (inspection && variables && Object.keys(variables).length > 0) inspection['variables'] = jsonText(variables);
    visit.inspection = inspection;
    const withInspection = (result: TestStateResult): TestStateResult =>
      inspection ? { ...result, inspectionData: inspection } : result;
    try {
      const { output, next } = await this.work(visit, thread);
      return withInspection({ status: 'SUCCEEDED', output, ...(next !== undefined ? { nextState: next } : {}) });
    } catch (thrown) {
      if (thrown instanceof RetryReported) {
        if (inspection)
          inspection['errorDetails'] = { retryBackoffIntervalSeconds: thrown.backoffSeconds, retryIndex: thrown.index };
        return withInspection({ status: 'RETRIABLE', error: thrown.failure.error, cause: thrown.failure.cause });
      }
      if (!(thrown instanceof StatesError)) throw thrown;
      const catchers = Array.isArray(state.fields['Catch']) ? (state.fields['Catch'] as JsonObject[]) : [];
      const index = catchers.findIndex((catcher) =>
        errorMatches(catcher['ErrorEquals'] as Json[], thrown, state.type === 'Task'),
      );
      if (index < 0) {
        // §1.14 [AWS-snap 2025-11]: a failure its retrier has no attempt left for names that retrier.
        if (inspection && this.exhaustedRetrier !== undefined)
          inspection['errorDetails'] = { retryIndex: this.exhaustedRetrier };
        return withInspection({ status: 'FAILED', error: thrown.error, cause: thrown.cause });
      }
      const caught = await visit.caughtOutput(catchers[index]!, thrown);
      if (inspection) inspection['errorDetails'] = { catchIndex: index };
      return withInspection({
        status: 'CAUGHT_ERROR',
        error: thrown.error,
        cause: thrown.cause,
        output: caught.output,
        nextState: catchers[index]!['Next'] as string,
      });
    }
  }

  /** @internal For StateVisit: whether this is TestState's run (§1.14). */
  get testsState(): boolean {
    return this.testing;
  }

  /** @internal For StateVisit: the context object TestState was given (§1.14), if any. */
  get testContext(): JsonObject | undefined {
    return this.settings.context;
  }

  /** @internal For StateVisit: the engine, the execution and how events are written. */
  get context(): { readonly engine: Engine; readonly execution: Execution; readonly region: string } {
    return { engine: this.engine, execution: this.execution, region: this.region };
  }
}

/** §2.15 Emulation: the cause of an execution whose data nests deeper than the interpreter can follow. */
const DEEP_DATA_CAUSE =
  "sqs-sns-mock: the execution's data nests deeper than the emulation can process (JavaScript's call stack ran " +
  "out); AWS's own nesting limit is not recorded";

function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/** TestState (§1.14): a retrier would run the state again after `backoffSeconds`. */
class RetryReported extends Error {
  constructor(
    readonly failure: StatesError,
    readonly index: number,
    readonly backoffSeconds: number,
  ) {
    super('a retrier would run the state again');
    this.name = 'RetryReported';
  }
}

/** A branch or iteration stopped because another failed. */
class BranchAborted extends Error {
  constructor() {
    super('aborted by a sibling');
    this.name = 'BranchAborted';
  }
}

function errorDetails(error: StatesError): JsonObject {
  return {
    ...(error.error !== undefined ? { error: error.error } : {}),
    ...(error.cause !== undefined ? { cause: error.cause } : {}),
  };
}

/** §2.11.1 [AWS-snap]: more failures than the Map tolerates. */
function toleranceError(): StatesError {
  return new StatesError(
    'States.ExceedToleratedFailureThreshold',
    'The specified tolerated failure threshold was exceeded',
  );
}

/** `make(index)` for each index, each made once the one before is (JSONata expressions take their own time). */
function inOrder<T>(make: (index: number) => Promise<T>): (index: number) => Promise<T> {
  const made: Promise<T>[] = [];
  const at = (index: number): Promise<T> =>
    (made[index] ??= (index === 0 ? Promise.resolve() : at(index - 1).then(noop, noop)).then(() => make(index)));
  return at;
}

function noop(): void {}

/** §2.14 [AWS-snap] */
function dataLimitCause(name: string): string {
  return `The state/task '${name}' returned a result with a size exceeding the maximum number of bytes service limit.`;
}

function taskEvents(resource: TaskResource): TaskEvents {
  if (resource.kind === 'function') {
    return {
      scheduled: 'LambdaFunctionScheduled',
      started: 'LambdaFunctionStarted',
      succeeded: 'LambdaFunctionSucceeded',
      failed: 'LambdaFunctionFailed',
      timedOut: 'LambdaFunctionTimedOut',
      common: {},
    };
  }
  if (resource.kind === 'activity') {
    return {
      scheduled: 'ActivityScheduled',
      started: 'ActivityStarted',
      succeeded: 'ActivitySucceeded',
      failed: 'ActivityFailed',
      timedOut: 'ActivityTimedOut',
      common: {},
    };
  }
  return {
    scheduled: 'TaskScheduled',
    started: 'TaskStarted',
    succeeded: 'TaskSucceeded',
    failed: 'TaskFailed',
    timedOut: 'TaskTimedOut',
    common: { resourceType: resource.resourceType, resource: resource.resource },
  };
}

/**
 * One visit of one state: its input, its data processing in its query language, and what it assigns. JSONPath
 * states go through InputPath, Parameters, ResultSelector, ResultPath and OutputPath (§2.2); JSONata states through
 * Arguments and Output (§2.3).
 */
class StateVisit {
  retryCount = 0;
  /** The task token of a callback or activity task, made once per attempt at `taskInput`. */
  token: string | undefined;

  constructor(
    private readonly run: Run,
    readonly state: StateDefinition,
    readonly input: Json,
    /** The event the state's entered event hangs from. */
    readonly before: number,
    readonly entered: number,
    private readonly enteredTime: number,
    readonly frame: Frame,
    /** Where the state stands, for a redrive; a Parallel or Map keeps its branches' and iterations' there. */
    readonly at: StateProgress,
    /** In a redrive, how its branches or iterations stood (§1.17). */
    readonly resume: InnerProgress | undefined,
  ) {}

  private get jsonata(): boolean {
    return this.state.queryLanguage === 'JSONata';
  }

  private get fields(): JsonObject {
    return this.state.fields;
  }

  /** The context object `$$` (§2.2), made once per attempt: a state reads it for each of its paths. */
  context(): JsonObject {
    const key = `${this.retryCount}:${this.token ?? ''}`;
    if (this.contextKey !== key || this.contextObject === undefined) {
      this.contextObject = this.makeContext();
      this.contextKey = key;
    }
    return this.contextObject;
  }

  private contextObject: JsonObject | undefined;
  private contextKey = '';

  private makeContext(): JsonObject {
    // §1.14 [AWS-snap 2025-12]: a context given to TestState is the whole context object, nothing added.
    const given = this.run.testContext;
    if (given) return structuredClone(given);
    const { execution } = this.run.context;
    const item = this.frame.mapItem;
    return {
      Execution: {
        Id: execution.arn,
        Input: execution.input,
        Name: execution.name,
        RoleArn: execution.revision.roleArn ?? null,
        StartTime: new Date(execution.startDate).toISOString(),
        // §1.14 [AWS-snap]: TestState's context has no RedriveCount.
        ...(this.run.testsState ? {} : { RedriveCount: execution.redriveCount }),
        ...(execution.redriveDate !== undefined ? { RedriveTime: new Date(execution.redriveDate).toISOString() } : {}),
      },
      StateMachine: { Id: execution.versionArn ?? execution.machine.arn, Name: execution.machine.name },
      State: {
        Name: this.state.name,
        EnteredTime: new Date(this.enteredTime).toISOString(),
        RetryCount: this.retryCount,
      },
      ...(this.token !== undefined ? { Task: { Token: this.token } } : {}),
      ...(item !== undefined ? { Map: { Item: { Index: item.Index, Value: item.Value } } } : {}),
    };
  }

  private data(input: Json): DataScope {
    return {
      input,
      context: this.context(),
      variables: this.frame.variables,
      ids: this.run.context.engine.ids,
      state: this.state.name,
      enteredAt: this.entered,
    };
  }

  private expressions(extra: JsonObject = {}): JsonataScope {
    return {
      evaluator: this.run.context.engine.jsonata(),
      bindings: {
        ...this.frame.variables.all(),
        states: { input: this.input, context: this.context(), ...extra },
      },
      state: this.state.name,
      enteredAt: this.entered,
    };
  }

  /** JSONPath: the input after InputPath. JSONata: the input. */
  effectiveInput(): Json {
    if (this.jsonata) return this.input;
    return this.note('afterInputPath', selectPath(this.fields['InputPath'], this.data(this.input)));
  }

  /** TestState's inspection data (§1.14), when it asks for it: `value` at `stage`, as JSON text. */
  inspection: Record<string, Json> | undefined;

  note<T extends Json>(stage: string, value: T): T {
    if (this.inspection) this.inspection[stage] = jsonText(value);
    return value;
  }

  /** A Map's concurrency and tolerance in TestState's inspection data, as numbers (§1.14 [AWS-snap 2025-11]). */
  noteSettings(concurrency: number, count: number | undefined, percentage: number | undefined): void {
    if (!this.inspection) return;
    this.inspection['maxConcurrency'] = concurrency;
    if (count !== undefined) this.inspection['toleratedFailureCount'] = count;
    if (percentage !== undefined) this.inspection['toleratedFailurePercentage'] = percentage;
  }

  /** The input a Task, Parallel or Map works on: after InputPath and Parameters, or Arguments (§2.2, §2.3). */
  async taskInput(): Promise<Json> {
    if (this.state.type === 'Task' && this.isCallback()) this.token = this.run.context.engine.tokens.mint();
    if (this.jsonata) {
      const args = this.fields['Arguments'];
      if (args === undefined) return this.input;
      return this.note('afterArguments', await evaluateField(args, 'Arguments', this.expressions()));
    }
    const effective = this.effectiveInput();
    const parameters = this.fields['Parameters'];
    if (this.state.type === 'Map') return effective;
    return this.note(
      'afterParameters',
      parameters === undefined ? effective : applyTemplate(parameters, this.data(effective)),
    );
  }

  private isCallback(): boolean {
    const resource = parseResource(this.resourceArn());
    return (
      resource?.kind === 'activity' ||
      ((resource?.kind === 'optimized' || resource?.kind === 'sdk') && resource.pattern === 'callback')
    );
  }

  /** The Task's Resource (a JSONata expression in JSONata states). */
  resourceArn(): string {
    return this.fields['Resource'] as string;
  }

  /** TimeoutSeconds or HeartbeatSeconds, from the field, its Path form, or its expression (§2.9). */
  seconds(field: 'TimeoutSeconds' | 'HeartbeatSeconds'): Promise<number | undefined> {
    return this.numberField(field, 'integer', true);
  }

  /**
   * The state's output from its result (§2.2, §2.3): JSONPath through ResultSelector, ResultPath and OutputPath;
   * JSONata through Output. Then Assign.
   */
  async finish(result: Json): Promise<{ output: Json; assigned: JsonObject | undefined }> {
    if (this.jsonata) {
      const scope = this.expressions({ result });
      const outputField = this.fields['Output'];
      const output =
        outputField === undefined
          ? this.state.type === 'Pass'
            ? this.input
            : result
          : await evaluateField(outputField, 'Output', scope);
      const assigned = await this.assignJsonata(scope);
      return { output, assigned };
    }
    let selected = result;
    const selector = this.fields['ResultSelector'];
    if (selector !== undefined && this.state.type !== 'Pass') selected = applyTemplate(selector, this.data(result));
    this.note('afterResultSelector', selected);
    const assigned = this.assignPath(selected);
    const placed = this.note('afterResultPath', applyResultPath(this.input, this.fields['ResultPath'], selected));
    const output = selectPath(this.fields['OutputPath'], this.data(placed));
    return { output, assigned };
  }

  /** Wait, Choice and Succeed: JSONPath OutputPath, JSONata Output over the input. */
  async plainOutput(effective: Json): Promise<Json> {
    if (this.jsonata) {
      const outputField = this.fields['Output'];
      return outputField === undefined ? this.input : evaluateField(outputField, 'Output', this.expressions());
    }
    return selectPath(this.fields['OutputPath'], this.data(effective));
  }

  /** Assign of a Wait state: against its input. */
  async assignPlain(): Promise<JsonObject | undefined> {
    return this.jsonata ? this.assignJsonata(this.expressions()) : this.assignPath(this.effectiveInput());
  }

  /** JSONPath Assign (§2.4): a template over the state's result; the variables change after every value is made. */
  private assignPath(data: Json, assign: Json | undefined = this.fields['Assign']): JsonObject | undefined {
    if (!isObject(assign)) return undefined;
    const values = applyTemplate(assign, this.data(data)) as JsonObject;
    this.frame.variables.assign(values);
    return values;
  }

  private async assignJsonata(
    scope: JsonataScope,
    assign: Json | undefined = this.fields['Assign'],
  ): Promise<JsonObject | undefined> {
    if (!isObject(assign)) return undefined;
    const values = (await evaluateField(assign, 'Assign', scope)) as JsonObject;
    this.frame.variables.assign(values);
    return values;
  }

  /** The output a catcher hands on (§2.13): the error placed by its ResultPath, or its JSONata Output; its Assign. */
  async caughtOutput(
    catcher: JsonObject,
    error: StatesError,
  ): Promise<{ output: Json; assigned: JsonObject | undefined }> {
    const errorValue = errorOutput(error);
    if (this.jsonata) {
      const scope = this.expressions({ errorOutput: errorValue });
      const output =
        catcher['Output'] === undefined ? errorValue : await evaluateField(catcher['Output'], 'Output', scope);
      return { output, assigned: await this.assignJsonata(scope, catcher['Assign']) };
    }
    const assigned = this.assignPath(errorValue, catcher['Assign']);
    return { output: applyResultPath(this.input, catcher['ResultPath'], errorValue), assigned };
  }

  /** The Fail state's error (§2.8): Error and Cause, their Path forms, or their expressions. */
  async failError(): Promise<StatesError> {
    this.effectiveInput();
    const read = async (key: 'Error' | 'Cause'): Promise<string | undefined> => {
      const value = this.fields[key];
      if (this.jsonata && isJsonataText(value)) {
        const scope = this.expressions();
        const result = await evaluateField(value, key, scope);
        expectType(result, 'string', value, key, scope);
        return result as string;
      }
      if (typeof value === 'string') return value;
      const path = this.fields[`${key}Path`];
      if (typeof path !== 'string') return undefined;
      const result = resolveExpression(path, `${key}Path`, this.data(this.input));
      return typeof result === 'string' ? result : jsonText(result);
    };
    const error = await read('Error');
    return new StatesError(error, await read('Cause'));
  }

  /** When a Wait ends (§2.7): its Seconds, Timestamp, their Path forms, or their expressions. */
  async waitUntil(): Promise<number> {
    const { clock } = this.run.context.engine;
    const now = clock.now();
    const fields = this.fields;
    const fail = (text: string) => runtimeError(this.state.name, this.entered, text);
    if (this.jsonata) {
      for (const key of ['Seconds', 'Timestamp'] as const) {
        const raw = fields[key];
        if (raw === undefined) continue;
        const scope = this.expressions();
        const value = await evaluateField(raw, key, scope);
        if (key === 'Seconds') {
          expectType(value, 'number', raw, key, scope);
          if (!Number.isInteger(value) || (value as number) < 0)
            throw failure(scope, key, `The Seconds field must be a non-negative integer: ${jsonText(value)}`);
          return now + (value as number) * 1000;
        }
        const at = typeof value === 'string' ? parseTimestamp(value) : undefined;
        if (at === undefined)
          throw failure(
            scope,
            key,
            `The Timestamp field cannot be parsed as an ISO-8601 extended offset date-time format string: ${typeof value === 'string' ? value : jsonText(value)}`,
          );
        return this.checkDelay(at, now);
      }
    }
    if (typeof fields['Seconds'] === 'number') return now + fields['Seconds'] * 1000;
    if (typeof fields['Timestamp'] === 'string') return this.checkDelay(parseTimestamp(fields['Timestamp'])!, now);
    const effective = this.effectiveInput();
    const secondsPath = fields['SecondsPath'];
    if (typeof secondsPath === 'string') {
      const value = this.lookup(secondsPath, effective, () =>
        fail(`The SecondsPath parameter does not reference an input value: ${secondsPath}`),
      );
      if (typeof value !== 'number' || !Number.isInteger(value))
        throw fail(`The SecondsPath parameter cannot be parsed as a long value: ${secondsPath} == ${jsonText(value)}`);
      if (value < 0) throw fail(`The SecondsPath parameter references a negative value: ${secondsPath} == ${value}`);
      if (value >= MAX_WAIT_SECONDS) throw fail('Wait state delay is too long.');
      return now + value * 1000;
    }
    const timestampPath = fields['TimestampPath'] as string;
    const value = this.lookup(timestampPath, effective, () =>
      fail(`The TimestampPath parameter does not reference an input value: ${timestampPath}`),
    );
    const at = typeof value === 'string' ? parseTimestamp(value) : undefined;
    if (at === undefined) {
      throw fail(
        `The TimestampPath parameter does not reference a valid ISO-8601 extended offset date-time format string: ${timestampPath} == ${typeof value === 'string' ? value : jsonText(value)}`,
      );
    }
    return this.checkDelay(at, now);
  }

  private checkDelay(at: number, now: number): number {
    if (at - now >= MAX_WAIT_SECONDS * 1000)
      throw runtimeError(this.state.name, this.entered, 'Wait state delay is too long.');
    return at;
  }

  private lookup(text: string, input: Json, missing: () => StatesError): Json {
    try {
      return readPath(compilePath(text)!, this.data(input));
    } catch (error) {
      if (error instanceof PathMissing) throw missing();
      throw error;
    }
  }

  /** The Choice's next state (§2.6): the first matching rule's, else Default, else States.NoChoiceMatched. */
  async choose(): Promise<{ next: string; assigned: JsonObject | undefined }> {
    const rules = this.fields['Choices'] as JsonObject[];
    if (this.jsonata) {
      const scope = this.expressions();
      for (const [i, rule] of rules.entries()) {
        const raw = rule['Condition']!;
        const value = await evaluateField(raw, `Choices/${i}/Condition`, scope);
        if (typeof value !== 'boolean') expectType(value, 'boolean', raw, 'Condition', scope);
        if (value === true)
          return {
            next: rule['Next'] as string,
            assigned: await this.assignJsonata(scope, rule['Assign'] ?? this.fields['Assign']),
          };
      }
    } else {
      const data = this.data(this.effectiveInput());
      for (const rule of rules) {
        if (ruleMatches(rule, data))
          return {
            next: rule['Next'] as string,
            assigned: this.assignPath(data.input, rule['Assign'] ?? this.fields['Assign']),
          };
      }
    }
    const fallback = this.fields['Default'];
    if (typeof fallback === 'string') return { next: fallback, assigned: await this.assignPlain() };
    throw new StatesError('States.NoChoiceMatched', `No Matches!`);
  }

  /** Whether the Map is distributed (§2.11.1). */
  distributed(): boolean {
    const processor = this.fields['ItemProcessor'];
    return (
      isObject(processor) &&
      isObject(processor['ProcessorConfig']) &&
      processor['ProcessorConfig']['Mode'] === 'DISTRIBUTED'
    );
  }

  /** A distributed Map's children: its ItemProcessor as a machine of their own, Standard unless it says Express. */
  processor(): MapProcessor {
    const document = { ...(this.fields['ItemProcessor'] as JsonObject) };
    const config = document['ProcessorConfig'];
    delete document['ProcessorConfig'];
    return {
      scope: this.state.processor!,
      queryLanguage: this.state.queryLanguage,
      document,
      executionType: isObject(config) && config['ExecutionType'] === 'EXPRESS' ? 'EXPRESS' : 'STANDARD',
    };
  }

  /** The Map's Label (§2.11.1), if it has one. */
  label(): string | undefined {
    return typeof this.fields['Label'] === 'string' ? this.fields['Label'] : undefined;
  }

  /** Whether the Map reads its items with an ItemReader (§2.11.2). */
  readsItems(): boolean {
    return isObject(this.fields['ItemReader']);
  }

  /**
   * The ItemReader (§2.11.2), its Parameters (or Arguments) and ReaderConfig evaluated against the Map's input;
   * MaxItems (its Path form, or an expression) 0 for no limit, none past MAX_ITEMS_LIMIT, a negative one failing.
   */
  async itemReader(): Promise<ItemReaderSpec> {
    const reader = this.fields['ItemReader'] as JsonObject;
    const parameters = await this.resourceArguments(reader);
    const raw = isObject(reader['ReaderConfig']) ? reader['ReaderConfig'] : {};
    const config = this.jsonata ? ((await evaluateField(raw, 'ReaderConfig', this.expressions())) as JsonObject) : raw;
    let maxItems = config['MaxItems'];
    if (!this.jsonata && typeof config['MaxItemsPath'] === 'string')
      maxItems = selectPath(config['MaxItemsPath'], this.data(this.effectiveInput()));
    const count = typeof maxItems === 'number' ? Math.trunc(maxItems) : 0;
    if (count < 0) throw new StatesError(ITEM_READER_FAILED, MAP_DATA_CAUSES.negativeMaxItems);
    return {
      resource: String(reader['Resource']),
      parameters,
      config,
      maxItems: count === 0 ? MAX_ITEMS_LIMIT : Math.min(count, MAX_ITEMS_LIMIT),
    };
  }

  /** The ResultWriter (§2.11.3), if the Map has one, its Parameters (or Arguments) evaluated. */
  async resultWriter(): Promise<ResultWriterSpec | undefined> {
    const writer = this.fields['ResultWriter'];
    if (!isObject(writer)) return undefined;
    return {
      resource: typeof writer['Resource'] === 'string' ? writer['Resource'] : undefined,
      parameters: await this.resourceArguments(writer),
      config: isObject(writer['WriterConfig']) ? writer['WriterConfig'] : undefined,
    };
  }

  /** An ItemReader's or ResultWriter's Parameters over the Map's input (JSONPath), or its Arguments (JSONata). */
  private async resourceArguments(field: JsonObject): Promise<JsonObject> {
    const value = this.jsonata
      ? await evaluateField(field['Arguments'] ?? {}, 'Arguments', this.expressions())
      : applyTemplate(field['Parameters'] ?? {}, this.data(this.effectiveInput()));
    return isObject(value) ? value : {};
  }

  /** The Map's items and its concurrency (§2.11); none when an ItemReader reads them. */
  async mapSettings(): Promise<{ items: Json[]; concurrency: number }> {
    const fields = this.fields;
    const fail = (text: string) => runtimeError(this.state.name, this.entered, text);
    let items: Json = [];
    if (this.readsItems()) {
      // §2.11.2: the items are read from Amazon S3 once the Map Run has started.
    } else if (this.jsonata) {
      const raw = fields['Items'];
      const scope = this.expressions();
      if (raw === undefined) {
        items = this.input;
        if (!Array.isArray(items))
          throw failure(scope, 'Items', `Map state input must be an array but was: ${jsonText(items)}`);
      } else {
        items = await evaluateField(raw, 'Items', scope);
        expectType(items, 'array', raw, 'Items', scope);
      }
    } else {
      const effective = this.effectiveInput();
      const itemsPath = fields['ItemsPath'];
      items = typeof itemsPath === 'string' ? selectPath(itemsPath, this.data(effective)) : effective;
      if (!Array.isArray(items)) throw fail(`Map state input must be an array but was: ${jsonText(items)}`);
      // §1.14 [AWS-snap 2025-11]
      if (typeof itemsPath === 'string') this.note('afterItemsPath', items);
    }
    const concurrency = (await this.numberField('MaxConcurrency', 'integer')) ?? 0;
    return { items: items as Json[], concurrency };
  }

  /** The Map's failure tolerance (§2.11): ToleratedFailureCount and ToleratedFailurePercentage, checked. */
  async tolerance(): Promise<{ toleratedCount: number | undefined; toleratedPercentage: number | undefined }> {
    const fail = (text: string) => runtimeError(this.state.name, this.entered, text);
    const toleratedCount = await this.numberField('ToleratedFailureCount', 'integer');
    const toleratedPercentage = await this.numberField('ToleratedFailurePercentage', 'float');
    if (toleratedCount !== undefined && toleratedCount < 0) throw fail('ToleratedFailureCount cannot be negative.');
    if (toleratedPercentage !== undefined && (toleratedPercentage < 0 || toleratedPercentage > 100)) {
      throw fail('ToleratedFailurePercentage must be between 0 and 100.');
    }
    return { toleratedCount, toleratedPercentage };
  }

  /** Whether the Map batches its items (§2.11.1). */
  batched(): boolean {
    return isObject(this.fields['ItemBatcher']);
  }

  /**
   * ItemBatcher (§2.11.1): `{BatchInput?, Items: [...]}` per batch of at most MaxItemsPerBatch items and at most
   * MaxInputBytesPerBatch bytes of JSON; without a batcher, the items themselves.
   */
  async batches(items: Json[]): Promise<Json[]> {
    const batcher = this.fields['ItemBatcher'];
    if (!isObject(batcher)) return items;
    const read = async (key: string): Promise<number | undefined> => {
      const value = batcher[key];
      if (this.jsonata && isJsonataText(value)) {
        const scope = this.expressions();
        const result = await evaluateField(value, `ItemBatcher/${key}`, scope);
        expectType(result, 'number', value, `ItemBatcher/${key}`, scope);
        return result as number;
      }
      if (typeof value === 'number') return value;
      const path = batcher[`${key}Path`];
      return typeof path === 'string' ? (selectPath(path, this.data(this.effectiveInput())) as number) : undefined;
    };
    const maxItems = (await read('MaxItemsPerBatch')) ?? Infinity;
    const maxBytes = (await read('MaxInputBytesPerBatch')) ?? Infinity;
    const raw = batcher['BatchInput'];
    const batchInput =
      raw === undefined
        ? undefined
        : this.jsonata
          ? await evaluateField(raw, 'ItemBatcher/BatchInput', this.expressions())
          : applyTemplate(raw, this.data(this.effectiveInput()));
    const wrap = (batch: Json[]): Json => ({
      ...(batchInput !== undefined ? { BatchInput: batchInput } : {}),
      Items: batch,
    });
    const out: Json[] = [];
    let batch: Json[] = [];
    for (const item of items) {
      const grown = [...batch, item];
      if (batch.length > 0 && (grown.length > maxItems || utf8Bytes(jsonText(wrap(grown))) > maxBytes)) {
        out.push(wrap(batch));
        batch = [item];
      } else batch = grown;
    }
    if (batch.length > 0) out.push(wrap(batch));
    return out;
  }

  /**
   * A number field (§2.9, §2.11): its value, its Path form (a value there that is no such number fails the state in
   * AWS's words), or its JSONata expression.
   */
  private async numberField(field: string, kind: 'integer' | 'float', positive = false): Promise<number | undefined> {
    const value = this.fields[field];
    if (this.jsonata && isJsonataText(value)) {
      const scope = this.expressions();
      const result = await evaluateField(value, field, scope);
      expectType(result, 'number', value, field, scope);
      return result as number;
    }
    if (typeof value === 'number') return value;
    const path = this.fields[`${field}Path`];
    if (typeof path !== 'string') return undefined;
    const found = selectPath(path, this.data(this.effectiveInput()));
    const ok = typeof found === 'number' && (kind === 'float' || Number.isInteger(found)) && (!positive || found > 0);
    if (!ok) {
      throw runtimeError(
        this.state.name,
        this.entered,
        `The ${field}Path field refers to value "${typeof found === 'string' ? found : jsonText(found)}" which is not a valid ${kind}: ${path}`,
      );
    }
    return found;
  }

  /** An iteration's input (§2.11): ItemSelector (or the older Parameters) with `$$.Map.Item`, else the item. */
  async itemInput(value: Json, index: number): Promise<Json> {
    const selector = this.fields['ItemSelector'] ?? (this.jsonata ? undefined : this.fields['Parameters']);
    if (selector === undefined) return value;
    const item = { Index: index, Value: value };
    if (this.jsonata) {
      const scope = this.expressions();
      const context = { ...((scope.bindings['states'] as JsonObject)['context'] as JsonObject), Map: { Item: item } };
      return evaluateField(selector, 'ItemSelector', {
        ...scope,
        bindings: { ...scope.bindings, states: { input: this.input, context } },
      });
    }
    const data = this.data(this.effectiveInput());
    return applyTemplate(selector, { ...data, context: { ...(data.context as JsonObject), Map: { Item: item } } });
  }
}
