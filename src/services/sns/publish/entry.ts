import { snsErrors } from '../errors.js';
import { validateMessageAttributes, type SnsMessageAttributes } from './attributes.js';
import { checkFifoRules, type TopicKind } from './fifo-rules.js';
import { MessageStructure } from './message-structure.js';
import { RequiredMembers } from './required-members.js';
import { checkPublishSize } from './size.js';
import { checkSubject } from './subject.js';
import { textOf } from '../../../core/util/text.js';

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
 * The action's checks of one message, in the order the catalogue knows (docs/aws-behaviour/sns.md §3): Subject, empty
 * Message, attributes, size (Publish only: a batch checks its total instead, before any entry), MessageStructure
 * (docs/aws-behaviour/sns.md §5), the FIFO and standard rules (docs/aws-behaviour/sns.md §6.2). Topic existence is the
 * caller's last step.
 *
 * MessageStructure comes before the FIFO rules as AWS answered a PublishBatch entry with neither a `default` key nor
 * a group id on a FIFO topic (LocalStack's test_publish_batch_exceptions, `no-default-key-json`); no recording shows
 * the order for Publish, which is taken to share it.
 */
export function validateEntry(
  input: EntryInput,
  topic: TopicKind,
  options: { checkSize: boolean; structureStandIn?: string },
): PublishEntry {
  const subject = checkSubject(input.Subject);
  const message = typeof input.Message === 'string' ? input.Message : textOf(input.Message ?? '');
  if (message === '') throw snsErrors.emptyMessage();
  const attributes = validateMessageAttributes(input.MessageAttributes);
  if (options.checkSize) checkPublishSize(message, attributes);
  const structure = MessageStructure.parse(input.MessageStructure, message, options.structureStandIn);
  const ids = checkFifoRules(topic, input.MessageGroupId, input.MessageDeduplicationId);
  return { message, subject, structure, attributes, ...ids };
}
