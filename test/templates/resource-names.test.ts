/**
 * A provisioned resource is named by its logical id first, then its physical name (src/core/resource-names.ts): in the
 * views' summaries, in the matchers' failure messages and in `aws.names` (`displayName`, and `whereName`, the
 * logical id alone, for journeys). A resource made by an SDK call keeps its own name.
 */
import { PublishCommand, SubscribeCommand } from '@aws-sdk/client-sns';
import { ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/matchers/vitest.js';
import { snsSetup } from '../sns/sns-support.js';
import { createQueue } from '../sqs/message-support.js';
import { failureOf } from '../matchers/support.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const TEMPLATE = {
  Resources: {
    Orders: {
      Type: 'AWS::SQS::Queue',
      Properties: {
        RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': ['OrdersDlq', 'Arn'] }, maxReceiveCount: 1 },
      },
    },
    OrdersDlq: { Type: 'AWS::SQS::Queue' },
    Events: { Type: 'AWS::SNS::Topic', Properties: { TopicName: 'events' } },
    Worker: {
      Type: 'AWS::Lambda::Function',
      Properties: {
        Code: { ZipFile: 'exports.main = async () => {}' },
        Role: 'arn:aws:iam::000000000000:role/worker',
        Handler: 'index.main',
        Runtime: 'nodejs22.x',
      },
    },
  },
  Outputs: { OrdersUrl: { Value: { Ref: 'Orders' } } },
};

function provisioned() {
  const setup = snsSetup({ seed: 7 });
  const stack = setup.aws.provision(TEMPLATE, { stackName: 'Shop', functions: { Worker: async () => null } });
  return { ...setup, stack };
}

/** `Shop-Orders-<12 random>`: CloudFormation's generated name (docs/aws-behaviour/templates.md). */
const GENERATED = (logicalId: string) => new RegExp(`^Shop-${logicalId}-[A-Z0-9]{12}$`);

describe('aws.names', () => {
  it('names a provisioned resource by its logical id, then its physical name, from its ARN or URL', () => {
    const { aws, stack } = provisioned();
    const orders = stack.queue('Orders');
    expect(orders.name).toMatch(GENERATED('Orders'));
    expect(orders.logicalId).toBe('Orders');
    expect(aws.names.displayName(orders.url)).toBe(`Orders (${orders.name})`);
    expect(aws.names.displayName(orders.arn)).toBe(`Orders (${orders.name})`);
    expect(aws.names.whereName(orders.url)).toBe('Orders');
    // A name given in the template: the logical id and the name both.
    const events = stack.topic('Events');
    expect(events.logicalId).toBe('Events');
    expect(aws.names.displayName(events.arn)).toBe('Events (events)');
    // A function by its ARN, with or without a qualifier.
    const worker = stack.function('Worker');
    expect(aws.names.displayName(`${worker.arn}:$LATEST`)).toBe(`Worker (${worker.name})`);
    expect(aws.names.whereName(worker.arn)).toBe('Worker');
  });

  it('names anything else by its own name, and forgets the logical ids on reset', async () => {
    const { aws, sqs, stack } = provisioned();
    const url = await createQueue(sqs, 'by-hand');
    expect(aws.sqs.queue(url).logicalId).toBeUndefined();
    expect(aws.names.displayName(url)).toBe('by-hand');
    expect(aws.names.whereName('arn:aws:sqs:us-east-1:000000000000:by-hand')).toBe('by-hand');
    const ordersArn = stack.queue('Orders').arn;
    aws.reset();
    expect(aws.names.displayName(ordersArn)).toMatch(GENERATED('Orders'));
  });

  it('knows nothing of a stack that failed: its resources were taken back', () => {
    const { aws } = snsSetup();
    const failing = { Resources: { Orders: { Type: 'AWS::SQS::Queue', Properties: { DelaySeconds: 901 } } } };
    expect(() => aws.provision(failing)).toThrow();
    expect(aws.names.whereName('arn:aws:sqs:us-east-1:000000000000:whatever')).toBe('whatever');
  });
});

describe("a provisioned resource's view", () => {
  it('prints its logical id and physical name, and a stack prints its logical ids by kind', () => {
    const { stack } = provisioned();
    const orders = stack.queue('Orders');
    const dlq = stack.queue('OrdersDlq');
    expect(inspect(orders)).toBe(
      `QueueView Orders (${orders.name}) { visible: 0, inFlight: 0, delayed: 0, ` +
        `deadLetterQueue: OrdersDlq (${dlq.name}), maxReceiveCount: 1 }`,
    );
    expect(inspect(stack.topic('Events'))).toBe('TopicView Events (events) { subscriptions: 0, published: 0 }');
    const worker = stack.function('Worker');
    expect(inspect(worker)).toBe(
      `FunctionView Worker (${worker.name}) { invocations: 0, running: 0, timeout: 3 s, memorySize: 128 }`,
    );
    expect(inspect(stack)).toBe(
      'Stack Shop { queues: Orders, OrdersDlq; topics: Events; functions: Worker; outputs: OrdersUrl }',
    );
    expect(JSON.parse(JSON.stringify(orders))).toMatchObject({ name: orders.name, logicalId: 'Orders' });
    expect(JSON.parse(JSON.stringify(stack))).toEqual({
      name: 'Shop',
      id: stack.id,
      outputs: { OrdersUrl: orders.url },
    });
  });

  it('an event source mapping prints its queue and function by their logical ids', () => {
    const { aws, stack } = provisioned();
    const mapping = aws.lambda.createEventSourceMapping({
      FunctionName: stack.function('Worker').arn,
      EventSourceArn: stack.queue('Orders').arn,
    });
    const [orders, worker] = [stack.queue('Orders').name, stack.function('Worker').name];
    expect(inspect(mapping)).toBe(
      `MappingView ${mapping.uuid} { Orders (${orders}) → Worker (${worker}), Creating, batchSize: 10 }`,
    );
  });
});

describe("the matchers' failure messages", () => {
  it('quote the logical id, then give the physical name', async () => {
    const { aws, sqs, sns, stack } = provisioned();
    const orders = stack.queue('Orders');
    const label = `queue "Orders" (${orders.name})`;
    expect(failureOf(() => expect(orders).toHaveMessageCount(1))).toBe(
      `expected ${label} to hold 1 message, but it holds none`,
    );
    await sqs.send(new SendMessageCommand({ QueueUrl: orders.url, MessageBody: 'poison' }));
    await sqs.send(new ReceiveMessageCommand({ QueueUrl: orders.url, VisibilityTimeout: 0 }));
    await sqs.send(new ReceiveMessageCommand({ QueueUrl: orders.url }));
    const dlq = stack.queue('OrdersDlq');
    expect(failureOf(() => expect(orders).not.toHaveDeadLetter())).toBe(
      `expected ${label} not to have a dead letter, but its dead-letter queue "OrdersDlq" (${dlq.name}) holds ` +
        '1 message from it: "poison"',
    );

    const events = stack.topic('Events');
    await sns.send(new SubscribeCommand({ TopicArn: events.arn, Protocol: 'sqs', Endpoint: dlq.arn }));
    await sns.send(new PublishCommand({ TopicArn: events.arn, Message: 'hello' }));
    // A queue given by ARN is named from the account too.
    expect(failureOf(() => expect(events).toHaveDeliveredTo(orders.arn))).toBe(
      `expected topic "Events" (events) to have delivered a message to ${label}, but it has no subscription for ` +
        'that queue (it published 1 message)',
    );

    const worker = stack.function('Worker');
    expect(failureOf(() => expect(worker).toHaveBeenInvoked())).toBe(
      `expected function "Worker" (${worker.name}) to have been invoked, but it was never invoked`,
    );
    expect(failureOf(() => expect(aws.lambda.function(worker.name)).toHaveLastInvocationOutcome('success'))).toBe(
      `expected the last invocation of function "Worker" (${worker.name}) to have outcome "success", but function ` +
        `"Worker" (${worker.name}) was never invoked`,
    );
  });

  it("of a CDK stack: the construct's logical id, then CloudFormation's name", () => {
    const { aws } = snsSetup();
    const template = readFileSync(new URL('../fixtures/templates/cdk-stack.template.json', import.meta.url), 'utf8');
    const stack = aws.provision(template, {
      stackName: 'OrdersStack',
      functions: { OrderWorkerA264D295: async () => null },
    });
    const queue = stack.queue('OrdersQueue3DFA1D51');
    expect(queue.name).toMatch(/^OrdersStack-OrdersQueue3DFA1D51-[A-Z0-9]{12}$/);
    expect(failureOf(() => expect(queue).toHaveMessageCount(1))).toBe(
      `expected queue "OrdersQueue3DFA1D51" (${queue.name}) to hold 1 message, but it holds none`,
    );
    expect(aws.names.whereName(queue.url)).toBe('OrdersQueue3DFA1D51');
  });
});
