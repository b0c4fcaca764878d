import type {
  CreatedResource,
  ProvisionContext,
  ResourceRequest,
  ResourceType,
} from '../../../core/provisioning/resource-type.js';
import { callContext, callService } from '../../../core/provisioning/calls.js';
import { readProperties, type PropertySchema } from '../../../core/provisioning/properties.js';
import { EVENTS_ACTIONS } from '../actions/index.js';
import type { WithEvents } from '../internals.js';

/**
 * `AWS::Events::EventBusPolicy` (docs/aws-behaviour/eventbridge.md §15.6): one statement of a bus's policy, either
 * `Statement` (a whole statement, its Sid the StatementId, as CDK's `addToResourcePolicy` writes it) or the older
 * `Action`, `Principal` and `Condition`, which PutPermission's statement form takes. `Ref` is the statement id.
 */
const POLICY_SCHEMA: PropertySchema = {
  properties: {
    EventBusName: 'string',
    StatementId: 'string',
    Statement: 'object',
    Action: 'string',
    Principal: 'string',
    Condition: 'object',
  },
  required: ['StatementId'],
};

export const eventsEventBusPolicy: ResourceType<WithEvents> = {
  create(request: ResourceRequest, context: ProvisionContext<WithEvents>): CreatedResource {
    const properties = readProperties(request, POLICY_SCHEMA);
    const statementId = properties['StatementId'] as string;
    const busName = properties['EventBusName'] as string | undefined;
    const backend = context.internals.events.backend;
    const call = callContext(context);
    const statement = properties['Statement'] as Record<string, unknown> | undefined;
    callService(request, () => {
      if (statement === undefined) {
        EVENTS_ACTIONS.PutPermission.handler(
          backend,
          {
            EventBusName: busName,
            StatementId: statementId,
            Action: properties['Action'] as string | undefined,
            Principal: properties['Principal'] as string | undefined,
            Condition: properties['Condition'] as never,
          },
          call,
        );
        return;
      }
      // The statement joins the bus's policy under its id, as the Policy form would write the whole document.
      const bus = backend.findBus(context.region, busName);
      const statements = (bus?.policy?.document.Statement ?? []).filter((existing) => existing['Sid'] !== statementId);
      const document = {
        Version: '2012-10-17',
        ...bus?.policy?.document,
        Statement: [...statements, { ...statement, Sid: statementId }],
      };
      EVENTS_ACTIONS.PutPermission.handler(backend, { EventBusName: busName, Policy: JSON.stringify(document) }, call);
    });
    return {
      ref: statementId,
      attributes: {},
      undo: () => {
        const bus = backend.findBus(context.region, busName);
        if (bus?.policy) bus.policy = bus.policy.without(statementId).policy;
      },
    };
  },
};

/** `AWS::Events::EventBus`'s `Policy` (§15.6): the whole document, as PutPermission's Policy form sets it. */
export function applyBusPolicy(
  request: ResourceRequest,
  context: ProvisionContext<WithEvents>,
  name: string,
  policy: unknown,
): void {
  const text = typeof policy === 'string' ? policy : JSON.stringify(policy);
  const backend = context.internals.events.backend;
  callService(
    request,
    () => EVENTS_ACTIONS.PutPermission.handler(backend, { EventBusName: name, Policy: text }, callContext(context)),
    'Policy',
  );
}
