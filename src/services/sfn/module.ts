import type { DeliveryPort } from '../../core/delivery.js';
import { internalRequest } from '../../core/request-context.js';
import { lazyServiceInstance } from '../../core/lazy-service.js';
import type { ServiceContext } from '../../core/service-context.js';
import type { ServiceModule } from '../../core/service-module.js';
import type { SfnInternals } from './internals.js';
import { loadSfnPart } from './load-part.js';
import { loadSfnResourceTypes } from './load-resource-types.js';
import { loadSfnWire } from './load-wire.js';
import { SFN_SDK } from './sdk.js';
import { SfnMock } from './sfn-mock.js';

/** createAwsMock's options that Step Functions reads: none yet. */
export type SfnOptions = object;

/** Step Functions as one service of the account (src/account/services.ts). */
export const sfnModule = {
  key: 'sfn',
  arnService: 'states',
  // Its tasks' steps read `from state machine m`; an execution a target starts is drawn under the sender.
  journey: {
    sourceNoun: 'state machine',
    recordsWhatItReceives: false,
    targetMembers: ['executionArn', 'stateMachineArn', 'activityArn', 'mapRunArn', 'resourceArn', 'name'],
  },
  sdk: SFN_SDK,
  // A getter: the table loads with the backend, at the service's first call (load-part.ts), not with the account.
  get actions() {
    return loadSfnPart().SFN_ACTIONS;
  },
  // Read only when a test sets a fault on the service (src/core/faults), which then loads the part.
  get errors() {
    return loadSfnPart().SFN_ERRORS;
  },
  batchActions: [],
  // Loaded at the account's first `aws.provision` (load-resource-types.ts), with the template engine.
  resourceTypes: () => loadSfnResourceTypes().SFN_RESOURCE_TYPES,
  // How it travels over HTTP (load-wire.ts), read by the server's codecs.
  wire: () => loadSfnWire().SFN_WIRE,
  create<Owner extends ServiceContext['account']>(
    { account, work, call, deliver, plugIn }: ServiceContext<Owner>,
    _options: SfnOptions,
  ) {
    const facade = new SfnMock(account, plugIn, work, call, deliver);
    // An EventBridge rule's or a schedule's target starts an execution with the message as its input (§6.1).
    const port: DeliveryPort = {
      deliver(arn, message) {
        const region = arn.split(':')[3] ?? account.region;
        try {
          const { executionArn } = loadSfnPart().SFN_ACTIONS.StartExecution.handler(
            facade.backend,
            { stateMachineArn: arn, input: message.body },
            internalRequest(account, region),
          );
          return { accepted: true, messageId: executionArn };
        } catch (error) {
          return { accepted: false, reason: error instanceof Error ? error.message : String(error) };
        }
      },
    };
    return lazyServiceInstance(facade, port);
  },
} satisfies ServiceModule<'sfn', 'SFN', ServiceContext, SfnOptions, SfnMock, SfnInternals, DeliveryPort>;
