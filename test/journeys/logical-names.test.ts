/**
 * A journey names a resource a stack provisioned by its logical id (`where`, and the topic of a subscription's step
 * in `detail`), read from `aws.names` when the journey is read; a resource made by an SDK call keeps its own name.
 */
import { PublishCommand, SubscribeCommand } from '@aws-sdk/client-sns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { snsSetup } from '../sns/sns-support.js';
import { T0 } from '../sqs/message-support.js';
import { runUntilIdle } from '../lambda/async-support.js';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

const TEMPLATE = {
  Resources: {
    Orders: {
      Type: 'AWS::SQS::Queue',
      Properties: {
        VisibilityTimeout: 30,
        RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': ['OrdersDlq', 'Arn'] }, maxReceiveCount: 1 },
      },
    },
    OrdersDlq: { Type: 'AWS::SQS::Queue' },
    Events: { Type: 'AWS::SNS::Topic' },
    Worker: {
      Type: 'AWS::Lambda::Function',
      Properties: {
        Code: { ZipFile: 'exports.main = async () => {}' },
        Role: 'arn:aws:iam::000000000000:role/worker',
        Handler: 'index.main',
        Runtime: 'nodejs22.x',
      },
    },
    WorkerMapping: {
      Type: 'AWS::Lambda::EventSourceMapping',
      Properties: {
        FunctionName: { Ref: 'Worker' },
        EventSourceArn: { 'Fn::GetAtt': ['Orders', 'Arn'] },
        BatchSize: 1,
      },
    },
  },
};

describe('journeys of provisioned resources', () => {
  it('name the queue, topic, function and dead-letter queue by their logical ids', async () => {
    const { aws, sns } = snsSetup();
    const stack = aws.provision(TEMPLATE, {
      stackName: 'Shop',
      functions: {
        Worker: async () => {
          throw new Error('payment service down');
        },
      },
    });
    const topicArn = stack.topic('Events').arn;
    expect(stack.queue('Orders').name).not.toBe('Orders');
    await sns.send(
      new SubscribeCommand({
        TopicArn: topicArn,
        Protocol: 'sqs',
        Endpoint: stack.queue('Orders').arn,
        Attributes: { RawMessageDelivery: 'true' },
      }),
    );
    const { MessageId } = await sns.send(new PublishCommand({ TopicArn: topicArn, Message: 'order 7' }));
    await runUntilIdle(aws);

    const journey = aws.journey(MessageId!);
    expect(journey.steps.map((s) => `${s.kind} ${s.where}`)).toEqual([
      'published Events',
      'delivered Orders',
      'sent Orders',
      'received Orders',
      'invoked Worker',
      'failed Worker',
      'visibleAgain Orders',
      'deadLettered Orders',
    ]);
    const delivered = journey.steps.find((s) => s.kind === 'delivered')!;
    expect(delivered.source).toBe('Events');
    expect(delivered.detail).toMatch(/^from topic Events, as /);
    const deadLettered = journey.steps.find((s) => s.kind === 'deadLettered')!;
    expect(deadLettered.target).toBe('OrdersDlq');
    expect(String(journey)).toMatch(/sqs +Orders +deadLettered +to OrdersDlq, after receive count 1 of 1/);
    expect(journey.toMermaid()).toContain('participant p1 as sns Events');
  });
});
