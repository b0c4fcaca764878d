import type { DeliveryPort } from '../../core/delivery.js';
import type { ServiceContext } from '../../core/service-context.js';
import type { ServiceModule } from '../../core/service-module.js';
import { historyLimit } from '../../core/util/history-limit.js';
import type { LambdaInternals } from './internals.js';
import { LambdaMock } from './lambda-mock.js';
import { loadLambdaPart } from './load-part.js';
import { LAMBDA_SDK } from './sdk.js';
import { loadLambdaResourceTypes } from './load-resource-types.js';
import { loadLambdaWire } from './load-wire.js';

/** createAwsMock's options of Lambda. */
export interface LambdaOptions {
  /**
   * How many invocations each Lambda function keeps for `fn.invocations()` (and the Lambda matchers): the last N, 0
   * for none. Default: every one, with its event, which costs heap in a test that drains many messages.
   */
  invocationHistory?: number;
}

/** Lambda as one service of the account (src/account/services.ts). */
export const lambdaModule = {
  key: 'lambda',
  arnService: 'lambda',
  // Its destinations' steps read `from function f`; an event handed to a function goes on in its invocation's steps.
  journey: { sourceNoun: 'function', recordsWhatItReceives: true, targetMembers: ['FunctionName', 'UUID', 'Resource'] },
  sdk: LAMBDA_SDK,
  // Getters: the tables load with the backend, at Lambda's first use (load-part.ts), not with the account; Lambda has
  // no fault controls, so nothing reads the errors before.
  get actions() {
    return loadLambdaPart().LAMBDA_ACTIONS;
  },
  get errors() {
    return loadLambdaPart().LAMBDA_ERRORS;
  },
  batchActions: [],
  // Loaded at the account's first `aws.provision` (load-resource-types.ts), with the template engine.
  resourceTypes: () => loadLambdaResourceTypes().LAMBDA_RESOURCE_TYPES,
  // How it travels over HTTP (load-wire.ts), read by the server's codecs.
  wire: () => loadLambdaWire().LAMBDA_WIRE,
  create<Owner extends ServiceContext['account']>(
    { account, work, deliver, findSource, policies, lambdaTriggers, plugIn }: ServiceContext<Owner>,
    options: LambdaOptions,
  ) {
    const facade = new LambdaMock(account, plugIn, work, {
      // The event source mappings poll SQS's queues through the pull seam, found at each use.
      findSource,
      // Destinations and dead-letter queues and topics: through the seam (docs/aws-behaviour/lambda.md §4).
      deliver,
      invocationHistory: historyLimit('invocationHistory', options.invocationHistory, 'invocations'),
      // SNS hands the event to Lambda's asynchronous queue (docs/aws-behaviour/lambda.md §3.5); EventBridge's rules
      // need the function's policy under `policies: 'enforce'` (§8.4).
      policies,
      // Which services' deliveries start invocations, and how each invocation names its trigger.
      triggers: lambdaTriggers,
    });
    // Read at each use, so that building the account does not make Lambda's models.
    const port: DeliveryPort = {
      deliver: (arn, message) => facade.state.port.deliver(arn, message),
      permits: (arn, sender) => facade.state.port.permits(arn, sender),
    };
    const internals: LambdaInternals = {
      get backend() {
        return facade.backend;
      },
      get mappings() {
        return facade.mappings;
      },
      get asyncInvocations() {
        return facade.asyncInvocations;
      },
      mock: facade,
    };
    return { facade, internals, port, reset: () => facade.resetState() };
  },
} satisfies ServiceModule<'lambda', 'Lambda', ServiceContext, LambdaOptions, LambdaMock, LambdaInternals, DeliveryPort>;
