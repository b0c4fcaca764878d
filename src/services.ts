/**
 * The services of an account, in the order they are built. Construction, reset, install and the fault catalogue are
 * loops over this list; provision's resource types are listed by key beside the engine (SERVICE_RESOURCE_TYPES in
 * src/templates/resources/index.ts). Adding a service is its folder, one entry here and one there (CONTRIBUTING.md,
 * "How to add a service").
 */
import { eventsModule } from './events/module.js';
import { lambdaModule } from './lambda/module.js';
import { schedulerModule } from './scheduler/module.js';
import { snsModule } from './sns/module.js';
import { sqsModule } from './sqs/module.js';

export const SERVICE_MODULES = [sqsModule, snsModule, lambdaModule, eventsModule, schedulerModule] as const;

type Modules = (typeof SERVICE_MODULES)[number];

/** A service's name, as the SDK and the messages spell it: `SQS`, `SNS`, `Lambda`. */
export type ServiceName = Modules['sdk']['service'];
/** The account's property for a service: `sqs`, `sns`, `lambda`. */
export type ServiceKey = Modules['key'];
type ModuleOf<K extends ServiceKey> = Extract<Modules, { key: K }>;
type InstanceOf<K extends ServiceKey> = ReturnType<ModuleOf<K>['create']>;

/** Each service's internals, by key: what the templates' resource types and tests reach. */
export type ServiceInternals = { readonly [K in ServiceKey]: InstanceOf<K>['internals'] };
/** Each service's delivery port (src/delivery.ts), by key. */
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
