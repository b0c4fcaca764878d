import { liveIds, type Account } from '../account.js';
import type { Deliver } from '../delivery.js';
import { dispatch, type MiddlewareStackLike, type ServiceEmulation } from '../plugin.js';
import { ServicePlugin } from '../service-plugin.js';
import type { Queue } from '../sqs/queue.js';
import type { WorkTracker } from '../work/work-tracker.js';
import { lambdaActions } from './actions/index.js';
import { AsyncInvocations } from './async/async-invocations.js';
import { serviceDestinations } from './async/destinations.js';
import { EventSourceMappings, type MappingInput } from './esm/mappings.js';
import { MappingView, userFacing } from './esm/view.js';
import { checkFunctionName, checkFunctionOptions, type CreateFunctionOptions } from './function-options.js';
import { LambdaBackend } from './lambda-backend.js';
import type { LambdaFunction } from './lambda-function.js';
import { TimerSet, type LambdaRuntime } from './runtime.js';
import { checkFunctionCode, type FunctionCode } from './sandbox/function-code.js';
import { FunctionView } from './views.js';
import { LAMBDA_SDK } from './sdk.js';

/** What the Lambda side needs of the account's other services. */
export interface LambdaServices {
  /** The account's queues by ARN, in any region. */
  readonly findQueue: (arn: string) => Queue | undefined;
  /**
   * The account's delivery seam (src/delivery.ts), for destinations and dead-letter queues and topics of asynchronous
   * invocations. Without it no destination takes anything.
   */
  readonly deliver?: Deliver;
  /** createAwsMock's `invocationHistory`: how many invocations each function keeps; undefined keeps all. */
  readonly invocationHistory?: number | undefined;
}

/**
 * The Lambda side of one AwsMock: functions with in-process handlers, SQS event source mappings, asynchronous
 * invocation, and the plugin for `LambdaClient`. Everything runs on the account's clock.
 */
export class LambdaMock<Owner extends Account = Account> {
  /** @internal */
  readonly backend: LambdaBackend;
  /** @internal */
  readonly mappings: EventSourceMappings;
  /** @internal */
  readonly asyncInvocations: AsyncInvocations;
  private readonly timers: TimerSet;
  private readonly plugin: ServicePlugin;
  /** @internal The actions behind the plugin, as the HTTP server (src/server) reaches them too. */
  readonly emulation: ServiceEmulation;

  constructor(
    readonly aws: Owner,
    work: WorkTracker,
    services: LambdaServices,
  ) {
    this.timers = new TimerSet(aws.clock);
    const runtime: LambdaRuntime = {
      clock: aws.clock,
      ids: liveIds(aws),
      work,
      timers: this.timers,
      invocationHistory: services.invocationHistory,
      journeys: aws.journeys?.on ? aws.journeys : undefined,
    };
    this.backend = new LambdaBackend(aws.accountId, runtime);
    this.mappings = new EventSourceMappings({
      accountId: aws.accountId,
      runtime,
      functions: this.backend,
      findQueue: services.findQueue,
    });
    this.asyncInvocations = new AsyncInvocations(
      runtime,
      serviceDestinations(
        services.deliver ?? ((arn) => ({ accepted: false, reason: `the account has no service that owns ${arn}` })),
      ),
    );
    this.emulation = {
      sdk: LAMBDA_SDK,
      handle: (action, input, request) => dispatch('Lambda', lambdaActions, this, action, input, request),
    };
    this.plugin = new ServicePlugin(this.emulation, aws);
  }

  /** @internal The SDK plugin: `lambdaClient.middlewareStack.use(aws.lambda)`. */
  applyToStack(stack: MiddlewareStackLike): void {
    this.plugin.applyToStack(stack);
  }

  /**
   * A function whose code runs in-process (docs/aws-behaviour/lambda.md §5), in the account's region. The code is an
   * ordinary Lambda handler, async or with a callback (one module instance, so one execution environment), or
   * `{ load, handler }`, which loads a fresh instance of the module for each execution environment (§5.8).
   */
  createFunction(name: string, code: FunctionCode, options?: CreateFunctionOptions): FunctionView {
    return this.createWithHandlerSetting(name, code, options, undefined);
  }

  /** @internal createFunction, with the function's Handler setting (a template's), which `_HANDLER` shows. */
  createWithHandlerSetting(
    name: string,
    code: FunctionCode,
    options: CreateFunctionOptions | undefined,
    handler: string | undefined,
  ): FunctionView {
    checkFunctionName(name);
    const checked = checkFunctionCode(name, code);
    const settings = { ...checkFunctionOptions(options), handler };
    return new FunctionView(
      this.backend.create(name, settings.region ?? this.aws.region, checked, settings),
      this.aws.names,
    );
  }

  /** A function by name (in the account's region) or ARN (any region). Throws if there is none. */
  function(ref: string): FunctionView {
    return new FunctionView(this.functionModel(ref), this.aws.names);
  }

  /** Every function of every region. */
  functions(): FunctionView[] {
    return this.backend.list().map((fn) => new FunctionView(fn, this.aws.names));
  }

  /**
   * Deletes a function, as DeleteFunction does: its event source mappings stay (and fail to invoke), SNS subscriptions
   * to it stay and their deliveries fail (lambda.md §2.2, §3.5).
   */
  deleteFunction(ref: string): void {
    this.backend.delete(this.functionModel(ref));
  }

  /**
   * An SQS event source mapping, with CreateEventSourceMapping's input names, checks and errors
   * (docs/aws-behaviour/lambda.md §2): it polls the queue, invokes the function with batches and deletes what
   * succeeded, on the mock's clock. A refusal throws an Error whose message is
   * `sqs-sns-mock: CreateEventSourceMapping: <AWS code>: <AWS text>`.
   */
  createEventSourceMapping(input: MappingInput): MappingView {
    const mapping = userFacing('CreateEventSourceMapping', () => this.mappings.create(input, this.aws.region));
    return new MappingView(mapping, this.mappings, this.aws.names);
  }

  /** The event source mappings of one function (by name or ARN), or of every function; oldest first. */
  eventSourceMappings(functionRef?: string): MappingView[] {
    const mappings =
      functionRef === undefined ? this.mappings.all() : this.mappings.forFunction(this.functionModel(functionRef));
    return mappings.map((mapping) => new MappingView(mapping, this.mappings, this.aws.names));
  }

  /** @internal */
  functionModel(ref: string): LambdaFunction {
    const found = typeof ref === 'string' ? this.backend.find(ref, this.aws.region) : undefined;
    if (!found) {
      throw new Error(
        `sqs-sns-mock: no function "${String(ref)}" in account ${this.aws.accountId}, region ${this.aws.region}`,
      );
    }
    return found.fn;
  }

  /** Same as `aws.reset()`. */
  reset(): void {
    this.aws.reset();
  }

  /** @internal Stops every poller and pending retry, clears every timer, forgets every function. */
  resetState(): void {
    this.mappings.reset();
    this.asyncInvocations.reset();
    this.timers.reset();
    this.backend.reset();
  }
}
