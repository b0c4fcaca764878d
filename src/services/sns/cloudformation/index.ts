import type { ResourceType } from '../../../core/provisioning/resource-type.js';
import type { WithSns } from '../internals.js';
import { snsSubscription } from './subscription.js';
import { snsTopicInlinePolicy, snsTopicPolicy } from './topic-policy.js';
import { snsTopic } from './topic.js';

/** SNS's CloudFormation resource types (docs/aws-behaviour/templates.md §3.3–§3.5), by type name. */
export const SNS_RESOURCE_TYPES: Readonly<Record<string, ResourceType<WithSns>>> = {
  'AWS::SNS::Topic': snsTopic,
  'AWS::SNS::Subscription': snsSubscription,
  'AWS::SNS::TopicPolicy': snsTopicPolicy,
  'AWS::SNS::TopicInlinePolicy': snsTopicInlinePolicy,
};
