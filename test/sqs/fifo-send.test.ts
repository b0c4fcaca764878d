import { createHash } from 'node:crypto';
import {
  DeleteMessageCommand,
  DeleteQueueCommand,
  PurgeQueueCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  type SendMessageBatchRequestEntry,
  type SendMessageCommandInput,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sqsSetup } from '../helpers.js';
import {
  bodies,
  counts,
  createFifoQueue,
  createQueue,
  expectInvalidParameterValue,
  expectMissingParameter,
  receive,
  receiveOne,
  setAttributes,
  T0,
  UUID_V4,
} from './message-support.js';

const FIVE_MINUTES = 5 * 60_000;
const NEEDS_DEDUPLICATION_ID =
  'The queue should either have ContentBasedDeduplication enabled or MessageDeduplicationId provided explicitly';
const SEQUENCE_NUMBER = /^\d{20}$/;

let sqs: SQSClient;
let queueUrl: string;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  ({ sqs } = sqsSetup());
  queueUrl = await createFifoQueue(sqs);
});
afterEach(() => vi.useRealTimers());

type SendInput = Omit<SendMessageCommandInput, 'QueueUrl'>;

function send(input: SendInput, url = queueUrl) {
  return sqs.send(new SendMessageCommand({ QueueUrl: url, ...input }));
}

/** Sends `body` to group `group` with deduplication id `dedup`: the body when not given, none when null. */
function sendTo(group: string, body: string, dedup: string | null = body, url = queueUrl) {
  return send(
    { MessageBody: body, MessageGroupId: group, ...(dedup === null ? {} : { MessageDeduplicationId: dedup }) },
    url,
  );
}

function sendBatch(entries: SendMessageBatchRequestEntry[], url = queueUrl) {
  return sqs.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: entries }));
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Receives everything receivable now (hiding it), and returns the bodies. */
async function drain(url = queueUrl): Promise<string[]> {
  return bodies(await receive(sqs, url, { MaxNumberOfMessages: 10 }));
}

describe('MessageGroupId', () => {
  it('is required by SendMessage: MissingParameter', async () => {
    await expectMissingParameter(send({ MessageBody: 'm', MessageDeduplicationId: 'd' }), 'MessageGroupId');
  });

  it('is required by every SendMessageBatch entry: the whole request fails with InvalidParameterValue', async () => {
    await expectInvalidParameterValue(
      sendBatch([
        { Id: 'a', MessageBody: 'm1', MessageGroupId: 'g', MessageDeduplicationId: 'd1' },
        { Id: 'b', MessageBody: 'm2', MessageDeduplicationId: 'd2' },
      ]),
      'The request must contain the parameter MessageGroupId.',
    );
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('must be alphanumeric and punctuation, 1 to 128 characters', async () => {
    await expectInvalidParameterValue(
      sendTo('group 1', 'm'),
      'Value group 1 for parameter MessageGroupId is invalid. Reason: MessageGroupId can only include alphanumeric and punctuation characters. 1 to 128 in length.',
    );
  });

  it('accepts 128 characters of punctuation and letters', async () => {
    const group = `${'!#$%&()*+,-./:;<=>?@[]^_`{|}~'.repeat(4)}${'a'.repeat(12)}`.slice(0, 128);
    await sendTo(group, 'm');
    const message = await receiveOne(sqs, queueUrl, { MessageSystemAttributeNames: ['MessageGroupId'] });
    expect(message.Attributes).toStrictEqual({ MessageGroupId: group });
  });
});

describe('MessageDeduplicationId', () => {
  it('is required without ContentBasedDeduplication: InvalidParameterValue', async () => {
    await expectInvalidParameterValue(sendTo('g', 'm', null), NEEDS_DEDUPLICATION_ID);
  });

  it('is required in every SendMessageBatch entry without ContentBasedDeduplication: the whole request fails', async () => {
    await expectInvalidParameterValue(
      sendBatch([
        { Id: 'a', MessageBody: 'm1', MessageGroupId: 'g', MessageDeduplicationId: 'd1' },
        { Id: 'b', MessageBody: 'm2', MessageGroupId: 'g' },
      ]),
      NEEDS_DEDUPLICATION_ID,
    );
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('may be left out with ContentBasedDeduplication: the SHA-256 of the body stands in for it', async () => {
    const url = await createFifoQueue(sqs, 'cbd.fifo', { ContentBasedDeduplication: 'true' });
    await sendTo('g', 'hello', null, url);
    const message = await receiveOne(sqs, url, { MessageSystemAttributeNames: ['MessageDeduplicationId'] });
    expect(message.Attributes).toStrictEqual({ MessageDeduplicationId: sha256('hello') });
  });

  it('overrides content-based deduplication when given', async () => {
    const url = await createFifoQueue(sqs, 'cbd.fifo', { ContentBasedDeduplication: 'true' });
    await sendTo('g', 'hello', 'mine', url);
    const message = await receiveOne(sqs, url, { MessageSystemAttributeNames: ['MessageDeduplicationId'] });
    expect(message.Attributes).toStrictEqual({ MessageDeduplicationId: 'mine' });
  });

  it('must be alphanumeric and punctuation, 1 to 128 characters', async () => {
    await expectInvalidParameterValue(
      sendTo('g', 'm', 'a'.repeat(129)),
      `Value ${'a'.repeat(129)} for parameter MessageDeduplicationId is invalid. Reason: MessageDeduplicationId can only include alphanumeric and punctuation characters. 1 to 128 in length.`,
    );
  });

  it('is required again once ContentBasedDeduplication is turned off', async () => {
    const url = await createFifoQueue(sqs, 'cbd.fifo', { ContentBasedDeduplication: 'true' });
    await setAttributes(sqs, url, { ContentBasedDeduplication: 'false' });
    await expectInvalidParameterValue(sendTo('g', 'm', null, url), NEEDS_DEDUPLICATION_ID);
  });
});

describe('DelaySeconds on a FIFO queue', () => {
  it('refuses a per-message DelaySeconds in SendMessage', async () => {
    await expectInvalidParameterValue(
      send({ MessageBody: 'm', MessageGroupId: 'g', MessageDeduplicationId: 'd', DelaySeconds: 2 }),
      'Value 2 for parameter DelaySeconds is invalid. Reason: The request include parameter that is not valid for this queue type.',
    );
  });

  it('refuses a per-message DelaySeconds in any SendMessageBatch entry: the whole request fails', async () => {
    await expectInvalidParameterValue(
      sendBatch([
        { Id: 'a', MessageBody: 'm1', MessageGroupId: 'g', MessageDeduplicationId: 'd1' },
        { Id: 'b', MessageBody: 'm2', MessageGroupId: 'g', MessageDeduplicationId: 'd2', DelaySeconds: 5 },
      ]),
      'Value 5 for parameter DelaySeconds is invalid. Reason: The request include parameter that is not valid for this queue type.',
    );
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('accepts DelaySeconds 0 and receives the message at once on a queue without delay', async () => {
    await send({ MessageBody: 'm', MessageGroupId: 'g', MessageDeduplicationId: 'd', DelaySeconds: 0 });
    expect(await drain()).toEqual(['m']);
  });

  it('still applies the queue delay to a message sent with DelaySeconds 0', async () => {
    await setAttributes(sqs, queueUrl, { DelaySeconds: '2' });
    await send({ MessageBody: 'm', MessageGroupId: 'g', MessageDeduplicationId: 'd', DelaySeconds: 0 });
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 1 });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(await drain()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await drain()).toEqual(['m']);
  });

  it('still applies the queue delay to SendMessageBatch entries with DelaySeconds 0', async () => {
    await setAttributes(sqs, queueUrl, { DelaySeconds: '2' });
    await sendBatch([{ Id: 'a', MessageBody: 'm', MessageGroupId: 'g', MessageDeduplicationId: 'd', DelaySeconds: 0 }]);
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 1 });
  });

  it('releases messages delayed by the queue delay in send order', async () => {
    await setAttributes(sqs, queueUrl, { DelaySeconds: '2' });
    for (const body of ['m1', 'm2', 'm3']) await sendTo('g', body);
    expect(await drain()).toEqual([]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await drain()).toEqual(['m1', 'm2', 'm3']);
  });

  it('applies a lowered queue delay to messages already delayed', async () => {
    await setAttributes(sqs, queueUrl, { DelaySeconds: '60' });
    await sendTo('g', 'm');
    await vi.advanceTimersByTimeAsync(5_000);
    await setAttributes(sqs, queueUrl, { DelaySeconds: '10' });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(await drain()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await drain()).toEqual(['m']);
  });

  it('releases already delayed messages at once when the queue delay is set to 0', async () => {
    await setAttributes(sqs, queueUrl, { DelaySeconds: '60' });
    await sendTo('g', 'm');
    await setAttributes(sqs, queueUrl, { DelaySeconds: '0' });
    expect(await drain()).toEqual(['m']);
  });

  it('applies a raised queue delay to messages already delayed', async () => {
    await setAttributes(sqs, queueUrl, { DelaySeconds: '10' });
    await sendTo('g', 'm');
    await vi.advanceTimersByTimeAsync(5_000);
    await setAttributes(sqs, queueUrl, { DelaySeconds: '60' });
    await vi.advanceTimersByTimeAsync(54_999);
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 1 });
    await vi.advanceTimersByTimeAsync(1);
    expect(await drain()).toEqual(['m']);
  });

  it('does not delay messages already visible when the queue delay is raised', async () => {
    await sendTo('g', 'm');
    await setAttributes(sqs, queueUrl, { DelaySeconds: '60' });
    expect(await drain()).toEqual(['m']);
  });
});

describe('deduplication', () => {
  it('answers a duplicate with the original MessageId and SequenceNumber and enqueues nothing', async () => {
    const original = await sendTo('g', 'first', 'd1');
    const duplicate = await sendTo('g', 'second', 'd1');
    expect(duplicate.MessageId).toBe(original.MessageId);
    expect(duplicate.SequenceNumber).toBe(original.SequenceNumber);
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 1, inFlight: 0, delayed: 0 });
    expect(await drain()).toEqual(['first']);
  });

  it('answers a duplicate with the MD5 of the body just sent', async () => {
    await sendTo('g', 'first', 'd1');
    const duplicate = await sendTo('g', 'test', 'd1');
    expect(duplicate.MD5OfMessageBody).toBe('098f6bcd4621d373cade4e832627b4f6');
  });

  it('deduplicates by the SHA-256 of the body with ContentBasedDeduplication, ignoring attributes', async () => {
    const url = await createFifoQueue(sqs, 'cbd.fifo', { ContentBasedDeduplication: 'true' });
    const original = await sendTo('g', 'same', null, url);
    const duplicate = await send(
      { MessageBody: 'same', MessageGroupId: 'g', MessageAttributes: { a: { DataType: 'String', StringValue: 'x' } } },
      url,
    );
    expect(duplicate.MessageId).toBe(original.MessageId);
    await sendTo('g', 'different', null, url);
    expect(await drain(url)).toEqual(['same', 'different']);
  });

  it('does not deduplicate different ids with the same body when ids are given', async () => {
    await sendTo('g', 'same', 'd1');
    await sendTo('g', 'same', 'd2');
    expect(await drain()).toEqual(['same', 'same']);
  });

  it('drops a duplicate until five minutes after the first send and accepts it from then on', async () => {
    const original = await sendTo('g', 'first', 'd1');
    await vi.advanceTimersByTimeAsync(FIVE_MINUTES - 1);
    expect((await sendTo('g', 'second', 'd1')).MessageId).toBe(original.MessageId);
    await vi.advanceTimersByTimeAsync(1);
    const third = await sendTo('g', 'third', 'd1');
    expect(third.MessageId).not.toBe(original.MessageId);
    expect(await drain()).toEqual(['first', 'third']);
  });

  it('counts the window from the first send: a duplicate does not extend it', async () => {
    await sendTo('g', 'first', 'd1');
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    await sendTo('g', 'dropped', 'd1');
    await vi.advanceTimersByTimeAsync(60_000);
    await sendTo('g', 'accepted', 'd1');
    expect(await drain()).toEqual(['first', 'accepted']);
  });

  it('still drops a duplicate after the original was received and deleted', async () => {
    const original = await sendTo('g', 'first', 'd1');
    const received = await receiveOne(sqs, queueUrl);
    await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: received.ReceiptHandle! }));
    const duplicate = await sendTo('g', 'again', 'd1');
    expect(duplicate).toMatchObject({ MessageId: original.MessageId, SequenceNumber: original.SequenceNumber });
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('still drops a duplicate while the original is delayed', async () => {
    await setAttributes(sqs, queueUrl, { DelaySeconds: '10' });
    const original = await sendTo('g', 'first', 'd1');
    expect((await sendTo('g', 'second', 'd1')).MessageId).toBe(original.MessageId);
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 1 });
  });

  it('treats the same id in another group as a duplicate with DeduplicationScope queue', async () => {
    const original = await sendTo('g1', 'first', 'd1');
    const duplicate = await sendTo('g2', 'second', 'd1');
    expect(duplicate).toMatchObject({ MessageId: original.MessageId, SequenceNumber: original.SequenceNumber });
    expect(await drain()).toEqual(['first']);
  });

  it('scopes ids to the message group with DeduplicationScope messageGroup', async () => {
    const url = await createFifoQueue(sqs, 'group.fifo', { DeduplicationScope: 'messageGroup' });
    const first = await sendTo('g1', 'first', 'd1', url);
    const other = await sendTo('g2', 'other group', 'd1', url);
    const duplicate = await sendTo('g1', 'same group', 'd1', url);
    expect(other.MessageId).not.toBe(first.MessageId);
    expect(duplicate.MessageId).toBe(first.MessageId);
    expect(await drain(url)).toEqual(['first', 'other group']);
  });

  it('scopes content-based ids to the message group with DeduplicationScope messageGroup', async () => {
    const url = await createFifoQueue(sqs, 'group.fifo', {
      DeduplicationScope: 'messageGroup',
      ContentBasedDeduplication: 'true',
    });
    await sendTo('g1', 'Test', null, url);
    await sendTo('g2', 'Test', null, url);
    await sendTo('g1', 'Test', null, url);
    expect(await drain(url)).toEqual(['Test', 'Test']);
  });

  it('keeps deduplicating per queue after DeduplicationScope was changed to messageGroup', async () => {
    await sendTo('g1', 'Test1', 'same');
    await setAttributes(sqs, queueUrl, {
      DeduplicationScope: 'messageGroup',
      FifoThroughputLimit: 'perMessageGroupId',
    });
    await sendTo('g2', 'Test2', 'same');
    await sendTo('g3', 'Test3', 'new');
    await sendTo('g4', 'Test4', 'new');
    expect(await drain()).toEqual(['Test1', 'Test3']);
  });

  it('keeps deduplicating per group after DeduplicationScope was changed to queue', async () => {
    const url = await createFifoQueue(sqs, 'group.fifo', {
      DeduplicationScope: 'messageGroup',
      FifoThroughputLimit: 'perMessageGroupId',
    });
    await setAttributes(sqs, url, { DeduplicationScope: 'queue', FifoThroughputLimit: 'perQueue' });
    await sendTo('g1', 'Test1', 'same', url);
    await sendTo('g2', 'Test2', 'same', url);
    expect(await drain(url)).toEqual(['Test1', 'Test2']);
  });

  it('answers a duplicate within one batch with the earlier entry’s MessageId and SequenceNumber', async () => {
    const { Successful, Failed } = await sendBatch([
      { Id: 'a', MessageBody: 'first', MessageGroupId: 'g', MessageDeduplicationId: 'd1' },
      { Id: 'b', MessageBody: 'second', MessageGroupId: 'g', MessageDeduplicationId: 'd1' },
      { Id: 'c', MessageBody: 'third', MessageGroupId: 'g', MessageDeduplicationId: 'd2' },
    ]);
    expect(Failed).toBeUndefined();
    const [a, b, c] = Successful!;
    expect(b).toMatchObject({ Id: 'b', MessageId: a!.MessageId, SequenceNumber: a!.SequenceNumber });
    expect(c!.MessageId).not.toBe(a!.MessageId);
    expect(await drain()).toEqual(['first', 'third']);
  });

  it('answers a batch entry duplicating an earlier SendMessage with the original ids', async () => {
    const original = await sendTo('g', 'first', 'd1');
    const { Successful } = await sendBatch([
      { Id: 'a', MessageBody: 'again', MessageGroupId: 'g', MessageDeduplicationId: 'd1' },
    ]);
    expect(Successful).toEqual([
      {
        Id: 'a',
        MessageId: original.MessageId,
        SequenceNumber: original.SequenceNumber,
        MD5OfMessageBody: expect.any(String),
      },
    ]);
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 1, inFlight: 0, delayed: 0 });
  });

  it('does not remember the id of a batch entry that failed', async () => {
    await setAttributes(sqs, queueUrl, { MaximumMessageSize: '1024' });
    const { Failed } = await sendBatch([
      { Id: 'a', MessageBody: 'x'.repeat(1025), MessageGroupId: 'g', MessageDeduplicationId: 'd1' },
    ]);
    expect(Failed).toHaveLength(1);
    await sendTo('g', 'ok', 'd1');
    expect(await drain()).toEqual(['ok']);
  });

  it('forgets every id on PurgeQueue', async () => {
    const original = await sendTo('g', 'message-1', 'd1');
    await sqs.send(new PurgeQueueCommand({ QueueUrl: queueUrl }));
    const again = await sendTo('g', 'message-2', 'd1');
    expect(again.MessageId).not.toBe(original.MessageId);
    expect(await drain()).toEqual(['message-2']);
  });
});

describe('deduplication across queues', () => {
  it('keeps the ids of each queue apart', async () => {
    const other = await createFifoQueue(sqs, 'other.fifo');
    await sendTo('g', 'here', 'd1');
    await sendTo('g', 'there', 'd1', other);
    expect(await drain()).toEqual(['here']);
    expect(await drain(other)).toEqual(['there']);
  });

  it('does not carry the ids of a deleted queue over to a new queue of the same name', async () => {
    const original = await sendTo('g', 'first', 'd1');
    await sqs.send(new DeleteQueueCommand({ QueueUrl: queueUrl }));
    await vi.advanceTimersByTimeAsync(60_000);
    queueUrl = await createFifoQueue(sqs);
    const again = await sendTo('g', 'second', 'd1');
    expect(again.MessageId).not.toBe(original.MessageId);
    expect(await drain()).toEqual(['second']);
  });
});

describe('SequenceNumber', () => {
  it('is a 20-digit numeric string, with a UUID MessageId', async () => {
    const result = await sendTo('g', 'm');
    expect(result.SequenceNumber).toMatch(SEQUENCE_NUMBER);
    expect(result.MessageId).toMatch(UUID_V4);
  });

  it('increases strictly with every accepted send, across groups', async () => {
    const numbers: bigint[] = [];
    for (const [group, body] of [
      ['g1', 'a'],
      ['g2', 'b'],
      ['g1', 'c'],
      ['g3', 'd'],
    ]) {
      numbers.push(BigInt((await sendTo(group!, body!)).SequenceNumber!));
    }
    for (let i = 1; i < numbers.length; i++) expect(numbers[i]! > numbers[i - 1]!).toBe(true);
  });

  it('increases in entry order within a batch', async () => {
    const { Successful } = await sendBatch(
      ['a', 'b', 'c'].map((body) => ({
        Id: body,
        MessageBody: body,
        MessageGroupId: body === 'b' ? 'g2' : 'g1',
        MessageDeduplicationId: body,
      })),
    );
    const numbers = Successful!.map((entry) => BigInt(entry.SequenceNumber!));
    expect(numbers.every((n) => SEQUENCE_NUMBER.test(String(n)))).toBe(true);
    expect(numbers[0]! < numbers[1]! && numbers[1]! < numbers[2]!).toBe(true);
  });

  it('is the one a receive shows for the message', async () => {
    const { SequenceNumber } = await sendTo('g', 'm');
    const message = await receiveOne(sqs, queueUrl, { MessageSystemAttributeNames: ['SequenceNumber'] });
    expect(message.Attributes).toStrictEqual({ SequenceNumber });
  });

  it('is not part of a standard queue’s send result', async () => {
    const url = await createQueue(sqs, 'standard');
    const result = await send({ MessageBody: 'm', MessageGroupId: 'g' }, url);
    expect(result).not.toHaveProperty('SequenceNumber');
    const { Successful } = await sendBatch([{ Id: 'a', MessageBody: 'm' }], url);
    expect(Successful![0]).not.toHaveProperty('SequenceNumber');
  });

  it('is not reused after a purge', async () => {
    const before = BigInt((await sendTo('g', 'a')).SequenceNumber!);
    await sqs.send(new PurgeQueueCommand({ QueueUrl: queueUrl }));
    const after = BigInt((await sendTo('g', 'b')).SequenceNumber!);
    expect(after > before).toBe(true);
  });
});
