/**
 * `aws.provision` with the real resource types, as a user calls it: a YAML template's queues and topic, then traffic
 * through SQSClient and SNSClient. Waits for the resource types while `RESOURCE_TYPES` is empty.
 */
import { ListSubscriptionsCommand, PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TemplateError } from '../../src/index.js';
import { networkTrap, sqsSetup } from '../helpers.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const TEMPLATE = `
AWSTemplateFormatVersion: 2010-09-09
Parameters:
  Stage:
    Type: String
    Default: test
Mappings:
  Retries:
    test: { Max: 2 }
    prod: { Max: 5 }
Resources:
  OrdersDlq:
    Type: AWS::SQS::Queue
  Orders:
    Type: AWS::SQS::Queue
    Properties:
      QueueName: !Sub '\${AWS::StackName}-\${Stage}-orders'
      RedrivePolicy:
        deadLetterTargetArn: !GetAtt OrdersDlq.Arn
        maxReceiveCount: !FindInMap [Retries, !Ref Stage, Max]
  Events:
    Type: AWS::SNS::Topic
  OrdersPolicy:
    Type: AWS::SQS::QueuePolicy
    Properties:
      Queues: [!Ref Orders]
      PolicyDocument:
        Version: '2012-10-17'
        Statement:
          - Effect: Allow
            Principal: { Service: sns.amazonaws.com }
            Action: sqs:SendMessage
            Resource: !GetAtt Orders.Arn
            Condition: { ArnEquals: { aws:SourceArn: !Ref Events } }
  OrdersSubscription:
    Type: AWS::SNS::Subscription
    DependsOn: OrdersPolicy
    Properties:
      TopicArn: !Ref Events
      Protocol: sqs
      Endpoint: !GetAtt Orders.Arn
      RawMessageDelivery: true
  Archive:
    Type: AWS::DynamoDB::Table
Outputs:
  OrdersUrl:
    Value: !Ref Orders
`;

describe('a YAML template through aws.provision', () => {
  it('creates queues and a subscription that carry traffic', async () => {
    const { aws, sqs } = sqsSetup();
    const sns = new SNSClient({ region: aws.region, requestHandler: networkTrap });
    sns.middlewareStack.use(aws.sns);
    const stack = aws.provision(TEMPLATE, { stackName: 'shop' });

    const orders = stack.queue('Orders');
    expect(orders.name).toBe('shop-test-orders');
    expect(orders.deadLetterQueue()?.arn).toBe(stack.getAtt('OrdersDlq', 'Arn'));
    expect(stack.queue('OrdersDlq').name).toMatch(/^shop-OrdersDlq-[A-Z0-9]{12}$/);
    expect(stack.skipped).toEqual([{ logicalId: 'Archive', type: 'AWS::DynamoDB::Table' }]);

    await sqs.send(new SendMessageCommand({ QueueUrl: stack.outputs['OrdersUrl'], MessageBody: 'direct' }));
    await sns.send(new PublishCommand({ TopicArn: stack.ref('Events'), Message: 'fanned out' }));
    const { Messages } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: stack.ref('Orders'), MaxNumberOfMessages: 10 }),
    );
    expect(Messages?.map((message) => message.Body).sort()).toEqual(['direct', 'fanned out']);
  });

  it('leaves no queue, topic or subscription behind when a resource fails', async () => {
    const { aws } = sqsSetup();
    const sns = new SNSClient({ region: aws.region, requestHandler: networkTrap });
    sns.middlewareStack.use(aws.sns);
    let error: unknown;
    try {
      aws.provision(TEMPLATE.replace('Protocol: sqs', 'Protocol: carrier-pigeon'));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TemplateError);
    expect((error as TemplateError).logicalId).toBe('OrdersSubscription');
    expect(aws.sqs.queues()).toEqual([]);
    expect(aws.sns.topics()).toEqual([]);
    expect((await sns.send(new ListSubscriptionsCommand({}))).Subscriptions).toEqual([]);
    // Nothing was registered either: the stack name and the queue names are free at once (the rolled-back queues are
    // taken back as if never made, docs/aws-behaviour/templates.md §1.7).
    expect(aws.provision(TEMPLATE, { stackName: 'test-stack' }).queue('Orders').name).toBe('test-stack-test-orders');
  });
});
