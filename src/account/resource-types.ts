/**
 * The resource types `aws.provision` creates, by CloudFormation type name: every service's (its module's
 * `resourceTypes`, loaded as this module is) and IAM's, which the engine keeps; a template's other types are skipped
 * and listed (`stack.skipped`). Read through the provisioning part (provisioning.ts), on the account's first
 * `aws.provision`.
 */
import type { ResourceType } from '../core/provisioning/resource-type.js';
import { IAM_RESOURCE_TYPES } from '../templates/resources/iam.js';
import { SERVICE_MODULES, type ServiceInternals } from './services.js';

export const RESOURCE_TYPES: Readonly<Record<string, ResourceType<ServiceInternals>>> = Object.assign(
  {},
  ...SERVICE_MODULES.map((service) => service.resourceTypes()),
  IAM_RESOURCE_TYPES,
);
