import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { advanceUntil, START_TIMEOUT, startServeChild, type ServeChild } from './clients/serve-child.js';

process.env['AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE'] = '1';
const { default: AWS } = await import('aws-sdk');

/**
 * The SDK v2 (`aws-sdk` 2.1693): JSON for SQS, query for SNS (docs/aws-behaviour/wire.md §1), against `serve` in a
 * child process.
 */
let server: ServeChild;
let sqs: InstanceType<typeof AWS.SQS>;
let sns: InstanceType<typeof AWS.SNS>;

beforeAll(async () => {
  server = await startServeChild();
}, START_TIMEOUT);
afterAll(() => server.stop());

beforeEach(async () => {
  await server.control.reset();
  const config = {
    endpoint: server.endpoint,
    region: 'us-east-1',
    credentials: new AWS.Credentials('x', 'x'),
  };
  sqs = new AWS.SQS(config);
  sns = new AWS.SNS(config);
});

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('the SDK v2 against serve', () => {
  it('sends to the queue URL it was answered, receives with MD5s checked, batches, and deletes', async () => {
    const { QueueUrl } = await sqs.createQueue({ QueueName: 'v2-orders' }).promise();
    expect(QueueUrl).toBe(`${server.endpoint}/000000000000/v2-orders`);
    const sent = await sqs
      .sendMessage({
        QueueUrl: QueueUrl!,
        MessageBody: 'a\r\nb',
        MessageAttributes: { b: { DataType: 'Binary', BinaryValue: Buffer.from([1, 2, 3]) } },
      })
      .promise();
    expect(sent.MD5OfMessageBody).toBe(md5('a\r\nb'));
    await sqs.sendMessageBatch({ QueueUrl: QueueUrl!, Entries: [{ Id: '1', MessageBody: 'two' }] }).promise();
    const { Messages } = await sqs
      .receiveMessage({ QueueUrl: QueueUrl!, MaxNumberOfMessages: 10, MessageAttributeNames: ['All'] })
      .promise();
    expect(Messages!.map((m) => m.Body)).toEqual(['a\r\nb', 'two']);
    expect(Messages![0]!.MD5OfMessageAttributes).toBe(sent.MD5OfMessageAttributes);
    expect(Buffer.from(Messages![0]!.MessageAttributes!['b']!.BinaryValue as Uint8Array)).toEqual(
      Buffer.from([1, 2, 3]),
    );
    const deleted = await sqs
      .deleteMessageBatch({
        QueueUrl: QueueUrl!,
        Entries: Messages!.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
      })
      .promise();
    expect(deleted.Successful).toHaveLength(2);
  });

  it('sees the query code of an error, and times out visibility on the control route', async () => {
    const error = await sqs
      .getQueueUrl({ QueueName: 'missing' })
      .promise()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'AWS.SimpleQueueService.NonExistentQueue', statusCode: 400 });
    const { QueueUrl } = await sqs
      .createQueue({ QueueName: 'v2.fifo', Attributes: { FifoQueue: 'true', VisibilityTimeout: '10' } })
      .promise();
    await sqs
      .sendMessage({ QueueUrl: QueueUrl!, MessageBody: 'f', MessageGroupId: 'g', MessageDeduplicationId: 'd' })
      .promise();
    expect((await sqs.receiveMessage({ QueueUrl: QueueUrl! }).promise()).Messages).toHaveLength(1);
    const waiting = sqs.receiveMessage({ QueueUrl: QueueUrl!, WaitTimeSeconds: 20 }).promise();
    await advanceUntil(waiting, server.control, 10_000);
    expect((await waiting).Messages!.map((m) => m.Body)).toEqual(['f']);
  });

  it('publishes over SNS query and fans out to SQS', async () => {
    const { TopicArn } = await sns.createTopic({ Name: 'v2-events', Tags: [{ Key: 'team', Value: 'a' }] }).promise();
    const { QueueUrl } = await sqs.createQueue({ QueueName: 'v2-target' }).promise();
    const { Attributes } = await sqs
      .getQueueAttributes({ QueueUrl: QueueUrl!, AttributeNames: ['QueueArn'] })
      .promise();
    const queueArn = Attributes!['QueueArn']!;
    await sns.subscribe({ TopicArn: TopicArn!, Protocol: 'sqs', Endpoint: queueArn }).promise();
    const published = await sns
      .publish({
        TopicArn: TopicArn!,
        Message: 'hello <world> & co',
        MessageAttributes: { k: { DataType: 'String', StringValue: 'v' } },
      })
      .promise();
    const { Messages } = await sqs.receiveMessage({ QueueUrl: QueueUrl! }).promise();
    const envelope = JSON.parse(Messages![0]!.Body!) as { Message: string; MessageId: string };
    expect(envelope).toMatchObject({ Message: 'hello <world> & co', MessageId: published.MessageId });
    const { Tags } = await sns.listTagsForResource({ ResourceArn: TopicArn! }).promise();
    expect(Tags).toEqual([{ Key: 'team', Value: 'a' }]);
    const error = await sns
      .getTopicAttributes({ TopicArn: `${TopicArn}-missing` })
      .promise()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NotFound', statusCode: 404 });
  });
});
