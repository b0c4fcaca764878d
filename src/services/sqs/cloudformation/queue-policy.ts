import { SQS_ACTIONS } from '../actions/index.js';
import type { WithSqs } from '../internals.js';
import { callContext, callService } from '../../../core/provisioning/calls.js';
import { policyResources, type SetPolicy } from '../../../core/provisioning/policy-resources.js';

/**
 * `AWS::SQS::QueuePolicy` and `AWS::SQS::QueueInlinePolicy` (docs/aws-behaviour/templates.md §3.2): the document
 * becomes the queue's `Policy` attribute as written, through SetQueueAttributes; taking the resource back leaves
 * the queue with the policy it had (none, for a queue of the template). The inline form's Ref is not recorded: the
 * queue's URL, its primary identifier.
 */
const setQueuePolicy: SetPolicy<WithSqs> = (request, context, url, document) => {
  const backend = context.internals.sqs.backend;
  const set = (Policy: string) => () =>
    SQS_ACTIONS.SetQueueAttributes.handler(backend, { QueueUrl: url, Attributes: { Policy } }, callContext(context));
  const before = callService(request, () => backend.queueByUrl(url, context.region).settings.policy);
  callService(request, set(document));
  // "" removes the attribute.
  return set(before ?? '');
};

const { listed, inline } = policyResources(setQueuePolicy, { list: 'Queues', single: 'Queue' });
export const sqsQueuePolicy = listed;
export const sqsQueueInlinePolicy = inline;
