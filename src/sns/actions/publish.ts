import type { RequestContext } from '../../request-context.js';
import type { PublishCommandInput, PublishCommandOutput } from '@aws-sdk/client-sns';
import { publishToTopic } from '../delivery/publisher.js';
import { requireEntryMembers, validateEntry } from '../publish/entry.js';
import { RequiredMembers } from '../publish/required-members.js';
import { existingTopic, resolvePublishTarget } from '../publish/target.js';
import type { SnsBackend } from '../sns-backend.js';

/**
 * Publish (docs/aws-behaviour/sns.md §3): the request framework's required members, the destination (TopicArn,
 * TargetArn or PhoneNumber), the message checks in AWS's order, and last the topic's existence. Answers the SNS
 * MessageId, with the SequenceNumber on FIFO topics.
 */
export function publish(
  backend: SnsBackend,
  input: Partial<PublishCommandInput>,
  request: RequestContext,
): Omit<PublishCommandOutput, '$metadata'> {
  const required = new RequiredMembers();
  requireEntryMembers(input, required);
  required.throwIfAny();
  const target = resolvePublishTarget(backend, input, request.region);
  const entry = validateEntry(input, target.kind, { checkSize: true });
  return publishToTopic(backend, existingTopic(target), entry, request);
}
