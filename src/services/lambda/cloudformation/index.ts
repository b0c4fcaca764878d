import type { ResourceType } from '../../../core/provisioning/resource-type.js';
import type { WithLambda } from '../internals.js';
import { lambdaFunction } from './function.js';
import { lambdaEventSourceMapping, lambdaPermission } from './wiring.js';

/** Lambda's CloudFormation resource types (docs/aws-behaviour/templates.md §3.6–§3.8), by type name. */
export const LAMBDA_RESOURCE_TYPES: Readonly<Record<string, ResourceType<WithLambda>>> = {
  'AWS::Lambda::Function': lambdaFunction,
  'AWS::Lambda::EventSourceMapping': lambdaEventSourceMapping,
  'AWS::Lambda::Permission': lambdaPermission,
};
