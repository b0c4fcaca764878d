import type {
  CreatedResource,
  ProvisionContext,
  ResourceRequest,
  ResourceType,
} from '../../../core/provisioning/resource-type.js';
import { alreadyExists, callContext, callService } from '../../../core/provisioning/calls.js';
import { readProperties, type PropertySchema } from '../../../core/provisioning/properties.js';
import { EVENTS_ACTIONS } from '../actions/index.js';
import type { WithEvents } from '../internals.js';
import { arnForPolicy } from './connection.js';

const MAX_NAME = 64;

/**
 * `AWS::Events::ApiDestination` (docs/aws-behaviour/eventbridge.md §14.8): CreateApiDestination; `Ref` the name,
 * `GetAtt` `Arn` and `ArnForPolicy`.
 */
const API_DESTINATION_SCHEMA: PropertySchema = {
  properties: {
    Name: 'string',
    Description: 'string',
    ConnectionArn: 'string',
    InvocationEndpoint: 'string',
    HttpMethod: 'string',
    InvocationRateLimitPerSecond: 'integerValue',
  },
  required: ['ConnectionArn', 'InvocationEndpoint', 'HttpMethod'],
};

export const eventsApiDestination: ResourceType<WithEvents> = {
  create(request: ResourceRequest, context: ProvisionContext<WithEvents>): CreatedResource {
    const properties = readProperties(request, API_DESTINATION_SCHEMA);
    const name = (properties['Name'] as string | undefined) ?? context.generatedName(request.logicalId, MAX_NAME);
    const backend = context.internals.events.backend;
    const registry = backend.apiDestinations;
    if (registry.destinations(context.region).has(name)) throw alreadyExists(request, name, 'Name');
    const { ApiDestinationArn } = callService(request, () =>
      EVENTS_ACTIONS.CreateApiDestination.handler(
        backend,
        {
          Name: name,
          Description: properties['Description'] as string | undefined,
          ConnectionArn: properties['ConnectionArn'] as string,
          InvocationEndpoint: properties['InvocationEndpoint'] as string,
          HttpMethod: properties['HttpMethod'] as never,
          InvocationRateLimitPerSecond: properties['InvocationRateLimitPerSecond'] as number | undefined,
        },
        callContext(context),
      ),
    );
    return {
      ref: name,
      attributes: { Arn: ApiDestinationArn, ArnForPolicy: arnForPolicy(ApiDestinationArn) },
      namedArn: ApiDestinationArn,
      undo: () => {
        const destination = registry.destinationByArn(ApiDestinationArn);
        if (destination) registry.deleteDestination(destination);
      },
    };
  },
};
