import type { ResourceType } from '../../../core/provisioning/resource-type.js';
import type { WithSfn } from '../internals.js';
import { sfnActivity } from './activity.js';
import { sfnStateMachine } from './state-machine.js';

/** Step Functions' CloudFormation resource types (docs/aws-behaviour/stepfunctions.md §6.3), by type name. */
export const SFN_RESOURCE_TYPES: Readonly<Record<string, ResourceType<WithSfn>>> = {
  'AWS::StepFunctions::StateMachine': sfnStateMachine,
  'AWS::StepFunctions::Activity': sfnActivity,
};
