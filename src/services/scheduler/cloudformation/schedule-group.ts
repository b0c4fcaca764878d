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

/** A generated group name stays within the API's 64 characters. */
const MAX_NAME = 64;

/**
 * `AWS::Scheduler::ScheduleGroup` (docs/aws-behaviour/eventbridge.md §13.11): CreateScheduleGroup; `Ref` the name,
 * `GetAtt` `Arn`, `CreationDate`, `LastModificationDate` and `State`. Tags are CloudFormation's list of Key/Value.
 */
const GROUP_SCHEMA: PropertySchema = { properties: { Name: 'string', Tags: 'list' } };

export const schedulerScheduleGroup: ResourceType<WithScheduler> = {
  create(request: ResourceRequest, context: ProvisionContext<WithScheduler>): CreatedResource {
    const { Name, Tags } = readProperties(request, GROUP_SCHEMA);
    const name = (Name as string | undefined) ?? context.generatedName(request.logicalId, MAX_NAME);
    const backend = context.internals.scheduler.backend;
    if (backend.groups(context.region).has(name)) throw alreadyExists(request, name, 'Name');
    const call = callContext(context);
    const { ScheduleGroupArn } = callService(request, () =>
      SCHEDULER_ACTIONS.CreateScheduleGroup.handler(backend, { Name: name, Tags: Tags as never }, call),
    );
    const group = SCHEDULER_ACTIONS.GetScheduleGroup.handler(backend, { Name: name }, call);
    return {
      ref: name,
      attributes: {
        Arn: ScheduleGroupArn,
        CreationDate: group.CreationDate.toISOString(),
        LastModificationDate: group.LastModificationDate.toISOString(),
        State: group.State,
      },
      undo: () => {
        const made = backend.groups(context.region).get(name);
        if (made) backend.deleteGroup(made);
      },
    };
  },
};
