/**
 * The queue view as a test reads it: `console.log` / `util.inspect` print a one-line summary from the counts the queue
 * keeps, `JSON.stringify` says which queue it is, and `clear()` empties the queue at once for the next scenario.
 */
import {
  DeleteMessageCommand,
  DeleteQueueCommand,
  PurgeQueueCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sqsSetup } from '../helpers.js';
import { createQueue, queueArn, receive } from './message-support.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** orders: one message in flight, one visible, one delayed; redriven to orders-dlq after 3 receives. */
async function ordersWithEveryState() {
  const setup = sqsSetup();
  const { sqs } = setup;
  const dlqUrl = await createQueue(sqs, 'orders-dlq');
  const url = await createQueue(sqs, 'orders', {
    RedrivePolicy: JSON.stringify({ deadLetterTargetArn: await queueArn(sqs, dlqUrl), maxReceiveCount: 3 }),
  });
  await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'taken' }));
  await receive(sqs, url);
  await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'waiting' }));
  await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'later', DelaySeconds: 60 }));
  return { ...setup, url, dlqUrl };
}

describe('util.inspect of a queue view', () => {
  it('is one line: the name, the counts by state and the redrive target', async () => {
    const { aws, url } = await ordersWithEveryState();
    const view = aws.sqs.queue(url);
    expect(inspect(view)).toBe(
      'QueueView orders { visible: 1, inFlight: 1, delayed: 1, deadLetterQueue: orders-dlq, maxReceiveCount: 3 }',
    );
    expect(inspect(aws.sqs.queue('orders-dlq'))).toBe('QueueView orders-dlq { visible: 0, inFlight: 0, delayed: 0 }');
    // Inside other values (console.log of an array, an object) too.
    expect(inspect({ queue: view }, { breakLength: Infinity })).toBe(
      '{ queue: QueueView orders { visible: 1, inFlight: 1, delayed: 1, deadLetterQueue: orders-dlq, maxReceiveCount: 3 } }',
    );
  });

  it('reads the counts as time has moved them, and says when the queue or its redrive target is gone', async () => {
    const { aws, sqs, url, dlqUrl } = await ordersWithEveryState();
    const view = aws.sqs.queue(url);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(inspect(view)).toMatch(/\{ visible: 3, inFlight: 0, delayed: 0, /);
    await sqs.send(new DeleteQueueCommand({ QueueUrl: dlqUrl }));
    expect(inspect(view)).toMatch(/deadLetterQueue: orders-dlq \(does not exist\), maxReceiveCount: 3 \}$/);
    await sqs.send(new DeleteQueueCommand({ QueueUrl: url }));
    expect(inspect(view)).toBe('QueueView orders (deleted)');
  });

  it('JSON.stringify shows which queue it is', async () => {
    const { aws, url } = await ordersWithEveryState();
    expect(JSON.parse(JSON.stringify(aws.sqs.queue(url)))).toEqual({
      name: 'orders',
      url,
      arn: 'arn:aws:sqs:us-east-1:000000000000:orders',
      fifo: false,
    });
  });
});

describe('queueView.clear()', () => {
  it('empties the queue at once: visible, in-flight and delayed messages', async () => {
    const { aws, sqs, url } = await ordersWithEveryState();
    const view = aws.sqs.queue(url);
    view.clear();
    expect(view.messages()).toEqual([]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(await receive(sqs, url)).toEqual([]);
  });

  it('has no 60-second rule, and starts none: clear again, then PurgeQueue, at once', async () => {
    const { aws, sqs, url } = await ordersWithEveryState();
    const view = aws.sqs.queue(url);
    view.clear();
    await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'next scenario' }));
    expect(view.messages().map((m) => m.body)).toEqual(['next scenario']);
    view.clear();
    expect(view.messages()).toEqual([]);
    await sqs.send(new PurgeQueueCommand({ QueueUrl: url }));
    // PurgeQueue's own rule still holds after a PurgeQueue; clear() is not held by it.
    await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'after the purge' }));
    view.clear();
    expect(view.messages()).toEqual([]);
  });

  it("a cleared message's receipt handle deletes nothing, as after a purge", async () => {
    const { aws, sqs, url } = await ordersWithEveryState();
    await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'fresh' }));
    await vi.advanceTimersByTimeAsync(60_000);
    const [message] = await receive(sqs, url, { MaxNumberOfMessages: 1 });
    aws.sqs.queue(url).clear();
    await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'kept' }));
    await sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: message!.ReceiptHandle! }));
    expect(
      aws.sqs
        .queue(url)
        .messages()
        .map((m) => m.body),
    ).toEqual(['kept']);
  });

  it("forgets a FIFO queue's deduplication ids, so the next scenario may send the same message again", async () => {
    const { aws, sqs } = sqsSetup();
    const url = await createQueue(sqs, 'orders.fifo', { FifoQueue: 'true' });
    const send = () =>
      sqs.send(
        new SendMessageCommand({
          QueueUrl: url,
          MessageBody: 'order 1',
          MessageGroupId: 'g',
          MessageDeduplicationId: 'order-1',
        }),
      );
    await send();
    aws.sqs.queue(url).clear();
    await send();
    const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: url }));
    expect(Messages?.map((m) => m.Body)).toEqual(['order 1']);
  });

  it('throws on a queue that was deleted', async () => {
    const { aws, sqs, url } = await ordersWithEveryState();
    const view = aws.sqs.queue(url);
    await sqs.send(new DeleteQueueCommand({ QueueUrl: url }));
    expect(() => view.clear()).toThrow(/orders/);
  });
});
