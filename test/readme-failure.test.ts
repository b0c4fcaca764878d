/**
 * The README's "When a test fails" section: its block runs as written against the quick start's set-up, and the
 * failure it prints is exactly the text the page shows under it.
 */
import { CreateQueueCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createAwsMock } from '../src/index.js';
import '../src/matchers/vitest.js';
import { docBlock, runBlock } from './support/doc-blocks.js';

beforeEach(() => vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') }));
afterEach(() => vi.useRealTimers());

it('README: a failing assertion ends with the journey of the message it talks about', async () => {
  const aws = createAwsMock({ seed: 7 });
  const sqs = new SQSClient({});
  sqs.middlewareStack.use(aws.sqs);
  // The Lambda quick start's queue, dead-letter queue, handler and mapping.
  await sqs.send(new CreateQueueCommand({ QueueName: 'orders-dlq' }));
  const { QueueUrl } = await sqs.send(
    new CreateQueueCommand({
      QueueName: 'orders',
      Attributes: {
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: aws.sqs.queue('orders-dlq').arn, maxReceiveCount: 3 }),
      },
    }),
  );
  aws.lambda.createFunction('order-worker', async (event: { Records: { body: string }[] }) => {
    for (const record of event.Records) {
      const order = JSON.parse(record.body) as { orderId: number; customerId?: string };
      if (!order.customerId) throw new Error(`order ${order.orderId} has no customer`);
    }
  });
  aws.lambda.createEventSourceMapping({ FunctionName: 'order-worker', EventSourceArn: aws.sqs.queue('orders').arn });

  const run = runBlock(docBlock('README.md', 'failure-explained'), {
    scope: { aws, sqs, QueueUrl, SendMessageCommand, expect },
  });
  const failure = await run.then(
    () => undefined,
    (error: Error) => error.message,
  );
  expect(failure).toBe(docBlock('README.md', 'failure-explained-output').code);
});
