import type { TimerHandle } from '../../core/clock.js';
import { HistoryRing } from '../../core/util/history-ring.js';
import type { FunctionSettings } from './function-options.js';
import {
  errorPayload,
  serialiseResult,
  timeoutPayload,
  type LambdaCallback,
  type LambdaContext,
  type LambdaErrorPayload,
  type LambdaHandler,
} from './handler-contract.js';
import type { LambdaRuntime } from './runtime.js';
import type { JourneyRecorder } from '../../core/journeys/recorder.js';
import { EnvironmentPool, ExecutionEnvironment } from './sandbox/environments.js';
import { executionEnvOfThisProcess, runtimeVariables } from './sandbox/environment-variables.js';
import { exportedHandler, handlerSetting, isLoader, type FunctionCode } from './sandbox/function-code.js';
import { runInScope, type InvocationScope } from '../../core/invocation/scope.js';
import { installScopedProcessEnv } from './sandbox/process-env.js';
import { carryScopeThroughTimers } from './sandbox/timer-scope.js';
import { followHostClocks } from './sandbox/host-clock.js';
import { hostOf } from '../../core/invocation/host.js';
import { realWorkInFlight, watchRealWork } from './sandbox/real-work.js';
import { crashPayload, watchRuntimeCrashes } from './sandbox/runtime-crashes.js';
import { invocationSteps } from './journey-steps.js';
import type { Invocation, InvocationTrigger } from './invocation.js';

export type { Invocation, InvocationOutcome, InvocationTrigger, LateCommand } from './invocation.js';

/** What an invocation came to; `throttled`: the function had no concurrency left, the handler did not run. */
export type InvocationResult =
  | { requestId: string; outcome: 'success'; result: unknown; payload: string }
  | { requestId: string; outcome: 'error' | 'timeout'; error: LambdaErrorPayload }
  | { requestId: string; outcome: 'throttled' };

export interface InvokeOptions {
  trigger: InvocationTrigger;
  /** Asynchronous retries keep the first attempt's request id (lambda.md §4). */
  requestId?: string;
  /** The ARN the caller named, qualifier and all: `context.invokedFunctionArn`. */
  invokedArn?: string;
  /** Invoke's ClientContext, decoded: `context.clientContext` (synchronous invocations only, lambda.md §5.2). */
  clientContext?: unknown;
  /** The environment `reserve()` took for this invocation. */
  reserved?: ExecutionEnvironment;
}

/** How a handler's outcome reaches the invocation. */
interface Answer {
  readonly succeed: (value: unknown) => void;
  readonly fail: (value: unknown) => void;
  readonly callback: LambdaCallback;
}

/** A plain handler is one module instance: one environment (lambda.md §5.8). */
const PLAIN_ENVIRONMENTS = 1;

/** One function: its code, settings, execution environments and the record of its invocations. */
export class LambdaFunction {
  /** Every invocation, or with createAwsMock's `invocationHistory` the last N. */
  readonly invocations: HistoryRing<Invocation>;
  /** Invocations running now or waiting for an environment, for reserved concurrency. */
  private runningCount = 0;
  private readonly environments: EnvironmentPool;
  /** `_HANDLER`. */
  private readonly handlerText: string;
  /** The last load begun: the next waits for it. */
  private loads: Promise<unknown> = Promise.resolve();
  deleted = false;

  constructor(
    readonly name: string,
    readonly region: string,
    readonly arn: string,
    readonly settings: FunctionSettings,
    private readonly code: FunctionCode,
    private readonly runtime: LambdaRuntime,
  ) {
    this.invocations = new HistoryRing(runtime.invocationHistory);
    this.handlerText = handlerSetting(code, settings.handler);
    this.environments = new EnvironmentPool(isLoader(code) ? Number.POSITIVE_INFINITY : PLAIN_ENVIRONMENTS, (n) =>
      this.newEnvironment(n),
    );
  }

  get running(): number {
    return this.runningCount;
  }

  /** The account's journey recorder, only when it records. */
  get journeys(): JourneyRecorder | undefined {
    return this.runtime.journeys;
  }

  /** Whether one more invocation would exceed the function's reserved concurrency (lambda.md §2.12). */
  get throttles(): boolean {
    const reserved = this.settings.reservedConcurrency;
    return reserved !== undefined && this.runningCount >= reserved;
  }

  /** Whether an invocation would start at once, with no wait for an environment (a plain handler's may be busy). */
  get hasRoom(): boolean {
    return this.environments.hasRoom;
  }

  /**
   * Takes an environment for an invocation about to start, when one is free now: a poller takes it as it opens a
   * batch, so that no batch it receives waits for an environment with its messages in flight.
   */
  reserve(): ExecutionEnvironment | undefined {
    return this.environments.tryAcquire();
  }

  /** Gives back an environment `reserve()` took and no invocation used. */
  unreserve(environment: ExecutionEnvironment): void {
    this.environments.release(environment);
  }

  /** Calls `listener` once, when an invocation could next start at once; returns the way to stop waiting. */
  onRoom(listener: () => void): () => void {
    return this.environments.onRoom(listener);
  }

  /** The function was deleted or the account reset: its environments are gone. */
  discardEnvironments(because: string): void {
    this.environments.reset(because);
  }

  /**
   * Runs the handler in-process on the account's clock (docs/aws-behaviour/lambda.md §5), in one of the function's
   * execution environments (§5.8), waiting for one when a plain handler's is busy: the event is the JSON of `event`,
   * as Lambda parses it from the payload; the first of resolve, reject, throw, callback or context.succeed/fail/done
   * decides; past the timeout the invocation has timed out, settled or not, and its environment is discarded.
   */
  invoke(event: unknown, options: InvokeOptions): Promise<InvocationResult> {
    const requestId = options.requestId ?? this.runtime.ids.uuid();
    if (this.throttles) {
      if (options.reserved) this.unreserve(options.reserved);
      return Promise.resolve({ requestId, outcome: 'throttled' });
    }
    const payload = JSON.parse(JSON.stringify(event ?? null)) as unknown;
    this.runningCount++;
    const slot = options.reserved ?? this.environments.acquire();
    if (!(slot instanceof Promise)) return this.run(slot, payload, requestId, options);
    return slot.then((got) => {
      if (got) return this.run(got, payload, requestId, options);
      this.runningCount--;
      return { requestId, outcome: 'throttled' };
    });
  }

  private run(
    environment: ExecutionEnvironment,
    payload: unknown,
    requestId: string,
    options: InvokeOptions,
  ): Promise<InvocationResult> {
    installScopedProcessEnv();
    watchRuntimeCrashes();
    carryScopeThroughTimers();
    if (hostOf(this.runtime.account)?.clock !== undefined) followHostClocks();
    watchRealWork();
    const { clock, timers } = this.runtime;
    const coldStart = environment.served++ === 0;
    const record: Invocation = {
      requestId,
      event: payload,
      startedAt: new Date(clock.now()),
      outcome: 'running',
      trigger: options.trigger,
      environmentId: environment.id,
      coldStart,
      lateCommands: [],
    };
    this.invocations.push(record);
    const steps = this.runtime.journeys && invocationSteps(this.runtime.journeys, this.arn, record);
    const timeoutMs = this.settings.timeoutSeconds * 1000;
    let settle!: (result: InvocationResult) => void;
    const done = new Promise<InvocationResult>((resolve) => (settle = resolve));
    let settled = false;
    let timer: TimerHandle | undefined;
    const finish = (result: InvocationResult, thrown?: { value: unknown }): void => {
      if (settled) return;
      settled = true;
      timers.clear(timer);
      this.runningCount--;
      record.endedAt = new Date(clock.now());
      if (result.outcome === 'success') {
        record.outcome = 'success';
        record.result = result.result;
      } else if (result.outcome !== 'throttled') {
        record.outcome = result.outcome;
        record.error = result.error;
        if (thrown) record.thrown = thrown.value;
      }
      // lambda.md §5.8: a timed-out environment is not reused; the next invocation starts a fresh one.
      if (result.outcome === 'timeout') {
        this.environments.discard(environment, `timed out at ${record.endedAt.toISOString()}`);
      }
      this.environments.release(environment);
      steps?.ended(record);
      settle(result);
    };
    const fail = (value: unknown): void =>
      finish({ requestId, outcome: 'error', error: errorPayload(value) }, { value });
    const succeed = (value: unknown): void => {
      const serialised = serialiseResult(value);
      if (serialised.ok) finish({ requestId, outcome: 'success', result: serialised.value, payload: serialised.text });
      else finish({ requestId, outcome: 'error', error: serialised.error });
    };
    // The callback treats a missing error as success; context.fail() does not (lambda.md §5.6).
    const callback: LambdaCallback = (error, value) => {
      if (error !== undefined && error !== null) fail(error);
      else succeed(value);
    };
    environment.current = (error, value) => finish({ requestId, outcome: 'error', error }, { value });
    const scope = this.scope(record, environment);
    const label = `function ${this.name}, request ${requestId}`;
    // The timeout counts from the handler's start: a cold start's load is real I/O, not time on the clock (§5.8).
    const start = (handler: LambdaHandler): void => {
      const deadline = clock.now() + timeoutMs;
      timer = timers.set(
        () => finish({ requestId, outcome: 'timeout', error: timeoutPayload(requestId, this.settings.timeoutSeconds) }),
        timeoutMs,
      );
      this.runtime.work.addRunning({
        label,
        deadline,
        done,
        realWork: { owner: `function ${this.name}`, inFlight: realWorkInFlight },
      });
      const context = this.context(requestId, deadline, options.invokedArn ?? this.arn, environment, callback, fail);
      if (options.clientContext !== undefined) context.clientContext = options.clientContext;
      runInScope(scope, () => this.call(handler, payload, context, { succeed, fail, callback }));
    };
    if (environment.handler) {
      start(environment.handler);
      return done;
    }
    // A cold start of a loader: the environment's own instance of the module, loaded with its variables set.
    const loading = runInScope(scope, () => this.load(environment)).then(start, (error: unknown) => {
      this.environments.discard(environment, 'its code failed to load');
      fail(error);
    });
    this.runtime.work.addLoading({ label: `${label} (loading its code)`, done: loading });
    return done;
  }

  private call(handler: LambdaHandler, payload: unknown, context: LambdaContext, answer: Answer): void {
    const { succeed, fail, callback } = answer;
    try {
      const returned = handler(payload, context, callback);
      if (isPromiseLike(returned)) returned.then(succeed, fail);
      // A handler that takes no callback and returns no promise has answered: null once its event loop drains
      // (lambda.md §5.1), which in-process is now. One that takes a callback answers through it.
      else if (handler.length < 3) succeed(null);
    } catch (thrown) {
      // A synchronous throw goes to the callback, for which a thrown null or undefined is a success (lambda.md §5.6).
      callback(thrown);
    }
  }

  /**
   * The environment's code: its handler, from a fresh `load()` for a loader (lambda.md §5.8). One load of a function
   * runs at a time: a loader that resets a module cache and imports (`vi.resetModules()`) would otherwise share the
   * import still in progress with the next, and two environments would get one instance.
   */
  private load(environment: ExecutionEnvironment): Promise<LambdaHandler> {
    const code = this.code;
    if (!isLoader(code)) return Promise.resolve(code);
    const loading = this.loads.then(async () => {
      const loaded = await code.load();
      return (environment.handler = exportedHandler(loaded, code, this.handlerText));
    });
    this.loads = loading.catch(() => undefined);
    return loading;
  }

  private newEnvironment(ordinal: number): ExecutionEnvironment {
    const stream = logStreamName(this.runtime.clock.now(), this.runtime.ids.bytes(16));
    const variables = new Map<string, string | null>(
      Object.entries({
        ...this.settings.environment,
        ...runtimeVariables({
          functionName: this.name,
          region: this.region,
          memorySize: this.settings.memorySize,
          handler: this.handlerText,
          logStreamName: stream,
          executionEnv: executionEnvOfThisProcess(),
        }),
      }),
    );
    const environment = new ExecutionEnvironment(`${this.name}:${ordinal}`, stream, variables);
    if (!isLoader(this.code)) environment.handler = this.code;
    return environment;
  }

  /** What the invocation's code is tied to while it runs (sandbox/invocation-scope.ts). */
  private scope(record: Invocation, environment: ExecutionEnvironment): InvocationScope {
    const clock = this.runtime.clock;
    return {
      functionName: this.name,
      requestId: record.requestId,
      account: this.runtime.account,
      variables: environment.variables,
      ended: () => {
        if (record.outcome === 'timeout') return `timed out at ${record.endedAt!.toISOString()}`;
        const why = environment.discardedBecause;
        return why === undefined ? undefined : `ran in an execution environment that is gone (${why})`;
      },
      lateCommand: (service, command) => record.lateCommands.push({ service, command, at: new Date(clock.now()) }),
      crashed: (error, origin) => {
        if (environment.discardedBecause !== undefined) return;
        const ending = environment.current;
        this.environments.discard(
          environment,
          `its runtime exited on an ${origin === 'uncaughtException' ? 'uncaught exception' : 'unhandled rejection'}`,
        );
        ending?.(crashPayload(error, origin), error);
      },
    };
  }

  private context(
    requestId: string,
    deadline: number,
    invokedArn: string,
    environment: ExecutionEnvironment,
    callback: LambdaCallback,
    fail: (error: unknown) => void,
  ): LambdaContext {
    const clock = this.runtime.clock;
    return {
      awsRequestId: requestId,
      functionName: this.name,
      functionVersion: '$LATEST',
      invokedFunctionArn: invokedArn,
      memoryLimitInMB: String(this.settings.memorySize),
      logGroupName: `/aws/lambda/${this.name}`,
      logStreamName: environment.logStreamName,
      callbackWaitsForEmptyEventLoop: true,
      getRemainingTimeInMillis: () => Math.max(0, deadline - clock.now()),
      done: callback,
      // `context.fail()` with nothing reports the string "handled" (lambda.md §5.1, §5.6).
      fail: (error?: unknown) => fail(error),
      succeed: (value?: unknown) => callback(null, value),
    };
  }
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** `YYYY/MM/DD/[$LATEST]<32 hex>`, the form Lambda gives its log streams (lambda.md §5.7). */
function logStreamName(now: number, bytes: Uint8Array): string {
  const day = new Date(now).toISOString().slice(0, 10).replaceAll('-', '/');
  return `${day}/[$LATEST]${Buffer.from(bytes).toString('hex')}`;
}
