/**
 * The services of an account, in the order they are built. Construction, reset, install, the fault catalogue, the
 * delivery and pull seams' routing, Lambda's triggers and provision's resource types are loops over this list, each
 * reading what the service's module declares. Adding a service is its folder, its module and one entry here
 * (CONTRIBUTING.md, "How to add a service").
 */
import { eventsModule } from '../services/events/module.js';
import { lambdaModule } from '../services/lambda/module.js';
import { schedulerModule } from '../services/scheduler/module.js';
import { sfnModule } from '../services/sfn/module.js';
import { snsModule } from '../services/sns/module.js';
import { sqsModule } from '../services/sqs/module.js';
import { s3Module } from '../services/s3/module.js';
import type { InvocationTrigger } from '../services/lambda/invocation.js';
import type { JourneyService } from '../core/journeys/step.js';
import { journeyVocabulary } from '../core/journeys/vocabulary.js';

export const SERVICE_MODULES = [
  sqsModule,
  snsModule,
  lambdaModule,
  eventsModule,
  schedulerModule,
  s3Module,
  sfnModule,
] as const;

type Modules = (typeof SERVICE_MODULES)[number];

/** A service's name, as the SDK and the messages spell it: `SQS`, `SNS`, `Lambda`. */
export type ServiceName = Modules['sdk']['service'];
/** The account's property for a service: `sqs`, `sns`, `lambda`. */
export type ServiceKey = Modules['key'];
type ModuleOf<K extends ServiceKey> = Extract<Modules, { key: K }>;
type InstanceOf<K extends ServiceKey> = ReturnType<ModuleOf<K>['create']>;

/** Each service's internals, by key: what the templates' resource types and tests reach. */
export type ServiceInternals = { readonly [K in ServiceKey]: InstanceOf<K>['internals'] };
/** Each service's delivery port (src/core/delivery.ts), by key. */
export type ServicePorts = { readonly [K in ServiceKey]: InstanceOf<K>['port'] };

/**
 * The service that owns each ARN service segment (`sqs` in `arn:aws:sqs:...`): the account's `deliver` hands a
 * message for such an ARN to that service's port. Two services cannot own one segment.
 */
export const ARN_SERVICE_OWNERS: ReadonlyMap<string, ServiceKey> = (() => {
  const owners = new Map<string, ServiceKey>();
  for (const { key, arnService } of SERVICE_MODULES) {
    if (owners.has(arnService))
      throw new Error(`sqs-sns-mock: ${owners.get(arnService)} and ${key} own "${arnService}"`);
    owners.set(arnService, key);
  }
  return owners;
})();

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** createAwsMock's options of every service. */
export type ServiceOptions = UnionToIntersection<Parameters<Modules['create']>[1]>;

/**
 * Each service's `lambdaTrigger` makes one of Lambda's `InvocationTrigger`s, `{ kind, [via]: string }`: a trigger
 * Lambda's public type does not name fails to compile here.
 */
type DeclaredTrigger<M> = M extends { readonly lambdaTrigger: { readonly kind: infer K; readonly via: infer V } }
  ? V extends string
    ? { kind: K } & Record<V, string>
    : never
  : never;
type UnknownTriggers = Exclude<DeclaredTrigger<Modules>, InvocationTrigger>;
const everyTriggerKnown: [UnknownTriggers] extends [never] ? true : UnknownTriggers = true;
void everyTriggerKnown;

/**
 * Journeys name each service's steps by its key, which the public `JourneyService` (src/core/journeys/step.ts) lists:
 * a service of the list it does not name, or a name no service has, fails to compile here.
 */
type UnnamedInJourneys = Exclude<ServiceKey, JourneyService> | Exclude<JourneyService, ServiceKey>;
const everyServiceInJourneys: [UnnamedInJourneys] extends [never] ? true : UnnamedInJourneys = true;
void everyServiceInJourneys;

/** How journeys speak of the services: each module's nouns (its `journey`), read by the account's recorder. */
export const JOURNEY_VOCABULARY = journeyVocabulary(SERVICE_MODULES);
