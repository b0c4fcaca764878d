import type {
  CreateScheduleGroupCommandInput,
  DeleteScheduleGroupCommandInput,
  GetScheduleGroupCommandInput,
  ListScheduleGroupsCommandInput,
  ListTagsForResourceCommandInput,
  Tag,
  TagResourceCommandInput,
  UntagResourceCommandInput,
} from '@aws-sdk/client-scheduler';
import { byName, page } from '../../../core/util/page.js';
import type { RequestContext } from '../../../core/request-context.js';
import { schedulerErrors } from '../errors.js';
import type { SchedulerBackend } from '../scheduler-backend.js';
import { DEFAULT_GROUP, type ScheduleGroup } from '../schedule.js';
import { checkName, checkRange, groupOf } from './checks.js';

/** Schedule groups (docs/aws-behaviour/eventbridge.md §13.1, §13.9) and their tags. */
export function createScheduleGroup(
  backend: SchedulerBackend,
  input: Partial<CreateScheduleGroupCommandInput>,
  request: RequestContext,
) {
  const name = checkName(input.Name, 'name');
  if (backend.groups(request.region).has(name)) throw schedulerErrors.groupExists(name);
  const group = backend.createGroup(request.region, name);
  setTags(backend, group.arn, input.Tags);
  return { ScheduleGroupArn: group.arn };
}

export function getScheduleGroup(
  backend: SchedulerBackend,
  input: Partial<GetScheduleGroupCommandInput>,
  request: RequestContext,
) {
  return groupShape(groupOf(backend, request, checkName(input.Name, 'name')));
}

/** §13.9: deletes the group's schedules with it; the default group stays. */
export function deleteScheduleGroup(
  backend: SchedulerBackend,
  input: Partial<DeleteScheduleGroupCommandInput>,
  request: RequestContext,
) {
  const group = groupOf(backend, request, checkName(input.Name, 'name'));
  if (group.name === DEFAULT_GROUP) throw schedulerErrors.cannotDeleteDefault();
  backend.deleteGroup(group);
  return {};
}

export function listScheduleGroups(
  backend: SchedulerBackend,
  input: Partial<ListScheduleGroupsCommandInput>,
  request: RequestContext,
) {
  checkRange(input.MaxResults, 'maxResults', 1, 100);
  const prefix = input.NamePrefix ?? '';
  const groups = [...backend.groups(request.region).values()]
    .filter((group) => group.name.startsWith(prefix))
    .sort(byName);
  const { items, nextToken } = page(groups, input.MaxResults, input.NextToken);
  return { ScheduleGroups: items.map(groupShape), ...(nextToken !== undefined ? { NextToken: nextToken } : {}) };
}

function groupShape(group: ScheduleGroup) {
  return {
    Arn: group.arn,
    CreationDate: new Date(group.created),
    LastModificationDate: new Date(group.lastModified),
    Name: group.name,
    State: 'ACTIVE' as const,
  };
}

/** §13.1: only schedule groups take tags. */
function taggedGroup(backend: SchedulerBackend, arn: string | undefined): ScheduleGroup {
  if (arn === undefined) throw schedulerErrors.missing('resourceArn');
  const group = backend.allGroups().find((candidate) => candidate.arn === arn);
  if (!group) throw schedulerErrors.resourceNotFound(arn);
  return group;
}

function setTags(backend: SchedulerBackend, arn: string, tags: readonly Tag[] | undefined): void {
  if (!tags) return;
  let map = backend.tags.get(arn);
  if (!map) backend.tags.set(arn, (map = new Map()));
  for (const tag of tags) map.set(tag.Key!, tag.Value!);
}

export function tagResource(backend: SchedulerBackend, input: Partial<TagResourceCommandInput>) {
  const group = taggedGroup(backend, input.ResourceArn);
  if (input.Tags === undefined) throw schedulerErrors.missing('tags');
  setTags(backend, group.arn, input.Tags);
  return {};
}

export function untagResource(backend: SchedulerBackend, input: Partial<UntagResourceCommandInput>) {
  const group = taggedGroup(backend, input.ResourceArn);
  for (const key of input.TagKeys ?? []) backend.tags.get(group.arn)?.delete(key);
  return {};
}

export function listTagsForResource(backend: SchedulerBackend, input: Partial<ListTagsForResourceCommandInput>) {
  const group = taggedGroup(backend, input.ResourceArn);
  return { Tags: [...(backend.tags.get(group.arn) ?? [])].map(([Key, Value]) => ({ Key, Value })) };
}
