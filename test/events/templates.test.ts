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

describe('SAM EventBridgeRule and Schedule events', () => {
  const sam = `
Transform: AWS::Serverless-2016-10-31
Resources:
  OnOrder:
    Type: AWS::Serverless::Function
    Properties:
      Runtime: nodejs22.x
      Handler: index.handler
      CodeUri: src/
      Events:
        Placed:
          Type: EventBridgeRule
          Properties:
            Pattern:
              source: [shop]
            InputPath: $.detail
            DeadLetterConfig:
              Type: SQS
        Tick:
          Type: Schedule
          Properties:
            Schedule: rate(1 hour)
            Input: '{"tick": true}'
`;

  it('the rule invokes the function with its input; the schedule fires; the DLQ is made', async () => {
    const { aws, events } = eventsSetup();
    const seen: unknown[] = [];
    const stack = aws.provision(sam, {
      stackName: 'app',
      functions: { OnOrder: async (event: unknown) => void seen.push(event) },
    });
    expect(stack.skipped).toEqual([]);
    await events.send(
      new PutEventsCommand({ Entries: [{ Source: 'shop', DetailType: 'Order', Detail: '{"id":"o-1"}' }] }),
    );
    await aws.idle();
    expect(seen).toEqual([{ id: 'o-1' }]);
    // The schedule's firing is the test's to reach; runUntilIdle then runs the invocation it started.
    expect(await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) })).toBe(0);
    expect(seen).toEqual([{ id: 'o-1' }]);
    await vi.advanceTimersByTimeAsync(3_600_000);
    await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) });
    expect(seen).toEqual([{ id: 'o-1' }, { tick: true }]);
    expect(aws.sqs.queues().map((queue) => queue.name)).toEqual([expect.stringMatching(/^app-OnOrderPlacedQueue-/)]);
  });
});
