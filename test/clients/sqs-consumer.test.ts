/**
 * sqs-consumer (bbc) against the mock on vitest's fake clock. What the consumer does that matters
 * here (read from sqs-consumer 14.2.8):
 * - it long-polls (`WaitTimeSeconds` 20 by default) and schedules the next poll with
 *   `setTimeout(poll, pollingWaitTimeMs)` (0 by default), so everything runs on the fake clock;
 * - it passes `abortSignal` from its own AbortController to every `send`; `stop({ abort: true })`
 *   aborts the long poll that is waiting, which the mock ends at once (no timer left behind);
 * - a handler must return the message (or, in batch mode, the messages) it processed: only those
 *   are deleted. A handler that throws leaves the message in flight until its visibility timeout.
 *
 * Fake-timer detail: a 0 ms timer set while the fake clock is ticking is due 1 ms later
 * (@sinonjs/fake-timers), so each poll after the first starts 1 ms after the previous one ended and
 * `advanceTimersByTimeAsync(0)` would stop after one cycle. `letItWork()` advances 100 ms instead.
 */
import {
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  type Message,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { Consumer, type ConsumerOptions } from 'sqs-consumer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sqsSetup } from '../helpers.js';

let consumers: Consumer[] = [];

/** A consumer on `sqs`, with listeners for every error event, stopped after the test. */
function consumer(sqs: SQSClient, options: Omit<ConsumerOptions, 'sqs'>): { consumer: Consumer; errors: Error[] } {
  const created = Consumer.create({ ...options, sqs });
  const errors: Error[] = [];
  created.on('error', (error) => errors.push(error));
  created.on('processing_error', (error) => errors.push(error));
  created.on('timeout_error', (error) => errors.push(error));
  consumers.push(created);
  return { consumer: created, errors };
}

async function newQueue(sqs: SQSClient, name: string, attributes?: Record<string, string>): Promise<string> {
  return (await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }))).QueueUrl!;
}

async function queueWithDlq(
  sqs: SQSClient,
  aws: ReturnType<typeof sqsSetup>['aws'],
  maxReceiveCount = 3,
): Promise<string> {
  await newQueue(sqs, 'orders-dlq');
  return newQueue(sqs, 'orders', {
    RedrivePolicy: JSON.stringify({ deadLetterTargetArn: aws.sqs.queue('orders-dlq').arn, maxReceiveCount }),
  });
}

async function sendAll(sqs: SQSClient, QueueUrl: string, bodies: string[]): Promise<void> {
  await sqs.send(
    new SendMessageBatchCommand({ QueueUrl, Entries: bodies.map((body, i) => ({ Id: `m${i}`, MessageBody: body })) }),
  );
}

/** Lets the consumer work through what is visible now: each poll cycle takes 1 ms of fake time. */
async function letItWork(): Promise<void> {
  await vi.advanceTimersByTimeAsync(100);
}

beforeEach(() => vi.useFakeTimers());
afterEach(async () => {
  // abort: ends the long poll the consumer is waiting in, so nothing is left pending.
  for (const c of consumers) c.stop({ abort: true });
  consumers = [];
  try {
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
  } finally {
    vi.useRealTimers();
  }
});

describe('sqs-consumer: handleMessage', () => {
  it('deletes each message the handler returns', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs, 'orders');
    await sendAll(sqs, QueueUrl, ['a', 'b', 'c']);
    const handled: string[] = [];
    const { consumer: c, errors } = consumer(sqs, {
      queueUrl: QueueUrl,
      handleMessage: async (message) => {
        handled.push(message.Body!);
        return message;
      },
    });
    const processed: string[] = [];
    c.on('message_processed', (message) => processed.push(message.Body!));
    c.start();
    await letItWork();
    expect(handled).toEqual(['a', 'b', 'c']);
    expect(processed).toEqual(['a', 'b', 'c']);
    expect(aws.sqs.queue('orders').messages()).toEqual([]);
    expect(errors).toEqual([]);
    expect(c.status).toEqual({ isRunning: true, isPolling: true }); // waiting in the next long poll
  });

  it('picks up a message sent while it long-polls, without waiting for the poll to end', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs, 'orders');
    const handled: { body: string; at: number }[] = [];
    const start = Date.now();
    const { consumer: c } = consumer(sqs, {
      queueUrl: QueueUrl,
      handleMessage: async (message) => {
        handled.push({ body: message.Body!, at: Date.now() - start });
        return message;
      },
    });
    c.start();
    await vi.advanceTimersByTimeAsync(7_000);
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'late' }));
    await letItWork();
    expect(handled).toEqual([{ body: 'late', at: 7_000 }]);
    expect(aws.sqs.queue('orders').messages()).toEqual([]);
  });

  it('a message whose handler keeps failing is received 3 times, then moves to the DLQ', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await queueWithDlq(sqs, aws, 3);
    await sendAll(sqs, QueueUrl, ['good', 'poison', 'also good']);
    const attempts: { body: string; receiveCount: string; second: number }[] = [];
    const start = Date.now();
    const { consumer: c, errors } = consumer(sqs, {
      queueUrl: QueueUrl,
      messageSystemAttributeNames: ['ApproximateReceiveCount'],
      handleMessage: async (message) => {
        attempts.push({
          body: message.Body!,
          receiveCount: message.Attributes!.ApproximateReceiveCount!,
          second: Math.round((Date.now() - start) / 1000),
        });
        if (message.Body === 'poison') throw new Error('cannot handle');
        return message;
      },
    });
    c.start();

    await letItWork();
    expect(attempts.map((a) => a.body)).toEqual(['good', 'poison', 'also good']);
    // The poison message comes back after each 30 s visibility timeout; the waiting long poll wakes.
    await vi.advanceTimersByTimeAsync(100_000);
    expect(attempts.filter((a) => a.body === 'poison')).toEqual([
      { body: 'poison', receiveCount: '1', second: 0 },
      { body: 'poison', receiveCount: '2', second: 30 },
      { body: 'poison', receiveCount: '3', second: 60 },
    ]);
    expect(errors.map((e) => e.message)).toEqual(Array(3).fill('Unexpected message handler failure: cannot handle'));

    // The 4th receive (at 90 s) moved it instead of returning it.
    expect(aws.sqs.queue('orders').messages()).toEqual([]);
    const dead = aws.sqs.queue('orders').deadLetterQueue()?.messages();
    expect(dead?.map((m) => ({ body: m.body, receiveCount: m.receiveCount }))).toEqual([
      { body: 'poison', receiveCount: 3 },
    ]);
    expect(dead?.[0]?.deadLetterQueueSourceArn).toBe(aws.sqs.queue('orders').arn);
  });

  it('terminateVisibilityTimeout: a failed message is released at once and reaches the DLQ without waiting', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await queueWithDlq(sqs, aws, 3);
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'poison' }));
    let attempts = 0;
    const { consumer: c } = consumer(sqs, {
      queueUrl: QueueUrl,
      terminateVisibilityTimeout: true, // ChangeMessageVisibility 0 after a failure
      handleMessage: async () => {
        attempts++;
        throw new Error('cannot handle');
      },
    });
    c.start();
    await letItWork();
    expect(attempts).toBe(3);
    expect(
      aws.sqs
        .queue('orders-dlq')
        .messages()
        .map((m) => m.body),
    ).toEqual(['poison']);
  });

  it('heartbeat: a long-running handler keeps its message invisible past the visibility timeout', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs, 'orders');
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'slow' }));
    const send = vi.spyOn(sqs, 'send');
    let finished = false;
    const { consumer: c, errors } = consumer(sqs, {
      queueUrl: QueueUrl,
      visibilityTimeout: 10,
      heartbeatInterval: 5, // ChangeMessageVisibility(10 s) every 5 s while the handler runs
      handleMessage: async (message) => {
        await new Promise((resolve) => setTimeout(resolve, 60_000)); // a minute of (fake) work
        finished = true;
        return message;
      },
    });
    const start = Date.now();
    c.start();
    await letItWork();

    for (const at of [11_000, 25_000, 45_000, 59_000]) {
      await vi.advanceTimersByTimeAsync(at - (Date.now() - start));
      const other = await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
      expect(other.Messages, `another receive at ${at} ms`).toBeUndefined();
      const [message] = aws.sqs.queue('orders').messages();
      expect(message).toMatchObject({ state: 'inFlight', receiveCount: 1 });
    }
    expect(finished).toBe(false);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(finished).toBe(true);
    expect(aws.sqs.queue('orders').messages()).toEqual([]);
    expect(errors).toEqual([]);
    const heartbeats = send.mock.calls.filter(([command]) => command instanceof ChangeMessageVisibilityCommand);
    expect(heartbeats).toHaveLength(12); // at 5, 10, ..., 60 s
    expect(heartbeats[0]![0].input).toMatchObject({ QueueUrl, VisibilityTimeout: 10 });
  });

  it('without a heartbeat the same handler loses its message to another receiver after the timeout', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs, 'orders');
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'slow' }));
    const { consumer: c, errors } = consumer(sqs, {
      queueUrl: QueueUrl,
      visibilityTimeout: 10,
      handleMessage: async (message) => {
        await new Promise((resolve) => setTimeout(resolve, 60_000));
        return message;
      },
    });
    c.start();
    await vi.advanceTimersByTimeAsync(10_000);
    const other = await sqs.send(new ReceiveMessageCommand({ QueueUrl, AttributeNames: ['All'] }));
    expect(other.Messages?.map((m) => [m.Body, m.Attributes?.ApproximateReceiveCount])).toEqual([['slow', '2']]);

    // The consumer deletes with its older receipt handle, which on a standard queue still deletes the message
    // (docs/aws-behaviour/sqs.md §4.10): the other receiver processed it too, and its own delete will find it gone.
    await vi.advanceTimersByTimeAsync(50_000);
    expect(aws.sqs.queue('orders').messages()).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('sqs-consumer: stopping', () => {
  it('stop({ abort: true }) ends the waiting long poll at once, through the SDK abortSignal', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs, 'orders');
    const { consumer: c, errors } = consumer(sqs, { queueUrl: QueueUrl, handleMessage: async (m) => m });
    const stopped = vi.fn();
    c.on('stopped', stopped);
    c.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(c.status).toEqual({ isRunning: true, isPolling: true });
    expect(vi.getTimerCount()).toBe(1); // the mock's long-poll timer

    c.stop({ abort: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toHaveBeenCalledTimes(1);
    expect(c.status).toEqual({ isRunning: false, isPolling: false });
    expect(vi.getTimerCount()).toBe(0);
    // sqs-consumer reports the aborted receive as an 'error' event (an SQSError wrapping AbortError).
    expect(errors.map((e) => [e.message, (e as Error & { code?: string }).code])).toEqual([
      ['SQS receive message failed: Request aborted', 'AbortError'],
    ]);
  });

  it('stop() without abort leaves the long poll waiting; it ends with the wait, then no poll follows', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs, 'orders');
    const { consumer: c } = consumer(sqs, { queueUrl: QueueUrl, handleMessage: async (m) => m });
    c.start();
    await vi.advanceTimersByTimeAsync(5_000);
    c.stop();
    expect(c.status).toEqual({ isRunning: false, isPolling: true });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(c.status.isPolling).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(c.status.isPolling).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stop() without abort: a message that arrives during the last long poll is still handled and deleted', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs, 'orders');
    const handled: string[] = [];
    const { consumer: c } = consumer(sqs, {
      queueUrl: QueueUrl,
      handleMessage: async (m) => {
        handled.push(m.Body!);
        return m;
      },
    });
    c.start();
    await vi.advanceTimersByTimeAsync(5_000);
    c.stop();
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'late' }));
    await letItWork();
    expect(handled).toEqual(['late']);
    expect(aws.sqs.queue('orders').messages()).toEqual([]);
    expect(c.status).toEqual({ isRunning: false, isPolling: false });
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('sqs-consumer: handleMessageBatch', () => {
  it('receives up to 10 at a time and deletes only the messages returned (partial failure)', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs, 'orders');
    const bodies = Array.from({ length: 10 }, (_, i) => (i % 3 === 0 ? `bad ${i}` : `ok ${i}`));
    await sendAll(sqs, QueueUrl, bodies);
    const batches: string[][] = [];
    const { consumer: c, errors } = consumer(sqs, {
      queueUrl: QueueUrl,
      batchSize: 10,
      handleMessageBatch: async (messages: Message[]) => {
        batches.push(messages.map((m) => m.Body!));
        return messages.filter((m) => m.Body!.startsWith('ok'));
      },
    });
    c.start();
    await letItWork();
    expect(batches).toEqual([bodies]);
    const left = aws.sqs.queue('orders').messages();
    expect(left.map((m) => [m.body, m.state])).toEqual(
      ['bad 0', 'bad 3', 'bad 6', 'bad 9'].map((body) => [body, 'inFlight']),
    );

    // The failed ones come back together after the visibility timeout.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(batches[1]).toEqual(['bad 0', 'bad 3', 'bad 6', 'bad 9']);
    expect(errors).toEqual([]);
  });

  it('a batch handler that throws deletes nothing; the error event carries the batch', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs, 'orders');
    await sendAll(sqs, QueueUrl, ['a', 'b']);
    const { consumer: c, errors } = consumer(sqs, {
      queueUrl: QueueUrl,
      batchSize: 10,
      handleMessageBatch: async () => {
        throw new Error('batch failed');
      },
    });
    c.start();
    await letItWork();
    expect(errors.map((e) => e.message)).toEqual(['Unexpected message batch handler failure: batch failed']);
    expect(
      aws.sqs
        .queue('orders')
        .messages()
        .map((m) => [m.body, m.state]),
    ).toEqual([
      ['a', 'inFlight'],
      ['b', 'inFlight'],
    ]);
  });

  it('heartbeat in batch mode extends the whole batch with ChangeMessageVisibilityBatch', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs, 'orders');
    await sendAll(sqs, QueueUrl, ['a', 'b', 'c']);
    const { consumer: c, errors } = consumer(sqs, {
      queueUrl: QueueUrl,
      batchSize: 10,
      visibilityTimeout: 10,
      heartbeatInterval: 5,
      handleMessageBatch: async (messages) => {
        await new Promise((resolve) => setTimeout(resolve, 45_000));
        return messages;
      },
    });
    c.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }))).Messages).toBeUndefined();
    expect(aws.sqs.queue('orders').messages('inFlight')).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(aws.sqs.queue('orders').messages()).toEqual([]);
    expect(errors).toEqual([]);
  });
});
