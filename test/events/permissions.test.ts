/**
 * EventBridge's targets under `policies: 'enforce'` (docs/aws-behaviour/eventbridge.md §5.5): a topic's Policy must
 * let events.amazonaws.com sns:Publish, a function's policy must let it lambda:InvokeFunction from the rule.
 */
import { PutEventsCommand, PutRuleCommand, PutTargetsCommand } from '@aws-sdk/client-eventbridge';
import { AddPermissionCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { CreateTopicCommand, SetTopicAttributesCommand, SubscribeCommand } from '@aws-sdk/client-sns';
import { CreateQueueCommand, ReceiveMessageCommand, SetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networkTrap } from '../helpers.js';
import { eventsSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 5) }));
afterEach(() => vi.useRealTimers());

const RULE = 'arn:aws:events:us-east-1:000000000000:rule/orders';

async function ruleTo(setup: ReturnType<typeof eventsSetup>, arn: string) {
  await setup.events.send(new PutRuleCommand({ Name: 'orders', EventPattern: '{"source":["shop"]}' }));
  await setup.events.send(new PutTargetsCommand({ Rule: 'orders', Targets: [{ Id: 't', Arn: arn }] }));
}

const put = (setup: ReturnType<typeof eventsSetup>, n: number) =>
  setup.events.send(
    new PutEventsCommand({ Entries: [{ Source: 'shop', DetailType: 'Order', Detail: JSON.stringify({ n }) }] }),
  );

const lastRoute = (setup: ReturnType<typeof eventsSetup>) => setup.aws.events.bus().events().at(-1)!.routes[0];

describe("SNS targets under policies: 'enforce'", () => {
  it('the default topic policy does not admit EventBridge; a statement for events.amazonaws.com does', async () => {
    const setup = eventsSetup({ policies: 'enforce' });
    const { TopicArn } = await setup.sns.send(new CreateTopicCommand({ Name: 'orders' }));
    const { QueueUrl } = await setup.sqs.send(new CreateQueueCommand({ QueueName: 'copy' }));
    const queueArn = setup.aws.sqs.queue('copy').arn;
    await setup.sqs.send(
      new SetQueueAttributesCommand({
        QueueUrl,
        Attributes: {
          Policy: JSON.stringify({
            Statement: [
              {
                Effect: 'Allow',
                Principal: { Service: 'sns.amazonaws.com' },
                Action: 'sqs:SendMessage',
                Resource: queueArn,
              },
            ],
          }),
        },
      }),
    );
    await setup.sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: queueArn }));
    await ruleTo(setup, TopicArn!);
    await put(setup, 1);
    expect(lastRoute(setup)).toMatchObject({
      delivered: false,
      reason: expect.stringContaining(`the topic policy of ${TopicArn} does not allow events.amazonaws.com`),
    });
    const Policy = JSON.stringify({
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Principal: { Service: 'events.amazonaws.com' }, Action: 'sns:Publish', Resource: TopicArn },
      ],
    });
    await setup.sns.send(new SetTopicAttributesCommand({ TopicArn, AttributeName: 'Policy', AttributeValue: Policy }));
    await put(setup, 2);
    expect(lastRoute(setup)).toMatchObject({ delivered: true });
    const { Messages = [] } = await setup.sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }));
    expect(Messages.map((message) => JSON.parse(JSON.parse(message.Body!).Message).detail)).toEqual([{ n: 2 }]);
  });

  it("under the default 'ignore' the topic policy is not asked", async () => {
    const setup = eventsSetup();
    const { TopicArn } = await setup.sns.send(new CreateTopicCommand({ Name: 'orders' }));
    await ruleTo(setup, TopicArn!);
    await put(setup, 1);
    expect(lastRoute(setup)).toMatchObject({ delivered: true });
  });
});

describe("Lambda targets under policies: 'enforce'", () => {
  function withLambda() {
    const setup = eventsSetup({ policies: 'enforce' });
    const lambda = new LambdaClient({ region: setup.aws.region, requestHandler: networkTrap });
    lambda.middlewareStack.use(setup.aws.lambda);
    const seen: unknown[] = [];
    const fn = setup.aws.lambda.createFunction('on-order', async (event: { detail: unknown }) => {
      seen.push(event.detail);
    });
    return { setup, lambda, seen, fn };
  }
  const allow = (lambda: LambdaClient, StatementId: string, SourceArn?: string) =>
    lambda.send(
      new AddPermissionCommand({
        FunctionName: 'on-order',
        StatementId,
        Action: 'lambda:InvokeFunction',
        Principal: 'events.amazonaws.com',
        SourceArn,
      }),
    );

  it('refused without a permission, and with one for another rule; invoked once the rule is allowed', async () => {
    const { setup, lambda, seen, fn } = withLambda();
    await ruleTo(setup, fn.arn);
    await put(setup, 1);
    expect(lastRoute(setup)).toMatchObject({
      delivered: false,
      reason: expect.stringContaining(`the function policy of ${fn.arn} does not allow events.amazonaws.com`),
    });
    await allow(lambda, 'other-rule', 'arn:aws:events:us-east-1:000000000000:rule/other');
    await put(setup, 2);
    expect(lastRoute(setup)).toMatchObject({ delivered: false });
    await allow(lambda, 'this-rule', RULE);
    await put(setup, 3);
    await setup.aws.idle();
    expect(lastRoute(setup)).toMatchObject({ delivered: true });
    expect(seen).toEqual([{ n: 3 }]);
  });

  it("a template's AWS::Lambda::Permission lets its rule invoke the function", async () => {
    const { setup, seen } = withLambda();
    setup.aws.provision(
      {
        Resources: {
          Handler: {
            Type: 'AWS::Lambda::Function',
            Properties: {
              Runtime: 'nodejs20.x',
              Handler: 'index.handler',
              Role: 'arn:aws:iam::000000000000:role/r',
              Code: { ZipFile: 'x' },
            },
          },
          Rule: {
            Type: 'AWS::Events::Rule',
            Properties: {
              EventPattern: { source: ['shop'] },
              Targets: [{ Id: 'fn', Arn: { 'Fn::GetAtt': ['Handler', 'Arn'] } }],
            },
          },
          Allow: {
            Type: 'AWS::Lambda::Permission',
            Properties: {
              Action: 'lambda:InvokeFunction',
              FunctionName: { Ref: 'Handler' },
              Principal: 'events.amazonaws.com',
              SourceArn: { 'Fn::GetAtt': ['Rule', 'Arn'] },
            },
          },
        },
      },
      { stackName: 'app', functions: { Handler: async (event: { detail: unknown }) => void seen.push(event.detail) } },
    );
    await put(setup, 7);
    await setup.aws.idle();
    expect(seen).toEqual([{ n: 7 }]);
  });

  it("SAM's generated <Fn><Event>Permission lets the EventBridgeRule event invoke its function", async () => {
    const { setup, seen } = withLambda();
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
`;
    setup.aws.provision(sam, {
      stackName: 'app',
      functions: { OnOrder: async (event: { detail: unknown }) => void seen.push(event.detail) },
    });
    await put(setup, 8);
    await setup.aws.idle();
    expect(seen).toEqual([{ n: 8 }]);
  });
});
