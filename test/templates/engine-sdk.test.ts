/**
 * The engine as a test sees it through the SDK: what a provision creates is there for SQSClient, and what a failed
 * provision created is gone. The queues come from the engine tests' `Test::Queue` type (a real queue of the
 * account), so these tests do not depend on the resource types' own tests.
 */
import { ListQueuesCommand, ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TemplateError } from '../../src/index.js';
import { sqsSetup } from '../helpers.js';
import { fakeTypes, provisionWith } from '../unit/templates/fake-types.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const TEMPLATE = `
Parameters:
  Stage:
    Type: String
    AllowedValues: [test, prod]
Conditions:
  IsProd: !Equals [!Ref Stage, prod]
Resources:
  Orders:
    Type: Test::Queue
    Properties:
      QueueName: !Sub '\${AWS::StackName}-\${Stage}-orders'
  Audit:
    Type: Test::Queue
    Condition: IsProd
  Breaks:
    Type: Test::Fail
    Condition: IsProd
    DependsOn: [Orders, Audit]
Outputs:
  OrdersUrl:
    Value: !Ref Orders
    Export:
      Name: !Sub '\${AWS::StackName}:OrdersUrl'
`;

describe('a YAML template provisioned into the account', () => {
  it('creates queues that SQSClient lists, sends to and receives from', async () => {
    const { aws, sqs } = sqsSetup();
    const stack = provisionWith(aws, fakeTypes(), TEMPLATE, { stackName: 'shop', parameters: { Stage: 'test' } });

    const url = stack.outputs['OrdersUrl']!;
    expect(url).toBe('https://sqs.us-east-1.amazonaws.com/000000000000/shop-test-orders');
    expect((await sqs.send(new ListQueuesCommand({}))).QueueUrls).toEqual([url]);
    await sqs.send(new SendMessageCommand({ QueueUrl: stack.ref('Orders'), MessageBody: 'hello' }));
    const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: url }));
    expect(Messages?.map((message) => message.Body)).toEqual(['hello']);
    expect(stack.queue('Orders').messages()).toHaveLength(1);
  });

  it('leaves the account as it was when a resource fails', async () => {
    const { aws, sqs } = sqsSetup();
    let error: unknown;
    try {
      provisionWith(aws, fakeTypes(), TEMPLATE, { stackName: 'shop', parameters: { Stage: 'prod' } });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TemplateError);
    expect((error as TemplateError).logicalId).toBe('Breaks');
    expect((await sqs.send(new ListQueuesCommand({}))).QueueUrls).toBeUndefined();
  });
});
