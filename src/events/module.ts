import type { PolicyMode } from '../policies/mode.js';
import { policyMode } from '../policies/mode.js';
import type { ServiceContext } from '../service-context.js';
import type { ServiceModule } from '../service-module.js';
import type { ResourceType } from '../templates/resource-type.js';
import { EVENTS_ACTIONS } from './actions/index.js';
import { EVENTS_RESOURCE_TYPES } from './cloudformation/index.js';
import { EVENTS_ERRORS } from './errors.js';
import { EventsMock } from './events-mock.js';
import type { EventsInternals, WithEvents } from './internals.js';
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
  sdk: EVENTS_SDK,
  actions: EVENTS_ACTIONS,
  errors: EVENTS_ERRORS,
  batchActions: [],
  resourceTypes: EVENTS_RESOURCE_TYPES,
  create<Owner extends ServiceContext['account']>(
    { account, work, ports }: ServiceContext<Owner>,
    options: EventsOptions,
  ) {
    const facade = new EventsMock(account, work, ports, policyMode(options.policies));
    return { facade, internals: { backend: facade.backend }, port: undefined, reset: () => facade.resetState() };
  },
} satisfies ServiceModule<
  'events',
  'EventBridge',
  ServiceContext,
  EventsOptions,
  EventsMock,
  EventsInternals,
  undefined,
  ResourceType<WithEvents>
>;
