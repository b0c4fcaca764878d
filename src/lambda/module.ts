import type { DeliveryPort } from '../delivery.js';
import type { ServiceContext } from '../service-context.js';
import type { ServiceModule } from '../service-module.js';
import type { SqsInternals } from '../sqs/internals.js';
import { historyLimit } from '../util/history-limit.js';
import { LAMBDA_ACTIONS } from './actions/index.js';
import { lambdaDeliveryPort } from './delivery-port.js';
import { LAMBDA_ERRORS } from './errors.js';
import type { LambdaInternals } from './internals.js';
import { LambdaMock } from './lambda-mock.js';
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
  actions: LAMBDA_ACTIONS,
  errors: LAMBDA_ERRORS,
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
    });
    // SNS hands the event to Lambda's asynchronous queue (docs/aws-behaviour/lambda.md §3.5); EventBridge's rules
    // need the function's policy under `policies: 'enforce'` (§8.4).
    const port = lambdaDeliveryPort(facade.backend, facade.asyncInvocations, policies);
    const { backend, mappings, asyncInvocations } = facade;
    return {
      facade,
      internals: { backend, mappings, asyncInvocations, mock: facade },
      port,
      reset: () => facade.resetState(),
    };
  },
} satisfies ServiceModule<'lambda', 'Lambda', ServiceContext, LambdaOptions, LambdaMock, LambdaInternals, DeliveryPort>;
