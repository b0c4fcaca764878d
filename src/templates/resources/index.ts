import type { ResourceType } from '../resource-type.js';
import { iamManagedPolicy, iamPolicy, iamRole } from './iam.js';
import { SERVICE_MODULES, type ServiceInternals } from '../../services.js';

/**
 * The resource types `aws.provision` creates, by CloudFormation type name; a template's other types are skipped and
 * listed (`stack.skipped`). Each service's are its module's `resourceTypes` (src/services.ts); IAM's, which no
 * service of the account owns, are here.
 */
export const RESOURCE_TYPES: Readonly<Record<string, ResourceType<ServiceInternals>>> = {
  ...Object.fromEntries(
    SERVICE_MODULES.flatMap((service) => Object.entries<ResourceType<ServiceInternals>>(service.resourceTypes)),
  ),
  'AWS::IAM::Role': iamRole,
  'AWS::IAM::Policy': iamPolicy,
  'AWS::IAM::ManagedPolicy': iamManagedPolicy,
};
