import {
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  DeleteQueueCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SetQueueAttributesCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sqsSetup } from '../helpers.js';
import { abortSignalReachesMiddleware } from '../sdk-features.js';

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

async function newQueue(sqs: SQSClient, name = 'q', attributes?: Record<string, string>): Promise<string> {
  return (await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }))).QueueUrl!;
}

describe('long polling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers empty exactly when the wait ends', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs);
    const start = Date.now();
    const receive = track(sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 })));
    await vi.advanceTimersByTimeAsync(19_999);
    expect(receive.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(receive.settled()).toBe(true);
    expect(receive.value()).not.toHaveProperty('Messages');
    expect(Date.now() - start).toBe(20_000);
  });

  it('serves the longer-waiting receive first when another wait ends the instant a message returns', async () => {
    // The model checker found this: with queue VisibilityTimeout 0 both waiting receives get the message, and the one
    // that has waited longer must be first (receive count 2), as every other wake serves waiters in arrival order.
    const { sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs, 'q', { VisibilityTimeout: '0' });
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'm' }));
    const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, VisibilityTimeout: 1 }));
    const counts = (output: { Messages?: { Attributes?: Record<string, string> }[] }) =>
      output.Messages?.map((m) => m.Attributes?.ApproximateReceiveCount);
    const longer = sqs.send(
      new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20, MessageSystemAttributeNames: ['All'] }),
    );
    const shorter = sqs.send(
      new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 5, MessageSystemAttributeNames: ['All'] }),
    );
    await sqs.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl,
        ReceiptHandle: Messages![0]!.ReceiptHandle,
        VisibilityTimeout: 5,
      }),
    );
    await vi.advanceTimersByTimeAsync(5_000);
    expect(counts(await longer)).toEqual(['2']);
    expect(counts(await shorter)).toEqual(['3']);
  });

  it('answers as soon as a message is sent', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs);
    const start = Date.now();
    const receive = sqs.send(
      new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20, MessageSystemAttributeNames: ['SentTimestamp'] }),
    );
    await vi.advanceTimersByTimeAsync(5_000);
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'late' }));
    const { Messages } = await receive;
    expect(Messages?.map((m) => m.Body)).toEqual(['late']);
    expect(Number(Messages?.[0]?.Attributes?.SentTimestamp) - start).toBe(5_000);
  });

  it('answers when a delayed message becomes visible', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs);
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'delayed', DelaySeconds: 7 }));
    const receive = track(sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 })));
    await vi.advanceTimersByTimeAsync(6_999);
    expect(receive.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(receive.value()?.Messages?.map((m) => m.Body)).toEqual(['delayed']);
  });

  it('answers when a visibility timeout expires', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs);
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'again' }));
    await sqs.send(new ReceiveMessageCommand({ QueueUrl, VisibilityTimeout: 3 }));
    const receive = track(sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 })));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(receive.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(receive.value()?.Messages?.map((m) => m.Body)).toEqual(['again']);
  });

  it('answers when ChangeMessageVisibility releases a message', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs);
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'released' }));
    const first = await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    const receive = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }));
    await sqs.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl,
        ReceiptHandle: first.Messages![0]!.ReceiptHandle,
        VisibilityTimeout: 0,
      }),
    );
    expect((await receive).Messages?.map((m) => m.Body)).toEqual(['released']);
  });

  it('uses the queue ReceiveMessageWaitTimeSeconds when WaitTimeSeconds is omitted', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs, 'q', { ReceiveMessageWaitTimeSeconds: '10' });
    const receive = track(sqs.send(new ReceiveMessageCommand({ QueueUrl })));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(receive.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(receive.settled()).toBe(true);
  });

  it('short-polls when WaitTimeSeconds is 0 even if the queue default is longer', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs, 'q', { ReceiveMessageWaitTimeSeconds: '20' });
    const result = await sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 0 }));
    expect(result).not.toHaveProperty('Messages');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('follows a queue default changed by SetQueueAttributes', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs);
    await sqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes: { ReceiveMessageWaitTimeSeconds: '5' } }));
    const receive = track(sqs.send(new ReceiveMessageCommand({ QueueUrl })));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(receive.settled()).toBe(true);
  });

  it('returns what is there without waiting to fill MaxNumberOfMessages', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs);
    const receive = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20, MaxNumberOfMessages: 10 }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'one' }));
    expect((await receive).Messages).toHaveLength(1);
  });

  it('gives concurrent waiters distinct messages, oldest waiter first', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs);
    const waiters = Array.from({ length: 5 }, () =>
      track(sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20, MaxNumberOfMessages: 10 }))),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'a' }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'b' }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'c' }));
    await vi.advanceTimersByTimeAsync(0);
    const bodies = waiters.map((w) => w.value()?.Messages?.map((m) => m.Body));
    expect(bodies.slice(0, 3)).toEqual([['a'], ['b'], ['c']]);
    expect(waiters[3]!.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(19_000);
    expect(waiters.every((w) => w.settled())).toBe(true);
    expect(waiters[4]!.value()).not.toHaveProperty('Messages');
  });

  it('gives a waiter the whole of a batch sent while it waits', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs);
    const first = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20, MaxNumberOfMessages: 10 }));
    const second = track(sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 })));
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl,
        Entries: ['a', 'b', 'c'].map((body) => ({ Id: body, MessageBody: body })),
      }),
    );
    expect((await first).Messages?.map((m) => m.Body)).toEqual(['a', 'b', 'c']);
    await vi.advanceTimersByTimeAsync(0);
    expect(second.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(second.value()).not.toHaveProperty('Messages');
  });

  it('leaves no timer behind once every wait has ended', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs);
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'x' }));
    await sqs.send(new ReceiveMessageCommand({ QueueUrl, VisibilityTimeout: 100 }));
    const receive = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'y' }));
    await receive;
    expect(vi.getTimerCount()).toBe(0);
  });

  it.runIf(abortSignalReachesMiddleware)('ends the wait with an AbortError when the abortSignal fires', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs);
    const controller = new AbortController();
    const receive = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }), {
      abortSignal: controller.signal,
    });
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    await expect(receive).rejects.toMatchObject({ name: 'AbortError', message: 'Request aborted' });
    expect(vi.getTimerCount()).toBe(0);
    // The aborted waiter takes nothing: a message sent now stays in the queue.
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'kept' }));
    const after = await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    expect(after.Messages?.map((m) => m.Body)).toEqual(['kept']);
  });

  it.runIf(abortSignalReachesMiddleware)('rejects at once when the abortSignal has already fired', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs);
    const receive = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }), {
      abortSignal: AbortSignal.abort(),
    });
    await expect(receive).rejects.toMatchObject({ name: 'AbortError' });
    expect(vi.getTimerCount()).toBe(0);
  });

  // SDKs older than @smithy/core 3.39.0 hand the abortSignal to the HTTP handler only, which the mock never reaches.
  it.runIf(!abortSignalReachesMiddleware)(
    'on an SDK that keeps the abortSignal from middleware, waits out WaitTimeSeconds',
    async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await newQueue(sqs);
      const receive = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }), {
        abortSignal: AbortSignal.abort(),
      });
      await vi.advanceTimersByTimeAsync(20_000);
      expect(await receive).not.toHaveProperty('Messages');
      expect(vi.getTimerCount()).toBe(0);
    },
  );

  it('ends waits with no messages on aws.reset()', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs);
    const receive = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }));
    aws.reset();
    expect(await receive).not.toHaveProperty('Messages');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ends waits with no messages when the queue is deleted', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await newQueue(sqs);
    const receive = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }));
    await sqs.send(new DeleteQueueCommand({ QueueUrl }));
    expect(await receive).not.toHaveProperty('Messages');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('delivers a redriven message to a waiter on the dead-letter queue', async () => {
    const { sqs } = sqsSetup();
    const dlqUrl = await newQueue(sqs, 'dlq');
    const dlqArn = 'arn:aws:sqs:us-east-1:000000000000:dlq';
    const QueueUrl = await newQueue(sqs, 'src', {
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: 1 }),
    });
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'poison' }));
    await sqs.send(new ReceiveMessageCommand({ QueueUrl, VisibilityTimeout: 1 }));
    const fromDlq = sqs.send(new ReceiveMessageCommand({ QueueUrl: dlqUrl, WaitTimeSeconds: 20 }));
    const fromSource = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 5 }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await fromDlq).Messages?.map((m) => m.Body)).toEqual(['poison']);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(await fromSource).not.toHaveProperty('Messages');
  });
});
