import { SNSClient } from '@aws-sdk/client-sns';
import { SQSClient } from '@aws-sdk/client-sqs';
import { createAwsMock, type AwsMock, type AwsMockOptions } from '../../src/index.js';
import type { LambdaHandler } from '../../src/services/lambda/handler-contract.js';
import { RESOURCE_TYPES } from '../../src/account/resource-types.js';
import type { CreatedResource, ProvisionContext } from '../../src/core/provisioning/resource-type.js';
import type { ServiceInternals } from '../../src/account/services.js';
import { networkTrap } from '../helpers.js';

/**
 * The resource types on their own, as the template engine drives them: a hand-made ProvisionContext (the engine's
 * generated names are `<stack>-<logicalId>-<12 random>`, trimmed to the type's limit), and SDK clients to look at
 * what they created.
 */
export interface ResourceSetup {
  readonly aws: AwsMock;
  readonly sqs: SQSClient;
  readonly sns: SNSClient;
  readonly context: ProvisionContext<ServiceInternals>;
  /** Creates one resource of `type` with (resolved) `properties`. */
  create(type: string, logicalId: string, properties?: Record<string, unknown>): CreatedResource;
}

let counter = 0;

export function resourceSetup(
  options: AwsMockOptions & { stackName?: string; functions?: Record<string, LambdaHandler> } = {},
): ResourceSetup {
  const { stackName = 'test-stack', functions = {}, ...mockOptions } = options;
  const aws = createAwsMock(mockOptions);
  const sqs = new SQSClient({ region: aws.region, requestHandler: networkTrap });
  sqs.middlewareStack.use(aws.sqs);
  const sns = new SNSClient({ region: aws.region, requestHandler: networkTrap });
  sns.middlewareStack.use(aws.sns);
  const context: ProvisionContext<ServiceInternals> = {
    account: aws,
    internals: aws.internals,
    accountId: aws.accountId,
    region: aws.region,
    partition: 'aws',
    stackName,
    functions,
    generatedName(logicalId, maxLength, suffix = '') {
      const random = `R${String(++counter).padStart(11, '0')}`;
      const base = `${stackName}-${logicalId}-`;
      return `${base.slice(0, maxLength - random.length - suffix.length)}${random}${suffix}`;
    },
  };
  return {
    aws,
    sqs,
    sns,
    context,
    create: (type, logicalId, properties = {}) =>
      RESOURCE_TYPES[type]!.create({ logicalId, type, properties }, context),
  };
}

/** The error `action` throws, failing if it throws none. */
export function thrownBy(action: () => unknown): Error & { logicalId?: string; property?: string } {
  try {
    action();
  } catch (error) {
    return error as Error & { logicalId?: string; property?: string };
  }
  throw new Error('expected an error');
}
