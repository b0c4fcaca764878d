import * as EventBridge from '@aws-sdk/client-eventbridge';
import * as Lambda from '@aws-sdk/client-lambda';
import * as Scheduler from '@aws-sdk/client-scheduler';
import * as SNS from '@aws-sdk/client-sns';
import * as SQS from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { createAwsMock } from '../src/index.js';
import { networkTrap, rejectionOf } from './helpers.js';
import { expectAsTheSdk } from './support/as-the-sdk.js';

/**
 * Values a loosely typed caller can pass that the SDK's own serializer may refuse before anything is sent
 * (docs/aws-behaviour/sdk.md §3.5): each command runs through a client without the mock whose request handler records
 * that it was reached (nothing goes further), and through a client with the mock. Where the real client throws, the
 * mocked one throws the same class and text; where it sends, the mocked one answers as the service would, never a
 * TypeError of its own. Run against the oldest and newest SDK too (scripts/sdk-range.sh), whose serializers differ.
 */

const config = { region: 'us-east-1', requestHandler: networkTrap };

function cycle(): Record<string, unknown> {
  const value: Record<string, unknown> = { a: 'x' };
  value['self'] = value;
  return value;
}

function cyclicList(): unknown[] {
  const list: unknown[] = ['x'];
  list.push(list);
  return list;
}

function bare(value: unknown): object {
  const object = Object.create(null) as Record<string, unknown>;
  object['k'] = value;
  return object;
}

type AnyClient = { send(command: never): Promise<unknown>; middlewareStack: { use(plugin: never): void } };
type Case = [label: string, service: 'sqs' | 'sns' | 'lambda' | 'events' | 'scheduler', command: () => object];

const CLIENTS = {
  sqs: SQS.SQSClient,
  sns: SNS.SNSClient,
  lambda: Lambda.LambdaClient,
  events: EventBridge.EventBridgeClient,
  scheduler: Scheduler.SchedulerClient,
} as const;

const url = 'https://sqs.us-east-1.amazonaws.com/000000000000/q';
const topic = 'arn:aws:sns:us-east-1:000000000000:t';
const fn = { FunctionName: 'f', Role: 'arn:aws:iam::000000000000:role/r', Runtime: 'nodejs20.x' as const, Code: {} };
const schedule = { Name: 's', ScheduleExpression: 'rate(1 minute)', FlexibleTimeWindow: { Mode: 'OFF' as const } };
const target = { Arn: 'arn:aws:sqs:us-east-1:000000000000:q', RoleArn: 'arn:aws:iam::000000000000:role/r' };
const any = (value: unknown) => value as never;

const CASES: Case[] = [
  [
    'a cyclic map of environment variables',
    'lambda',
    () => new Lambda.CreateFunctionCommand({ ...fn, Environment: { Variables: any(cycle()) } }),
  ],
  [
    'a cyclic Environment structure',
    'lambda',
    () => new Lambda.CreateFunctionCommand({ ...fn, Environment: any(cycle()) }),
  ],
  ['cyclic Tags', 'lambda', () => new Lambda.CreateFunctionCommand({ ...fn, Tags: any(cycle()) })],
  [
    'a list of layers that holds itself',
    'lambda',
    () => new Lambda.CreateFunctionCommand({ ...fn, Layers: any(cyclicList()) }),
  ],
  ['a BigInt Timeout', 'lambda', () => new Lambda.CreateFunctionCommand({ ...fn, Timeout: any(5n) })],
  ['a BigInt among Tags', 'lambda', () => new Lambda.CreateFunctionCommand({ ...fn, Tags: any({ a: 5n }) })],
  // A map key is written as its values are: URI-encoded over query (SQS before 3.447.0), where a lone surrogate fails.
  ['a tag key with a lone surrogate', 'sqs', () => new SQS.TagQueueCommand({ QueueUrl: url, Tags: { '\ud800': 'v' } })],
  [
    'a message attribute named with a lone surrogate',
    'sns',
    () =>
      new SNS.PublishCommand({
        TopicArn: topic,
        Message: 'm',
        MessageAttributes: { '\udc00': { DataType: 'String', StringValue: 'v' } },
      }),
  ],
  ['a cyclic object as Handler', 'lambda', () => new Lambda.CreateFunctionCommand({ ...fn, Handler: any(cycle()) })],
  [
    'cyclic FilterCriteria',
    'lambda',
    () => new Lambda.CreateEventSourceMappingCommand({ FunctionName: 'f', FilterCriteria: any(cycle()) }),
  ],
  [
    'cyclic Tags of TagResource',
    'lambda',
    () =>
      new Lambda.TagResourceCommand({
        Resource: 'arn:aws:lambda:us-east-1:000000000000:function:f',
        Tags: any(cycle()),
      }),
  ],
  ['a cyclic MessageBody', 'sqs', () => new SQS.SendMessageCommand({ QueueUrl: url, MessageBody: any(cycle()) })],
  ['a BigInt MessageBody', 'sqs', () => new SQS.SendMessageCommand({ QueueUrl: url, MessageBody: any(5n) })],
  [
    'a MessageBody without a prototype',
    'sqs',
    () => new SQS.SendMessageCommand({ QueueUrl: url, MessageBody: any(bare(5n)) }),
  ],
  [
    'cyclic MessageAttributes',
    'sqs',
    () => new SQS.SendMessageCommand({ QueueUrl: url, MessageBody: 'x', MessageAttributes: any(cycle()) }),
  ],
  [
    'a BigInt queue attribute',
    'sqs',
    () => new SQS.CreateQueueCommand({ QueueName: 'q', Attributes: any({ DelaySeconds: 5n }) }),
  ],
  ['cyclic queue attributes', 'sqs', () => new SQS.CreateQueueCommand({ QueueName: 'q', Attributes: any(cycle()) })],
  [
    'a list of attribute names that holds itself',
    'sqs',
    () => new SQS.GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: any(cyclicList()) }),
  ],
  ['a cyclic Message', 'sns', () => new SNS.PublishCommand({ TopicArn: topic, Message: any(cycle()) })],
  ['a Message without a prototype', 'sns', () => new SNS.PublishCommand({ TopicArn: topic, Message: any(bare(1)) })],
  ['cyclic topic attributes', 'sns', () => new SNS.CreateTopicCommand({ Name: 't', Attributes: any(cycle()) })],
  [
    'a cyclic Detail',
    'events',
    () => new EventBridge.PutEventsCommand({ Entries: [{ Source: 's', DetailType: 'd', Detail: any(cycle()) }] }),
  ],
  [
    'a BigInt among Resources',
    'events',
    () =>
      new EventBridge.PutEventsCommand({
        Entries: [{ Source: 's', DetailType: 'd', Detail: '{}', Resources: any([5n]) }],
      }),
  ],
  [
    'a list of tags that holds itself',
    'events',
    () => new EventBridge.PutRuleCommand({ Name: 'r', ScheduleExpression: 'rate(1 minute)', Tags: any(cyclicList()) }),
  ],
  ['a cyclic Target', 'scheduler', () => new Scheduler.CreateScheduleCommand({ ...schedule, Target: any(cycle()) })],
  [
    'a BigInt Input of the target',
    'scheduler',
    () => new Scheduler.CreateScheduleCommand({ ...schedule, Target: { ...target, Input: any(5n) } }),
  ],
];

function mockedClient(service: Case[1]): AnyClient {
  const aws = createAwsMock();
  const client = new CLIENTS[service](config) as unknown as AnyClient;
  client.middlewareStack.use(aws[service] as never);
  return client;
}

describe('values the SDK serializer refuses (sdk.md §3.5)', () => {
  it.each(CASES)(
    '%s (%s): the mocked client fails where the real one does, with its error',
    async (_label, service, make) => {
      // Where the SDK sends it, the service answers (an AWS error or a success), never a serializer's error.
      await expectAsTheSdk(mockedClient(service), make, async (sending) => {
        const answer = await sending.catch((error: unknown) => error);
        expect(answer).not.toBeInstanceOf(TypeError);
        expect(answer).not.toBeInstanceOf(RangeError);
      });
    },
  );

  it('fails as the SDK does for a tag key with a lone surrogate on a queue that exists (the answer a success)', async () => {
    // The query serializer (SQS before 3.447.0) URI-encodes the key: URIError. The JSON one sends it.
    const sqs = mockedClient('sqs') as unknown as SQS.SQSClient;
    const { QueueUrl } = await sqs.send(new SQS.CreateQueueCommand({ QueueName: 'q' }));
    await expectAsTheSdk(
      sqs as never,
      () => new SQS.TagQueueCommand({ QueueUrl, Tags: { '\ud800': '\u{10000}' } }),
      async (sending) => expect(await sending.catch((error: unknown) => error)).not.toBeInstanceOf(URIError),
    );
  });

  it('throws the SDK serializer’s TypeError for a cyclic member of a LambdaClient input, before any request', async () => {
    // A list that holds itself: a TypeError from JSON.stringify in every SDK version (a cyclic map overflows the
    // stack in the old ones, §3.5).
    const lambda = mockedClient('lambda');
    const mocked = await rejectionOf(
      lambda.send(new Lambda.CreateFunctionCommand({ ...fn, Layers: any(cyclicList()) }) as never),
    );
    expect(mocked).toBeInstanceOf(TypeError);
    expect((mocked as Error).message).toMatch(/^Converting circular structure to JSON/);
  });
});
