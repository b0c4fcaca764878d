/**
 * What sqs-sns-mock is for, in four scenes on one account and on the test's clock (`npm run demo`):
 *
 * 1. SQS: a consumer's handler fails on order 3. Under fake time the message comes back after each 30 s visibility
 *    timeout, and the fourth receive finds it moved to the dead-letter queue: 90 simulated seconds in milliseconds.
 * 2. Lambda: the same handler behind an SQS event source mapping, run to the end by `aws.runUntilIdle()`; then the
 *    journey of order 3, which tells why it ended in the dead-letter queue.
 * 3. SNS: a topic fans out to two queues, one behind a filter policy, and says why a message was left out.
 * 4. EventBridge: a rule routes big orders to a queue, and says why a small one did not match.
 */
import { pathToFileURL } from 'node:url';
import { EventBridgeClient, PutEventsCommand, PutRuleCommand, PutTargetsCommand } from '@aws-sdk/client-eventbridge';
import { CreateTopicCommand, PublishCommand, SNSClient, SubscribeCommand } from '@aws-sdk/client-sns';
import {
  CreateQueueCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import FakeTimers from '@sinonjs/fake-timers';
import { createAwsMock } from '../src/index.js';

/** The code under test: processes orders, and cannot cope with order 3. */
async function handle(body: string): Promise<void> {
  const order = JSON.parse(body) as { orderId: number };
  if (order.orderId === 3) throw new Error(`order ${order.orderId} is malformed`);
}

/** Runs the four scenes, each line of the story through `print`. */
export async function runDemo(print: (line: string) => void = console.log): Promise<void> {
  const clock = FakeTimers.createClock(Date.parse('2026-01-01T09:00:00Z'));
  const aws = createAwsMock({ clock, seed: 1 });
  const sqs = new SQSClient({ region: 'us-east-1' });
  const sns = new SNSClient({ region: 'us-east-1' });
  const events = new EventBridgeClient({ region: 'us-east-1' });
  sqs.middlewareStack.use(aws.sqs);
  sns.middlewareStack.use(aws.sns);
  events.middlewareStack.use(aws.events);
  const say = (text: string) =>
    print(`[t+${String((clock.now - Date.parse('2026-01-01T09:00:00Z')) / 1000).padStart(3)}s] ${text}`);
  const queue = async (QueueName: string, deadLetterQueue?: string) => {
    const redrive = deadLetterQueue && { deadLetterTargetArn: aws.sqs.queue(deadLetterQueue).arn, maxReceiveCount: 3 };
    const Attributes = redrive ? { VisibilityTimeout: '30', RedrivePolicy: JSON.stringify(redrive) } : {};
    return (await sqs.send(new CreateQueueCommand({ QueueName, Attributes }))).QueueUrl!;
  };

  print('1. SQS: a consumer whose handler fails on order 3');
  await queue('orders-dlq');
  const orders = await queue('orders', 'orders-dlq');
  const Entries = [1, 2, 3, 4].map((orderId) => ({ Id: `o${orderId}`, MessageBody: JSON.stringify({ orderId }) }));
  await sqs.send(new SendMessageBatchCommand({ QueueUrl: orders, Entries }));
  for (let receive = 1; receive <= 4; receive++) {
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: orders, MaxNumberOfMessages: 10 }));
    const done: string[] = [];
    for (const message of Messages) {
      try {
        await handle(message.Body!);
        await sqs.send(new DeleteMessageCommand({ QueueUrl: orders, ReceiptHandle: message.ReceiptHandle }));
        done.push(message.Body!);
      } catch (error) {
        done.push(`${message.Body} failed (${(error as Error).message}), not deleted`);
      }
    }
    say(`receive #${receive}: ${done.join('; ') || 'nothing: order 3 is in "orders-dlq"'}`);
    if (receive < 4) await clock.tickAsync(30_000); // the visibility timeout runs out
  }

  print('2. Lambda: the same handler behind an event source mapping');
  await queue('worker-dlq');
  const work = await queue('worker-orders', 'worker-dlq');
  const fn = aws.lambda.createFunction('order-worker', async (event: { Records: { body: string }[] }) => {
    for (const record of event.Records) await handle(record.body);
  });
  aws.lambda.createEventSourceMapping({ FunctionName: fn.name, EventSourceArn: aws.sqs.queue('worker-orders').arn });
  await sqs.send(new SendMessageCommand({ QueueUrl: work, MessageBody: '{"orderId":5}' }));
  const { MessageId } = await sqs.send(new SendMessageCommand({ QueueUrl: work, MessageBody: '{"orderId":3}' }));
  const moved = await aws.runUntilIdle();
  const outcomes = fn.invocations().map((invocation) => invocation.outcome);
  say(`runUntilIdle moved ${moved / 1000} s: ${fn.invocations().length} invocations (${outcomes.join(', ')})`);
  say('the journey of order 3, from its MessageId:');
  for (const line of String(aws.journey(MessageId!)).split('\n')) print(`    ${line}`);

  print('3. SNS: fan-out to two queues, one behind a filter policy');
  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'order-events' }));
  const bigOrders = { total: [{ numeric: ['>=', 100] }] };
  for (const [name, FilterPolicy] of [['shipping'], ['big-orders', JSON.stringify(bigOrders)]] as const) {
    await queue(name);
    const Attributes = {
      RawMessageDelivery: 'true',
      ...(FilterPolicy && { FilterPolicy, FilterPolicyScope: 'MessageBody' }),
    };
    await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: aws.sqs.queue(name).arn, Attributes }));
  }
  for (const Message of ['{"orderId":7,"total":250}', '{"orderId":8,"total":20}']) {
    await sns.send(new PublishCommand({ TopicArn, Message }));
  }
  const bodies = (name: string) =>
    aws.sqs
      .queue(name)
      .messages()
      .map((message) => message.body)
      .join(', ');
  say(`"shipping" holds ${bodies('shipping')}; "big-orders" holds ${bodies('big-orders')}`);
  const left = aws.sns
    .topic('order-events')
    .published()[1]!
    .deliveries.find((delivery) => delivery.filteredOut);
  say(`order 8 was not delivered to "big-orders": ${left?.filterReason}`);

  print('4. EventBridge: a rule routes big orders to a queue');
  await queue('audit');
  const EventPattern = JSON.stringify({ source: ['shop'], detail: { total: [{ numeric: ['>=', 100] }] } });
  await events.send(new PutRuleCommand({ Name: 'big-orders', EventPattern }));
  await events.send(
    new PutTargetsCommand({ Rule: 'big-orders', Targets: [{ Id: 'audit', Arn: aws.sqs.queue('audit').arn }] }),
  );
  const { Entries: ids = [] } = await events.send(
    new PutEventsCommand({
      Entries: [250, 20].map((total) => ({
        Source: 'shop',
        DetailType: 'OrderPlaced',
        Detail: JSON.stringify({ total }),
      })),
    }),
  );
  say(`"audit" holds ${aws.sqs.queue('audit').messages().length} event (total 250)`);
  say(`the rule did not match total 20: ${aws.events.rule('big-orders').missReason(ids[1]!.EventId!)}`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runDemo().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
