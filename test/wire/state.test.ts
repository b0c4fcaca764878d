import {
  CreateEventBusCommand,
  DisableRuleCommand,
  EventBridgeClient,
  PutRuleCommand,
  PutTargetsCommand,
} from '@aws-sdk/client-eventbridge';
import { CreateScheduleCommand, CreateScheduleGroupCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { CreateQueueCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { controlClient, startServer, type ControlClient, type MockServer } from '../../src/server/index.js';

let server: MockServer;
let control: ControlClient;
const clients: { destroy(): void }[] = [];
const credentials = { accessKeyId: 'x', secretAccessKey: 'x' };
const config = () => ({ endpoint: server.endpoint, region: 'us-east-1', credentials });
const ACCOUNT = '000000000000';
const ROLE = `arn:aws:iam::${ACCOUNT}:role/scheduler`;

beforeEach(async () => {
  server = await startServer({ port: 0 });
  control = controlClient(server.endpoint);
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await server.close();
});

function client<Client extends { destroy(): void }>(made: Client): Client {
  clients.push(made);
  return made;
}

describe('GET /_mock/state: EventBridge and Scheduler', () => {
  it('answers empty lists for an untouched server without loading the EventBridge or Scheduler part', async () => {
    const state = await control.state();
    expect(state).toMatchObject({ queues: [], buses: [], rules: [], schedules: [] });
    expect(server.aws.events.loaded).toBe(false);
    expect(server.aws.scheduler.loaded).toBe(false);
    await control.reset();
    expect(await control.state()).toMatchObject({ buses: [], rules: [], schedules: [] });
    expect(server.aws.events.loaded).toBe(false);
    expect(server.aws.scheduler.loaded).toBe(false);
  });

  it('lists the buses with their rule counts and the rules with their targets, by name', async () => {
    const events = client(new EventBridgeClient(config()));
    const sqs = client(new SQSClient(config()));
    await sqs.send(new CreateQueueCommand({ QueueName: 'placed' }));
    const queueArn = `arn:aws:sqs:us-east-1:${ACCOUNT}:placed`;
    await events.send(new CreateEventBusCommand({ Name: 'orders' }));
    await events.send(
      new PutRuleCommand({ Name: 'to-queue', EventBusName: 'orders', EventPattern: '{"source":["shop"]}' }),
    );
    await events.send(
      new PutTargetsCommand({
        Rule: 'to-queue',
        EventBusName: 'orders',
        Targets: [
          { Id: 'a', Arn: queueArn },
          { Id: 'b', Arn: queueArn },
        ],
      }),
    );
    await events.send(new PutRuleCommand({ Name: 'hourly', ScheduleExpression: 'rate(1 hour)' }));
    await events.send(new DisableRuleCommand({ Name: 'hourly' }));
    await events.send(new PutRuleCommand({ Name: 'audit', EventBusName: 'orders', EventPattern: '{"source":["x"]}' }));

    const state = await control.state();
    expect(state.buses).toEqual([
      { name: 'default', arn: `arn:aws:events:us-east-1:${ACCOUNT}:event-bus/default`, rules: 1 },
      { name: 'orders', arn: `arn:aws:events:us-east-1:${ACCOUNT}:event-bus/orders`, rules: 2 },
    ]);
    expect(state.rules).toEqual([
      {
        name: 'audit',
        arn: `arn:aws:events:us-east-1:${ACCOUNT}:rule/orders/audit`,
        eventBusName: 'orders',
        state: 'ENABLED',
        targets: 0,
      },
      {
        name: 'hourly',
        arn: `arn:aws:events:us-east-1:${ACCOUNT}:rule/hourly`,
        eventBusName: 'default',
        state: 'DISABLED',
        targets: 0,
        scheduleExpression: 'rate(1 hour)',
      },
      {
        name: 'to-queue',
        arn: `arn:aws:events:us-east-1:${ACCOUNT}:rule/orders/to-queue`,
        eventBusName: 'orders',
        state: 'ENABLED',
        targets: 2,
      },
    ]);
    expect(state.schedules).toEqual([]);
    expect(server.aws.scheduler.loaded).toBe(false);
  });

  it('lists the schedules of every group, by name, with their expression and target', async () => {
    const scheduler = client(new SchedulerClient(config()));
    await scheduler.send(new CreateScheduleGroupCommand({ Name: 'ops' }));
    const queueArn = `arn:aws:sqs:us-east-1:${ACCOUNT}:reminders`;
    const create = (Name: string, GroupName: string | undefined, ScheduleExpression: string) =>
      scheduler.send(
        new CreateScheduleCommand({
          Name,
          ...(GroupName ? { GroupName } : {}),
          ScheduleExpression,
          FlexibleTimeWindow: { Mode: 'OFF' },
          Target: { Arn: queueArn, RoleArn: ROLE },
          ...(Name === 'paused' ? { State: 'DISABLED' } : {}),
        }),
      );
    await create('tick', 'ops', 'rate(5 minutes)');
    await create('paused', undefined, 'cron(0 9 * * ? *)');
    await create('tick', undefined, 'rate(1 hour)');

    const state = await control.state();
    expect(state.schedules).toEqual([
      {
        name: 'paused',
        groupName: 'default',
        arn: `arn:aws:scheduler:us-east-1:${ACCOUNT}:schedule/default/paused`,
        state: 'DISABLED',
        scheduleExpression: 'cron(0 9 * * ? *)',
        targetArn: queueArn,
      },
      {
        name: 'tick',
        groupName: 'default',
        arn: `arn:aws:scheduler:us-east-1:${ACCOUNT}:schedule/default/tick`,
        state: 'ENABLED',
        scheduleExpression: 'rate(1 hour)',
        targetArn: queueArn,
      },
      {
        name: 'tick',
        groupName: 'ops',
        arn: `arn:aws:scheduler:us-east-1:${ACCOUNT}:schedule/ops/tick`,
        state: 'ENABLED',
        scheduleExpression: 'rate(5 minutes)',
        targetArn: queueArn,
      },
    ]);
    expect(state).toMatchObject({ buses: [], rules: [] });
    expect(server.aws.events.loaded).toBe(false);
  });
});

describe('GET /_mock/state: queue counts', () => {
  it('counts visible, in-flight and delayed messages from the counts the queue keeps', async () => {
    const sqs = client(new SQSClient(config()));
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'counted' }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'now' }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'soon' }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'later', DelaySeconds: 60 }));
    await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    expect((await control.state()).queues[0]!.messages).toEqual({ visible: 1, inFlight: 1, delayed: 1 });
    await control.advance(60_000);
    expect((await control.state()).queues[0]!.messages).toEqual({ visible: 3, inFlight: 0, delayed: 0 });
  });
});
