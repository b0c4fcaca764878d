import { snsErrors } from '../errors.js';
import { validateMessageAttributes, type SnsMessageAttributes } from './attributes.js';
import { checkFifoRules, type TopicKind } from './fifo-rules.js';
import { MessageStructure } from './message-structure.js';
import { RequiredMembers } from './required-members.js';
import { checkPublishSize } from './size.js';
import { checkSubject } from './subject.js';
import { textOf } from '../../util/text.js';

/** One message as Publish or a PublishBatch entry carries it. */
export interface EntryInput {
  Message?: unknown;
  Subject?: unknown;
  MessageStructure?: unknown;
  MessageAttributes?: unknown;
  MessageGroupId?: unknown;
  MessageDeduplicationId?: unknown;
}

/** A message SNS accepted: everything checked, nothing published yet. */
export interface PublishEntry {
  readonly message: string;
  readonly subject: string | undefined;
  /** Parsed when MessageStructure=json. */
  readonly structure: MessageStructure | undefined;
  readonly attributes: SnsMessageAttributes;
  readonly messageGroupId: string | undefined;
  readonly messageDeduplicationId: string | undefined;
}

/** The request framework's part: required members of one message; `path` prefixes batch entries' paths. */
export function requireEntryMembers(input: EntryInput, required: RequiredMembers, path = ''): void {
  required.require(input.Message, `${path}message`);
  required.requireDataTypes(input.MessageAttributes, `${path}messageAttributes`);
}

/**
 * The action's checks of one message, in the order the catalogue knows (spec §3): Subject, empty Message,
 * attributes, size (Publish only: a batch checks its total instead, before any entry), the FIFO and standard
 * rules (spec §6.2), MessageStructure (spec §5). Topic existence is the caller's last step.
 */
export function validateEntry(input: EntryInput, topic: TopicKind, options: { checkSize: boolean }): PublishEntry {
  const subject = checkSubject(input.Subject);
  const message = typeof input.Message === 'string' ? input.Message : textOf(input.Message ?? '');
  if (message === '') throw snsErrors.invalidParameter('Invalid parameter: Empty message');
  const attributes = validateMessageAttributes(input.MessageAttributes);
  if (options.checkSize) checkPublishSize(message, attributes);
  const ids = checkFifoRules(topic, input.MessageGroupId, input.MessageDeduplicationId);
  const structure = MessageStructure.parse(input.MessageStructure, message);
  return { message, subject, structure, attributes, ...ids };
}
