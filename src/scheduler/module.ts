import type { DeliveryPort } from '../delivery.js';
import { lazyServiceInstance } from '../lazy-service.js';
import type { ServiceContext } from '../service-context.js';
import type { ServiceModule } from '../service-module.js';
import { loadSchedulerPart } from './load-part.js';
import type { SchedulerInternals } from './internals.js';
import { SchedulerMock } from './scheduler-mock.js';
import { SCHEDULER_SDK } from './sdk.js';

/** createAwsMock's options that EventBridge Scheduler reads: none yet. */
export type SchedulerOptions = object;

/** EventBridge Scheduler as one service of the account (src/services.ts). */
export const schedulerModule = {
  key: 'scheduler',
  arnService: 'scheduler',
  sdk: SCHEDULER_SDK,
  // A getter: the table loads with the backend, at the service's first call (load-part.ts), not with the account.
  get actions() {
    return loadSchedulerPart().SCHEDULER_ACTIONS;
  },
  // Read only when a test sets a fault on the service (src/faults), which then loads the part.
  get errors() {
    return loadSchedulerPart().SCHEDULER_ERRORS;
  },
  batchActions: [],
  create<Owner extends ServiceContext['account']>(
    { account, work, deliver }: ServiceContext<Owner>,
    _options: SchedulerOptions,
  ) {
    const facade = new SchedulerMock(account, work, deliver);
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
