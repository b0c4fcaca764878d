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
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sns from 'aws-cdk-lib/aws-sns';
import { SqsSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import type { Construct } from 'constructs';
import * as clientEventBridge from '@aws-sdk/client-eventbridge';
import * as clientS3 from '@aws-sdk/client-s3';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
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
  'aws-cdk-lib/aws-s3': s3,
  'aws-cdk-lib/aws-s3-notifications': s3n,
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

describe("docs/guide/s3.md's CDK example: a bucket whose uploads go through a queue to a function", () => {
  const { UploadsStack } = defineBlock(docBlock('docs/guide/s3.md', 's3-cdk-stack'), {
    modules: CDK_MODULES,
    returns: ['UploadsStack'],
  });
  defineBlock(docBlock('docs/guide/s3.md', 's3-cdk-test'), {
    modules: {
      ...DOC_MODULES,
      ...CDK_MODULES,
      '@aws-sdk/client-s3': clientS3,
      '../lib/uploads-stack': { UploadsStack },
    },
    scope: DOC_GLOBALS,
  });
});

describe('a CDK stack with a bucket, a queue and a handler (docs/aws-behaviour/s3.md §4.3)', () => {
  it("applies CDK's bucket notifications natively, with no custom-resource Lambda, and runs end to end", async () => {
    const strict = createAwsMock({ policies: 'enforce' });
    const s3Client = new S3Client({ requestHandler: networkTrap });
    s3Client.middlewareStack.use(strict.s3);
    const cdkStack = new Stack(new App({ builtinCloudFormationValidation: false }), 'Uploads');
    const bucket = new s3.Bucket(cdkStack, 'Inbox', {
      autoDeleteObjects: true,
      removalPolicy: cdk.RemovalPolicy.DESTROY,
    });
    const queue = new sqs.Queue(cdkStack, 'Arrivals');
    const reader = new lambda.Function(cdkStack, 'Reader', {
      runtime: lambda.Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: lambda.Code.fromInline('exports.handler = async () => {};'),
    });
    reader.addEventSource(new SqsEventSource(queue));
    bucket.addEventNotification(s3.EventType.OBJECT_CREATED, new s3n.SqsDestination(queue), { suffix: '.json' });
    const read: unknown[] = [];
    const stack = strict.provision(Template.fromStack(cdkStack).toJSON(), {
      functions: {
        [logicalId(reader)]: async (event: SQSEvent) => {
          for (const record of event.Records) {
            const body = JSON.parse(record.body) as {
              Records?: { s3: { bucket: { name: string }; object: { key: string } } }[];
            };
            for (const s3Record of body.Records ?? []) {
              const key = decodeURIComponent(s3Record.s3.object.key.replace(/\+/g, ' '));
              const object = await s3Client.send(new GetObjectCommand({ Bucket: s3Record.s3.bucket.name, Key: key }));
              read.push(JSON.parse(await object.Body!.transformToString()));
            }
          }
        },
      },
    });
    // The provider functions CDK adds for its custom resources are not needed: listed as skipped, given no handler.
    expect(stack.skipped.map((resource) => resource.type)).toEqual(['AWS::Lambda::Function', 'AWS::Lambda::Function']);
    const name = stack.ref(logicalId(bucket));
    const put = await s3Client.send(new PutObjectCommand({ Bucket: name, Key: 'orders/1.json', Body: '{"id":1}' }));
    await s3Client.send(new PutObjectCommand({ Bucket: name, Key: 'orders/1.txt', Body: 'ignored' }));
    await strict.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) });
    expect(read).toEqual([{ id: 1 }]);
    expect(
      strict.s3
        .bucket(name)
        .events()
        .map((event) => event.deliveries[0]?.delivered),
    ).toEqual([true]);
    const kinds = strict.journey(put.$metadata.requestId!).steps.map((step) => `${step.service} ${step.kind}`);
    expect(kinds).toEqual(
      expect.arrayContaining(['s3 published', 's3 delivered', 'sqs sent', 'lambda invoked', 's3 read']),
    );
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

describe('a CDK state machine (docs/aws-behaviour/stepfunctions.md §6.4)', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2) }));
  afterEach(() => vi.useRealTimers());

  it("provisions CDK's Fn::Join definition, its LambdaInvoke retrier and OutputPath, and runs it", async () => {
    const app = new App({ builtinCloudFormationValidation: false });
    const cdkStack = new Stack(app, 'Flows');
    const fn = new lambda.Function(cdkStack, 'Greeter', {
      runtime: lambda.Runtime.NODEJS_20_X,
      handler: 'index.handler',
      code: lambda.Code.fromInline('exports.handler = async () => ({})'),
    });
    const invoke = new tasks.LambdaInvoke(cdkStack, 'Greet', { lambdaFunction: fn, outputPath: '$.Payload' });
    const machine = new sfn.StateMachine(cdkStack, 'Flow', {
      definitionBody: sfn.DefinitionBody.fromChainable(
        invoke.next(new sfn.Wait(cdkStack, 'Later', { time: sfn.WaitTime.duration(cdk.Duration.days(1)) })),
      ),
    });
    const aws = createAwsMock();
    aws.provision(Template.fromStack(cdkStack).toJSON(), {
      functions: { [logicalId(fn)]: async (event: { name: string }) => ({ hello: event.name }) },
    });
    const arn = aws.sfn.stateMachines()[0]!.arn;
    const { SFNClient, StartExecutionCommand } = await import('@aws-sdk/client-sfn');
    const client = new SFNClient({ requestHandler: networkTrap });
    client.middlewareStack.use(aws.sfn);
    const { executionArn } = await client.send(
      new StartExecutionCommand({ stateMachineArn: arn, input: '{"name":"cdk"}' }),
    );
    await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms), maxTime: 2 * 86_400_000 });
    const execution = aws.sfn.execution(executionArn!);
    expect(execution).toHaveSucceeded();
    expect(execution.output).toEqual({ hello: 'cdk' });
    expect(logicalId(machine)).toMatch(/^Flow/);
  });
});
