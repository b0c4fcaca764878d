import {
  CreateTopicCommand,
  PublishCommand,
  SubscribeCommand,
  type PublishCommandInput,
  type SNSClient,
} from '@aws-sdk/client-sns';
import { ReceiveMessageCommand, type Message, type SQSClient } from '@aws-sdk/client-sqs';
import { vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import { createQueue, queueArn } from '../sqs/message-support.js';

/** Shared by the SNS → Lambda and asynchronous-invocation tests: topics, subscriptions, queues, time. */

export async function createTopic(sns: SNSClient, name: string, attributes?: Record<string, string>): Promise<string> {
  return (await sns.send(new CreateTopicCommand({ Name: name, Attributes: attributes }))).TopicArn!;
}

/** Subscribes a function (by ARN) to a topic and answers the subscription's ARN. */
export async function subscribeFunction(
  sns: SNSClient,
  topicArn: string,
  functionArn: string,
  attributes?: Record<string, string>,
): Promise<string> {
  const { SubscriptionArn } = await sns.send(
    new SubscribeCommand({ TopicArn: topicArn, Protocol: 'lambda', Endpoint: functionArn, Attributes: attributes }),
  );
  return SubscriptionArn!;
}

export async function subscribeQueue(
  sns: SNSClient,
  topicArn: string,
  queueArn: string,
  attributes?: Record<string, string>,
): Promise<string> {
  const { SubscriptionArn } = await sns.send(
    new SubscribeCommand({ TopicArn: topicArn, Protocol: 'sqs', Endpoint: queueArn, Attributes: attributes }),
  );
  return SubscriptionArn!;
}

export async function queueWithArn(sqs: SQSClient, name: string): Promise<{ url: string; arn: string }> {
  const url = await createQueue(sqs, name);
  return { url, arn: await queueArn(sqs, url) };
}

export function publish(sns: SNSClient, input: Partial<PublishCommandInput>) {
  return sns.send(new PublishCommand({ Message: 'hello', ...input } as PublishCommandInput));
}

/** Every message in the queue now, with its attributes (short poll, up to 10). */
export async function drain(sqs: SQSClient, queueUrl: string): Promise<Message[]> {
  const { Messages = [] } = await sqs.send(
    new ReceiveMessageCommand({
      QueueUrl: queueUrl,
      MaxNumberOfMessages: 10,
      MessageAttributeNames: ['All'],
      MessageSystemAttributeNames: ['All'],
    }),
  );
  return Messages;
}

/** Runs the account's work to the end on vitest's fake timers, answering the milliseconds moved. */
export function runUntilIdle(aws: AwsMock, maxTime?: number): Promise<number> {
  return aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms), maxTime });
}

/** A handler that fails every time with `Error(message)`. */
export function failing(message = 'boom') {
  return async (): Promise<never> => {
    throw new Error(message);
  };
}
