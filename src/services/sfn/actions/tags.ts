import type {
  ListTagsForResourceCommandInput,
  Tag,
  TagResourceCommandInput,
  UntagResourceCommandInput,
} from '@aws-sdk/client-sfn';
import { sfnErrors } from '../errors.js';
import type { SfnBackend } from '../sfn-backend.js';
import { required } from './checks.js';

const MAX_TAGS = 50;

/** A machine or activity ARN that exists, or ResourceNotFound (§1.15). */
function taggable(backend: SfnBackend, value: unknown): string {
  const arn = String(required(value, 'resourceArn'));
  const parts = arn.split(':');
  const exists =
    parts[5] === 'activity'
      ? backend.findActivity(arn) !== undefined
      : parts[5] === 'stateMachine' &&
        backend.region(parts[3] ?? '').machines.get(parts[6] ?? '')?.arn === parts.slice(0, 7).join(':');
  if (!exists) throw sfnErrors.resourceMissing(arn);
  return arn;
}

/** Adds tags (§1.15): keys 1–128, values 0–256 characters, at most 50 per resource. */
export function setTags(backend: SfnBackend, arn: string, tags: readonly Tag[]): void {
  const current = new Map(backend.tags.get(arn));
  for (const { key, value } of tags) {
    const k = String(required(key, 'tags.member.key'));
    if (k.length < 1 || k.length > 128) throw sfnErrors.tooLong(k, 'tags.member.key', 128);
    const v = String(value ?? '');
    if (v.length > 256) throw sfnErrors.tooLong(v, 'tags.member.value', 256);
    current.set(k, v);
  }
  if (current.size > MAX_TAGS) throw sfnErrors.tooManyTags(arn);
  backend.tags.set(arn, current);
}

export function tagResource(backend: SfnBackend, input: Partial<TagResourceCommandInput>) {
  setTags(backend, taggable(backend, input.resourceArn), input.tags ?? []);
  return {};
}

export function untagResource(backend: SfnBackend, input: Partial<UntagResourceCommandInput>) {
  const arn = taggable(backend, input.resourceArn);
  const current = backend.tags.get(arn);
  for (const key of input.tagKeys ?? []) current?.delete(key);
  return {};
}

export function listTagsForResource(backend: SfnBackend, input: Partial<ListTagsForResourceCommandInput>) {
  const arn = taggable(backend, input.resourceArn);
  return { tags: [...(backend.tags.get(arn) ?? [])].map(([key, value]) => ({ key, value })) };
}
