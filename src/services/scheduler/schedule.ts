import type { Target } from '@aws-sdk/client-scheduler';
import type { Schedule as Expression } from '../../core/schedules/expression.js';
import type { Zone } from '../../core/schedules/zone.js';

export const DEFAULT_GROUP = 'default';
export const SCHEDULE_STATES = ['ENABLED', 'DISABLED'] as const;
export type ScheduleState = (typeof SCHEDULE_STATES)[number];
export const COMPLETION_ACTIONS = ['NONE', 'DELETE'] as const;
export const WINDOW_MODES = ['OFF', 'FLEXIBLE'] as const;

/** What CreateSchedule or UpdateSchedule set (docs/aws-behaviour/eventbridge.md §13.2), parsed once. */
export interface ScheduleSettings {
  readonly expression: { readonly text: string; readonly parsed: Expression };
  readonly zone: Zone;
  readonly startDate: number | undefined;
  readonly endDate: number | undefined;
  /** FlexibleTimeWindow: 0 for OFF, else MaximumWindowInMinutes. */
  readonly windowMinutes: number;
  readonly state: ScheduleState;
  readonly actionAfterCompletion: (typeof COMPLETION_ACTIONS)[number];
  /** The target as GetSchedule shows it, RetryPolicy defaults filled in (§13.2). */
  readonly target: Target;
  readonly description: string | undefined;
  readonly kmsKeyArn: string | undefined;
}

/** One invocation of a schedule's target, as the view shows it. */
export interface Firing {
  /** When it was invoked: the scheduled time, moved within a flexible window. */
  readonly at: Date;
  /** The time the schedule named (`<aws.scheduler.scheduled-time>`). */
  readonly scheduledAt: Date;
  readonly target: string;
  /** The target's service took it (on the first attempt or a retry). */
  delivered: boolean;
  /** Why the last attempt was refused, and where the event went after the retries. */
  reason?: string;
  attempts: number;
  /** The id its journey steps go by: the first attempt's execution id (docs/guide/journeys.md). */
  journeyId?: string;
}

export class ScheduleGroup {
  readonly schedules = new Map<string, ScheduleModel>();
  lastModified: number;

  constructor(
    readonly name: string,
    readonly arn: string,
    readonly region: string,
    readonly created: number,
  ) {
    this.lastModified = created;
  }
}

/** A schedule of one group, and what it fired. */
export class ScheduleModel {
  readonly fired: Firing[] = [];
  /** The last scheduled time it fired for: the next one is counted from it. */
  lastScheduled: number | undefined;
  /** The next firing armed: the scheduled time and the (flexible) time it runs at. */
  next: { readonly scheduled: number; readonly at: number } | undefined;

  constructor(
    readonly name: string,
    readonly arn: string,
    readonly group: ScheduleGroup,
    public settings: ScheduleSettings,
    readonly created: number,
    public lastModified: number,
  ) {}
}

export function groupArn(region: string, accountId: string, name: string): string {
  return `arn:aws:scheduler:${region}:${accountId}:schedule-group/${name}`;
}

export function scheduleArn(group: ScheduleGroup, accountId: string, name: string): string {
  return `arn:aws:scheduler:${group.region}:${accountId}:schedule/${group.name}/${name}`;
}
