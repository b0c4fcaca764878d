/**
 * Bus permissions, archives, replays and partner event sources (docs/aws-behaviour/eventbridge.md §15–§18) over AWS
 * JSON 1.1 with the SDK v3: every new command answers through the server's codec, timestamps in and out (StartReplay's
 * window, the archives' and replays' times) as epoch seconds, errors with AWS's class and status.
 */
import {
  ActivateEventSourceCommand,
  CancelReplayCommand,
  CreateArchiveCommand,
  CreateEventBusCommand,
  CreatePartnerEventSourceCommand,
  DeactivateEventSourceCommand,
  DeleteArchiveCommand,
  DeletePartnerEventSourceCommand,
  DescribeArchiveCommand,
  DescribeEventBusCommand,
  DescribeEventSourceCommand,
  DescribePartnerEventSourceCommand,
  DescribeReplayCommand,
  EventBridgeClient,
  IllegalStatusException,
  ListArchivesCommand,
  ListEventSourcesCommand,
  ListPartnerEventSourceAccountsCommand,
  ListPartnerEventSourcesCommand,
  ListReplaysCommand,
  PutEventsCommand,
  PutPartnerEventsCommand,
  PutPermissionCommand,
  PutRuleCommand,
  PutTargetsCommand,
  RemovePermissionCommand,
  ResourceAlreadyExistsException,
  ResourceNotFoundException,
  StartReplayCommand,
  UpdateArchiveCommand,
} from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { controlClient, startServer, type MockServer } from '../../src/server/index.js';

let server: MockServer;
let events: EventBridgeClient;
let sqs: SQSClient;
const credentials = { accessKeyId: 'x', secretAccessKey: 'x' };
const BUS = 'arn:aws:events:us-east-1:000000000000:event-bus/default';

beforeEach(async () => {
  server = await startServer({ port: 0 });
  events = new EventBridgeClient({ endpoint: server.endpoint, region: 'us-east-1', credentials });
  sqs = new SQSClient({ endpoint: server.endpoint, region: 'us-east-1', credentials });
});
afterEach(async () => {
  events.destroy();
  sqs.destroy();
  await server.close();
});

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('over AWS JSON 1.1 with the SDK v3', () => {
  it('PutPermission, the Policy of DescribeEventBus, RemovePermission', async () => {
    await events.send(new PutPermissionCommand({ Action: 'events:PutEvents', Principal: '*', StatementId: 'all' }));
    const { Policy } = await events.send(new DescribeEventBusCommand({}));
    expect(JSON.parse(Policy!)).toEqual({
      Version: '2012-10-17',
      Statement: [{ Sid: 'all', Effect: 'Allow', Principal: '*', Action: 'events:PutEvents', Resource: BUS }],
    });
    await events.send(new RemovePermissionCommand({ StatementId: 'all' }));
    expect(await events.send(new DescribeEventBusCommand({}))).not.toHaveProperty('Policy');
    const missing = await rejection(events.send(new RemovePermissionCommand({ StatementId: 'all' })));
    expect(missing).toBeInstanceOf(ResourceNotFoundException);
    expect(missing).toMatchObject({ $metadata: { httpStatusCode: 400 } });
  });

  it('an archive, its events, a replay through its states by the clock route, and their errors', async () => {
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
    await events.send(new PutRuleCommand({ Name: 'orders', EventPattern: '{"source":["shop"]}' }));
    await events.send(
      new PutTargetsCommand({ Rule: 'orders', Targets: [{ Id: 'q', Arn: server.aws.sqs.queue('orders').arn }] }),
    );
    const created = await events.send(
      new CreateArchiveCommand({ ArchiveName: 'orders-archive', EventSourceArn: BUS, RetentionDays: 1 }),
    );
    expect(Math.abs(created.CreationTime!.getTime() - server.aws.clock.now())).toBeLessThan(5_000);
    const duplicate = await rejection(
      events.send(new CreateArchiveCommand({ ArchiveName: 'orders-archive', EventSourceArn: BUS })),
    );
    expect(duplicate).toBeInstanceOf(ResourceAlreadyExistsException);
    const start = new Date(Math.floor(server.aws.clock.now() / 1000) * 1000 - 60_000);
    await events.send(new PutEventsCommand({ Entries: [{ Source: 'shop', DetailType: 'Order', Detail: '{"n":1}' }] }));
    await events.send(new UpdateArchiveCommand({ ArchiveName: 'orders-archive', Description: 'all orders' }));
    expect(await events.send(new DescribeArchiveCommand({ ArchiveName: 'orders-archive' }))).toMatchObject({
      EventCount: 1,
      Description: 'all orders',
    });
    expect((await events.send(new ListArchivesCommand({}))).Archives).toHaveLength(1);
    await sqs.send(new ReceiveMessageCommand({ QueueUrl, VisibilityTimeout: 0 }));

    const end = new Date(start.getTime() + 3_600_000);
    const started = await events.send(
      new StartReplayCommand({
        ReplayName: 'fix-1',
        EventSourceArn: created.ArchiveArn,
        EventStartTime: start,
        EventEndTime: end,
        Destination: { Arn: BUS },
      }),
    );
    expect(started.State).toBe('STARTING');
    await controlClient(server.endpoint).runUntilIdle();
    const replay = await events.send(new DescribeReplayCommand({ ReplayName: 'fix-1' }));
    expect(replay).toMatchObject({ State: 'COMPLETED', EventStartTime: start, EventEndTime: end });
    expect((await events.send(new ListReplaysCommand({}))).Replays!.map((r) => r.ReplayName)).toEqual(['fix-1']);
    const bodies = (await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }))).Messages!.map(
      (message) => JSON.parse(message.Body!),
    );
    expect(bodies.map((body) => body['replay-name'])).toContain('fix-1');
    const cancel = await rejection(events.send(new CancelReplayCommand({ ReplayName: 'fix-1' })));
    expect(cancel).toBeInstanceOf(IllegalStatusException);
    await events.send(new DeleteArchiveCommand({ ArchiveName: 'orders-archive' }));
  });

  it('a partner event source, its partner bus, and partner events on it', async () => {
    const name = 'aws.partner/example.com/orders/1';
    await events.send(new CreatePartnerEventSourceCommand({ Name: name, Account: '000000000000' }));
    expect((await events.send(new DescribePartnerEventSourceCommand({ Name: name }))).Name).toBe(name);
    expect(
      (await events.send(new ListPartnerEventSourcesCommand({ NamePrefix: 'aws.partner/example.com/' })))
        .PartnerEventSources,
    ).toHaveLength(1);
    expect((await events.send(new DescribeEventSourceCommand({ Name: name }))).State).toBe('PENDING');
    await events.send(new CreateEventBusCommand({ Name: name, EventSourceName: name }));
    await events.send(new DeactivateEventSourceCommand({ Name: name }));
    await events.send(new ActivateEventSourceCommand({ Name: name }));
    expect((await events.send(new ListEventSourcesCommand({}))).EventSources![0]!.State).toBe('ACTIVE');
    const accounts = await events.send(new ListPartnerEventSourceAccountsCommand({ EventSourceName: name }));
    expect(accounts.PartnerEventSourceAccounts![0]).toMatchObject({ Account: '000000000000', State: 'ACTIVE' });
    const put = await events.send(
      new PutPartnerEventsCommand({
        Entries: [{ Source: name, DetailType: 'Order', Detail: '{}', Time: new Date('2025-03-04T05:06:07Z') }],
      }),
    );
    expect(put.FailedEntryCount).toBe(0);
    expect(server.aws.events.bus(name).events()[0]).toMatchObject({
      id: put.Entries![0]!.EventId,
      time: new Date('2025-03-04T05:06:07Z'),
    });
    await events.send(new DeletePartnerEventSourceCommand({ Name: name, Account: '000000000000' }));
    expect((await events.send(new DescribeEventSourceCommand({ Name: name }))).State).toBe('DELETED');
  });
});
