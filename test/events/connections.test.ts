// Connections and API destinations through the SDK (docs/aws-behaviour/eventbridge.md §14.1–§14.3): the answers of
// LocalStack's AWS-validated test_api_destinations_and_connection.py and test_events.py, and moto's tests of these
// commands where AWS agrees with them.
import {
  CreateApiDestinationCommand,
  CreateConnectionCommand,
  DeauthorizeConnectionCommand,
  DeleteApiDestinationCommand,
  DeleteConnectionCommand,
  DescribeApiDestinationCommand,
  DescribeConnectionCommand,
  EventBridgeServiceException,
  ListApiDestinationsCommand,
  ListConnectionsCommand,
  ResourceAlreadyExistsException,
  ResourceNotFoundException,
  UpdateApiDestinationCommand,
  UpdateConnectionCommand,
} from '@aws-sdk/client-eventbridge';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventsSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 5) }));
afterEach(() => vi.useRealTimers());

const CONNECTION_ARN = /^arn:aws:events:us-east-1:000000000000:connection\/c\/[-0-9a-f]{36}$/;
const SECRET_ARN = /^arn:aws:secretsmanager:us-east-1:000000000000:secret:events!connection\/c\/[-0-9a-f]{36}-\w{6}$/;
const DESTINATION_ARN = /^arn:aws:events:us-east-1:000000000000:api-destination\/d\/[-0-9a-f]{36}$/;
const OAUTH = {
  OAuthParameters: {
    AuthorizationEndpoint: 'https://example.com/oauth',
    ClientParameters: { ClientID: 'client_id', ClientSecret: 'client_secret' },
    HttpMethod: 'POST' as const,
  },
};

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof EventBridgeServiceException)) throw new Error(`expected an EventBridge error, got ${error}`);
  return { name: error.name, status: error.$metadata.httpStatusCode, message: error.message, error };
}

const times = { CreationTime: expect.any(Date), LastModifiedTime: expect.any(Date) };

describe('connections (§14.1)', () => {
  it('BASIC and API_KEY are AUTHORIZED at once; Describe shows no secret; an empty InvocationHttpParameters stays', async () => {
    const { events } = eventsSetup();
    const created = await events.send(
      new CreateConnectionCommand({
        Name: 'c',
        AuthorizationType: 'API_KEY',
        AuthParameters: {
          ApiKeyAuthParameters: { ApiKeyName: 'ApiKey', ApiKeyValue: 'secret' },
          InvocationHttpParameters: {},
        },
      }),
    );
    const { $metadata: _, ...answer } = created;
    expect(answer).toEqual({
      ConnectionArn: expect.stringMatching(CONNECTION_ARN),
      ConnectionState: 'AUTHORIZED',
      ...times,
    });
    const { $metadata, ...described } = await events.send(new DescribeConnectionCommand({ Name: 'c' }));
    expect(described).toEqual({
      AuthParameters: { ApiKeyAuthParameters: { ApiKeyName: 'ApiKey' }, InvocationHttpParameters: {} },
      AuthorizationType: 'API_KEY',
      ConnectionArn: created.ConnectionArn,
      ConnectionState: 'AUTHORIZED',
      LastAuthorizedTime: expect.any(Date),
      Name: 'c',
      SecretArn: expect.stringMatching(SECRET_ARN),
      ...times,
    });
    expect(JSON.stringify(described)).not.toContain('secret"');
  });

  it.each([
    [
      'BASIC',
      { BasicAuthParameters: { Username: 'user', Password: 'pass' } },
      { BasicAuthParameters: { Username: 'user' } },
      'AUTHORIZED',
    ],
    [
      'API_KEY',
      { ApiKeyAuthParameters: { ApiKeyName: 'ApiKey', ApiKeyValue: 'secret' } },
      { ApiKeyAuthParameters: { ApiKeyName: 'ApiKey' } },
      'AUTHORIZED',
    ],
    [
      'OAUTH_CLIENT_CREDENTIALS',
      OAUTH,
      {
        OAuthParameters: {
          AuthorizationEndpoint: 'https://example.com/oauth',
          ClientParameters: { ClientID: 'client_id' },
          HttpMethod: 'POST',
        },
      },
      'AUTHORIZING',
    ],
  ] as const)('%s: the state and the parameters Describe shows', async (type, auth, shown, state) => {
    const { events } = eventsSetup();
    const created = await events.send(
      new CreateConnectionCommand({ Name: 'c', AuthorizationType: type, AuthParameters: auth }),
    );
    expect(created.ConnectionState).toBe(state);
    const described = await events.send(new DescribeConnectionCommand({ Name: 'c' }));
    expect(described.AuthParameters).toEqual(shown);
    expect(described.ConnectionState).toBe(state);
  });

  it('a parameter whose value is secret shows its key only (Emulation)', async () => {
    const { events } = eventsSetup();
    await events.send(
      new CreateConnectionCommand({
        Name: 'c',
        AuthorizationType: 'BASIC',
        AuthParameters: {
          BasicAuthParameters: { Username: 'un', Password: 'pw' },
          InvocationHttpParameters: {
            HeaderParameters: [
              { Key: 'k1', Value: 'v1', IsValueSecret: true },
              { Key: 'k2', Value: 'v2', IsValueSecret: false },
            ],
          },
        },
      }),
    );
    const { AuthParameters } = await events.send(new DescribeConnectionCommand({ Name: 'c' }));
    expect(AuthParameters?.InvocationHttpParameters).toEqual({
      HeaderParameters: [
        { Key: 'k1', IsValueSecret: true },
        { Key: 'k2', Value: 'v2', IsValueSecret: false },
      ],
    });
  });

  it('ListConnections answers each without parameters or secret, filtered by prefix and state', async () => {
    const { events } = eventsSetup();
    expect((await events.send(new ListConnectionsCommand({}))).Connections).toEqual([]);
    await events.send(
      new CreateConnectionCommand({
        Name: 'c',
        AuthorizationType: 'BASIC',
        AuthParameters: { BasicAuthParameters: { Username: 'user', Password: 'pass' }, InvocationHttpParameters: {} },
      }),
    );
    await events.send(
      new CreateConnectionCommand({ Name: 'o', AuthorizationType: 'OAUTH_CLIENT_CREDENTIALS', AuthParameters: OAUTH }),
    );
    const { Connections } = await events.send(new ListConnectionsCommand({ NamePrefix: 'c' }));
    expect(Connections).toEqual([
      {
        AuthorizationType: 'BASIC',
        ConnectionArn: expect.stringMatching(CONNECTION_ARN),
        ConnectionState: 'AUTHORIZED',
        LastAuthorizedTime: expect.any(Date),
        Name: 'c',
        ...times,
      },
    ]);
    const authorizing = await events.send(new ListConnectionsCommand({ ConnectionState: 'AUTHORIZING' }));
    expect(authorizing.Connections!.map((connection) => connection.Name)).toEqual(['o']);
  });

  it('UpdateConnection changes what it names and answers LastAuthorizedTime; Describe shows the new user', async () => {
    const { events } = eventsSetup();
    await events.send(
      new CreateConnectionCommand({
        Name: 'c',
        AuthorizationType: 'BASIC',
        AuthParameters: { BasicAuthParameters: { Username: 'user', Password: 'pass' } },
      }),
    );
    vi.advanceTimersByTime(1000);
    const { $metadata: _, ...updated } = await events.send(
      new UpdateConnectionCommand({
        Name: 'c',
        AuthorizationType: 'BASIC',
        AuthParameters: {
          BasicAuthParameters: { Username: 'new_user', Password: 'new_pass' },
          InvocationHttpParameters: {},
        },
      }),
    );
    expect(updated).toEqual({
      ConnectionArn: expect.stringMatching(CONNECTION_ARN),
      ConnectionState: 'AUTHORIZED',
      LastAuthorizedTime: new Date(Date.UTC(2025, 0, 2, 3, 4, 6)),
      ...times,
    });
    const described = await events.send(new DescribeConnectionCommand({ Name: 'c' }));
    expect(described.AuthParameters).toEqual({
      BasicAuthParameters: { Username: 'new_user' },
      InvocationHttpParameters: {},
    });
    // moto's test_create_and_update_connection: a Description alone keeps the rest.
    await events.send(new UpdateConnectionCommand({ Name: 'c', Description: 'updated desc' }));
    expect(await events.send(new DescribeConnectionCommand({ Name: 'c' }))).toMatchObject({
      Description: 'updated desc',
      AuthorizationType: 'BASIC',
      ConnectionState: 'AUTHORIZED',
    });
  });

  it('DeleteConnection answers DELETING; Describe then answers AWS text, the other actions moto text', async () => {
    const { events } = eventsSetup();
    const created = await events.send(
      new CreateConnectionCommand({
        Name: 'c',
        AuthorizationType: 'API_KEY',
        AuthParameters: { ApiKeyAuthParameters: { ApiKeyName: 'test', ApiKeyValue: 'test' } },
      }),
    );
    const { $metadata: _, ...deleted } = await events.send(new DeleteConnectionCommand({ Name: 'c' }));
    expect(deleted).toEqual({
      ConnectionArn: created.ConnectionArn,
      ConnectionState: 'DELETING',
      CreationTime: created.CreationTime,
      LastModifiedTime: expect.any(Date),
      LastAuthorizedTime: expect.any(Date),
    });
    const described = await failure(events.send(new DescribeConnectionCommand({ Name: 'c' })));
    expect(described).toMatchObject({
      name: 'ResourceNotFoundException',
      status: 400,
      message: "Failed to describe the connection(s). Connection 'c' does not exist.",
    });
    expect(described.error).toBeInstanceOf(ResourceNotFoundException);
    expect(await failure(events.send(new DeleteConnectionCommand({ Name: 'c' })))).toMatchObject({
      name: 'ResourceNotFoundException',
      message: "Connection 'c' does not exist.",
    });
    expect(await failure(events.send(new UpdateConnectionCommand({ Name: 'unknown' })))).toMatchObject({
      message: "Connection 'unknown' does not exist.",
    });
    expect((await events.send(new ListConnectionsCommand({}))).Connections).toEqual([]);
  });

  it('a taken name is ResourceAlreadyExistsException', async () => {
    const { events } = eventsSetup();
    const create = () =>
      events.send(
        new CreateConnectionCommand({
          Name: 'c',
          AuthorizationType: 'BASIC',
          AuthParameters: { BasicAuthParameters: { Username: 'u', Password: 'p' } },
        }),
      );
    await create();
    const error = await failure(create());
    expect(error).toMatchObject({ name: 'ResourceAlreadyExistsException', message: 'Connection c already exists.' });
    expect(error.error).toBeInstanceOf(ResourceAlreadyExistsException);
  });

  it('DeauthorizeConnection forgets the credentials; UpdateConnection authorizes it again', async () => {
    const { events } = eventsSetup();
    await events.send(
      new CreateConnectionCommand({
        Name: 'c',
        AuthorizationType: 'BASIC',
        AuthParameters: { BasicAuthParameters: { Username: 'u', Password: 'p' } },
      }),
    );
    const answer = await events.send(new DeauthorizeConnectionCommand({ Name: 'c' }));
    expect(answer.ConnectionState).toBe('DEAUTHORIZING');
    const described = await events.send(new DescribeConnectionCommand({ Name: 'c' }));
    expect(described).toMatchObject({
      ConnectionState: 'DEAUTHORIZED',
      AuthParameters: { BasicAuthParameters: { Username: 'u' } },
    });
    expect(described.SecretArn).toBeUndefined();
    await events.send(
      new UpdateConnectionCommand({
        Name: 'c',
        AuthParameters: { BasicAuthParameters: { Username: 'u2', Password: 'p2' } },
      }),
    );
    expect(await events.send(new DescribeConnectionCommand({ Name: 'c' }))).toMatchObject({
      ConnectionState: 'AUTHORIZED',
      SecretArn: expect.stringMatching(SECRET_ARN),
    });
  });
});

describe('validation (§14.3)', () => {
  it('reports every broken constraint at once, in AWS words', async () => {
    const { events } = eventsSetup();
    const name = 'This should fail with two errors 123467890123412341234123412341234';
    const error = await failure(
      events.send(
        new CreateConnectionCommand({
          Name: name,
          AuthorizationType: 'INVALID' as never,
          AuthParameters: { BasicAuthParameters: { Username: 'user', Password: 'pass' } },
        }),
      ),
    );
    expect(error).toMatchObject({
      name: 'ValidationException',
      status: 400,
      message:
        `3 validation errors detected: Value '${name}' at 'name' failed to satisfy constraint: Member must satisfy ` +
        `regular expression pattern: [\\.\\-_A-Za-z0-9]+; Value '${name}' at 'name' failed to satisfy constraint: ` +
        `Member must have length less than or equal to 64; Value 'INVALID' at 'authorizationType' failed to satisfy ` +
        `constraint: Member must satisfy enum value set: [BASIC, OAUTH_CLIENT_CREDENTIALS, API_KEY]`,
    });
    expect(error.error.constructor).toBe(EventBridgeServiceException);
  });

  it.each([
    [
      'an invalid authorization type',
      { Name: 'c', AuthorizationType: 'INVALID_AUTH_TYPE', AuthParameters: {} },
      "1 validation error detected: Value 'INVALID_AUTH_TYPE' at 'authorizationType' failed to satisfy constraint: " +
        'Member must satisfy enum value set: [BASIC, OAUTH_CLIENT_CREDENTIALS, API_KEY]',
    ],
    [
      'a name with spaces',
      {
        Name: 'Invalid Name With Spaces!',
        AuthorizationType: 'API_KEY',
        AuthParameters: {
          ApiKeyAuthParameters: { ApiKeyName: 'ApiKey', ApiKeyValue: 'secret' },
          InvocationHttpParameters: {},
        },
      },
      "1 validation error detected: Value 'Invalid Name With Spaces!' at 'name' failed to satisfy constraint: " +
        'Member must satisfy regular expression pattern: [\\.\\-_A-Za-z0-9]+',
    ],
    [
      'a missing password and a username with a colon',
      { Name: 'c', AuthorizationType: 'BASIC', AuthParameters: { BasicAuthParameters: { Username: 'a:b' } } },
      "2 validation errors detected: Value 'a:b' at 'authParameters.basicAuthParameters.username' failed to " +
        'satisfy constraint: Member must satisfy regular expression pattern: ' +
        '^[ \\t]*[^\\x00-\\x1F:\\x7F]+([ \\t]+[^\\x00-\\x1F:\\x7F]+)*[ \\t]*$; Value null at ' +
        "'authParameters.basicAuthParameters.password' failed to satisfy constraint: Member must not be null",
    ],
  ])('CreateConnection: %s', async (_case, input, message) => {
    const { events } = eventsSetup();
    expect(await failure(events.send(new CreateConnectionCommand(input as never)))).toMatchObject({
      name: 'ValidationException',
      message,
    });
  });

  it('CreateApiDestination: the connection ARN and the method; an endpoint that fits the pattern passes', async () => {
    const { events } = eventsSetup();
    const error = await failure(
      events.send(
        new CreateApiDestinationCommand({
          Name: 'd',
          ConnectionArn: 'invalid-connection-arn',
          HttpMethod: 'INVALID_METHOD' as never,
          InvocationEndpoint: 'invalid-endpoint',
        }),
      ),
    );
    expect(error.message).toBe(
      "2 validation errors detected: Value 'invalid-connection-arn' at 'connectionArn' failed to satisfy constraint: " +
        'Member must satisfy regular expression pattern: ^arn:aws([a-z]|\\-)*:events:([a-z]|\\d|\\-)*:([0-9]{12})?:' +
        "connection\\/[\\.\\-_A-Za-z0-9]+\\/[\\-A-Za-z0-9]+$; Value 'INVALID_METHOD' at 'httpMethod' failed to " +
        'satisfy constraint: Member must satisfy enum value set: [HEAD, POST, PATCH, DELETE, PUT, GET, OPTIONS]',
    );
  });

  it('an AuthParameters without the member its type reads (Emulation)', async () => {
    const { events } = eventsSetup();
    const error = await failure(
      events.send(
        new CreateConnectionCommand({
          Name: 'c',
          AuthorizationType: 'BASIC',
          AuthParameters: { ApiKeyAuthParameters: { ApiKeyName: 'k', ApiKeyValue: 'v' } },
        }),
      ),
    );
    expect(error).toMatchObject({
      name: 'ValidationException',
      message: 'The AuthParameters of a BASIC connection must contain BasicAuthParameters.',
    });
  });
});

describe('API destinations (§14.2)', () => {
  async function connection(events: ReturnType<typeof eventsSetup>['events'], oauth = false) {
    const { ConnectionArn } = await events.send(
      new CreateConnectionCommand(
        oauth
          ? { Name: 'c', AuthorizationType: 'OAUTH_CLIENT_CREDENTIALS', AuthParameters: OAUTH }
          : {
              Name: 'c',
              AuthorizationType: 'API_KEY',
              AuthParameters: { ApiKeyAuthParameters: { ApiKeyName: 'test', ApiKeyValue: 'test' } },
            },
      ),
    );
    return ConnectionArn!;
  }

  it.each([
    ['an authorized connection', false, 'ACTIVE'],
    ['an OAuth connection still authorizing', true, 'INACTIVE'],
  ])('create, describe, list, update, delete, with %s', async (_case, oauth, state) => {
    const { events } = eventsSetup();
    const ConnectionArn = await connection(events, oauth);
    const { $metadata: _, ...created } = await events.send(
      new CreateApiDestinationCommand({
        Name: 'd',
        ConnectionArn,
        HttpMethod: 'POST',
        InvocationEndpoint: 'https://example.com/api',
        Description: 'Test API destination',
      }),
    );
    expect(created).toEqual({
      ApiDestinationArn: expect.stringMatching(DESTINATION_ARN),
      ApiDestinationState: state,
      ...times,
    });
    const listed = {
      ApiDestinationArn: created.ApiDestinationArn,
      ApiDestinationState: state,
      ConnectionArn,
      HttpMethod: 'POST',
      InvocationEndpoint: 'https://example.com/api',
      InvocationRateLimitPerSecond: 300,
      Name: 'd',
      ...times,
    };
    const { $metadata: _d, ...described } = await events.send(new DescribeApiDestinationCommand({ Name: 'd' }));
    expect(described).toEqual({ ...listed, Description: 'Test API destination' });
    const list = await events.send(new ListApiDestinationsCommand({ NamePrefix: 'd' }));
    expect(list.ApiDestinations).toEqual([listed]);
    const { $metadata: _u, ...updated } = await events.send(
      new UpdateApiDestinationCommand({
        Name: 'd',
        ConnectionArn,
        HttpMethod: 'PUT',
        InvocationEndpoint: 'https://example.com/api/v2',
        Description: 'Updated API destination',
      }),
    );
    expect(updated).toEqual({ ApiDestinationArn: created.ApiDestinationArn, ApiDestinationState: state, ...times });
    expect(await events.send(new DescribeApiDestinationCommand({ Name: 'd' }))).toMatchObject({
      HttpMethod: 'PUT',
      InvocationEndpoint: 'https://example.com/api/v2',
      Description: 'Updated API destination',
    });
    const { $metadata: _x, ...deleted } = await events.send(new DeleteApiDestinationCommand({ Name: 'd' }));
    expect(deleted).toEqual({});
    expect(await failure(events.send(new DescribeApiDestinationCommand({ Name: 'd' })))).toMatchObject({
      name: 'ResourceNotFoundException',
      status: 400,
      message: "Failed to describe the api-destination(s). An api-destination 'd' does not exist.",
    });
  });

  // LocalStack's API_DESTINATION_AUTHS, as test_api_destinations sent them to AWS (recorded 2024-12).
  it.each([
    ['BASIC', 'BasicAuthParameters', { Username: 'user', Password: 'pass' }, 'ACTIVE'],
    ['API_KEY', 'ApiKeyAuthParameters', { ApiKeyName: 'Api', ApiKeyValue: 'apikey_secret' }, 'ACTIVE'],
    [
      'OAUTH_CLIENT_CREDENTIALS',
      'OAuthParameters',
      {
        AuthorizationEndpoint: 'replace_this',
        ClientParameters: { ClientID: 'id', ClientSecret: 'password' },
        HttpMethod: 'put',
        OAuthHttpParameters: {
          BodyParameters: [{ Key: 'oauthbody', Value: 'value1' }],
          HeaderParameters: [{ Key: 'oauthheader', Value: 'value2' }],
          QueryStringParameters: [{ Key: 'oauthquery', Value: 'value3' }],
        },
      },
      'INACTIVE',
    ],
  ])('test_api_destinations with %s (%s)', async (type, key, parameters, state) => {
    const { events } = eventsSetup();
    const { ConnectionArn } = await events.send(
      new CreateConnectionCommand({
        Name: 'c',
        AuthorizationType: type as never,
        AuthParameters: { [key]: parameters },
      }),
    );
    const created = await events.send(
      new CreateApiDestinationCommand({
        Name: 'd',
        ConnectionArn,
        HttpMethod: 'POST',
        InvocationEndpoint: 'https://example.com/api',
        Description: 'Test API destination',
      }),
    );
    expect(created.ApiDestinationState).toBe(state);
  });

  // moto's test_create_and_update_api_destination, each member on its own.
  it.each([
    ['Description', 'my aspi dest', 'my actual api dest'],
    ['InvocationEndpoint', 'www.google.com', 'www.google.cz'],
    ['InvocationRateLimitPerSecond', 1, 32],
    ['HttpMethod', 'GET', 'PATCH'],
  ])('UpdateApiDestination changes %s alone', async (key, initial, updated) => {
    const { events } = eventsSetup();
    const ConnectionArn = await connection(events);
    const input = {
      Name: 'test',
      Description: 'test-description',
      ConnectionArn,
      InvocationEndpoint: 'www.google.com',
      HttpMethod: 'GET',
    };
    await events.send(new CreateApiDestinationCommand({ ...input, [key]: initial } as never));
    expect((await events.send(new DescribeApiDestinationCommand({ Name: 'test' })))[key as 'Description']).toBe(
      initial,
    );
    await events.send(new UpdateApiDestinationCommand({ Name: 'test', [key]: updated }));
    expect((await events.send(new DescribeApiDestinationCommand({ Name: 'test' })))[key as 'Description']).toBe(
      updated,
    );
  });

  it('an unknown name, a taken name, a connection that does not exist', async () => {
    const { events } = eventsSetup();
    expect(await failure(events.send(new DeleteApiDestinationCommand({ Name: 'unknown' })))).toMatchObject({
      name: 'ResourceNotFoundException',
      message: "An api-destination 'unknown' does not exist.",
    });
    const ConnectionArn = await connection(events);
    const create = () =>
      events.send(
        new CreateApiDestinationCommand({
          Name: 'd',
          ConnectionArn,
          InvocationEndpoint: 'https://x',
          HttpMethod: 'POST',
        }),
      );
    await create();
    expect(await failure(create())).toMatchObject({
      name: 'ResourceAlreadyExistsException',
      message: "An api-destination 'd' already exists.",
    });
    const gone = ConnectionArn.replace('/c/', '/gone/');
    expect(
      await failure(
        events.send(
          new CreateApiDestinationCommand({
            Name: 'e',
            ConnectionArn: gone,
            InvocationEndpoint: 'https://x',
            HttpMethod: 'POST',
          }),
        ),
      ),
    ).toMatchObject({ name: 'ResourceNotFoundException', message: "Connection 'gone' does not exist." });
    expect((await events.send(new ListApiDestinationsCommand({ ConnectionArn }))).ApiDestinations).toHaveLength(1);
  });
});
