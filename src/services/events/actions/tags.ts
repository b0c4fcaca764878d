import type {
  ListTagsForResourceCommandInput,
  TagResourceCommandInput,
  UntagResourceCommandInput,
} from '@aws-sdk/client-eventbridge';
import { eventsErrors } from '../errors.js';
import type { EventsBackend } from '../events-backend.js';
import { unlessManaged } from './checks.js';
import { tagsOf } from './event-buses.js';

/**
 * Tags of buses and rules, by ARN; an ARN of neither is ResourceNotFoundException (Emulation: its text). `change`:
 * a managed rule's tags are not to be changed (§16.2).
 */
function taggable(backend: EventsBackend, arn: string | undefined, change = false): string {
  if (arn === undefined) throw eventsErrors.missing('resourceARN');
  let known = false;
  for (const bus of backend.allBuses()) {
    if (bus.arn === arn) known = true;
    for (const rule of bus.rules.values()) {
      if (rule.arn !== arn) continue;
      if (change) unlessManaged(rule);
      known = true;
    }
  }
  if (!known) throw eventsErrors.resourceNotFound(arn);
  return arn;
}

export function tagResource(backend: EventsBackend, input: Partial<TagResourceCommandInput>) {
  const tags = tagsOf(backend, taggable(backend, input.ResourceARN, true));
  for (const tag of input.Tags ?? []) tags.set(tag.Key!, tag.Value!);
  return {};
}

export function untagResource(backend: EventsBackend, input: Partial<UntagResourceCommandInput>) {
  const tags = tagsOf(backend, taggable(backend, input.ResourceARN, true));
  for (const key of input.TagKeys ?? []) tags.delete(key);
  return {};
}

export function listTagsForResource(backend: EventsBackend, input: Partial<ListTagsForResourceCommandInput>) {
  const tags = tagsOf(backend, taggable(backend, input.ResourceARN));
  return { Tags: [...tags].map(([Key, Value]) => ({ Key, Value })) };
}
