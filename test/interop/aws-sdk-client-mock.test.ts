/**
 * aws-sdk-client-mock on top of the stateful mock: `mockClient(SQSClient)` replaces
 * `SQSClient.prototype.send` with a sinon stub; `send.callThrough()` makes that stub run the real
 * `send`, whose middleware stack holds our plugin. The stub records every call (so
 * aws-sdk-client-mock-vitest's matchers work) and the SDK behaves exactly as without it.
 *
 * The set-up and the first test are docs/guide/other-tools.md's example, read from the page and run as written
 * (test/support/doc-blocks.ts); the tests after it use the account, stub and client it made.
 */
import {
  CreateTopicCommand,
  PublishCommand,
  SNSClient,
  SubscribeCommand,
  NotFoundException,
} from '@aws-sdk/client-sns';
import {
  CreateQueueCommand,
  DeleteMessageCommand,
  GetQueueUrlCommand,
  QueueDoesNotExist,
  ReceiveMessageCommand,
  type ReceiveMessageCommandOutput,
  SendMessageCommand,
  SQSClient,
  SQSServiceException,
} from '@aws-sdk/client-sqs';
import * as awsSdkClientMock from 'aws-sdk-client-mock';
import { mockClient, type AwsClientStub } from 'aws-sdk-client-mock';
import * as awsSdkClientMockVitest from 'aws-sdk-client-mock-vitest';
import type { BaseMatcher } from 'aws-sdk-client-mock-vitest';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import { rejectionOf } from '../helpers.js';
import { defineBlock, docBlock } from '../support/doc-blocks.js';
import { DOC_GLOBALS, DOC_MODULES } from '../support/doc-context.js';

declare module 'vitest' {
  interface Matchers<T = any> extends BaseMatcher<T> {}
}

// The page's example: the account, the stubbed SQSClient with its hooks, and its test.
const { aws, sqsMock, sqs } = defineBlock(docBlock('docs/guide/other-tools.md', 'aws-sdk-client-mock'), {
  modules: {
    ...DOC_MODULES,
    'aws-sdk-client-mock': awsSdkClientMock,
    'aws-sdk-client-mock-vitest': awsSdkClientMockVitest,
  },
  scope: DOC_GLOBALS,
  returns: ['aws', 'sqsMock', 'sqs'],
}) as { aws: AwsMock; sqsMock: AwsClientStub<SQSClient>; sqs: SQSClient };

// SNSClient the same way, beside it.
const snsMock = mockClient(SNSClient);
const sns = new SNSClient({});
sns.middlewareStack.use(aws.sns);
beforeEach(() => {
  snsMock.send.callThrough(); // in braces: a function returned from beforeEach would be called as its teardown
});
afterEach(() => snsMock.resetHistory());
afterAll(() => snsMock.restore());

async function newQueue(name = 'orders'): Promise<string> {
  return (await sqs.send(new CreateQueueCommand({ QueueName: name }))).QueueUrl!;
}

describe('aws-sdk-client-mock with send.callThrough()', () => {
  it('keeps the state: a message sent is received', async () => {
    const QueueUrl = await newQueue();
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'hello' }));
    const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    expect(Messages?.map((m) => m.Body)).toEqual(['hello']);
    expect(aws.sqs.queue('orders').messages('inFlight')).toHaveLength(1);
  });

  it('records every call for the matchers and for commandCalls()', async () => {
    const QueueUrl = await newQueue();
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'hello' }));
    const first = await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    await sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: first.Messages![0]!.ReceiptHandle }));

    expect(sqsMock).toHaveReceivedCommandWith(SendMessageCommand, { QueueUrl, MessageBody: 'hello' });
    expect(sqsMock).toHaveReceivedCommandTimes(ReceiveMessageCommand, 2);
    expect(sqsMock).toHaveReceivedCommandOnce(DeleteMessageCommand);
    expect(sqsMock).toHaveReceivedNthCommandWith(ReceiveMessageCommand, 2, { QueueUrl });
    expect(sqsMock).toHaveReceivedLastCommandWith(DeleteMessageCommand, {
      ReceiptHandle: first.Messages![0]!.ReceiptHandle,
    });
    expect(sqsMock.calls()).toHaveLength(5);
    // The recorded return value is the real answer, $metadata and all.
    const sent = await sqsMock.commandCalls(SendMessageCommand)[0]!.returnValue;
    expect(sent).toMatchObject({ MessageId: expect.any(String), $metadata: { httpStatusCode: 200, attempts: 1 } });
    expect(sent.MessageId).toBe(first.Messages![0]!.MessageId);
  });

  it('records a call that failed, and the failure is the SDK exception class', async () => {
    const error = await rejectionOf(sqs.send(new GetQueueUrlCommand({ QueueName: 'missing' })));
    expect(error).toBeInstanceOf(QueueDoesNotExist);
    expect(error).toBeInstanceOf(SQSServiceException);
    expect(error.message).toBe('The specified queue does not exist.');
    expect(sqsMock).toHaveReceivedCommandWith(GetQueueUrlCommand, { QueueName: 'missing' });
  });

  it('still runs the SDK MD5 validators (a body altered under them is caught)', async () => {
    const QueueUrl = await newQueue();
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'original' }));
    // A separate client, so the tampering stays in this test. It sits between the SDK's
    // ReceiveMessage validator and the mock, and changes the body after the mock computed MD5OfBody.
    const tampered = new SQSClient({});
    tampered.middlewareStack.use(aws.sqs);
    const tamper =
      (next: (args: object) => Promise<{ output: ReceiveMessageCommandOutput }>) => async (args: object) => {
        const result = await next(args);
        for (const message of result.output.Messages ?? []) message.Body = 'altered';
        return result;
      };
    tampered.middlewareStack.addRelativeTo(tamper as never, {
      relation: 'before',
      toMiddleware: 'sqsSnsMock:SQS',
      name: 'tamper',
    });
    const error = await rejectionOf(tampered.send(new ReceiveMessageCommand({ QueueUrl })));
    const [message] = aws.sqs.queue('orders').messages();
    expect(error.message).toBe(`Invalid MD5 checksum on messages: ${message!.messageId}`);
    expect(sqsMock).toHaveReceivedCommandOnce(ReceiveMessageCommand);
  });

  it('waits for a long poll on the fake clock, as without aws-sdk-client-mock', async () => {
    const QueueUrl = await newQueue();
    const pending = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }));
    await vi.advanceTimersByTimeAsync(5_000);
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'late' }));
    expect((await pending).Messages?.map((m) => m.Body)).toEqual(['late']);
    expect(sqsMock).toHaveReceivedCommandWith(ReceiveMessageCommand, { WaitTimeSeconds: 20 });
  });

  it('resetHistory() forgets the calls and keeps callThrough', async () => {
    const QueueUrl = await newQueue();
    sqsMock.resetHistory();
    expect(sqsMock).not.toHaveReceivedAnyCommand();
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'still real' }));
    expect(sqsMock).toHaveReceivedCommandTimes(SendMessageCommand, 1);
    expect(
      aws.sqs
        .queue('orders')
        .messages()
        .map((m) => m.body),
    ).toEqual(['still real']);
  });

  it('reset() drops callThrough: send answers undefined until callThrough() is set again', async () => {
    const QueueUrl = await newQueue();
    sqsMock.reset();
    expect(await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'lost' }))).toBeUndefined();
    expect(aws.sqs.queue('orders').messages()).toEqual([]); // never reached the mock
    expect(sqsMock).toHaveReceivedCommandTimes(SendMessageCommand, 1); // the new stub still records

    sqsMock.send.callThrough(); // the pattern: reset(), then callThrough() again
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'kept' }));
    expect(
      aws.sqs
        .queue('orders')
        .messages()
        .map((m) => m.body),
    ).toEqual(['kept']);
  });

  it('mixes: .on(Command).resolves() scripts that command, everything else calls through', async () => {
    const QueueUrl = await newQueue();
    sqsMock.on(GetQueueUrlCommand).resolves({ QueueUrl: 'https://example.test/scripted' });
    sqsMock.on(SendMessageCommand, { MessageBody: 'scripted' }).resolves({ MessageId: 'scripted-id' });
    try {
      // The scripted answer is exactly what was given: no $metadata, and the mock never sees the call.
      expect(await sqs.send(new GetQueueUrlCommand({ QueueName: 'orders' }))).toEqual({
        QueueUrl: 'https://example.test/scripted',
      });
      expect(await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'scripted' }))).toEqual({
        MessageId: 'scripted-id',
      });
      expect(aws.sqs.queue('orders').messages()).toEqual([]);

      // An input the matcher does not cover, and other commands, reach the stateful mock.
      const real = await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'real' }));
      expect(real.$metadata.httpStatusCode).toBe(200);
      expect(
        aws.sqs
          .queue('orders')
          .messages()
          .map((m) => m.body),
      ).toEqual(['real']);
      expect(sqsMock).toHaveReceivedCommandTimes(SendMessageCommand, 2);
    } finally {
      // The scripted behaviours live on the stub until reset(), which also drops callThrough.
      sqsMock.reset();
      sqsMock.send.callThrough();
    }
    expect(await sqs.send(new GetQueueUrlCommand({ QueueName: 'orders' }))).toMatchObject({ QueueUrl });
  });

  it('mixes: .on(Command).rejectsOnce() injects one failure, then the command calls through', async () => {
    const QueueUrl = await newQueue();
    sqsMock.on(SendMessageCommand).rejectsOnce(new Error('injected'));
    try {
      await expect(sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'a' }))).rejects.toThrow('injected');
      await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'b' }));
      expect(
        aws.sqs
          .queue('orders')
          .messages()
          .map((m) => m.body),
      ).toEqual(['b']);
    } finally {
      sqsMock.reset();
      sqsMock.send.callThrough();
    }
  });
});

describe('SNSClient with send.callThrough()', () => {
  it('publishes through the mock into a subscribed queue; both clients record their calls', async () => {
    const QueueUrl = await newQueue('events-queue');
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
    await sns.send(
      new SubscribeCommand({
        TopicArn,
        Protocol: 'sqs',
        Endpoint: aws.sqs.queue('events-queue').arn,
        Attributes: { RawMessageDelivery: 'true' },
      }),
    );
    await sns.send(new PublishCommand({ TopicArn, Message: '{"orderId":7}' }));

    const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    expect(Messages?.map((m) => m.Body)).toEqual(['{"orderId":7}']);
    expect(snsMock).toHaveReceivedCommandWith(PublishCommand, { TopicArn, Message: '{"orderId":7}' });
    expect(snsMock).toHaveReceivedCommandTimes(SubscribeCommand, 1);
    expect(sqsMock).toHaveReceivedCommandTimes(ReceiveMessageCommand, 1);
    // The delivery into the queue happened inside the mock: it is not an SQSClient call.
    expect(sqsMock).not.toHaveReceivedCommand(SendMessageCommand);
  });

  it('records a failed publish, which is the SDK exception class', async () => {
    const TopicArn = 'arn:aws:sns:us-east-1:000000000000:missing';
    const error = await rejectionOf(sns.send(new PublishCommand({ TopicArn, Message: 'x' })));
    expect(error).toBeInstanceOf(NotFoundException);
    expect(snsMock).toHaveReceivedCommandWith(PublishCommand, { TopicArn });
  });
});
