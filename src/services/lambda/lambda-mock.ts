import type { Account } from '../../core/account.js';
import { LazyPart } from '../../core/lazy-service.js';
import type { MiddlewareStackLike, PlugIn, SdkPlugin, ServiceEmulation } from '../../core/emulation.js';
import type { WorkTracker } from '../../core/work/work-tracker.js';
import type { AsyncInvocations } from './async/async-invocations.js';
import type { EventSourceMappings, MappingInput } from './esm/mappings.js';
import { MappingView, userFacing } from './esm/view.js';
import type { CreateFunctionOptions } from './function-options.js';
import type { LambdaBackend } from './lambda-backend.js';
import type { LambdaFunction } from './lambda-function.js';
import type { LambdaServices, LambdaState } from './lambda-state.js';
import { loadLambdaPart } from './load-part.js';
import type { FunctionCode } from './sandbox/function-code.js';
import { FunctionView } from './views.js';
import { LAMBDA_SDK } from './sdk.js';

/**
 * The Lambda side of one AwsMock: functions with in-process handlers, SQS event source mappings, asynchronous
 * invocation, and the plugin for `LambdaClient`. Everything runs on the account's clock.
 */
export class LambdaMock<Owner extends Account = Account> {
  /** The functions, mappings, asynchronous queue and actions, made at the first call, function or delivery. */
  private readonly part: LazyPart<LambdaState>;
  private readonly plugin: SdkPlugin;
  /** @internal The actions behind the plugin, as the HTTP server (src/server) reaches them too. */
  readonly emulation: ServiceEmulation;

  constructor(
    readonly aws: Owner,
    /** Makes the facade an SDK plugin (the account's, ServiceContext's `plugIn`). */
    plugIn: PlugIn,
    work: WorkTracker,
    services: LambdaServices,
  ) {
    // Most tests never use Lambda: its code loads with the first use (scripts/bundle.mjs, docs/speed.md).
    this.part = new LazyPart(() => {
      const { LambdaState, lambdaActions } = loadLambdaPart();
      return { backend: new LambdaState(aws, work, services), actions: lambdaActions };
    });
    this.emulation = this.part.emulation(LAMBDA_SDK);
    this.plugin = plugIn(this.emulation);
  }

  /** @internal Lambda's models and inbound port, made at first use. */
  get state(): LambdaState {
    return this.part.backend;
  }

  /** @internal */
  get backend(): LambdaBackend {
    return this.state.backend;
  }

  /** @internal */
  get mappings(): EventSourceMappings {
    return this.state.mappings;
  }

  /** @internal */
  get asyncInvocations(): AsyncInvocations {
    return this.state.asyncInvocations;
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
    return new FunctionView(this.state.createFunction(name, code, options, handler, this.aws.region), this.aws.names);
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
    this.part.reset();
  }
}
