import { liveIds, type Account } from '../../core/account.js';
import type { Deliver, DeliveryPort } from '../../core/delivery.js';
import type { FindSource } from '../../core/pull.js';
import { TimerSet } from '../../core/timer-set.js';
import type { PolicyMode } from '../../core/policies/mode.js';
import type { LambdaTrigger } from '../../core/service-module.js';
import type { WorkTracker } from '../../core/work/work-tracker.js';
import { AsyncInvocations } from './async/async-invocations.js';
import { serviceDestinations } from './async/destinations.js';
import { lambdaDeliveryPort } from './delivery-port.js';
import { EventSourceMappings } from './esm/mappings.js';
import { checkFunctionName, checkFunctionOptions, type CreateFunctionOptions } from './function-options.js';
import { LambdaBackend } from './lambda-backend.js';
import type { LambdaFunction } from './lambda-function.js';
import type { LambdaModels } from './lambda-models.js';
import type { LambdaRuntime } from './runtime.js';
import { checkFunctionCode, type FunctionCode } from './sandbox/function-code.js';

/** What the Lambda side needs of the account's other services. */
export interface LambdaServices {
  /** The account's queues by ARN, in any region, through the pull seam (src/core/pull.ts). */
  readonly findSource: FindSource;
  /**
   * The account's delivery seam (src/core/delivery.ts), for destinations and dead-letter queues and topics of
   * asynchronous invocations. Without it no destination takes anything.
   */
  readonly deliver?: Deliver;
  /** createAwsMock's `invocationHistory`: how many invocations each function keeps; undefined keeps all. */
  readonly invocationHistory?: number | undefined;
  /** createAwsMock's `policies`: under 'enforce' EventBridge's rules need the function's policy (lambda.md §8.4). */
  readonly policies?: PolicyMode;
  /** The services whose deliveries invoke functions (their modules' `lambdaTrigger`); none without it. */
  readonly triggers?: readonly LambdaTrigger[];
}

/**
 * The account's Lambda once used: functions, event source mappings, the asynchronous queue, their timers and the
 * inbound port. Made at the first Lambda call, function, mapping or delivery (the facade's LazyPart, lambda-mock.ts).
 */
export class LambdaState implements LambdaModels {
  readonly backend: LambdaBackend;
  readonly mappings: EventSourceMappings;
  readonly asyncInvocations: AsyncInvocations;
  /** SNS, EventBridge and Scheduler hand functions their events through it (delivery-port.ts). */
  readonly port: Required<DeliveryPort>;
  private readonly timers: TimerSet;

  constructor(aws: Account, work: WorkTracker, services: LambdaServices) {
    this.timers = new TimerSet(aws.clock);
    const runtime: LambdaRuntime = {
      account: aws,
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
      findSource: services.findSource,
    });
    this.asyncInvocations = new AsyncInvocations(
      runtime,
      serviceDestinations(
        services.deliver ?? ((arn) => ({ accepted: false, reason: `the account has no service that owns ${arn}` })),
      ),
    );
    this.port = lambdaDeliveryPort(this.backend, this.asyncInvocations, services.policies, services.triggers);
  }

  /** `aws.lambda.createFunction`'s checks, then the function, in its `region` option's region or `region`. */
  createFunction(
    name: string,
    code: FunctionCode,
    options: CreateFunctionOptions | undefined,
    handler: string | undefined,
    region: string,
  ): LambdaFunction {
    checkFunctionName(name);
    const checked = checkFunctionCode(name, code);
    const settings = { ...checkFunctionOptions(options), handler };
    return this.backend.create(name, settings.region ?? region, checked, settings);
  }

  /** Stops every poller and pending retry, clears every timer, forgets every function. */
  reset(): void {
    this.mappings.reset();
    this.asyncInvocations.reset();
    this.timers.reset();
    this.backend.reset();
  }
}
