import type { RequestContext } from '../../plugin.js';
import type { SqsBackend } from '../sqs-backend.js';
import { changeMessageVisibility } from './change-message-visibility.js';
import { changeMessageVisibilityBatch } from './change-message-visibility-batch.js';
import { createQueue } from './create-queue.js';
import { deleteMessage } from './delete-message.js';
import { deleteMessageBatch } from './delete-message-batch.js';
import { cancelMessageMoveTask, listMessageMoveTasks, startMessageMoveTask } from './move-tasks.js';
import { addPermission, removePermission } from './permissions.js';
import { getQueueAttributes, setQueueAttributes } from './queue-attributes.js';
import { deleteQueue, getQueueUrl, listDeadLetterSourceQueues, listQueues, purgeQueue } from './queues.js';
import { receiveMessage } from './receive-message.js';
import { sendMessage } from './send-message.js';
import { sendMessageBatch } from './send-message-batch.js';
import { listQueueTags, tagQueue, untagQueue } from './tags.js';

type Action = (backend: SqsBackend, input: never, request: RequestContext) => object | Promise<object>;

/** The SQS actions the emulation answers, by the SDK's operation name. Anything else answers a NotEmulatedError. */
export const sqsActions: Readonly<Record<string, Action>> = {
  CreateQueue: createQueue,
  DeleteQueue: deleteQueue,
  GetQueueUrl: getQueueUrl,
  ListQueues: listQueues,
  GetQueueAttributes: getQueueAttributes,
  SetQueueAttributes: setQueueAttributes,
  SendMessage: sendMessage,
  SendMessageBatch: sendMessageBatch,
  ReceiveMessage: receiveMessage,
  DeleteMessage: deleteMessage,
  DeleteMessageBatch: deleteMessageBatch,
  ChangeMessageVisibility: changeMessageVisibility,
  ChangeMessageVisibilityBatch: changeMessageVisibilityBatch,
  PurgeQueue: purgeQueue,
  ListDeadLetterSourceQueues: listDeadLetterSourceQueues,
  TagQueue: tagQueue,
  UntagQueue: untagQueue,
  ListQueueTags: listQueueTags,
  AddPermission: addPermission,
  RemovePermission: removePermission,
  StartMessageMoveTask: startMessageMoveTask,
  ListMessageMoveTasks: listMessageMoveTasks,
  CancelMessageMoveTask: cancelMessageMoveTask,
};
