import { listOf, structure, type Structure } from '../../../core/input-shape.js';

/**
 * The JSON types of the connection and API destination actions' input members, from the SDK's `*Request` shapes
 * (docs/aws-behaviour/eventbridge.md §9.1, §14): spread into EVENTS_INPUT_SHAPES (input-shapes.ts).
 */
const PARAMETER = structure({ Key: 'string', Value: 'string', IsValueSecret: 'boolean' });
const HTTP_PARAMETERS = structure({
  HeaderParameters: listOf(PARAMETER),
  QueryStringParameters: listOf(PARAMETER),
  BodyParameters: listOf(PARAMETER),
});
const CONNECTIVITY = structure({ ResourceParameters: structure({ ResourceConfigurationArn: 'string' }) });
const AUTH_PARAMETERS = structure({
  BasicAuthParameters: structure({ Username: 'string', Password: 'string' }),
  OAuthParameters: structure({
    ClientParameters: structure({ ClientID: 'string', ClientSecret: 'string' }),
    AuthorizationEndpoint: 'string',
    HttpMethod: 'string',
    OAuthHttpParameters: HTTP_PARAMETERS,
  }),
  ApiKeyAuthParameters: structure({ ApiKeyName: 'string', ApiKeyValue: 'string' }),
  InvocationHttpParameters: HTTP_PARAMETERS,
  ConnectivityParameters: CONNECTIVITY,
});
const CONNECTION = {
  Name: 'string',
  Description: 'string',
  AuthorizationType: 'string',
  AuthParameters: AUTH_PARAMETERS,
  InvocationConnectivityParameters: CONNECTIVITY,
  KmsKeyIdentifier: 'string',
} as const;
const DESTINATION = {
  Name: 'string',
  Description: 'string',
  ConnectionArn: 'string',
  InvocationEndpoint: 'string',
  HttpMethod: 'string',
  InvocationRateLimitPerSecond: 'number',
} as const;
const BY_NAME = structure({ Name: 'string' });
const PAGE = { NextToken: 'string', Limit: 'number' } as const;

export const CONNECTION_INPUT_SHAPES = {
  CreateConnection: structure(CONNECTION),
  UpdateConnection: structure(CONNECTION),
  DescribeConnection: BY_NAME,
  DeleteConnection: BY_NAME,
  DeauthorizeConnection: BY_NAME,
  ListConnections: structure({ NamePrefix: 'string', ConnectionState: 'string', ...PAGE }),
  CreateApiDestination: structure(DESTINATION),
  UpdateApiDestination: structure(DESTINATION),
  DescribeApiDestination: BY_NAME,
  DeleteApiDestination: BY_NAME,
  ListApiDestinations: structure({ NamePrefix: 'string', ConnectionArn: 'string', ...PAGE }),
} as const satisfies Readonly<Record<string, Structure>>;
