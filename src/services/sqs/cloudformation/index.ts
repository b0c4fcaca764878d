import type { ResourceType } from '../../../core/provisioning/resource-type.js';
import type { WithSqs } from '../internals.js';
import { sqsQueueInlinePolicy, sqsQueuePolicy } from './queue-policy.js';
import { sqsQueue } from './queue.js';

/** SQS's CloudFormation resource types (docs/aws-behaviour/templates.md §3.1, §3.2), by type name. */
export const SQS_RESOURCE_TYPES: Readonly<Record<string, ResourceType<WithSqs>>> = {
  'AWS::SQS::Queue': sqsQueue,
  'AWS::SQS::QueuePolicy': sqsQueuePolicy,
  'AWS::SQS::QueueInlinePolicy': sqsQueueInlinePolicy,
};
