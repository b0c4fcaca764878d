// A quick measurement (not the issue-6 benchmark): receive+delete cost by queue depth, and heap. Run: node --import tsx
// bench/quick-depth.mts
import {
  SQSClient,
  CreateQueueCommand,
  SendMessageBatchCommand,
  ReceiveMessageCommand,
  DeleteMessageBatchCommand,
} from '@aws-sdk/client-sqs';
import { createAwsMock } from '../src/index.js';

async function run(depth: number) {
  const aws = createAwsMock({ seed: 1 });
  const sqs = new SQSClient({ region: 'us-east-1' });
  sqs.middlewareStack.use(aws.sqs);
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  const t0 = performance.now();
  for (let i = 0; i < depth; i += 10) {
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl,
        Entries: Array.from({ length: 10 }, (_, j) => ({ Id: `e${j}`, MessageBody: `m${i + j}` })),
      }),
    );
  }
  const fill = performance.now() - t0;
  const n = Math.min(2000, depth / 10 - 10);
  const t1 = performance.now();
  for (let i = 0; i < n; i++) {
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }));
    await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl,
        Entries: Messages.map((m, j) => ({ Id: `d${j}`, ReceiptHandle: m.ReceiptHandle })),
      }),
    );
  }
  const per = ((performance.now() - t1) / n) * 1000;
  console.log(
    `depth ${depth}: fill ${fill.toFixed(0)} ms, receive(10)+deleteBatch ${per.toFixed(1)} µs/cycle, heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`,
  );
}
for (const d of [1000, 100_000, 1_000_000]) await run(d);
