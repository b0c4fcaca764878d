/**
 * Journeys follow a message into what it became: a Lambda on-failure destination's message, an SNS subscription's
 * dead-letter copy, a FIFO topic's replay; and a purge ends each message's journey.
 */
import { PurgeQueueCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { SetSubscriptionAttributesCommand } from '@aws-sdk/client-sns';
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

describe('journeys across links', () => {
  it("follow an event Lambda gave up to its on-failure destination's message", async () => {
    const { aws, sns, sqs } = snsSetup();
    const failures = await queueWithArn(sqs, 'failures');
    const fn = aws.lambda.createFunction('worker', failing('down'), {
      maximumRetryAttempts: 0,
      onFailure: failures.arn,
    });
    const topicArn = await createTopic(sns, 'events');
    await subscribeFunction(sns, topicArn, fn.arn);
    const { MessageId } = await publish(sns, { TopicArn: topicArn, Message: 'order 7' });
    await runUntilIdle(aws);

    const [copy] = aws.sqs.queue('failures').messages();
    const steps = aws.journey(MessageId!).steps;
    const givenUp = steps.find((s) => s.kind === 'deadLettered')!;
    expect(givenUp).toMatchObject({
      service: 'lambda',
      where: 'worker',
      target: 'failures',
      nextMessageId: copy!.messageId,
    });
    expect(steps.slice(-2).map((s) => `${s.service} ${s.kind} ${s.where}`)).toEqual([
      'lambda deadLettered worker',
      'sqs sent failures',
    ]);
    // And back: the destination's message id gives the whole story.
    expect(aws.journey(copy!.messageId).steps[0]).toMatchObject({ kind: 'published', messageId: MessageId });
  });

  it("follow an SNS delivery that failed to the subscription's dead-letter queue copy", async () => {
    const { aws, sns, sqs } = snsSetup();
    const dlq = await queueWithArn(sqs, 'sub-dlq');
    const topicArn = await createTopic(sns, 'events');
    await subscribeQueue(sns, topicArn, 'arn:aws:sqs:us-east-1:000000000000:missing', {
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn }),
    });
    const { MessageId } = await publish(sns, { TopicArn: topicArn, Message: 'lost?' });
    const [copy] = aws.sqs.queue('sub-dlq').messages();
    const steps = aws.journey(MessageId!).steps;
    expect(steps.map((s) => `${s.service} ${s.kind} ${s.where}`)).toEqual([
      'sns published events',
      'sns refused missing',
      'sns deadLettered missing',
      'sqs sent sub-dlq',
    ]);
    expect(steps[2]!.nextMessageId).toBe(copy!.messageId);
  });

  it("follow a FIFO topic's replay to the queue's new copy", async () => {
    const { aws, sns, sqs } = snsSetup();
    const topicArn = await createTopic(sns, 'orders.fifo', {
      FifoTopic: 'true',
      ContentBasedDeduplication: 'true',
      ArchivePolicy: JSON.stringify({ MessageRetentionPeriod: '1' }),
    });
    const late = await queueWithArn(sqs, 'late');
    const { MessageId } = await publish(sns, { TopicArn: topicArn, Message: 'first', MessageGroupId: 'g' });
    vi.advanceTimersByTime(1000);
    const subscriptionArn = await subscribeQueue(sns, topicArn, late.arn);
    await sns.send(
      new SetSubscriptionAttributesCommand({
        SubscriptionArn: subscriptionArn,
        AttributeName: 'ReplayPolicy',
        AttributeValue: JSON.stringify({ PointType: 'Timestamp', StartingPoint: new Date(T0).toISOString() }),
      }),
    );
    const [copy] = aws.sqs.queue('late').messages();
    expect(copy).toBeDefined();
    const replayed = aws.journey(MessageId!).steps.find((s) => s.kind === 'delivered')!;
    expect(replayed).toMatchObject({ where: 'late', nextMessageId: copy!.messageId });
    expect(replayed.detail).toMatch(/replayed$/);
  });

  it('end each message of a purged or cleared queue with a deleted step', async () => {
    const { aws, sqs } = snsSetup();
    const queue = await queueWithArn(sqs, 'orders');
    const sent = await sqs.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: 'a' }));
    await sqs.send(new PurgeQueueCommand({ QueueUrl: queue.url }));
    expect(aws.journey(sent.MessageId!).steps.at(-1)).toMatchObject({ kind: 'deleted', by: 'PurgeQueue' });
    const again = await sqs.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: 'b' }));
    aws.sqs.queue('orders').clear();
    expect(aws.journey(again.MessageId!).steps.at(-1)).toMatchObject({ kind: 'deleted', by: 'queueView.clear()' });
  });

  it("word a filtered-out step's reason when read, and not once the topic's history let the message go", async () => {
    const { aws, sns, sqs } = snsSetup({ publishedHistory: 1 });
    const queue = await queueWithArn(sqs, 'reds');
    const topicArn = await createTopic(sns, 'events');
    await subscribeQueue(sns, topicArn, queue.arn, { FilterPolicy: JSON.stringify({ color: ['red'] }) });
    const blue = { color: { DataType: 'String', StringValue: 'blue' } };
    const first = await publish(sns, { TopicArn: topicArn, MessageAttributes: blue });
    const second = await publish(sns, { TopicArn: topicArn, MessageAttributes: blue });
    const reasonOf = (id: string) => aws.journey(id).steps.find((s) => s.kind === 'filteredOut')?.filterReason;
    expect(reasonOf(second.MessageId!)).toBe('color: "blue" is not one of ["red"]');
    expect(reasonOf(first.MessageId!)).toMatch(/^not worded: the topic's publishedHistory let the message go/);
  });
});
