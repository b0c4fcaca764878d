import type { DeliveryPort } from '../delivery.js';
import type { ServiceContext } from '../service-context.js';
import type { ServiceModule } from '../service-module.js';
import type { SqsInternals } from '../sqs/internals.js';
import { historyLimit } from '../util/history-limit.js';
import type { LambdaInternals } from './internals.js';
import { LambdaMock } from './lambda-mock.js';
import { loadLambdaPart } from './load-part.js';
import { LAMBDA_SDK } from './sdk.js';

/** createAwsMock's options of Lambda. */
export interface LambdaOptions {
  /**
   * How many invocations each Lambda function keeps for `fn.invocations()` (and the Lambda matchers): the last N, 0
   * for none. Default: every one, with its event, which costs heap in a test that drains many messages.
   */
  invocationHistory?: number;
}

/** Lambda as one service of the account (src/services.ts). */
export const lambdaModule = {
  key: 'lambda',
  arnService: 'lambda',
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
  create<Owner extends ServiceContext['account']>(
    { account, work, deliver, internalsOf, policies }: ServiceContext<Owner>,
    options: LambdaOptions,
  ) {
    const facade = new LambdaMock(account, work, {
      // The event source mappings poll SQS's queues, read at each use.
      findQueue: (arn) => (internalsOf('sqs') as SqsInternals).backend.findByArn(arn),
      // Destinations and dead-letter queues and topics: through the seam (docs/aws-behaviour/lambda.md §4).
      deliver,
      invocationHistory: historyLimit('invocationHistory', options.invocationHistory, 'invocations'),
      // SNS hands the event to Lambda's asynchronous queue (docs/aws-behaviour/lambda.md §3.5); EventBridge's rules
      // need the function's policy under `policies: 'enforce'` (§8.4).
      policies,
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
