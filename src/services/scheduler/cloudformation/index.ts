import type { ResourceType } from '../../../core/provisioning/resource-type.js';
import type { WithScheduler } from '../internals.js';
import { schedulerSchedule } from './schedule.js';
import { schedulerScheduleGroup } from './schedule-group.js';

/** EventBridge Scheduler's CloudFormation resource types (docs/aws-behaviour/eventbridge.md §13.11), by type name. */
export const SCHEDULER_RESOURCE_TYPES: Readonly<Record<string, ResourceType<WithScheduler>>> = {
  'AWS::Scheduler::Schedule': schedulerSchedule,
  'AWS::Scheduler::ScheduleGroup': schedulerScheduleGroup,
};
