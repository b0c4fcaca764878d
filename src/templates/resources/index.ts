import type { ResourceType } from '../resource-type.js';
import { iamManagedPolicy, iamPolicy, iamRole } from './iam.js';
import { lambdaFunction } from './lambda-function.js';
import { lambdaEventSourceMapping, lambdaPermission } from './lambda-wiring.js';
import { snsSubscription } from './sns-subscription.js';
import { snsTopicInlinePolicy, snsTopicPolicy } from './sns-topic-policy.js';
import { snsTopic } from './sns-topic.js';
import { sqsQueueInlinePolicy, sqsQueuePolicy } from './sqs-queue-policy.js';
import { sqsQueue } from './sqs-queue.js';

/**
 * The resource types `aws.provision` creates, by CloudFormation type name; a template's other types are skipped and
 * listed (`stack.skipped`). To add one: a `ResourceType` in this folder and its entry here.
 */
export const RESOURCE_TYPES: Readonly<Record<string, ResourceType>> = {
  'AWS::SQS::Queue': sqsQueue,
  'AWS::SQS::QueuePolicy': sqsQueuePolicy,
  'AWS::SQS::QueueInlinePolicy': sqsQueueInlinePolicy,
  'AWS::SNS::Topic': snsTopic,
  'AWS::SNS::Subscription': snsSubscription,
  'AWS::SNS::TopicPolicy': snsTopicPolicy,
  'AWS::SNS::TopicInlinePolicy': snsTopicInlinePolicy,
  'AWS::Lambda::Function': lambdaFunction,
  'AWS::Lambda::EventSourceMapping': lambdaEventSourceMapping,
  'AWS::Lambda::Permission': lambdaPermission,
  'AWS::IAM::Role': iamRole,
  'AWS::IAM::Policy': iamPolicy,
  'AWS::IAM::ManagedPolicy': iamManagedPolicy,
};
