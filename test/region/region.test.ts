/**
 * The client's region: a command acts in its client's region when the client has one, in the mock's when it has
 * none. Queues and topics live in their region; URLs and ARNs find them anywhere in the account.
 */
import {
  CreateTopicCommand,
  ListTopicsCommand,
  PublishCommand,
  SNSClient,
  SubscribeCommand,
} from '@aws-sdk/client-sns';
import {
  CreateQueueCommand,
  GetQueueUrlCommand,
  ListQueuesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import FakeTimers from '@sinonjs/fake-timers';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAwsMock } from '../../src/index.js';
import { regionLookupsSettled } from '../../src/plugin/install/client-region.js';
import { networkTrap, rejectionOf } from '../helpers.js';
import { guardNetwork, type NetworkGuard } from '../install/network-guard.js';

const aws = createAwsMock(); // us-east-1
// Made at module top, as users make them: the mock hands each its config before its first command.
const home = new SQSClient({});
const ireland = new SQSClient({ region: 'eu-west-1', requestHandler: networkTrap });
const sydney = new SQSClient({ region: async () => 'ap-southeast-2', requestHandler: networkTrap });
for (const client of [home, ireland, sydney]) client.middlewareStack.use(aws.sqs);
const snsHome = new SNSClient({});
const snsIreland = new SNSClient({ region: 'eu-west-1', requestHandler: networkTrap });
for (const client of [snsHome, snsIreland]) client.middlewareStack.use(aws.sns);

/** Whether the promise has settled, read without awaiting it. */
function settles(promise: Promise<unknown>): { settled: boolean } {
  const state = { settled: false };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

let guard: NetworkGuard;
beforeAll(() => {
  guard = guardNetwork();
});
afterAll(async () => {
  // A region-less client's lookup keeps the SDK off the instance-metadata service until it ends, then gives the
  // setting back.
  await regionLookupsSettled();
  expect(process.env['AWS_EC2_METADATA_DISABLED']).toBeUndefined();
  guard.release();
  // A region-less client must not start an instance-metadata lookup (docs/aws-behaviour/sdk-reach.md §3).
  expect(guard.attempts).toEqual([]);
});
afterEach(() => {
  vi.useRealTimers();
  aws.reset();
});

describe('SQS', () => {
  it('creates and finds by name in the client region; a region-less client acts in the mock region', async () => {
    const { QueueUrl: irish } = await ireland.send(new CreateQueueCommand({ QueueName: 'orders' }));
    const { QueueUrl: local } = await home.send(new CreateQueueCommand({ QueueName: 'orders' }));
    expect(irish).toBe('https://sqs.eu-west-1.amazonaws.com/000000000000/orders');
    expect(local).toBe('https://sqs.us-east-1.amazonaws.com/000000000000/orders');
    expect((await ireland.send(new GetQueueUrlCommand({ QueueName: 'orders' }))).QueueUrl).toBe(irish);
    expect((await ireland.send(new ListQueuesCommand({}))).QueueUrls).toEqual([irish]);
    expect((await sydney.send(new ListQueuesCommand({}))).QueueUrls).toBeUndefined();
  });

  it('a bare queue name as QueueUrl is in the client region', async () => {
    await ireland.send(new CreateQueueCommand({ QueueName: 'named' }));
    await ireland.send(new SendMessageCommand({ QueueUrl: 'named', MessageBody: 'by name' }));
    expect(aws.sqs.queue('https://sqs.eu-west-1.amazonaws.com/000000000000/named').messages()).toHaveLength(1);
    const elsewhere = await rejectionOf(home.send(new SendMessageCommand({ QueueUrl: 'named', MessageBody: 'x' })));
    expect(elsewhere.name).toBe('QueueDoesNotExist');
  });

  it('takes a region provider function', async () => {
    const { QueueUrl } = await sydney.send(new CreateQueueCommand({ QueueName: 'jobs' }));
    expect(QueueUrl).toBe('https://sqs.ap-southeast-2.amazonaws.com/000000000000/jobs');
    const missing = await rejectionOf(home.send(new GetQueueUrlCommand({ QueueName: 'jobs' })));
    expect(missing.name).toBe('QueueDoesNotExist');
  });

  it('a full QueueUrl reaches its queue from a client of another region; views find by URL or ARN anywhere', async () => {
    const { QueueUrl } = await ireland.send(new CreateQueueCommand({ QueueName: 'far' }));
    await home.send(new SendMessageCommand({ QueueUrl, MessageBody: 'across' }));
    const view = aws.sqs.queue(QueueUrl!);
    expect(view.messages().map((m) => m.body)).toEqual(['across']);
    expect(aws.sqs.queue(view.arn).url).toBe(QueueUrl);
    expect(aws.sqs.queues().map((q) => q.url)).toEqual([QueueUrl]);
  });

  it("a view by name looks in the mock's region, then in the one other region that has that name", async () => {
    const { QueueUrl: far } = await ireland.send(new CreateQueueCommand({ QueueName: 'far' }));
    expect(aws.sqs.queue('far').url).toBe(far);
    const { QueueUrl: near } = await home.send(new CreateQueueCommand({ QueueName: 'jobs' }));
    await ireland.send(new CreateQueueCommand({ QueueName: 'jobs' }));
    expect(aws.sqs.queue('jobs').url).toBe(near);
  });

  it('a name two other regions have, or none has, is an error naming the regions or the close names', async () => {
    await ireland.send(new CreateQueueCommand({ QueueName: 'twice' }));
    await sydney.send(new CreateQueueCommand({ QueueName: 'twice' }));
    expect(() => aws.sqs.queue('twice')).toThrow(
      'sqs-sns-mock: no queue "twice" in account 000000000000, region us-east-1, and 2 other regions have one: ' +
        'ap-southeast-2, eu-west-1 (name it by URL or ARN to choose)',
    );
    await home.send(new CreateQueueCommand({ QueueName: 'Orders.fifo', Attributes: { FifoQueue: 'true' } }));
    await ireland.send(new CreateQueueCommand({ QueueName: 'order' }));
    expect(() => aws.sqs.queue('orders')).toThrow(
      'sqs-sns-mock: no queue "orders" in account 000000000000, region us-east-1, nor in another region; close: ' +
        '"Orders.fifo" (us-east-1), "order" (eu-west-1)',
    );
    expect(() => aws.sqs.queue('nothing')).toThrow(
      /^sqs-sns-mock: no queue "nothing" in account 000000000000, region us-east-1$/,
    );
  });

  it('wakes a first long poll of a client on a fake-time advance (vi fake timers)', async () => {
    vi.useFakeTimers();
    const client = new SQSClient({ region: 'eu-central-1', requestHandler: networkTrap });
    client.middlewareStack.use(aws.sqs);
    const bare = new SQSClient({});
    bare.middlewareStack.use(aws.sqs);
    const { QueueUrl } = await ireland.send(new CreateQueueCommand({ QueueName: 'poll' }));
    const polls = [client, bare].map((c) =>
      settles(c.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }))),
    );
    await vi.advanceTimersByTimeAsync(20_000);
    expect(polls.map((poll) => poll.settled)).toEqual([true, true]);
  });
});

it('wakes a first long poll of a client on an injected @sinonjs/fake-timers clock', async () => {
  const clock = FakeTimers.createClock(1_700_000_000_000);
  const mock = createAwsMock({ clock });
  const client = new SQSClient({ region: 'eu-west-3', requestHandler: networkTrap });
  client.middlewareStack.use(mock.sqs);
  const bare = new SQSClient({});
  bare.middlewareStack.use(mock.sqs);
  const { QueueUrl } = await client.send(new CreateQueueCommand({ QueueName: 'poll' }));
  expect(QueueUrl).toContain('sqs.eu-west-3.');
  const polls = [new SQSClient({ region: 'eu-west-3', requestHandler: networkTrap }), new SQSClient({})].map((c) => {
    c.middlewareStack.use(mock.sqs);
    return settles(c.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 })));
  });
  await clock.tickAsync(20_000);
  expect(polls.map((poll) => poll.settled)).toEqual([true, true]);
});

describe('SNS', () => {
  it('keeps topics per region, refuses a topic ARN of another region, and delivers to a queue of another', async () => {
    const { TopicArn } = await snsIreland.send(new CreateTopicCommand({ Name: 'events' }));
    expect(TopicArn).toBe('arn:aws:sns:eu-west-1:000000000000:events');
    expect((await snsHome.send(new ListTopicsCommand({}))).Topics).toEqual([]);
    expect((await snsIreland.send(new ListTopicsCommand({}))).Topics).toEqual([{ TopicArn }]);
    const foreign = await rejectionOf(snsHome.send(new PublishCommand({ TopicArn, Message: 'x' })));
    expect(foreign.name).toBe('InvalidParameterException');

    const { QueueUrl } = await home.send(new CreateQueueCommand({ QueueName: 'inbox' }));
    const queueArn = aws.sqs.queue('inbox').arn;
    await snsIreland.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: queueArn }));
    await snsIreland.send(new PublishCommand({ TopicArn, Message: 'hello' }));
    const [message] = aws.sqs.queue(QueueUrl!).messages();
    expect(message?.json<{ Message: string; TopicArn: string }>()).toMatchObject({ Message: 'hello', TopicArn });
    expect(aws.sns.topic(TopicArn!).published()).toHaveLength(1);
    // By name: the mock's region, else the one other region that has it.
    expect(aws.sns.topic('events').arn).toBe(TopicArn);
    await snsHome.send(new CreateTopicCommand({ Name: 'events' }));
    expect(aws.sns.topic('events').arn).toBe('arn:aws:sns:us-east-1:000000000000:events');
    expect(() => aws.sns.topic('event')).toThrow(
      'sqs-sns-mock: no topic "event" in account 000000000000, region us-east-1, nor in another region; close: ' +
        '"events" (us-east-1), "events" (eu-west-1)',
    );
  });
});
