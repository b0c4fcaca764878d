/**
 * sqs-producer (bbc) against the mock. What the producer does (read from sqs-producer 8.0.4):
 * - `send()` always uses SendMessageBatch, `batchSize` (default 10) entries per call, one call
 *   after the other; it returns every `Successful` entry, or, if any entry failed, throws a
 *   `FailedMessagesError` listing the failed ids, after all batches were sent;
 * - a string message is sent with the string itself as the batch entry `Id`, so it must be a
 *   valid entry id (alphanumerics, `-`, `_`, at most 80) and distinct within its batch;
 * - a whole-request error (e.g. `BatchRequestTooLong`) rejects `send()` with the SDK exception;
 *   batches sent before it stay sent.
 */
import {
  BatchEntryIdsNotDistinct,
  BatchRequestTooLong,
  CreateQueueCommand,
  DeleteMessageCommand,
  InvalidBatchEntryId,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { Producer } from 'sqs-producer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rejectionOf, sqsSetup } from '../helpers.js';

async function newQueue(sqs: SQSClient, name: string, attributes?: Record<string, string>): Promise<string> {
  return (await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }))).QueueUrl!;
}

function batchCalls(send: { mock: { calls: unknown[][] } }): SendMessageBatchCommand[] {
  return send.mock.calls.map(([command]) => command).filter((c) => c instanceof SendMessageBatchCommand);
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('sqs-producer', () => {
  it('splits 25 messages into SendMessageBatch calls of 10, 10 and 5; all arrive in order', async () => {
    const { aws, sqs } = sqsSetup();
    const queueUrl = await newQueue(sqs, 'orders');
    const send = vi.spyOn(sqs, 'send');
    const producer = Producer.create({ queueUrl, sqs });
    const bodies = Array.from({ length: 25 }, (_, i) => `order-${i}`);

    const results = await producer.send(bodies);

    expect(batchCalls(send).map((c) => c.input.Entries?.length)).toEqual([10, 10, 5]);
    expect(results.map((r) => r.Id)).toEqual(bodies);
    expect(results.every((r) => typeof r.MessageId === 'string' && typeof r.MD5OfMessageBody === 'string')).toBe(true);
    const messages = aws.sqs.queue('orders').messages();
    expect(messages.map((m) => m.body)).toEqual(bodies);
    expect(messages.map((m) => m.messageId)).toEqual(results.map((r) => r.MessageId));
    expect(await producer.queueSize()).toBe(25);
  });

  it('honours batchSize', async () => {
    const { sqs } = sqsSetup();
    const queueUrl = await newQueue(sqs, 'orders');
    const send = vi.spyOn(sqs, 'send');
    await Producer.create({ queueUrl, sqs, batchSize: 4 }).send(Array.from({ length: 9 }, (_, i) => `m${i}`));
    expect(batchCalls(send).map((c) => c.input.Entries?.length)).toEqual([4, 4, 1]);
  });

  it('sends message attributes, which arrive with their MD5', async () => {
    const { sqs } = sqsSetup();
    const queueUrl = await newQueue(sqs, 'orders');
    const producer = Producer.create({ queueUrl, sqs });
    const messageAttributes = {
      tenant: { DataType: 'String', StringValue: 'acme' },
      amount: { DataType: 'Number', StringValue: '250' },
      blob: { DataType: 'Binary', BinaryValue: new Uint8Array([1, 2, 3]) },
    };
    const [result] = await producer.send({ id: 'order-7', body: '{"orderId":7}', messageAttributes });
    expect(result?.MD5OfMessageAttributes).toMatch(/^[0-9a-f]{32}$/);

    const { Messages } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MessageAttributeNames: ['All'] }),
    );
    expect(Messages?.[0]?.Body).toBe('{"orderId":7}');
    expect(Messages?.[0]?.MessageAttributes).toEqual(messageAttributes);
    expect(Messages?.[0]?.MD5OfMessageAttributes).toBe(result?.MD5OfMessageAttributes);
  });

  it('delays a message by delaySeconds', async () => {
    const { aws, sqs } = sqsSetup();
    const queueUrl = await newQueue(sqs, 'orders');
    await Producer.create({ queueUrl, sqs }).send([
      { id: 'now', body: 'now' },
      { id: 'later', body: 'later', delaySeconds: 10 },
    ]);
    expect(
      aws.sqs
        .queue('orders')
        .messages()
        .map((m) => [m.body, m.state]),
    ).toEqual([
      ['now', 'visible'],
      ['later', 'delayed'],
    ]);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(
      aws.sqs
        .queue('orders')
        .messages('delayed')
        .map((m) => m.body),
    ).toEqual(['later']);
    await vi.advanceTimersByTimeAsync(1);
    expect(
      aws.sqs
        .queue('orders')
        .messages('visible')
        .map((m) => m.body),
    ).toEqual(['now', 'later']);
  });

  it('FIFO: groupId and deduplicationId are passed on; order per group is kept; a duplicate is not enqueued', async () => {
    const { aws, sqs } = sqsSetup();
    const queueUrl = await newQueue(sqs, 'orders.fifo', { FifoQueue: 'true' });
    const producer = Producer.create({ queueUrl, sqs });
    const steps = ['created', 'paid', 'packed', 'shipped', 'delivered'];
    const messages = steps.flatMap((step) =>
      ['order-1', 'order-2'].map((group) => ({
        id: `${group}-${step}`,
        body: `${group} ${step}`,
        groupId: group,
        deduplicationId: `${group}-${step}`,
      })),
    ); // 10 messages, interleaved across two groups, over two batches with batchSize 6
    const sent = await Producer.create({ queueUrl, sqs, batchSize: 6 }).send(messages);
    expect(sent.every((entry) => /^\d{20}$/.test(entry.SequenceNumber!))).toBe(true);

    // The same deduplication id again within 5 minutes: accepted with the original MessageId, not enqueued.
    const [again] = await producer.send({
      id: 'retry',
      body: 'order-1 paid',
      groupId: 'order-1',
      deduplicationId: 'order-1-paid',
    });
    expect(again?.MessageId).toBe(sent.find((entry) => entry.Id === 'order-1-paid')?.MessageId);

    const queue = aws.sqs.queue('orders.fifo');
    expect(queue.messages()).toHaveLength(10);
    expect(queue.messages().map((m) => m.messageGroupId)).toEqual(messages.map((m) => m.groupId));

    const received: string[] = [];
    for (;;) {
      const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 3 }));
      if (!Messages) break;
      received.push(...Messages.map((m) => m.Body!));
      for (const m of Messages) {
        await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: m.ReceiptHandle }));
      }
    }
    expect(received).toHaveLength(10);
    for (const group of ['order-1', 'order-2']) {
      expect(received.filter((body) => body.startsWith(group))).toEqual(steps.map((step) => `${group} ${step}`));
    }
  });

  it('reports an entry too large for the queue as a FailedMessagesError; the other entries arrive', async () => {
    const { aws, sqs } = sqsSetup();
    const queueUrl = await newQueue(sqs, 'orders', { MaximumMessageSize: '1024' });
    const producer = Producer.create({ queueUrl, sqs });

    const error = await rejectionOf(
      producer.send([
        { id: 'small-1', body: 'fits' },
        { id: 'too-large', body: 'x'.repeat(1025) },
        { id: 'small-2', body: 'fits too' },
      ]),
    );
    expect(error.name).toBe('Error'); // FailedMessagesError sets no name of its own
    expect(error.message).toBe('Failed to send messages: too-large');
    expect(error['failedMessages']).toEqual(['too-large']);
    expect(
      aws.sqs
        .queue('orders')
        .messages()
        .map((m) => m.body),
    ).toEqual(['fits', 'fits too']);
  });

  it('collects failures over every batch before it throws', async () => {
    const { aws, sqs } = sqsSetup();
    const queueUrl = await newQueue(sqs, 'orders', { MaximumMessageSize: '1024' });
    const messages = Array.from({ length: 15 }, (_, i) => ({
      id: `m${i}`,
      body: i === 3 || i === 12 ? 'x'.repeat(2_000) : `message ${i}`,
    }));
    const error = await rejectionOf(Producer.create({ queueUrl, sqs }).send(messages));
    expect(error['failedMessages']).toEqual(['m3', 'm12']);
    expect(aws.sqs.queue('orders').messages()).toHaveLength(13);
  });

  it('a batch over 1 MiB in total is rejected whole with BatchRequestTooLong; earlier batches stay sent', async () => {
    const { aws, sqs } = sqsSetup();
    const queueUrl = await newQueue(sqs, 'orders');
    const messages = Array.from({ length: 12 }, (_, i) => ({
      id: `m${i}`,
      body: i < 10 ? `small ${i}` : 'x'.repeat(600_000), // the second batch is 1.2 MB
    }));
    const error = await rejectionOf(Producer.create({ queueUrl, sqs }).send(messages));
    expect(error).toBeInstanceOf(BatchRequestTooLong);
    expect(error.message).toBe('Batch requests cannot be longer than 1048576 bytes. You have sent 1200000 bytes.');
    expect(aws.sqs.queue('orders').messages()).toHaveLength(10);
  });

  it('string messages are their own entry ids: they must be valid ids and distinct in a batch', async () => {
    const { aws, sqs } = sqsSetup();
    const queueUrl = await newQueue(sqs, 'orders');
    const producer = Producer.create({ queueUrl, sqs });
    expect(await rejectionOf(producer.send('hello world'))).toBeInstanceOf(InvalidBatchEntryId);
    expect(await rejectionOf(producer.send('{"orderId":7}'))).toBeInstanceOf(InvalidBatchEntryId);
    const duplicate = await rejectionOf(producer.send(['same', 'same']));
    expect(duplicate).toBeInstanceOf(BatchEntryIdsNotDistinct);
    expect(duplicate.message).toBe('Id same repeated.');
    expect(aws.sqs.queue('orders').messages()).toEqual([]);

    // Object messages carry their own id, so any body works.
    await producer.send({ id: 'order-7', body: 'hello world' });
    expect(
      aws.sqs
        .queue('orders')
        .messages()
        .map((m) => m.body),
    ).toEqual(['hello world']);
  });

  it('the producer validates some fields itself, before any call', async () => {
    const { sqs } = sqsSetup();
    const queueUrl = await newQueue(sqs, 'orders');
    const send = vi.spyOn(sqs, 'send');
    await expect(Producer.create({ queueUrl, sqs }).send({ id: 'x', body: 'x', delaySeconds: 901 })).rejects.toThrow(
      'Message.delaySeconds value must be a number contained within [0 - 900]',
    );
    expect(send).not.toHaveBeenCalled();
  });
});
