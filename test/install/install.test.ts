/**
 * `aws.install(Class)`: every client of the class, made before or after, is answered by the mock under the SDK's own
 * middleware, until `restore()`.
 */
import { CreateTopicCommand, ListTopicsCommand, SNSClient } from '@aws-sdk/client-sns';
import {
  CreateQueueCommand,
  GetQueueUrlCommand,
  ListQueuesCommand,
  QueueDoesNotExist,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { createAwsMock } from '../../src/index.js';
import { networkTrap, ONE_ATTEMPT, rejectionOf } from '../helpers.js';
import { guardNetworkForFile } from './network-guard.js';

// Made before any install, as a module's `export const sqs = new SQSClient({})` is.
const early = new SQSClient({});
// Would reach the network (the trap) if the mock did not answer: it has a region and credentials.
const trapped = () =>
  new SQSClient({
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    requestHandler: networkTrap,
    ...ONE_ATTEMPT,
  });

guardNetworkForFile();

describe('aws.install(SQSClient)', () => {
  const aws = createAwsMock();
  afterEach(() => {
    aws.restore();
    aws.reset();
  });

  it('answers a command sent right after the first install, before the SDK package is loaded', async () => {
    aws.install(SQSClient);
    const { QueueUrl } = await early.send(new CreateQueueCommand({ QueueName: 'at-once' }));
    expect(QueueUrl).toBe('https://sqs.us-east-1.amazonaws.com/000000000000/at-once');
  });

  it('answers clients made before and after the install, through the SDK (its error classes)', async () => {
    aws.install(SQSClient);
    const late = new SQSClient({});
    await early.send(new CreateQueueCommand({ QueueName: 'orders' }));
    const { QueueUrl } = await late.send(new GetQueueUrlCommand({ QueueName: 'orders' }));
    await late.send(new SendMessageCommand({ QueueUrl, MessageBody: 'hello' }));
    expect(
      aws.sqs
        .queue('orders')
        .messages()
        .map((m) => m.body),
    ).toEqual(['hello']);
    const error = await rejectionOf(late.send(new GetQueueUrlCommand({ QueueName: 'absent' })));
    expect(error).toBeInstanceOf(QueueDoesNotExist);
  });

  // Under `npm run test:sdk-range`, require() finds the devDependencies' SDK, another copy than the aliased import.
  const required = createRequire(import.meta.url);
  const sameCopy = (required('@aws-sdk/client-sqs') as { SQSClient: unknown }).SQSClient === SQSClient;
  it.runIf(sameCopy)('answers a CommonJS library client, at its module top and made per call', async () => {
    const lib = required('./fixtures/orders-lib.cjs') as {
      createAtTop(name: string): Promise<{ QueueUrl?: string }>;
      createPerCall(name: string): Promise<{ QueueUrl?: string }>;
    };
    aws.install(SQSClient);
    await lib.createAtTop('top');
    await lib.createPerCall('per-call');
    expect(aws.sqs.queues().map((q) => q.name)).toEqual(['per-call', 'top']);
  });

  it('acts in the region of an installed client that has one', async () => {
    aws.install(SQSClient);
    const { QueueUrl } = await new SQSClient({ region: 'eu-west-1' }).send(new CreateQueueCommand({ QueueName: 'q' }));
    expect(QueueUrl).toBe('https://sqs.eu-west-1.amazonaws.com/000000000000/q');
    expect(aws.sqs.queue(QueueUrl!).name).toBe('q');
  });

  it('answers through the callback form of send', async () => {
    aws.install(SQSClient);
    const output = await new Promise((resolve, reject) =>
      early.send(new ListQueuesCommand({}), (error: unknown, data?: unknown) =>
        error ? reject(error) : resolve(data),
      ),
    );
    expect(output).toMatchObject({ $metadata: { httpStatusCode: 200 } });
  });

  it('stops with handle.restore() and with aws.restore(); reset() keeps the install', async () => {
    const client = trapped();
    const handle = aws.install(SQSClient);
    await client.send(new CreateQueueCommand({ QueueName: 'kept' }));
    aws.reset();
    await client.send(new CreateQueueCommand({ QueueName: 'kept' }));
    expect(aws.sqs.queues().map((q) => q.name)).toEqual(['kept']);
    handle.restore();
    expect((await rejectionOf(client.send(new ListQueuesCommand({})))).message).toBe('the network was reached');
    aws.install(SQSClient);
    aws.restore();
    expect((await rejectionOf(client.send(new ListQueuesCommand({})))).message).toBe('the network was reached');
    expect(Object.hasOwn(SQSClient.prototype, 'send')).toBe(false);
  });

  it('follows a later install of another mock in a cacheMiddleware client', async () => {
    const client = new SQSClient({ cacheMiddleware: true });
    aws.install(SQSClient);
    await client.send(new CreateQueueCommand({ QueueName: 'first' }));
    aws.restore();
    const other = createAwsMock({ accountId: '222222222222' });
    other.install(SQSClient);
    const { QueueUrl } = await client.send(new CreateQueueCommand({ QueueName: 'second' }));
    expect(QueueUrl).toBe('https://sqs.us-east-1.amazonaws.com/222222222222/second');
    other.restore();
  });

  it('answers once, by the client own plugin, a client that also has use(aws.sqs)', async () => {
    const other = createAwsMock();
    const client = new SQSClient({});
    client.middlewareStack.use(other.sqs);
    aws.install(SQSClient);
    await client.send(new CreateQueueCommand({ QueueName: 'plugged' }));
    expect(other.sqs.queues().map((q) => q.name)).toEqual(['plugged']);
    expect(aws.sqs.queues()).toEqual([]);
  });

  it('the newest install answers, and the older one again once the newest is restored', async () => {
    const other = createAwsMock({ accountId: '333333333333' });
    aws.install(SQSClient);
    const newest = other.install(SQSClient);
    expect((await early.send(new CreateQueueCommand({ QueueName: 'q' }))).QueueUrl).toContain('/333333333333/q');
    newest.restore();
    expect((await early.send(new CreateQueueCommand({ QueueName: 'q' }))).QueueUrl).toContain('/000000000000/q');
  });

  it('refuses what is not a client class it can install', () => {
    expect(() => aws.install(class OtherClient {})).toThrow(
      /takes an SDK client class \(SQSClient, SNSClient, LambdaClient, EventBridgeClient, SchedulerClient[^)]*\)/,
    );
    expect(() => aws.install('SQSClient' as never)).toThrow(TypeError);
  });

  it('says so for a class of another copy of the SDK', () => {
    class SQSClient {}
    expect(() => aws.install(SQSClient)).toThrow(/another copy of @aws-sdk\/client-sqs/);
  });
});

describe('aws.install(SNSClient)', () => {
  it('answers every SNSClient, leaving SQS clients alone', async () => {
    const aws = createAwsMock();
    aws.install(SNSClient);
    const sns = new SNSClient({});
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
    expect((await sns.send(new ListTopicsCommand({}))).Topics).toEqual([{ TopicArn }]);
    expect((await rejectionOf(trapped().send(new ListQueuesCommand({})))).message).toBe('the network was reached');
    aws.restore();
  });
});
