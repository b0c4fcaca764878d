import { EventBridgeClient, PutTargetsCommand } from '@aws-sdk/client-eventbridge';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DescribeStateMachineCommand, SFNClient } from '@aws-sdk/client-sfn';
import { SendMessageBatchCommand, SetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/matchers/vitest.js';
import { createAwsMock } from '../../src/index.js';
import { networkTrap } from '../helpers.js';
import { snsSetup } from '../sns/sns-support.js';
import { T0 } from '../sqs/message-support.js';
import { createTopic, failing, publish, queueWithArn, subscribeQueue } from '../lambda/async-support.js';
import { receive, send, wholeFailureOf } from '../matchers/support.js';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

async function ordersWithRedrive() {
  const setup = snsSetup();
  const dlq = await queueWithArn(setup.sqs, 'orders-dlq');
  const queue = await queueWithArn(setup.sqs, 'orders');
  await setup.sqs.send(
    new SetQueueAttributesCommand({
      QueueUrl: queue.url,
      Attributes: {
        VisibilityTimeout: '60',
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 3 }),
      },
    }),
  );
  return { ...setup, queue };
}

describe('matcher failures end with journeys', () => {
  it('says a message a mapping holds is in flight, when it comes back, and that runUntilIdle moves there', async () => {
    const { aws, sqs, queue } = await ordersWithRedrive();
    aws.lambda.createFunction('worker', failing('payment service down'));
    aws.lambda.createEventSourceMapping({ FunctionName: 'worker', EventSourceArn: queue.arn });
    await send(sqs, queue.url, { orderId: 7 });
    await vi.advanceTimersByTimeAsync(0);
    await aws.idle();

    const message = wholeFailureOf(() => expect(aws.sqs.queue('orders')).toHaveDeadLetter());
    const [id] = aws.sqs
      .queue('orders')
      .messages()
      .map((m) => m.messageId);
    expect(message).toContain(`its dead-letter queue "orders-dlq" holds none from it\n\nJourneys (`);
    expect(message).toContain(`\n${id}:\n    +0.000s  sqs     orders  sent`);
    expect(message).toMatch(/lambda {2}worker {2}failed {8}Error: payment service down/);
    expect(message).toContain(
      '    in flight, receive count 1, visible again at +60.000s: aws.runUntilIdle() moves there (an event source mapping polls the queue)',
    );
  });

  it('leaves out runUntilIdle where no poller waits, and shows a topic matcher the journeys of its messages', async () => {
    const { aws, sqs, sns, queue } = await ordersWithRedrive();
    const topicArn = await createTopic(sns, 'events');
    await subscribeQueue(sns, topicArn, queue.arn, { FilterPolicy: JSON.stringify({ type: ['order'] }) });
    await publish(sns, { TopicArn: topicArn, Message: 'refund 9' });
    await send(sqs, queue.url, { orderId: 8 });
    await receive(sqs, queue.url);

    const inFlight = wholeFailureOf(() => expect(aws.sqs.queue('orders')).toHaveMessageCount(0));
    expect(inFlight).toMatch(/in flight, receive count 1, visible again at \+60\.000s$/m);
    expect(inFlight).not.toContain('runUntilIdle');

    const topic = wholeFailureOf(() => expect(aws.sns.topic('events')).toHavePublished('order 1'));
    expect(topic).toMatch(/\n {4}\+0\.000s {2}sns {5}orders {2}filteredOut {3}from topic events/);
  });

  it('tells how to get the whole journey, and keeps each journey to a few lines', async () => {
    const { aws, sqs, queue } = await ordersWithRedrive();
    await send(sqs, queue.url, { orderId: 1 });
    for (let i = 0; i < 3; i++) {
      await receive(sqs, queue.url);
      vi.advanceTimersByTime(60_000);
    }
    const message = wholeFailureOf(() => expect(aws.sqs.queue('orders')).toHaveMessageCount(5));
    expect(message).toContain('aws.journey(id) gives all');
    expect(message).toMatch(/… \d+ more steps …/);
  });
});

describe('refused calls are steps too', () => {
  it('records a refused call and a failed batch entry, and a failure about an empty queue names them', async () => {
    const { aws, sqs, queue } = await ordersWithRedrive();
    // A URL without its account segment: QueueDoesNotExist on every call.
    const wrongUrl = queue.url.replace('/000000000000/', '/');
    await expect(send(sqs, wrongUrl, { orderId: 1 })).rejects.toThrow();
    await sqs
      .send(
        new SendMessageBatchCommand({
          QueueUrl: queue.url,
          Entries: [{ Id: 'bad', MessageBody: 'x', DelaySeconds: 901 }],
        }),
      )
      .catch(() => undefined);

    const refused = aws.timeline().steps.filter((step) => step.kind === 'refused');
    expect(refused[0]).toMatchObject({ service: 'sqs', where: wrongUrl, error: { name: 'QueueDoesNotExist' } });
    expect(refused[0]!.detail).toMatch(/^QueueDoesNotExist: .*, SendMessage$/);
    expect(refused[1]!.detail).toMatch(/, SendMessageBatch entry bad$/);
    expect(refused).toHaveLength(2);

    const message = wholeFailureOf(() => expect(aws.sqs.queue('orders')).toHaveMessageCount(1));
    expect(message).toContain('Calls the mock refused, aimed at "orders" or a near miss of it (newest first):');
    expect(message).toContain(`${wrongUrl}  QueueDoesNotExist: `);
  });
});

describe('refused calls of every service', () => {
  it('are steps of the service that refused them, placed at what they aimed at (they were all SQS steps)', async () => {
    const aws = createAwsMock();
    const config = { region: 'us-east-1', requestHandler: networkTrap, maxAttempts: 1 };
    const events = new EventBridgeClient(config);
    const s3 = new S3Client(config);
    const sfn = new SFNClient(config);
    events.middlewareStack.use(aws.events);
    s3.middlewareStack.use(aws.s3);
    sfn.middlewareStack.use(aws.sfn);
    await expect(events.send(new PutTargetsCommand({ Rule: 'missing', Targets: [] }))).rejects.toThrow();
    await expect(s3.send(new GetObjectCommand({ Bucket: 'no-such-bucket', Key: 'k' }))).rejects.toThrow();
    const machine = 'arn:aws:states:us-east-1:000000000000:stateMachine:missing';
    await expect(sfn.send(new DescribeStateMachineCommand({ stateMachineArn: machine }))).rejects.toThrow();

    const refused = aws.timeline().steps.filter((step) => step.kind === 'refused');
    expect(refused.map(({ service, where, error }) => [service, where, error?.name])).toEqual([
      ['events', 'missing', 'ValidationException'],
      ['s3', 'no-such-bucket', 'NoSuchBucket'],
      ['sfn', 'missing', 'StateMachineDoesNotExist'],
    ]);
  });
});
