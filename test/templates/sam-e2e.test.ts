/**
 * A SAM template end to end (docs/aws-behaviour/templates.md §5): `aws.provision` expands
 * `AWS::Serverless::Function` with its Globals and its SQS and SNS events, and the handlers bound to the functions
 * get the traffic the SDK clients send: a queue through an event source mapping, a topic through a `lambda`
 * subscription, and a topic through SAM's `SqsSubscription` queue (made by SAM, or the template's own).
 */
import { GetSubscriptionAttributesCommand, PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SNSEvent, SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAwsMock, type AwsMock } from '../../src/index.js';
import '../../src/matchers/vitest.js';
import { networkTrap } from '../helpers.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const TEMPLATE = `
AWSTemplateFormatVersion: '2010-09-09'
Transform: AWS::Serverless-2016-10-31
Parameters:
  Stage:
    Type: String
    Default: test
Globals:
  Function:
    Runtime: nodejs22.x
    Handler: index.handler
    CodeUri: src/
    Timeout: 5
    MemorySize: 256
Resources:
  Orders:
    Type: AWS::SQS::Queue
    Properties:
      VisibilityTimeout: 60
  Audit:
    Type: AWS::SQS::Queue
  Events:
    Type: AWS::SNS::Topic
    Properties:
      TopicName: !Sub events-\${Stage}
  OrderWorker:
    Type: AWS::Serverless::Function
    Properties:
      Timeout: 20
      Events:
        FromOrders:
          Type: SQS
          Properties:
            Queue: !GetAtt Orders.Arn
            BatchSize: 5
            FunctionResponseTypes: [ReportBatchItemFailures]
        Buffered:
          Type: SNS
          Properties:
            Topic: !Ref Events
            SqsSubscription: true
            FilterPolicy:
              kind: [order]
  Notifier:
    Type: AWS::Serverless::Function
    Properties:
      FunctionName: !Sub notifier-\${Stage}
      Events:
        OnRefund:
          Type: SNS
          Properties:
            Topic: !Ref Events
            FilterPolicy:
              kind: [refund]
  Auditor:
    Type: AWS::Serverless::Function
    Properties:
      Events:
        Everything:
          Type: SNS
          Properties:
            Topic: !Ref Events
            SqsSubscription:
              QueueArn: !GetAtt Audit.Arn
              QueueUrl: !Ref Audit
              BatchSize: 2
Outputs:
  NotifierName:
    Value: !Ref Notifier
`;

interface Received {
  readonly worker: string[];
  readonly notifier: string[];
  readonly auditor: string[];
}

function setup(options: { policies?: 'enforce' } = {}) {
  const aws = createAwsMock(options);
  const sqs = new SQSClient({ requestHandler: networkTrap });
  sqs.middlewareStack.use(aws.sqs);
  const sns = new SNSClient({ requestHandler: networkTrap });
  sns.middlewareStack.use(aws.sns);
  const received: Received = { worker: [], notifier: [], auditor: [] };
  /** An SQS record's body, or for an SNS envelope in a body (no raw delivery) or an SNS record, the message. */
  const messageOf = (body: string) => (body.startsWith('{') ? (JSON.parse(body) as { Message: string }).Message : body);
  const stack = aws.provision(TEMPLATE, {
    stackName: 'shop',
    functions: {
      OrderWorker: async (event: SQSEvent) => {
        received.worker.push(...event.Records.map((record) => messageOf(record.body)));
        return { batchItemFailures: [] };
      },
      // Bound by its FunctionName rather than its logical id.
      'notifier-test': async (event: SNSEvent) => {
        received.notifier.push(...event.Records.map((record) => record.Sns.Message));
      },
      Auditor: async (event: SQSEvent) => {
        received.auditor.push(...event.Records.map((record) => messageOf(record.body)));
      },
    },
  });
  const publish = (kind: string, message: string) =>
    sns.send(
      new PublishCommand({
        TopicArn: stack.ref('Events'),
        Message: message,
        MessageAttributes: { kind: { DataType: 'String', StringValue: kind } },
      }),
    );
  return { aws, sqs, sns, stack, received, publish };
}

async function drain(aws: AwsMock): Promise<void> {
  await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) });
}

describe('a SAM template provisioned', () => {
  it('drives each function from its events: the queue, the lambda subscription and both SqsSubscription forms', async () => {
    const { aws, sqs, stack, received, publish } = setup();

    await sqs.send(new SendMessageCommand({ QueueUrl: stack.ref('Orders'), MessageBody: 'sent directly' }));
    await publish('order', 'order 1');
    await publish('refund', 'refund 1');
    await publish('other', 'other 1');
    await drain(aws);

    expect(received.worker.sort()).toEqual(['order 1', 'sent directly']);
    expect(received.notifier).toEqual(['refund 1']);
    expect(received.auditor.sort()).toEqual(['order 1', 'other 1', 'refund 1']);
    for (const id of ['Orders', 'Audit', 'OrderWorkerBufferedQueue']) expect(stack.queue(id)).toHaveMessageCount(0);
    expect(stack.skipped).toEqual([]);
  });

  it('creates what SAM generates, under the logical ids SAM gives', async () => {
    const { sqs, sns, stack } = setup();

    // The Notifier's topic event: a lambda subscription with the event's filter, and a permission for SNS.
    const { Attributes: lambdaSubscription } = await sns.send(
      new GetSubscriptionAttributesCommand({ SubscriptionArn: stack.ref('NotifierOnRefund') }),
    );
    expect(lambdaSubscription).toMatchObject({
      Protocol: 'lambda',
      Endpoint: stack.getAtt('Notifier', 'Arn'),
      FilterPolicy: '{"kind":["refund"]}',
    });
    expect(stack.ref('NotifierOnRefundPermission')).toEqual(expect.any(String));

    // The OrderWorker's SqsSubscription: true: a queue of SAM's, its policy, an sqs subscription, a mapping.
    const queueUrl = stack.ref('OrderWorkerBufferedQueue');
    expect(stack.queue('OrderWorkerBufferedQueue').name).toMatch(/^shop-OrderWorkerBufferedQueue-[A-Z0-9]{12}$/);
    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['Policy'] }),
    );
    expect(JSON.parse(Attributes!['Policy']!).Statement).toEqual([
      {
        Action: 'sqs:SendMessage',
        Effect: 'Allow',
        Principal: '*',
        Resource: stack.getAtt('OrderWorkerBufferedQueue', 'Arn'),
        Condition: { ArnEquals: { 'aws:SourceArn': stack.ref('Events') } },
      },
    ]);
    const { Attributes: sqsSubscription } = await sns.send(
      new GetSubscriptionAttributesCommand({ SubscriptionArn: stack.ref('OrderWorkerBuffered') }),
    );
    expect(sqsSubscription).toMatchObject({ Protocol: 'sqs', RawMessageDelivery: 'false' });
    expect(stack.ref('OrderWorkerBufferedEventSourceMapping')).toMatch(/^[0-9a-f-]{36}$/);

    // The Auditor's SqsSubscription map: the template's own queue, no new one.
    expect(() => stack.queue('AuditorEverythingQueue')).toThrow(/has no resource "AuditorEverythingQueue"/);
    expect(stack.ref('AuditorEverythingQueuePolicy')).toEqual(expect.any(String));
    // Each function got a role of SAM's, named <Function>Role.
    expect(stack.getAtt('AuditorRole', 'Arn')).toMatch(/^arn:aws:iam::000000000000:role\/shop-AuditorRole-/);
  });

  it('gives every function the Globals, its own properties winning', () => {
    const { stack } = setup();
    expect(stack.function('OrderWorker')).toMatchObject({ timeout: 20, memorySize: 256 });
    expect(stack.function('Notifier')).toMatchObject({ name: 'notifier-test', timeout: 5, memorySize: 256 });
    expect(stack.outputs['NotifierName']).toBe('notifier-test');
  });

  it('delivers through the policies SAM writes when policies are enforced', async () => {
    const { aws, received, publish } = setup({ policies: 'enforce' });
    expect(aws.sns.deliveryProblems()).toEqual([]);

    await publish('order', 'order 2');
    await drain(aws);

    expect(received.worker).toEqual(['order 2']);
    expect(received.auditor).toEqual(['order 2']);
  });

  it('binds every function or names the one without a handler, creating nothing', () => {
    const aws = createAwsMock();
    expect(() => aws.provision(TEMPLATE, { functions: { OrderWorker: async () => {} } })).toThrow(
      /no handler given for function (Notifier|Auditor)/,
    );
    expect(aws.sqs.queues()).toEqual([]);
    expect(aws.sns.topics()).toEqual([]);
  });
});
