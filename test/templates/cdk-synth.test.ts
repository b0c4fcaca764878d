/**
 * A CDK app's stack, synthesised in the test with aws-cdk-lib (`Template.fromStack(stack).toJSON()`), provisioned
 * with `aws.provision` and driven through the SDK clients: the CDK examples of the README and docs/guide/templates.md
 * read from the pages and run as written (test/support/doc-blocks.ts), then what CDK adds
 * around it (docs/aws-behaviour/templates.md §1.5, §4). The one test file that imports aws-cdk-lib: loading it costs
 * about a second, and its types about four seconds of the project's type check.
 */
import * as cdk from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as eventsTargets from 'aws-cdk-lib/aws-events-targets';
import { App, CfnElement, Stack, type StackProps } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sns from 'aws-cdk-lib/aws-sns';
import { SqsSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import * as clientEventBridge from '@aws-sdk/client-eventbridge';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAwsMock } from '../../src/index.js';
import '../../src/matchers/vitest.js';
import { networkTrap } from '../helpers.js';
import { defineBlock, docBlock } from '../support/doc-blocks.js';
import { DOC_GLOBALS, DOC_MODULES } from '../support/doc-context.js';

// aws-cdk-lib is a large library: its first synthesis in a busy CI process can take seconds.
vi.setConfig({ testTimeout: 60_000 });

const CDK_MODULES = {
  'aws-cdk-lib': cdk,
  'aws-cdk-lib/assertions': { Template },
  'aws-cdk-lib/aws-events': events,
  'aws-cdk-lib/aws-events-targets': eventsTargets,
  'aws-cdk-lib/aws-lambda': lambda,
  'aws-cdk-lib/aws-lambda-event-sources': { SqsEventSource },
  'aws-cdk-lib/aws-sns': sns,
  'aws-cdk-lib/aws-sns-subscriptions': { SqsSubscription },
  'aws-cdk-lib/aws-sqs': sqs,
};

/** The application's stack as docs/guide/templates.md writes it (lib/orders-stack.ts), taken from the page. */
type OrdersStackClass = new (
  scope: Construct,
  id: string,
  props?: StackProps,
) => Stack & { readonly queue: sqs.Queue; readonly topic: sns.Topic; readonly worker: lambda.Function };
const { OrdersStack } = defineBlock(docBlock('docs/guide/templates.md', 'cdk-stack'), {
  modules: CDK_MODULES,
  returns: ['OrdersStack'],
}) as { OrdersStack: OrdersStackClass };

/** The logical id CDK gave a construct's CloudFormation resource: follow it, never guess the hash. */
function logicalId(construct: Construct): string {
  return Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnElement);
}

const aws = createAwsMock();
const sqsClient = new SQSClient({ requestHandler: networkTrap });
sqsClient.middlewareStack.use(aws.sqs);
const snsClient = new SNSClient({ requestHandler: networkTrap });
snsClient.middlewareStack.use(aws.sns);
const eventsClient = new clientEventBridge.EventBridgeClient({ requestHandler: networkTrap });
eventsClient.middlewareStack.use(aws.events);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  aws.reset();
});

describe("docs/guide/templates.md's CDK example: a synthesised stack carries a send to Lambda and a publish", () => {
  defineBlock(docBlock('docs/guide/templates.md', 'cdk-test'), {
    modules: { ...DOC_MODULES, ...CDK_MODULES, '../lib/orders-stack': { OrdersStack } },
    scope: { ...DOC_GLOBALS, aws, sqs: sqsClient, sns: snsClient },
  });
});

describe("the README's quick start: Lambda from a CDK stack", () => {
  const readmeStack = defineBlock(docBlock('README.md', 'quick-start-cdk-stack'), {
    modules: CDK_MODULES,
    returns: ['OrdersStack'],
  });
  defineBlock(docBlock('README.md', 'quick-start-cdk-test'), {
    modules: { ...DOC_MODULES, ...CDK_MODULES, '../lib/orders-stack': readmeStack },
  });
});

describe('a CDK stack provisioned', () => {
  it("dead-letters a record the handler keeps failing, after the queue's maxReceiveCount", async () => {
    const cdkStack = new OrdersStack(new App({ builtinCloudFormationValidation: false }), 'OrdersStack');
    const stack = aws.provision(Template.fromStack(cdkStack).toJSON(), {
      functions: {
        [logicalId(cdkStack.worker)]: async (event: SQSEvent) => ({
          batchItemFailures: event.Records.filter((record) => record.body.includes('bad')).map((record) => ({
            itemIdentifier: record.messageId,
          })),
        }),
      },
    });
    const queue = stack.queue(logicalId(cdkStack.queue));
    await sqsClient.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: '{"orderId":1}' }));
    await sqsClient.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: '{"orderId":2,"bad":true}' }));

    const moved = await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) });

    expect(moved).toBe(180_000); // three visibility timeouts of 60 s: the fourth receive moves it
    expect(queue).toHaveDeadLetter({ orderId: 2, bad: true });
    expect(stack.function(logicalId(cdkStack.worker))).toHaveBeenInvokedWithRecord({ orderId: 2 }, { times: 3 });
    const { Attributes } = await sqsClient.send(
      new GetQueueAttributesCommand({ QueueUrl: queue.deadLetterQueue()!.url, AttributeNames: ['All'] }),
    );
    expect(Attributes).toMatchObject({ MessageRetentionPeriod: '1209600', ApproximateNumberOfMessages: '1' });
  });

  it("takes CDK's extras in its stride: the bootstrap parameter and rule, the role, metadata; nothing skipped", () => {
    const cdkStack = new OrdersStack(new App({ builtinCloudFormationValidation: false }), 'OrdersStack');
    const template = Template.fromStack(cdkStack).toJSON();
    // What Template.fromStack gives (aws-cdk-lib 2.276.0): the bootstrap check, no CDKMetadata (§1.5, §8.11).
    expect(Object.keys(template['Parameters'])).toEqual(['BootstrapVersion']);
    expect(Object.keys(template['Rules'])).toEqual(['CheckBootstrapVersion']);
    expect(JSON.stringify(template)).not.toContain('CDKMetadata');

    const stack = aws.provision(template, {
      stackName: 'OrdersStack',
      functions: { [logicalId(cdkStack.worker)]: async () => ({ batchItemFailures: [] }) },
    });
    expect(stack.skipped).toEqual([]);
    expect(stack.getAtt(logicalId(cdkStack.worker.role!), 'Arn')).toMatch(
      /^arn:aws:iam::000000000000:role\/OrdersStack-WorkerServiceRole[0-9A-F]{8}-[A-Z0-9]{12}$/,
    );
    expect(stack.function(logicalId(cdkStack.worker)).timeout).toBe(10);
  });

  it('binds a function by its FunctionName as well as by its logical id', async () => {
    const app = new App({ builtinCloudFormationValidation: false });
    const cdkStack = new Stack(app, 'Named');
    const queue = new sqs.Queue(cdkStack, 'Jobs', { queueName: 'jobs' });
    new lambda.Function(cdkStack, 'JobWorker', {
      functionName: 'job-worker',
      runtime: lambda.Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: lambda.Code.fromInline('exports.handler = async () => {};'),
    }).addEventSource(new SqsEventSource(queue));
    const seen: string[] = [];
    aws.provision(Template.fromStack(cdkStack).toJSON(), {
      functions: { 'job-worker': async (event: SQSEvent) => void seen.push(...event.Records.map((r) => r.body)) },
    });

    await sqsClient.send(new SendMessageCommand({ QueueUrl: aws.sqs.queue('jobs').url, MessageBody: 'job 1' }));
    await aws.idle();
    expect(seen).toEqual(['job 1']);
    expect(aws.lambda.function('job-worker')).toHaveSucceededEveryTime();
  });

  it("lets SNS through CDK's enforceSSL queue policy, in enforce mode", async () => {
    const strict = createAwsMock({ policies: 'enforce' });
    const strictSns = new SNSClient({ requestHandler: networkTrap });
    strictSns.middlewareStack.use(strict.sns);
    const cdkStack = new Stack(new App({ builtinCloudFormationValidation: false }), 'Secure');
    const queue = new sqs.Queue(cdkStack, 'Audit', { enforceSSL: true });
    const bare = new sqs.Queue(cdkStack, 'Bare');
    const topic = new sns.Topic(cdkStack, 'Events');
    topic.addSubscription(new SqsSubscription(queue));
    const stack = strict.provision(Template.fromStack(cdkStack).toJSON());
    const topicArn = stack.ref(logicalId(topic));
    await strictSns.send(new PublishCommand({ TopicArn: topicArn, Message: 'audited' }));

    expect(stack.queue(logicalId(queue))).toContainMessage({ Message: 'audited' });
    expect(strict.sns.topic(topicArn)).toBeAllowedToDeliverTo(stack.queue(logicalId(queue)));
    expect(strict.sns.topic(topicArn)).not.toBeAllowedToDeliverTo(stack.queue(logicalId(bare)));
  });
});

describe("docs/guide/eventbridge.md's CDK example: a rule with a pattern to a queue and a function, and a schedule", () => {
  const { ShopEventsStack } = defineBlock(docBlock('docs/guide/eventbridge.md', 'events-cdk-stack'), {
    modules: CDK_MODULES,
    returns: ['ShopEventsStack'],
  });
  defineBlock(docBlock('docs/guide/eventbridge.md', 'events-cdk-test'), {
    modules: { ...DOC_MODULES, ...CDK_MODULES, '../lib/shop-events-stack': { ShopEventsStack } },
    scope: { ...DOC_GLOBALS, PutEventsCommand: clientEventBridge.PutEventsCommand, aws, events: eventsClient },
  });

  it("delivers through CDK's queue policy and Lambda permission in enforce mode", async () => {
    const enforcing = createAwsMock({ policies: 'enforce' });
    const client = new clientEventBridge.EventBridgeClient({ requestHandler: networkTrap });
    client.middlewareStack.use(enforcing.events);
    const Stack = ShopEventsStack as new (scope: Construct, id: string) => Stack;
    const cdkStack = new Stack(new App({ builtinCloudFormationValidation: false }), 'ShopEvents');
    const notifier = cdkStack.node.findChild('Notifier') as lambda.Function;
    enforcing.provision(Template.fromStack(cdkStack).toJSON(), {
      stackName: 'ShopEvents',
      functions: { [logicalId(notifier)]: async () => {} },
    });
    await client.send(
      new clientEventBridge.PutEventsCommand({
        Entries: [{ Source: 'shop', DetailType: 'OrderPlaced', Detail: '{"orderId":1,"total":250}' }],
      }),
    );
    const [event] = enforcing.events.bus().events();
    expect(event!.routes).toHaveLength(2);
    expect(event!.routes.map((route) => [route.delivered, route.reason])).toEqual([
      [true, undefined],
      [true, undefined],
    ]);
  });
});
