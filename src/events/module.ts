import type { PolicyMode } from '../policies/mode.js';
import type { DeliveryPort } from '../delivery.js';
import { lazyServiceInstance } from '../lazy-service.js';
import type { ServiceContext } from '../service-context.js';
import type { ServiceModule } from '../service-module.js';
import type { SqsInternals } from '../sqs/internals.js';
import { loadEventsPart } from './load-part.js';
import { EventsMock } from './events-mock.js';
import type { EventsInternals } from './internals.js';
import { EVENTS_SDK } from './sdk.js';

/** createAwsMock's options that EventBridge reads. */
export interface EventsOptions {
  /**
   * `'enforce'`: an SQS target (or dead-letter queue) takes an event only where its Policy allows events.amazonaws.com
   * to sqs:SendMessage from the rule, as on AWS (docs/aws-behaviour/eventbridge.md §5.5). Shared with SNS.
   */
  policies?: PolicyMode;
}

/** EventBridge as one service of the account (src/services.ts). */
export const eventsModule = {
  key: 'events',
  arnService: 'events',
  sdk: EVENTS_SDK,
  // A getter: the table loads with the backend, at the service's first call (load-part.ts), not with the account.
  get actions() {
    return loadEventsPart().EVENTS_ACTIONS;
  },
  // Read only when a test sets a fault on the service (src/faults), which then loads the part.
  get errors() {
    return loadEventsPart().EVENTS_ERRORS;
  },
  batchActions: [],
  create<Owner extends ServiceContext['account']>(
    { account, work, deliver, permits, internalsOf }: ServiceContext<Owner>,
    _options: EventsOptions,
  ) {
    // PutTargets looks at a FIFO queue target's settings (docs/aws-behaviour/eventbridge.md §5.3).
    const findQueue = (arn: string) => (internalsOf('sqs') as SqsInternals).backend.findByArn(arn);
    const facade = new EventsMock(account, work, { deliver, permits }, findQueue);
    // Another bus as a rule's target (§5.2).
    const port: DeliveryPort = {
      deliver: (arn, message) => facade.backend.deliverToBus(arn, message.body, message.via),
    };
    return lazyServiceInstance(facade, port);
  },
} satisfies ServiceModule<
  'events',
  'EventBridge',
  ServiceContext,
  EventsOptions,
  EventsMock,
  EventsInternals,
  DeliveryPort
>;
