import type { DeliveryPort } from '../delivery.js';
import type { ServiceContext } from '../service-context.js';
import type { ServiceModule } from '../service-module.js';
import { SQS_ACTIONS, sqsBatchChecks } from './actions/index.js';
import { sqsDeliveryPort } from './delivery-port.js';
import { SQS_ERRORS } from './errors.js';
import type { HonestOptions } from './honest-delivery.js';
import { SQS_SDK } from './sdk.js';
import type { SqsInternals } from './internals.js';
import { SqsMock } from './sqs-mock.js';

/** createAwsMock's options of SQS. */
export interface SqsOptions {
  /**
   * Standard queues behave as loosely as real ones may: out-of-order delivery, occasional duplicate
   * delivery, and short polls that return a random share of the messages. Off by default.
   */
  honest?: boolean | HonestOptions;
}

/** SQS as one service of the account (src/services.ts). */
export const sqsModule = {
  key: 'sqs',
  arnService: 'sqs',
  sdk: SQS_SDK,
  actions: SQS_ACTIONS,
  errors: SQS_ERRORS,
  batchActions: [...sqsBatchChecks.keys()],
  create<Owner extends ServiceContext['account']>({ account, policies }: ServiceContext<Owner>, options: SqsOptions) {
    const facade = new SqsMock(account, options);
    const port = sqsDeliveryPort(facade.backend, facade.backend.ids, policies);
    return { facade, internals: { backend: facade.backend }, port, reset: () => facade.resetState() };
  },
} satisfies ServiceModule<'sqs', 'SQS', ServiceContext, SqsOptions, SqsMock, SqsInternals, DeliveryPort>;
