import type { ServiceContext } from '../service-context.js';
import type { ServiceModule } from '../service-module.js';
import type { LambdaEndpoints } from '../sns/delivery/lambda-endpoint.js';
import type { ResourceType } from '../templates/resource-type.js';
import { historyLimit } from '../util/history-limit.js';
import { LAMBDA_ACTIONS } from './actions/index.js';
import { LAMBDA_RESOURCE_TYPES } from './cloudformation/index.js';
import { LAMBDA_ERRORS } from './errors.js';
import type { LambdaInternals, WithLambda } from './internals.js';
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
  sdk: LAMBDA_SDK,
  actions: LAMBDA_ACTIONS,
  errors: LAMBDA_ERRORS,
  batchActions: [],
  resourceTypes: LAMBDA_RESOURCE_TYPES,
  create<Owner extends ServiceContext['account']>(
    { account, work, ports }: ServiceContext<Owner>,
    options: LambdaOptions,
  ) {
    const facade = new LambdaMock(account, work, {
      findQueue: (arn) => ports.sqs.findByArn(arn),
      // A destination or dead-letter topic: through SNS's port (docs/aws-behaviour/lambda.md §3.5).
      publishToTopic: (topicArn, message) => ports.sns.publishFromService(topicArn, message.body, message.attributes),
      invocationHistory: historyLimit('invocationHistory', options.invocationHistory, 'invocations'),
    });
    // SNS hands the event to Lambda's asynchronous queue (docs/aws-behaviour/lambda.md §3.5).
    const port: LambdaEndpoints = {
      invokeAsync: (functionArn, event, subscriptionArn) => {
        const fn = facade.backend.findByArn(functionArn);
        return fn
          ? facade.asyncInvocations.enqueue(fn, event, { kind: 'sns', subscriptionArn }, { invokedArn: functionArn })
          : undefined;
      },
      // An EventBridge rule's target (docs/aws-behaviour/eventbridge.md §5.2): asynchronous, as for SNS.
      invokeFromService: (functionArn, event, trigger) => {
        const fn = facade.backend.findByArn(functionArn);
        return fn ? facade.asyncInvocations.enqueue(fn, event, { ...trigger }, { invokedArn: functionArn }) : undefined;
      },
    };
    const { backend, mappings, asyncInvocations } = facade;
    return {
      facade,
      internals: { backend, mappings, asyncInvocations, mock: facade },
      port,
      reset: () => facade.resetState(),
    };
  },
} satisfies ServiceModule<
  'lambda',
  'Lambda',
  ServiceContext,
  LambdaOptions,
  LambdaMock,
  LambdaInternals,
  LambdaEndpoints,
  ResourceType<WithLambda>
>;
