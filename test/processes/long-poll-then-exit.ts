/**
 * Run as its own process by test/process-exit.test.ts: with real timers, a pending 20 s long poll must
 * not keep the process alive once nothing else does.
 */
import { CreateQueueCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { createAwsMock } from '../../src/index.js';

const aws = createAwsMock();
const sqs = new SQSClient({ region: 'us-east-1' });
sqs.middlewareStack.use(aws.sqs);

void sqs.send(new CreateQueueCommand({ QueueName: 'q' })).then(({ QueueUrl }) => {
  void sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }));
  console.log('long poll pending');
});
