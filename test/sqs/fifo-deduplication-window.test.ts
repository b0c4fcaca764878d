import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import { sqsSetup } from '../helpers.js';
import { reaches } from '../support/reaches.js';
import { createFifoQueue, receive, T0 } from './message-support.js';

let aws: AwsMock;
let sqs: SQSClient;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  // Journeys keep message ids on purpose (bounded by journeySteps): what is checked here is that the queue does not.
  ({ aws, sqs } = sqsSetup({ journeySteps: 0 }));
});
afterEach(() => vi.useRealTimers());

/** Sends `count` messages in 10 groups, receives and deletes them all; answers their MessageIds. */
async function sendAndDrain(url: string, count: number, explicitIds: boolean): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 10) {
    const Entries = Array.from({ length: 10 }, (_, j) => ({
      Id: `e${j}`,
      MessageBody: `body ${i + j}`,
      MessageGroupId: `g${j}`,
      ...(explicitIds ? { MessageDeduplicationId: `d${i + j}` } : {}),
    }));
    const { Successful = [] } = await sqs.send(new SendMessageBatchCommand({ QueueUrl: url, Entries }));
    ids.push(...Successful.map((s) => s.MessageId!));
  }
  for (
    let got = await receive(sqs, url, { MaxNumberOfMessages: 10 });
    got.length > 0;
    got = await receive(sqs, url, { MaxNumberOfMessages: 10 })
  ) {
    await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl: url,
        Entries: got.map((m, j) => ({ Id: `d${j}`, ReceiptHandle: m.ReceiptHandle })),
      }),
    );
  }
  return ids;
}

/** The emulated queue behind a URL (internal), to see what it keeps alive. */
function queueBehind(name: string): object {
  return aws.sqs.backend.findByName(name)!;
}

describe('the deduplication records of deleted FIFO messages', () => {
  it.each([
    ['a MessageDeduplicationId', true],
    ['content-based deduplication', false],
  ])(
    'with %s still answer a repeated send within five minutes, and keep no id of the message',
    async (_, explicitIds) => {
      const url = await createFifoQueue(sqs, 'q.fifo', { ContentBasedDeduplication: 'true' });
      const ids = await sendAndDrain(url, 50, explicitIds);
      const repeated = await sqs.send(
        new SendMessageCommand({
          QueueUrl: url,
          MessageBody: 'body 7',
          MessageGroupId: 'g7',
          ...(explicitIds ? { MessageDeduplicationId: 'd7' } : {}),
        }),
      );
      expect(repeated.MessageId).toBe(ids[7]);
      expect(ids.some((id) => reaches(queueBehind('q.fifo'), id))).toBe(false);
    },
  );

  it('are dropped once the five minutes are over, by any touch of the queue, not only by a send', async () => {
    const url = await createFifoQueue(sqs, 'q.fifo');
    const ids = await sendAndDrain(url, 100, true);
    const window = (queueBehind('q.fifo') as { deduplication: { size: number } }).deduplication;
    expect(window.size).toBe(100);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages'] }));
    expect(window.size).toBe(0);
    const again = await sqs.send(
      new SendMessageCommand({ QueueUrl: url, MessageBody: 'b', MessageGroupId: 'g0', MessageDeduplicationId: 'd0' }),
    );
    expect(again.MessageId).not.toBe(ids[0]);
  });
});
