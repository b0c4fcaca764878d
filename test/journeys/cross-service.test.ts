import { CreateQueueCommand, GetQueueAttributesCommand, SetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { snsSetup } from '../sns/sns-support.js';
import { T0 } from '../sqs/message-support.js';
import {
  createTopic,
  failing,
  publish,
  queueWithArn,
  runUntilIdle,
  subscribeFunction,
  subscribeQueue,
} from '../lambda/async-support.js';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe('a journey across services', () => {
  it('follows Publish → filter → queue → mapping → handler error → redelivery → DLQ as one story', async () => {
    const { aws, sns, sqs } = snsSetup();
    const dlq = await queueWithArn(sqs, 'orders-dlq');
    const queue = await queueWithArn(sqs, 'orders');
    await sqs.send(
      new SetQueueAttributesCommand({
        QueueUrl: queue.url,
        Attributes: {
          VisibilityTimeout: '30',
          RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 2 }),
        },
      }),
    );
    const other = await queueWithArn(sqs, 'refunds');
    const topicArn = await createTopic(sns, 'events');
    await subscribeQueue(sns, topicArn, queue.arn, {
      FilterPolicy: JSON.stringify({ type: ['order'] }),
      RawMessageDelivery: 'true',
    });
    await subscribeQueue(sns, topicArn, other.arn, { FilterPolicy: JSON.stringify({ type: ['refund'] }) });
    aws.lambda.createFunction('worker', failing('payment service down'));
    aws.lambda.createEventSourceMapping({ FunctionName: 'worker', EventSourceArn: queue.arn, BatchSize: 1 });

    const { MessageId } = await publish(sns, {
      TopicArn: topicArn,
      Message: '{"orderId":7}',
      MessageAttributes: { type: { DataType: 'String', StringValue: 'order' } },
    });
    await runUntilIdle(aws);

    const journey = aws.journey(MessageId!);
    expect(journey.steps.map((s) => `${s.service} ${s.kind} ${s.where}`)).toEqual([
      'sns published events',
      'sns delivered orders',
      'sns filteredOut refunds',
      'sqs sent orders',
      'sqs received orders',
      'lambda invoked worker',
      'lambda failed worker',
      'sqs visibleAgain orders',
      'sqs received orders',
      'lambda invoked worker',
      'lambda failed worker',
      'sqs visibleAgain orders',
      'sqs deadLettered orders',
    ]);
    const queueCopy = journey.steps[1]!.nextMessageId!;
    expect(journey.steps[3]!.messageId).toBe(queueCopy);
    expect(journey.steps[6]!.error).toEqual({ name: 'Error', message: 'payment service down' });
    expect(aws.journey(queueCopy).steps).toEqual(journey.steps);
    const requestId = journey.steps[5]!.requestId!;
    expect(aws.journey(requestId).steps.map((s) => s.kind)).toEqual(journey.steps.map((s) => s.kind));
    expect(
      aws.sqs
        .queue('orders-dlq')
        .messages()
        .map((m) => m.messageId),
    ).toEqual([queueCopy]);

    const text = String(journey);
    expect(text.split('\n')).toHaveLength(13);
    expect(text).toMatch(/lambda {2}worker {3}failed {8}Error: payment service down, request /);
    expect(text).toMatch(/\+60\.000s\s+sqs\s+orders\s+deadLettered\s+to orders-dlq, after receive count 2 of 2/);
    expect(journey.toMermaid()).toMatch(/^sequenceDiagram\n/);
    expect(aws.timeline().steps.length).toBeGreaterThanOrEqual(journey.steps.length);
  });
});
