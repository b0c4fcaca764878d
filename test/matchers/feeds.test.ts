/**
 * A queue or function matcher that fails because an expected message is not there says what feeds the queue or
 * function and where the messages offered to it went (src/matchers/feeds.ts): filtered out by which subscription or
 * rule and why, refused, dead-lettered, still in flight or delayed until when, with their journeys; and, when only
 * schedules feed it, that time has not reached the next firing. Through the real SDK clients and the vitest matchers.
 */
import { PutEventsCommand, PutRuleCommand, PutTargetsCommand } from '@aws-sdk/client-eventbridge';
import { CreateScheduleCommand } from '@aws-sdk/client-scheduler';
import { PublishCommand, SubscribeCommand } from '@aws-sdk/client-sns';
import { DeleteMessageCommand, ReceiveMessageCommand, SetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/matchers/vitest.js';
import { eventsSetup } from '../events/support.js';
import { ROLE, schedulerSetup } from '../scheduler/support.js';
import { createTopic, queueWithArn } from '../lambda/async-support.js';
import { failureOf, send, wholeFailureOf } from './support.js';

const T0 = Date.UTC(2025, 0, 2, 3, 4, 5);
beforeEach(() => vi.useFakeTimers({ now: T0 }));
afterEach(() => vi.useRealTimers());

const HEADING = 'What feeds it, and where the messages offered to it went:';

/** The lines under the heading, without their indent; [] when the failure has no such part. */
function feedsPart(message: string): string[] {
  const part = message.split(`\n\n${HEADING}\n`)[1];
  if (part === undefined) return [];
  return part.split('\n\n')[0]!.split('\n');
}

async function filteredOrders() {
  const setup = eventsSetup();
  const queue = await queueWithArn(setup.sqs, 'orders');
  const topicArn = await createTopic(setup.sns, 'events');
  await setup.sns.send(
    new SubscribeCommand({
      TopicArn: topicArn,
      Protocol: 'sqs',
      Endpoint: queue.arn,
      Attributes: { RawMessageDelivery: 'true', FilterPolicy: JSON.stringify({ type: ['order'] }) },
    }),
  );
  const publish = async (body: object, type: string) =>
    (
      await setup.sns.send(
        new PublishCommand({
          TopicArn: topicArn,
          Message: JSON.stringify(body),
          MessageAttributes: { type: { DataType: 'String', StringValue: type } },
        }),
      )
    ).MessageId!;
  return { ...setup, queue, publish };
}

describe('a queue matcher says where the messages offered to the queue went', () => {
  it("a subscription's filter policy: which topic, how many, and why, with the filtered message's journey", async () => {
    const { aws, publish } = await filteredOrders();
    const refund = await publish({ orderId: 7 }, 'refund');
    await publish({ orderId: 8 }, 'order');

    const message = wholeFailureOf(() => expect(aws.sqs.queue('orders')).toContainMessage({ orderId: 7 }));
    expect(message).toMatch(/^expected queue "orders" to contain a message matching \{orderId: 7\}, but it holds 1/);
    expect(feedsPart(message)).toEqual([
      '    topic "events": of the 2 messages offered to it, 1 delivered and 1 filtered out by its filter policy ' +
        '({"orderId":7}) because type: "refund" is not one of ["order"]',
    ]);
    expect(message).toMatch(new RegExp(`\n${refund}:\n {4}\\+0\\.000s +sns +events +published `));
    expect(message).toMatch(/sns +orders +filteredOut +from topic events, type: "refund" is not one of \["order"\]/);
    // The same for every queue matcher that misses a message.
    const orders = aws.sqs.queue('orders');
    for (const assertion of [
      () => expect(orders).toHaveMessageCount(2),
      () => expect(orders).toHaveMessagesInOrder([{ orderId: 7 }, { orderId: 8 }]),
      () => expect(orders).toContainMessage({ orderId: 8 }, { times: 2 }),
    ]) {
      expect(feedsPart(wholeFailureOf(assertion))).toEqual(feedsPart(message));
    }
  });

  it("a rule's pattern: which rule, on which bus, and the field the newest event failed on", async () => {
    const { aws, events, sqs } = eventsSetup();
    const queue = await queueWithArn(sqs, 'orders');
    await events.send(
      new PutRuleCommand({
        Name: 'big-orders',
        EventPattern: JSON.stringify({ source: ['shop'], detail: { total: [{ numeric: ['>', 100] }] } }),
      }),
    );
    await events.send(new PutTargetsCommand({ Rule: 'big-orders', Targets: [{ Id: 'q', Arn: queue.arn }] }));
    const put = async (detail: object) =>
      (
        await events.send(
          new PutEventsCommand({
            Entries: [{ Source: 'shop', DetailType: 'OrderPlaced', Detail: JSON.stringify(detail) }],
          }),
        )
      ).Entries![0]!.EventId!;
    await put({ orderId: 1, total: 500 });
    const small = await put({ orderId: 2, total: 50 });

    const message = wholeFailureOf(() => expect(aws.sqs.queue('orders')).toContainMessage({ detail: { orderId: 2 } }));
    expect(feedsPart(message)).toEqual([
      `    rule "big-orders" on bus "default": of the 2 events on its bus, 1 delivered and 1 not matched by its ` +
        `pattern (the newest, event ${small}: detail.total: 50 is not > 100)`,
    ]);
    expect(message).toContain(`\n${small}:\n    +0.000s  events  default  published     shop / OrderPlaced`);
  });

  it('refused: a delivery the queue did not take, with the error', async () => {
    const { aws, events, sqs } = eventsSetup({ policies: 'enforce' });
    const queue = await queueWithArn(sqs, 'orders');
    await events.send(new PutRuleCommand({ Name: 'all', EventPattern: JSON.stringify({ source: ['shop'] }) }));
    await events.send(new PutTargetsCommand({ Rule: 'all', Targets: [{ Id: 'q', Arn: queue.arn }] }));
    await events.send(
      new PutEventsCommand({ Entries: [{ Source: 'shop', DetailType: 'OrderPlaced', Detail: '{"orderId":1}' }] }),
    );
    const [line] = feedsPart(wholeFailureOf(() => expect(aws.sqs.queue('orders')).toHaveMessageCount(1)));
    expect(line).toMatch(/^ {4}rule "all" on bus "default": of the 1 event on its bus, 1 refused \(.+\)$/);
  });

  it("dead-lettered, deleted, in flight and delayed: until when, from the queue's own journeys", async () => {
    const { aws, sqs } = eventsSetup();
    const dlq = await queueWithArn(sqs, 'orders-dlq');
    const queue = await queueWithArn(sqs, 'orders');
    await sqs.send(
      new SetQueueAttributesCommand({
        QueueUrl: queue.url,
        Attributes: {
          VisibilityTimeout: '30',
          RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 1 }),
        },
      }),
    );
    await send(sqs, queue.url, { orderId: 0 });
    const [consumed] = (await sqs.send(new ReceiveMessageCommand({ QueueUrl: queue.url }))).Messages!;
    await sqs.send(new DeleteMessageCommand({ QueueUrl: queue.url, ReceiptHandle: consumed!.ReceiptHandle! }));
    await send(sqs, queue.url, { orderId: 1 });
    await sqs.send(new ReceiveMessageCommand({ QueueUrl: queue.url }));
    await vi.advanceTimersByTimeAsync(30_000);
    // The second receive moves it to the dead-letter queue; this one, sent now, it takes.
    await send(sqs, queue.url, { orderId: 2 });
    await sqs.send(new ReceiveMessageCommand({ QueueUrl: queue.url }));
    await send(sqs, queue.url, { orderId: 3 }, 60);

    const message = wholeFailureOf(() => expect(aws.sqs.queue('orders')).toContainMessage({ orderId: 1 }));
    const seconds = (s: number) => new Date(T0 + s * 1000).toISOString();
    expect(feedsPart(message)).toEqual([
      `    the queue: of the 4 messages sent to it, 1 deleted (by DeleteMessage); 1 dead-lettered to "orders-dlq"; ` +
        `1 in flight, visible again at ` +
        `${seconds(60)}, in 30s; 1 delayed, visible at ${seconds(90)}, in 1m`,
    ]);
    expect(message).toMatch(/sqs +orders +deadLettered +to orders-dlq, after receive count 1 of 1/);
  });

  it('a queue only a schedule feeds: its next firing, and how far to move time', async () => {
    const { aws, scheduler, sqs } = schedulerSetup();
    const queue = await queueWithArn(sqs, 'reports');
    await scheduler.send(
      new CreateScheduleCommand({
        Name: 'nightly',
        ScheduleExpression: 'cron(0 5 * * ? *)',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: { Arn: queue.arn, RoleArn: ROLE, Input: '{"report":"daily"}' },
      }),
    );
    const message = wholeFailureOf(() => expect(aws.sqs.queue('reports')).toHaveMessageCount(1));
    expect(feedsPart(message)).toEqual([
      '    schedule "nightly" (cron(0 5 * * ? *)): not fired yet; next firing at 2025-01-02T05:00:00.000Z, in 1h 55m 55s',
      'Only schedules feed it, and time has not reached the next firing: schedule "nightly" at ' +
        '2025-01-02T05:00:00.000Z, in 1h 55m 55s. aws.runUntilIdle() does not wait for a recurring firing: move time ' +
        "there yourself, e.g. await vi.advanceTimersByTimeAsync(6955000) (jest.advanceTimersByTimeAsync, or your clock's " +
        'tickAsync).',
    ]);
    await vi.advanceTimersByTimeAsync(6_955_000);
    expect(aws.sqs.queue('reports')).toHaveMessageCount(1);
  });

  it('a function only a scheduled rule feeds, or a mapping of a queue only it feeds: the same', async () => {
    const { aws, events, sqs } = schedulerSetup();
    const fn = aws.lambda.createFunction('report', async () => undefined);
    const queue = await queueWithArn(sqs, 'jobs');
    const worker = aws.lambda.createFunction('worker', async () => undefined);
    aws.lambda.createEventSourceMapping({ FunctionName: 'worker', EventSourceArn: queue.arn });
    await events.send(new PutRuleCommand({ Name: 'hourly', ScheduleExpression: 'rate(1 hour)' }));
    await events.send(
      new PutTargetsCommand({
        Rule: 'hourly',
        Targets: [
          { Id: 'fn', Arn: fn.arn },
          { Id: 'q', Arn: queue.arn },
        ],
      }),
    );
    const next = 'next firing at 2025-01-02T04:04:05.000Z, in 1h';
    const reported = wholeFailureOf(() => expect(fn).toHaveBeenInvoked());
    expect(feedsPart(reported)).toEqual([
      `    rule "hourly" (rate(1 hour)) on bus "default": not fired yet; ${next}`,
      expect.stringMatching(
        /^Only schedules feed it, .*: rule "hourly" at 2025-01-02T04:04:05\.000Z, in 1h\. .*\(3600000\)/,
      ),
    ]);
    const working = wholeFailureOf(() => expect(worker).toHaveBeenInvokedWithRecord({ job: 1 }));
    expect(feedsPart(working)).toEqual([
      expect.stringMatching(/^ {4}event source mapping [0-9a-f-]+ \(Enabled\) on queue "jobs"$/),
      expect.stringMatching(/^Only schedules feed it, .*: rule "hourly" at 2025-01-02T04:04:05\.000Z, in 1h\. /),
    ]);
    await vi.advanceTimersByTimeAsync(3_600_000);
    await aws.idle();
    expect(fn).toHaveBeenInvoked();
    expect(feedsPart(wholeFailureOf(() => expect(fn).toHaveBeenInvoked(2)))).toEqual([
      `    rule "hourly" (rate(1 hour)) on bus "default": fired 1 time: 1 delivered; next firing at ` +
        '2025-01-02T05:04:05.000Z, in 1h',
      expect.stringMatching(/^Only schedules feed it/),
    ]);
  });

  it('a function a topic feeds through a filter policy: the same words as for a queue', async () => {
    const { aws, sns } = eventsSetup();
    const fn = aws.lambda.createFunction('notify', async () => undefined);
    const topicArn = await createTopic(sns, 'events');
    await sns.send(
      new SubscribeCommand({
        TopicArn: topicArn,
        Protocol: 'lambda',
        Endpoint: fn.arn,
        Attributes: { FilterPolicy: JSON.stringify({ type: ['order'] }) },
      }),
    );
    await sns.send(new PublishCommand({ TopicArn: topicArn, Message: 'refund 9' }));
    expect(feedsPart(wholeFailureOf(() => expect(fn).toHaveBeenInvoked()))).toEqual([
      '    topic "events": of the 1 message offered to it, 1 filtered out by its filter policy ("refund 9") because ' +
        'the message has no attributes, and a MessageAttributes policy filters such a message out',
    ]);
  });

  it('leaves the first line of the failure as it was', async () => {
    const { aws, publish } = await filteredOrders();
    await publish({ orderId: 7 }, 'refund');
    expect(failureOf(() => expect(aws.sqs.queue('orders')).toContainMessage({ orderId: 7 }))).toBe(
      'expected queue "orders" to contain a message matching {orderId: 7}, but it holds no messages',
    );
  });

  it('says nothing of it when the matcher passes, or fails the other way (under .not)', async () => {
    const { aws, publish } = await filteredOrders();
    await publish({ orderId: 7 }, 'refund');
    await publish({ orderId: 8 }, 'order');
    const spy = vi.spyOn(Object.getPrototypeOf(aws.sns.topic('events')), 'published');
    expect(aws.sqs.queue('orders')).toContainMessage({ orderId: 8 });
    const notContains = wholeFailureOf(() => expect(aws.sqs.queue('orders')).not.toContainMessage({ orderId: 8 }));
    expect(feedsPart(notContains)).toEqual([]);
    const tooMany = wholeFailureOf(() => expect(aws.sqs.queue('orders')).toHaveMessageCount(0));
    expect(feedsPart(tooMany)).toEqual([]);
    expect(spy).not.toHaveBeenCalled();
  });
});
