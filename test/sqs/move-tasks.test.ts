import {
  CancelMessageMoveTaskCommand,
  DeleteMessageCommand,
  DeleteQueueCommand,
  ListMessageMoveTasksCommand,
  ReceiveMessageCommand,
  ResourceNotFoundException,
  SendMessageCommand,
  SQSServiceException,
  StartMessageMoveTaskCommand,
  type ListMessageMoveTasksResultEntry,
  type MessageAttributeValue,
  type SQSClient,
  type StartMessageMoveTaskCommandInput,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import { rejectionOf, sqsSetup } from '../helpers.js';
import {
  counts,
  createQueue,
  expectInvalidParameterValue,
  expectMissingParameter,
  expectSqsError,
  queueArn,
  receive,
  receiveOne,
  T0,
  UUID_V4,
} from './message-support.js';

/**
 * StartMessageMoveTask, ListMessageMoveTasks and CancelMessageMoveTask through the SDK (docs/aws-behaviour/sqs.md
 * §4.19–4.21, §10).
 */

const ACCOUNT = '000000000000';
const arnOf = (name: string): string => `arn:aws:sqs:us-east-1:${ACCOUNT}:${name}`;
const ARN_FORMAT = (parameter: string): string =>
  `You must use this format to specify the ${parameter}: arn:<partition>:<service>:<region>:<account-id>:<resource-id>`;
const NOT_FOUND = (parameter: string): string =>
  `The resource that you specified for the ${parameter} parameter doesn't exist.`;

let aws: AwsMock;
let sqs: SQSClient;
let srcUrl: string;
let dlqUrl: string;
let dlqArn: string;
let destUrl: string;
let destArn: string;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  ({ aws, sqs } = sqsSetup());
  dlqUrl = await createQueue(sqs, 'dlq');
  dlqArn = await queueArn(sqs, dlqUrl);
  srcUrl = await sourceOf(dlqArn, 'src');
  destUrl = await createQueue(sqs, 'dest');
  destArn = await queueArn(sqs, destUrl);
});
afterEach(() => vi.useRealTimers());

/** A queue that dead-letters a message into `deadLetterArn` at its second receive. */
function sourceOf(deadLetterArn: string, name: string, attributes: Record<string, string> = {}): Promise<string> {
  return createQueue(sqs, name, {
    ...attributes,
    RedrivePolicy: JSON.stringify({ deadLetterTargetArn: deadLetterArn, maxReceiveCount: 1 }),
  });
}

async function send(queueUrl: string, body: string, extra: Record<string, unknown> = {}): Promise<string> {
  const { MessageId } = await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body, ...extra }));
  return MessageId!;
}

/** Sends each body to `sourceUrl` and redrives it into its DLQ: one receive returns them, the next moves them. */
async function deadLetter(sourceUrl: string, bodies: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const body of bodies) ids.push(await send(sourceUrl, body));
  for (let i = 0; i < bodies.length; i += 10)
    await receive(sqs, sourceUrl, { MaxNumberOfMessages: 10, VisibilityTimeout: 0 });
  while ((await counts(sqs, sourceUrl)).visible > 0) await receive(sqs, sourceUrl, { MaxNumberOfMessages: 10 });
  return ids;
}

const bodies = (n: number, prefix = 'message'): string[] => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

async function start(input: Partial<StartMessageMoveTaskCommandInput> = {}): Promise<string> {
  const { TaskHandle } = await sqs.send(
    new StartMessageMoveTaskCommand({ SourceArn: dlqArn, ...input } as StartMessageMoveTaskCommandInput),
  );
  return TaskHandle!;
}

async function tasks(sourceArn = dlqArn, maxResults?: number): Promise<ListMessageMoveTasksResultEntry[]> {
  const { Results } = await sqs.send(
    new ListMessageMoveTasksCommand({
      SourceArn: sourceArn,
      ...(maxResults === undefined ? {} : { MaxResults: maxResults }),
    }),
  );
  return Results!;
}

async function latest(sourceArn = dlqArn): Promise<ListMessageMoveTasksResultEntry> {
  return (await tasks(sourceArn))[0]!;
}

/** Status and progress of the latest task, plus the visible counts of the DLQ and of `queueUrl`. */
async function progress(queueUrl = destUrl): Promise<{ status: string; moved: number; inDlq: number; there: number }> {
  const task = await latest();
  return {
    status: task.Status!,
    moved: task.ApproximateNumberOfMessagesMoved!,
    inDlq: (await counts(sqs, dlqUrl)).visible,
    there: (await counts(sqs, queueUrl)).visible,
  };
}

function handleFor(taskId: string, sourceArn: string): string {
  return Buffer.from(JSON.stringify({ taskId, sourceArn }), 'utf8').toString('base64');
}

function decodeHandle(handle: string): unknown {
  return JSON.parse(Buffer.from(handle, 'base64').toString('utf8'));
}

describe('StartMessageMoveTask', () => {
  it('answers a TaskHandle: base64 of {"taskId":<uuid>,"sourceArn":<arn>}', async () => {
    await deadLetter(srcUrl, ['a']);
    const handle = await start({ DestinationArn: destArn });
    const json = Buffer.from(handle, 'base64').toString('utf8');
    expect(json).toMatch(/^\{"taskId":"[^"]+","sourceArn":"[^"]+"\}$/);
    const decoded = decodeHandle(handle) as { taskId: string; sourceArn: string };
    expect(decoded.taskId).toMatch(UUID_V4);
    expect(decoded.sourceArn).toBe(dlqArn);
  });

  it('moves every message to the destination and lists the task as COMPLETED, as AWS does', async () => {
    await deadLetter(srcUrl, ['message-1', 'message-2']);
    await start({ DestinationArn: destArn });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await tasks()).toEqual([
      {
        Status: 'COMPLETED',
        SourceArn: dlqArn,
        DestinationArn: destArn,
        ApproximateNumberOfMessagesMoved: 2,
        ApproximateNumberOfMessagesToMove: 2,
        StartedTimestamp: T0,
      },
    ]);
    const received = await receive(sqs, destUrl, { MaxNumberOfMessages: 10 });
    expect(received.map((m) => m.Body).sort()).toEqual(['message-1', 'message-2']);
    expect(await counts(sqs, dlqUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('runs asynchronously: nothing moves during the call, the first message as soon as the timers run', async () => {
    await deadLetter(srcUrl, ['a', 'b']);
    await start({ DestinationArn: destArn, MaxNumberOfMessagesPerSecond: 1 });
    expect(await progress()).toEqual({ status: 'RUNNING', moved: 0, inDlq: 2, there: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(await progress()).toEqual({ status: 'RUNNING', moved: 1, inDlq: 1, there: 1 });
  });

  it('requires a destination of the same queue type as the source (FIFO with FIFO, standard with standard)', async () => {
    const fifoDlqUrl = await createQueue(sqs, 'dlq.fifo', { FifoQueue: 'true' });
    const fifoDlqArn = await queueArn(sqs, fifoDlqUrl);
    await sourceOf(fifoDlqArn, 'src.fifo', { FifoQueue: 'true' });
    await expectInvalidParameterValue(
      sqs.send(new StartMessageMoveTaskCommand({ SourceArn: fifoDlqArn, DestinationArn: destArn })),
      'The source queue and destination queue must be of the same queue type.',
    );
    const fifoDestUrl = await createQueue(sqs, 'dest.fifo', { FifoQueue: 'true' });
    await expectInvalidParameterValue(
      start({ DestinationArn: await queueArn(sqs, fifoDestUrl) }),
      'The source queue and destination queue must be of the same queue type.',
    );
    expect(
      await sqs.send(
        new StartMessageMoveTaskCommand({ SourceArn: fifoDlqArn, DestinationArn: await queueArn(sqs, fifoDestUrl) }),
      ),
    ).toHaveProperty('TaskHandle');
  });

  describe('rejects', () => {
    it('a missing SourceArn with MissingParameter', async () => {
      await expectMissingParameter(
        sqs.send(new StartMessageMoveTaskCommand({} as StartMessageMoveTaskCommandInput)),
        'SourceArn',
      );
    });

    it.each([[''], ['not-an-arn'], ['arn:aws:sqs:us-east-1']])('the SourceArn %j: not an ARN', async (sourceArn) => {
      await expectInvalidParameterValue(start({ SourceArn: sourceArn }), ARN_FORMAT('SourceArn'));
    });

    it.each([[''], ['dest']])('the DestinationArn %j: not an ARN', async (destinationArn) => {
      await expectInvalidParameterValue(start({ DestinationArn: destinationArn }), ARN_FORMAT('DestinationArn'));
    });

    it.each([[0], [501], [-1], [1.5]])('MaxNumberOfMessagesPerSecond %j: outside 1–500', async (rate) => {
      await expectInvalidParameterValue(
        start({ DestinationArn: destArn, MaxNumberOfMessagesPerSecond: rate }),
        "Value for parameter MaxNumberOfMessagesPerSecond is invalid. Reason: You must enter a number that's between 1 and 500.",
      );
    });

    it('a source queue that does not exist, with ResourceNotFoundException (404)', async () => {
      const error = await rejectionOf(start({ SourceArn: arnOf('nope') }));
      await expectSqsError(
        Promise.reject(error),
        ResourceNotFoundException,
        'ResourceNotFoundException',
        NOT_FOUND('SourceArn'),
      );
      expect((error['$metadata'] as { httpStatusCode: number }).httpStatusCode).toBe(404);
    });

    it.each([
      ['another region', 'arn:aws:sqs:eu-west-1:000000000000:dlq'],
      ['another account', 'arn:aws:sqs:us-east-1:111122223333:dlq'],
      ['another service', 'arn:aws:sns:us-east-1:000000000000:dlq'],
    ])('a source ARN of %s as one that does not exist', async (_, sourceArn) => {
      await expectSqsError(
        start({ SourceArn: sourceArn }),
        ResourceNotFoundException,
        'ResourceNotFoundException',
        NOT_FOUND('SourceArn'),
      );
    });

    it('a source that is no queue’s dead-letter queue', async () => {
      await expectInvalidParameterValue(
        start({ SourceArn: destArn, DestinationArn: dlqArn }),
        'Source queue must be configured as a Dead Letter Queue.',
      );
    });

    it('a destination queue that does not exist, with ResourceNotFoundException', async () => {
      await expectSqsError(
        start({ DestinationArn: `${destArn}doesntexist` }),
        ResourceNotFoundException,
        'ResourceNotFoundException',
        NOT_FOUND('DestinationArn'),
      );
    });

    it('the same queue as source and destination', async () => {
      await expectInvalidParameterValue(
        start({ DestinationArn: dlqArn }),
        'Source queue arn and destination queue arn cannot be the same.',
      );
    });

    it('a second task while one is running, and accepts one once it has ended', async () => {
      await deadLetter(srcUrl, bodies(3));
      await start({ DestinationArn: destArn, MaxNumberOfMessagesPerSecond: 1 });
      await expectInvalidParameterValue(
        start({ DestinationArn: destArn, MaxNumberOfMessagesPerSecond: 1 }),
        'There is already a task running. Only one active task is allowed for a source queue arn at a given time.',
      );
      await vi.advanceTimersByTimeAsync(2000);
      expect((await latest()).Status).toBe('COMPLETED');
      await start({ DestinationArn: destArn });
      expect(await tasks(dlqArn, 10)).toHaveLength(2);
    });
  });
});

describe('pace', () => {
  it('moves 4 messages at 1/s: the first at once, then one a second, and completes with the fourth', async () => {
    await deadLetter(srcUrl, bodies(4));
    await start({ DestinationArn: destArn, MaxNumberOfMessagesPerSecond: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(await progress()).toEqual({ status: 'RUNNING', moved: 1, inDlq: 3, there: 1 });
    await vi.advanceTimersByTimeAsync(999);
    expect(await progress()).toEqual({ status: 'RUNNING', moved: 1, inDlq: 3, there: 1 });
    await vi.advanceTimersByTimeAsync(1);
    expect(await progress()).toEqual({ status: 'RUNNING', moved: 2, inDlq: 2, there: 2 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await progress()).toEqual({ status: 'RUNNING', moved: 3, inDlq: 1, there: 3 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await progress()).toEqual({ status: 'COMPLETED', moved: 4, inDlq: 0, there: 4 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('moves 500 messages a second when no rate is given: one every 2 ms', async () => {
    await deadLetter(srcUrl, bodies(10));
    await start({ DestinationArn: destArn });
    await vi.advanceTimersByTimeAsync(17);
    expect(await progress()).toEqual({ status: 'RUNNING', moved: 9, inDlq: 1, there: 9 });
    await vi.advanceTimersByTimeAsync(1);
    expect(await progress()).toEqual({ status: 'COMPLETED', moved: 10, inDlq: 0, there: 10 });
  });

  it('spaces messages by 1/rate seconds measured from the start (3/s: at 0, 334, 667, 1000 ms)', async () => {
    await deadLetter(srcUrl, bodies(5));
    await start({ DestinationArn: destArn, MaxNumberOfMessagesPerSecond: 3 });
    const movedAt = async (ms: number): Promise<number> => {
      await vi.advanceTimersByTimeAsync(ms);
      return (await latest()).ApproximateNumberOfMessagesMoved!;
    };
    expect([await movedAt(333), await movedAt(1), await movedAt(332), await movedAt(1), await movedAt(333)]).toEqual([
      1, 2, 2, 3, 4,
    ]);
  });

  it('catches up at once when the clock jumped ahead of the timers', async () => {
    await deadLetter(srcUrl, bodies(10));
    await start({ DestinationArn: destArn, MaxNumberOfMessagesPerSecond: 1 });
    await vi.advanceTimersByTimeAsync(0);
    vi.setSystemTime(T0 + 4500); // Date.now() jumps; the pending timer still fires 1 s after it was set
    await vi.advanceTimersToNextTimerAsync();
    // At T0 + 5500 ms messages 0–5 are due.
    expect((await latest()).ApproximateNumberOfMessagesMoved).toBe(6);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('keeps one timer while it runs, and none once no task runs', async () => {
    await deadLetter(srcUrl, bodies(3));
    expect(vi.getTimerCount()).toBe(0);
    await start({ DestinationArn: destArn, MaxNumberOfMessagesPerSecond: 1 });
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect((await latest()).Status).toBe('COMPLETED');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('what a task moves', () => {
  it('counts the messages visible at the start as ApproximateNumberOfMessagesToMove and leaves one in flight', async () => {
    await deadLetter(srcUrl, bodies(3));
    const held = await receiveOne(sqs, dlqUrl, { VisibilityTimeout: 60 });
    await start({ DestinationArn: destArn });
    await vi.advanceTimersByTimeAsync(100);
    const task = await latest();
    expect(task).toMatchObject({
      Status: 'COMPLETED',
      ApproximateNumberOfMessagesToMove: 2,
      ApproximateNumberOfMessagesMoved: 2,
    });
    expect(await counts(sqs, dlqUrl)).toEqual({ visible: 0, inFlight: 1, delayed: 0 });
    await sqs.send(new DeleteMessageCommand({ QueueUrl: dlqUrl, ReceiptHandle: held.ReceiptHandle! }));
  });

  it('completes at once with nothing to move when the DLQ is empty', async () => {
    await start({ DestinationArn: destArn });
    await vi.advanceTimersByTimeAsync(0);
    expect(await tasks()).toEqual([
      expect.objectContaining({
        Status: 'COMPLETED',
        ApproximateNumberOfMessagesToMove: 0,
        ApproximateNumberOfMessagesMoved: 0,
      }),
    ]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('completes early when the DLQ runs out (a consumer took the rest)', async () => {
    await deadLetter(srcUrl, bodies(4));
    await start({ DestinationArn: destArn, MaxNumberOfMessagesPerSecond: 1 });
    await vi.advanceTimersByTimeAsync(0);
    for (const message of await receive(sqs, dlqUrl, { MaxNumberOfMessages: 10 })) {
      await sqs.send(new DeleteMessageCommand({ QueueUrl: dlqUrl, ReceiptHandle: message.ReceiptHandle! }));
    }
    await vi.advanceTimersByTimeAsync(1000);
    expect(await latest()).toMatchObject({
      Status: 'COMPLETED',
      ApproximateNumberOfMessagesToMove: 4,
      ApproximateNumberOfMessagesMoved: 1,
    });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops at ApproximateNumberOfMessagesToMove: a message dead-lettered after the start stays', async () => {
    await deadLetter(srcUrl, bodies(2));
    await start({ DestinationArn: destArn, MaxNumberOfMessagesPerSecond: 1 });
    await deadLetter(srcUrl, ['late']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await progress()).toEqual({ status: 'COMPLETED', moved: 2, inDlq: 1, there: 2 });
    expect((await receiveOne(sqs, dlqUrl)).Body).toBe('late');
  });

  it('keeps body, message attributes and the trace header; the message is new: new MessageId, received afresh', async () => {
    const attributes: Record<string, MessageAttributeValue> = {
      Text: { DataType: 'String', StringValue: 'foobar' },
      Bytes: { DataType: 'Binary', BinaryValue: Uint8Array.of(1, 2, 3) },
      Count: { DataType: 'Number', StringValue: '42' },
    };
    const trace = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';
    const originalId = await send(srcUrl, 'payload', {
      MessageAttributes: attributes,
      MessageSystemAttributes: { AWSTraceHeader: { DataType: 'String', StringValue: trace } },
    });
    await receive(sqs, srcUrl, { VisibilityTimeout: 0 });
    await receive(sqs, srcUrl);
    const inDlq = await receiveOne(sqs, dlqUrl, { VisibilityTimeout: 0, MessageAttributeNames: ['All'] });

    vi.setSystemTime(T0 + 60_000);
    await start({ DestinationArn: destArn });
    await vi.advanceTimersByTimeAsync(0);
    const moved = await receiveOne(sqs, destUrl, {
      MessageAttributeNames: ['All'],
      MessageSystemAttributeNames: ['All'],
    });

    expect(moved.Body).toBe('payload');
    expect(moved.MD5OfBody).toBe(inDlq.MD5OfBody);
    expect(moved.MessageAttributes).toEqual(attributes);
    expect(moved.MD5OfMessageAttributes).toBe(inDlq.MD5OfMessageAttributes);
    expect(moved.Attributes?.['AWSTraceHeader']).toBe(trace);
    // AWS's guide: redriven messages "are assigned a new messageID and enqueueTime".
    expect(moved.MessageId).toMatch(UUID_V4);
    expect(moved.MessageId).not.toBe(originalId);
    expect(moved.Attributes?.['ApproximateReceiveCount']).toBe('1');
    expect(moved.Attributes?.['SentTimestamp']).toBe(String(T0 + 60_000));
    expect(moved.Attributes).not.toHaveProperty('DeadLetterQueueSourceArn');
  });

  it('wakes a long poll waiting on the destination', async () => {
    await deadLetter(srcUrl, ['wake up']);
    const polling = sqs.send(new ReceiveMessageCommand({ QueueUrl: destUrl, WaitTimeSeconds: 20 }));
    await start({ DestinationArn: destArn, MaxNumberOfMessagesPerSecond: 1 });
    await vi.advanceTimersByTimeAsync(0);
    const { Messages } = await polling;
    expect(Messages?.map((m) => m.Body)).toEqual(['wake up']);
  });
});

describe('without a DestinationArn', () => {
  it('returns each message to the queue it was dead-lettered from, two sources at once', async () => {
    const otherUrl = await sourceOf(dlqArn, 'other');
    await deadLetter(srcUrl, ['message-1-1', 'message-1-2']);
    await deadLetter(otherUrl, ['message-2-1', 'message-2-2']);
    await start();
    await vi.advanceTimersByTimeAsync(100);
    expect(await tasks()).toEqual([
      {
        Status: 'COMPLETED',
        SourceArn: dlqArn,
        ApproximateNumberOfMessagesMoved: 4,
        ApproximateNumberOfMessagesToMove: 4,
        StartedTimestamp: T0,
      },
    ]);
    const bodiesIn = async (url: string): Promise<string[]> =>
      (await receive(sqs, url, { MaxNumberOfMessages: 10 })).map((m) => m.Body!).sort();
    expect(await bodiesIn(srcUrl)).toEqual(['message-1-1', 'message-1-2']);
    expect(await bodiesIn(otherUrl)).toEqual(['message-2-1', 'message-2-2']);
    expect((await counts(sqs, dlqUrl)).visible).toBe(0);
  });

  it('fails with CouldNotDetermineMessageSource on a message sent straight to the DLQ, which stays there', async () => {
    const directId = await send(dlqUrl, 'direct');
    await start({ MaxNumberOfMessagesPerSecond: 93 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await tasks()).toEqual([
      {
        Status: 'FAILED',
        FailureReason: 'CouldNotDetermineMessageSource',
        SourceArn: dlqArn,
        MaxNumberOfMessagesPerSecond: 93,
        ApproximateNumberOfMessagesMoved: 0,
        ApproximateNumberOfMessagesToMove: 1,
        StartedTimestamp: T0,
      },
    ]);
    const left = await receiveOne(sqs, dlqUrl, { MessageSystemAttributeNames: ['ApproximateReceiveCount'] });
    expect({ id: left.MessageId, body: left.Body, receives: left.Attributes?.['ApproximateReceiveCount'] }).toEqual({
      id: directId,
      body: 'direct',
      receives: '1',
    });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('moves what it can before the message of unknown origin, and leaves the rest in order', async () => {
    await deadLetter(srcUrl, ['first']);
    await send(dlqUrl, 'direct');
    await deadLetter(srcUrl, ['third']);
    await start();
    await vi.advanceTimersByTimeAsync(100);
    expect(await latest()).toMatchObject({
      Status: 'FAILED',
      FailureReason: 'CouldNotDetermineMessageSource',
      ApproximateNumberOfMessagesMoved: 1,
    });
    expect((await receiveOne(sqs, srcUrl)).Body).toBe('first');
    expect((await receive(sqs, dlqUrl, { MaxNumberOfMessages: 10 })).map((m) => m.Body)).toEqual(['direct', 'third']);
  });

  it('fails with AWS.SimpleQueueService.NonExistentQueue when the original source was deleted', async () => {
    await deadLetter(srcUrl, ['orphan']);
    await sqs.send(new DeleteQueueCommand({ QueueUrl: srcUrl }));
    // The DLQ is still some queue's DLQ, so the task may start.
    await sourceOf(dlqArn, 'still-a-source');
    await start();
    await vi.advanceTimersByTimeAsync(0);
    expect(await latest()).toMatchObject({
      Status: 'FAILED',
      FailureReason: 'AWS.SimpleQueueService.NonExistentQueue',
    });
    expect((await counts(sqs, dlqUrl)).visible).toBe(1);
  });
});

describe('CancelMessageMoveTask', () => {
  it('stops a running task and answers how many it moved; the rest stay in the DLQ', async () => {
    await deadLetter(srcUrl, bodies(10));
    const handle = await start({ DestinationArn: destArn, MaxNumberOfMessagesPerSecond: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await tasks()).toEqual([
      {
        TaskHandle: handle,
        Status: 'RUNNING',
        SourceArn: dlqArn,
        DestinationArn: destArn,
        MaxNumberOfMessagesPerSecond: 1,
        ApproximateNumberOfMessagesMoved: 2,
        ApproximateNumberOfMessagesToMove: 10,
        StartedTimestamp: T0,
      },
    ]);
    const { ApproximateNumberOfMessagesMoved } = await sqs.send(
      new CancelMessageMoveTaskCommand({ TaskHandle: handle }),
    );
    expect(ApproximateNumberOfMessagesMoved).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await tasks()).toEqual([
      {
        Status: 'CANCELLED',
        SourceArn: dlqArn,
        DestinationArn: destArn,
        MaxNumberOfMessagesPerSecond: 1,
        ApproximateNumberOfMessagesMoved: 2,
        ApproximateNumberOfMessagesToMove: 10,
        StartedTimestamp: T0,
      },
    ]);
    expect(await progress()).toEqual({ status: 'CANCELLED', moved: 2, inDlq: 8, there: 2 });
  });

  it('lets a new task start after a cancel', async () => {
    await deadLetter(srcUrl, bodies(3));
    const handle = await start({ DestinationArn: destArn, MaxNumberOfMessagesPerSecond: 1 });
    await sqs.send(new CancelMessageMoveTaskCommand({ TaskHandle: handle }));
    await start({ DestinationArn: destArn });
    await vi.advanceTimersByTimeAsync(10);
    expect((await tasks(dlqArn, 10)).map((t) => [t.Status, t.ApproximateNumberOfMessagesMoved])).toEqual([
      ['COMPLETED', 3],
      ['CANCELLED', 0],
    ]);
  });

  describe('rejects', () => {
    it('a missing TaskHandle with MissingParameter', async () => {
      await expectMissingParameter(
        sqs.send(new CancelMessageMoveTaskCommand({} as { TaskHandle: string })),
        'TaskHandle',
      );
    });

    it.each([['foobared'], [''], [handleFor('x', 'not-an-arn')], [Buffer.from('{"taskId":1}').toString('base64')]])(
      'the handle %j: "Value for parameter TaskHandle is invalid."',
      async (handle) => {
        await expectInvalidParameterValue(
          sqs.send(new CancelMessageMoveTaskCommand({ TaskHandle: handle })),
          'Value for parameter TaskHandle is invalid.',
        );
      },
    );

    it('a handle whose source queue does not exist, with ResourceNotFoundException', async () => {
      const handle = handleFor(
        '10f57157-fc38-4da9-a113-4de7e12d05dd',
        'arn:aws:sqs:us-east-1:878966065785:test-queue-doesnt-exist-123456',
      );
      await expectSqsError(
        sqs.send(new CancelMessageMoveTaskCommand({ TaskHandle: handle })),
        ResourceNotFoundException,
        'ResourceNotFoundException',
        NOT_FOUND('SourceArn'),
      );
    });

    it('a task id the source never had: "Task does not exist."', async () => {
      const handle = handleFor('10f57157-fc38-4da9-a113-4de7e12d05aa', dlqArn);
      await expectSqsError(
        sqs.send(new CancelMessageMoveTaskCommand({ TaskHandle: handle })),
        ResourceNotFoundException,
        'ResourceNotFoundException',
        'Task does not exist.',
      );
    });

    it('a task that is no longer RUNNING (completed, or already cancelled): "Task does not exist."', async () => {
      await deadLetter(srcUrl, bodies(2));
      const completed = await start({ DestinationArn: destArn });
      await vi.advanceTimersByTimeAsync(10);
      const cancelled = await start({ DestinationArn: destArn, MaxNumberOfMessagesPerSecond: 1 });
      await sqs.send(new CancelMessageMoveTaskCommand({ TaskHandle: cancelled }));
      for (const handle of [completed, cancelled]) {
        await expectSqsError(
          sqs.send(new CancelMessageMoveTaskCommand({ TaskHandle: handle })),
          ResourceNotFoundException,
          'ResourceNotFoundException',
          'Task does not exist.',
        );
      }
    });
  });
});

describe('a destination deleted while the task runs', () => {
  it('fails the task with AWS.SimpleQueueService.NonExistentQueue at its next move; the rest stay in the DLQ', async () => {
    await deadLetter(srcUrl, bodies(10));
    await start({ DestinationArn: destArn, MaxNumberOfMessagesPerSecond: 1 });
    await vi.advanceTimersByTimeAsync(2000);
    await sqs.send(new DeleteQueueCommand({ QueueUrl: destUrl }));
    expect((await latest()).Status).toBe('RUNNING');
    await vi.advanceTimersByTimeAsync(1000);
    expect(await tasks()).toEqual([
      {
        Status: 'FAILED',
        FailureReason: 'AWS.SimpleQueueService.NonExistentQueue',
        SourceArn: dlqArn,
        DestinationArn: destArn,
        MaxNumberOfMessagesPerSecond: 1,
        ApproximateNumberOfMessagesMoved: 3,
        ApproximateNumberOfMessagesToMove: 10,
        StartedTimestamp: T0,
      },
    ]);
    expect(await counts(sqs, dlqUrl)).toEqual({ visible: 7, inFlight: 0, delayed: 0 });
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('ListMessageMoveTasks', () => {
  async function startAndFinish(input: Partial<StartMessageMoveTaskCommandInput> = {}): Promise<void> {
    await start({ DestinationArn: destArn, ...input });
    await vi.advanceTimersByTimeAsync(1000);
  }

  it('lists the most recent task by default, up to MaxResults (most recent first)', async () => {
    for (const rate of [1, 2, 3]) await startAndFinish({ MaxNumberOfMessagesPerSecond: rate });
    expect((await tasks()).map((t) => t.MaxNumberOfMessagesPerSecond)).toEqual([3]);
    expect((await tasks(dlqArn, 2)).map((t) => t.MaxNumberOfMessagesPerSecond)).toEqual([3, 2]);
    expect((await tasks(dlqArn, 10)).map((t) => t.MaxNumberOfMessagesPerSecond)).toEqual([3, 2, 1]);
    expect((await tasks(dlqArn, 10)).map((t) => t.StartedTimestamp)).toEqual([T0 + 2000, T0 + 1000, T0]);
  });

  it('keeps the 10 most recent tasks of a source', async () => {
    for (let rate = 1; rate <= 12; rate++) await startAndFinish({ MaxNumberOfMessagesPerSecond: rate });
    expect((await tasks(dlqArn, 10)).map((t) => t.MaxNumberOfMessagesPerSecond)).toEqual([
      12, 11, 10, 9, 8, 7, 6, 5, 4, 3,
    ]);
  });

  it('answers an empty list for a queue that never had a task', async () => {
    expect(await tasks(destArn, 10)).toEqual([]);
  });

  it('rejects MaxResults outside 1–10', async () => {
    for (const maxResults of [0, 11]) {
      await expectInvalidParameterValue(
        tasks(dlqArn, maxResults),
        "Value for parameter MaxResults is invalid. Reason: You must enter a number that's between 1 and 10.",
      );
    }
  });

  it('rejects a missing, malformed or unknown SourceArn', async () => {
    await expectMissingParameter(sqs.send(new ListMessageMoveTasksCommand({} as { SourceArn: string })), 'SourceArn');
    await expectInvalidParameterValue(tasks('dlq'), ARN_FORMAT('SourceArn'));
    await expectSqsError(
      tasks(arnOf('nope')),
      ResourceNotFoundException,
      'ResourceNotFoundException',
      NOT_FOUND('SourceArn'),
    );
  });
});

describe('lifecycle', () => {
  it('aws.reset() stops running tasks and clears their timers', async () => {
    await deadLetter(srcUrl, bodies(5));
    await start({ DestinationArn: destArn, MaxNumberOfMessagesPerSecond: 1 });
    expect(vi.getTimerCount()).toBe(1);
    aws.reset();
    expect(vi.getTimerCount()).toBe(0);
    const newDlqUrl = await createQueue(sqs, 'dlq');
    expect(await tasks(await queueArn(sqs, newDlqUrl), 10)).toEqual([]);
  });

  it('deleting the source queue stops its task and forgets its tasks', async () => {
    await deadLetter(srcUrl, bodies(5));
    await start({ DestinationArn: destArn, MaxNumberOfMessagesPerSecond: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    await sqs.send(new DeleteQueueCommand({ QueueUrl: dlqUrl }));
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await counts(sqs, destUrl)).visible).toBe(2);
    await createQueue(sqs, 'dlq');
    expect(await tasks(dlqArn, 10)).toEqual([]);
  });

  it('is an SQSServiceException subclass for every move task error', async () => {
    const error = await rejectionOf(start({ SourceArn: arnOf('nope') }));
    expect(error).toBeInstanceOf(SQSServiceException);
  });
});

describe('FIFO queues', () => {
  let fifoSrcUrl: string;
  let fifoDlqUrl: string;
  let fifoDlqArn: string;

  beforeEach(async () => {
    fifoDlqUrl = await createQueue(sqs, 'dlq.fifo', { FifoQueue: 'true' });
    fifoDlqArn = await queueArn(sqs, fifoDlqUrl);
    fifoSrcUrl = await sourceOf(fifoDlqArn, 'src.fifo', { FifoQueue: 'true', ContentBasedDeduplication: 'true' });
  });

  /** Dead-letters each body, one at a time, in group `group`. */
  async function deadLetterFifo(group: string, messages: string[]): Promise<void> {
    for (const body of messages) {
      await send(fifoSrcUrl, body, { MessageGroupId: group });
      await receive(sqs, fifoSrcUrl, { VisibilityTimeout: 0 });
      await receive(sqs, fifoSrcUrl);
    }
  }

  it('returns messages from a FIFO DLQ to their FIFO source, each group in order', async () => {
    await deadLetterFifo('g1', ['g1-a', 'g1-b']);
    await deadLetterFifo('g2', ['g2-a']);
    await deadLetterFifo('g1', ['g1-c']);
    expect((await counts(sqs, fifoDlqUrl)).visible).toBe(4);
    await sqs.send(new StartMessageMoveTaskCommand({ SourceArn: fifoDlqArn }));
    await vi.advanceTimersByTimeAsync(100);
    expect((await tasks(fifoDlqArn))[0]).toMatchObject({ Status: 'COMPLETED', ApproximateNumberOfMessagesMoved: 4 });

    const received = await receive(sqs, fifoSrcUrl, {
      MaxNumberOfMessages: 10,
      MessageSystemAttributeNames: ['MessageGroupId'],
    });
    const byGroup = (group: string): string[] =>
      received.filter((m) => m.Attributes?.['MessageGroupId'] === group).map((m) => m.Body!);
    expect(byGroup('g1')).toEqual(['g1-a', 'g1-b', 'g1-c']);
    expect(byGroup('g2')).toEqual(['g2-a']);
  });

  it('moves to an explicit FIFO destination', async () => {
    const fifoDestUrl = await createQueue(sqs, 'dest.fifo', { FifoQueue: 'true' });
    await deadLetterFifo('g', ['one', 'two']);
    await sqs.send(
      new StartMessageMoveTaskCommand({ SourceArn: fifoDlqArn, DestinationArn: await queueArn(sqs, fifoDestUrl) }),
    );
    await vi.advanceTimersByTimeAsync(100);
    expect((await receive(sqs, fifoDestUrl, { MaxNumberOfMessages: 10 })).map((m) => m.Body)).toEqual(['one', 'two']);
  });
});
