import type {
  CreatedResource,
  ProvisionContext,
  ResourceRequest,
  ResourceType,
} from '../../../core/provisioning/resource-type.js';
import { alreadyExists, callContext, callService } from '../../../core/provisioning/calls.js';
import { readProperties, tagMap, type PropertySchema } from '../../../core/provisioning/properties.js';
import { SFN_ACTIONS } from '../actions/index.js';
import type { WithSfn } from '../internals.js';

/** `AWS::StepFunctions::Activity` (docs/aws-behaviour/stepfunctions.md §6.3): `Ref` the ARN; `GetAtt` Arn, Name. */
const ACTIVITY_SCHEMA: PropertySchema = { properties: { Name: 'string', Tags: 'any' }, required: ['Name'] };

export const sfnActivity: ResourceType<WithSfn> = {
  create(request: ResourceRequest, context: ProvisionContext<WithSfn>): CreatedResource {
    const properties = readProperties(request, ACTIVITY_SCHEMA);
    const name = properties['Name'] as string;
    const backend = context.internals.sfn.backend;
    if (backend.region(context.region).activities.has(name)) throw alreadyExists(request, name, 'Name');
    const tags = Object.entries(tagMap(request, 'Tags', properties['Tags'])).map(([key, value]) => ({ key, value }));
    const { activityArn } = callService(request, () =>
      SFN_ACTIONS.CreateActivity.handler(backend, { name, ...(tags.length ? { tags } : {}) }, callContext(context)),
    );
    return {
      ref: activityArn,
      attributes: { Arn: activityArn, Name: name },
      namedArn: activityArn,
      undo: () => {
        SFN_ACTIONS.DeleteActivity.handler(backend, { activityArn });
      },
    };
  },
};
