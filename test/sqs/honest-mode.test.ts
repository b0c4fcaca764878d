import {
  CreateQueueCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAwsMock, type HonestOptions } from '../../src/index.js';
import { sqsSetup } from '../helpers.js';

async function queueWith(
  sqs: SQSClient,
  count: number,
  name = 'q',
  attributes?: Record<string, string>,
): Promise<string> {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
  for (let first = 0; first < count; first += 10) {
    const bodies = Array.from({ length: Math.min(10, count - first) }, (_, i) => String(first + i));
    const Entries = bodies.map((body) => ({
      Id: `m${body}`,
      MessageBody: body,
      ...(name.endsWith('.fifo') ? { MessageGroupId: 'g' } : {}),
    }));
    await sqs.send(new SendMessageBatchCommand({ QueueUrl, Entries }));
  }
  return QueueUrl!;
}

/** Consumes the queue with long polls, deleting what it gets; returns bodies in delivery order. */
async function drain(sqs: SQSClient, QueueUrl: string): Promise<string[]> {
  const seen: string[] = [];
  for (;;) {
    const pending = sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }));
    await vi.advanceTimersByTimeAsync(1_000);
    const { Messages = [] } = await pending;
    if (Messages.length === 0) return seen;
    for (const m of Messages) {
      seen.push(m.Body!);
      await sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: m.ReceiptHandle }));
    }
  }
}

function honestSetup(honest: boolean | HonestOptions, seed = 7) {
  return sqsSetup({ seed, honest });
}

describe('honest mode for standard queues', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is off by default: messages come in queue order, once', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await queueWith(sqs, 30);
    expect(await drain(sqs, QueueUrl)).toEqual(Array.from({ length: 30 }, (_, i) => String(i)));
  });

  it('delivers out of order', async () => {
    const { sqs } = honestSetup({ duplicates: 0, sampling: false });
    const QueueUrl = await queueWith(sqs, 30);
    const order = await drain(sqs, QueueUrl);
    expect([...order].sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 30 }, (_, i) => String(i)));
    expect(order).not.toEqual([...order].sort((a, b) => Number(a) - Number(b)));
  });

  it('misbehaves identically for the same seed', async () => {
    const run = async () => {
      const { sqs } = honestSetup(true, 42);
      return drain(sqs, await queueWith(sqs, 25));
    };
    expect(await run()).toEqual(await run());
  });

  it('delivers a message again while it is still in flight, with a new receipt handle', async () => {
    const { sqs } = honestSetup({ duplicates: 1, reorder: false, sampling: false });
    const QueueUrl = await queueWith(sqs, 1);
    const first = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl, MessageSystemAttributeNames: ['ApproximateReceiveCount'] }),
    );
    const second = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl, MessageSystemAttributeNames: ['ApproximateReceiveCount'] }),
    );
    expect(second.Messages?.[0]?.MessageId).toBe(first.Messages?.[0]?.MessageId);
    expect(second.Messages?.[0]?.ReceiptHandle).not.toBe(first.Messages?.[0]?.ReceiptHandle);
    expect(second.Messages?.[0]?.Attributes?.ApproximateReceiveCount).toBe('2');
    // Either handle deletes it, and then it is gone for good.
    await sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: first.Messages![0]!.ReceiptHandle }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl }))).Messages).toBeUndefined();
  });

  it('never repeats a message deleted before its duplicate was due', async () => {
    const { sqs } = honestSetup({ duplicates: 1, sampling: false });
    const QueueUrl = await queueWith(sqs, 1);
    const first = await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    await sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: first.Messages![0]!.ReceiptHandle }));
    expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl }))).Messages).toBeUndefined();
  });

  it('loses nothing: a consumer that deletes what it gets sees every message', async () => {
    const { sqs } = honestSetup({ duplicates: 0.3 });
    const QueueUrl = await queueWith(sqs, 100);
    const seen = await drain(sqs, QueueUrl);
    expect(new Set(seen)).toEqual(new Set(Array.from({ length: 100 }, (_, i) => String(i))));
  });

  it('samples short polls: fewer messages than exist, sometimes none', async () => {
    const { sqs } = honestSetup({ reorder: false, duplicates: 0 });
    const QueueUrl = await queueWith(sqs, 50);
    const counts: number[] = [];
    for (let i = 0; i < 20; i++) {
      const { Messages = [] } = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, VisibilityTimeout: 0 }),
      );
      counts.push(Messages.length);
    }
    expect(counts.some((n) => n < 10)).toBe(true);
    expect(counts).toContain(0);
  });

  it('does not sample long polls: messages present are returned', async () => {
    const { sqs } = honestSetup({ reorder: false, duplicates: 0 });
    const QueueUrl = await queueWith(sqs, 10);
    for (let i = 0; i < 10; i++) {
      const { Messages = [] } = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 1, WaitTimeSeconds: 5, VisibilityTimeout: 0 }),
      );
      expect(Messages).toHaveLength(1);
    }
  });

  it('leaves FIFO queues strictly ordered and exactly-once', async () => {
    const { sqs } = honestSetup(true);
    const QueueUrl = await queueWith(sqs, 20, 'q.fifo', { FifoQueue: 'true', ContentBasedDeduplication: 'true' });
    expect(await drain(sqs, QueueUrl)).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
  });

  it('rejects a duplicates rate that is not a probability', () => {
    expect(() => createAwsMock({ honest: { duplicates: 2 } })).toThrow(/probability/);
  });
});
