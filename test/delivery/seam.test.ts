/**
 * The account's delivery seam (src/core/delivery.ts): one message shape and one result shape for every
 * service-to-service delivery, the port picked by the target ARN's service segment. The senders EventBridge and
 * Scheduler will be are used here as they will use it: SQS (FIFO with a MessageGroupId), SNS and queue policies that
 * name their principal.
 */
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { CreateTopicCommand } from '@aws-sdk/client-sns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { arnService, type DeliveryMessage, type DeliverySender } from '../../src/core/delivery.js';
import { SERVICE_MODULES } from '../../src/account/services.js';
import { createFifoQueue, createQueue, queueArn } from '../sqs/message-support.js';
import { snsSetup } from '../sns/sns-support.js';
import { setPolicy } from '../policies/policy-support.js';

const RULE = 'arn:aws:events:us-east-1:000000000000:rule/orders';
const EVENTS: DeliverySender = {
  principal: 'events.amazonaws.com',
  authority: 'resourcePolicy',
  sourceArn: RULE,
  senderId: 'AIDAIEVENTSEXAMPLE',
};
const message = (extra: Partial<DeliveryMessage> = {}): DeliveryMessage => ({
  body: '{"detail":{"id":1}}',
  attributes: {},
  sender: EVENTS,
  ...extra,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('arnService', () => {
  it('reads the service segment, and nothing from what is not an ARN', () => {
    expect(arnService('arn:aws:sqs:us-east-1:000000000000:q')).toBe('sqs');
    expect(arnService('arn:aws-cn:lambda:cn-north-1:000000000000:function:f')).toBe('lambda');
    expect(arnService('https://sqs.us-east-1.amazonaws.com/000000000000/q')).toBeUndefined();
    expect(arnService('arn:aws')).toBeUndefined();
  });
});

describe('aws.deliver', () => {
  it('has one port per ARN service, from the list of services', () => {
    const { aws } = snsSetup();
    expect(SERVICE_MODULES.map((service) => service.arnService)).toEqual([
      'sqs',
      'sns',
      'lambda',
      'events',
      'scheduler',
      's3',
      'states',
    ]);
    expect(Object.keys(aws.ports)).toEqual(['sqs', 'sns', 'lambda', 'events', 'scheduler', 's3', 'sfn']);
  });

  it('refuses, naming it, an ARN no emulated service owns, a missing resource, and what is not an ARN', () => {
    const { aws } = snsSetup();
    const table = 'arn:aws:dynamodb:us-east-1:000000000000:table/t';
    expect(aws.deliver(table, message())).toEqual({
      accepted: false,
      reason: `no emulated service delivers to ${table} (service "dynamodb")`,
    });
    const machine = 'arn:aws:states:us-east-1:000000000000:stateMachine:m';
    expect(aws.deliver(machine, message())).toEqual({
      accepted: false,
      reason: `State Machine Does Not Exist: '${machine}'`,
    });
    const bus = 'arn:aws:events:us-east-1:000000000000:event-bus/missing';
    expect(aws.deliver(bus, message())).toEqual({ accepted: false, reason: `the event bus ${bus} does not exist` });
    expect(aws.deliver('orders', message())).toEqual({ accepted: false, reason: 'orders is not an ARN' });
    const queue = 'arn:aws:sqs:us-east-1:000000000000:missing';
    expect(aws.deliver(queue, message())).toEqual({ accepted: false, reason: `the queue ${queue} does not exist` });
    const topic = 'arn:aws:sns:us-east-1:000000000000:missing';
    expect(aws.deliver(topic, message())).toEqual({ accepted: false, reason: `the topic ${topic} does not exist` });
    const fn = 'arn:aws:lambda:us-east-1:000000000000:function:missing';
    expect(aws.deliver(fn, message())).toEqual({ accepted: false, reason: `the function ${fn} does not exist` });
  });

  it('puts a message into a FIFO queue with its group, deduplication id and SenderId, and drops a repeat', async () => {
    const { aws, sqs } = snsSetup();
    const url = await createFifoQueue(sqs, 'orders.fifo');
    const arn = await queueArn(sqs, url);
    const fifo = message({ messageGroupId: 'g1', deduplicationId: 'd1', traceHeader: 'Root=1-abc' });
    const first = aws.deliver(arn, fifo);
    expect(first).toMatchObject({ accepted: true, duplicate: false });
    expect(aws.deliver(arn, fifo)).toEqual({ ...first, duplicate: true });
    expect(aws.deliver(arn, message())).toEqual({ accepted: false, reason: 'a FIFO queue needs a MessageGroupId' });
    const { Messages } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: url, MessageSystemAttributeNames: ['All'], MaxNumberOfMessages: 10 }),
    );
    expect(Messages).toHaveLength(1);
    expect(Messages![0]!.Attributes).toMatchObject({
      MessageGroupId: 'g1',
      MessageDeduplicationId: 'd1',
      SenderId: 'AIDAIEVENTSEXAMPLE',
      AWSTraceHeader: 'Root=1-abc',
    });
  });

  it("under policies: 'enforce', asks the queue's Policy about the message's principal and source ARN", async () => {
    const { aws, sqs } = snsSetup({ policies: 'enforce' });
    const url = await createQueue(sqs, 'targets');
    const arn = await queueArn(sqs, url);
    const refused = aws.deliver(arn, message());
    expect(refused).toEqual({
      accepted: false,
      byPolicy: true,
      reason: `the queue policy of ${arn} does not allow events.amazonaws.com to sqs:SendMessage from ${RULE}: the queue has no Policy`,
    });
    const allow = (principal: string) => ({
      Effect: 'Allow',
      Principal: { Service: principal },
      Action: 'sqs:SendMessage',
      Resource: arn,
      Condition: { ArnEquals: { 'aws:SourceArn': RULE } },
    });
    await setPolicy(sqs, url, JSON.stringify({ Version: '2012-10-17', Statement: [allow('sns.amazonaws.com')] }));
    expect(aws.deliver(arn, message())).toMatchObject({ accepted: false, byPolicy: true });
    await setPolicy(sqs, url, JSON.stringify({ Version: '2012-10-17', Statement: [allow('events.amazonaws.com')] }));
    expect(aws.deliver(arn, message())).toMatchObject({ accepted: true });
    // A sender with a role of the account (Scheduler, a Lambda destination) is IAM's business, not the queue's.
    const other = await queueArn(sqs, await createQueue(sqs, 'bare'));
    expect(aws.deliver(other, message({ sender: { ...EVENTS, authority: 'role' } }))).toMatchObject({ accepted: true });
  });

  it('publishes to a topic through Publish, with a FIFO topic’s group, and answers its MessageId', async () => {
    const { aws, sns } = snsSetup();
    const { TopicArn } = await sns.send(
      new CreateTopicCommand({ Name: 'orders.fifo', Attributes: { FifoTopic: 'true' } }),
    );
    const result = aws.deliver(TopicArn!, message({ messageGroupId: 'g', deduplicationId: 'd' }));
    expect(result).toMatchObject({ accepted: true, messageId: expect.any(String) });
    const [published] = aws.sns.topic(TopicArn!).published();
    expect(published).toMatchObject({ message: '{"detail":{"id":1}}', messageGroupId: 'g' });
    expect(aws.deliver(TopicArn!, message())).toMatchObject({
      accepted: false,
      reason: expect.stringMatching(/^Publish refused it: /),
    });
  });

  it("hands SNS's events to a function's asynchronous queue, and refuses senders Lambda does not yet know", async () => {
    const { aws } = snsSetup();
    const fn = aws.lambda.createFunction('worker', async () => null);
    const subscriptionArn = 'arn:aws:sns:us-east-1:000000000000:t:5e8b0f0e-0000-4000-8000-000000000000';
    const sns = { ...EVENTS, principal: 'sns.amazonaws.com', sourceArn: 'arn:aws:sns:us-east-1:000000000000:t' };
    const result = aws.deliver(fn.arn, message({ sender: sns, via: subscriptionArn }));
    expect(result).toMatchObject({ accepted: true, messageId: expect.any(String) });
    await aws.idle();
    expect(fn.invocations()).toMatchObject([
      { event: { detail: { id: 1 } }, trigger: { kind: 'sns', subscriptionArn } },
    ]);
    expect(aws.deliver(fn.arn, message())).toEqual({
      accepted: false,
      reason: `the emulation does not invoke functions for events.amazonaws.com (${RULE})`,
    });
    expect(aws.deliver(fn.arn, message({ sender: sns, via: subscriptionArn, body: 'not json' }))).toEqual({
      accepted: false,
      reason: 'the event is not JSON, which an asynchronous invocation takes',
    });
  });
});
