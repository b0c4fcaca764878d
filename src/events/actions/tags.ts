import type {
  ListTagsForResourceCommandInput,
  TagResourceCommandInput,
  UntagResourceCommandInput,
} from '@aws-sdk/client-eventbridge';
import { eventsErrors } from '../errors.js';
import type { EventsBackend } from '../events-backend.js';
import { tagsOf } from './event-buses.js';

/** Tags of buses and rules, by ARN; an ARN of neither is ResourceNotFoundException (Emulation: its text). */
function taggable(backend: EventsBackend, arn: string | undefined): string {
  if (arn === undefined) throw eventsErrors.missing('resourceARN');
  const known = backend
    .allBuses()
    .some((bus) => bus.arn === arn || [...bus.rules.values()].some((rule) => rule.arn === arn));
  if (!known) throw eventsErrors.resourceNotFound(arn);
  return arn;
}

export function tagResource(backend: EventsBackend, input: Partial<TagResourceCommandInput>) {
  const tags = tagsOf(backend, taggable(backend, input.ResourceARN));
  for (const tag of input.Tags ?? []) tags.set(tag.Key!, tag.Value!);
  return {};
}

export function untagResource(backend: EventsBackend, input: Partial<UntagResourceCommandInput>) {
  const tags = tagsOf(backend, taggable(backend, input.ResourceARN));
  for (const key of input.TagKeys ?? []) tags.delete(key);
  return {};
}

export function listTagsForResource(backend: EventsBackend, input: Partial<ListTagsForResourceCommandInput>) {
  const tags = tagsOf(backend, taggable(backend, input.ResourceARN));
  return { Tags: [...tags].map(([Key, Value]) => ({ Key, Value })) };
}
