/**
 * The README's sections "Infrastructure from a template" and "Queue policies", and the cookbook recipe "Catch a
 * missing queue policy", run as written (modulo the assertions that make them tests), so the documentation cannot
 * drift from what the library does. The README reads its templates from files; here they are the same text inline.
 * Its CDK example imports aws-cdk-lib, and runs in test/templates/cdk-synth.test.ts (the one file that pays for it).
 */
import { CreateTopicCommand, PublishCommand, SNSClient, SubscribeCommand } from '@aws-sdk/client-sns';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  SendMessageCommand,
  SetQueueAttributesCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { SNSEvent, SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createAwsMock, TemplateError } from '../src/index.js';
import '../src/matchers/vitest.js';

const aws = createAwsMock();
const sqs = new SQSClient({});
sqs.middlewareStack.use(aws.sqs);
const sns = new SNSClient({});
sns.middlewareStack.use(aws.sns);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  aws.reset();
});

// infra/orders.yaml
const ORDERS_YAML = `
Parameters:
  Stage:
    Type: String
    AllowedValues: [test, prod]
Resources:
  OrdersDlq:
    Type: AWS::SQS::Queue
    Properties:
      QueueName: !Sub orders-dlq-\${Stage}
  Orders:
    Type: AWS::SQS::Queue
    Properties:
      QueueName: !Sub orders-\${Stage}
      VisibilityTimeout: 60
      RedrivePolicy:
        deadLetterTargetArn: !GetAtt OrdersDlq.Arn
        maxReceiveCount: 5
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
  BigOrders:
    Type: AWS::SNS::Subscription
    DependsOn: OrdersPolicy
    Properties:
      TopicArn: !Ref Events
      Protocol: sqs
      Endpoint: !GetAtt Orders.Arn
      RawMessageDelivery: true
      FilterPolicy:
        amount: [{ numeric: ['>=', 100] }]
  Alarms:
    Type: AWS::CloudWatch::Alarm
Outputs:
  OrdersUrl:
    Value: !Ref Orders
  EventsArn:
    Value: !Ref Events
    Export:
      Name: !Sub \${AWS::StackName}-events
`;

it('Infrastructure from a template: a CloudFormation YAML template drives send and fan-out', async () => {
  const stack = aws.provision(ORDERS_YAML, { stackName: 'orders', parameters: { Stage: 'test' } });

  await sqs.send(new SendMessageCommand({ QueueUrl: stack.outputs.OrdersUrl, MessageBody: '{"orderId":1}' }));
  const publish = (orderId: number, amount: number) =>
    sns.send(
      new PublishCommand({
        TopicArn: stack.ref('Events'),
        Message: JSON.stringify({ orderId }),
        MessageAttributes: { amount: { DataType: 'Number', StringValue: String(amount) } },
      }),
    );
  await publish(2, 250);
  await publish(3, 5); // filtered out

  const orders = stack.queue('Orders');
  expect(orders.name).toBe('orders-test');
  expect(orders).toHaveMessageCount(2);
  expect(orders).toContainMessage({ orderId: 2 });
  expect(orders).not.toContainMessage({ orderId: 3 });
  expect(orders.deadLetterQueue()?.name).toBe('orders-dlq-test');
  expect(stack.getAtt('Orders', 'Arn')).toBe('arn:aws:sqs:us-east-1:000000000000:orders-test');
  expect(stack.skipped).toEqual([{ logicalId: 'Alarms', type: 'AWS::CloudWatch::Alarm' }]);
  expect(aws.sns.deliveryProblems()).toEqual([]);
});

// infra/billing.yaml: a second stack reading the first one's export
const BILLING_YAML = `
Resources:
  Invoices:
    Type: AWS::SQS::Queue
  InvoicesPolicy:
    Type: AWS::SQS::QueuePolicy
    Properties:
      Queues: [!Ref Invoices]
      PolicyDocument:
        Statement:
          - Effect: Allow
            Principal: { Service: sns.amazonaws.com }
            Action: sqs:SendMessage
            Resource: !GetAtt Invoices.Arn
            Condition: { ArnEquals: { aws:SourceArn: !ImportValue orders-events } }
  InvoicesSubscription:
    Type: AWS::SNS::Subscription
    Properties:
      TopicArn: !ImportValue orders-events
      Protocol: sqs
      Endpoint: !GetAtt Invoices.Arn
      RawMessageDelivery: true
`;

it('Infrastructure from a template: exports across stacks', async () => {
  const orders = aws.provision(ORDERS_YAML, { stackName: 'orders', parameters: { Stage: 'test' } });
  const billing = aws.provision(BILLING_YAML, { stackName: 'billing' });

  await sns.send(new PublishCommand({ TopicArn: orders.ref('Events'), Message: '{"orderId":4}' }));
  expect(billing.queue('Invoices')).toContainMessage({ orderId: 4 });
  expect(billing.queue('Invoices').name).toMatch(/^billing-Invoices-[A-Z0-9]{12}$/);
});

it('Infrastructure from a template: a bad template creates nothing and names the resource and property', () => {
  const broken = ORDERS_YAML.replace('maxReceiveCount: 5', 'maxReceiveCount: 5000');
  let error: unknown;
  try {
    aws.provision(broken, { stackName: 'orders', parameters: { Stage: 'test' } });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(TemplateError);
  expect(error).toMatchObject({ logicalId: 'Orders', property: 'RedrivePolicy' });
  expect((error as Error).message).toMatch(/^sqs-sns-mock: provision: Orders \(AWS::SQS::Queue\): /);
  expect(aws.sqs.queues()).toEqual([]);

  expect(() => aws.provision(ORDERS_YAML, { parameters: { Stage: 'staging' } })).toThrow(
    "Parameter 'Stage' must be one of AllowedValues",
  );
  const typo = ORDERS_YAML.replace('!GetAtt OrdersDlq.Arn', '!GetAtt OrderDlq.Arn');
  expect(() => aws.provision(typo, { parameters: { Stage: 'test' } })).toThrow(
    'Template error: instance of Fn::GetAtt references undefined resource OrderDlq',
  );
  expect(aws.sqs.queues()).toEqual([]);
});

// template.yaml (SAM)
const SAM_YAML = `
Transform: AWS::Serverless-2016-10-31
Globals:
  Function:
    Runtime: nodejs22.x
    Handler: index.handler
    CodeUri: src/
    Timeout: 10
Resources:
  Orders:
    Type: AWS::SQS::Queue
    Properties:
      VisibilityTimeout: 60
  Events:
    Type: AWS::SNS::Topic
  OrderWorker:
    Type: AWS::Serverless::Function
    Properties:
      Events:
        FromOrders:
          Type: SQS
          Properties:
            Queue: !GetAtt Orders.Arn
            BatchSize: 5
        OnRefund:
          Type: SNS
          Properties:
            Topic: !Ref Events
            FilterPolicy:
              type: [refund]
`;

it('Infrastructure from a template: a SAM template drives a Lambda handler', async () => {
  const seen: unknown[] = [];
  const handler = async (event: SQSEvent | SNSEvent) => {
    for (const record of event.Records) {
      seen.push('Sns' in record ? JSON.parse(record.Sns.Message) : JSON.parse(record.body));
    }
  };
  const stack = aws.provision(SAM_YAML, { functions: { OrderWorker: handler } });

  await sqs.send(new SendMessageCommand({ QueueUrl: stack.ref('Orders'), MessageBody: '{"orderId":7}' }));
  await sns.send(
    new PublishCommand({
      TopicArn: stack.ref('Events'),
      Message: '{"orderId":8}',
      MessageAttributes: { type: { DataType: 'String', StringValue: 'refund' } },
    }),
  );
  await aws.idle();

  const worker = stack.function('OrderWorker');
  expect(worker).toHaveBeenInvokedWithRecord({ orderId: 7 });
  expect(worker).toHaveBeenInvokedWithRecord({ orderId: 8 });
  expect(worker.timeout).toBe(10);
  expect(stack.queue('Orders')).toHaveMessageCount(0);
  expect(seen).toEqual(expect.arrayContaining([{ orderId: 7 }, { orderId: 8 }]));
});

it('Queue policies: enforce mode refuses a delivery the queue policy does not allow', async () => {
  const strict = createAwsMock({ policies: 'enforce' });
  const stack = strict.provision(ORDERS_YAML, { parameters: { Stage: 'test' } });
  const leaky = strict.provision(
    `
Resources:
  Audit:
    Type: AWS::SQS::Queue
  AuditSubscription:
    Type: AWS::SNS::Subscription
    Properties:
      TopicArn: !ImportValue test-stack-events
      Protocol: sqs
      Endpoint: !GetAtt Audit.Arn
`,
    { stackName: 'audit' },
  );
  const topic = stack.topic('Events');

  expect(topic).toBeAllowedToDeliverTo(stack.queue('Orders'));
  expect(topic).not.toBeAllowedToDeliverTo(leaky.queue('Audit'));
  expect(strict.sns.deliveryProblems()).toEqual([
    {
      subscriptionArn: leaky.ref('AuditSubscription'),
      topicArn: topic.arn,
      endpoint: leaky.queue('Audit').arn,
      queue: 'endpoint',
      queueArn: leaky.queue('Audit').arn,
      reason: expect.stringMatching(/: the queue has no Policy$/),
    },
  ]);

  const strictSns = new SNSClient({});
  strictSns.middlewareStack.use(strict.sns);
  await strictSns.send(
    new PublishCommand({
      TopicArn: topic.arn,
      Message: '{"orderId":9}',
      MessageAttributes: { amount: { DataType: 'Number', StringValue: '500' } },
    }),
  );
  expect(stack.queue('Orders')).toContainMessage({ orderId: 9 });
  expect(leaky.queue('Audit')).toHaveMessageCount(0);
  const refused = topic.published()[0]!.deliveries.find((delivery) => delivery.endpoint === leaky.queue('Audit').arn);
  expect(refused).toMatchObject({ delivered: false, failed: true, refusedBy: 'queuePolicy' });
});

/** The wiring code the recipe tests: a topic, a queue, its Policy (unless forgotten) and the subscription. */
async function wireOrders(sns: SNSClient, sqs: SQSClient, { forgetPolicy = false } = {}): Promise<string> {
  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] }));
  const queueArn = Attributes!['QueueArn']!;
  if (!forgetPolicy) {
    const statement = {
      Effect: 'Allow',
      Principal: { Service: 'sns.amazonaws.com' },
      Action: 'sqs:SendMessage',
      Resource: queueArn,
      Condition: { ArnEquals: { 'aws:SourceArn': TopicArn } },
    };
    const Policy = JSON.stringify({ Version: '2012-10-17', Statement: [statement] });
    await sqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes: { Policy } }));
  }
  await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: queueArn }));
  return TopicArn!;
}

function enforcingAccount() {
  const aws = createAwsMock({ policies: 'enforce' });
  const sqs = new SQSClient({});
  sqs.middlewareStack.use(aws.sqs);
  const sns = new SNSClient({});
  sns.middlewareStack.use(aws.sns);
  return { aws, sqs, sns };
}

it('Cookbook: catch a missing queue policy', async () => {
  const { aws, sqs, sns } = enforcingAccount();
  const TopicArn = await wireOrders(sns, sqs);

  expect(aws.sns.topic('events')).toBeAllowedToDeliverTo(aws.sqs.queue('orders'));
  expect(aws.sns.deliveryProblems()).toEqual([]);

  await sns.send(new PublishCommand({ TopicArn, Message: '{"orderId":7}' }));
  expect(aws.sqs.queue('orders')).toContainMessage({ Message: '{"orderId":7}' });
});

it('Cookbook: catch a missing queue policy (the recipe fails on wiring that forgot it)', async () => {
  const { aws, sqs, sns } = enforcingAccount();
  const TopicArn = await wireOrders(sns, sqs, { forgetPolicy: true });

  expect(() => expect(aws.sns.topic('events')).toBeAllowedToDeliverTo(aws.sqs.queue('orders'))).toThrow(
    /: the queue has no Policy\. The queue's Policy needs a statement such as \{"Effect":"Allow"/,
  );
  expect(aws.sns.deliveryProblems()).toHaveLength(1);
  await sns.send(new PublishCommand({ TopicArn, Message: '{"orderId":7}' }));
  expect(aws.sqs.queue('orders')).toHaveMessageCount(0);
});
