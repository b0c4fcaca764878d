import {
  ConflictException,
  CreateScheduleCommand,
  CreateScheduleGroupCommand,
  DeleteScheduleCommand,
  DeleteScheduleGroupCommand,
  GetScheduleCommand,
  GetScheduleGroupCommand,
  ListScheduleGroupsCommand,
  ListSchedulesCommand,
  ListTagsForResourceCommand,
  ResourceNotFoundException,
  SchedulerClient,
  TagResourceCommand,
  UntagResourceCommand,
  UpdateScheduleCommand,
  ValidationException,
} from '@aws-sdk/client-scheduler';
import { CreateQueueCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { controlClient, startServer, type MockServer } from '../../src/server/index.js';

let server: MockServer;
let scheduler: SchedulerClient;
let sqs: SQSClient;
const credentials = { accessKeyId: 'x', secretAccessKey: 'x' };
const ROLE = 'arn:aws:iam::000000000000:role/scheduler';
const OFF = { Mode: 'OFF' as const };
const HOUR = 3_600_000;

beforeEach(async () => {
  server = await startServer({ port: 0 });
  scheduler = new SchedulerClient({ endpoint: server.endpoint, region: 'us-east-1', credentials });
  sqs = new SQSClient({ endpoint: server.endpoint, region: 'us-east-1', credentials });
});
afterEach(async () => {
  scheduler.destroy();
  sqs.destroy();
  await server.close();
});

/** `at(…)` of a UTC time `ms` after the server's clock, to the second. */
const atFromNow = (ms: number) => `at(${new Date(server.aws.clock.now() + ms).toISOString().slice(0, 19)})`;

describe('EventBridge Scheduler over REST-JSON with the SDK v3', () => {
  it('fires an at() schedule into a queue when the control route moves the clock past it', async () => {
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'reminders' }));
    const expression = atFromNow(HOUR);
    const { ScheduleArn } = await scheduler.send(
      new CreateScheduleCommand({
        Name: 'remind',
        ScheduleExpression: expression,
        FlexibleTimeWindow: OFF,
        Target: { Arn: server.aws.sqs.queue('reminders').arn, RoleArn: ROLE, Input: '{"say":"hello"}' },
      }),
    );
    expect(ScheduleArn).toBe('arn:aws:scheduler:us-east-1:000000000000:schedule/default/remind');
    const control = controlClient(server.endpoint);
    await control.advance(HOUR - 1000);
    expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl }))).Messages).toBeUndefined();
    await control.advance(1000);
    const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    expect(Messages!.map((message) => message.Body)).toEqual(['{"say":"hello"}']);
    expect(server.aws.scheduler.schedule('remind').fired()).toEqual([
      { at: new Date(`${expression.slice(3, -1)}Z`), target: server.aws.sqs.queue('reminders').arn, delivered: true },
    ]);
  });

  it('creates, reads, lists, updates and deletes schedules and groups, with timestamps and tags', async () => {
    const { ScheduleGroupArn } = await scheduler.send(
      new CreateScheduleGroupCommand({
        Name: 'ops',
        Tags: [
          { Key: 'team', Value: 'a' },
          { Key: 'tier', Value: '1' },
        ],
      }),
    );
    expect(ScheduleGroupArn).toBe('arn:aws:scheduler:us-east-1:000000000000:schedule-group/ops');
    const group = await scheduler.send(new GetScheduleGroupCommand({ Name: 'ops' }));
    expect(group).toMatchObject({ Name: 'ops', State: 'ACTIVE' });
    expect(group.CreationDate).toEqual(new Date(server.aws.clock.now()));

    // StartDate and EndDate travel as epoch seconds both ways (wire.md §8.4); whole seconds, because
    // client-scheduler 3.363 (the oldest tested) rounds a Date to the second when it writes it.
    const second = Math.ceil(server.aws.clock.now() / 1000) * 1000;
    const StartDate = new Date(second + HOUR);
    const EndDate = new Date(second + 24 * HOUR);
    const Target = { Arn: 'arn:aws:sqs:us-east-1:000000000000:nowhere', RoleArn: ROLE };
    await scheduler.send(
      new CreateScheduleCommand({
        Name: 'tick',
        GroupName: 'ops',
        ScheduleExpression: 'rate(5 minutes)',
        FlexibleTimeWindow: OFF,
        StartDate,
        EndDate,
        Target,
      }),
    );
    await scheduler.send(
      new CreateScheduleCommand({ Name: 'other', ScheduleExpression: 'rate(1 hour)', FlexibleTimeWindow: OFF, Target }),
    );
    const tick = await scheduler.send(new GetScheduleCommand({ Name: 'tick', GroupName: 'ops' }));
    expect(tick).toMatchObject({ GroupName: 'ops', ScheduleExpression: 'rate(5 minutes)', State: 'ENABLED' });
    expect([tick.StartDate, tick.EndDate]).toEqual([StartDate, EndDate]);

    const inOps = await scheduler.send(new ListSchedulesCommand({ GroupName: 'ops', MaxResults: 10 }));
    expect(inOps.Schedules!.map((schedule) => schedule.Name)).toEqual(['tick']);
    const named = await scheduler.send(new ListSchedulesCommand({ NamePrefix: 'oth' }));
    expect(named.Schedules!.map((schedule) => schedule.Name)).toEqual(['other']);
    const groups = await scheduler.send(new ListScheduleGroupsCommand({ MaxResults: 1 }));
    expect(groups.ScheduleGroups).toHaveLength(1);
    expect(groups.NextToken).toBeDefined();

    await scheduler.send(
      new UpdateScheduleCommand({
        Name: 'tick',
        GroupName: 'ops',
        ScheduleExpression: 'rate(10 minutes)',
        FlexibleTimeWindow: OFF,
        State: 'DISABLED',
        Target,
      }),
    );
    expect(server.aws.scheduler.schedule('tick', { group: 'ops' })).toMatchObject({ state: 'DISABLED' });

    // The group's ARN holds a slash: a path label the SDK percent-encodes whole.
    const ResourceArn = ScheduleGroupArn!;
    await scheduler.send(new TagResourceCommand({ ResourceArn, Tags: [{ Key: 'env', Value: 'dev' }] }));
    await scheduler.send(new UntagResourceCommand({ ResourceArn, TagKeys: ['team', 'tier'] }));
    expect((await scheduler.send(new ListTagsForResourceCommand({ ResourceArn }))).Tags).toEqual([
      { Key: 'env', Value: 'dev' },
    ]);

    await scheduler.send(new DeleteScheduleCommand({ Name: 'tick', GroupName: 'ops' }));
    await scheduler.send(new DeleteScheduleGroupCommand({ Name: 'ops' }));
    const left = await scheduler.send(new ListSchedulesCommand({}));
    expect(left.Schedules!.map((schedule) => schedule.Name)).toEqual(['other']);
  });

  it('answers 404, 409 and 400 with the classes of the SDK and their texts', async () => {
    const missing = await scheduler.send(new GetScheduleCommand({ Name: 'nope' })).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ResourceNotFoundException);
    expect(missing).toMatchObject({ message: 'Schedule nope does not exist.', $metadata: { httpStatusCode: 404 } });
    const noGroup = await scheduler.send(new DeleteScheduleGroupCommand({ Name: 'nope' })).catch((e: unknown) => e);
    expect(noGroup).toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'Schedule group nope does not exist.',
    });

    const input = {
      Name: 'twice',
      ScheduleExpression: 'rate(1 hour)',
      FlexibleTimeWindow: OFF,
      Target: { Arn: 'arn:aws:sqs:us-east-1:000000000000:q', RoleArn: ROLE },
    };
    await scheduler.send(new CreateScheduleCommand(input));
    const taken = await scheduler.send(new CreateScheduleCommand(input)).catch((e: unknown) => e);
    expect(taken).toBeInstanceOf(ConflictException);
    expect(taken).toMatchObject({ message: 'Schedule twice already exists.', $metadata: { httpStatusCode: 409 } });

    const bad = await scheduler
      .send(new CreateScheduleCommand({ ...input, Name: 'bad', ScheduleExpression: 'every day' }))
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ValidationException);
    expect(bad).toMatchObject({
      message: 'Invalid Schedule Expression every day.',
      $metadata: { httpStatusCode: 400 },
    });
  });

  it('answers a malformed body or query 400 SerializationException, and an unknown route 501', async () => {
    const post = (path: string, body: string, method = 'POST') => fetch(`${server.endpoint}${path}`, { method, body });
    const malformed = await post('/schedules/x', '{oops');
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('x-amzn-errortype')).toBe('SerializationException');
    const badNumber = await fetch(`${server.endpoint}/schedules?MaxResults=ten`);
    expect(badNumber.status).toBe(400);
    const unknown = await post('/schedules/x', '{}', 'PATCH');
    expect(unknown.status).toBe(501);
    expect(await unknown.json()).toEqual({ Message: "Scheduler's PATCH /schedules/x is not emulated." });
  });
});
