import type { ResourceType } from '../resource-type.js';
import { iamManagedPolicy, iamPolicy, iamRole } from './iam.js';
import type { ServiceInternals, ServiceKey } from '../../services.js';
import { EVENTS_RESOURCE_TYPES } from '../../events/cloudformation/index.js';
import { LAMBDA_RESOURCE_TYPES } from '../../lambda/cloudformation/index.js';
import { SCHEDULER_RESOURCE_TYPES } from '../../scheduler/cloudformation/index.js';
import { SNS_RESOURCE_TYPES } from '../../sns/cloudformation/index.js';
import { SQS_RESOURCE_TYPES } from '../../sqs/cloudformation/index.js';

/**
 * Each service's CloudFormation resource types (its `<service>/cloudformation/index.ts`), by the service's key: a
 * service of the list (src/services.ts) without an entry fails to compile here. Kept out of the service modules so
 * that `import 'sqs-sns-mock'` loads none of them: they load with the engine, on the first `aws.provision`.
 */
const SERVICE_RESOURCE_TYPES: { readonly [K in ServiceKey]: Readonly<Record<string, ResourceType<ServiceInternals>>> } =
  {
    sqs: SQS_RESOURCE_TYPES,
    sns: SNS_RESOURCE_TYPES,
    lambda: LAMBDA_RESOURCE_TYPES,
    events: EVENTS_RESOURCE_TYPES,
    scheduler: SCHEDULER_RESOURCE_TYPES,
  };

/**
 * The resource types `aws.provision` creates, by CloudFormation type name; a template's other types are skipped and
 * listed (`stack.skipped`). IAM's, which no service of the account owns, are here.
 */
export const RESOURCE_TYPES: Readonly<Record<string, ResourceType<ServiceInternals>>> = Object.assign(
  {},
  ...Object.values(SERVICE_RESOURCE_TYPES),
  { 'AWS::IAM::Role': iamRole, 'AWS::IAM::Policy': iamPolicy, 'AWS::IAM::ManagedPolicy': iamManagedPolicy },
);
