import type {
  ConnectionHttpParameters,
  ConnectivityResourceParameters,
  CreateConnectionAuthRequestParameters,
  CreateConnectionCommandInput,
  DeauthorizeConnectionCommandInput,
  DeleteConnectionCommandInput,
  DescribeConnectionCommandInput,
  ListConnectionsCommandInput,
  UpdateConnectionAuthRequestParameters,
  UpdateConnectionCommandInput,
} from '@aws-sdk/client-eventbridge';
import type { RequestContext } from '../../../core/request-context.js';
import { byName, page } from '../../../core/util/page.js';
import { apiDestinationErrors, Violations } from '../api-destination-errors.js';
import {
  AUTH_MEMBERS,
  AUTHORIZATION_TYPES,
  Connection,
  copyAuthParameters,
  publicAuthParameters,
  type AuthorizationType,
} from '../connections.js';
import type { EventsBackend } from '../events-backend.js';
import { checkEnum, checkListLength, checkNumber, checkText, CONSTRAINTS } from './constraints.js';

/** §14.1 [Docs quotas] */
const MAX_CONNECTIONS = 3_000;
const MAX_PARAMETERS = 100;
const OAUTH_METHODS = ['GET', 'POST', 'PUT'] as const;
const CONNECTION_STATES = [
  'CREATING',
  'UPDATING',
  'DELETING',
  'AUTHORIZED',
  'DEAUTHORIZED',
  'AUTHORIZING',
  'DEAUTHORIZING',
  'ACTIVE',
  'FAILED_CONNECTIVITY',
] as const;

/** CreateConnection (docs/aws-behaviour/eventbridge.md §14.1). */
export function createConnection(
  backend: EventsBackend,
  input: Partial<CreateConnectionCommandInput>,
  request: RequestContext,
) {
  const violations = new Violations();
  checkConnection(violations, input, true);
  violations.throwIfAny();
  const type = input.AuthorizationType as AuthorizationType;
  const auth = input.AuthParameters!;
  requireAuthMember(type, auth);
  const registry = backend.apiDestinations;
  const connections = registry.connections(request.region);
  const name = input.Name!;
  if (connections.has(name)) throw apiDestinationErrors.connectionExists(name);
  if (connections.size >= MAX_CONNECTIONS) throw apiDestinationErrors.tooMany();
  const { accountId, ids } = backend;
  const now = backend.clock.now();
  const arn = `arn:aws:events:${request.region}:${accountId}:connection/${name}/${ids.uuid()}`;
  const connection = new Connection(
    name,
    arn,
    request.region,
    now,
    input.Description,
    type,
    copyAuthParameters(auth),
    secretArn(backend, request.region, name),
  );
  registry.addConnection(connection);
  return {
    ConnectionArn: arn,
    ConnectionState: connection.state,
    CreationTime: new Date(now),
    LastModifiedTime: new Date(now),
  };
}

export function describeConnection(
  backend: EventsBackend,
  input: Partial<DescribeConnectionCommandInput>,
  request: RequestContext,
) {
  const connection = connectionNamed(backend, request, input.Name, apiDestinationErrors.connectionNotDescribed);
  return {
    ConnectionArn: connection.arn,
    Name: connection.name,
    ...(connection.description !== undefined ? { Description: connection.description } : {}),
    ConnectionState: connection.state,
    ...(connection.stateReason !== undefined ? { StateReason: connection.stateReason } : {}),
    AuthorizationType: connection.authorizationType,
    ...(connection.secretArn !== undefined ? { SecretArn: connection.secretArn } : {}),
    AuthParameters: publicAuthParameters(connection.auth),
    ...times(connection),
  };
}

export function listConnections(
  backend: EventsBackend,
  input: Partial<ListConnectionsCommandInput>,
  request: RequestContext,
) {
  const violations = new Violations();
  checkText(violations, input.NamePrefix, 'namePrefix', CONSTRAINTS.name);
  checkEnum(violations, input.ConnectionState, 'connectionState', CONNECTION_STATES);
  checkText(violations, input.NextToken, 'nextToken', CONSTRAINTS.nextToken);
  checkNumber(violations, input.Limit, 'limit', { min: 1, max: 100 });
  violations.throwIfAny();
  const prefix = input.NamePrefix ?? '';
  const chosen = [...backend.apiDestinations.connections(request.region).values()]
    .filter((connection) => connection.name.startsWith(prefix))
    .filter((connection) => input.ConnectionState === undefined || connection.state === input.ConnectionState)
    .sort(byName);
  const { items, nextToken } = page(chosen, input.Limit, input.NextToken);
  return {
    Connections: items.map((connection) => ({
      ConnectionArn: connection.arn,
      Name: connection.name,
      ConnectionState: connection.state,
      ...(connection.stateReason !== undefined ? { StateReason: connection.stateReason } : {}),
      AuthorizationType: connection.authorizationType,
      ...times(connection),
    })),
    ...(nextToken !== undefined ? { NextToken: nextToken } : {}),
  };
}

/** UpdateConnection (§14.1): what it names changes; new credentials authorize the connection again. */
export function updateConnection(
  backend: EventsBackend,
  input: Partial<UpdateConnectionCommandInput>,
  request: RequestContext,
) {
  const violations = new Violations();
  checkConnection(violations, input, false);
  violations.throwIfAny();
  const connection = connectionNamed(backend, request, input.Name, apiDestinationErrors.connectionNotFound);
  const type = (input.AuthorizationType as AuthorizationType | undefined) ?? connection.authorizationType;
  const auth = input.AuthParameters === undefined ? undefined : mergedAuth(connection, type, input.AuthParameters);
  if (type !== connection.authorizationType) requireAuthMember(type, auth ?? {});
  const now = backend.clock.now();
  if (input.Description !== undefined) connection.description = input.Description;
  if (auth !== undefined || type !== connection.authorizationType) {
    connection.authorizationType = type;
    if (auth !== undefined) connection.auth = auth;
    connection.secretArn ??= secretArn(backend, connection.region, connection.name);
    connection.authorize(now);
  }
  connection.lastModified = now;
  return { ConnectionArn: connection.arn, ConnectionState: connection.state, ...times(connection) };
}

/** DeleteConnection (§14.1 [AWS-snap]): answers DELETING, and the connection is gone. */
export function deleteConnection(
  backend: EventsBackend,
  input: Partial<DeleteConnectionCommandInput>,
  request: RequestContext,
) {
  const connection = connectionNamed(backend, request, input.Name, apiDestinationErrors.connectionNotFound);
  backend.apiDestinations.deleteConnection(connection);
  return { ConnectionArn: connection.arn, ConnectionState: 'DELETING' as const, ...times(connection) };
}

/** DeauthorizeConnection (§14.1, Emulation: DEAUTHORIZED at once). */
export function deauthorizeConnection(
  backend: EventsBackend,
  input: Partial<DeauthorizeConnectionCommandInput>,
  request: RequestContext,
) {
  const connection = connectionNamed(backend, request, input.Name, apiDestinationErrors.connectionNotFound);
  connection.deauthorize(backend.clock.now());
  return { ConnectionArn: connection.arn, ConnectionState: 'DEAUTHORIZING' as const, ...times(connection) };
}

function connectionNamed(
  backend: EventsBackend,
  request: RequestContext,
  name: string | undefined,
  notFound: (name: string) => Error,
): Connection {
  const violations = new Violations();
  checkText(violations, name, 'name', CONSTRAINTS.name, true);
  violations.throwIfAny();
  const connection = backend.apiDestinations.connections(request.region).get(name!);
  if (!connection) throw notFound(name!);
  return connection;
}

function times(connection: Connection) {
  return {
    CreationTime: new Date(connection.creationTime),
    LastModifiedTime: new Date(connection.lastModified),
    LastAuthorizedTime: new Date(connection.lastAuthorized),
  };
}

/** §14.1: where EventBridge would keep the credentials (the emulation keeps none there). */
function secretArn(backend: EventsBackend, region: string, name: string): string {
  const id = backend.ids.uuid();
  return `arn:aws:secretsmanager:${region}:${backend.accountId}:secret:events!connection/${name}/${id}-${id.slice(0, 6)}`;
}

/** §14.3 (Emulation): the member the type reads must be there. */
function requireAuthMember(type: AuthorizationType, auth: CreateConnectionAuthRequestParameters): void {
  const member = AUTH_MEMBERS[type];
  if (auth[member] === undefined) throw apiDestinationErrors.authParametersFor(type, member);
}

/** UpdateConnection's parameters over the connection's: the type's own member field by field, the rest replaced. */
function mergedAuth(
  connection: Connection,
  type: AuthorizationType,
  update: UpdateConnectionAuthRequestParameters,
): CreateConnectionAuthRequestParameters {
  const merged = copyAuthParameters(connection.auth) as Record<string, unknown>;
  for (const [member, value] of Object.entries(copyAuthParameters(update))) {
    const previous = merged[member];
    const ownMember = member === AUTH_MEMBERS[type] && type === connection.authorizationType;
    merged[member] =
      ownMember && typeof previous === 'object' && previous !== null
        ? { ...(previous as object), ...(value as object) }
        : value;
  }
  return merged as CreateConnectionAuthRequestParameters;
}

/** §14.1, §14.3: every constraint of Create (`creating`) or Update, in the order of the request shape. */
function checkConnection(
  violations: Violations,
  input: Partial<CreateConnectionCommandInput> | Partial<UpdateConnectionCommandInput>,
  creating: boolean,
): void {
  checkText(violations, input.Name, 'name', CONSTRAINTS.name, true);
  checkText(violations, input.Description, 'description', CONSTRAINTS.description);
  checkEnum(violations, input.AuthorizationType, 'authorizationType', AUTHORIZATION_TYPES, creating);
  const auth = input.AuthParameters as UpdateConnectionAuthRequestParameters | undefined;
  if (auth !== undefined) checkAuth(violations, auth, creating);
  else if (creating) violations.missing('authParameters');
  checkConnectivity(violations, input.InvocationConnectivityParameters, 'invocationConnectivityParameters');
  checkText(violations, input.KmsKeyIdentifier, 'kmsKeyIdentifier', CONSTRAINTS.kmsKey);
}

function checkAuth(violations: Violations, auth: UpdateConnectionAuthRequestParameters, required: boolean): void {
  const at = 'authParameters';
  const { BasicAuthParameters: basic, OAuthParameters: oauth, ApiKeyAuthParameters: apiKey } = auth;
  if (basic) {
    checkText(violations, basic.Username, `${at}.basicAuthParameters.username`, CONSTRAINTS.authHeader, required);
    checkText(violations, basic.Password, `${at}.basicAuthParameters.password`, CONSTRAINTS.authHeader, required);
  }
  if (oauth) {
    const oauthAt = `${at}.oAuthParameters`;
    const client = oauth.ClientParameters;
    if (client === undefined) {
      if (required) violations.missing(`${oauthAt}.clientParameters`);
    } else {
      checkText(violations, client.ClientID, `${oauthAt}.clientParameters.clientID`, CONSTRAINTS.authHeader, required);
      const secret = client.ClientSecret;
      checkText(violations, secret, `${oauthAt}.clientParameters.clientSecret`, CONSTRAINTS.authHeader, required);
    }
    const endpoint = oauth.AuthorizationEndpoint;
    checkText(violations, endpoint, `${oauthAt}.authorizationEndpoint`, CONSTRAINTS.endpoint, required);
    // §14.3 [AWS-snap]: AWS took `put`; the method is read without case.
    const method = oauth.HttpMethod === undefined ? undefined : String(oauth.HttpMethod).toUpperCase();
    checkEnum(violations, method, `${oauthAt}.httpMethod`, OAUTH_METHODS, required);
    checkHttpParameters(violations, oauth.OAuthHttpParameters, `${oauthAt}.oAuthHttpParameters`);
  }
  if (apiKey) {
    checkText(violations, apiKey.ApiKeyName, `${at}.apiKeyAuthParameters.apiKeyName`, CONSTRAINTS.authHeader, required);
    const value = apiKey.ApiKeyValue;
    checkText(violations, value, `${at}.apiKeyAuthParameters.apiKeyValue`, CONSTRAINTS.authHeader, required);
  }
  checkHttpParameters(violations, auth.InvocationHttpParameters, `${at}.invocationHttpParameters`);
  checkConnectivity(violations, auth.ConnectivityParameters, `${at}.connectivityParameters`);
}

function checkHttpParameters(violations: Violations, parameters: ConnectionHttpParameters | undefined, at: string) {
  if (!parameters) return;
  const { HeaderParameters: headers, QueryStringParameters: query, BodyParameters: body } = parameters;
  checkListLength(violations, headers, `${at}.headerParameters`, MAX_PARAMETERS, 'ConnectionHeaderParameter');
  (headers ?? []).forEach((item, index) => {
    const itemAt = `${at}.headerParameters.${index + 1}.member`;
    checkText(violations, item?.Key, `${itemAt}.key`, CONSTRAINTS.headerKey);
    checkText(violations, item?.Value, `${itemAt}.value`, CONSTRAINTS.headerValue);
  });
  checkListLength(violations, query, `${at}.queryStringParameters`, MAX_PARAMETERS, 'ConnectionQueryStringParameter');
  (query ?? []).forEach((item, index) => {
    const itemAt = `${at}.queryStringParameters.${index + 1}.member`;
    checkText(violations, item?.Key, `${itemAt}.key`, CONSTRAINTS.queryKey);
    checkText(violations, item?.Value, `${itemAt}.value`, CONSTRAINTS.queryValue);
  });
  checkListLength(violations, body, `${at}.bodyParameters`, MAX_PARAMETERS, 'ConnectionBodyParameter');
}

function checkConnectivity(violations: Violations, parameters: ConnectivityResourceParameters | undefined, at: string) {
  if (!parameters) return;
  const resource = parameters.ResourceParameters;
  if (resource === undefined) return violations.missing(`${at}.resourceParameters`);
  const arnAt = `${at}.resourceParameters.resourceConfigurationArn`;
  checkText(violations, resource.ResourceConfigurationArn, arnAt, CONSTRAINTS.resourceConfigurationArn, true);
}
