import type {
  CreateActivityCommandInput,
  DeleteActivityCommandInput,
  DescribeActivityCommandInput,
  GetActivityTaskCommandInput,
  ListActivitiesCommandInput,
} from '@aws-sdk/client-sfn';
import { partitionOf } from '../../../core/arn.js';
import type { RequestContext } from '../../../core/request-context.js';
import { sfnErrors } from '../errors.js';
import type { Activity } from '../models.js';
import type { SfnBackend } from '../sfn-backend.js';
import { arnParts, checkName, pageOf } from './checks.js';
import { setTags } from './tags.js';

/** CreateActivity (§1.13): creating a name that exists answers the same activity. */
export function createActivity(
  backend: SfnBackend,
  input: Partial<CreateActivityCommandInput>,
  request: RequestContext,
) {
  const name = checkName(input.name);
  const existing = backend.region(request.region).activities.get(name);
  if (existing) return { activityArn: existing.arn, creationDate: new Date(existing.creationDate) };
  const arn = `arn:${partitionOf(request.region)}:states:${request.region}:${backend.accountId}:activity:${name}`;
  const activity = backend.createActivity(request.region, arn, name);
  if (input.tags?.length) setTags(backend, arn, input.tags);
  return { activityArn: activity.arn, creationDate: new Date(activity.creationDate) };
}

function activityOf(backend: SfnBackend, value: unknown): Activity {
  const arn = arnParts(value, 'activity', 'activityArn').join(':');
  const activity = backend.findActivity(arn);
  if (!activity) throw sfnErrors.activityMissing(arn);
  return activity;
}

export function describeActivity(backend: SfnBackend, input: Partial<DescribeActivityCommandInput>) {
  const activity = activityOf(backend, input.activityArn);
  return { activityArn: activity.arn, name: activity.name, creationDate: new Date(activity.creationDate) };
}

export function deleteActivity(backend: SfnBackend, input: Partial<DeleteActivityCommandInput>) {
  const arn = arnParts(input.activityArn, 'activity', 'activityArn').join(':');
  const activity = backend.findActivity(arn);
  if (activity) {
    backend.deleteActivity(activity);
    backend.tags.delete(arn);
  }
  return {};
}

export function listActivities(
  backend: SfnBackend,
  input: Partial<ListActivitiesCommandInput>,
  request: RequestContext,
) {
  const activities = [...backend.region(request.region).activities.values()].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  const { items, nextToken } = pageOf(activities, input.maxResults, input.nextToken);
  return {
    activities: items.map((activity) => ({
      activityArn: activity.arn,
      name: activity.name,
      creationDate: new Date(activity.creationDate),
    })),
    ...(nextToken !== undefined ? { nextToken } : {}),
  };
}

/** GetActivityTask (§1.13): a task's token and input, or nothing after 60 s of the clock. */
export function getActivityTask(backend: SfnBackend, input: Partial<GetActivityTaskCommandInput>) {
  const activity = activityOf(backend, input.activityArn);
  return backend.pollActivity(activity.arn, input.workerName);
}
