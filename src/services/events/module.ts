import type { PolicyMode } from '../../core/policies/mode.js';
import type { DeliveryPort } from '../../core/delivery.js';
import { lazyServiceInstance } from '../../core/lazy-service.js';
import type { ServiceContext } from '../../core/service-context.js';
import type { ServiceModule } from '../../core/service-module.js';
import { historyLimit } from '../../core/util/history-limit.js';
import { loadEventsPart } from './load-part.js';
import { EventsMock } from './events-mock.js';
import type { EventsInternals } from './internals.js';
import { EVENTS_PRINCIPAL, EVENTS_SDK } from './sdk.js';
import { loadEventsResourceTypes } from './load-resource-types.js';
import { loadEventsWire } from './load-wire.js';

/** createAwsMock's options that EventBridge reads. */
export interface EventsOptions {
  /**
   * `'enforce'`: an SQS target (or dead-letter queue) takes an event only where its Policy allows events.amazonaws.com
   * to sqs:SendMessage from the rule, as on AWS (docs/aws-behaviour/eventbridge.md §5.5). Shared with SNS.
   */
  policies?: PolicyMode;
  /**
   * How many events each bus keeps for `bus.events()`, and each rule for `rule.matched()` (and the EventBridge
   * matchers): the last N, 0 for none. Default: every one, about 1 KB of heap each (docs/speed.md), which a scheduled
   * rule firing every minute for simulated weeks adds up.
   */
  eventHistory?: number;
}

/** EventBridge as one service of the account (src/account/services.ts). */
export const eventsModule = {
  key: 'events',
  arnService: 'events',
  // Its targets' steps read `from rule r`; an event handed to a bus goes on in the bus's own steps.
  journey: {
    sourceNoun: 'rule',
    recordsWhatItReceives: true,
    targetMembers: ['Rule', 'Name', 'EventBusName', 'ArchiveName', 'ReplayName', 'ResourceARN'],
  },
  sdk: EVENTS_SDK,
  // A getter: the table loads with the backend, at the service's first call (load-part.ts), not with the account.
  get actions() {
    return loadEventsPart().EVENTS_ACTIONS;
  },
  // Read only when a test sets a fault on the service (src/core/faults), which then loads the part.
  get errors() {
    return loadEventsPart().EVENTS_ERRORS;
  },
  batchActions: [],
  // A rule's target (docs/aws-behaviour/eventbridge.md §5.2); its function's policy decides under 'enforce' (§8.4).
  lambdaTrigger: { principal: EVENTS_PRINCIPAL, kind: 'events', via: 'ruleArn', policyChecked: true } as const,
  // Loaded at the account's first `aws.provision` (load-resource-types.ts), with the template engine.
  resourceTypes: () => loadEventsResourceTypes().EVENTS_RESOURCE_TYPES,
  // How it travels over HTTP (load-wire.ts), read by the server's codecs.
  wire: () => loadEventsWire().EVENTS_WIRE,
  create<Owner extends ServiceContext['account']>(
    { account, work, deliver, permits, findSource, plugIn, policies }: ServiceContext<Owner>,
    options: EventsOptions,
  ) {
    // PutTargets looks at whether a queue target is FIFO (docs/aws-behaviour/eventbridge.md §5.3), through the pull
    // seam.
    const eventHistory = historyLimit('eventHistory', options.eventHistory, 'events');
    const facade = new EventsMock(account, plugIn, work, { deliver, permits }, findSource, policies, eventHistory);
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
