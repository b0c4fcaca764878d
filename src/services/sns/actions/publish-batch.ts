import type { RequestContext } from '../../../core/request-context.js';
import type {
  PublishBatchCommandInput,
  PublishBatchCommandOutput,
  PublishBatchRequestEntry,
} from '@aws-sdk/client-sns';
import { snsErrors } from '../errors.js';
import { publishToTopic } from '../delivery/publisher.js';
import { requireEntryMembers, validateEntry, type PublishEntry } from '../publish/entry.js';
import { RequiredMembers } from '../publish/required-members.js';
import { MAX_PUBLISH_BYTES, publishSize } from '../publish/size.js';
import { validateMessageAttributes } from '../publish/attributes.js';
import { existingTopic, resolveTopic } from '../publish/target.js';
import type { SnsBackend } from '../sns-backend.js';
import type { Topic } from '../topic.js';
import { textOf } from '../../../core/util/text.js';

const MAX_ENTRIES = 10;
const MAX_ID_LENGTH = 80;
const ID_CHARACTERS = /^[A-Za-z0-9_-]+$/;

type Entry = Partial<PublishBatchRequestEntry>;

/**
 * PublishBatch (docs/aws-behaviour/sns.md §3): 1–10 entries with distinct, well-formed Ids and at most 262,144 bytes in
 * all. Any entry that fails a check fails the whole request, with the error Publish would give [V]; nothing is
 * published until every entry has passed. `Successful` keeps request order and `Failed` is always present and empty
 * [V].
 */
export function publishBatch(
  backend: SnsBackend,
  input: Partial<PublishBatchCommandInput>,
  request: RequestContext,
): Omit<PublishBatchCommandOutput, '$metadata'> {
  const { topic, entries, accepted } = checkPublishBatch(backend, input, request.region);
  const Successful = accepted.map((entry, index) => ({
    Id: entries[index]!.Id!,
    ...publishToTopic(backend, topic, entry, request),
  }));
  return { Successful, Failed: [] };
}

/** Every check of a PublishBatch, in AWS's order: any entry that fails one fails the whole request. */
export function checkPublishBatch(
  backend: SnsBackend,
  input: Partial<PublishBatchCommandInput>,
  region = backend.scope.region,
): { topic: Topic; entries: Entry[]; accepted: PublishEntry[] } {
  const given: unknown = input.PublishBatchRequestEntries;
  // The SDK's serializer leaves null entries out of the request and numbers the rest from 1; a list of nothing but
  // nulls is not sent at all (an empty one is sent as empty).
  const entries: Entry[] = Array.isArray(given)
    ? given.filter((entry): entry is Entry => entry !== null && entry !== undefined)
    : [];
  const sent = Array.isArray(given) && given.length > 0 && entries.length === 0 ? undefined : given;
  const required = new RequiredMembers();
  required.require(input.TopicArn, 'topicArn');
  required.require(sent, 'publishBatchRequestEntries');
  entries.forEach((entry, index) => {
    const path = `publishBatchRequestEntries.${index + 1}.member.`;
    required.require(entry.Id, `${path}id`);
    requireEntryMembers(entry, required, path);
  });
  required.throwIfAny();

  const target = resolveTopic(backend, input.TopicArn, 'TopicArn', region);
  checkEntryIds(entries);
  checkTotalSize(entries);
  const accepted = entries.map((entry) => validateEntry(entry, target.kind, { checkSize: false }));
  return { topic: existingTopic(target), entries, accepted };
}

/** Count, then each Id in order: its length, its characters, and that no earlier entry used it. */
function checkEntryIds(entries: readonly Entry[]): void {
  if (entries.length === 0) throw snsErrors.emptyBatchRequest();
  if (entries.length > MAX_ENTRIES) throw snsErrors.tooManyEntriesInBatchRequest();
  const seen = new Set<string>();
  for (const { Id: id } of entries) {
    const text = textOf(id);
    if (text.length > MAX_ID_LENGTH) throw snsErrors.batchEntryIdTooLong(text);
    if (!ID_CHARACTERS.test(text)) throw snsErrors.batchEntryIdCharacters(text);
    if (seen.has(text)) throw snsErrors.batchEntryIdsNotDistinct();
    seen.add(text);
  }
}

/**
 * All messages with their attributes, counted as for Publish, before any entry is checked (as SQS does): an entry
 * whose attributes are malformed counts only what validates, and then fails on its own check anyway.
 */
function checkTotalSize(entries: readonly Entry[]): void {
  let total = 0;
  for (const entry of entries) {
    let attributes;
    try {
      attributes = validateMessageAttributes(entry.MessageAttributes);
    } catch {
      attributes = {};
    }
    total += publishSize(typeof entry.Message === 'string' ? entry.Message : '', attributes);
  }
  if (total > MAX_PUBLISH_BYTES) throw snsErrors.batchRequestTooLong();
}
