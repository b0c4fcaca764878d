import {
  GetSubscriptionAttributesCommand,
  SetSubscriptionAttributesCommand,
  SubscribeCommand,
  type SNSClient,
} from '@aws-sdk/client-sns';
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { SNSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import { T0, UUID_V4 } from '../sqs/message-support.js';
import { expectInvalidParameter, snsSetup } from '../sns/sns-support.js';
import {
  createTopic,
  drain,
  publish,
  queueWithArn,
  runUntilIdle,
  subscribeFunction,
  subscribeQueue,
} from './async-support.js';

const ACCOUNT = '000000000000';
const FUNCTION_ARN = `arn:aws:lambda:us-east-1:${ACCOUNT}:function:worker`;

let aws: AwsMock;
let sns: SNSClient;
let sqs: SQSClient;
let events: SNSEvent[];

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  ({ aws, sns, sqs } = snsSetup());
  events = [];
});
afterEach(() => vi.useRealTimers());

/** A function `worker` that keeps the events it gets, and a topic `orders` it is subscribed to. */
async function subscribedWorker(attributes?: Record<string, string>, topicAttributes?: Record<string, string>) {
  const fn = aws.lambda.createFunction('worker', async (event: SNSEvent) => {
    events.push(event);
  });
  const topicArn = await createTopic(sns, 'orders', topicAttributes);
  const subscriptionArn = await subscribeFunction(sns, topicArn, fn.arn, attributes);
  return { fn, topicArn, subscriptionArn };
}

/** The envelope an SQS subscription of the same topic received, parsed. */
async function envelopeOf(queueUrl: string): Promise<Record<string, unknown>> {
  const [message] = await drain(sqs, queueUrl);
  return JSON.parse(message!.Body!) as Record<string, unknown>;
}

describe('Subscribe with Protocol lambda (docs/aws-behaviour/lambda.md §3.1)', () => {
  it('is confirmed at once and answers its ARN, with RawMessageDelivery false', async () => {
    const topicArn = await createTopic(sns, 'orders');
    const { SubscriptionArn } = await sns.send(
      new SubscribeCommand({ TopicArn: topicArn, Protocol: 'lambda', Endpoint: FUNCTION_ARN }),
    );
    expect(SubscriptionArn).toMatch(new RegExp(`^${topicArn}:[0-9a-f-]{36}$`));
    const { Attributes } = await sns.send(new GetSubscriptionAttributesCommand({ SubscriptionArn }));
    expect(Attributes).toMatchObject({
      Protocol: 'lambda',
      Endpoint: FUNCTION_ARN,
      PendingConfirmation: 'false',
      ConfirmationWasAuthenticated: 'true',
      RawMessageDelivery: 'false',
    });
  });

  it('takes the ARN of a function that does not exist, as SNS checks only its shape', async () => {
    const topicArn = await createTopic(sns, 'orders');
    await expect(subscribeFunction(sns, topicArn, `${FUNCTION_ARN}-missing`)).resolves.toContain(topicArn);
  });

  it('refuses an endpoint that is no Lambda ARN', async () => {
    const topicArn = await createTopic(sns, 'orders');
    for (const endpoint of ['worker', 'arn:aws:sqs:us-east-1:000000000000:q', 'arn:aws:lambda:us-east-1']) {
      await expectInvalidParameter(
        subscribeFunction(sns, topicArn, endpoint),
        'Invalid parameter: Lambda endpoint ARN',
      );
    }
  });

  it('refuses raw message delivery, at Subscribe and at SetSubscriptionAttributes', async () => {
    const topicArn = await createTopic(sns, 'orders');
    await expectInvalidParameter(
      subscribeFunction(sns, topicArn, FUNCTION_ARN, { RawMessageDelivery: 'true' }),
      'Invalid parameter: Attributes Reason: Delivery protocol [lambda] does not support raw message delivery.',
    );
    const SubscriptionArn = await subscribeFunction(sns, topicArn, FUNCTION_ARN);
    await expectInvalidParameter(
      sns.send(
        new SetSubscriptionAttributesCommand({
          SubscriptionArn,
          AttributeName: 'RawMessageDelivery',
          AttributeValue: 'true',
        }),
      ),
      'Invalid parameter: Delivery protocol [lambda] does not support raw message delivery.',
    );
  });

  it('is refused by a FIFO topic', async () => {
    const topicArn = await createTopic(sns, 'orders.fifo', { FifoTopic: 'true' });
    await expectInvalidParameter(
      subscribeFunction(sns, topicArn, FUNCTION_ARN),
      'Invalid parameter: Invalid protocol type: lambda',
    );
  });
});

describe('the SNSEvent the handler gets (docs/aws-behaviour/lambda.md §3.2, §3.3)', () => {
  it('without a subject or attributes: Subject null, MessageAttributes {}, the envelope’s ids and signature', async () => {
    const { topicArn, subscriptionArn } = await subscribedWorker();
    const queue = await queueWithArn(sqs, 'q');
    await subscribeQueue(sns, topicArn, queue.arn);
    const { MessageId } = await publish(sns, { TopicArn: topicArn, Message: 'hello' });
    await aws.idle();

    const envelope = await envelopeOf(queue.url);
    expect(events).toEqual([
      {
        Records: [
          {
            EventSource: 'aws:sns',
            EventVersion: '1.0',
            EventSubscriptionArn: subscriptionArn,
            Sns: {
              Type: 'Notification',
              MessageId,
              TopicArn: topicArn,
              Subject: null,
              Message: 'hello',
              Timestamp: new Date(T0).toISOString(),
              SignatureVersion: '1',
              Signature: envelope['Signature'],
              SigningCertUrl: envelope['SigningCertURL'],
              UnsubscribeUrl: `https://sns.us-east-1.amazonaws.com/?Action=Unsubscribe&SubscriptionArn=${subscriptionArn}`,
              MessageAttributes: {},
            },
          },
        ],
      },
    ]);
    expect(envelope['Timestamp']).toBe(events[0]!.Records[0]!.Sns.Timestamp);
  });

  it('with a subject and attributes: {Type, Value}, Binary as base64', async () => {
    const { topicArn } = await subscribedWorker();
    await publish(sns, {
      TopicArn: topicArn,
      Subject: 'Order',
      MessageAttributes: {
        kind: { DataType: 'String', StringValue: 'created' },
        count: { DataType: 'Number', StringValue: '99.12' },
        blob: { DataType: 'Binary', BinaryValue: new Uint8Array([2, 3, 4]) },
        tags: { DataType: 'String.Array', StringValue: '["a","b"]' },
      },
    });
    await aws.idle();
    const { Sns } = events[0]!.Records[0]!;
    expect(Sns.Subject).toBe('Order');
    expect(Sns.MessageAttributes).toEqual({
      kind: { Type: 'String', Value: 'created' },
      count: { Type: 'Number', Value: '99.12' },
      blob: { Type: 'Binary', Value: 'AgME' },
      tags: { Type: 'String.Array', Value: '["a","b"]' },
    });
  });

  it('says SignatureVersion 1 on a topic with SignatureVersion 2, signed as the v2 envelope is', async () => {
    const { topicArn } = await subscribedWorker(undefined, { SignatureVersion: '2' });
    const queue = await queueWithArn(sqs, 'q');
    await subscribeQueue(sns, topicArn, queue.arn);
    await publish(sns, { TopicArn: topicArn });
    await aws.idle();
    const envelope = await envelopeOf(queue.url);
    expect(envelope['SignatureVersion']).toBe('2');
    expect(events[0]!.Records[0]!.Sns).toMatchObject({ SignatureVersion: '1', Signature: envelope['Signature'] });
  });

  it('with MessageStructure json: the lambda entry, else default (docs/aws-behaviour/lambda.md §3.4)', async () => {
    const { topicArn } = await subscribedWorker();
    await publish(sns, {
      TopicArn: topicArn,
      MessageStructure: 'json',
      Message: JSON.stringify({ default: 'd', sqs: 's', lambda: 'for lambda' }),
    });
    await publish(sns, { TopicArn: topicArn, MessageStructure: 'json', Message: JSON.stringify({ default: 'd' }) });
    await aws.idle();
    expect(events.map((event) => event.Records[0]!.Sns.Message)).toEqual(['for lambda', 'd']);
  });

  it('passes the filter policy first, on attributes or on the body', async () => {
    const { topicArn, subscriptionArn } = await subscribedWorker({ FilterPolicy: '{"kind":["created"]}' });
    await publish(sns, {
      TopicArn: topicArn,
      Message: 'kept',
      MessageAttributes: { kind: { DataType: 'String', StringValue: 'created' } },
    });
    await publish(sns, {
      TopicArn: topicArn,
      Message: 'left out',
      MessageAttributes: { kind: { DataType: 'String', StringValue: 'deleted' } },
    });
    await sns.send(
      new SetSubscriptionAttributesCommand({
        SubscriptionArn: subscriptionArn,
        AttributeName: 'FilterPolicyScope',
        AttributeValue: 'MessageBody',
      }),
    );
    await publish(sns, { TopicArn: topicArn, Message: JSON.stringify({ kind: 'created' }) });
    await publish(sns, { TopicArn: topicArn, Message: JSON.stringify({ kind: 'other' }) });
    await aws.idle();
    expect(events.map((event) => event.Records[0]!.Sns.Message)).toEqual(['kept', '{"kind":"created"}']);
    const deliveries = aws.sns
      .topic('orders')
      .published()
      .map((message) => message.deliveries[0]!);
    expect(deliveries.map((delivery) => delivery.filteredOut ?? false)).toEqual([false, true, false, true]);
  });
});

describe('delivery to the function (docs/aws-behaviour/lambda.md §3.5)', () => {
  it('runs the handler asynchronously, after Publish has answered, without time passing', async () => {
    const seen: { recorded: number; requestId: string }[] = [];
    const fn = aws.lambda.createFunction('worker', async (_event: unknown, context: { awsRequestId: string }) => {
      // The publish is already recorded when the handler starts: Publish answered first.
      seen.push({ recorded: aws.sns.topic('orders').published().length, requestId: context.awsRequestId });
      return 'done';
    });
    const topicArn = await createTopic(sns, 'orders');
    const subscriptionArn = await subscribeFunction(sns, topicArn, fn.arn);
    await publish(sns, { TopicArn: topicArn });
    await aws.idle();

    const [delivery] = aws.sns.topic('orders').published()[0]!.deliveries;
    expect(delivery).toEqual({
      subscriptionArn,
      protocol: 'lambda',
      endpoint: fn.arn,
      delivered: true,
      requestId: expect.stringMatching(UUID_V4),
      body: JSON.stringify(fn.invocations()[0]!.event),
    });
    expect(seen).toEqual([{ recorded: 1, requestId: delivery!.requestId }]);
    expect(fn.invocations()).toMatchObject([
      {
        requestId: delivery!.requestId,
        outcome: 'success',
        result: 'done',
        startedAt: new Date(T0),
        trigger: { kind: 'sns', subscriptionArn },
      },
    ]);
    expect(Date.now()).toBe(T0);
  });

  it('sends the envelope, in SQS casing, to the subscription’s dead-letter queue when the function was deleted', async () => {
    const dlq = await queueWithArn(sqs, 'subscription-dlq');
    const { fn, topicArn, subscriptionArn } = await subscribedWorker({
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn }),
    });
    aws.lambda.deleteFunction('worker');
    const { MessageId } = await publish(sns, {
      TopicArn: topicArn,
      Message: 'lost',
      MessageAttributes: { kind: { DataType: 'String', StringValue: 'created' } },
    });
    await runUntilIdle(aws);

    expect(fn.invocations()).toEqual([]);
    const [delivery] = aws.sns.topic('orders').published()[0]!.deliveries;
    expect(delivery).toMatchObject({
      delivered: false,
      failed: true,
      failure: `the function ${fn.arn} does not exist`,
      deadLettered: true,
    });
    const [message] = await drain(sqs, dlq.url);
    expect(JSON.parse(message!.Body!)).toEqual({
      Type: 'Notification',
      MessageId,
      TopicArn: topicArn,
      Message: 'lost',
      Timestamp: new Date(T0).toISOString(),
      SignatureVersion: '1',
      Signature: expect.any(String),
      SigningCertURL: expect.stringMatching(/^https:\/\/sns\.us-east-1\.amazonaws\.com\/SimpleNotificationService-/),
      UnsubscribeURL: `https://sns.us-east-1.amazonaws.com/?Action=Unsubscribe&SubscriptionArn=${subscriptionArn}`,
      MessageAttributes: { kind: { Type: 'String', Value: 'created' } },
    });
    expect(message!.MessageAttributes).toBeUndefined();
  });

  it('drops the message when the function does not exist and there is no dead-letter queue', async () => {
    const topicArn = await createTopic(sns, 'orders');
    await subscribeFunction(sns, topicArn, FUNCTION_ARN);
    await publish(sns, { TopicArn: topicArn });
    await runUntilIdle(aws);
    expect(aws.sns.topic('orders').published()[0]!.deliveries[0]).toMatchObject({
      delivered: false,
      failed: true,
      deadLettered: false,
    });
  });

  it('invokes every subscribed function, and a function subscribed to two topics once per topic', async () => {
    const got: string[] = [];
    const a = aws.lambda.createFunction(
      'a',
      async (event: SNSEvent) => void got.push(`a:${event.Records[0]!.Sns.TopicArn}`),
    );
    const b = aws.lambda.createFunction(
      'b',
      async (event: SNSEvent) => void got.push(`b:${event.Records[0]!.Sns.TopicArn}`),
    );
    const one = await createTopic(sns, 'one');
    const two = await createTopic(sns, 'two');
    await subscribeFunction(sns, one, a.arn);
    await subscribeFunction(sns, one, b.arn);
    await subscribeFunction(sns, two, a.arn);
    await publish(sns, { TopicArn: one });
    await publish(sns, { TopicArn: two });
    await aws.idle();
    expect(got.sort()).toEqual([`a:${one}`, `a:${two}`, `b:${one}`]);
  });
});
