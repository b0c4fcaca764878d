// Figure: ReceiveMessage(10) + DeleteMessageBatch on a FIFO queue with 100,000 message groups (1,000,000 messages,
// ten per group), next to the same with 100 groups (1,000 messages).
// Run on its own: node --import tsx bench/depth-fifo.mts (after `npm run bench` has built bench/.lib)
//
// As in depth-standard.mts: clients with `cacheMiddleware: true`, and after each measured cycle, untimed, ten new
// messages in a new group, so that the number of groups and messages stays put. A receive of ten takes one group.
import {
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { mocked } from './clients.mjs';
import { alternate, preparedCalls, ratioResult, report, type FigureResult } from './harness.mjs';

const PER_GROUP = 10;
const DEEP_GROUPS = Number(process.env['BENCH_FIFO_GROUPS'] ?? 100_000);
const SHALLOW_GROUPS = 100;

export async function measure(): Promise<FigureResult[]> {
  const shallow = await filledQueue(SHALLOW_GROUPS);
  const deep = await filledQueue(DEEP_GROUPS);
  const measured = await alternate(
    preparedCalls('100 groups', shallow.refill, shallow.cycle),
    preparedCalls(`${DEEP_GROUPS.toLocaleString('en-US')} groups`, deep.refill, deep.cycle),
    { rounds: 40, perRound: 60 },
  );
  return [
    ratioResult(
      `FIFO receive(10)+delete, ${DEEP_GROUPS.toLocaleString('en-US')} vs 100 groups (×${PER_GROUP} messages)`,
      measured,
      1.5,
    ),
  ];
}

let groups = 0;

async function sendGroup(sqs: SQSClient, QueueUrl: string): Promise<void> {
  const group = `g${groups++}`;
  const Entries = Array.from({ length: PER_GROUP }, (_, j) => ({
    Id: `e${j}`,
    MessageBody: `${group} message ${j}`,
    MessageGroupId: group,
  }));
  await sqs.send(new SendMessageBatchCommand({ QueueUrl, Entries }));
}

async function filledQueue(groupCount: number) {
  const { fastSqs: sqs } = mocked();
  const { QueueUrl } = await sqs.send(
    new CreateQueueCommand({
      QueueName: 'q.fifo',
      Attributes: { FifoQueue: 'true', ContentBasedDeduplication: 'true' },
    }),
  );
  for (let i = 0; i < groupCount; i++) await sendGroup(sqs, QueueUrl!);
  return {
    refill: () => sendGroup(sqs, QueueUrl!),
    cycle: async () => {
      const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }));
      const Entries = Messages.map((m, j) => ({ Id: `d${j}`, ReceiptHandle: m.ReceiptHandle }));
      await sqs.send(new DeleteMessageBatchCommand({ QueueUrl, Entries }));
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) report(await measure());
