import fc from 'fast-check';

/**
 * What the Lambda model checker generates (lambda-model.test.ts): a queue and a mapping's settings, and the steps of
 * one run. A message carries its plan: what the handler does on each of its deliveries (by ApproximateReceiveCount);
 * past the plan it succeeds, so every run can drain.
 */

/** What the handler does with one record on one delivery. */
export type Behaviour =
  | { readonly kind: 'succeed' }
  | { readonly kind: 'throw' }
  /**
   * Outlives the function's timeout: the invocation times out. `lateMs` after the timeout the handler's code, still
   * running in-process, tries to send an SQS message through the mocked client: it must be refused.
   */
  | { readonly kind: 'timeOut'; readonly lateMs: number }
  /** Reported in batchItemFailures (ignored without ReportBatchItemFailures: the record then succeeds). */
  | { readonly kind: 'reportFailure' }
  /** Sleeps on fake time for this fraction of the function's timeout, then succeeds. */
  | { readonly kind: 'sleep'; readonly fraction: number };

export interface MessageSpec {
  /** Behaviours on deliveries 1, 2, …; past the end it succeeds. */
  readonly plan: readonly Behaviour[];
  /** FIFO: the index of its message group. */
  readonly group: number;
  /** Standard queues: DelaySeconds. */
  readonly delaySeconds: number;
}

export type LambdaStep =
  /** One message by SendMessage, more by SendMessageBatch. */
  | { readonly kind: 'send'; readonly messages: readonly MessageSpec[] }
  | { readonly kind: 'advance'; readonly ms: number }
  | { readonly kind: 'disable' }
  | { readonly kind: 'enable' }
  | { readonly kind: 'runUntilIdle' };

/**
 * The function's code (docs/aws-behaviour/lambda.md §5.8): a plain handler (one module instance, so one execution
 * environment), or a loader handing each environment a fresh module instance, its handler under `exportName`
 * (undefined: the default `handler`), on the module or under `default` (a CommonJS module imported from ESM), from a
 * synchronous or an asynchronous `load()`.
 */
export type CodeForm =
  | { readonly kind: 'plain' }
  | {
      readonly kind: 'loader';
      readonly exportName: 'handler' | 'main' | undefined;
      readonly underDefault: boolean;
      readonly asyncLoad: boolean;
    };

export interface LambdaRunConfig {
  readonly code: CodeForm;
  readonly fifo: boolean;
  readonly groups: number;
  readonly timeoutSeconds: number;
  /** The queue's VisibilityTimeout: at least the function's timeout, as CreateEventSourceMapping requires. */
  readonly visibilitySeconds: number;
  /** The queue's RedrivePolicy maxReceiveCount; undefined: no dead-letter queue. */
  readonly maxReceiveCount: number | undefined;
  readonly batchSize: number;
  readonly windowSeconds: number;
  readonly reportBatchItemFailures: boolean;
  readonly maximumConcurrency: number | undefined;
  /**
   * The function's reserved concurrency: a mapping that reads more than it may run is throttled and retries while
   * the visibility timeout lasts (docs/aws-behaviour/lambda.md §2.12). A retry may start just before the messages
   * come back, so its handler can overlap their next delivery, as in AWS: such runs check only the promises that
   * stay true then (lambda-runner.ts, `strict`).
   */
  readonly reservedConcurrency: number | undefined;
  /**
   * Only handlers that answer at once (no sleep, no timeout): aws.idle() is then awaited after every step (a
   * handler waiting on fake time would make idle() give up, by design).
   */
  readonly instantOnly: boolean;
  /** How the run ends: drained by runUntilIdle, or reset in the middle of whatever runs. */
  readonly ending: 'drain' | 'reset';
}

const anyBehaviour: fc.Arbitrary<Behaviour> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'succeed' as const }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'throw' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('timeOut' as const), lateMs: fc.constantFrom(0, 1, 400, 3_000) }),
  },
  { weight: 3, arbitrary: fc.constant({ kind: 'reportFailure' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('sleep' as const), fraction: fc.constantFrom(0.001, 0.3, 0.7, 0.999) }),
  },
);

const instantBehaviour: fc.Arbitrary<Behaviour> = fc.constantFrom<Behaviour>(
  { kind: 'succeed' },
  { kind: 'throw' },
  { kind: 'reportFailure' },
);

const codeForm: fc.Arbitrary<CodeForm> = fc.oneof(
  fc.constant({ kind: 'plain' as const }),
  fc.record({
    kind: fc.constant('loader' as const),
    exportName: fc.constantFrom(undefined, 'handler' as const, 'main' as const),
    underDefault: fc.boolean(),
    asyncLoad: fc.boolean(),
  }),
);

export const lambdaRunConfig: fc.Arbitrary<LambdaRunConfig> = fc
  .record({
    code: codeForm,
    fifo: fc.boolean(),
    groups: fc.integer({ min: 1, max: 3 }),
    timeoutSeconds: fc.integer({ min: 1, max: 4 }),
    extraVisibility: fc.constantFrom(0, 0, 1, 5),
    maxReceiveCount: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined, freq: 4 }),
    batchSize: fc.constantFrom(1, 2, 3, 10, 15),
    windowSeconds: fc.constantFrom(0, 0, 1, 3),
    reportBatchItemFailures: fc.boolean(),
    maximumConcurrency: fc.option(fc.constantFrom(2, 3), { nil: undefined, freq: 2 }),
    // One run in five or so: throttled runs check fewer promises.
    reservedConcurrency: fc.constantFrom(undefined, undefined, undefined, undefined, undefined, undefined, 1, 2),
    instantOnly: fc.boolean(),
    ending: fc.constantFrom('drain' as const, 'drain' as const, 'drain' as const, 'reset' as const),
  })
  .map(({ extraVisibility, ...config }) => {
    // FIFO mappings take no window and batches of at most 10; past 10 records a standard one needs a window
    // (docs/aws-behaviour/lambda.md §2.1, §2.3).
    const windowSeconds = config.fifo
      ? 0
      : config.batchSize > 10
        ? Math.max(1, config.windowSeconds)
        : config.windowSeconds;
    const batchSize = config.fifo ? Math.min(10, config.batchSize) : config.batchSize;
    return { ...config, windowSeconds, batchSize, visibilitySeconds: config.timeoutSeconds + extraVisibility };
  });

function messageSpec(config: LambdaRunConfig): fc.Arbitrary<MessageSpec> {
  return fc.record({
    plan: fc.array(config.instantOnly ? instantBehaviour : anyBehaviour, { maxLength: 4 }),
    group: fc.integer({ min: 0, max: config.groups - 1 }),
    delaySeconds: config.fifo ? fc.constant(0) : fc.constantFrom(0, 0, 0, 2),
  });
}

export function lambdaSteps(config: LambdaRunConfig, maxLength: number): fc.Arbitrary<LambdaStep[]> {
  const step: fc.Arbitrary<LambdaStep> = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('send' as const),
        messages: fc.array(messageSpec(config), { minLength: 1, maxLength: 6 }),
      }),
    },
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant('advance' as const),
        ms: fc.constantFrom(0, 1, 250, 999, 1_000, 2_500, 5_000, 9_999, 30_000, 61_000),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'disable' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'enable' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'runUntilIdle' as const }) },
  );
  return fc.array(step, { minLength: 1, maxLength });
}

/** A run's settings and its steps, drawn together (the steps depend on the settings). */
export function lambdaRun(maxLength: number): fc.Arbitrary<{ config: LambdaRunConfig; steps: LambdaStep[] }> {
  return lambdaRunConfig.chain((config) => lambdaSteps(config, maxLength).map((steps) => ({ config, steps })));
}
