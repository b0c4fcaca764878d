import fc from 'fast-check';
import { badString, field, list, map, mapKey, numberAround, optional, record } from './values.js';

/**
 * Generated inputs of the connection and API destination commands (docs/aws-behaviour/eventbridge.md §14), from the
 * members of their `*CommandInput`, as events-inputs.ts writes the others: names, credentials and parameters valid,
 * odd, oversize or of the wrong type; prototype-named keys; endpoints that are not URLs. `world` gives the ARNs a
 * run's account has (its connection, its destination), so that runs also reach them.
 */

export interface ApiWorld {
  readonly connectionArn: string;
  readonly destinationArn: string;
}

const name = field(
  fc.constantFrom('c', 'slack', 'a.b-c_d', 'conn'),
  fc.oneof(badString, fc.constantFrom('x'.repeat(65), 'Invalid Name With Spaces!', '__proto__', 'constructor')),
);

const authText = field(
  fc.constantFrom('user', 'pass', 'x-api-key', 'a b', '\tv'),
  fc.oneof(badString, fc.constantFrom('a:b', '\t', 'k'.repeat(513), '\u0000', 'é')),
);

/** Endpoints: URLs, things that fit AWS's pattern and are no URL, loopback ones, and ones the pattern refuses. */
export const endpoint = fc.constantFrom(
  'https://hooks.example.com/services/*',
  'https://example.com/api',
  'www.google.com',
  'invalid-endpoint',
  'http://127.0.0.1:9/hook',
  'http://localhost:9/*/x',
  'https://[::1]/x',
  'ftp://example.com/x',
  'mailto:x@example.com',
  'https://a.example.com/%zz',
  'https://*',
  'https:',
  'javascript:alert(1)',
  `https://example.com/${'a'.repeat(2048)}`,
  '',
);

const parameter = record({
  Key: field(fc.constantFrom('X-Team', 'channel', 'k', 'Content-Type'), fc.oneof(badString, mapKey())),
  Value: field(fc.constantFrom('shop', 'v', 'a b'), badString),
  IsValueSecret: optional(fc.boolean()),
});

const httpParameters = record({
  HeaderParameters: optional(list(parameter, { maxLength: 3, tooMany: 101 })),
  QueryStringParameters: optional(list(parameter, { maxLength: 3, tooMany: 101 })),
  BodyParameters: optional(list(parameter, { maxLength: 3 })),
});

const authParameters = record({
  BasicAuthParameters: optional(record({ Username: authText, Password: authText })),
  ApiKeyAuthParameters: optional(record({ ApiKeyName: authText, ApiKeyValue: authText })),
  OAuthParameters: optional(
    record({
      ClientParameters: field(record({ ClientID: authText, ClientSecret: authText })),
      AuthorizationEndpoint: field(endpoint, badString),
      HttpMethod: field(fc.constantFrom('GET', 'POST', 'PUT'), fc.constantFrom('PATCH', 'get', '')),
      OAuthHttpParameters: optional(httpParameters),
    }),
  ),
  InvocationHttpParameters: optional(httpParameters),
});

const authorizationType = field(
  fc.constantFrom('BASIC', 'API_KEY', 'OAUTH_CLIENT_CREDENTIALS'),
  fc.constantFrom('INVALID', 'basic', ''),
);
const method = field(
  fc.constantFrom('POST', 'GET', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'),
  fc.constantFrom('CONNECT', 'TRACE', 'post', ''),
);
const page = { Limit: optional(numberAround(1, 100)), NextToken: optional(fc.constantFrom('1', 'x', ''), badString) };

export function apiDestinationInputs(world: ApiWorld): Record<string, fc.Arbitrary<Record<string, unknown>>> {
  const connectionArn = field(
    fc.constantFrom(
      world.connectionArn,
      'arn:aws:events:us-east-1:000000000000:connection/gone/11111111-1111-1111-1111-111111111111',
    ),
    fc.oneof(badString, fc.constant('invalid-connection-arn')),
  );
  const connection = {
    Name: name,
    Description: optional(fc.constantFrom('d', ''), badString),
    AuthorizationType: authorizationType,
    AuthParameters: field(authParameters),
    KmsKeyIdentifier: optional(fc.constantFrom('alias/x'), badString),
  };
  const destination = {
    Name: name,
    Description: optional(fc.constantFrom('d'), badString),
    ConnectionArn: connectionArn,
    InvocationEndpoint: field(endpoint, badString),
    HttpMethod: method,
    InvocationRateLimitPerSecond: optional(numberAround(1, 300)),
  };
  const byName = record({ Name: name }).input;
  return {
    CreateConnection: record(connection).input,
    UpdateConnection: record(connection).input,
    DescribeConnection: byName,
    DeleteConnection: byName,
    DeauthorizeConnection: byName,
    ListConnections: record({
      NamePrefix: optional(fc.constantFrom('c', 's'), badString),
      ConnectionState: optional(fc.constantFrom('AUTHORIZED', 'DEAUTHORIZED'), badString),
      ...page,
    }).input,
    CreateApiDestination: record(destination).input,
    UpdateApiDestination: record(destination).input,
    DescribeApiDestination: byName,
    DeleteApiDestination: byName,
    ListApiDestinations: record({
      NamePrefix: optional(fc.constantFrom('s'), badString),
      ConnectionArn: optional(connectionArn),
      ...page,
    }).input,
  };
}

/** A rule's target to the world's destination, with HttpParameters (prototype-named keys), input and retry policy. */
export function apiDestinationTarget(world: ApiWorld) {
  return record({
    Id: field(fc.constantFrom('api', 't'), badString),
    Arn: field(fc.constantFrom(world.destinationArn), badString),
    Input: optional(fc.constantFrom('{"x":1}', '"text"', 'not json'), badString),
    HttpParameters: optional(
      record({
        PathParameterValues: optional(list(fc.constantFrom('p', 'a/b', ' ', '\n', '?x=1'), { maxLength: 3 })),
        HeaderParameters: optional(map(mapKey(['X-Team', 'Authorization', 'Content-Type']), badString, { maxKeys: 3 })),
        QueryStringParameters: optional(map(mapKey(['channel', 'a']), badString, { maxKeys: 3 })),
      }),
    ),
    RetryPolicy: optional(
      record({
        MaximumRetryAttempts: optional(numberAround(0, 185)),
        MaximumEventAgeInSeconds: optional(numberAround(60, 86_400)),
      }),
    ),
  });
}
