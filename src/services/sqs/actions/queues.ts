import type {
  DeleteQueueCommandInput,
  GetQueueUrlCommandInput,
  GetQueueUrlCommandOutput,
  ListDeadLetterSourceQueuesCommandInput,
  ListDeadLetterSourceQueuesCommandOutput,
  ListQueuesCommandInput,
  ListQueuesCommandOutput,
  PurgeQueueCommandInput,
} from '@aws-sdk/client-sqs';
import { sqsErrors } from '../errors.js';
import type { RequestContext } from '../../../core/request-context.js';
import type { SqsBackend } from '../sqs-backend.js';
import { isPresent, paginate } from './params.js';

/** The actions that find, list, empty and remove queues. */

export function deleteQueue(
  backend: SqsBackend,
  input: Partial<DeleteQueueCommandInput>,
  request: RequestContext,
): object {
  backend.delete(backend.queueByUrl(input.QueueUrl, request.region));
  return {};
}

export function getQueueUrl(
  backend: SqsBackend,
  input: Partial<GetQueueUrlCommandInput>,
  request: RequestContext,
): Omit<GetQueueUrlCommandOutput, '$metadata'> {
  const name = input.QueueName;
  if (!isPresent(name) || name === '') {
    throw sqsErrors.queueNameMissing();
  }
  const owner = input.QueueOwnerAWSAccountId;
  const queue = typeof name === 'string' ? backend.findByName(name, request.region) : undefined;
  if (!queue || (isPresent(owner) && owner !== backend.scope.accountId)) throw sqsErrors.queueDoesNotExist();
  return { QueueUrl: queue.url };
}

export function listQueues(
  backend: SqsBackend,
  input: Partial<ListQueuesCommandInput>,
  request: RequestContext,
): Omit<ListQueuesCommandOutput, '$metadata'> {
  const prefix = typeof input.QueueNamePrefix === 'string' ? input.QueueNamePrefix : '';
  const matching = backend.list(request.region).filter((queue) => queue.name.startsWith(prefix));
  const { page, nextToken } = paginate(matching, (queue) => queue.name, input.MaxResults, input.NextToken);
  return {
    ...(page.length > 0 ? { QueueUrls: page.map((queue) => queue.url) } : {}),
    ...(nextToken ? { NextToken: nextToken } : {}),
  };
}

export function purgeQueue(
  backend: SqsBackend,
  input: Partial<PurgeQueueCommandInput>,
  request: RequestContext,
): object {
  const queue = backend.queueByUrl(input.QueueUrl, request.region);
  if (!queue.purge()) throw sqsErrors.purgeQueueInProgress(queue.name);
  return {};
}

export function listDeadLetterSourceQueues(
  backend: SqsBackend,
  input: Partial<ListDeadLetterSourceQueuesCommandInput>,
  request: RequestContext,
): Omit<ListDeadLetterSourceQueuesCommandOutput, '$metadata'> {
  const deadLetterQueue = backend.queueByUrl(input.QueueUrl, request.region);
  const sources = backend
    .list(deadLetterQueue.address.region)
    .filter((queue) => queue.settings.redrivePolicy?.deadLetterTargetArn === deadLetterQueue.arn);
  const { page, nextToken } = paginate(sources, (queue) => queue.name, input.MaxResults, input.NextToken);
  // `queueUrls` is required in the model: present even when empty.
  return { queueUrls: page.map((queue) => queue.url), ...(nextToken ? { NextToken: nextToken } : {}) };
}
