import type { RequestContext } from '../../../core/request-context.js';
import { schedulerErrors } from '../errors.js';
import type { SchedulerBackend } from '../scheduler-backend.js';
import { DEFAULT_GROUP, type ScheduleGroup, type ScheduleModel } from '../schedule.js';

/** §13.1 [Model]: schedule and group names. */
const NAME_PATTERN = /^[0-9a-zA-Z\-_.]+$/;
const NAME_PATTERN_TEXT = '^[0-9a-zA-Z-_.]+$';

/** A required name of 1–64 characters of `[0-9a-zA-Z-_.]`. */
export function checkName(value: unknown, at: string): string {
  if (value === undefined || value === null) throw schedulerErrors.missing(at);
  const text = String(value);
  if (text.length === 0) throw schedulerErrors.tooShort(text, at);
  if (text.length > 64) throw schedulerErrors.tooLong(text, at, 64);
  if (!NAME_PATTERN.test(text)) throw schedulerErrors.badPattern(text, at, NAME_PATTERN_TEXT);
  return text;
}

/** The group an action names (the default group without one), or §13.9's ResourceNotFoundException. */
export function groupOf(backend: SchedulerBackend, request: RequestContext, name: string | undefined): ScheduleGroup {
  const groupName = name === undefined ? DEFAULT_GROUP : checkName(name, 'groupName');
  const group = backend.groups(request.region).get(groupName);
  if (!group) throw schedulerErrors.groupNotFound(groupName);
  return group;
}

/** A schedule of a group, or §13.9's ResourceNotFoundException. */
export function scheduleOf(
  backend: SchedulerBackend,
  request: RequestContext,
  name: unknown,
  groupName: string | undefined,
): ScheduleModel {
  const scheduleName = checkName(name, 'name');
  const group = groupOf(backend, request, groupName);
  const schedule = group.schedules.get(scheduleName);
  if (!schedule) throw schedulerErrors.scheduleNotFound(scheduleName);
  return schedule;
}

/** A whole number within `min`–`max`, or the model's range error. */
export function checkRange(value: number | undefined, at: string, min: number, max: number): void {
  if (value === undefined) return;
  if (value < min) throw schedulerErrors.outOfRange(value, at, 'greater', min);
  if (value > max) throw schedulerErrors.outOfRange(value, at, 'less', max);
}

/** One of an enum's values, or the model's enum error. */
export function checkEnum<T extends string>(value: string, at: string, values: readonly T[]): T {
  if (!(values as readonly string[]).includes(value)) throw schedulerErrors.badEnum(value, at, values);
  return value as T;
}
