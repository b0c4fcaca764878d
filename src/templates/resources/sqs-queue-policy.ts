import { SQS_ACTIONS } from '../../sqs/actions/index.js';
import type { CreatedResource, ProvisionContext, ResourceRequest, ResourceType } from '../resource-type.js';
import { callContext, callService } from './calls.js';
import { readProperties, stringItems, type PropertySchema } from './properties.js';

/**
 * `AWS::SQS::QueuePolicy` and `AWS::SQS::QueueInlinePolicy` (docs/aws-behaviour/templates.md §3.2): the document
 * becomes each queue's whole `Policy` attribute, as written; taking the resource back leaves each queue with the
 * policy it had before (none, for a queue of the template).
 */

/** The longest id a generated policy id is trimmed to (the id's format is not recorded: §8.1). */
const MAX_POLICY_ID = 255;

/** Sets `document` as the Policy of each queue, in order; the undo puts back what each had. */
function applyPolicy(
  request: ResourceRequest,
  context: ProvisionContext,
  queueUrls: readonly string[],
  document: string,
): () => void {
  const backend = context.aws.sqs.backend;
  const restores: (() => void)[] = [];
  const undo = (): void => {
    for (const restore of restores.splice(0).reverse()) {
      try {
        restore();
      } catch {
        // QueueDoesNotExist: the queue's own undo ran first, and it has no policy to put back.
      }
    }
  };
  try {
    for (const url of queueUrls) {
      const before = callService(request, () => backend.queueByUrl(url, context.region).settings.policy);
      callService(request, () =>
        SQS_ACTIONS.SetQueueAttributes.handler(
          backend,
          { QueueUrl: url, Attributes: { Policy: document } },
          callContext(context),
        ),
      );
      restores.push(() =>
        SQS_ACTIONS.SetQueueAttributes.handler(
          backend,
          { QueueUrl: url, Attributes: { Policy: before ?? '' } },
          callContext(context),
        ),
      );
    }
  } catch (error) {
    undo();
    throw error;
  }
  return undo;
}

export const sqsQueuePolicy: ResourceType = {
  create(request: ResourceRequest, context: ProvisionContext): CreatedResource {
    const { Queues, PolicyDocument } = readProperties(request, {
      properties: { Queues: 'list', PolicyDocument: 'json' },
      required: ['PolicyDocument', 'Queues'],
    } satisfies PropertySchema);
    const urls = stringItems(request, 'Queues', Queues);
    const undo = applyPolicy(request, context, urls, PolicyDocument as string);
    const id = context.generatedName(request.logicalId, MAX_POLICY_ID);
    return { ref: id, attributes: { Id: id }, undo };
  },
};

export const sqsQueueInlinePolicy: ResourceType = {
  create(request: ResourceRequest, context: ProvisionContext): CreatedResource {
    const { Queue, PolicyDocument } = readProperties(request, {
      properties: { Queue: 'string', PolicyDocument: 'json' },
      required: ['PolicyDocument', 'Queue'],
    } satisfies PropertySchema);
    const undo = applyPolicy(request, context, [Queue as string], PolicyDocument as string);
    // What Ref gives is not recorded (§2.1): the queue's URL, its primary identifier.
    return { ref: Queue as string, attributes: {}, undo };
  },
};
