import type {
  CreatedResource,
  ProvisionContext,
  ResourceRequest,
  ResourceType,
} from '../../../core/provisioning/resource-type.js';
import { alreadyExists, callContext, callService } from '../../../core/provisioning/calls.js';
import { readProperties, type PropertySchema } from '../../../core/provisioning/properties.js';
import { SCHEDULER_ACTIONS } from '../actions/index.js';
import type { WithScheduler } from '../internals.js';
import { DEFAULT_GROUP } from '../schedule.js';

const MAX_NAME = 64;

/**
 * `AWS::Scheduler::Schedule` (docs/aws-behaviour/eventbridge.md §13.11): CreateSchedule with the template's
 * properties as given, so the target, its retry policy and dead-letter queue behave as through the API. StartDate
 * and EndDate are date-time strings. `Ref` the name, `GetAtt Arn` the ARN.
 */
const SCHEDULE_SCHEMA: PropertySchema = {
  properties: {
    Name: 'string',
    GroupName: 'string',
    Description: 'string',
    ScheduleExpression: 'string',
    ScheduleExpressionTimezone: 'string',
    StartDate: 'string',
    EndDate: 'string',
    FlexibleTimeWindow: 'any',
    State: 'string',
    KmsKeyArn: 'string',
    ActionAfterCompletion: 'string',
    Target: 'any',
  },
  required: ['ScheduleExpression', 'FlexibleTimeWindow', 'Target'],
};

export const schedulerSchedule: ResourceType<WithScheduler> = {
  create(request: ResourceRequest, context: ProvisionContext<WithScheduler>): CreatedResource {
    const properties = readProperties(request, SCHEDULE_SCHEMA);
    const name = (properties['Name'] as string | undefined) ?? context.generatedName(request.logicalId, MAX_NAME);
    const groupName = (properties['GroupName'] as string | undefined) ?? DEFAULT_GROUP;
    const backend = context.internals.scheduler.backend;
    if (backend.groups(context.region).get(groupName)?.schedules.has(name)) throw alreadyExists(request, name, 'Name');
    const date = (key: string) => (properties[key] === undefined ? undefined : new Date(properties[key] as string));
    const { ScheduleArn } = callService(request, () =>
      SCHEDULER_ACTIONS.CreateSchedule.handler(
        backend,
        {
          ...(properties as Record<string, never>),
          Name: name,
          GroupName: groupName,
          StartDate: date('StartDate'),
          EndDate: date('EndDate'),
        },
        callContext(context),
      ),
    );
    return {
      ref: name,
      attributes: { Arn: ScheduleArn },
      namedArn: ScheduleArn,
      undo: () => {
        const schedule = backend.groups(context.region).get(groupName)?.schedules.get(name);
        if (schedule) backend.deleteSchedule(schedule);
      },
    };
  },
};
