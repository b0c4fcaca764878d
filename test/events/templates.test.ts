import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventsSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 5) }));
afterEach(() => vi.useRealTimers());

const template = {
  Resources: {
    Orders: { Type: 'AWS::SQS::Queue', Properties: { QueueName: 'orders' } },
    OrdersPolicy: {
      Type: 'AWS::SQS::QueuePolicy',
      Properties: {
        Queues: [{ Ref: 'Orders' }],
        PolicyDocument: {
          Statement: [
            {
              Effect: 'Allow',
              Principal: { Service: 'events.amazonaws.com' },
              Action: 'sqs:SendMessage',
              Resource: { 'Fn::GetAtt': ['Orders', 'Arn'] },
              Condition: { ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': ['OrderRule', 'Arn'] } } },
            },
          ],
        },
      },
    },
    Bus: { Type: 'AWS::Events::EventBus', Properties: { Name: 'shop' } },
    OrderRule: {
      Type: 'AWS::Events::Rule',
      Properties: {
        EventBusName: { Ref: 'Bus' },
        EventPattern: { source: ['shop'], detail: { total: [{ numeric: ['>', 100] }] } },
        Targets: [
          {
            Id: 'queue',
            Arn: { 'Fn::GetAtt': ['Orders', 'Arn'] },
            InputTransformer: { InputPathsMap: { id: '$.detail.id' }, InputTemplate: '{"order": <id>}' },
          },
        ],
      },
    },
  },
  Outputs: {
    RuleRef: { Value: { Ref: 'OrderRule' } },
    RuleArn: { Value: { 'Fn::GetAtt': ['OrderRule', 'Arn'] } },
    BusArn: { Value: { 'Fn::GetAtt': ['Bus', 'Arn'] } },
  },
};

describe('AWS::Events::EventBus and AWS::Events::Rule', () => {
  it('provision a bus and a rule whose target takes transformed events, policies enforced', async () => {
    const { aws, events } = eventsSetup({ policies: 'enforce' });
    const stack = aws.provision(template, { stackName: 'shop-stack' });
    expect(stack.outputs['BusArn']).toBe('arn:aws:events:us-east-1:000000000000:event-bus/shop');
    expect(stack.outputs['RuleRef']).toMatch(/^shop\|shop-stack-OrderRule-/);
    expect(stack.outputs['RuleArn']).toMatch(
      /^arn:aws:events:us-east-1:000000000000:rule\/shop\/shop-stack-OrderRule-/,
    );
    await events.send(
      new PutEventsCommand({
        Entries: [
          { Source: 'shop', DetailType: 'Order', Detail: '{"id":"o-1","total":150}', EventBusName: 'shop' },
          { Source: 'shop', DetailType: 'Order', Detail: '{"id":"o-2","total":50}', EventBusName: 'shop' },
        ],
      }),
    );
    expect(
      aws.sqs
        .queue('orders')
        .messages()
        .map((message) => message.body),
    ).toEqual(['{"order": "o-1"}']);
  });
});
