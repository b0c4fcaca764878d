import type { AddPermissionCommandInput } from '@aws-sdk/client-sqs';
import {
  actionsWhere,
  batchChecksOf,
  handlersOf,
  type ActionSpec,
  type ActionTable,
} from '../../../core/action-registry.js';
import type { RequestContext } from '../../../core/request-context.js';
import type { SqsBackend } from '../sqs-backend.js';
import { validateBatchEntries } from './batch.js';
import { changeMessageVisibility } from './change-message-visibility.js';
import { changeMessageVisibilityBatch } from './change-message-visibility-batch.js';
import { createQueue } from './create-queue.js';
import { deleteMessage } from './delete-message.js';
import { deleteMessageBatch } from './delete-message-batch.js';
import { cancelMessageMoveTask, listMessageMoveTasks, startMessageMoveTask } from './move-tasks.js';
import { addPermission, removePermission, type PermissionRules } from './permissions.js';
import { getQueueAttributes, setQueueAttributes } from './queue-attributes.js';
import { deleteQueue, getQueueUrl, listDeadLetterSourceQueues, listQueues, purgeQueue } from './queues.js';
import { receiveMessage } from './receive-message.js';
import { checkSendMessageBatch } from './send-message-batch.js';
import { sendMessage } from './send-message.js';
import { sendMessageBatch } from './send-message-batch.js';
import { listQueueTags, tagQueue, untagQueue } from './tags.js';

interface SqsActionSpec extends ActionSpec<SqsBackend> {
  /**
   * What AddPermission makes of the action (docs/aws-behaviour/sqs.md §4.17): `grantable`, a policy may allow it to
   * other accounts; `ownerOnly`, refused with its own reason, as only the queue owner may call it. Absent: refused as
   * no valid action (batch actions are implied by their single forms).
   */
  readonly access?: 'grantable' | 'ownerOnly';
}

/** The queue, then the count, Ids and distinctness of the entries: the checks a batch makes before any entry. */
const queueAndEntries =
  (entryShape: string) =>
  (backend: SqsBackend, input: { QueueUrl?: unknown; Entries?: unknown }): void => {
    backend.queueByUrl(input.QueueUrl);
    validateBatchEntries(input.Entries, entryShape);
  };

/**
 * The SQS actions the emulation answers, by the SDK's operation name; anything else answers a NotEmulatedError.
 * To add an action: one entry here (its handler, `batch` if it is one, its `access`).
 */
export const SQS_ACTIONS = {
  CreateQueue: { handler: createQueue, access: 'ownerOnly' },
  DeleteQueue: { handler: deleteQueue, access: 'ownerOnly' },
  GetQueueUrl: { handler: getQueueUrl, access: 'grantable' },
  ListQueues: { handler: listQueues },
  GetQueueAttributes: { handler: getQueueAttributes, access: 'grantable' },
  SetQueueAttributes: { handler: setQueueAttributes, access: 'ownerOnly' },
  SendMessage: { handler: sendMessage, access: 'grantable' },
  SendMessageBatch: { handler: sendMessageBatch, batch: { check: checkSendMessageBatch } },
  ReceiveMessage: { handler: receiveMessage, access: 'grantable' },
  DeleteMessage: { handler: deleteMessage, access: 'grantable' },
  DeleteMessageBatch: {
    handler: deleteMessageBatch,
    batch: { check: queueAndEntries('DeleteMessageBatchRequestEntry') },
  },
  ChangeMessageVisibility: { handler: changeMessageVisibility, access: 'grantable' },
  ChangeMessageVisibilityBatch: {
    handler: changeMessageVisibilityBatch,
    batch: { check: queueAndEntries('ChangeMessageVisibilityBatchRequestEntry') },
  },
  PurgeQueue: { handler: purgeQueue, access: 'grantable' },
  ListDeadLetterSourceQueues: { handler: listDeadLetterSourceQueues, access: 'grantable' },
  TagQueue: { handler: tagQueue, access: 'ownerOnly' },
  UntagQueue: { handler: untagQueue, access: 'ownerOnly' },
  ListQueueTags: { handler: listQueueTags, access: 'grantable' },
  // Read at call time, once the table below it is built.
  AddPermission: {
    handler: (backend: SqsBackend, input: Partial<AddPermissionCommandInput>, request: RequestContext): object =>
      addPermission(backend, input, permissionRules, request),
    access: 'ownerOnly',
  },
  RemovePermission: { handler: removePermission, access: 'ownerOnly' },
  StartMessageMoveTask: { handler: startMessageMoveTask },
  ListMessageMoveTasks: { handler: listMessageMoveTasks },
  CancelMessageMoveTask: { handler: cancelMessageMoveTask },
} as const satisfies ActionTable<SqsActionSpec>;

const table: ActionTable<SqsActionSpec> = SQS_ACTIONS;

/** The handlers by action name, for the plugin's dispatch. */
export const sqsActions = handlersOf<SqsBackend>(table);
/** The batch actions, each with its whole-request check. */
export const sqsBatchChecks = batchChecksOf<SqsBackend>(table);

const permissionRules: PermissionRules = {
  // `*` grants every grantable action.
  grantable: new Set(['*', ...actionsWhere(table, (spec) => spec.access === 'grantable')]),
  ownerOnly: new Set(actionsWhere(table, (spec) => spec.access === 'ownerOnly')),
};
