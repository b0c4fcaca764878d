import {
  ChangeMessageVisibilityCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
  ReceiptHandleIsInvalid,
  ReceiveMessageCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sqsSetup } from '../helpers.js';
import { counts, createFifoQueue, createQueue, expectSqsError, receiveOne, T0 } from './message-support.js';

let sqs: SQSClient;
let queueUrl: string;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  ({ sqs } = sqsSetup());
  queueUrl = await createQueue(sqs, 'q');
});
afterEach(() => vi.useRealTimers());

/** A handle's payload, `<queue uid>|<message id>|<receive number>|<tag>`, as fields. */
function fieldsOf(handle: string): string[] {
  return Buffer.from(handle.slice(4), 'base64').toString('utf8').split('|');
}

function handleOf(fields: readonly string[]): string {
  return `AQEB${Buffer.from(fields.join('|'), 'utf8').toString('base64')}`;
}

function invalidHandleText(handle: string): string {
  return `The input receipt handle "${handle}" is not a valid receipt handle.`;
}

async function sendAndReceive(url = queueUrl, attributes: Record<string, string> = {}): Promise<string> {
  await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'm', ...attributes }));
  return (await receiveOne(sqs, url, { VisibilityTimeout: 30 })).ReceiptHandle!;
}

describe('a receipt handle edited or built by hand', () => {
  it('is invalid with another tail, and deletes nothing', async () => {
    const [uid, messageId, receiveNumber, tag] = fieldsOf(await sendAndReceive());
    for (const tail of ['0'.repeat(16), `${tag!.slice(0, 15)}${tag!.endsWith('0') ? '1' : '0'}`, 'nonce', '']) {
      const forged = handleOf([uid!, messageId!, receiveNumber!, tail]);
      await expectSqsError(
        sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: forged })),
        ReceiptHandleIsInvalid,
        'ReceiptHandleIsInvalid',
        invalidHandleText(forged),
      );
    }
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 1, delayed: 0 });
  });

  it('is invalid with another receive number, as for a later receive nobody made', async () => {
    const [uid, messageId, , tag] = fieldsOf(await sendAndReceive());
    const forged = handleOf([uid!, messageId!, '2', tag!]);
    await expectSqsError(
      sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl, ReceiptHandle: forged, VisibilityTimeout: 0 })),
      ReceiptHandleIsInvalid,
      'ReceiptHandleIsInvalid',
      invalidHandleText(forged),
    );
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 1, delayed: 0 });
  });

  it('fails its batch entry as ReceiptHandleIsInvalid', async () => {
    const real = await sendAndReceive();
    const forged = handleOf([...fieldsOf(real).slice(0, 3), 'ffffffffffffffff']);
    const { Successful, Failed } = await sqs.send(
      new DeleteMessageBatchCommand({ QueueUrl: queueUrl, Entries: [{ Id: 'forged', ReceiptHandle: forged }] }),
    );
    expect({ Successful, Failed }).toStrictEqual({
      Successful: undefined,
      Failed: [{ Id: 'forged', SenderFault: true, Code: 'ReceiptHandleIsInvalid', Message: invalidHandleText(forged) }],
    });
    await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: real }));
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('is invalid on a FIFO queue too, not an expired handle', async () => {
    const url = await createFifoQueue(sqs, 'q.fifo', { ContentBasedDeduplication: 'true' });
    const forged = handleOf([
      ...fieldsOf(await sendAndReceive(url, { MessageGroupId: 'g' })).slice(0, 3),
      '0123456789abcdef',
    ]);
    await expectSqsError(
      sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: forged })),
      ReceiptHandleIsInvalid,
      'ReceiptHandleIsInvalid',
      invalidHandleText(forged),
    );
  });

  it('of another account is invalid, even for a queue of the same name and the same ids', async () => {
    const real = await sendAndReceive();
    const other = sqsSetup();
    const otherUrl = await createQueue(other.sqs, 'q');
    await expectSqsError(
      other.sqs.send(new DeleteMessageCommand({ QueueUrl: otherUrl, ReceiptHandle: real })),
      ReceiptHandleIsInvalid,
      'ReceiptHandleIsInvalid',
      invalidHandleText(real),
    );
  });
});

describe('receipt handles of a seeded mock', () => {
  it('are the same run to run', async () => {
    const run = async () => {
      const { sqs: client } = sqsSetup({ seed: 5 });
      const url = await createQueue(client, 'q');
      await client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'm' }));
      const first = await receiveOne(client, url, { VisibilityTimeout: 0 });
      const second = await receiveOne(client, url, { VisibilityTimeout: 0 });
      return [first.ReceiptHandle, second.ReceiptHandle];
    };
    const handles = await run();
    expect(await run()).toEqual(handles);
    expect(new Set(handles).size).toBe(2);
  });
});

describe('receipt handles in honest mode', () => {
  it('let the first delivery of a receive repeated while in flight delete the message (a second server’s copy of one receive)', async () => {
    const { sqs: client } = sqsSetup({ seed: 3, honest: { duplicates: 1, reorder: false, sampling: false } });
    const url = await createQueue(client, 'q');
    await client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'm' }));
    const first = (await client.send(new ReceiveMessageCommand({ QueueUrl: url }))).Messages![0]!;
    const duplicate = (await client.send(new ReceiveMessageCommand({ QueueUrl: url }))).Messages![0]!;
    expect(duplicate.MessageId).toBe(first.MessageId);
    await client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: first.ReceiptHandle }));
    expect(await counts(client, url)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('let the repeated delivery’s handle delete the message too, even after a later receive', async () => {
    // On a standard queue every handle of a message deletes it (docs/aws-behaviour/sqs.md §4.10).
    const { sqs: client } = sqsSetup({ seed: 3, honest: { duplicates: 1, reorder: false, sampling: false } });
    const url = await createQueue(client, 'q', { VisibilityTimeout: '10' });
    await client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'm' }));
    const receive = async () =>
      (await client.send(new ReceiveMessageCommand({ QueueUrl: url }))).Messages?.[0]?.ReceiptHandle;
    const first = await receive();
    const duplicate = await receive();
    expect(duplicate).toBeDefined();
    expect(duplicate).not.toBe(first);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await receive()).toBeDefined();
    await client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: duplicate }));
    expect(await counts(client, url)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });
});

describe('a receipt handle read long after its receive', () => {
  // The account remembers the handles it made lately (src/services/sqs/receipt-handle.ts); an older one is decoded and
  // checked, and acts the same.
  it('still deletes its message after a thousand other receives', async () => {
    const handle = await sendAndReceive();
    const other = await createQueue(sqs, 'other');
    for (let i = 0; i < 1100; i++) await sendAndReceive(other);
    await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: handle }));
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });
});
