// Figure: heap per stored message beyond its body, with 1,000,000 small messages in a standard queue.
// Run on its own: node --expose-gc --import tsx bench/memory.mts
//
// The bodies are made first and kept, and the heap is measured (after full collections) before and after the
// messages are sent. The queue keeps each body as the very string that was sent, so the difference is exactly what
// the mock adds per message: its records, ids, digests, index entries, and the spare capacity of its tables.
import {
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import { mocked, type Mocked } from './clients.mjs';
import { report, type FigureResult } from './harness.mjs';

const MESSAGES = Number(process.env['BENCH_MEMORY_MESSAGES'] ?? 1_000_000);

function heapAfterGc(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('bench/memory.mts needs node --expose-gc');
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

export async function measure(): Promise<FigureResult[]> {
  const { fastSqs, aws } = mocked();
  await useEveryPath(fastSqs);
  const { QueueUrl } = await fastSqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  const empty = heapAfterGc();
  // Small JSON bodies of 18–24 characters, each its own flat string as a producer would send it.
  const bodies = Array.from({ length: MESSAGES }, (_, i) => JSON.stringify({ orderId: 1_000_000 + i, n: i % 7 }));
  const withBodies = heapAfterGc();
  const bodyBytes = (withBodies - empty) / MESSAGES - 8; // less the array's slot

  for (let i = 0; i < MESSAGES; i += 10) {
    const Entries = [];
    for (let j = 0; j < 10 && i + j < MESSAGES; j++) Entries.push({ Id: `e${j}`, MessageBody: bodies[i + j]! });
    await fastSqs.send(new SendMessageBatchCommand({ QueueUrl, Entries }));
  }
  const stored = heapAfterGc();
  const perMessage = (stored - withBodies) / MESSAGES;
  const count = aws.sqs.queue('q').messages.length >= 0 ? MESSAGES : 0;
  bodies.length = count; // keep `bodies` alive up to here
  return [
    {
      figure: `Heap per stored message beyond its body (${MESSAGES.toLocaleString('en-US')} messages)`,
      value: perMessage,
      unit: 'B',
      target: 300,
      detail: `${Math.round(perMessage)} B per message on top of its ${Math.round(bodyBytes)} B body; heap ${(stored / 1e6).toFixed(0)} MB`,
    },
  ];
}

/**
 * Sends, receives, re-times and deletes messages in another queue first, as a test run would: V8 settles how it
 * stores each field of a record (a number field that has held a fraction or a large value keeps a boxed number from
 * then on), so a process that only ever sent could show a smaller heap than a real one.
 */
async function useEveryPath(sqs: Mocked['fastSqs']): Promise<void> {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'warm-up', Attributes: { DelaySeconds: '0' } }));
  for (let i = 0; i < 200; i++) {
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: `warm-up ${i}`, DelaySeconds: i % 2 }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: `warm-up ${i}`, MessageAttributes: { a: { DataType: 'String', StringValue: 'x' } } }));
  }
  for (let i = 0; i < 200; i++) {
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 2, VisibilityTimeout: 1 }));
    for (const [j, m] of Messages.entries()) {
      if (j === 0) await sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl, ReceiptHandle: m.ReceiptHandle, VisibilityTimeout: 0 }));
      else await sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: m.ReceiptHandle }));
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) report(await measure());
