// Figure: ReceiveMessage(10) + DeleteMessageBatch with 1,000,000 messages queued, next to the same with 1,000.
// Run on its own: node --import tsx bench/depth-standard.mts (after `npm run bench` has built bench/.lib)
//
// Both queues are driven through clients with `cacheMiddleware: true`, so that the SDK's own per-call cost (bench/
// floor-*.mts) does not hide the mock's. Each measured cycle is followed, untimed, by a send of ten new messages, so
// the depth stays put.
import {
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { mocked } from './clients.mjs';
import { alternate, preparedCalls, ratioResult, report, type FigureResult } from './harness.mjs';

const DEEP = Number(process.env['BENCH_DEPTH'] ?? 1_000_000);
const SHALLOW = 1_000;

export async function measure(): Promise<FigureResult[]> {
  const shallow = await filledQueue(SHALLOW);
  const deep = await filledQueue(DEEP);
  const measured = await alternate(
    preparedCalls('1,000 queued', shallow.refill, shallow.cycle),
    preparedCalls(`${DEEP.toLocaleString('en-US')} queued`, deep.refill, deep.cycle),
    { rounds: 40, perRound: 60 },
  );
  return [ratioResult(`Receive(10)+delete, ${DEEP.toLocaleString('en-US')} vs 1,000 queued`, measured, 1.5)];
}

let sent = 0;

async function sendTen(sqs: SQSClient, QueueUrl: string): Promise<void> {
  const Entries = Array.from({ length: 10 }, (_, j) => ({ Id: `e${j}`, MessageBody: `message ${sent++}` }));
  await sqs.send(new SendMessageBatchCommand({ QueueUrl, Entries }));
}

async function filledQueue(depth: number) {
  const { fastSqs: sqs } = mocked();
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  for (let i = 0; i < depth; i += 10) await sendTen(sqs, QueueUrl!);
  return {
    refill: () => sendTen(sqs, QueueUrl!),
    cycle: async () => {
      const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }));
      const Entries = Messages.map((m, j) => ({ Id: `d${j}`, ReceiptHandle: m.ReceiptHandle }));
      await sqs.send(new DeleteMessageBatchCommand({ QueueUrl, Entries }));
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) report(await measure());
