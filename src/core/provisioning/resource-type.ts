/**
 * The contract between the template engine (which reads a template, resolves intrinsic functions and orders the
 * resources) and the resource types (which create one resource each through the account's own models and actions):
 * each service declares its own in its module (`resourceTypes`), so the engine names no service.
 * docs/aws-behaviour/templates.md holds the facts both rely on.
 */
import type { IdSource } from '../ids.js';

/** The account a stack is provisioned into, as much of it as the engine and the resource types use. */
export interface ProvisionAccount {
  readonly accountId: string;
  readonly region: string;
  /** Its random ids, read at each use (reset replaces them). */
  readonly ids: IdSource;
}

/**
 * A function's code as the services' internals take it: what their Lambda's `createFunction` takes (its
 * `FunctionCode`), or unknown where the internals hold no Lambda. So the contract names no service.
 */
export type FunctionCodeOf<Internals> = Internals extends {
  readonly lambda: { readonly mock: { createFunction(name: string, code: infer Code, ...rest: never[]): unknown } };
}
  ? Code
  : unknown;

/**
 * What a resource type may use of the stack being provisioned. `Internals` is what it reaches of the account's
 * services: the account's `ServiceInternals` (src/account/services.ts), of which each service's resource types declare
 * the part they use (`{ readonly sqs: SqsInternals }`), so that the engine depends on no service.
 */
export interface ProvisionContext<Internals = unknown> {
  readonly account: ProvisionAccount;
  /** The services' models, by service key: what the resource types create through. */
  readonly internals: Internals;
  readonly accountId: string;
  /** The region the stack is provisioned in (the account's region). */
  readonly region: string;
  readonly partition: string;
  readonly stackName: string;
  /** The in-process handlers given to `provision`, by logical id or FunctionName. */
  readonly functions: Readonly<Record<string, FunctionCodeOf<Internals>>>;
  /** A generated physical name `<stack>-<logicalId>-<random>`, trimmed to `maxLength` as CloudFormation does. */
  generatedName(logicalId: string, maxLength: number, suffix?: string): string;
}

/** One resource to create: its properties with every intrinsic function resolved (no `Ref`, no `Fn::*` left). */
export interface ResourceRequest {
  readonly logicalId: string;
  readonly type: string;
  readonly properties: Readonly<Record<string, unknown>>;
}

/** What creating a resource gave: what `Ref` and `Fn::GetAtt` answer, and how to take it back. */
export interface CreatedResource {
  /** What `Ref` gives (docs/aws-behaviour/templates.md §2.1). */
  readonly ref: string;
  /** What `Fn::GetAtt` gives, by attribute name. */
  readonly attributes: Readonly<Record<string, unknown>>;
  /** For `stack.queue()`, `stack.topic()`, `stack.function()`: the ARN of the queue, topic or function. */
  readonly view?: { readonly kind: 'queue' | 'topic' | 'function'; readonly arn: string };
  /**
   * The ARN of a resource with no view of the stack that journeys and views still name by its logical id (an
   * EventBridge rule or bus, a schedule): recorded in the account's names (src/core/resource-names.ts).
   */
  readonly namedArn?: string;
  /** Deletes what was created: a later resource failed, and nothing may stay half-created. */
  undo(): void;
}

/** A CloudFormation resource type; `Internals` is the part of the services' internals it creates through. */
export interface ResourceType<Internals = unknown> {
  create(request: ResourceRequest, context: ProvisionContext<Internals>): CreatedResource;
}

/**
 * A service's resource types by CloudFormation type name (its module's `resourceTypes`); `Internals` is the part of the
 * services' internals they create through.
 */
export type ResourceTypeTable<Internals = unknown> = Readonly<Record<string, ResourceType<Internals>>>;

/**
 * A template that cannot be provisioned: CloudFormation's text where it is recorded, naming the logical id and the
 * property at fault.
 */
export class TemplateError extends Error {
  constructor(
    message: string,
    readonly logicalId?: string,
    readonly property?: string,
    options?: ErrorOptions,
  ) {
    super(`sqs-sns-mock: provision: ${message}`, options);
    this.name = 'TemplateError';
  }
}
