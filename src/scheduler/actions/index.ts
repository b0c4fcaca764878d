import { handlersOf, type ActionSpec, type ActionTable } from '../../action-registry.js';
import type { SchedulerBackend } from '../scheduler-backend.js';
import {
  createScheduleGroup,
  deleteScheduleGroup,
  getScheduleGroup,
  listScheduleGroups,
  listTagsForResource,
  tagResource,
  untagResource,
} from './groups.js';
import { createSchedule, deleteSchedule, getSchedule, listSchedules, updateSchedule } from './schedules.js';

/**
 * The EventBridge Scheduler actions the emulation answers, by the SDK's operation name; any other command of
 * SchedulerClient answers a NotEmulatedError. To add an action: one entry here.
 */
export const SCHEDULER_ACTIONS = {
  CreateSchedule: { handler: createSchedule },
  GetSchedule: { handler: getSchedule },
  UpdateSchedule: { handler: updateSchedule },
  DeleteSchedule: { handler: deleteSchedule },
  ListSchedules: { handler: listSchedules },
  CreateScheduleGroup: { handler: createScheduleGroup },
  GetScheduleGroup: { handler: getScheduleGroup },
  DeleteScheduleGroup: { handler: deleteScheduleGroup },
  ListScheduleGroups: { handler: listScheduleGroups },
  TagResource: { handler: tagResource },
  UntagResource: { handler: untagResource },
  ListTagsForResource: { handler: listTagsForResource },
} as const satisfies ActionTable<ActionSpec<SchedulerBackend>>;

/** The handlers by action name, as the plugin's dispatch looks them up. */
export const schedulerActions = handlersOf<SchedulerBackend>(SCHEDULER_ACTIONS);
