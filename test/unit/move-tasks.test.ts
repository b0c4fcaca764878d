import FakeTimers from '@sinonjs/fake-timers';
import { beforeEach, describe, expect, it } from 'vitest';
import { injectedClock } from '../../src/core/clock.js';
import { createIdSource } from '../../src/core/ids.js';
import { QueuedMessage, type MessageContent } from '../../src/services/sqs/messages/message.js';
import { decodeTaskHandle, encodeTaskHandle } from '../../src/services/sqs/move-tasks.js';
import { defaultQueueSettings } from '../../src/services/sqs/queue-attributes.js';
import type { Queue } from '../../src/services/sqs/queue.js';
import { SqsBackend } from '../../src/services/sqs/sqs-backend.js';

/** The move task model on an injected clock, below the SDK: what the SDK tests cannot reach. */

const T0 = 1_700_000_000_000;

let clock: FakeTimers.Clock;
let backend: SqsBackend;
let origin: Queue;
let dlq: Queue;

function content(id: string, group?: string): MessageContent {
  return {
    messageId: id,
    body: `body of ${id}`,
    md5OfBody: '',
    messageAttributes: {},
    md5OfMessageAttributes: undefined,
    systemAttributes: {},
    md5OfMessageSystemAttributes: undefined,
    sentTimestamp: T0,
    senderId: '000000000000',
    messageGroupId: group,
    messageDeduplicationId: group === undefined ? undefined : id,
    sequenceNumber: undefined,
  };
}

/** Puts a message into `deadLetterQueue` as a redrive from `from` would. */
function deadLetter(deadLetterQueue: Queue, from: Queue, id: string, group?: string): void {
  deadLetterQueue.acceptDeadLetter(new QueuedMessage(content(id, group), 0, clock.now), from.arn);
}

const ids = (queue: Queue): string[] => queue.messages().map((m) => m.messageId);

beforeEach(() => {
  clock = FakeTimers.createClock(T0);
  backend = new SqsBackend({ region: 'us-east-1', accountId: '000000000000' }, injectedClock(clock), createIdSource(7));
  dlq = backend.create('dlq', defaultQueueSettings(false));
  origin = backend.create('origin', {
    ...defaultQueueSettings(false),
    redrivePolicy: { deadLetterTargetArn: dlq.arn, maxReceiveCount: 1 },
  });
});

describe('task handles', () => {
  it('round-trip through base64 JSON', () => {
    const handle = encodeTaskHandle('id-1', dlq.arn);
    expect(Buffer.from(handle, 'base64').toString('utf8')).toBe(`{"taskId":"id-1","sourceArn":"${dlq.arn}"}`);
    expect(decodeTaskHandle(handle)).toEqual({ taskId: 'id-1', sourceArn: dlq.arn });
  });

  it.each([
    ['not base64 JSON', 'foobared'],
    ['JSON null', Buffer.from('null').toString('base64')],
    ['a missing sourceArn', Buffer.from('{"taskId":"x"}').toString('base64')],
    ['a numeric taskId', Buffer.from('{"taskId":1,"sourceArn":"a"}').toString('base64')],
  ])('reject %s', (_, handle) => {
    expect(decodeTaskHandle(handle)).toBeUndefined();
  });
});

describe('the model on an injected clock', () => {
  it('runs its one timer on the injected clock and drops it when done', async () => {
    for (const id of ['a', 'b', 'c']) deadLetter(dlq, origin, id);
    const task = backend.moveTasks.start({ source: dlq, destination: undefined, maxNumberOfMessagesPerSecond: 2 });
    expect(clock.countTimers()).toBe(1);
    await clock.tickAsync(0);
    expect(task.approximateNumberOfMessagesMoved).toBe(1);
    await clock.tickAsync(500);
    expect(task.approximateNumberOfMessagesMoved).toBe(2);
    await clock.tickAsync(500);
    expect({ status: task.status, moved: task.approximateNumberOfMessagesMoved, timers: clock.countTimers() }).toEqual({
      status: 'COMPLETED',
      moved: 3,
      timers: 0,
    });
    expect(origin.messages().map((m) => m.content.body)).toEqual(['body of a', 'body of b', 'body of c']);
  });

  it('leaves a refused message in its place in a standard DLQ', async () => {
    deadLetter(dlq, origin, 'first');
    dlq.send(content('direct'), 0);
    deadLetter(dlq, origin, 'third');
    const task = backend.moveTasks.start({
      source: dlq,
      destination: undefined,
      maxNumberOfMessagesPerSecond: undefined,
    });
    await clock.tickAsync(100);
    expect(task.failureReason).toBe('CouldNotDetermineMessageSource');
    expect(ids(dlq)).toEqual(['direct', 'third']);
    expect(dlq.messages().map((m) => m.state)).toEqual(['visible', 'visible']);
    expect(dlq.counts()).toEqual({ visible: 2, inFlight: 0, delayed: 0 });
    expect(dlq.receive(10, 30).map((r) => r.message.messageId)).toEqual(['direct', 'third']);
  });

  it('leaves a refused message at the head of its FIFO group', async () => {
    const fifoDlq = backend.create('dlq.fifo', { ...defaultQueueSettings(true) });
    const fifoOrigin = backend.create('origin.fifo', {
      ...defaultQueueSettings(true),
      redrivePolicy: { deadLetterTargetArn: fifoDlq.arn, maxReceiveCount: 1 },
    });
    fifoDlq.send(content('g-direct', 'g'), 0);
    deadLetter(fifoDlq, fifoOrigin, 'g-next', 'g');
    const task = backend.moveTasks.start({
      source: fifoDlq,
      destination: undefined,
      maxNumberOfMessagesPerSecond: undefined,
    });
    await clock.tickAsync(100);
    expect(task.status).toBe('FAILED');
    expect(fifoDlq.receive(10, 30).map((r) => r.message.messageId)).toEqual(['g-direct', 'g-next']);
  });

  it('fails when the destination was replaced by a new queue of the same name', async () => {
    const destination = backend.create('dest', defaultQueueSettings(false));
    for (const id of ['a', 'b']) deadLetter(dlq, origin, id);
    const task = backend.moveTasks.start({ source: dlq, destination, maxNumberOfMessagesPerSecond: 1 });
    await clock.tickAsync(0);
    backend.delete(destination);
    const replacement = backend.create('dest', defaultQueueSettings(false)); // the model skips the 60 s name lock
    await clock.tickAsync(1000);
    expect({ status: task.status, reason: task.failureReason, moved: task.approximateNumberOfMessagesMoved }).toEqual({
      status: 'FAILED',
      reason: 'AWS.SimpleQueueService.NonExistentQueue',
      moved: 1,
    });
    expect(replacement.messages()).toEqual([]);
  });

  it('reset stops the tasks of every source', () => {
    const otherDlq = backend.create('other-dlq', defaultQueueSettings(false));
    deadLetter(dlq, origin, 'a');
    deadLetter(otherDlq, origin, 'b');
    backend.moveTasks.start({ source: dlq, destination: undefined, maxNumberOfMessagesPerSecond: 1 });
    backend.moveTasks.start({ source: otherDlq, destination: undefined, maxNumberOfMessagesPerSecond: 1 });
    expect(clock.countTimers()).toBe(2);
    backend.reset();
    expect(clock.countTimers()).toBe(0);
  });
});
