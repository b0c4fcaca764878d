import type { RequestContext } from '../../../core/request-context.js';
import type { PublishCommandInput, PublishCommandOutput } from '@aws-sdk/client-sns';
import { publishToEndpoint, publishToPhone, smsText } from '../delivery/direct-publish.js';
import { publishToTopic } from '../delivery/publisher.js';
import { snsErrors } from '../errors.js';
import { requireEntryMembers, validateEntry } from '../publish/entry.js';
import { RequiredMembers } from '../publish/required-members.js';
import { existingTopic, resolvePublishTarget } from '../publish/target.js';
import type { SnsBackend } from '../sns-backend.js';

/** The most one SMS Publish may carry, in characters [D] (docs/aws-behaviour/sns.md §13.5). */
const MAX_SMS_CHARACTERS = 1600;

/**
 * Publish (docs/aws-behaviour/sns.md §3): the request framework's required members, the destination (TopicArn,
 * TargetArn or PhoneNumber), the message checks in AWS's order, and last the topic's existence. Answers the SNS
 * MessageId, with the SequenceNumber on FIFO topics. A PhoneNumber is texted (§13.5), a platform endpoint pushed to
 * (§14.6): recorded, never sent.
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
  const standIn = target.to === 'endpoint' ? target.endpoint.application.platform : undefined;
  const entry = validateEntry(input, target.kind, { checkSize: true, structureStandIn: standIn });
  switch (target.to) {
    case 'topic':
      return publishToTopic(backend, existingTopic(target), entry, request);
    case 'phone':
      // Not recorded from AWS: the text for an SMS over the limit [I].
      if ([...smsText(entry)].length > MAX_SMS_CHARACTERS) throw snsErrors.messageTooLong();
      return publishToPhone(backend, target.phoneNumber, entry, request);
    case 'endpoint':
      return publishToEndpoint(backend, target.endpoint, entry);
  }
}
