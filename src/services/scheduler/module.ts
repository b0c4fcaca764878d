import type { DeliveryPort } from '../../core/delivery.js';
import { lazyServiceInstance } from '../../core/lazy-service.js';
import type { ServiceContext } from '../../core/service-context.js';
import type { ServiceModule } from '../../core/service-module.js';
import { loadSchedulerPart } from './load-part.js';
import type { SchedulerInternals } from './internals.js';
import { SchedulerMock } from './scheduler-mock.js';
import { SCHEDULER_PRINCIPAL, SCHEDULER_SDK } from './sdk.js';
import { loadSchedulerResourceTypes } from './load-resource-types.js';
import { loadSchedulerWire } from './load-wire.js';

/** createAwsMock's options that EventBridge Scheduler reads: none yet. */
export type SchedulerOptions = object;

/** EventBridge Scheduler as one service of the account (src/account/services.ts). */
export const schedulerModule = {
  key: 'scheduler',
  arnService: 'scheduler',
  // Its targets' steps read `from schedule s`; nothing hands a message to a schedule.
  journey: {
    sourceNoun: 'schedule',
    recordsWhatItReceives: false,
    targetMembers: ['Name', 'GroupName', 'ResourceArn'],
  },
  sdk: SCHEDULER_SDK,
  // A getter: the table loads with the backend, at the service's first call (load-part.ts), not with the account.
  get actions() {
    return loadSchedulerPart().SCHEDULER_ACTIONS;
  },
  // Read only when a test sets a fault on the service (src/core/faults), which then loads the part.
  get errors() {
    return loadSchedulerPart().SCHEDULER_ERRORS;
  },
  batchActions: [],
  // A schedule's target (docs/aws-behaviour/eventbridge.md §13.7).
  lambdaTrigger: { principal: SCHEDULER_PRINCIPAL, kind: 'scheduler', via: 'scheduleArn' } as const,
  // Loaded at the account's first `aws.provision` (load-resource-types.ts), with the template engine.
  resourceTypes: () => loadSchedulerResourceTypes().SCHEDULER_RESOURCE_TYPES,
  // How it travels over HTTP (load-wire.ts), read by the server's codecs.
  wire: () => loadSchedulerWire().SCHEDULER_WIRE,
  create<Owner extends ServiceContext['account']>(
    { account, work, deliver, plugIn }: ServiceContext<Owner>,
    _options: SchedulerOptions,
  ) {
    const facade = new SchedulerMock(account, plugIn, work, deliver);
    // Nothing delivers to a schedule: a message for one is refused, naming it.
    const port: DeliveryPort = {
      deliver: (arn) => ({ accepted: false, reason: `${arn} is a schedule, which takes no deliveries` }),
    };
    return lazyServiceInstance(facade, port);
  },
} satisfies ServiceModule<
  'scheduler',
  'Scheduler',
  ServiceContext,
  SchedulerOptions,
  SchedulerMock,
  SchedulerInternals,
  DeliveryPort
>;
