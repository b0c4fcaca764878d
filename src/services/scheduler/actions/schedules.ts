import type {
  CreateScheduleCommandInput,
  DeleteScheduleCommandInput,
  GetScheduleCommandInput,
  ListSchedulesCommandInput,
  Target,
  UpdateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import { byName, page } from '../../../core/util/page.js';
import type { RequestContext } from '../../../core/request-context.js';
import { parseSchedulerExpression } from '../../../core/schedules/expression.js';
import { zoneNamed } from '../../../core/schedules/zone.js';
import { schedulerErrors } from '../errors.js';
import type { SchedulerBackend } from '../scheduler-backend.js';
import {
  COMPLETION_ACTIONS,
  ScheduleModel,
  scheduleArn,
  SCHEDULE_STATES,
  WINDOW_MODES,
  type ScheduleSettings,
} from '../schedule.js';
import { checkEnum, checkName, checkRange, groupOf, scheduleOf } from './checks.js';

const MAX_EXPRESSION = 256;
const MAX_TIMEZONE = 50;
const MAX_DESCRIPTION = 512;
/** §13.8 [Model]: RetryPolicy's ranges, and the defaults GetSchedule shows [AWS-snap]. */
const RETRY_DEFAULTS = { MaximumEventAgeInSeconds: 86_400, MaximumRetryAttempts: 185 } as const;

type ScheduleInput = Partial<CreateScheduleCommandInput>;

/** Checks the whole of a Create or Update request (§13.2: an update replaces every field) into settings. */
function settingsOf(input: ScheduleInput): ScheduleSettings {
  const text = input.ScheduleExpression;
  if (text === undefined) throw schedulerErrors.missing('scheduleExpression');
  if (text.length > MAX_EXPRESSION) throw schedulerErrors.tooLong(text, 'scheduleExpression', MAX_EXPRESSION);
  const window = input.FlexibleTimeWindow;
  if (window === undefined) throw schedulerErrors.missing('flexibleTimeWindow');
  if (window.Mode === undefined) throw schedulerErrors.missing('flexibleTimeWindow.mode');
  const target = input.Target;
  if (target === undefined) throw schedulerErrors.missing('target');
  if (target.Arn === undefined) throw schedulerErrors.missing('target.arn');
  if (target.RoleArn === undefined) throw schedulerErrors.missing('target.roleArn');
  const state = checkEnum(input.State ?? 'ENABLED', 'state', SCHEDULE_STATES);
  const completion = checkEnum(input.ActionAfterCompletion ?? 'NONE', 'actionAfterCompletion', COMPLETION_ACTIONS);
  const mode = checkEnum(window.Mode, 'flexibleTimeWindow.mode', WINDOW_MODES);
  checkRange(window.MaximumWindowInMinutes, 'flexibleTimeWindow.maximumWindowInMinutes', 1, 1440);
  if (mode === 'FLEXIBLE' && window.MaximumWindowInMinutes === undefined) throw schedulerErrors.windowNeedsMinutes();
  if (mode === 'OFF' && window.MaximumWindowInMinutes !== undefined) throw schedulerErrors.windowOffHasMinutes();
  if (input.Description !== undefined && input.Description.length > MAX_DESCRIPTION)
    throw schedulerErrors.tooLong(input.Description, 'description', MAX_DESCRIPTION);
  const retry = { ...RETRY_DEFAULTS, ...target.RetryPolicy };
  checkRange(retry.MaximumRetryAttempts, 'target.retryPolicy.maximumRetryAttempts', 0, 185);
  checkRange(retry.MaximumEventAgeInSeconds, 'target.retryPolicy.maximumEventAgeInSeconds', 60, 86_400);
  const zoneName = input.ScheduleExpressionTimezone ?? 'UTC';
  if (zoneName.length > MAX_TIMEZONE) throw schedulerErrors.tooLong(zoneName, 'scheduleExpressionTimezone', 50);
  const zone = zoneNamed(zoneName);
  if (!zone) throw schedulerErrors.badTimezone(zoneName);
  const parsed = parseSchedulerExpression(text);
  if (!parsed) throw schedulerErrors.badExpression(text);
  const startDate = instantOf(input.StartDate);
  const endDate = instantOf(input.EndDate);
  if (startDate !== undefined && endDate !== undefined && endDate <= startDate) throw schedulerErrors.endBeforeStart();
  const stored: Target = { ...target, RetryPolicy: retry };
  return {
    expression: { text, parsed },
    zone,
    startDate,
    endDate,
    windowMinutes: mode === 'FLEXIBLE' ? window.MaximumWindowInMinutes! : 0,
    state,
    actionAfterCompletion: completion,
    target: stored,
    description: input.Description,
    kmsKeyArn: input.KmsKeyArn,
  };
}

/** CreateSchedule (docs/aws-behaviour/eventbridge.md §13.2): the target is not checked to exist. */
export function createSchedule(
  backend: SchedulerBackend,
  input: Partial<CreateScheduleCommandInput>,
  request: RequestContext,
) {
  const name = checkName(input.Name, 'name');
  const group = groupOf(backend, request, input.GroupName);
  const settings = settingsOf(input);
  if (group.schedules.has(name)) throw schedulerErrors.scheduleExists(name);
  const now = backend.clock.now();
  const schedule = new ScheduleModel(name, scheduleArn(group, backend.accountId, name), group, settings, now, now);
  group.schedules.set(name, schedule);
  backend.arm(schedule, now - 1);
  return { ScheduleArn: schedule.arn };
}

/** UpdateSchedule (§13.2): replaces the whole schedule; it runs anew from now. */
export function updateSchedule(
  backend: SchedulerBackend,
  input: Partial<UpdateScheduleCommandInput>,
  request: RequestContext,
) {
  const schedule = scheduleOf(backend, request, input.Name, input.GroupName);
  schedule.settings = settingsOf(input);
  const now = backend.clock.now();
  schedule.lastModified = now;
  schedule.lastScheduled = undefined;
  backend.arm(schedule, now - 1);
  return { ScheduleArn: schedule.arn };
}

export function deleteSchedule(
  backend: SchedulerBackend,
  input: Partial<DeleteScheduleCommandInput>,
  request: RequestContext,
) {
  backend.deleteSchedule(scheduleOf(backend, request, input.Name, input.GroupName));
  return {};
}

export function getSchedule(
  backend: SchedulerBackend,
  input: Partial<GetScheduleCommandInput>,
  request: RequestContext,
) {
  const schedule = scheduleOf(backend, request, input.Name, input.GroupName);
  const { settings } = schedule;
  return {
    ActionAfterCompletion: settings.actionAfterCompletion,
    Arn: schedule.arn,
    CreationDate: new Date(schedule.created),
    ...(settings.description !== undefined ? { Description: settings.description } : {}),
    ...(settings.endDate !== undefined ? { EndDate: new Date(settings.endDate) } : {}),
    FlexibleTimeWindow:
      settings.windowMinutes === 0
        ? { Mode: 'OFF' as const }
        : { MaximumWindowInMinutes: settings.windowMinutes, Mode: 'FLEXIBLE' as const },
    GroupName: schedule.group.name,
    ...(settings.kmsKeyArn !== undefined ? { KmsKeyArn: settings.kmsKeyArn } : {}),
    LastModificationDate: new Date(schedule.lastModified),
    Name: schedule.name,
    ScheduleExpression: settings.expression.text,
    ScheduleExpressionTimezone: settings.zone.name,
    ...(settings.startDate !== undefined ? { StartDate: new Date(settings.startDate) } : {}),
    State: settings.state,
    Target: settings.target,
  };
}

export function listSchedules(
  backend: SchedulerBackend,
  input: Partial<ListSchedulesCommandInput>,
  request: RequestContext,
) {
  checkRange(input.MaxResults, 'maxResults', 1, 100);
  if (input.State !== undefined) checkEnum(input.State, 'state', SCHEDULE_STATES);
  const groups =
    input.GroupName === undefined
      ? [...backend.groups(request.region).values()]
      : [groupOf(backend, request, input.GroupName)];
  const prefix = input.NamePrefix ?? '';
  const schedules = groups
    .flatMap((group) => [...group.schedules.values()])
    .filter((schedule) => schedule.name.startsWith(prefix))
    .filter((schedule) => input.State === undefined || schedule.settings.state === input.State)
    .sort(byName);
  const { items, nextToken } = page(schedules, input.MaxResults, input.NextToken);
  return {
    Schedules: items.map((schedule) => ({
      Arn: schedule.arn,
      CreationDate: new Date(schedule.created),
      GroupName: schedule.group.name,
      LastModificationDate: new Date(schedule.lastModified),
      Name: schedule.name,
      State: schedule.settings.state,
      Target: { Arn: schedule.settings.target.Arn },
    })),
    ...(nextToken !== undefined ? { NextToken: nextToken } : {}),
  };
}

/** An invalid Date travels as `null` (the SDK writes epoch seconds, NaN in JSON), which AWS reads as no date. */
function instantOf(date: Date | undefined): number | undefined {
  const ms = date === undefined ? Number.NaN : new Date(date).getTime();
  return Number.isNaN(ms) ? undefined : ms;
}
