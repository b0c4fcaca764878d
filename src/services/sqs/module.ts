import type { DeliveryPort } from '../../core/delivery.js';
import type { ServiceContext } from '../../core/service-context.js';
import type { ServiceModule } from '../../core/service-module.js';
import { SQS_ACTIONS, sqsBatchChecks } from './actions/index.js';
import { sqsDeliveryPort } from './delivery-port.js';
import { SQS_ERRORS } from './errors.js';
import type { HonestOptions } from './honest-delivery.js';
import { SQS_SDK } from './sdk.js';
import type { SqsInternals } from './internals.js';
import { SqsMock } from './sqs-mock.js';
import { pullSourceOf } from './pull-source.js';
import { loadSqsResourceTypes } from './load-resource-types.js';
import { loadSqsWire } from './load-wire.js';

/** createAwsMock's options of SQS. */
export interface SqsOptions {
  /**
   * Standard queues behave as loosely as real ones may: out-of-order delivery, occasional duplicate
   * delivery, and short polls that return a random share of the messages. Off by default.
   */
  honest?: boolean | HonestOptions;
}

/** SQS as one service of the account (src/account/services.ts). */
export const sqsModule = {
  key: 'sqs',
  arnService: 'sqs',
  // A dead letter's steps name the queue it left; a message handed to a queue goes on in the queue's own steps.
  journey: { sourceNoun: 'queue', recordsWhatItReceives: true, targetMembers: ['QueueUrl', 'QueueName', 'SourceArn'] },
  sdk: SQS_SDK,
  actions: SQS_ACTIONS,
  errors: SQS_ERRORS,
  batchActions: [...sqsBatchChecks.keys()],
  // Loaded at the account's first `aws.provision` (load-resource-types.ts), with the template engine.
  resourceTypes: () => loadSqsResourceTypes().SQS_RESOURCE_TYPES,
  // How it travels over HTTP (load-wire.ts), read by the server's codecs.
  wire: () => loadSqsWire().SQS_WIRE,
  create<Owner extends ServiceContext['account']>(
    { account, policies, plugIn }: ServiceContext<Owner>,
    options: SqsOptions,
  ) {
    const facade = new SqsMock(account, plugIn, options);
    const port = sqsDeliveryPort(facade.backend, facade.backend.ids, policies);
    const sources = (arn: string) => pullSourceOf(facade.backend.findByArn(arn));
    return { facade, internals: { backend: facade.backend }, port, sources, reset: () => facade.resetState() };
  },
} satisfies ServiceModule<'sqs', 'SQS', ServiceContext, SqsOptions, SqsMock, SqsInternals, DeliveryPort>;
