import {
  ChangeMessageVisibilityBatchCommand,
  ChangeMessageVisibilityCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
  ReceiptHandleIsInvalid,
  ReceiveMessageCommand,
  SendMessageCommand,
  type Message,
  type ReceiveMessageCommandOutput,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import type { MessageContent } from '../../src/services/sqs/messages/message.js';
import { sqsSetup } from '../helpers.js';
import {
  bodies,
  counts,
  createFifoQueue,
  createQueue,
  expectInvalidParameterValue,
  expectSqsError,
  receive,
  receiveOne,
  type ReceiveInput,
  setAttributes,
  T0,
} from './message-support.js';

let aws: AwsMock;
let sqs: SQSClient;
let queueUrl: string;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  ({ aws, sqs } = sqsSetup());
  queueUrl = await createFifoQueue(sqs, 'q.fifo', { ContentBasedDeduplication: 'true' });
});
afterEach(() => vi.useRealTimers());

/** Sends `body` to group `group`; bodies must differ, as content-based deduplication is on. */
async function sendTo(group: string, body: string, url = queueUrl): Promise<string> {
  const { MessageId } = await sqs.send(
    new SendMessageCommand({ QueueUrl: url, MessageBody: body, MessageGroupId: group }),
  );
  return MessageId!;
}

/** Sends `<group>-m1 … <group>-m<n>` to each group in turn, as `[group, n]` pairs say. */
async function sendGroups(...plan: [string, number][]): Promise<void> {
  for (const [group, n] of plan) for (let i = 1; i <= n; i++) await sendTo(group, `${group}-m${i}`);
}

async function receiveBodies(input: ReceiveInput = {}, url = queueUrl): Promise<string[]> {
  return bodies(await receive(sqs, url, input));
}

function deleteMessage(ReceiptHandle: string, url = queueUrl) {
  return sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle }));
}

function changeVisibility(ReceiptHandle: string, VisibilityTimeout: number, url = queueUrl) {
  return sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: url, ReceiptHandle, VisibilityTimeout }));
}

function expiredHandleText(handle: string): string {
  return `Value ${handle} for parameter ReceiptHandle is invalid. Reason: The receipt handle has expired.`;
}

/** A promise's state without waiting for it. */
function track<T>(promise: Promise<T>): { settled: () => boolean; value: () => T | undefined } {
  let settled = false;
  let value: T | undefined;
  promise.then(
    (v) => ((settled = true), (value = v)),
    () => (settled = true),
  );
  return { settled: () => settled, value: () => value };
}

function longPoll(input: ReceiveInput = {}) {
  return track<ReceiveMessageCommandOutput>(
    sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 20, ...input } as never)),
  );
}

function polledBodies(poll: { value: () => ReceiveMessageCommandOutput | undefined }): string[] {
  return bodies(poll.value()?.Messages ?? []);
}

describe('order', () => {
  it('delivers the messages of a group strictly in send order', async () => {
    await sendGroups(['g', 4]);
    const received: string[] = [];
    for (let i = 0; i < 4; i++) {
      const message = await receiveOne(sqs, queueUrl);
      received.push(message.Body!);
      await deleteMessage(message.ReceiptHandle!);
    }
    expect(received).toEqual(['g-m1', 'g-m2', 'g-m3', 'g-m4']);
  });

  it('fills a receive from one group before taking the next, whatever the send order across groups', async () => {
    await sendTo('group-1', 'g1-m1');
    await sendTo('group-2', 'g2-m1');
    await sendTo('group-1', 'g1-m2');
    await sendTo('group-1', 'g1-m3');
    expect(await receiveBodies({ MaxNumberOfMessages: 10 })).toEqual(['g1-m1', 'g1-m2', 'g1-m3', 'g2-m1']);
  });

  it('serves groups in the order their first messages were sent', async () => {
    await sendGroups(['b', 1], ['a', 1], ['c', 1]);
    expect(await receiveBodies({ MaxNumberOfMessages: 10 })).toEqual(['b-m1', 'a-m1', 'c-m1']);
  });

  it('stops at MaxNumberOfMessages within a group', async () => {
    await sendGroups(['g', 3]);
    expect(await receiveBodies({ MaxNumberOfMessages: 2 })).toEqual(['g-m1', 'g-m2']);
  });

  it('delivers a group in the same order again after its visibility timeout', async () => {
    await sendGroups(['g', 3]);
    expect(await receiveBodies({ MaxNumberOfMessages: 10, VisibilityTimeout: 1 })).toEqual(['g-m1', 'g-m2', 'g-m3']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await receiveBodies({ MaxNumberOfMessages: 10 })).toEqual(['g-m1', 'g-m2', 'g-m3']);
  });
});

describe('group lock', () => {
  it('returns nothing more of a group while one of its messages is in flight', async () => {
    await sendGroups(['g', 2]);
    expect(await receiveBodies()).toEqual(['g-m1']);
    expect(await receiveBodies({ MaxNumberOfMessages: 10 })).toEqual([]);
  });

  it('keeps the other groups receivable', async () => {
    await sendGroups(['group-1', 4], ['group-2', 1], ['group-3', 1]);
    expect(await receiveBodies({ MaxNumberOfMessages: 2 })).toEqual(['group-1-m1', 'group-1-m2']);
    expect(await receiveBodies()).toEqual(['group-2-m1']);
    expect(await receiveBodies()).toEqual(['group-3-m1']);
    expect(await receiveBodies({ MaxNumberOfMessages: 10 })).toEqual([]);
  });

  it('stays locked when more messages are sent to the group', async () => {
    await sendTo('g', 'm1');
    expect(await receiveBodies()).toEqual(['m1']);
    await sendTo('g', 'm2');
    expect(await receiveBodies({ MaxNumberOfMessages: 10 })).toEqual([]);
  });

  it('puts groups back after a visibility timeout behind groups never received', async () => {
    await sendGroups(['g1', 4], ['g2', 1], ['g3', 1]);
    expect(await receiveBodies({ MaxNumberOfMessages: 2, VisibilityTimeout: 1 })).toEqual(['g1-m1', 'g1-m2']);
    expect(await receiveBodies({ VisibilityTimeout: 1 })).toEqual(['g2-m1']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await receiveBodies({ MaxNumberOfMessages: 10, VisibilityTimeout: 0 })).toEqual([
      'g3-m1',
      'g1-m1',
      'g1-m2',
      'g1-m3',
      'g1-m4',
      'g2-m1',
    ]);
  });

  it('puts groups received with VisibilityTimeout 0 behind groups never received', async () => {
    await sendTo('group-1', 'g1-m1');
    await sendTo('group-2', 'g2-m1');
    await sendTo('group-2', 'g2-m2');
    await sendTo('group-3', 'g3-m1');
    await sendTo('group-1', 'g1-m2');
    expect(await receiveBodies({ MaxNumberOfMessages: 3, VisibilityTimeout: 0 })).toEqual(['g1-m1', 'g1-m2', 'g2-m1']);
    expect(await receiveBodies({ MaxNumberOfMessages: 10, VisibilityTimeout: 0 })).toEqual([
      'g3-m1',
      'g1-m1',
      'g1-m2',
      'g2-m1',
      'g2-m2',
    ]);
  });

  it('unlocks a group when its first message is made visible with ChangeMessageVisibility 0, up to the next message in flight', async () => {
    await sendGroups(['g1', 2], ['g2', 1]);
    const received = await receive(sqs, queueUrl, { MaxNumberOfMessages: 2 });
    expect(bodies(received)).toEqual(['g1-m1', 'g1-m2']);
    await changeVisibility(received[0]!.ReceiptHandle!, 0);
    expect(await receiveBodies({ MaxNumberOfMessages: 3 })).toEqual(['g2-m1', 'g1-m1']);
  });

  it('unlocks a group when a shortened visibility timeout of its first message ends', async () => {
    await sendGroups(['g1', 2], ['g2', 1]);
    const received = await receive(sqs, queueUrl, { MaxNumberOfMessages: 2 });
    await changeVisibility(received[0]!.ReceiptHandle!, 1);
    await vi.advanceTimersByTimeAsync(999);
    expect(await receiveBodies({ MaxNumberOfMessages: 3, VisibilityTimeout: 0 })).toEqual(['g2-m1']);
    await vi.advanceTimersByTimeAsync(1);
    expect(await receiveBodies({ MaxNumberOfMessages: 3 })).toEqual(['g2-m1', 'g1-m1']);
  });

  it.each([
    [0, []],
    [1, ['foo']],
    [2, ['foo', 'bar']],
  ])('stops delivery at the first invisible message of a group (message %i extended)', async (position, expected) => {
    for (const body of ['foo', 'bar', 'baz']) await sendTo('1', body);
    const received = await receive(sqs, queueUrl, { MaxNumberOfMessages: 5, VisibilityTimeout: 1 });
    await changeVisibility(received[position]!.ReceiptHandle!, 4);
    await vi.advanceTimersByTimeAsync(2_500);
    expect(await receiveBodies({ MaxNumberOfMessages: 5 })).toEqual(expected);
  });

  it('unblocks a group when all its messages in flight are deleted, in the place of its next message', async () => {
    await sendTo('group-1', 'g1-m1');
    await sendTo('group-2', 'g2-m1');
    await sendTo('group-1', 'g1-m2');
    await sendTo('group-2', 'g2-m2');
    await sendTo('group-1', 'g1-m2'); // a duplicate, dropped
    await sendTo('group-1', 'g1-m3');
    await sendTo('group-1', 'g1-m4');
    await sendTo('group-3', 'g3-m1');
    const received = await receive(sqs, queueUrl, { MaxNumberOfMessages: 2 });
    expect(bodies(received)).toEqual(['g1-m1', 'g1-m2']);
    for (const message of received) await deleteMessage(message.ReceiptHandle!);
    // The order AWS answered in LocalStack's validated test.
    expect(await receiveBodies({ MaxNumberOfMessages: 10 })).toEqual(['g2-m1', 'g2-m2', 'g1-m3', 'g1-m4', 'g3-m1']);
  });

  it('keeps a group blocked when only some of its messages in flight are deleted', async () => {
    await sendTo('group-1', 'g1-m1');
    await sendTo('group-2', 'g2-m1');
    await sendTo('group-1', 'g1-m2');
    await sendTo('group-2', 'g2-m2');
    await sendTo('group-1', 'g1-m3');
    await sendTo('group-3', 'g3-m1');
    const received = await receive(sqs, queueUrl, { MaxNumberOfMessages: 2 });
    await deleteMessage(received[0]!.ReceiptHandle!);
    expect(await receiveBodies({ MaxNumberOfMessages: 10 })).toEqual(['g2-m1', 'g2-m2', 'g3-m1']);
  });

  it('unblocks a group when its messages in flight are deleted with DeleteMessageBatch', async () => {
    await sendGroups(['g', 3]);
    const received = await receive(sqs, queueUrl, { MaxNumberOfMessages: 2 });
    await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: received.map((m, i) => ({ Id: `e${i}`, ReceiptHandle: m.ReceiptHandle! })),
      }),
    );
    expect(await receiveBodies({ MaxNumberOfMessages: 10 })).toEqual(['g-m3']);
  });

  it('unlocks a group when the retention of its message in flight ends', async () => {
    await setAttributes(sqs, queueUrl, { MessageRetentionPeriod: '60' });
    await sendTo('g', 'g-m1');
    await vi.advanceTimersByTimeAsync(30_000);
    await sendTo('g', 'g-m2');
    await receiveOne(sqs, queueUrl, { VisibilityTimeout: 600 });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(await receiveBodies()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await receiveBodies()).toEqual(['g-m2']);
  });

  it('takes a group up again after its last message was deleted and a new one arrives', async () => {
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'Message 1', MessageGroupId: 'g1' }));
    const first = await receiveOne(sqs, queueUrl);
    await deleteMessage(first.ReceiptHandle!);
    expect(await receiveBodies()).toEqual([]);
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'Message 2', MessageGroupId: 'g1' }));
    expect(await receiveBodies()).toEqual(['Message 2']);
  });
});

describe('several consumers', () => {
  it('gives each consumer a different group, and the next message of a group only after the first is deleted', async () => {
    await sendGroups(['g1', 2], ['g2', 2], ['g3', 1]);
    const a = await receiveOne(sqs, queueUrl);
    const b = await receiveOne(sqs, queueUrl);
    const c = await receiveOne(sqs, queueUrl);
    expect([a.Body, b.Body, c.Body]).toEqual(['g1-m1', 'g2-m1', 'g3-m1']);
    expect(await receiveBodies()).toEqual([]);
    await deleteMessage(b.ReceiptHandle!);
    expect(await receiveBodies()).toEqual(['g2-m2']);
    await deleteMessage(a.ReceiptHandle!);
    expect(await receiveBodies()).toEqual(['g1-m2']);
    expect(await receiveBodies()).toEqual([]);
  });

  it('lets two clients of the same mock share the groups', async () => {
    const { SQSClient } = await import('@aws-sdk/client-sqs');
    const { networkTrap } = await import('../helpers.js');
    const other = new SQSClient({ region: aws.region, requestHandler: networkTrap });
    other.middlewareStack.use(aws.sqs);
    await sendGroups(['g1', 2], ['g2', 1]);
    expect(await receiveBodies({ MaxNumberOfMessages: 1 })).toEqual(['g1-m1']);
    expect(bodies(await receive(other, queueUrl, { MaxNumberOfMessages: 10 }))).toEqual(['g2-m1']);
  });
});

describe('message counts', () => {
  it('counts messages waiting behind a message in flight as visible: 6 in 3 groups, 2 received → 4 and 2', async () => {
    await createFifoQueue(sqs, 'counts.fifo', { ContentBasedDeduplication: 'true', VisibilityTimeout: '5' });
    const url = queueUrl.replace('q.fifo', 'counts.fifo');
    for (const [group, body] of [
      ['1', 'message-1'],
      ['1', 'message-2'],
      ['2', 'message-3'],
      ['2', 'message-4'],
      ['3', 'message-5'],
      ['3', 'message-6'],
    ]) {
      await sendTo(group!, body!, url);
    }
    const first = await receiveOne(sqs, url, { MessageSystemAttributeNames: ['MessageGroupId'] });
    const second = await receiveOne(sqs, url, { MessageSystemAttributeNames: ['MessageGroupId'] });
    expect([first.Attributes?.MessageGroupId, second.Attributes?.MessageGroupId]).toEqual(['1', '2']);
    expect(await counts(sqs, url)).toEqual({ visible: 4, inFlight: 2, delayed: 0 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await counts(sqs, url)).toEqual({ visible: 6, inFlight: 0, delayed: 0 });
  });

  it('counts what is left after a receive of 4 and its deletes', async () => {
    await sendGroups(['1', 3], ['2', 1], ['3', 1]);
    expect((await counts(sqs, queueUrl)).visible).toBe(5);
    const received = await receive(sqs, queueUrl, { MaxNumberOfMessages: 4 });
    expect((await counts(sqs, queueUrl)).visible).toBe(1);
    for (const message of received) await deleteMessage(message.ReceiptHandle!);
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 1, inFlight: 0, delayed: 0 });
  });
});

describe('system attributes', () => {
  it('returns MessageGroupId, MessageDeduplicationId and SequenceNumber with All', async () => {
    const url = await createFifoQueue(sqs, 'attrs.fifo', { VisibilityTimeout: '0' });
    const { SequenceNumber } = await sqs.send(
      new SendMessageCommand({
        QueueUrl: url,
        MessageBody: 'message-body-1',
        MessageGroupId: 'group-1',
        MessageDeduplicationId: 'dedup-1',
      }),
    );
    const message = await receiveOne(sqs, url, { AttributeNames: ['All'] });
    expect(message.Attributes).toStrictEqual({
      ApproximateFirstReceiveTimestamp: String(T0),
      ApproximateReceiveCount: '1',
      MessageDeduplicationId: 'dedup-1',
      MessageGroupId: 'group-1',
      SenderId: '000000000000',
      SentTimestamp: String(T0),
      SequenceNumber,
    });
  });

  it('counts every receive, also those with visibility timeout 0, and keeps the other attributes', async () => {
    const url = await createFifoQueue(sqs, 'attrs.fifo', { VisibilityTimeout: '0' });
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: url,
        MessageBody: 'b',
        MessageGroupId: 'group-1',
        MessageDeduplicationId: 'dedup-1',
      }),
    );
    const first = await receiveOne(sqs, url, { AttributeNames: ['All'] });
    await vi.advanceTimersByTimeAsync(1_000);
    const second = await receiveOne(sqs, url, { AttributeNames: ['All'] });
    expect(second.ReceiptHandle).not.toBe(first.ReceiptHandle);
    expect(second.Attributes).toStrictEqual({ ...first.Attributes, ApproximateReceiveCount: '2' });
  });

  it('returns only the FIFO attributes asked for', async () => {
    await sendTo('g', 'm');
    const message = await receiveOne(sqs, queueUrl, {
      MessageSystemAttributeNames: ['MessageGroupId', 'SequenceNumber'],
    });
    expect(Object.keys(message.Attributes!).sort()).toEqual(['MessageGroupId', 'SequenceNumber']);
  });
});

describe('ReceiveRequestAttemptId', () => {
  async function receiveWith(attemptId: string, input: ReceiveInput = {}): Promise<Message[]> {
    return receive(sqs, queueUrl, { MaxNumberOfMessages: 10, ReceiveRequestAttemptId: attemptId, ...input });
  }

  it('answers a retry with the same messages and the same receipt handles', async () => {
    await sendGroups(['g1', 2]);
    const first = await receiveWith('attempt-1');
    expect(bodies(first)).toEqual(['g1-m1', 'g1-m2']);
    const retry = await receiveWith('attempt-1');
    expect(retry).toEqual(first);
  });

  it('restarts the visibility timeout of what a retry returns', async () => {
    await sendGroups(['g1', 1]);
    await receiveWith('attempt-1', { VisibilityTimeout: 30 });
    await vi.advanceTimersByTimeAsync(20_000);
    await receiveWith('attempt-1', { VisibilityTimeout: 30 });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(await receiveBodies()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await receiveBodies()).toEqual(['g1-m1']);
  });

  it('does not count a retry as another receive', async () => {
    await sendGroups(['g1', 1]);
    await receiveWith('attempt-1');
    const [retried] = await receiveWith('attempt-1', { MessageSystemAttributeNames: ['ApproximateReceiveCount'] });
    expect(retried!.Attributes).toStrictEqual({ ApproximateReceiveCount: '1' });
  });

  it('is honoured for five minutes after the receive, not longer', async () => {
    await sendGroups(['g1', 1]);
    const [first] = await receiveWith('attempt-1', { VisibilityTimeout: 3_600 });
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 1);
    expect((await receiveWith('attempt-1', { VisibilityTimeout: 3_600 }))[0]?.ReceiptHandle).toBe(first!.ReceiptHandle);
    await vi.advanceTimersByTimeAsync(1);
    expect(await receiveWith('attempt-1')).toEqual([]);
  });

  it('receives anew once one of the messages was deleted', async () => {
    await sendGroups(['g1', 2], ['g2', 1]);
    const first = await receiveWith('attempt-1', { MaxNumberOfMessages: 2 });
    await deleteMessage(first[0]!.ReceiptHandle!);
    expect(bodies(await receiveWith('attempt-1'))).toEqual(['g2-m1']);
  });

  it('receives anew once one of the messages had its visibility changed', async () => {
    await sendGroups(['g1', 2], ['g2', 1]);
    const first = await receiveWith('attempt-1', { MaxNumberOfMessages: 2 });
    await changeVisibility(first[1]!.ReceiptHandle!, 60);
    expect(bodies(await receiveWith('attempt-1'))).toEqual(['g2-m1']);
  });

  it('receives anew, with new receipt handles, once the visibility timeout ended', async () => {
    await sendGroups(['g1', 1]);
    const [first] = await receiveWith('attempt-1', { VisibilityTimeout: 10 });
    await vi.advanceTimersByTimeAsync(10_000);
    const [again] = await receiveWith('attempt-1', { MessageSystemAttributeNames: ['ApproximateReceiveCount'] });
    expect(again!.MessageId).toBe(first!.MessageId);
    expect(again!.ReceiptHandle).not.toBe(first!.ReceiptHandle);
    expect(again!.Attributes).toStrictEqual({ ApproximateReceiveCount: '2' });
  });

  it('keeps different attempt ids apart', async () => {
    await sendGroups(['g1', 1], ['g2', 1]);
    expect(bodies(await receiveWith('a', { MaxNumberOfMessages: 1 }))).toEqual(['g1-m1']);
    expect(bodies(await receiveWith('b', { MaxNumberOfMessages: 1 }))).toEqual(['g2-m1']);
    expect(bodies(await receiveWith('a', { MaxNumberOfMessages: 1 }))).toEqual(['g1-m1']);
  });

  it('is ignored on a standard queue', async () => {
    const url = await createQueue(sqs, 'standard');
    for (const body of ['m1', 'm2']) await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: body }));
    const first = await receive(sqs, url, { ReceiveRequestAttemptId: 'attempt-1' });
    const second = await receive(sqs, url, { ReceiveRequestAttemptId: 'attempt-1' });
    expect([...bodies(first), ...bodies(second)]).toEqual(['m1', 'm2']);
  });

  it.each([
    ['with a space', 'attempt 1'],
    ['of 129 characters', 'a'.repeat(129)],
    ['empty', ''],
  ])('must be alphanumeric and punctuation, 1 to 128 characters: refuses one %s', async (_case, attemptId) => {
    await expectInvalidParameterValue(
      receive(sqs, queueUrl, { ReceiveRequestAttemptId: attemptId }),
      `Value ${attemptId} for parameter ReceiveRequestAttemptId is invalid. Reason: ReceiveRequestAttemptId can only include alphanumeric and punctuation characters. 1 to 128 in length.`,
    );
  });
});

describe('in-flight limit', () => {
  /** A minimal stored message, for driving the queue model without the SDK. */
  function content(id: string, group: string): MessageContent {
    return {
      messageId: id,
      body: id,
      md5OfBody: '',
      messageAttributes: {},
      md5OfMessageAttributes: undefined,
      systemAttributes: {},
      md5OfMessageSystemAttributes: undefined,
      sentTimestamp: T0,
      senderId: '000000000000',
      messageGroupId: group,
      messageDeduplicationId: id,
      sequenceNumber: undefined,
    };
  }

  it('returns nothing, and no error, with 120,000 messages in flight; one delete makes room for one', async () => {
    // 120,000 sends and receives through the SDK would take half a minute: the queue model is driven directly,
    // and a seeded mock makes the 120,000 receipt handles cheap.
    ({ aws, sqs } = sqsSetup({ seed: 1 }));
    queueUrl = await createFifoQueue(sqs, 'q.fifo', { ContentBasedDeduplication: 'true' });
    const queue = aws.sqs.backend.findByName('q.fifo')!;
    for (let g = 0; g < 12_000; g++)
      for (let i = 0; i < 10; i++) queue.send(content(`g${g}-m${i}`, `g${g}`), undefined);
    let handle = '';
    for (let g = 0; g < 12_000; g++) handle = queue.receive(10, 600)[9]!.receiptHandle;
    await sendGroups(['last', 2]);
    await sendGroups(['later', 1]);
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 3, inFlight: 120_000, delayed: 0 });
    expect(await receiveBodies({ MaxNumberOfMessages: 10 })).toEqual([]);
    await deleteMessage(handle);
    expect(await receiveBodies({ MaxNumberOfMessages: 10 })).toEqual(['last-m1']);
  });
});

describe('receipt handles', () => {
  it('refuses DeleteMessage with a handle whose visibility timeout ended: the receipt handle has expired', async () => {
    await sendTo('1', 'g1-m1');
    const { ReceiptHandle } = await receiveOne(sqs, queueUrl, { VisibilityTimeout: 1 });
    await vi.advanceTimersByTimeAsync(1_000);
    await expectInvalidParameterValue(deleteMessage(ReceiptHandle!), expiredHandleText(ReceiptHandle!));
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 1, inFlight: 0, delayed: 0 });
  });

  it('refuses ChangeMessageVisibility with a handle whose visibility timeout ended', async () => {
    await sendTo('1', 'g1-m1');
    const { ReceiptHandle } = await receiveOne(sqs, queueUrl, { VisibilityTimeout: 1 });
    await vi.advanceTimersByTimeAsync(1_000);
    await expectInvalidParameterValue(changeVisibility(ReceiptHandle!, 30), expiredHandleText(ReceiptHandle!));
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 1, inFlight: 0, delayed: 0 });
  });

  it('accepts a handle whose visibility was extended, after the original timeout', async () => {
    await sendTo('1', 'foobar');
    const { ReceiptHandle } = await receiveOne(sqs, queueUrl, { VisibilityTimeout: 1 });
    await changeVisibility(ReceiptHandle!, 5);
    await vi.advanceTimersByTimeAsync(1_500);
    await deleteMessage(ReceiptHandle!);
    expect(await receiveBodies()).toEqual([]);
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('refuses the old handle after the message was received again, and accepts the new one', async () => {
    await sendTo('1', 'm');
    const first = await receiveOne(sqs, queueUrl, { VisibilityTimeout: 0 });
    const second = await receiveOne(sqs, queueUrl);
    await expectInvalidParameterValue(deleteMessage(first.ReceiptHandle!), expiredHandleText(first.ReceiptHandle!));
    await expectInvalidParameterValue(
      changeVisibility(first.ReceiptHandle!, 0),
      expiredHandleText(first.ReceiptHandle!),
    );
    await deleteMessage(second.ReceiptHandle!);
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('reports an expired handle as a failed DeleteMessageBatch entry', async () => {
    await sendGroups(['g1', 1], ['g2', 1]);
    const [expired] = await receive(sqs, queueUrl, { VisibilityTimeout: 0 });
    const [current] = await receive(sqs, queueUrl, { MaxNumberOfMessages: 10 });
    expect(current!.Body).toBe('g2-m1');
    const result = await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: [
          { Id: 'old', ReceiptHandle: expired!.ReceiptHandle! },
          { Id: 'new', ReceiptHandle: current!.ReceiptHandle! },
        ],
      }),
    );
    expect(result.Successful).toEqual([{ Id: 'new' }]);
    expect(result.Failed).toEqual([
      {
        Id: 'old',
        SenderFault: true,
        Code: 'InvalidParameterValue',
        Message: expiredHandleText(expired!.ReceiptHandle!),
      },
    ]);
  });

  it('reports an expired handle as a failed ChangeMessageVisibilityBatch entry', async () => {
    await sendTo('1', 'm');
    const { ReceiptHandle } = await receiveOne(sqs, queueUrl, { VisibilityTimeout: 1 });
    await vi.advanceTimersByTimeAsync(1_000);
    const result = await sqs.send(
      new ChangeMessageVisibilityBatchCommand({
        QueueUrl: queueUrl,
        Entries: [{ Id: 'a', ReceiptHandle: ReceiptHandle!, VisibilityTimeout: 10 }],
      }),
    );
    expect(result.Failed).toEqual([
      { Id: 'a', SenderFault: true, Code: 'InvalidParameterValue', Message: expiredHandleText(ReceiptHandle!) },
    ]);
  });

  it('accepts deleting an already deleted message again', async () => {
    await sendTo('1', 'm');
    const { ReceiptHandle } = await receiveOne(sqs, queueUrl);
    await deleteMessage(ReceiptHandle!);
    await deleteMessage(ReceiptHandle!);
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('refuses ChangeMessageVisibility for a deleted message', async () => {
    await sendTo('1', 'm');
    const { ReceiptHandle } = await receiveOne(sqs, queueUrl);
    await deleteMessage(ReceiptHandle!);
    await expectInvalidParameterValue(
      changeVisibility(ReceiptHandle!, 10),
      `Value ${ReceiptHandle} for parameter ReceiptHandle is invalid. Reason: Message does not exist or is not available for visibility timeout change.`,
    );
  });

  it('refuses a malformed handle with ReceiptHandleIsInvalid', async () => {
    await expectSqsError(
      deleteMessage('garbage'),
      ReceiptHandleIsInvalid,
      'ReceiptHandleIsInvalid',
      'The input receipt handle "garbage" is not a valid receipt handle.',
    );
  });
});

describe('long polling', () => {
  it('answers as soon as the message in flight that locks the group is deleted', async () => {
    await sendGroups(['g', 2]);
    const { ReceiptHandle } = await receiveOne(sqs, queueUrl);
    const poll = longPoll();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(poll.settled()).toBe(false);
    await deleteMessage(ReceiptHandle!);
    await vi.advanceTimersByTimeAsync(0);
    expect(poll.settled()).toBe(true);
    expect(polledBodies(poll)).toEqual(['g-m2']);
  });

  it('answers as soon as DeleteMessageBatch unlocks the group', async () => {
    await sendGroups(['g', 2]);
    const { ReceiptHandle } = await receiveOne(sqs, queueUrl);
    const poll = longPoll();
    await vi.advanceTimersByTimeAsync(1_000);
    await sqs.send(
      new DeleteMessageBatchCommand({ QueueUrl: queueUrl, Entries: [{ Id: 'a', ReceiptHandle: ReceiptHandle! }] }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(polledBodies(poll)).toEqual(['g-m2']);
  });

  it('answers when the first message of the group is made visible with ChangeMessageVisibility 0', async () => {
    await sendGroups(['g', 2]);
    const { ReceiptHandle } = await receiveOne(sqs, queueUrl);
    const poll = longPoll({ MaxNumberOfMessages: 10 });
    await vi.advanceTimersByTimeAsync(1_000);
    await changeVisibility(ReceiptHandle!, 0);
    await vi.advanceTimersByTimeAsync(0);
    expect(polledBodies(poll)).toEqual(['g-m1', 'g-m2']);
  });

  it('answers exactly when the visibility timeout of the locking message ends', async () => {
    await sendGroups(['g', 1]);
    await receiveOne(sqs, queueUrl, { VisibilityTimeout: 5 });
    const poll = longPoll();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(poll.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(polledBodies(poll)).toEqual(['g-m1']);
  });

  it('is not answered by a send to a locked group, but by a send to another group', async () => {
    await sendGroups(['g1', 1]);
    await receiveOne(sqs, queueUrl);
    const poll = longPoll();
    await sendTo('g1', 'g1-m2');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(poll.settled()).toBe(false);
    await sendTo('g2', 'g2-m1');
    await vi.advanceTimersByTimeAsync(0);
    expect(polledBodies(poll)).toEqual(['g2-m1']);
  });

  it('wakes waiting consumers one group each', async () => {
    const first = longPoll({ MaxNumberOfMessages: 10 });
    const second = longPoll({ MaxNumberOfMessages: 10 });
    await sendTo('g1', 'g1-m1');
    await vi.advanceTimersByTimeAsync(0);
    expect(polledBodies(first)).toEqual(['g1-m1']);
    await sendTo('g1', 'g1-m2');
    await vi.advanceTimersByTimeAsync(0);
    expect(second.settled()).toBe(false);
    await sendTo('g2', 'g2-m1');
    await vi.advanceTimersByTimeAsync(0);
    expect(polledBodies(second)).toEqual(['g2-m1']);
  });

  it('answers when the retention of the locking message ends', async () => {
    await setAttributes(sqs, queueUrl, { MessageRetentionPeriod: '60' });
    await sendTo('g', 'g-m1');
    await vi.advanceTimersByTimeAsync(30_000);
    await sendTo('g', 'g-m2');
    await receiveOne(sqs, queueUrl, { VisibilityTimeout: 600 });
    await vi.advanceTimersByTimeAsync(15_000);
    const poll = longPoll();
    await vi.advanceTimersByTimeAsync(14_999);
    expect(poll.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(polledBodies(poll)).toEqual(['g-m2']);
  });

  it('answers empty at the end of the wait while the group stays locked', async () => {
    await sendGroups(['g', 2]);
    await receiveOne(sqs, queueUrl, { VisibilityTimeout: 60 });
    const poll = longPoll();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(poll.settled()).toBe(true);
    expect(poll.value()).not.toHaveProperty('Messages');
  });
});
