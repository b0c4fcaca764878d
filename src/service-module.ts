/**
 * The contract every emulated service fulfils, so that the account composes a list of them (src/services.ts) instead
 * of naming each one in shared files. A leaf: it names no service and imports nothing concrete, so any layer may
 * depend on it. How to add a service: CONTRIBUTING.md.
 */
import type { AwsError, ErrorIdentity } from './aws-error.js';
import type { DeliveryPort } from './delivery.js';

/** The exports of one of the user's SDK packages (`@aws-sdk/client-sqs`, ...). */
export type SdkModule = Record<string, unknown>;

/**
 * How a service's SDK deserializer turns an error response into its exception (docs/aws-behaviour/sdk.md §3): the
 * class, its fields and their order differ by protocol and by service.
 */
export type ExceptionStyle = (sdk: SdkModule, error: AwsError, requestId: string) => Error;

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

/** What one service of one account is once built: what users see, what other parts of the mock use, and its reset. */
export interface ServiceInstance<Facade, Internals, Port extends DeliveryPort = DeliveryPort> {
  /** The public object, `aws.<key>`. */
  readonly facade: Facade;
  /** The models the templates' resource types and tests reach; not public API. */
  readonly internals: Internals;
  /**
   * How the account's other services hand this one a message (SNS into a queue, a Lambda destination, ...): the
   * account's `deliver` picks it for an ARN of the module's `arnService` (src/delivery.ts).
   */
  readonly port: Port;
  /** Forgets every resource, fault and timer of the service. */
  reset(): void;
}

/**
 * One service: its descriptive tables and a factory. `Context` is what the account hands every service (its
 * clock, ids, work, and the other services' ports); `Options` the part of createAwsMock's options it reads. Its
 * CloudFormation resource types are not here but in `SERVICE_RESOURCE_TYPES` (src/templates/resources/index.ts), so
 * that the template engine and they load only when `aws.provision` is first called (scripts/bundle.mjs).
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
  create(context: Context, options: Options): ServiceInstance<Facade, Internals, Port>;
}
