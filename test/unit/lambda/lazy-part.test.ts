import { CreateTopicCommand, PublishCommand, SubscribeCommand } from '@aws-sdk/client-sns';
import {
  CreateQueueCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { snsSetup } from '../../sns/sns-support.js';

/** How many times the account reached Lambda's part: in the build, each first one loads `lambda.js`. */
const reached = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../src/services/lambda/load-part.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/services/lambda/load-part.js')>();
  return { loadLambdaPart: () => (reached.count++, original.loadLambdaPart()) };
});

beforeEach(() => {
  vi.useFakeTimers();
  reached.count = 0;
});
afterEach(() => vi.useRealTimers());

describe("Lambda's part (src/services/lambda/load-part.ts)", () => {
  it('is not reached by an account that uses only SQS and SNS, nor by its idle, runUntilIdle and reset', async () => {
    const { aws, sns, sqs } = snsSetup();
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 't' }));
    await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: aws.sqs.queue('q').arn }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'one' }));
    await sns.send(new PublishCommand({ TopicArn, Message: 'two' }));
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }));
    for (const { ReceiptHandle } of Messages) await sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle }));
    await aws.idle();
    await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) });
    aws.reset();
    expect(reached.count).toBe(0);
  });

  it('is reached by the first function, and by a delivery to a function', async () => {
    const first = snsSetup().aws;
    first.lambda.createFunction('f', async () => 'ok');
    expect(reached.count).toBeGreaterThan(0);

    reached.count = 0;
    const { aws, sns } = snsSetup();
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 't' }));
    const Endpoint = 'arn:aws:lambda:us-east-1:000000000000:function:missing';
    await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'lambda', Endpoint }));
    expect(reached.count).toBe(0);
    await sns.send(new PublishCommand({ TopicArn, Message: 'to a function' }));
    await aws.idle();
    expect(reached.count).toBeGreaterThan(0);
  });
});
