import {
  CreateApiDestinationCommand,
  CreateConnectionCommand,
  DeleteConnectionCommand,
  DescribeApiDestinationCommand,
  DescribeConnectionCommand,
  EventBridgeClient,
  EventBridgeServiceException,
  ListApiDestinationsCommand,
  ListConnectionsCommand,
  PutEventsCommand,
  PutRuleCommand,
  PutTargetsCommand,
  ResourceNotFoundException,
  UpdateApiDestinationCommand,
  UpdateConnectionCommand,
  DeauthorizeConnectionCommand,
  DeleteApiDestinationCommand,
} from '@aws-sdk/client-eventbridge';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type MockServer } from '../../src/server/index.js';

let server: MockServer;
let events: EventBridgeClient;
const credentials = { accessKeyId: 'x', secretAccessKey: 'x' };

beforeEach(async () => {
  server = await startServer({ port: 0 });
  events = new EventBridgeClient({ endpoint: server.endpoint, region: 'us-east-1', credentials });
});
afterEach(async () => {
  events.destroy();
  await server.close();
});

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof EventBridgeServiceException)) throw new Error(`expected an EventBridge error, got ${error}`);
  return error;
}

describe('connections and API destinations over AWS JSON 1.1 (docs/aws-behaviour/eventbridge.md §14)', () => {
  it('every command answers, with timestamps as dates and AWS errors with their classes and texts', async () => {
    const created = await events.send(
      new CreateConnectionCommand({
        Name: 'c',
        AuthorizationType: 'BASIC',
        AuthParameters: { BasicAuthParameters: { Username: 'user', Password: 'pass' } },
      }),
    );
    expect(created).toMatchObject({ ConnectionState: 'AUTHORIZED', CreationTime: expect.any(Date) });
    const described = await events.send(new DescribeConnectionCommand({ Name: 'c' }));
    expect(described.AuthParameters).toEqual({ BasicAuthParameters: { Username: 'user' } });
    expect(described.LastAuthorizedTime).toBeInstanceOf(Date);
    expect((await events.send(new ListConnectionsCommand({}))).Connections).toHaveLength(1);
    await events.send(new UpdateConnectionCommand({ Name: 'c', Description: 'd' }));
    const { ApiDestinationArn } = await events.send(
      new CreateApiDestinationCommand({
        Name: 'slack',
        ConnectionArn: created.ConnectionArn,
        InvocationEndpoint: 'https://hooks.example.com/*',
        HttpMethod: 'POST',
      }),
    );
    await events.send(new UpdateApiDestinationCommand({ Name: 'slack', InvocationRateLimitPerSecond: 5 }));
    expect(await events.send(new DescribeApiDestinationCommand({ Name: 'slack' }))).toMatchObject({
      ApiDestinationState: 'ACTIVE',
      InvocationRateLimitPerSecond: 5,
      CreationTime: expect.any(Date),
    });
    expect((await events.send(new ListApiDestinationsCommand({}))).ApiDestinations).toHaveLength(1);

    // A rule's target calls it: recorded in the server's account, answered by its handler.
    server.aws.events.apiDestination('slack').respond(() => ({ status: 202 }));
    await events.send(new PutRuleCommand({ Name: 'r', EventPattern: '{"source":["shop"]}' }));
    await events.send(
      new PutTargetsCommand({
        Rule: 'r',
        Targets: [{ Id: 'api', Arn: ApiDestinationArn, HttpParameters: { PathParameterValues: ['T1'] } }],
      }),
    );
    const { Entries } = await events.send(
      new PutEventsCommand({ Entries: [{ Source: 'shop', DetailType: 'OrderPlaced', Detail: '{"n":1}' }] }),
    );
    expect(server.aws.events.apiDestination('slack').calls()).toEqual([
      expect.objectContaining({ url: 'https://hooks.example.com/T1', status: 202, eventId: Entries![0]!.EventId }),
    ]);

    expect((await events.send(new DeauthorizeConnectionCommand({ Name: 'c' }))).ConnectionState).toBe('DEAUTHORIZING');
    expect(await events.send(new DeleteApiDestinationCommand({ Name: 'slack' }))).toMatchObject({});
    expect((await events.send(new DeleteConnectionCommand({ Name: 'c' }))).ConnectionState).toBe('DELETING');
    const missing = await failure(events.send(new DescribeConnectionCommand({ Name: 'c' })));
    expect(missing).toBeInstanceOf(ResourceNotFoundException);
    expect(missing.message).toBe("Failed to describe the connection(s). Connection 'c' does not exist.");
    expect(missing.$metadata.httpStatusCode).toBe(400);
  });

  it('a ValidationException lists every violation; a member of the wrong type is a SerializationException', async () => {
    const invalid = await failure(
      events.send(
        new CreateApiDestinationCommand({
          Name: 'd',
          ConnectionArn: 'invalid-connection-arn',
          HttpMethod: 'INVALID_METHOD' as never,
          InvocationEndpoint: 'invalid-endpoint',
        }),
      ),
    );
    expect(invalid.name).toBe('ValidationException');
    expect(invalid.message).toMatch(/^2 validation errors detected: Value 'invalid-connection-arn' at 'connectionArn'/);
    const wrongType = await failure(
      events.send(new CreateConnectionCommand({ Name: 'c', AuthorizationType: 'BASIC', AuthParameters: 'x' as never })),
    );
    expect(wrongType.name).toBe('SerializationException');
  });
});
