import { CreateTopicCommand, SubscribeCommand, type SNSClient } from '@aws-sdk/client-sns';
import { SetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { createQueue, queueArn } from '../sqs/message-support.js';

/** The statement letting the topic send to the queue, as the tools write it but for `fields`. */
function snsStatement(queue: string, topic: string, fields: object = {}): object {
  return {
    Action: 'sqs:SendMessage',
    Effect: 'Allow',
    Principal: { Service: 'sns.amazonaws.com' },
    Resource: queue,
    Condition: { ArnEquals: { 'aws:SourceArn': topic } },
    ...fields,
  };
}

/** The queue policies the tools write for SNS (docs/aws-behaviour/sns.md §7.1), for a queue and a topic. */
export const policies = {
  /** CDK's `topic.addSubscription(new SqsSubscription(queue))`. */
  cdk: (queue: string, topic: string) => document([snsStatement(queue, topic)]),
  /** SAM's `SqsSubscription: true`. */
  sam: (queue: string, topic: string) => document([snsStatement(queue, topic, { Principal: '*' })]),
  /** The SNS developer guide's statement. */
  awsDocs: (queue: string, topic: string) =>
    document([snsStatement(queue, topic, { Sid: 'Allow-SNS-SendMessage', Action: 'SQS:SendMessage' })]),
  /** CDK's `enforceSSL: true` Deny, before its SNS statement. */
  cdkEnforceSsl: (queue: string, topic: string) =>
    document([
      {
        Action: 'sqs:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        Effect: 'Deny',
        Principal: { AWS: '*' },
        Resource: queue,
      },
      snsStatement(queue, topic),
    ]),
};

function document(statements: object[]): string {
  return JSON.stringify({ Version: '2012-10-17', Statement: statements });
}

export async function setPolicy(sqs: SQSClient, QueueUrl: string, Policy: string): Promise<void> {
  await sqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes: { Policy } }));
}

/** A topic and a queue subscribed to it (subscription attributes as given). */
export async function wiring(
  sns: SNSClient,
  sqs: SQSClient,
  {
    topic = 'orders',
    queue = 'q',
    attributes,
  }: { topic?: string; queue?: string; attributes?: Record<string, string> } = {},
) {
  const topicArn = (await sns.send(new CreateTopicCommand({ Name: topic }))).TopicArn!;
  const queueUrl = await createQueue(sqs, queue);
  const arn = await queueArn(sqs, queueUrl);
  const { SubscriptionArn } = await sns.send(
    new SubscribeCommand({
      TopicArn: topicArn,
      Protocol: 'sqs',
      Endpoint: arn,
      Attributes: attributes,
      ReturnSubscriptionArn: true,
    }),
  );
  return { topicArn, queueUrl, queueArn: arn, subscriptionArn: SubscriptionArn! };
}
