import type { CreateQueueCommandInput, CreateQueueCommandOutput } from '@aws-sdk/client-sqs';
import { sqsErrors } from '../errors.js';
import { queueArn } from '../queue-address.js';
import {
  applyQueueAttributes,
  defaultQueueSettings,
  firstDifferingAttribute,
  requestsFifoQueue,
} from '../queue-attributes.js';
import type { RequestContext } from '../../../core/request-context.js';
import type { SqsBackend } from '../sqs-backend.js';
import { isPresent, stringMap } from './params.js';
import { attributeContext } from './queue-context.js';
import { validateTags } from './tags.js';

const STANDARD_NAME = /^[A-Za-z0-9_-]{1,80}$/;
const FIFO_NAME = /^[A-Za-z0-9_-]{1,75}\.fifo$/;

export function createQueue(
  backend: SqsBackend,
  input: Partial<CreateQueueCommandInput>,
  request: RequestContext,
): Omit<CreateQueueCommandOutput, '$metadata'> {
  // By name: in the region of the request (docs/aws-behaviour/sdk-reach.md §3).
  const region = request.region;
  const name = input.QueueName;
  if (!isPresent(name) || name === '') throw sqsErrors.queueNameMissing();
  const attributes = stringMap('Attributes', input.Attributes) ?? {};
  const fifo = requestsFifoQueue(attributes);
  if (typeof name !== 'string' || !(fifo ? FIFO_NAME : STANDARD_NAME).test(name))
    throw sqsErrors.invalidQueueName(fifo);
  const tags = validateTags(stringMap('tags', input.tags) ?? {}, 0, name);
  const context = attributeContext(backend, 'create', fifo, queueArn(backend.addressFor(name, region)));

  const existing = backend.findByName(name, region);
  if (existing) {
    const differing = firstDifferingAttribute(existing.settings, attributes, context);
    if (differing !== undefined) throw sqsErrors.queueNameExists(differing);
    return { QueueUrl: existing.url };
  }
  if (backend.wasDeletedRecently(name, region)) throw sqsErrors.queueDeletedRecently();
  const settings = applyQueueAttributes(defaultQueueSettings(fifo), attributes, context);
  const queue = backend.create(name, settings, region);
  for (const [key, value] of Object.entries(tags)) queue.tags.set(key, value);
  return { QueueUrl: queue.url };
}
