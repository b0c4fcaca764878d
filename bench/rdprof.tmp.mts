import { CreateQueueCommand, DeleteMessageCommand, ReceiveMessageCommand, SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { BODY, mocked } from './clients.mjs';
const { fastSqs } = mocked();
const { QueueUrl } = await fastSqs.send(new CreateQueueCommand({ QueueName: 'q' }));
for (let r = 0; r < 30; r++) {
  for (let i = 0; i < 5000; i += 10) await fastSqs.send(new SendMessageBatchCommand({ QueueUrl, Entries: Array.from({ length: 10 }, (_, j) => ({ Id: `e${j}`, MessageBody: BODY })) }));
  for (let i = 0; i < 5000; i++) { const { Messages = [] } = await fastSqs.send(new ReceiveMessageCommand({ QueueUrl })); await fastSqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: Messages[0]!.ReceiptHandle })); }
}
