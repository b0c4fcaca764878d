/**
 * A consumer whose handler fails for one message. Under fake time, the failing message comes back
 * after its visibility timeout, its receive count climbs, and after maxReceiveCount receives it sits
 * in the dead-letter queue. Five simulated minutes pass in a few milliseconds. Then the same handler as a Lambda
 * function behind an SQS event source mapping, driven to the end with `aws.runUntilIdle()`.
 *
 * Run it with `npm run demo`.
 */
import {
  CreateQueueCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import FakeTimers from '@sinonjs/fake-timers';
import { createAwsMock } from '../src/index.js';

const clock = FakeTimers.createClock(Date.parse('2026-01-01T09:00:00Z'));
const aws = createAwsMock({ clock });
const sqs = new SQSClient({ region: 'us-east-1' });
sqs.middlewareStack.use(aws.sqs);

const t0 = clock.now;
const say = (text: string): void => console.log(`[t+${String((clock.now - t0) / 1000).padStart(3)}s] ${text}`);

/** The code under test: processes orders, and cannot cope with order 3. */
async function handle(body: string): Promise<void> {
  const order = JSON.parse(body) as { orderId: number };
  if (order.orderId === 3) throw new Error(`order ${order.orderId} is malformed`);
}

async function consumeOnce(queueUrl: string): Promise<void> {
  const { Messages = [] } = await sqs.send(
    new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, AttributeNames: ['All'] }),
  );
  if (Messages.length === 0) say('received nothing: the 4th receive moved the message to the dead-letter queue');
  for (const message of Messages) {
    const count = message.Attributes?.ApproximateReceiveCount;
    try {
      await handle(message.Body!);
      await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }));
      say(`processed ${message.Body} (receive #${count})`);
    } catch (error) {
      say(`handler failed on ${message.Body} (receive #${count}): ${(error as Error).message}; not deleted`);
    }
  }
}

async function main(): Promise<void> {
  const dlq = await sqs.send(new CreateQueueCommand({ QueueName: 'orders-dlq' }));
  const orders = await sqs.send(
    new CreateQueueCommand({
      QueueName: 'orders',
      Attributes: {
        VisibilityTimeout: '30',
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: aws.sqs.queue('orders-dlq').arn, maxReceiveCount: 3 }),
      },
    }),
  );
  say('created queue "orders" (visibility 30 s, redrive to "orders-dlq" after 3 receives)');

  await sqs.send(
    new SendMessageBatchCommand({
      QueueUrl: orders.QueueUrl,
      Entries: [1, 2, 3, 4].map((orderId) => ({ Id: `o${orderId}`, MessageBody: JSON.stringify({ orderId }) })),
    }),
  );
  say('sent orders 1 to 4');

  for (let round = 1; round <= 4; round++) {
    await consumeOnce(orders.QueueUrl!);
    const left = aws.sqs.queue('orders').messages();
    say(
      `"orders" holds ${left.map((m) => `${m.body} [${m.state}, received ${m.receiveCount}x]`).join(', ') || 'nothing'}`,
    );
    if (round < 4) {
      await clock.tickAsync(30_000);
      say('30 s later: the visibility timeout has expired');
    }
  }

  const inDlq = aws.sqs.queue('orders').deadLetterQueue()!.messages();
  say(
    `"orders" is empty; "orders-dlq" holds ${inDlq.map((m) => `${m.body} (received ${m.receiveCount}x)`).join(', ')}`,
  );
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['ApproximateNumberOfMessages'] }),
  );
  say(`GetQueueAttributes on the DLQ: ApproximateNumberOfMessages = ${Attributes?.ApproximateNumberOfMessages}`);

  // A long poll on the empty source queue: 20 simulated seconds pass without a real wait.
  const polling = sqs.send(new ReceiveMessageCommand({ QueueUrl: orders.QueueUrl, WaitTimeSeconds: 20 }));
  await clock.tickAsync(20_000);
  say(`a 20 s long poll on "orders" returned ${(await polling).Messages?.length ?? 0} messages`);

  await asLambda();
}

/** The same handler as a Lambda function fed by an event source mapping: no receive loop of our own. */
async function asLambda(): Promise<void> {
  await sqs.send(new CreateQueueCommand({ QueueName: 'lambda-dlq' }));
  const { QueueUrl } = await sqs.send(
    new CreateQueueCommand({
      QueueName: 'lambda-orders',
      Attributes: {
        VisibilityTimeout: '30',
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: aws.sqs.queue('lambda-dlq').arn, maxReceiveCount: 3 }),
      },
    }),
  );
  const fn = aws.lambda.createFunction('order-worker', async (event: { Records: { body: string }[] }) => {
    for (const record of event.Records) await handle(record.body);
  });
  aws.lambda.createEventSourceMapping({ FunctionName: fn.name, EventSourceArn: aws.sqs.queue('lambda-orders').arn });
  say('Lambda: function "order-worker" behind an event source mapping on "lambda-orders"');
  for (const orderId of [5, 3]) {
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: JSON.stringify({ orderId }) }));
  }
  const moved = await aws.runUntilIdle();
  for (const invocation of fn.invocations()) {
    const records = (invocation.event as { Records: { body: string }[] }).Records.map((r) => r.body).join(', ');
    const at = (invocation.startedAt.getTime() - t0) / 1000;
    say(`Lambda: invocation at t+${at}s with ${records}: ${invocation.outcome}`);
  }
  const parked = aws.sqs
    .queue('lambda-dlq')
    .messages()
    .map((m) => m.body);
  say(`Lambda: runUntilIdle moved ${moved / 1000} s; "lambda-dlq" holds ${parked.join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
