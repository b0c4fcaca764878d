import {
  DeleteQueueCommand,
  ListDeadLetterSourceQueuesCommand,
  SendMessageCommand,
  type MessageAttributeValue,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import { sqsSetup } from '../helpers.js';
import { counts, createQueue, queueArn, receive, receiveOne, setAttributes, T0 } from './message-support.js';

const TRACE_HEADER = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';
const ATTRIBUTES: Record<string, MessageAttributeValue> = {
  MyAttribute: { DataType: 'String', StringValue: 'foobar' },
  Bytes: { DataType: 'Binary', BinaryValue: Uint8Array.of(1, 2) },
};

let aws: AwsMock;
let sqs: SQSClient;
let dlqUrl: string;
let dlqArn: string;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  ({ aws, sqs } = sqsSetup());
  dlqUrl = await createQueue(sqs, 'dlq');
  dlqArn = await queueArn(sqs, dlqUrl);
});
afterEach(() => vi.useRealTimers());

async function sourceQueue(maxReceiveCount: number, name = 'src'): Promise<string> {
  return createQueue(sqs, name, { RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount }) });
}

async function send(queueUrl: string, body = 'm', extra: Record<string, unknown> = {}): Promise<string> {
  const { MessageId } = await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body, ...extra }));
  return MessageId!;
}

describe('when the move happens', () => {
  it('with maxReceiveCount 1: the first receive returns the message, the second moves it and returns nothing', async () => {
    const srcUrl = await sourceQueue(1);
    await send(srcUrl);
    expect(await receive(sqs, srcUrl, { VisibilityTimeout: 0 })).toHaveLength(1);
    expect(await receive(sqs, srcUrl)).toEqual([]);
    expect(await counts(sqs, srcUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
    expect(await counts(sqs, dlqUrl)).toEqual({ visible: 1, inFlight: 0, delayed: 0 });
  });

  it('with maxReceiveCount 2: two receives return the message, the third moves it', async () => {
    const srcUrl = await sourceQueue(2);
    await send(srcUrl);
    expect(await receive(sqs, srcUrl, { VisibilityTimeout: 0 })).toHaveLength(1);
    expect(await receive(sqs, srcUrl, { VisibilityTimeout: 0 })).toHaveLength(1);
    expect((await counts(sqs, dlqUrl)).visible).toBe(0);
    expect(await receive(sqs, srcUrl)).toEqual([]);
    expect((await counts(sqs, dlqUrl)).visible).toBe(1);
  });

  it('moves nothing until the message is receivable again', async () => {
    const srcUrl = await sourceQueue(1);
    await send(srcUrl);
    await receiveOne(sqs, srcUrl, { VisibilityTimeout: 30 });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(await receive(sqs, srcUrl)).toEqual([]);
    expect(await counts(sqs, srcUrl)).toEqual({ visible: 0, inFlight: 1, delayed: 0 });
    expect((await counts(sqs, dlqUrl)).visible).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect((await counts(sqs, srcUrl)).visible).toBe(1); // back in the queue: the move waits for a receive
    expect(await receive(sqs, srcUrl)).toEqual([]);
    expect((await counts(sqs, dlqUrl)).visible).toBe(1);
  });

  it('still returns the other messages of a receive that moves one', async () => {
    const srcUrl = await sourceQueue(1);
    await send(srcUrl, 'worn');
    await receiveOne(sqs, srcUrl, { VisibilityTimeout: 0 });
    await send(srcUrl, 'fresh');
    const received = await receive(sqs, srcUrl, { MaxNumberOfMessages: 10 });
    expect(received.map((m) => m.Body)).toEqual(['fresh']);
    expect(
      aws.sqs
        .queue('dlq')
        .messages()
        .map((m) => m.body),
    ).toEqual(['worn']);
  });

  it('moves nothing from a queue without a redrive policy', async () => {
    const plainUrl = await createQueue(sqs, 'plain');
    await send(plainUrl);
    for (let i = 0; i < 5; i++) expect(await receive(sqs, plainUrl, { VisibilityTimeout: 0 })).toHaveLength(1);
  });
});

describe('the moved message', () => {
  it('keeps MessageId, body, MD5s, attributes, AWSTraceHeader and SentTimestamp, and gains DeadLetterQueueSourceArn', async () => {
    const srcUrl = await sourceQueue(1);
    const srcArn = await queueArn(sqs, srcUrl);
    const messageId = await send(srcUrl, 'message-1', {
      MessageAttributes: ATTRIBUTES,
      MessageSystemAttributes: { AWSTraceHeader: { DataType: 'String', StringValue: TRACE_HEADER } },
    });
    const everything = {
      VisibilityTimeout: 0,
      MessageSystemAttributeNames: ['All' as const],
      MessageAttributeNames: ['All'],
    };
    const before = await receiveOne(sqs, srcUrl, everything);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await receive(sqs, srcUrl)).toEqual([]);

    const after = await receiveOne(sqs, dlqUrl, everything);
    expect(after).toStrictEqual({
      MessageId: messageId,
      ReceiptHandle: expect.any(String),
      MD5OfBody: before.MD5OfBody,
      Body: 'message-1',
      Attributes: {
        ...before.Attributes,
        ApproximateFirstReceiveTimestamp: expect.any(String),
        ApproximateReceiveCount: '2',
        DeadLetterQueueSourceArn: srcArn,
      },
      MD5OfMessageAttributes: before.MD5OfMessageAttributes,
      MessageAttributes: ATTRIBUTES,
    });
    expect(after.Attributes?.['SentTimestamp']).toBe(String(T0));
    expect(after.Attributes?.['AWSTraceHeader']).toBe(TRACE_HEADER);
  });

  it('keeps counting receives from the source: not reset, the moving receive not counted', async () => {
    const srcUrl = await sourceQueue(3);
    await send(srcUrl);
    for (let i = 0; i < 3; i++) await receiveOne(sqs, srcUrl, { VisibilityTimeout: 0 });
    expect(await receive(sqs, srcUrl)).toEqual([]);
    expect(aws.sqs.queue('dlq').messages()[0]?.receiveCount).toBe(3);
    const moved = await receiveOne(sqs, dlqUrl, { AttributeNames: ['ApproximateReceiveCount'] });
    expect(moved.Attributes).toEqual({ ApproximateReceiveCount: '4' });
  });

  it('counts toward maxReceiveCount only the receives made in the queue it is in (dead-letter chains)', async () => {
    // AWS-validated (LocalStack test_dead_letter_queue_chain): q1 → q2 → q3, maxReceiveCount 1 each.
    const q3Url = await createQueue(sqs, 'q3');
    const q2Url = await createQueue(sqs, 'q2', {
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: await queueArn(sqs, q3Url), maxReceiveCount: 1 }),
    });
    const q1Url = await createQueue(sqs, 'q1', {
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: await queueArn(sqs, q2Url), maxReceiveCount: 1 }),
    });
    await send(q1Url);
    const zeroTimeout = { VisibilityTimeout: 0, AttributeNames: ['ApproximateReceiveCount'] };
    expect(await receive(sqs, q1Url, zeroTimeout)).toHaveLength(1);
    expect(await receive(sqs, q1Url, zeroTimeout)).toEqual([]);
    const fromQ2 = await receiveOne(sqs, q2Url, zeroTimeout);
    expect(fromQ2.Attributes).toEqual({ ApproximateReceiveCount: '2' });
    expect(await receive(sqs, q2Url, zeroTimeout)).toEqual([]);
    const fromQ3 = await receiveOne(sqs, q3Url, zeroTimeout);
    expect(fromQ3.Attributes).toEqual({ ApproximateReceiveCount: '3' });
  });

  it('is visible in the dead-letter queue at once', async () => {
    const srcUrl = await sourceQueue(1);
    await send(srcUrl);
    await receiveOne(sqs, srcUrl, { VisibilityTimeout: 0 });
    await receive(sqs, srcUrl);
    expect(
      aws.sqs
        .queue('dlq')
        .messages()
        .map((m) => m.state),
    ).toEqual(['visible']);
  });

  it('deletes from the source for good: the source handle no longer finds it', async () => {
    const srcUrl = await sourceQueue(1);
    await send(srcUrl);
    await receiveOne(sqs, srcUrl, { VisibilityTimeout: 0 });
    await receive(sqs, srcUrl);
    expect(aws.sqs.queue('src').messages()).toEqual([]);
  });
});

describe('retention in the dead-letter queue', () => {
  it('counts from the original enqueue time on standard queues', async () => {
    await setAttributes(sqs, dlqUrl, { MessageRetentionPeriod: '120' });
    const srcUrl = await sourceQueue(1);
    await send(srcUrl);
    await receiveOne(sqs, srcUrl, { VisibilityTimeout: 100 });
    await vi.advanceTimersByTimeAsync(100_000);
    expect(await receive(sqs, srcUrl)).toEqual([]);
    await vi.advanceTimersByTimeAsync(19_999);
    expect((await counts(sqs, dlqUrl)).visible).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await counts(sqs, dlqUrl)).visible).toBe(0);
  });

  it('drops at once a moved message already older than the dead-letter queue’s retention', async () => {
    await setAttributes(sqs, dlqUrl, { MessageRetentionPeriod: '60' });
    const srcUrl = await sourceQueue(1);
    await send(srcUrl);
    await receiveOne(sqs, srcUrl, { VisibilityTimeout: 90 });
    await vi.advanceTimersByTimeAsync(90_000);
    expect(await receive(sqs, srcUrl)).toEqual([]);
    expect(await counts(sqs, srcUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
    expect(await counts(sqs, dlqUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });
});

describe('ListDeadLetterSourceQueues', () => {
  it('lists the queues whose redrive policy targets the queue', async () => {
    const a = await sourceQueue(1, 'src-a');
    const b = await sourceQueue(5, 'src-b');
    await createQueue(sqs, 'unrelated');
    const { $metadata, ...output } = await sqs.send(new ListDeadLetterSourceQueuesCommand({ QueueUrl: dlqUrl }));
    expect(output).toStrictEqual({ queueUrls: [a, b] });
  });

  it('answers an empty queueUrls list for a queue that is nobody’s dead-letter queue', async () => {
    const { $metadata, ...output } = await sqs.send(new ListDeadLetterSourceQueuesCommand({ QueueUrl: dlqUrl }));
    expect(output).toStrictEqual({ queueUrls: [] });
  });
});

describe('a dead-letter queue deleted after the policy was set', () => {
  it('leaves messages in the source, still receivable, their count climbing', async () => {
    const srcUrl = await sourceQueue(1);
    await send(srcUrl);
    await receiveOne(sqs, srcUrl, { VisibilityTimeout: 0 });
    await sqs.send(new DeleteQueueCommand({ QueueUrl: dlqUrl }));
    const second = await receiveOne(sqs, srcUrl, { VisibilityTimeout: 0, AttributeNames: ['ApproximateReceiveCount'] });
    const third = await receiveOne(sqs, srcUrl, { VisibilityTimeout: 0, AttributeNames: ['ApproximateReceiveCount'] });
    expect([second.Attributes, third.Attributes]).toEqual([
      { ApproximateReceiveCount: '2' },
      { ApproximateReceiveCount: '3' },
    ]);
  });
});

describe('views', () => {
  it('show moved messages through the source’s deadLetterQueue()', async () => {
    const srcUrl = await sourceQueue(1);
    const srcArn = await queueArn(sqs, srcUrl);
    const messageId = await send(srcUrl, '{"n":1}', { MessageAttributes: ATTRIBUTES, MessageGroupId: 'g' });
    await receiveOne(sqs, srcUrl, { VisibilityTimeout: 0 });
    await receive(sqs, srcUrl);

    const dlq = aws.sqs.queue('src').deadLetterQueue();
    expect(dlq?.name).toBe('dlq');
    const messages = dlq?.messages() ?? [];
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      messageId,
      body: '{"n":1}',
      messageAttributes: ATTRIBUTES,
      receiveCount: 1,
      state: 'visible',
      messageGroupId: 'g',
      sentAt: new Date(T0),
      deadLetterQueueSourceArn: srcArn,
    });
    expect(messages[0]?.json()).toEqual({ n: 1 });
  });

  it('have no dead-letter queue for a queue without a policy, nor once the target is deleted', async () => {
    await sourceQueue(1);
    expect(aws.sqs.queue('dlq').deadLetterQueue()).toBeUndefined();
    await sqs.send(new DeleteQueueCommand({ QueueUrl: dlqUrl }));
    expect(aws.sqs.queue('src').deadLetterQueue()).toBeUndefined();
  });

  it('never let changes to a view reach the queue', async () => {
    const srcUrl = await createQueue(sqs, 'plain');
    await send(srcUrl, 'm', { MessageAttributes: ATTRIBUTES });
    const [view] = aws.sqs.queue('plain').messages();
    const attributes = view!.messageAttributes as Record<string, MessageAttributeValue>;
    attributes['MyAttribute']!.StringValue = 'changed';
    attributes['Bytes']!.BinaryValue!.fill(0);
    delete attributes['Bytes'];
    const received = await receiveOne(sqs, srcUrl, { MessageAttributeNames: ['All'] });
    expect(received.MessageAttributes).toStrictEqual(ATTRIBUTES);
    expect(aws.sqs.queue('plain').messages()[0]?.messageAttributes).toStrictEqual(ATTRIBUTES);
  });
});
