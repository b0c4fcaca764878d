import {
  BatchEntryIdsNotDistinct,
  ChangeMessageVisibilityBatchCommand,
  ChangeMessageVisibilityCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
  DeleteQueueCommand,
  EmptyBatchRequest,
  InvalidBatchEntryId,
  ReceiptHandleIsInvalid,
  SendMessageCommand,
  TooManyEntriesInBatchRequest,
  type ChangeMessageVisibilityBatchRequestEntry,
  type DeleteMessageBatchRequestEntry,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sqsSetup } from '../helpers.js';
import {
  counts,
  createQueue,
  expectInvalidParameterValue,
  expectMissingParameter,
  expectSqsError,
  receive,
  receiveOne,
  setAttributes,
  T0,
} from './message-support.js';

let sqs: SQSClient;
let queueUrl: string;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  ({ sqs } = sqsSetup());
  queueUrl = await createQueue(sqs, 'q');
});
afterEach(() => vi.useRealTimers());

async function send(body = 'm', url = queueUrl): Promise<string> {
  const { MessageId } = await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: body }));
  return MessageId!;
}

/** Sends one message and receives it; returns its receipt handle. */
async function sendAndReceive(visibilityTimeout?: number): Promise<string> {
  await send();
  const message = await receiveOne(
    sqs,
    queueUrl,
    visibilityTimeout === undefined ? {} : { VisibilityTimeout: visibilityTimeout },
  );
  return message.ReceiptHandle!;
}

function changeVisibility(receiptHandle: unknown, visibilityTimeout: unknown, url = queueUrl) {
  return sqs.send(
    new ChangeMessageVisibilityCommand({
      QueueUrl: url,
      ReceiptHandle: receiptHandle,
      VisibilityTimeout: visibilityTimeout,
    } as never),
  );
}

function deleteMessage(receiptHandle: unknown, url = queueUrl) {
  return sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: receiptHandle } as never));
}

async function receivableCount(): Promise<number> {
  return (await counts(sqs, queueUrl)).visible;
}

function invalidHandleText(handle: string): string {
  return `The input receipt handle "${handle}" is not a valid receipt handle.`;
}

describe('visibility timeout on receive', () => {
  it('hides a received message for 30 s by default: hidden at 29.999 s, back at 30 s', async () => {
    await sendAndReceive();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(await receive(sqs, queueUrl)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await receive(sqs, queueUrl)).toHaveLength(1);
  });

  it('uses the queue’s VisibilityTimeout', async () => {
    await setAttributes(sqs, queueUrl, { VisibilityTimeout: '10' });
    await sendAndReceive();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(await receive(sqs, queueUrl)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await receive(sqs, queueUrl)).toHaveLength(1);
  });

  it('uses a receive’s VisibilityTimeout for the messages of that receive only', async () => {
    await sendAndReceive(5);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(await receive(sqs, queueUrl)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await receive(sqs, queueUrl)).toHaveLength(1); // this receive uses the default again
    await vi.advanceTimersByTimeAsync(29_999);
    expect(await receive(sqs, queueUrl)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await receive(sqs, queueUrl)).toHaveLength(1);
  });

  it('leaves a message receivable at once after a receive with VisibilityTimeout 0', async () => {
    await sendAndReceive(0);
    expect(await receive(sqs, queueUrl)).toHaveLength(1);
  });

  it('counts received messages as not visible until they come back', async () => {
    await send('a');
    await send('b');
    await receiveOne(sqs, queueUrl);
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 1, inFlight: 1, delayed: 0 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 2, inFlight: 0, delayed: 0 });
  });
});

describe('ChangeMessageVisibility', () => {
  it('restarts the timeout from the time of the call', async () => {
    const handle = await sendAndReceive();
    await vi.advanceTimersByTimeAsync(20_000);
    await changeVisibility(handle, 15);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(await receive(sqs, queueUrl)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await receive(sqs, queueUrl)).toHaveLength(1);
  });

  it('can shorten the timeout', async () => {
    const handle = await sendAndReceive(600);
    await changeVisibility(handle, 2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await receive(sqs, queueUrl)).toHaveLength(1);
  });

  it('makes the message receivable at once with 0', async () => {
    const handle = await sendAndReceive();
    await changeVisibility(handle, 0);
    expect(await receivableCount()).toBe(1);
    expect(await receive(sqs, queueUrl)).toHaveLength(1);
  });

  it('does not carry the changed timeout over to the next receive', async () => {
    const handle = await sendAndReceive();
    await changeVisibility(handle, 0);
    await receiveOne(sqs, queueUrl); // queue default, 30 s
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await receive(sqs, queueUrl)).toHaveLength(1);
  });

  it.each([-1, 43_201])('rejects VisibilityTimeout %i', async (timeout) => {
    const handle = await sendAndReceive();
    await expectInvalidParameterValue(
      changeVisibility(handle, timeout),
      `Value ${timeout} for parameter VisibilityTimeout is invalid. Reason: Must be between 0 and 43200.`,
    );
  });

  it('requires VisibilityTimeout', async () => {
    const handle = await sendAndReceive();
    await expectMissingParameter(changeVisibility(handle, undefined), 'VisibilityTimeout');
  });

  it('requires ReceiptHandle', async () => {
    await expectMissingParameter(changeVisibility(undefined, 10), 'ReceiptHandle');
  });

  it('rejects a total beyond 12 hours since the receive', async () => {
    const handle = await sendAndReceive(43_200);
    await vi.advanceTimersByTimeAsync(1_000);
    await expectInvalidParameterValue(
      changeVisibility(handle, 43_200),
      'Value 43200 for parameter VisibilityTimeout is invalid. Reason: Total VisibilityTimeout for the message is beyond the limit [43200 seconds].',
    );
  });

  it('accepts a total of exactly 12 hours since the receive', async () => {
    const handle = await sendAndReceive(60);
    await vi.advanceTimersByTimeAsync(50_000);
    await changeVisibility(handle, 43_150);
    await vi.advanceTimersByTimeAsync(43_149_999);
    expect(await receive(sqs, queueUrl)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await receive(sqs, queueUrl)).toHaveLength(1);
  });

  it('counts the 12 hours from the latest receive', async () => {
    await send();
    await receiveOne(sqs, queueUrl, { VisibilityTimeout: 0 });
    await vi.advanceTimersByTimeAsync(10_000);
    const { ReceiptHandle } = await receiveOne(sqs, queueUrl);
    await changeVisibility(ReceiptHandle, 43_200);
  });

  it('rejects the handle of a deleted message', async () => {
    const handle = await sendAndReceive();
    await deleteMessage(handle);
    await expectInvalidParameterValue(
      changeVisibility(handle, 10),
      `Value ${handle} for parameter ReceiptHandle is invalid. Reason: Message does not exist or is not available for visibility timeout change.`,
    );
  });

  it('rejects a malformed handle as ReceiptHandleIsInvalid', async () => {
    await expectSqsError(
      changeVisibility('garbage', 10),
      ReceiptHandleIsInvalid,
      'ReceiptHandleIsInvalid',
      invalidHandleText('garbage'),
    );
  });

  it('rejects a handle of another queue as ReceiptHandleIsInvalid', async () => {
    const handle = await sendAndReceive();
    const otherUrl = await createQueue(sqs, 'other');
    await expectSqsError(
      changeVisibility(handle, 10, otherUrl),
      ReceiptHandleIsInvalid,
      'ReceiptHandleIsInvalid',
      invalidHandleText(handle),
    );
  });

  it('acts, on a standard queue, on an older handle after the message was received again', async () => {
    // As AWS was recorded doing: LocalStack's AWS-validated test_terminate_visibility_timeout_after_receive.
    const older = await sendAndReceive(0);
    await receiveOne(sqs, queueUrl, { VisibilityTimeout: 3 });
    await changeVisibility(older, 0);
    expect(await receive(sqs, queueUrl)).toHaveLength(1);
  });

  it('lets a slow consumer re-time a message another consumer received since', async () => {
    const slow = await sendAndReceive(10);
    await vi.advanceTimersByTimeAsync(10_000);
    const current = await receiveOne(sqs, queueUrl, { VisibilityTimeout: 30 });
    await changeVisibility(slow, 600);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await receive(sqs, queueUrl)).toEqual([]);
    await changeVisibility(slow, 0);
    const [again] = await receive(sqs, queueUrl);
    expect(again?.MessageId).toBe(current.MessageId);
  });

  it('hides again, on a standard queue, a message whose timeout expired and which nobody received since', async () => {
    const handle = await sendAndReceive(10);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await receivableCount()).toBe(1);
    await changeVisibility(handle, 60);
    expect(await receive(sqs, queueUrl)).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await receive(sqs, queueUrl)).toHaveLength(1);
  });
});

describe('ChangeMessageVisibilityBatch', () => {
  function changeBatch(entries: unknown[]) {
    return sqs.send(
      new ChangeMessageVisibilityBatchCommand({
        QueueUrl: queueUrl,
        Entries: entries as ChangeMessageVisibilityBatchRequestEntry[],
      }),
    );
  }

  it('answers per-entry results, in entry order, and applies the successful ones', async () => {
    await send('a');
    await send('b');
    const [a, b] = await receive(sqs, queueUrl, { MaxNumberOfMessages: 2 });
    const { $metadata, ...output } = await changeBatch([
      { Id: 'bad-handle', ReceiptHandle: 'garbage', VisibilityTimeout: 10 },
      { Id: 'b', ReceiptHandle: b!.ReceiptHandle, VisibilityTimeout: 0 },
      { Id: 'too-long', ReceiptHandle: a!.ReceiptHandle, VisibilityTimeout: 43_201 },
      { Id: 'no-timeout', ReceiptHandle: a!.ReceiptHandle },
      { Id: 'a', ReceiptHandle: a!.ReceiptHandle, VisibilityTimeout: 100 },
    ]);
    expect(output).toStrictEqual({
      Successful: [{ Id: 'b' }, { Id: 'a' }],
      Failed: [
        { Id: 'bad-handle', SenderFault: true, Code: 'ReceiptHandleIsInvalid', Message: invalidHandleText('garbage') },
        {
          Id: 'too-long',
          SenderFault: true,
          Code: 'InvalidParameterValue',
          Message:
            'Value 43201 for parameter VisibilityTimeout is invalid. Reason: VisibilityTimeout must be an integer between 0 and 43200.',
        },
        {
          Id: 'no-timeout',
          SenderFault: true,
          Code: 'MissingParameter',
          Message:
            'The request must contain the parameter ChangeMessageVisibilityBatchRequestEntry.4.VisibilityTimeout.',
        },
      ],
    });
    expect(
      (await receive(sqs, queueUrl, { MaxNumberOfMessages: 10, VisibilityTimeout: 1_000 })).map((m) => m.Body),
    ).toEqual(['b']);
    await vi.advanceTimersByTimeAsync(99_999);
    expect(await receive(sqs, queueUrl)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect((await receive(sqs, queueUrl, { MaxNumberOfMessages: 10 })).map((m) => m.Body)).toEqual(['a']);
  });

  it('has no Failed key when every entry succeeds', async () => {
    const handle = await sendAndReceive();
    const { $metadata, ...output } = await changeBatch([{ Id: 'x', ReceiptHandle: handle, VisibilityTimeout: 5 }]);
    expect(output).toStrictEqual({ Successful: [{ Id: 'x' }] });
  });

  it('applies an older handle of a message received again since, as ChangeMessageVisibility does', async () => {
    const older = await sendAndReceive(0);
    await receiveOne(sqs, queueUrl, { VisibilityTimeout: 30 });
    const { $metadata, ...output } = await changeBatch([{ Id: 'older', ReceiptHandle: older, VisibilityTimeout: 0 }]);
    expect(output).toStrictEqual({ Successful: [{ Id: 'older' }] });
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 1, inFlight: 0, delayed: 0 });
  });

  it('fails the entry of a deleted message', async () => {
    const handle = await sendAndReceive();
    await deleteMessage(handle);
    const output = await changeBatch([{ Id: 'x', ReceiptHandle: handle, VisibilityTimeout: 5 }]);
    expect(output.Failed).toStrictEqual([
      {
        Id: 'x',
        SenderFault: true,
        Code: 'InvalidParameterValue',
        Message: `Value ${handle} for parameter ReceiptHandle is invalid. Reason: Message does not exist or is not available for visibility timeout change.`,
      },
    ]);
    expect(output).not.toHaveProperty('Successful');
  });

  it('rejects an empty batch', async () => {
    await expectSqsError(
      changeBatch([]),
      EmptyBatchRequest,
      'AWS.SimpleQueueService.EmptyBatchRequest',
      'There should be at least one ChangeMessageVisibilityBatchRequestEntry in the request.',
    );
  });

  it('rejects 11 entries', async () => {
    await expectSqsError(
      changeBatch(Array.from({ length: 11 }, (_, i) => ({ Id: `e${i}`, ReceiptHandle: 'h', VisibilityTimeout: 1 }))),
      TooManyEntriesInBatchRequest,
      'AWS.SimpleQueueService.TooManyEntriesInBatchRequest',
      'Maximum number of entries per request are 10. You have sent 11.',
    );
  });
});

describe('DeleteMessage', () => {
  it('deletes the message', async () => {
    const handle = await sendAndReceive(1);
    await deleteMessage(handle);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
    expect(await receive(sqs, queueUrl)).toEqual([]);
  });

  it('answers an empty result', async () => {
    const handle = await sendAndReceive();
    const { $metadata, ...output } = await deleteMessage(handle);
    expect(output).toStrictEqual({});
  });

  it('succeeds again with the same handle', async () => {
    const handle = await sendAndReceive();
    await deleteMessage(handle);
    await deleteMessage(handle);
    await deleteMessage(handle);
  });

  it('deletes with a stale handle on a standard queue once the message is visible again', async () => {
    const handle = await sendAndReceive(10);
    await vi.advanceTimersByTimeAsync(10_000);
    await deleteMessage(handle);
    expect(await receive(sqs, queueUrl)).toEqual([]);
  });

  it('deletes, on a standard queue, with an older handle after the message was received again', async () => {
    // As AWS was recorded doing: LocalStack's AWS-validated test_sns_filter_policy.py::test_filter_policy receives
    // twice with VisibilityTimeout 0, deletes with the first handle, and the next receive finds nothing.
    const older = await sendAndReceive(0);
    await receiveOne(sqs, queueUrl, { VisibilityTimeout: 0 });
    await deleteMessage(older);
    expect(await receive(sqs, queueUrl)).toEqual([]);
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('lets a slow consumer delete a message redelivered to another consumer since', async () => {
    const slow = await sendAndReceive(10);
    await vi.advanceTimersByTimeAsync(10_000);
    await receiveOne(sqs, queueUrl, { VisibilityTimeout: 20 });
    await deleteMessage(slow);
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await receive(sqs, queueUrl)).toEqual([]);
  });

  it('succeeds with the newer handle too once an older one deleted the message', async () => {
    const older = await sendAndReceive(0);
    const latest = await receiveOne(sqs, queueUrl);
    await deleteMessage(older);
    await deleteMessage(latest.ReceiptHandle);
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('deletes only the message its handle names', async () => {
    await send('a');
    await send('b');
    const [first] = await receive(sqs, queueUrl);
    await deleteMessage(first!.ReceiptHandle);
    const rest = await receive(sqs, queueUrl, { MaxNumberOfMessages: 10 });
    expect(rest.map((m) => m.Body)).toEqual([first!.Body === 'a' ? 'b' : 'a']);
  });

  it('rejects a malformed handle as ReceiptHandleIsInvalid', async () => {
    await expectSqsError(
      deleteMessage('not-a-handle'),
      ReceiptHandleIsInvalid,
      'ReceiptHandleIsInvalid',
      invalidHandleText('not-a-handle'),
    );
  });

  it('rejects a handle of another queue as ReceiptHandleIsInvalid, and keeps the message', async () => {
    const handle = await sendAndReceive(0);
    const otherUrl = await createQueue(sqs, 'other');
    await expectSqsError(
      deleteMessage(handle, otherUrl),
      ReceiptHandleIsInvalid,
      'ReceiptHandleIsInvalid',
      invalidHandleText(handle),
    );
    expect(await receivableCount()).toBe(1);
  });

  it('rejects a handle of an earlier queue of the same name as ReceiptHandleIsInvalid', async () => {
    const handle = await sendAndReceive();
    await sqs.send(new DeleteQueueCommand({ QueueUrl: queueUrl }));
    await vi.advanceTimersByTimeAsync(60_000);
    queueUrl = await createQueue(sqs, 'q');
    await expectSqsError(
      deleteMessage(handle),
      ReceiptHandleIsInvalid,
      'ReceiptHandleIsInvalid',
      invalidHandleText(handle),
    );
  });

  it('requires ReceiptHandle', async () => {
    await expectMissingParameter(deleteMessage(undefined), 'ReceiptHandle');
    await expectMissingParameter(deleteMessage(''), 'ReceiptHandle');
  });

  it('succeeds for a message whose retention ended while it was in flight', async () => {
    await setAttributes(sqs, queueUrl, { MessageRetentionPeriod: '60' });
    const handle = await sendAndReceive(120);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
    await deleteMessage(handle);
  });
});

describe('DeleteMessageBatch', () => {
  function deleteBatch(entries: unknown[]) {
    return sqs.send(
      new DeleteMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries as DeleteMessageBatchRequestEntry[] }),
    );
  }

  it('answers per-entry results, in entry order, and deletes the successful ones', async () => {
    await send('a');
    await send('b');
    await send('c');
    const [a, b] = await receive(sqs, queueUrl, { MaxNumberOfMessages: 2, VisibilityTimeout: 0 });
    await deleteMessage(b!.ReceiptHandle);
    const { $metadata, ...output } = await deleteBatch([
      { Id: 'bad', ReceiptHandle: 'garbage' },
      { Id: 'b', ReceiptHandle: b!.ReceiptHandle },
      { Id: 'blank', ReceiptHandle: '' },
      { Id: 'a', ReceiptHandle: a!.ReceiptHandle },
    ]);
    expect(output).toStrictEqual({
      Successful: [{ Id: 'b' }, { Id: 'a' }],
      Failed: [
        { Id: 'bad', SenderFault: true, Code: 'ReceiptHandleIsInvalid', Message: invalidHandleText('garbage') },
        {
          Id: 'blank',
          SenderFault: true,
          Code: 'MissingParameter',
          Message: 'The request must contain the parameter ReceiptHandle.',
        },
      ],
    });
    expect((await receive(sqs, queueUrl, { MaxNumberOfMessages: 10 })).map((m) => m.Body)).toEqual(['c']);
  });

  it('has no Failed key when every entry succeeds', async () => {
    const handle = await sendAndReceive();
    const { $metadata, ...output } = await deleteBatch([{ Id: 'x', ReceiptHandle: handle }]);
    expect(output).toStrictEqual({ Successful: [{ Id: 'x' }] });
  });

  it('deletes with an older handle of a message received again since, as DeleteMessage does', async () => {
    const older = await sendAndReceive(0);
    await receiveOne(sqs, queueUrl);
    const { $metadata, ...output } = await deleteBatch([{ Id: 'older', ReceiptHandle: older }]);
    expect(output).toStrictEqual({ Successful: [{ Id: 'older' }] });
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('has no Successful key when every entry fails', async () => {
    const { $metadata, ...output } = await deleteBatch([{ Id: 'x', ReceiptHandle: 'garbage' }]);
    expect(output).toStrictEqual({
      Failed: [{ Id: 'x', SenderFault: true, Code: 'ReceiptHandleIsInvalid', Message: invalidHandleText('garbage') }],
    });
  });

  it('rejects an empty batch', async () => {
    await expectSqsError(
      deleteBatch([]),
      EmptyBatchRequest,
      'AWS.SimpleQueueService.EmptyBatchRequest',
      'There should be at least one DeleteMessageBatchRequestEntry in the request.',
    );
  });

  it('rejects 11 entries', async () => {
    await expectSqsError(
      deleteBatch(Array.from({ length: 11 }, (_, i) => ({ Id: `e${i}`, ReceiptHandle: 'h' }))),
      TooManyEntriesInBatchRequest,
      'AWS.SimpleQueueService.TooManyEntriesInBatchRequest',
      'Maximum number of entries per request are 10. You have sent 11.',
    );
  });

  it.each(['', 'a'.repeat(81), 'invalid:id'])('rejects the entry Id %j', async (id) => {
    await expectSqsError(
      deleteBatch([{ Id: id, ReceiptHandle: 'h' }]),
      InvalidBatchEntryId,
      'AWS.SimpleQueueService.InvalidBatchEntryId',
      'A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long.',
    );
  });

  it('rejects duplicate Ids and deletes nothing', async () => {
    const handle = await sendAndReceive(0);
    await expectSqsError(
      deleteBatch([
        { Id: 'x', ReceiptHandle: handle },
        { Id: 'x', ReceiptHandle: handle },
      ]),
      BatchEntryIdsNotDistinct,
      'AWS.SimpleQueueService.BatchEntryIdsNotDistinct',
      'Id x repeated.',
    );
    expect(await receivableCount()).toBe(1);
  });
});
