import { HistoryRing } from '../util/history-ring.js';
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

export type InvocationOutcome = 'running' | 'success' | 'error' | 'timeout';

/** One run of a handler, as `fn.invocations()` reports it (views hand out copies). */
export interface Invocation {
  requestId: string;
  event: unknown;
  startedAt: Date;
  endedAt?: Date;
  outcome: InvocationOutcome;
  /** What the handler answered, as its caller gets it (JSON), on success. */
  result?: unknown;
  /** Lambda's error payload, on error or timeout. */
  error?: LambdaErrorPayload;
  /** What started it: an SQS event source mapping, an SNS subscription, or an Invoke. */
  trigger: InvocationTrigger;
}

export type InvocationTrigger =
  | { kind: 'sqs'; mappingUuid: string }
  | { kind: 'sns'; subscriptionArn: string }
  | { kind: 'invoke'; invocationType: 'RequestResponse' | 'Event' };

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
}

/** One function: its handler, settings and the record of its invocations. */
export class LambdaFunction {
  /** Every invocation, or with createAwsMock's `invocationHistory` the last N. */
  readonly invocations: HistoryRing<Invocation>;
  /** Invocations running now, for reserved concurrency. */
  private runningCount = 0;
  /** One sandbox's log stream, as long as it lives (a timeout restarts the runtime: lambda.md §5.4). */
  private logStream: string | undefined;
  deleted = false;

  constructor(
    readonly name: string,
    readonly region: string,
    readonly arn: string,
    readonly settings: FunctionSettings,
    private readonly handler: LambdaHandler,
    private readonly runtime: LambdaRuntime,
  ) {
    this.invocations = new HistoryRing(runtime.invocationHistory);
  }

  get running(): number {
    return this.runningCount;
  }

  /** Whether one more invocation would exceed the function's reserved concurrency (lambda.md §2.12). */
  get throttles(): boolean {
    const reserved = this.settings.reservedConcurrency;
    return reserved !== undefined && this.runningCount >= reserved;
  }

  /**
   * Runs the handler in-process on the account's clock (docs/aws-behaviour/lambda.md §5): the event is the JSON of
   * `event`, as Lambda parses it from the payload; the first of resolve, reject, throw, callback or
   * context.succeed/fail/done decides; past the timeout the invocation has timed out, settled or not.
   */
  invoke(event: unknown, options: InvokeOptions): Promise<InvocationResult> {
    const requestId = options.requestId ?? this.runtime.ids.uuid();
    if (this.throttles) return Promise.resolve({ requestId, outcome: 'throttled' });
    const { clock, timers } = this.runtime;
    const payload = JSON.parse(JSON.stringify(event ?? null)) as unknown;
    const startedAt = clock.now();
    const record: Invocation = {
      requestId,
      event: payload,
      startedAt: new Date(startedAt),
      outcome: 'running',
      trigger: options.trigger,
    };
    this.invocations.push(record);
    this.runningCount++;
    const timeoutMs = this.settings.timeoutSeconds * 1000;
    const deadline = startedAt + timeoutMs;
    let settle!: (result: InvocationResult) => void;
    const done = new Promise<InvocationResult>((resolve) => (settle = resolve));
    let settled = false;
    const finish = (result: InvocationResult): void => {
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
        if (result.outcome === 'timeout') this.logStream = undefined;
      }
      settle(result);
    };
    const fail = (thrown: unknown): void => finish({ requestId, outcome: 'error', error: errorPayload(thrown) });
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
    const timer = timers.set(
      () => finish({ requestId, outcome: 'timeout', error: timeoutPayload(requestId, this.settings.timeoutSeconds) }),
      timeoutMs,
    );
    this.runtime.work.addRunning({ label: `function ${this.name}, request ${requestId}`, deadline, done });
    const context = this.context(requestId, deadline, options.invokedArn ?? this.arn, callback, fail);
    if (options.clientContext !== undefined) context.clientContext = options.clientContext;
    try {
      const returned = this.handler(payload, context, callback);
      if (isPromiseLike(returned)) returned.then(succeed, fail);
      // A handler that takes no callback and returns no promise has answered: null once its event loop drains
      // (lambda.md §5.1), which in-process is now. One that takes a callback answers through it.
      else if (this.handler.length < 3) succeed(null);
    } catch (thrown) {
      // A synchronous throw goes to the callback, for which a thrown null or undefined is a success (lambda.md §5.6).
      callback(thrown);
    }
    return done;
  }

  private context(
    requestId: string,
    deadline: number,
    invokedArn: string,
    callback: LambdaCallback,
    fail: (error: unknown) => void,
  ): LambdaContext {
    const clock = this.runtime.clock;
    this.logStream ??= logStreamName(clock.now(), this.runtime.ids.bytes(16));
    return {
      awsRequestId: requestId,
      functionName: this.name,
      functionVersion: '$LATEST',
      invokedFunctionArn: invokedArn,
      memoryLimitInMB: String(this.settings.memorySize),
      logGroupName: `/aws/lambda/${this.name}`,
      logStreamName: this.logStream,
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
