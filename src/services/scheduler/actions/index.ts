import { schedulerErrors } from '../errors.js';
import { handlersOf, type ActionSpec, type ActionTable } from '../../../core/action-registry.js';
import { SCHEDULER_INPUT_SHAPES } from './input-shapes.js';
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
  CreateSchedule: { handler: createSchedule, input: SCHEDULER_INPUT_SHAPES.CreateSchedule },
  GetSchedule: { handler: getSchedule, input: SCHEDULER_INPUT_SHAPES.GetSchedule },
  UpdateSchedule: { handler: updateSchedule, input: SCHEDULER_INPUT_SHAPES.UpdateSchedule },
  DeleteSchedule: { handler: deleteSchedule, input: SCHEDULER_INPUT_SHAPES.DeleteSchedule },
  ListSchedules: { handler: listSchedules, input: SCHEDULER_INPUT_SHAPES.ListSchedules },
  CreateScheduleGroup: { handler: createScheduleGroup, input: SCHEDULER_INPUT_SHAPES.CreateScheduleGroup },
  GetScheduleGroup: { handler: getScheduleGroup, input: SCHEDULER_INPUT_SHAPES.GetScheduleGroup },
  DeleteScheduleGroup: { handler: deleteScheduleGroup, input: SCHEDULER_INPUT_SHAPES.DeleteScheduleGroup },
  ListScheduleGroups: { handler: listScheduleGroups, input: SCHEDULER_INPUT_SHAPES.ListScheduleGroups },
  TagResource: { handler: tagResource, input: SCHEDULER_INPUT_SHAPES.TagResource },
  UntagResource: { handler: untagResource, input: SCHEDULER_INPUT_SHAPES.UntagResource },
  ListTagsForResource: { handler: listTagsForResource, input: SCHEDULER_INPUT_SHAPES.ListTagsForResource },
} as const satisfies ActionTable<ActionSpec<SchedulerBackend>>;

/** The handlers by action name, as the plugin's dispatch looks them up. */
export const schedulerActions = handlersOf<SchedulerBackend>(SCHEDULER_ACTIONS, schedulerErrors.wrongType);
