import type {
  CreatedResource,
  ProvisionContext,
  ResourceRequest,
  ResourceType,
} from '../../../core/provisioning/resource-type.js';
import { alreadyExists, callContext, callService } from '../../../core/provisioning/calls.js';
import { readProperties, tagMap, type PropertySchema } from '../../../core/provisioning/properties.js';
import type { CreateEventBusCommandInput } from '@aws-sdk/client-eventbridge';
import { EVENTS_ACTIONS } from '../actions/index.js';
import type { WithEvents } from '../internals.js';
import { applyBusPolicy } from './event-bus-policy.js';

/**
 * `AWS::Events::EventBus` (docs/aws-behaviour/eventbridge.md §11): CreateEventBus; `Ref` the name, `GetAtt` `Arn`
 * and `Name`; `Policy` as PutPermission's Policy form (§15.6); `EventSourceName` makes a partner bus (§18.3);
 * `KmsKeyIdentifier`, `DeadLetterConfig` and `LogConfig` go to CreateEventBus, checked and stored as §3.1 says.
 */
const EVENT_BUS_SCHEMA: PropertySchema = {
  properties: {
    Name: 'string',
    Description: 'string',
    Tags: 'any',
    Policy: 'any',
    EventSourceName: 'string',
    KmsKeyIdentifier: 'string',
    DeadLetterConfig: 'object',
    LogConfig: 'object',
  },
  required: ['Name'],
};

export const eventsEventBus: ResourceType<WithEvents> = {
  create(request: ResourceRequest, context: ProvisionContext<WithEvents>): CreatedResource {
    const { Name, Description, Tags, Policy, EventSourceName, KmsKeyIdentifier, DeadLetterConfig, LogConfig } =
      readProperties(request, EVENT_BUS_SCHEMA);
    const name = Name as string;
    const backend = context.internals.events.backend;
    if (backend.findBus(context.region, name)) throw alreadyExists(request, name, 'Name');
    const tags = Object.entries(tagMap(request, 'Tags', Tags)).map(([Key, Value]) => ({ Key, Value }));
    const { EventBusArn } = callService(request, () =>
      EVENTS_ACTIONS.CreateEventBus.handler(
        backend,
        {
          Name: name,
          Description: Description as string | undefined,
          EventSourceName: EventSourceName as string | undefined,
          KmsKeyIdentifier: KmsKeyIdentifier as string | undefined,
          DeadLetterConfig: DeadLetterConfig as { Arn?: string } | undefined,
          LogConfig: LogConfig as CreateEventBusCommandInput['LogConfig'],
          ...(tags.length ? { Tags: tags } : {}),
        },
        callContext(context),
      ),
    );
    if (Policy !== undefined) applyBusPolicy(request, context, name, Policy);
    return {
      ref: name,
      attributes: { Arn: EventBusArn, Name: name },
      namedArn: EventBusArn,
      undo: () => {
        const bus = backend.findBus(context.region, name);
        if (bus) backend.deleteBus(bus);
      },
    };
  },
};
