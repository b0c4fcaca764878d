// Figures: heap per stored message beyond its body, with 1,000,000 small messages in a standard queue, and in a FIFO
// queue (beyond its body and ids); and what a FIFO message leaves behind once deleted, inside its five-minute
// deduplication window and after it.
// Run on its own: node --expose-gc --import tsx bench/memory.mts
//
// The bodies are made first and kept, and the heap is measured (after full collections) before and after the
// messages are sent. The queue keeps each body as the very string that was sent, so the difference is exactly what
// the mock adds per message: its records, ids, digests, index entries, and the spare capacity of its tables.
import FakeTimers from '@sinonjs/fake-timers';
import {
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
  DeleteQueueCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  type SendMessageBatchRequestEntry,
} from '@aws-sdk/client-sqs';
import { CreateTopicCommand, PublishBatchCommand, SubscribeCommand } from '@aws-sdk/client-sns';
import { EventBridgeClient, PutEventsCommand, PutRuleCommand } from '@aws-sdk/client-eventbridge';
import { mocked, type Mocked } from './clients.mjs';
import { report, type FigureResult } from './harness.mjs';
import { createAwsMock, type AwsMockOptions } from './library.mjs';

const MESSAGES = Number(process.env['BENCH_MEMORY_MESSAGES'] ?? 1_000_000);

/** The JavaScript heap and the memory of ArrayBuffers (typed arrays keep their contents outside the heap). */
function heapAfterGc(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('bench/memory.mts needs node --expose-gc');
  for (let i = 0; i < 3; i++) gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

export async function measure(): Promise<FigureResult[]> {
  const { fastSqs } = mocked();
  await useEveryPath(fastSqs);
  return [
    await standardQueue(fastSqs),
    await fifoQueue(fastSqs),
    ...(await deletedFifoMessages()),
    ...(await publishedHistoryFigures()),
    await journeyStepHeap(),
    await mappingDrainHeap(),
    ...(await eventHistoryFigures()),
  ];
}

/** An account's EventBridgeClient (`cacheMiddleware: true`: the setup is not what is measured) with `rule`. */
async function eventsAccount(options: AwsMockOptions, rule: PutRuleCommand) {
  const aws = createAwsMock(options);
  const events = new EventBridgeClient({ region: 'us-east-1', cacheMiddleware: true });
  events.middlewareStack.use(aws.events);
  await events.send(rule);
  return { aws, events };
}

/**
 * EventBridge, createAwsMock's `eventHistory`: the heap per event a bus and the rule that matched it keep, from
 * PutEvents of small events on an account keeping every one against one keeping none (`eventHistory: 0`); and a
 * rate(1 minute) rule over 60 simulated days on an account keeping the last 100, whose heap after day 10 and after
 * day 60 is the same: a bounded bus stays flat where an unbounded one grows by about the per-event figure a firing.
 */
async function eventHistoryFigures(): Promise<FigureResult[]> {
  const count = Math.min(MESSAGES, 100_000);
  const perEvent = async (eventHistory: number | undefined, events: number): Promise<number> => {
    const rule = new PutRuleCommand({ Name: 'orders', EventPattern: '{"source":["shop"]}' });
    const account = await eventsAccount({ eventHistory }, rule);
    const details = Array.from({ length: events }, (_, i) => JSON.stringify({ orderId: 1_000_000 + i, n: i % 7 }));
    const before = heapAfterGc();
    for (let i = 0; i < events; i += 10) {
      const Entries = details.slice(i, i + 10).map((Detail) => ({ Source: 'shop', DetailType: 'OrderPlaced', Detail }));
      await account.events.send(new PutEventsCommand({ Entries }));
    }
    const heap = (heapAfterGc() - before) / events;
    keepAlive(details, [account]);
    return heap;
  };
  await perEvent(undefined, 1000); // warm-up: V8 settles the records' shapes
  const kept = await perEvent(undefined, count);
  const none = await perEvent(0, count);

  const bounded = await scheduledRuleHeap(100);
  const unbounded = await scheduledRuleHeap(undefined);
  return [
    {
      figure: `EventBridge: heap per event kept by a bus and its rule (${count.toLocaleString('en-US')} PutEvents entries)`,
      value: kept - none,
      unit: 'B',
      target: undefined,
      detail: `${Math.round(kept)} B per ~40 B event kept, ${Math.round(none)} B with eventHistory: 0`,
    },
    {
      figure: 'EventBridge: heap growth of a rate(1 minute) rule from day 10 to day 60, eventHistory: 100',
      value: bounded.growth,
      unit: 'B',
      target: undefined,
      detail: `${(bounded.before / 1e6).toFixed(1)} MB after 10 simulated days, ${(bounded.after / 1e6).toFixed(1)} MB after 60 (72,000 firings between, ${bounded.kept} events kept); keeping every event: ${(unbounded.before / 1e6).toFixed(1)} MB → ${(unbounded.after / 1e6).toFixed(1)} MB`,
    },
  ];
}

/**
 * The heap of an account whose rate(1 minute) rule fires for 10 simulated days, then for 50 more (journeys at their
 * default bound, full by day 10), and how many events the rule keeps at the end.
 */
async function scheduledRuleHeap(eventHistory: number | undefined) {
  const day = 86_400_000;
  const clock = FakeTimers.createClock(1_700_000_000_000);
  const rule = new PutRuleCommand({ Name: 'tick', ScheduleExpression: 'rate(1 minute)' });
  const { aws } = await eventsAccount({ clock, eventHistory }, rule);
  clock.tick(10 * day);
  const before = heapAfterGc();
  clock.tick(50 * day);
  const after = heapAfterGc();
  const kept = aws.events.rule('tick').matched().length;
  keepAlive([aws]);
  return { before, after, growth: after - before, kept };
}

/**
 * A 100,000-message drain through an event source mapping with journeys on at their default bound (10,000 steps):
 * the heap after 10,000 messages and after 100,000, on one account, each measured once the queue is empty. Flat means
 * the record forgets as fast as it learns (each message leaves five steps: sent, received, invoked, succeeded,
 * deleted). The functions keep their last 100 invocations (`invocationHistory: 100`): by default a function keeps
 * every invocation, which grows with the messages whatever journeys do.
 */
async function mappingDrainHeap(): Promise<FigureResult> {
  const total = Math.min(MESSAGES, 100_000);
  const first = total / 10;
  const clock = FakeTimers.createClock(1_700_000_000_000);
  const { fastSqs, aws } = mocked({ clock, invocationHistory: 100 });
  const { QueueUrl } = await fastSqs.send(new CreateQueueCommand({ QueueName: 'drained' }));
  aws.lambda.createFunction('drain', async () => undefined);
  aws.lambda.createEventSourceMapping({
    FunctionName: 'drain',
    EventSourceArn: aws.sqs.queue('drained').arn,
    BatchSize: 10,
  });
  const drain = async (count: number): Promise<number> => {
    await sendAll(fastSqs, QueueUrl!, () => ({ MessageBody: '{"orderId":7}' }), count);
    await aws.runUntilIdle();
    if (aws.sqs.queue('drained').messages().length !== 0) throw new Error('the mapping did not drain the queue');
    return heapAfterGc();
  };
  await drain(1000); // warm-up
  const afterFirst = await drain(first - 1000);
  const afterAll = await drain(total - first);
  keepAlive([aws]);
  const growth = afterAll - afterFirst;
  return {
    figure: `Heap growth from ${first.toLocaleString('en-US')} to ${total.toLocaleString('en-US')} messages drained through a mapping, journeys at the default bound`,
    value: growth,
    unit: 'B',
    target: undefined,
    detail: `${(afterFirst / 1e6).toFixed(1)} MB after ${first.toLocaleString('en-US')}, ${(afterAll / 1e6).toFixed(1)} MB after ${total.toLocaleString('en-US')}; ${aws.timeline().steps.length.toLocaleString('en-US')} steps kept`,
  };
}

/**
 * Heap per recorded journey step (createAwsMock's `journeySteps`): the same sends on an account keeping every step and
 * on one keeping none (`journeySteps: 0`), each message deleted afterwards by purging, so only the steps are left.
 */
async function journeyStepHeap(): Promise<FigureResult> {
  const count = Math.min(MESSAGES, 100_000);
  const heapOf = async (journeySteps: number): Promise<number> => {
    const { fastSqs, aws } = mocked({ journeySteps });
    const { QueueUrl } = await fastSqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    const before = heapAfterGc();
    await sendAll(fastSqs, QueueUrl!, () => ({ MessageBody: 'x' }), count);
    await fastSqs.send(new DeleteQueueCommand({ QueueUrl }));
    const after = heapAfterGc();
    keepAlive([aws]);
    return after - before;
  };
  await heapOf(1000); // warm-up: V8 settles the steps' shapes
  const kept = await heapOf(count);
  const none = await heapOf(0);
  const perStep = (kept - none) / count;
  return {
    figure: `Heap per recorded journey step (${count.toLocaleString('en-US')} sent steps)`,
    value: perStep,
    unit: 'B',
    target: undefined,
    detail: `${Math.round(perStep)} B per step with its index entry; the default bound of 10,000 steps holds ~${Math.round((perStep * 10_000) / 1e6)} MB at most`,
  };
}

/** Small JSON bodies of 18–24 characters, each its own flat string as a producer would send it. */
function makeBodies(): string[] {
  return Array.from({ length: MESSAGES }, (_, i) => JSON.stringify({ orderId: 1_000_000 + i, n: i % 7 }));
}

async function standardQueue(sqs: Mocked['fastSqs']): Promise<FigureResult> {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  const empty = heapAfterGc();
  const bodies = makeBodies();
  const withBodies = heapAfterGc();
  const bodyBytes = (withBodies - empty) / MESSAGES - 8; // less the array's slot
  await sendAll(sqs, QueueUrl!, (i) => ({ MessageBody: bodies[i]! }));
  const perMessage = (heapAfterGc() - withBodies) / MESSAGES;
  keepAlive(bodies);
  await sqs.send(new DeleteQueueCommand({ QueueUrl }));
  return {
    figure: `Heap per stored message beyond its body (${MESSAGES.toLocaleString('en-US')} messages)`,
    value: perMessage,
    unit: 'B',
    target: 300,
    detail: `${Math.round(perMessage)} B per message on top of its ${Math.round(bodyBytes)} B body`,
  };
}

/**
 * The same for a FIFO queue: 1,000 message groups, and a MessageDeduplicationId per message. The group and
 * deduplication ids are the sender's strings, made first and kept like the bodies; what the queue adds is its
 * sequence number, its place in its group, and the deduplication window's entry, all still inside their five
 * minutes when the heap is measured (the most a FIFO message costs).
 */
async function fifoQueue(sqs: Mocked['fastSqs']): Promise<FigureResult> {
  const { QueueUrl } = await sqs.send(
    new CreateQueueCommand({ QueueName: 'q.fifo', Attributes: { FifoQueue: 'true' } }),
  );
  const groups = Array.from({ length: 1000 }, (_, i) => `group-${i}`);
  const empty = heapAfterGc();
  const bodies = makeBodies();
  const deduplicationIds = Array.from({ length: MESSAGES }, (_, i) => `dedup-${1_000_000 + i}`);
  const withInputs = heapAfterGc();
  const inputBytes = (withInputs - empty) / MESSAGES - 16; // less the arrays' slots
  await sendAll(sqs, QueueUrl!, (i) => ({
    MessageBody: bodies[i]!,
    MessageGroupId: groups[i % groups.length]!,
    MessageDeduplicationId: deduplicationIds[i]!,
  }));
  const perMessage = (heapAfterGc() - withInputs) / MESSAGES;
  keepAlive(bodies, deduplicationIds, groups);
  return {
    figure: `FIFO: heap per stored message beyond its body and ids (${MESSAGES.toLocaleString('en-US')} messages, 1,000 groups)`,
    value: perMessage,
    unit: 'B',
    target: 300,
    detail: `${Math.round(perMessage)} B per message on top of its ${Math.round(inputBytes)} B body and deduplication id, deduplication window full`,
  };
}

/**
 * What deleted FIFO messages leave: their deduplication records, which answer a repeated send for five minutes from
 * the first. 1,000 groups, a MessageDeduplicationId each (the sender's strings, flat and kept, as in fifoQueue), every
 * message received and deleted; the heap is measured inside the window, and again after the fake clock has passed it
 * and the queue has been touched once (GetQueueAttributes), which must drop every record. The same inside the window
 * with content-based deduplication, where the id is the queue's own (a SHA-256), goes into the detail.
 */
async function deletedFifoMessages(): Promise<FigureResult[]> {
  const clock = FakeTimers.createClock(1_700_000_000_000);
  const { fastSqs: sqs } = mocked({ clock });
  const explicit = await deletedRecords(sqs, 'explicit.fifo', {}, clock);
  const contentBased = await deletedRecords(sqs, 'content.fifo', { ContentBasedDeduplication: 'true' }, clock);
  const messages = MESSAGES.toLocaleString('en-US');
  return [
    {
      figure: `FIFO: heap per deleted message inside its deduplication window (${messages} messages)`,
      value: explicit.withinWindow,
      unit: 'B',
      target: 100,
      detail:
        `${Math.round(explicit.withinWindow)} B per deleted message with a MessageDeduplicationId, ` +
        `${Math.round(contentBased.withinWindow)} B with content-based deduplication`,
    },
    {
      figure: `FIFO: the same after the window, once the queue is touched (${messages} messages)`,
      value: explicit.afterWindow,
      unit: 'B',
      target: 5,
      detail:
        `${explicit.afterWindow.toFixed(2)} B per deleted message with a MessageDeduplicationId, ` +
        `${contentBased.afterWindow.toFixed(2)} B with content-based deduplication`,
    },
  ];
}

/**
 * The text as one flat string. A template literal of 13 characters or more is a rope of its parts, which V8 flattens
 * into a second string the first time anything reads its characters: that copy would be counted against the mock.
 */
function flat(text: string): string {
  return Buffer.from(text, 'latin1').toString('latin1');
}

async function deletedRecords(
  sqs: Mocked['fastSqs'],
  name: string,
  attributes: Record<string, string>,
  clock: FakeTimers.Clock,
): Promise<{ withinWindow: number; afterWindow: number }> {
  const { QueueUrl } = await sqs.send(
    new CreateQueueCommand({ QueueName: name, Attributes: { FifoQueue: 'true', ...attributes } }),
  );
  const contentBased = attributes['ContentBasedDeduplication'] === 'true';
  const groups = Array.from({ length: 1000 }, (_, i) => `group-${i}`);
  const bodies = makeBodies();
  const deduplicationIds = contentBased
    ? []
    : Array.from({ length: MESSAGES }, (_, i) => flat(`dedup-${1_000_000 + i}`));
  const before = heapAfterGc();
  await sendAll(sqs, QueueUrl!, (i) => ({
    MessageBody: bodies[i]!,
    MessageGroupId: groups[i % groups.length]!,
    ...(contentBased ? {} : { MessageDeduplicationId: deduplicationIds[i]! }),
  }));
  for (;;) {
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }));
    if (Messages.length === 0) break;
    await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl,
        Entries: Messages.map((m, j) => ({ Id: `d${j}`, ReceiptHandle: m.ReceiptHandle })),
      }),
    );
  }
  const withinWindow = (heapAfterGc() - before) / MESSAGES;
  clock.tick(5 * 60_000);
  await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['ApproximateNumberOfMessages'] }));
  const afterWindow = (heapAfterGc() - before) / MESSAGES;
  keepAlive(bodies, deduplicationIds, groups);
  await sqs.send(new DeleteQueueCommand({ QueueUrl }));
  return { withinWindow, afterWindow };
}

async function sendAll(
  sqs: Mocked['fastSqs'],
  QueueUrl: string,
  entry: (i: number) => Omit<SendMessageBatchRequestEntry, 'Id'>,
  count = MESSAGES,
): Promise<void> {
  for (let i = 0; i < count; i += 10) {
    const Entries: SendMessageBatchRequestEntry[] = [];
    for (let j = 0; j < 10 && i + j < count; j++) Entries.push({ Id: `e${j}`, ...entry(i + j) });
    await sqs.send(new SendMessageBatchCommand({ QueueUrl, Entries }));
  }
}

/** Keeps the sender's strings alive up to the last measurement, so that they are never counted as freed. */
function keepAlive(...arrays: unknown[][]): void {
  if (arrays.some((array) => array.length < 0)) console.log('unreachable');
}

/**
 * Sends, receives, re-times and deletes messages in another queue first, as a test run would: V8 settles how it
 * stores each field of a record (a number field that has held a fraction or a large value keeps a boxed number from
 * then on), so a process that only ever sent could show a smaller heap than a real one.
 */
async function useEveryPath(sqs: Mocked['fastSqs']): Promise<void> {
  const { QueueUrl } = await sqs.send(
    new CreateQueueCommand({ QueueName: 'warm-up', Attributes: { DelaySeconds: '0' } }),
  );
  for (let i = 0; i < 200; i++) {
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: `warm-up ${i}`, DelaySeconds: i % 2 }));
    await sqs.send(
      new SendMessageCommand({
        QueueUrl,
        MessageBody: `warm-up ${i}`,
        MessageAttributes: { a: { DataType: 'String', StringValue: 'x' } },
      }),
    );
  }
  for (let i = 0; i < 200; i++) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 2, VisibilityTimeout: 1 }),
    );
    for (const [j, m] of Messages.entries()) {
      if (j === 0)
        await sqs.send(
          new ChangeMessageVisibilityCommand({ QueueUrl, ReceiptHandle: m.ReceiptHandle, VisibilityTimeout: 0 }),
        );
      else await sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: m.ReceiptHandle }));
    }
  }
  const fifo = await sqs.send(
    new CreateQueueCommand({
      QueueName: 'warm-up.fifo',
      Attributes: { FifoQueue: 'true', ContentBasedDeduplication: 'true' },
    }),
  );
  for (let i = 0; i < 200; i++) {
    await sqs.send(
      new SendMessageCommand({ QueueUrl: fifo.QueueUrl, MessageBody: `warm-up ${i}`, MessageGroupId: `g${i % 3}` }),
    );
  }
  for (let i = 0; i < 100; i++) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: fifo.QueueUrl, MaxNumberOfMessages: 2 }),
    );
    for (const m of Messages)
      await sqs.send(new DeleteMessageCommand({ QueueUrl: fifo.QueueUrl, ReceiptHandle: m.ReceiptHandle }));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// SNS: what `published()` keeps per publish

const PUBLISHES = Number(process.env['BENCH_MEMORY_PUBLISHES'] ?? 20_000);

/**
 * Heap per publish that `aws.sns.topic(name).published()` keeps: small messages to a topic with 1 and with 10 SQS
 * subscriptions (envelopes, the default), measured once their queues are gone, so that only the history still holds
 * the records and the bodies delivered: what a long test that consumes its queues pays per publish, unless
 * createAwsMock({ publishedHistory }) bounds it. The same with publishedHistory 0 shows that nothing else is left.
 */
async function publishedHistoryFigures(): Promise<FigureResult[]> {
  await publishedHeap(10, undefined, 200); // warm-up: V8 settles the records' shapes
  const figures: FigureResult[] = [];
  for (const subscriptions of [1, 10]) {
    const kept = await publishedHeap(subscriptions, undefined, PUBLISHES);
    const none = await publishedHeap(subscriptions, 0, PUBLISHES);
    figures.push({
      figure: `SNS: heap per publish kept by published() (${PUBLISHES.toLocaleString('en-US')} publishes, ${subscriptions} SQS subscription${subscriptions === 1 ? '' : 's'})`,
      value: kept,
      unit: 'B',
      target: undefined,
      detail: `${Math.round(kept)} B per publish of a ~22 B message once its queues are consumed; ${Math.round(none)} B with publishedHistory: 0`,
    });
  }
  return figures;
}

/** Heap per publish left after `publishes` publishes and the deletion of every subscribed queue. */
async function publishedHeap(
  subscriptions: number,
  publishedHistory: number | undefined,
  publishes: number,
): Promise<number> {
  const { fastSns, fastSqs } = mocked({ publishedHistory });
  const { TopicArn } = await fastSns.send(new CreateTopicCommand({ Name: 'events' }));
  const queueUrls: string[] = [];
  for (let i = 0; i < subscriptions; i++) {
    const { QueueUrl } = await fastSqs.send(new CreateQueueCommand({ QueueName: `subscriber-${i}` }));
    queueUrls.push(QueueUrl!);
    await fastSns.send(
      new SubscribeCommand({
        TopicArn,
        Protocol: 'sqs',
        Endpoint: `arn:aws:sqs:us-east-1:000000000000:subscriber-${i}`,
      }),
    );
  }
  const messages = Array.from({ length: publishes }, (_, i) => JSON.stringify({ orderId: 1_000_000 + i, n: i % 7 }));
  const before = heapAfterGc();
  for (let i = 0; i < publishes; i += 10) {
    const PublishBatchRequestEntries = messages.slice(i, i + 10).map((Message, j) => ({ Id: `e${j}`, Message }));
    await fastSns.send(new PublishBatchCommand({ TopicArn, PublishBatchRequestEntries }));
  }
  for (const QueueUrl of queueUrls) await fastSqs.send(new DeleteQueueCommand({ QueueUrl }));
  const perPublish = (heapAfterGc() - before) / publishes;
  keepAlive(messages, [fastSns]); // the account too: its history is what is measured
  return perPublish;
}

if (import.meta.url === `file://${process.argv[1]}`) report(await measure());
