/**
 * The contract every emulated service fulfils, so that the account composes a list of them (src/account/services.ts)
 * instead of naming each one in shared files. A leaf: it names no service and imports nothing concrete, so any layer
 * may depend on it. How to add a service: CONTRIBUTING.md.
 */
import type { AwsError, ErrorIdentity } from './aws-error.js';
import type { FindSource } from './pull.js';
import type { DeliveryPort } from './delivery.js';
import type { ResourceTypeTable } from './provisioning/resource-type.js';
import type { JourneyNouns } from './journeys/vocabulary.js';
import type { WireBinding } from './wire/binding.js';

/** The exports of one of the user's SDK packages (`@aws-sdk/client-sqs`, ...). */
export type SdkModule = Record<string, unknown>;

/**
 * How a service's SDK deserializer turns an error response into its exception (docs/aws-behaviour/sdk.md §3): the
 * class, its fields and their order differ by protocol, by service and by SDK version, and in the older SDKs by the
 * operation (`action`) that answered it (§3.7).
 */
export type ExceptionStyle = (sdk: SdkModule, error: AwsError, requestId: string, action: string) => Error;

/** How the user's SDK reaches a service: the package, its client class, and the exceptions it throws. */
export interface ServiceSdk<Name extends string = string> {
  /** The service's name in messages and in the SDK's base exception (`SQS`, `SNS`, `Lambda`). */
  readonly service: Name;
  /** The SDK package, as users install it. */
  readonly packageName: string;
  /** The client class, which is also the `clientName` of its commands' handler context. */
  readonly clientName: string;
  readonly exception: ExceptionStyle;
}

/**
 * How Lambda records an invocation that a delivery of this service starts (an SNS subscription, an EventBridge rule, a
 * schedule): the service principal the service delivers as, and the invocation's `trigger`, `{ kind, [via]: the
 * delivery's via }`. Lambda invokes a function only for a principal one of the account's services declares; the
 * account checks each against Lambda's `InvocationTrigger` (src/account/services.ts).
 */
export interface LambdaTrigger {
  /** The service principal the service's deliveries come from (`events.amazonaws.com`). */
  readonly principal: string;
  /** The trigger's `kind`: `events`. */
  readonly kind: string;
  /** The trigger's member that names what delivered (the delivery's `via`): `ruleArn`. */
  readonly via: string;
  /**
   * Whether, under `policies: 'enforce'`, the function's resource-based policy must allow the delivery
   * (docs/aws-behaviour/lambda.md §8.4): EventBridge's rules; SNS's subscriptions are not checked yet.
   */
  readonly policyChecked?: boolean;
}

/** What one service of one account is once built: what users see, what other parts of the mock use, and its reset. */
export interface ServiceInstance<Facade, Internals, Port extends DeliveryPort = DeliveryPort> {
  /** The public object, `aws.<key>`. */
  readonly facade: Facade;
  /** The models the templates' resource types and tests reach; not public API. */
  readonly internals: Internals;
  /**
   * How the account's other services hand this one a message (SNS into a queue, a Lambda destination, ...): the
   * account's `deliver` picks it for an ARN of the module's `arnService` (src/core/delivery.ts).
   */
  readonly port: Port;
  /**
   * Its resources that other services read messages from (the pull seam, src/core/pull.ts), by ARN: SQS's queues. The
   * account's `findSource` picks it for an ARN of the module's `arnService`.
   */
  readonly sources?: FindSource;
  /** Forgets every resource, fault and timer of the service. */
  reset(): void;
}

/**
 * One service: its descriptive tables and a factory. `Context` is what the account hands every service (its
 * clock, ids, work, and the other services' ports); `Options` the part of createAwsMock's options it reads. What
 * only some tests use (its resource types; a lazy service's backend and actions) it reaches through its `load-*.ts`
 * modules, which the build loads at first use (scripts/bundle.mjs).
 */
export interface ServiceModule<
  Key extends string,
  Name extends string,
  Context,
  Options,
  Facade,
  Internals,
  Port extends DeliveryPort,
> {
  /** The account's property for it: `aws.sqs`. */
  readonly key: Key;
  /** The service segment of the ARNs of its resources (`arn:aws:sqs:...`): deliveries to those go to its port. */
  readonly arnService: string;
  readonly sdk: ServiceSdk<Name>;
  /** The action registry: every action the service answers, by the SDK's name without `Command`. */
  readonly actions: Readonly<Record<string, unknown>>;
  /** The error table: every error the service answers, and the names a fault may inject. */
  readonly errors: Readonly<Record<string, ErrorIdentity>>;
  /** The batch actions: their answers carry per-entry `Successful` / `Failed` lists. */
  readonly batchActions: readonly string[];
  /**
   * Its CloudFormation resource types, by type name, which `aws.provision` creates through it: loaded at the first
   * `aws.provision` (its `load-resource-types.ts`, a lazy part of the build), so that the package loads none of them.
   */
  readonly resourceTypes: () => ResourceTypeTable<never>;
  /**
   * How its actions travel over HTTP (src/core/wire/binding.ts): the data the server's codecs read, one codec per
   * protocol. Loaded by the server only (its `load-wire.ts`, a lazy part of the main build).
   */
  readonly wire: () => WireBinding;
  /** How journeys speak of it: what the `source` of its steps is, and whether a message handed to it goes on there. */
  readonly journey: JourneyNouns;
  /** How a function's invocation names this service's deliveries, if it delivers to functions. */
  readonly lambdaTrigger?: LambdaTrigger;
  create(context: Context, options: Options): ServiceInstance<Facade, Internals, Port>;
}
