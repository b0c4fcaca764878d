import type {
  ListQueueTagsCommandInput,
  ListQueueTagsCommandOutput,
  TagQueueCommandInput,
  UntagQueueCommandInput,
} from '@aws-sdk/client-sqs';
import { sqsErrors } from '../errors.js';
import type { RequestContext } from '../../../core/request-context.js';
import type { SqsBackend } from '../sqs-backend.js';
import { isPresent, stringList, stringMap } from './params.js';

// AWS documents these limits; the error texts below are not confirmed against AWS (docs/aws-behaviour/sqs.md §4.16).
const MAX_TAGS = 50;

/**
 * Checks tag keys and values against SQS's limits; `existing` tags of the queue `queueName` count toward the maximum.
 */
export function validateTags(
  tags: Record<string, string>,
  existing: number,
  queueName: string,
): Record<string, string> {
  for (const [key, value] of Object.entries(tags)) {
    if (key.length < 1 || key.length > 128) throw sqsErrors.tagKeyLength(key);
    if (key.toLowerCase().startsWith('aws:')) throw sqsErrors.reservedTagKey(key);
    if (value.length > 256) throw sqsErrors.tagValueTooLong(value);
  }
  if (existing + Object.keys(tags).length > MAX_TAGS) throw sqsErrors.tooManyTags(queueName);
  return { ...tags };
}

export function tagQueue(backend: SqsBackend, input: Partial<TagQueueCommandInput>, request: RequestContext): object {
  const queue = backend.queueByUrl(input.QueueUrl, request.region);
  const tags = stringMap('Tags', input.Tags);
  if (!tags || Object.keys(tags).length === 0) throw sqsErrors.missingParameter('Tags');
  const added = Object.keys(tags).filter((key) => !queue.tags.has(key)).length;
  validateTags(tags, queue.tags.size + added - Object.keys(tags).length, queue.name);
  for (const [key, value] of Object.entries(tags)) queue.tags.set(key, value);
  return {};
}

export function untagQueue(
  backend: SqsBackend,
  input: Partial<UntagQueueCommandInput>,
  request: RequestContext,
): object {
  const queue = backend.queueByUrl(input.QueueUrl, request.region);
  if (!isPresent(input.TagKeys)) throw sqsErrors.missingParameter('TagKeys');
  // Keys the queue does not have are ignored.
  for (const key of stringList('TagKeys', input.TagKeys)) queue.tags.delete(key);
  return {};
}

export function listQueueTags(
  backend: SqsBackend,
  input: Partial<ListQueueTagsCommandInput>,
  request: RequestContext,
): Omit<ListQueueTagsCommandOutput, '$metadata'> {
  const queue = backend.queueByUrl(input.QueueUrl, request.region);
  return queue.tags.size > 0 ? { Tags: Object.fromEntries(queue.tags) } : {};
}
