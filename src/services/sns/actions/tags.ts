import type {
  ListTagsForResourceCommandInput,
  ListTagsForResourceCommandOutput,
  TagResourceCommandInput,
  UntagResourceCommandInput,
} from '@aws-sdk/client-sns';
import { snsErrors } from '../errors.js';
import type { SnsBackend } from '../sns-backend.js';
import type { Topic } from '../topic.js';

const MAX_TAGS = 50;

/** Tags as a list of {Key, Value} turned into a map; a key given twice is refused (docs/aws-behaviour/sns.md §9). */
export function tagList(tags: unknown): Map<string, string> {
  const result = new Map<string, string>();
  if (tags === undefined || tags === null) return result;
  if (!Array.isArray(tags)) throw snsErrors.invalidParameterNamed('Tags');
  for (const tag of tags as { Key?: unknown; Value?: unknown }[]) {
    if (typeof tag?.Key !== 'string' || typeof tag.Value !== 'string') throw snsErrors.invalidParameterNamed('Tags');
    if (result.has(tag.Key)) throw snsErrors.duplicateTagKeys();
    result.set(tag.Key, tag.Value);
  }
  return result;
}

/** A topic holds at most 50 tags (docs/aws-behaviour/sns.md §9): TagResource and CreateTopic both refuse more. */
export function checkTagCount(count: number): void {
  if (count > MAX_TAGS) throw snsErrors.tagQuotaExceeded();
}

/** CreateTopic idempotency: the given tags must already be on the topic with the same values. */
export function tagsDifferFrom(existing: ReadonlyMap<string, string>, given: ReadonlyMap<string, string>): boolean {
  for (const [key, value] of given) if (existing.get(key) !== value) return true;
  return false;
}

function taggedTopic(backend: SnsBackend, arn: unknown): Topic {
  const topic = typeof arn === 'string' ? backend.findTopicByArn(arn) : undefined;
  if (!topic) throw snsErrors.taggedResourceNotFound();
  return topic;
}

export function tagResource(backend: SnsBackend, input: Partial<TagResourceCommandInput>): object {
  const topic = taggedTopic(backend, input.ResourceArn);
  const tags = tagList(input.Tags);
  checkTagCount(new Set([...topic.tags.keys(), ...tags.keys()]).size);
  for (const [key, value] of tags) topic.tags.set(key, value);
  return {};
}

export function untagResource(backend: SnsBackend, input: Partial<UntagResourceCommandInput>): object {
  const topic = taggedTopic(backend, input.ResourceArn);
  for (const key of Array.isArray(input.TagKeys) ? input.TagKeys : []) topic.tags.delete(key);
  return {};
}

export function listTagsForResource(
  backend: SnsBackend,
  input: Partial<ListTagsForResourceCommandInput>,
): Omit<ListTagsForResourceCommandOutput, '$metadata'> {
  const topic = taggedTopic(backend, input.ResourceArn);
  return { Tags: [...topic.tags].map(([Key, Value]) => ({ Key, Value })) };
}
