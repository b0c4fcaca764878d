import { createHash } from 'node:crypto';
import {
  CreateQueueCommand,
  DeleteMessageCommand,
  SendMessageCommand,
  SetQueueAttributesCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import { sqsSetup } from '../helpers.js';
import {
  bodies,
  counts,
  createFifoQueue,
  createQueue,
  expectInvalidParameterValue,
  queueArn,
  receive,
  receiveOne,
  T0,
} from './message-support.js';

let aws: AwsMock;
let sqs: SQSClient;
let dlqUrl: string;
let dlqArn: string;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  ({ aws, sqs } = sqsSetup());
  dlqUrl = await createFifoQueue(sqs, 'dlq.fifo', { ContentBasedDeduplication: 'true' });
  dlqArn = await queueArn(sqs, dlqUrl);
});
afterEach(() => vi.useRealTimers());

function redrivePolicy(deadLetterTargetArn: string, maxReceiveCount: number): string {
  return JSON.stringify({ deadLetterTargetArn, maxReceiveCount });
}

function typeMismatch(raw: string): string {
  return `Value ${raw} for parameter RedrivePolicy is invalid. Reason: Dead-letter queue must be same type of queue as the source..`;
}

async function sourceQueue(maxReceiveCount: number, attributes: Record<string, string> = {}): Promise<string> {
  return createFifoQueue(sqs, 'src.fifo', {
    ContentBasedDeduplication: 'true',
    RedrivePolicy: redrivePolicy(dlqArn, maxReceiveCount),
    ...attributes,
  });
}

async function sendTo(url: string, group: string, body: string, deduplicationId?: string): Promise<string> {
  const { MessageId } = await sqs.send(
    new SendMessageCommand({
      QueueUrl: url,
      MessageBody: body,
      MessageGroupId: group,
      ...(deduplicationId ? { MessageDeduplicationId: deduplicationId } : {}),
    }),
  );
  return MessageId!;
}

describe('the dead-letter queue of a FIFO queue', () => {
  it('must be a FIFO queue: CreateQueue refuses a standard one', async () => {
    const standardArn = await queueArn(sqs, await createQueue(sqs, 'standard-dlq'));
    const raw = redrivePolicy(standardArn, 3);
    await expectInvalidParameterValue(
      sqs.send(
        new CreateQueueCommand({ QueueName: 'src.fifo', Attributes: { FifoQueue: 'true', RedrivePolicy: raw } }),
      ),
      typeMismatch(raw),
    );
    expect(aws.sqs.queues().map((q) => q.name)).toEqual(['dlq.fifo', 'standard-dlq']);
  });

  it('must be a FIFO queue: SetQueueAttributes refuses a standard one', async () => {
    const standardArn = await queueArn(sqs, await createQueue(sqs, 'standard-dlq'));
    const srcUrl = await createFifoQueue(sqs, 'src.fifo');
    const raw = redrivePolicy(standardArn, 3);
    await expectInvalidParameterValue(
      sqs.send(new SetQueueAttributesCommand({ QueueUrl: srcUrl, Attributes: { RedrivePolicy: raw } })),
      typeMismatch(raw),
    );
  });

  it('cannot serve a standard queue', async () => {
    const raw = redrivePolicy(dlqArn, 3);
    await expectInvalidParameterValue(
      sqs.send(new CreateQueueCommand({ QueueName: 'standard-src', Attributes: { RedrivePolicy: raw } })),
      typeMismatch(raw),
    );
  });
});

describe('moving a FIFO message to its dead-letter queue', () => {
  it('moves the message at the receive after maxReceiveCount receives, which returns nothing', async () => {
    const srcUrl = await sourceQueue(2);
    const messageId = await sendTo(srcUrl, '1', 'foobar');
    expect(await receive(sqs, srcUrl, { VisibilityTimeout: 0 })).toHaveLength(1);
    expect(await receive(sqs, srcUrl, { VisibilityTimeout: 0 })).toHaveLength(1);
    expect(await receive(sqs, srcUrl, { VisibilityTimeout: 0 })).toEqual([]);
    const moved = await receiveOne(sqs, dlqUrl);
    expect({ MessageId: moved.MessageId, Body: moved.Body }).toEqual({ MessageId: messageId, Body: 'foobar' });
    expect(await counts(sqs, srcUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('keeps the group and deduplication ids, the receive count, and adds the source ARN', async () => {
    const srcUrl = await sourceQueue(1);
    const srcArn = await queueArn(sqs, srcUrl);
    await sendTo(srcUrl, 'group-7', 'body', 'dedup-7');
    await receive(sqs, srcUrl, { VisibilityTimeout: 0 });
    await receive(sqs, srcUrl);
    const moved = await receiveOne(sqs, dlqUrl, {
      MessageSystemAttributeNames: [
        'MessageGroupId',
        'MessageDeduplicationId',
        'ApproximateReceiveCount',
        'DeadLetterQueueSourceArn',
      ],
    });
    expect(moved.Attributes).toStrictEqual({
      MessageGroupId: 'group-7',
      MessageDeduplicationId: 'dedup-7',
      ApproximateReceiveCount: '2',
      DeadLetterQueueSourceArn: srcArn,
    });
  });

  it('keeps a content-based deduplication id', async () => {
    const srcUrl = await sourceQueue(1);
    await sendTo(srcUrl, '1', 'foobar');
    await receive(sqs, srcUrl, { VisibilityTimeout: 0 });
    await receive(sqs, srcUrl);
    const moved = await receiveOne(sqs, dlqUrl, { MessageSystemAttributeNames: ['MessageDeduplicationId'] });
    expect(moved.Attributes).toStrictEqual({
      MessageDeduplicationId: createHash('sha256').update('foobar').digest('hex'),
    });
  });

  it('unblocks the source group afterwards: a later message of the group is receivable', async () => {
    const srcUrl = await sourceQueue(2, { VisibilityTimeout: '60' });
    await sendTo(srcUrl, '1', 'foobar');
    for (let i = 0; i < 3; i++) await receive(sqs, srcUrl, { VisibilityTimeout: 0 });
    expect(bodies(await receive(sqs, dlqUrl))).toEqual(['foobar']);
    const second = await sendTo(srcUrl, '1', 'foobar2');
    const received = await receiveOne(sqs, srcUrl);
    expect({ MessageId: received.MessageId, Body: received.Body }).toEqual({ MessageId: second, Body: 'foobar2' });
  });

  it('goes on in the same receive with the next message of the group', async () => {
    const srcUrl = await sourceQueue(1);
    await sendTo(srcUrl, 'g', 'm1');
    await sendTo(srcUrl, 'g', 'm2');
    expect(bodies(await receive(sqs, srcUrl, { VisibilityTimeout: 0 }))).toEqual(['m1']);
    expect(bodies(await receive(sqs, srcUrl))).toEqual(['m2']);
    expect(bodies(await receive(sqs, dlqUrl))).toEqual(['m1']);
  });

  it('fills the receive from the group after moving its first messages: 9 moved, the 4 behind them returned', async () => {
    const srcUrl = await sourceQueue(1);
    for (let i = 1; i <= 9; i++) await sendTo(srcUrl, 'g', `due-${i}`);
    expect(await receive(sqs, srcUrl, { MaxNumberOfMessages: 10, VisibilityTimeout: 0 })).toHaveLength(9);
    for (let i = 1; i <= 4; i++) await sendTo(srcUrl, 'g', `new-${i}`);
    expect(bodies(await receive(sqs, srcUrl, { MaxNumberOfMessages: 10 }))).toEqual([
      'new-1',
      'new-2',
      'new-3',
      'new-4',
    ]);
    expect(await counts(sqs, dlqUrl)).toEqual({ visible: 9, inFlight: 0, delayed: 0 });
  });

  it('stops at MaxNumberOfMessages after moving messages, and locks the group behind what it returned', async () => {
    const srcUrl = await sourceQueue(1);
    for (let i = 1; i <= 3; i++) await sendTo(srcUrl, 'g', `due-${i}`);
    await receive(sqs, srcUrl, { MaxNumberOfMessages: 10, VisibilityTimeout: 0 });
    for (let i = 1; i <= 4; i++) await sendTo(srcUrl, 'g', `new-${i}`);
    expect(bodies(await receive(sqs, srcUrl, { MaxNumberOfMessages: 2 }))).toEqual(['new-1', 'new-2']);
    expect(await receive(sqs, srcUrl, { MaxNumberOfMessages: 10 })).toEqual([]);
    expect(await counts(sqs, srcUrl)).toEqual({ visible: 2, inFlight: 2, delayed: 0 });
  });

  it('waits out the dead-letter queue’s delay, like every message of a FIFO queue, whether or not others wait', async () => {
    await sqs.send(new SetQueueAttributesCommand({ QueueUrl: dlqUrl, Attributes: { DelaySeconds: '10' } }));
    const srcUrl = await sourceQueue(1);
    await sendTo(srcUrl, 'g', 'a');
    await receive(sqs, srcUrl, { VisibilityTimeout: 0 });
    await receive(sqs, srcUrl); // moves a
    expect(await receive(sqs, dlqUrl)).toEqual([]);
    vi.advanceTimersByTime(5_000);
    await sendTo(dlqUrl, 'g', 'direct');
    await sendTo(srcUrl, 'g', 'b');
    await receive(sqs, srcUrl, { VisibilityTimeout: 0 });
    await receive(sqs, srcUrl); // moves b, behind direct
    vi.advanceTimersByTime(5_000);
    expect(bodies(await receive(sqs, dlqUrl, { MaxNumberOfMessages: 10 }))).toEqual(['a']);
    vi.advanceTimersByTime(5_000);
    expect(bodies(await receive(sqs, dlqUrl, { MaxNumberOfMessages: 10 }))).toEqual([]); // group g is locked by a
    expect(await counts(sqs, dlqUrl)).toEqual({ visible: 2, inFlight: 1, delayed: 0 });
  });

  it('keeps the order of a group in the dead-letter queue', async () => {
    const srcUrl = await sourceQueue(1);
    for (const body of ['m1', 'm2', 'm3']) await sendTo(srcUrl, 'g', body);
    await receive(sqs, srcUrl, { MaxNumberOfMessages: 10, VisibilityTimeout: 0 });
    expect(await receive(sqs, srcUrl, { MaxNumberOfMessages: 10 })).toEqual([]);
    expect(bodies(await receive(sqs, dlqUrl, { MaxNumberOfMessages: 10 }))).toEqual(['m1', 'm2', 'm3']);
  });

  it('locks the group in the dead-letter queue like any FIFO group', async () => {
    const srcUrl = await sourceQueue(1);
    for (const body of ['m1', 'm2']) await sendTo(srcUrl, 'g', body);
    await receive(sqs, srcUrl, { MaxNumberOfMessages: 10, VisibilityTimeout: 0 });
    await receive(sqs, srcUrl, { MaxNumberOfMessages: 10 });
    const first = await receiveOne(sqs, dlqUrl);
    expect(await receive(sqs, dlqUrl)).toEqual([]);
    await sqs.send(new DeleteMessageCommand({ QueueUrl: dlqUrl, ReceiptHandle: first.ReceiptHandle! }));
    expect(bodies(await receive(sqs, dlqUrl))).toEqual(['m2']);
  });

  it('leaves the source’s other groups where they are', async () => {
    const srcUrl = await sourceQueue(1);
    await sendTo(srcUrl, 'g1', 'a');
    await sendTo(srcUrl, 'g2', 'b');
    expect(bodies(await receive(sqs, srcUrl, { VisibilityTimeout: 0 }))).toEqual(['a']);
    expect(bodies(await receive(sqs, srcUrl, { MaxNumberOfMessages: 10 }))).toEqual(['b']);
    expect(await counts(sqs, dlqUrl)).toEqual({ visible: 1, inFlight: 0, delayed: 0 });
  });
});

describe('retention in a FIFO dead-letter queue', () => {
  it('counts from the move, not from the original send', async () => {
    await sqs.send(new SetQueueAttributesCommand({ QueueUrl: dlqUrl, Attributes: { MessageRetentionPeriod: '60' } }));
    const srcUrl = await sourceQueue(1);
    await sendTo(srcUrl, 'g', 'm');
    await vi.advanceTimersByTimeAsync(50_000);
    await receive(sqs, srcUrl, { VisibilityTimeout: 0 });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await receive(sqs, srcUrl)).toEqual([]);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(await counts(sqs, dlqUrl)).toEqual({ visible: 1, inFlight: 0, delayed: 0 });
    await vi.advanceTimersByTimeAsync(1);
    expect(await counts(sqs, dlqUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('keeps SentTimestamp at the original send', async () => {
    const srcUrl = await sourceQueue(1);
    await sendTo(srcUrl, 'g', 'm');
    await vi.advanceTimersByTimeAsync(10_000);
    await receive(sqs, srcUrl, { VisibilityTimeout: 0 });
    await receive(sqs, srcUrl);
    const moved = await receiveOne(sqs, dlqUrl, { MessageSystemAttributeNames: ['SentTimestamp'] });
    expect(moved.Attributes).toStrictEqual({ SentTimestamp: String(T0) });
  });
});
