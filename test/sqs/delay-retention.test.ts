import { SendMessageBatchCommand, SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import { sqsSetup } from '../helpers.js';
import { counts, createQueue, receive, receiveOne, setAttributes, T0 } from './message-support.js';

let aws: AwsMock;
let sqs: SQSClient;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  ({ aws, sqs } = sqsSetup());
});
afterEach(() => vi.useRealTimers());

async function send(queueUrl: string, body: string, delaySeconds?: number): Promise<void> {
  await sqs.send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: body,
      ...(delaySeconds === undefined ? {} : { DelaySeconds: delaySeconds }),
    }),
  );
}

async function bodies(queueUrl: string): Promise<string[]> {
  return (await receive(sqs, queueUrl, { MaxNumberOfMessages: 10 })).map((m) => m.Body!).sort();
}

describe('queue DelaySeconds', () => {
  it('hides a new message until the delay has passed, to the millisecond', async () => {
    const queueUrl = await createQueue(sqs, 'q', { DelaySeconds: '10' });
    await send(queueUrl, 'm');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(await receive(sqs, queueUrl)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await bodies(queueUrl)).toEqual(['m']);
  });

  it('counts a delayed message in ApproximateNumberOfMessagesDelayed until it is due', async () => {
    const queueUrl = await createQueue(sqs, 'q', { DelaySeconds: '5' });
    await send(queueUrl, 'm');
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 1 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 1, inFlight: 0, delayed: 0 });
  });

  it('shows a delayed message as delayed in the queue view', async () => {
    const queueUrl = await createQueue(sqs, 'q', { DelaySeconds: '5' });
    await send(queueUrl, 'm');
    expect(
      aws.sqs
        .queue('q')
        .messages()
        .map((m) => m.state),
    ).toEqual(['delayed']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(
      aws.sqs
        .queue('q')
        .messages()
        .map((m) => m.state),
    ).toEqual(['visible']);
  });

  it('does not re-time messages already delayed when the queue delay changes', async () => {
    const queueUrl = await createQueue(sqs, 'q', { DelaySeconds: '10' });
    await send(queueUrl, 'before');
    await setAttributes(sqs, queueUrl, { DelaySeconds: '0' });
    await send(queueUrl, 'after');
    expect(await bodies(queueUrl)).toEqual(['after']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await bodies(queueUrl)).toEqual(['before']);
  });
});

describe('per-message DelaySeconds', () => {
  it('delays a message on a queue without a delay', async () => {
    const queueUrl = await createQueue(sqs, 'q');
    await send(queueUrl, 'm', 3);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(await receive(sqs, queueUrl)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await bodies(queueUrl)).toEqual(['m']);
  });

  it('overrides the queue delay', async () => {
    const queueUrl = await createQueue(sqs, 'q', { DelaySeconds: '60' });
    await send(queueUrl, 'm', 3);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await bodies(queueUrl)).toEqual(['m']);
  });

  it('overrides the queue delay with 0', async () => {
    const queueUrl = await createQueue(sqs, 'q', { DelaySeconds: '60' });
    await send(queueUrl, 'now', 0);
    await send(queueUrl, 'later');
    expect(await bodies(queueUrl)).toEqual(['now']);
    expect((await counts(sqs, queueUrl)).delayed).toBe(1);
  });

  it('applies to each batch entry on its own', async () => {
    const queueUrl = await createQueue(sqs, 'q', { DelaySeconds: '20' });
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: [
          { Id: 'a', MessageBody: 'a', DelaySeconds: 0 },
          { Id: 'b', MessageBody: 'b', DelaySeconds: 10 },
          { Id: 'c', MessageBody: 'c' },
        ],
      }),
    );
    expect(await bodies(queueUrl)).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await bodies(queueUrl)).toEqual(['b']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await bodies(queueUrl)).toEqual(['c']);
  });

  it('keeps SentTimestamp at the send, not at the end of the delay', async () => {
    const queueUrl = await createQueue(sqs, 'q');
    await send(queueUrl, 'm', 7);
    await vi.advanceTimersByTimeAsync(7_000);
    const message = await receiveOne(sqs, queueUrl, {
      MessageSystemAttributeNames: ['SentTimestamp', 'ApproximateFirstReceiveTimestamp'],
    });
    expect(message.Attributes).toEqual({
      SentTimestamp: String(T0),
      ApproximateFirstReceiveTimestamp: String(T0 + 7_000),
    });
  });
});

describe('MessageRetentionPeriod', () => {
  it('drops a visible message when its retention ends', async () => {
    const queueUrl = await createQueue(sqs, 'q', { MessageRetentionPeriod: '60' });
    await send(queueUrl, 'm');
    await vi.advanceTimersByTimeAsync(59_999);
    expect((await counts(sqs, queueUrl)).visible).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
    expect(await receive(sqs, queueUrl)).toEqual([]);
  });

  it('drops an in-flight message when its retention ends', async () => {
    const queueUrl = await createQueue(sqs, 'q', { MessageRetentionPeriod: '60' });
    await send(queueUrl, 'm');
    await receiveOne(sqs, queueUrl, { VisibilityTimeout: 300 });
    await vi.advanceTimersByTimeAsync(59_999);
    expect((await counts(sqs, queueUrl)).inFlight).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
    await vi.advanceTimersByTimeAsync(300_000);
    expect(await receive(sqs, queueUrl)).toEqual([]);
  });

  it('counts retention from the send, whatever happened since', async () => {
    const queueUrl = await createQueue(sqs, 'q', { MessageRetentionPeriod: '60' });
    await send(queueUrl, 'old');
    await vi.advanceTimersByTimeAsync(30_000);
    await send(queueUrl, 'new');
    await receive(sqs, queueUrl, { MaxNumberOfMessages: 10, VisibilityTimeout: 0 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await bodies(queueUrl)).toEqual(['new']);
  });

  it('expires existing messages at once when retention is lowered below their age', async () => {
    const queueUrl = await createQueue(sqs, 'q');
    await send(queueUrl, 'old');
    await vi.advanceTimersByTimeAsync(100_000);
    await send(queueUrl, 'young');
    await setAttributes(sqs, queueUrl, { MessageRetentionPeriod: '60' });
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 1, inFlight: 0, delayed: 0 });
    expect(await bodies(queueUrl)).toEqual(['young']);
  });

  it('keeps existing messages longer when retention is raised', async () => {
    const queueUrl = await createQueue(sqs, 'q', { MessageRetentionPeriod: '60' });
    await send(queueUrl, 'm');
    await vi.advanceTimersByTimeAsync(30_000);
    await setAttributes(sqs, queueUrl, { MessageRetentionPeriod: '120' });
    await vi.advanceTimersByTimeAsync(89_999);
    expect(await bodies(queueUrl)).toEqual(['m']);
  });

  it('keeps messages four days by default', async () => {
    const queueUrl = await createQueue(sqs, 'q');
    await send(queueUrl, 'm');
    await vi.advanceTimersByTimeAsync(345_600_000 - 1);
    expect((await counts(sqs, queueUrl)).visible).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await counts(sqs, queueUrl)).visible).toBe(0);
  });

  it('removes expired messages from the queue view', async () => {
    const queueUrl = await createQueue(sqs, 'q', { MessageRetentionPeriod: '60' });
    await send(queueUrl, 'm');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(aws.sqs.queue('q').messages()).toEqual([]);
  });
});
