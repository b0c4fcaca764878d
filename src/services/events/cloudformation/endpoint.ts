import type {
  CreatedResource,
  ProvisionContext,
  ResourceRequest,
  ResourceType,
} from '../../../core/provisioning/resource-type.js';
import { alreadyExists, callContext, callService } from '../../../core/provisioning/calls.js';
import { readProperties, type PropertySchema } from '../../../core/provisioning/properties.js';
import type { CreateEndpointCommandInput } from '@aws-sdk/client-eventbridge';
import { EVENTS_ACTIONS } from '../actions/index.js';
import type { WithEvents } from '../internals.js';

/** CreateEndpoint's limit on a name (docs/aws-behaviour/eventbridge.md §19.1). */
const MAX_ENDPOINT_NAME = 64;

/**
 * `AWS::Events::Endpoint` (docs/aws-behaviour/eventbridge.md §19.4): CreateEndpoint with the properties as the API
 * takes them; `Ref` the name, `GetAtt` `Arn`, `EndpointId`, `EndpointUrl`, `State` (as CreateEndpoint left it).
 */
const ENDPOINT_SCHEMA: PropertySchema = {
  properties: {
    Name: 'string',
    Description: 'string',
    RoutingConfig: 'object',
    ReplicationConfig: 'object',
    EventBuses: 'list',
    RoleArn: 'string',
  },
  required: ['RoutingConfig', 'EventBuses'],
};

export const eventsEndpoint: ResourceType<WithEvents> = {
  create(request: ResourceRequest, context: ProvisionContext<WithEvents>): CreatedResource {
    const properties = readProperties(request, ENDPOINT_SCHEMA);
    const name =
      (properties['Name'] as string | undefined) ?? context.generatedName(request.logicalId, MAX_ENDPOINT_NAME);
    const backend = context.internals.events.backend;
    const now = backend.clock.now();
    if (backend.endpoints.of(context.region, now).has(name)) throw alreadyExists(request, name, 'Name');
    const input = { ...properties, Name: name } as unknown as CreateEndpointCommandInput;
    const { Arn } = callService(request, () =>
      EVENTS_ACTIONS.CreateEndpoint.handler(backend, input, callContext(context)),
    );
    const endpoint = backend.endpoints.of(context.region, now).get(name)!;
    return {
      ref: name,
      attributes: {
        Arn,
        EndpointId: endpoint.endpointId,
        EndpointUrl: endpoint.endpointUrl,
        State: endpoint.stateAt(now),
      },
      namedArn: Arn,
      undo: () => {
        backend.endpoints.of(context.region, backend.clock.now()).delete(name);
      },
    };
  },
};
