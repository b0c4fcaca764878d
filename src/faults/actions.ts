/**
 * The action names a fault may target, as literal types so a typo is a compile error. The runtime check uses
 * each service's live action table (see FaultInjector); test/faults.test.ts keeps these lists equal to it.
 */
export const SQS_ACTIONS = [
  'CreateQueue',
  'DeleteQueue',
  'GetQueueUrl',
  'ListQueues',
  'GetQueueAttributes',
  'SetQueueAttributes',
  'SendMessage',
  'SendMessageBatch',
  'ReceiveMessage',
  'DeleteMessage',
  'DeleteMessageBatch',
  'ChangeMessageVisibility',
  'ChangeMessageVisibilityBatch',
  'PurgeQueue',
  'ListDeadLetterSourceQueues',
  'TagQueue',
  'UntagQueue',
  'ListQueueTags',
  'AddPermission',
  'RemovePermission',
  'StartMessageMoveTask',
  'ListMessageMoveTasks',
  'CancelMessageMoveTask',
] as const;

export const SNS_ACTIONS = [
  'CreateTopic',
  'DeleteTopic',
  'ListTopics',
  'GetTopicAttributes',
  'SetTopicAttributes',
  'TagResource',
  'UntagResource',
  'ListTagsForResource',
  'Subscribe',
  'ConfirmSubscription',
  'Unsubscribe',
  'GetSubscriptionAttributes',
  'SetSubscriptionAttributes',
  'ListSubscriptions',
  'ListSubscriptionsByTopic',
  'Publish',
  'PublishBatch',
  'AddPermission',
  'RemovePermission',
] as const;

/** The batch actions whose answer has per-entry `Successful` / `Failed` lists. */
export const SQS_BATCH_ACTIONS = ['SendMessageBatch', 'DeleteMessageBatch', 'ChangeMessageVisibilityBatch'] as const;
export const SNS_BATCH_ACTIONS = ['PublishBatch'] as const;

/** An SQS action by the SDK's name, without `Command`. */
export type SqsAction = (typeof SQS_ACTIONS)[number];
/** An SNS action by the SDK's name, without `Command`. */
export type SnsAction = (typeof SNS_ACTIONS)[number];
export type SqsBatchAction = (typeof SQS_BATCH_ACTIONS)[number];
export type SnsBatchAction = (typeof SNS_BATCH_ACTIONS)[number];
