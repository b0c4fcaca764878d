// A quick measurement (not the issue-6 benchmark): per-call cost next to the SDK floor. Run: node --import tsx
// bench/quick-floor.mts
import {
  SQSClient,
  CreateQueueCommand,
  GetQueueUrlCommand,
  SendMessageCommand,
  ReceiveMessageCommand,
  DeleteMessageCommand,
} from '@aws-sdk/client-sqs';
import { createAwsMock } from '../src/index.js';
const aws = createAwsMock();
const sqs = new SQSClient({ region: 'us-east-1' });
sqs.middlewareStack.use(aws.sqs);
const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
async function time(label: string, n: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 2000; i++) await fn();
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn();
  console.log(label, (((performance.now() - t) / n) * 1000).toFixed(1), 'µs');
}
await time('GetQueueUrl', 20000, () => sqs.send(new GetQueueUrlCommand({ QueueName: 'q' })));
await time('SendMessage', 20000, () => sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'hello' })));
await time('Receive+Delete', 10000, async () => {
  const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
  await sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: Messages[0]!.ReceiptHandle }));
});
const floor = new SQSClient({ region: 'us-east-1' });
floor.middlewareStack.add(
  (() => async () => ({ output: { $metadata: {}, QueueUrl: 'x' }, response: {} })) as never,
  { step: 'initialize', priority: 'low', name: 'const' } as never,
);
await time('floor GetQueueUrl', 20000, () => floor.send(new GetQueueUrlCommand({ QueueName: 'q' })));
await time('GetQueueUrl again', 20000, () => sqs.send(new GetQueueUrlCommand({ QueueName: 'q' })));
