import {
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  QueueDoesNotExist,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import {
  CreateTopicCommand,
  NotFoundException,
  PublishCommand,
  SNSClient,
  SubscribeCommand,
} from '@aws-sdk/client-sns';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sqsWire } from '../sdk-features.js';
import { advanceUntil, START_TIMEOUT, startServeChild, type ServeChild } from './clients/serve-child.js';

/**
 * The SDK v3 against `serve` in a child process: SQS over AWS JSON 1.0 from client-sqs 3.447.0 on, over the Query
 * protocol before (the oldest SDK of sdk-range/), and SNS always over query (docs/aws-behaviour/wire.md §1); the
 * protocol is the one the installed client writes (`sqsWire`).
 */
let server: ServeChild;
let sqs: SQSClient;
let sns: SNSClient;

beforeAll(async () => {
  server = await startServeChild();
}, START_TIMEOUT);
afterAll(() => server.stop());

beforeEach(async () => {
  await server.control.reset();
  const config = {
    endpoint: server.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  };
  sqs = new SQSClient(config);
  sns = new SNSClient(config);
});

afterEach(() => {
  sqs.destroy();
  sns.destroy();
});

/** Every system attribute of a received message, by the member this client has (`sqsWire`). */
const ALL_SYSTEM_ATTRIBUTES = sqsWire.systemAttributeNames
  ? { MessageSystemAttributeNames: ['All' as const] }
  : { AttributeNames: ['All' as const] };

describe(`the SDK v3 against serve (SQS over ${sqsWire.protocol}, SNS over query)`, () => {
  it('sends, receives with attributes and MD5s, and deletes', async () => {
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
    expect(QueueUrl).toBe(`${server.endpoint}/000000000000/orders`);
    const sent = await sqs.send(
      new SendMessageCommand({
        QueueUrl,
        MessageBody: 'line1\r\nline2 <&>',
        MessageAttributes: {
          s: { DataType: 'String', StringValue: 'v' },
          b: { DataType: 'Binary', BinaryValue: new Uint8Array([1, 2, 3]) },
        },
      }),
    );
    expect(sent.MD5OfMessageAttributes).toMatch(/^[0-9a-f]{32}$/);
    const { Messages } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl, MessageAttributeNames: ['All'], ...ALL_SYSTEM_ATTRIBUTES }),
    );
    expect(Messages).toHaveLength(1);
    const [message] = Messages!;
    expect(message!.Body).toBe('line1\r\nline2 <&>');
    expect(message!.MessageAttributes!['b']!.BinaryValue).toEqual(new Uint8Array([1, 2, 3]));
    expect(message!.MD5OfMessageAttributes).toBe(sent.MD5OfMessageAttributes);
    expect(message!.Attributes!['ApproximateReceiveCount']).toBe('1');
    await sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: message!.ReceiptHandle }));
    const [orders] = (await server.control.state()).queues;
    expect(orders!.messages).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('sends and deletes batches on a FIFO queue', async () => {
    const { QueueUrl } = await sqs.send(
      new CreateQueueCommand({
        QueueName: 'jobs.fifo',
        Attributes: { FifoQueue: 'true', ContentBasedDeduplication: 'true' },
      }),
    );
    const sent = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl,
        Entries: [
          { Id: 'a', MessageBody: 'one', MessageGroupId: 'g' },
          { Id: 'b', MessageBody: 'two', MessageGroupId: 'g' },
        ],
      }),
    );
    expect(sent.Successful!.map((entry) => entry.SequenceNumber)).toHaveLength(2);
    const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }));
    expect(Messages!.map((m) => m.Body)).toEqual(['one', 'two']);
    const deleted = await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl,
        Entries: Messages!.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle })),
      }),
    );
    expect(deleted.Successful).toHaveLength(2);
  });

  it('answers the SDK its modelled error, with the query code', async () => {
    const error = await sqs.send(new GetQueueUrlCommand({ QueueName: 'missing' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QueueDoesNotExist);
    expect(error).toMatchObject({ name: 'QueueDoesNotExist', $metadata: { httpStatusCode: 400 } });
    if (sqsWire.protocol === 'query') {
      // Query-protocol SQS words it as the query era did (docs/aws-behaviour/wire.md §7.2).
      const text = 'The specified queue does not exist for this wsdl version.';
      // The Query-era client copies the parsed <Error> onto the exception and leaves `message` 'UnknownError', as
      // it does against AWS (aws-sdk-js-v3 #4597; docs/aws-behaviour/wire.md §7.1).
      expect(error).toMatchObject({
        message: 'UnknownError',
        Error: { Type: 'Sender', Code: 'AWS.SimpleQueueService.NonExistentQueue', Message: text },
      });
    } else expect(error).toMatchObject({ message: 'The specified queue does not exist.' });
  });

  it('holds a long poll until a message arrives, then until the clock passes its wait', async () => {
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'waits' }));
    const first = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'hi' }));
    const { Messages } = await first;
    expect(Messages?.map((m) => m.Body)).toEqual(['hi']);
    await sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: Messages![0]!.ReceiptHandle }));

    const second = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }));
    await advanceUntil(second, server.control, 20_000);
    expect((await second).Messages).toBeUndefined();
  });

  it('brings a message back when the control route moves the clock past its visibility timeout', async () => {
    const { control } = server;
    const { QueueUrl } = await sqs.send(
      new CreateQueueCommand({ QueueName: 'visible', Attributes: { VisibilityTimeout: '30' } }),
    );
    const { MessageId } = await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'again' }));
    const first = await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    expect(first.Messages).toHaveLength(1);
    expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl }))).Messages).toBeUndefined();
    await control.advance(29_000);
    expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl }))).Messages).toBeUndefined();
    await control.advance(1_000);
    const again = await sqs.send(new ReceiveMessageCommand({ QueueUrl, ...ALL_SYSTEM_ATTRIBUTES }));
    expect(again.Messages![0]!.Attributes!['ApproximateReceiveCount']).toBe('2');
    const journey = await control.journey(MessageId!);
    expect(journey.steps.map((step) => step.kind)).toEqual(['sent', 'received', 'visibleAgain', 'received']);
    expect(journey.steps[2]).toMatchObject({ service: 'sqs', where: 'visible', messageId: MessageId, receiveCount: 1 });
    expect(journey.steps[2]!.at - journey.steps[1]!.at).toBe(30_000);
    expect(journey.text.split('\n')).toHaveLength(4);
    await sqs.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl,
        ReceiptHandle: again.Messages![0]!.ReceiptHandle,
        VisibilityTimeout: 0,
      }),
    );
    const state = await control.state();
    expect(state.queues).toEqual([
      expect.objectContaining({ name: 'visible', url: QueueUrl, messages: { visible: 1, inFlight: 0, delayed: 0 } }),
    ]);
    const attributes = await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['All'] }));
    expect(attributes.Attributes!['ApproximateNumberOfMessages']).toBe('1');
    await control.reset();
    expect((await control.state()).queues).toHaveLength(0);
  });

  it('publishes over SNS query and fans out to SQS, and answers SNS errors', async () => {
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'events-queue' }));
    const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] }));
    await sns.send(
      new SubscribeCommand({
        TopicArn,
        Protocol: 'sqs',
        Endpoint: Attributes!['QueueArn'],
        Attributes: { RawMessageDelivery: 'true' },
      }),
    );
    const published = await sns.send(
      new PublishCommand({
        TopicArn,
        Message: 'fanned <&>',
        MessageAttributes: { k: { DataType: 'String', StringValue: 'v' } },
      }),
    );
    const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MessageAttributeNames: ['All'] }));
    expect(Messages).toMatchObject([{ Body: 'fanned <&>', MessageAttributes: { k: { StringValue: 'v' } } }]);
    const journey = await server.control.journey(published.MessageId!);
    expect(journey.steps.slice(0, 3)).toMatchObject([
      { service: 'sns', kind: 'published', where: 'events' },
      { service: 'sns', kind: 'delivered', where: 'events-queue', source: 'events' },
      { service: 'sqs', kind: 'sent', where: 'events-queue' },
    ]);
    const missing = await sns
      .send(new PublishCommand({ TopicArn: `${TopicArn}-missing`, Message: 'x' }))
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundException);
    expect(missing).toMatchObject({ $metadata: { httpStatusCode: 404 } });
  });
});
