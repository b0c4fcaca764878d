import type {
  CreatedResource,
  ProvisionContext,
  ResourceRequest,
  ResourceType,
} from '../../../core/provisioning/resource-type.js';
import { alreadyExists, callContext, callService } from '../../../core/provisioning/calls.js';
import { readProperties, unchecked, type PropertySchema } from '../../../core/provisioning/properties.js';
import { EVENTS_ACTIONS } from '../actions/index.js';
import type { WithEvents } from '../internals.js';

/** A generated name stays within the API's 64 characters. */
const MAX_NAME = 64;

/**
 * `AWS::Events::Connection` (docs/aws-behaviour/eventbridge.md §14.8): CreateConnection with the template's
 * parameters; `Ref` the name, `GetAtt` `Arn`, `SecretArn` and `ArnForPolicy`. `InvocationConnectivityParameters` and
 * `KmsKeyIdentifier` are passed on (and checked) as through the API.
 */
const CONNECTION_SCHEMA: PropertySchema = {
  properties: {
    Name: 'string',
    Description: 'string',
    AuthorizationType: 'string',
    AuthParameters: 'object',
    ...unchecked(['InvocationConnectivityParameters', 'KmsKeyIdentifier']),
  },
};

export const eventsConnection: ResourceType<WithEvents> = {
  create(request: ResourceRequest, context: ProvisionContext<WithEvents>): CreatedResource {
    const properties = readProperties(request, CONNECTION_SCHEMA);
    const name = (properties['Name'] as string | undefined) ?? context.generatedName(request.logicalId, MAX_NAME);
    const backend = context.internals.events.backend;
    const registry = backend.apiDestinations;
    if (registry.connections(context.region).has(name)) throw alreadyExists(request, name, 'Name');
    const { ConnectionArn } = callService(request, () =>
      EVENTS_ACTIONS.CreateConnection.handler(
        backend,
        {
          Name: name,
          Description: properties['Description'] as string | undefined,
          AuthorizationType: properties['AuthorizationType'] as never,
          AuthParameters: properties['AuthParameters'] as never,
          InvocationConnectivityParameters: properties['InvocationConnectivityParameters'] as never,
          KmsKeyIdentifier: properties['KmsKeyIdentifier'] as string | undefined,
        },
        callContext(context),
      ),
    );
    const connection = registry.connectionByArn(ConnectionArn)!;
    return {
      ref: name,
      attributes: { Arn: ConnectionArn, SecretArn: connection.secretArn, ArnForPolicy: arnForPolicy(ConnectionArn) },
      namedArn: ConnectionArn,
      undo: () => registry.deleteConnection(connection),
    };
  },
};

/** §14.8: the ARN in resource form, without the id that ends it (`…:connection/<name>`). */
export function arnForPolicy(arn: string): string {
  return arn.slice(0, arn.lastIndexOf('/'));
}
