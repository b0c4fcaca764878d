import type {
  GetQueueAttributesCommandInput,
  GetQueueAttributesCommandOutput,
  SetQueueAttributesCommandInput,
} from '@aws-sdk/client-sqs';
import { sqsErrors } from '../errors.js';
import { applyQueueAttributes, QUEUE_ATTRIBUTE_NAMES, renderQueueAttributes } from '../queue-attributes.js';
import type { Queue } from '../queue.js';
import type { RequestContext } from '../../../core/request-context.js';
import type { SqsBackend } from '../sqs-backend.js';
import { stringList, stringMap } from './params.js';
import { attributeContext } from './queue-context.js';

/** Every name GetQueueAttributes accepts (the model's QueueAttributeName enum). */
const KNOWN_NAMES: ReadonlySet<string> = new Set(['All', ...QUEUE_ATTRIBUTE_NAMES]);

export function getQueueAttributes(
  backend: SqsBackend,
  input: Partial<GetQueueAttributesCommandInput>,
  request: RequestContext,
): Omit<GetQueueAttributesCommandOutput, '$metadata'> {
  const queue = backend.queueByUrl(input.QueueUrl, request.region);
  const names = stringList('AttributeNames', input.AttributeNames);
  const unknown = names.find((name) => !KNOWN_NAMES.has(name));
  if (unknown !== undefined) throw sqsErrors.unknownAttribute(unknown);
  if (names.length === 0) return {};
  const all = currentAttributes(queue);
  const wanted = names.includes('All') ? Object.keys(all) : names;
  const attributes: Record<string, string> = {};
  for (const name of Object.keys(all).sort()) {
    if (wanted.includes(name)) attributes[name] = all[name]!;
  }
  return Object.keys(attributes).length > 0 ? { Attributes: attributes } : {};
}

function currentAttributes(queue: Queue): Record<string, string> {
  return renderQueueAttributes(queue.settings, {
    arn: queue.arn,
    createdAt: queue.createdAt,
    lastModifiedAt: queue.lastModifiedAt,
    counts: queue.counts(),
  });
}

export function setQueueAttributes(
  backend: SqsBackend,
  input: Partial<SetQueueAttributesCommandInput>,
  request: RequestContext,
): object {
  const queue = backend.queueByUrl(input.QueueUrl, request.region);
  const attributes = stringMap('Attributes', input.Attributes);
  if (!attributes || Object.keys(attributes).length === 0) throw sqsErrors.missingParameter('Attribute.Name');
  queue.updateSettings(
    applyQueueAttributes(queue.settings, attributes, attributeContext(backend, 'set', queue.fifo, queue.arn)),
  );
  return {};
}
