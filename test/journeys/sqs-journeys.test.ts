import {
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  StartMessageMoveTaskCommand,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sqsSetup } from '../helpers.js';
import { T0 } from '../sqs/message-support.js';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

async function queuesWithRedrive(options: Parameters<typeof sqsSetup>[0] = {}) {
  const { aws, sqs } = sqsSetup(options);
  const dlq = await sqs.send(new CreateQueueCommand({ QueueName: 'orders-dlq' }));
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }),
  );
  const { QueueUrl } = await sqs.send(
    new CreateQueueCommand({
      QueueName: 'orders',
      Attributes: {
        VisibilityTimeout: '60',
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: Attributes!.QueueArn, maxReceiveCount: 2 }),
      },
    }),
  );
  return { aws, sqs, queueUrl: QueueUrl!, dlqUrl: dlq.QueueUrl!, dlqArn: Attributes!.QueueArn! };
}

describe('journeys of SQS messages', () => {
  it('tells a message from its delayed send through receives and timeouts to the dead-letter queue', async () => {
    const { aws, sqs, queueUrl } = await queuesWithRedrive();
    const { MessageId } = await sqs.send(
      new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: '{"orderId":7}', DelaySeconds: 5 }),
    );
    vi.advanceTimersByTime(5_000);
    await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl }));
    vi.advanceTimersByTime(60_000);
    await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl }));
    vi.advanceTimersByTime(60_000);
    await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl }));

    const journey = aws.journey(MessageId!);
    expect(journey.steps.map((s) => [s.kind, s.where])).toEqual([
      ['sent', 'orders'],
      ['received', 'orders'],
      ['visibleAgain', 'orders'],
      ['received', 'orders'],
      ['visibleAgain', 'orders'],
      ['deadLettered', 'orders'],
    ]);
    expect(journey.steps[0]).toMatchObject({ service: 'sqs', delaySeconds: 5, messageId: MessageId });
    expect(journey.steps[2]).toMatchObject({ receiveCount: 1, maxReceiveCount: 2 });
    expect(journey.steps[5]).toMatchObject({ target: 'orders-dlq', receiveCount: 2 });
    expect(String(journey)).toBe(
      [
        '+0.000s    sqs     orders  sent          delayed 5s, "{\\"orderId\\":7}"',
        '+5.000s    sqs     orders  received      receive count 1 of 2, by ReceiveMessage',
        '+65.000s   sqs     orders  visibleAgain  receive count 1 of 2',
        '+65.000s   sqs     orders  received      receive count 2 of 2, by ReceiveMessage',
        '+125.000s  sqs     orders  visibleAgain  receive count 2 of 2',
        '+125.000s  sqs     orders  deadLettered  to orders-dlq, after receive count 2 of 2',
      ].join('\n'),
    );
  });

  it('records deletes, a visibility change to 0, retention and a move task (with the new id)', async () => {
    const { aws, sqs, queueUrl, dlqUrl, dlqArn } = await queuesWithRedrive();
    const first = await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'a' }));
    const received = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl }));
    const handle = received.Messages![0]!.ReceiptHandle!;
    await sqs.send(
      new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl, ReceiptHandle: handle, VisibilityTimeout: 0 }),
    );
    const again = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl }));
    await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: again.Messages![0]!.ReceiptHandle! }));
    expect(aws.journey(first.MessageId!).steps.map((s) => s.kind)).toEqual([
      'sent',
      'received',
      'visibleAgain',
      'received',
      'deleted',
    ]);

    const short = await sqs.send(
      new CreateQueueCommand({ QueueName: 'short', Attributes: { MessageRetentionPeriod: '60' } }),
    );
    const old = await sqs.send(new SendMessageCommand({ QueueUrl: short.QueueUrl, MessageBody: 'b' }));
    vi.advanceTimersByTime(61_000);
    await sqs.send(new ReceiveMessageCommand({ QueueUrl: short.QueueUrl }));
    const expired = aws.journey(old.MessageId!).steps.at(-1)!;
    expect(expired).toMatchObject({ kind: 'expired', where: 'short' });
    expect(expired.at.getTime() - T0).toBe(60_000);

    const dead = await sqs.send(new SendMessageCommand({ QueueUrl: dlqUrl, MessageBody: 'c' }));
    await sqs.send(new StartMessageMoveTaskCommand({ SourceArn: dlqArn, DestinationArn: aws.sqs.queue('short').arn }));
    await vi.advanceTimersByTimeAsync(1_000);
    const moved = aws.journey(dead.MessageId!);
    const step = moved.steps.find((s) => s.kind === 'moved')!;
    expect(step).toMatchObject({ where: 'orders-dlq', target: 'short' });
    expect(step.nextMessageId).not.toBe(dead.MessageId);
    expect(aws.journey(step.nextMessageId!).steps.map((s) => s.kind)).toEqual(['sent', 'moved']);
  });

  it('keeps no more than journeySteps, records nothing at 0, and forgets on reset', async () => {
    const { aws, sqs } = sqsSetup({ journeySteps: 2 });
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    for (let i = 0; i < 5; i++) await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: `m${i}` }));
    expect(aws.timeline().steps).toHaveLength(2);
    aws.reset();
    expect(aws.timeline().steps).toEqual([]);

    const off = sqsSetup({ journeySteps: 0 });
    const created = await off.sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    const sent = await off.sqs.send(new SendMessageCommand({ QueueUrl: created.QueueUrl, MessageBody: 'x' }));
    expect(String(off.aws.journey(sent.MessageId!))).toMatch(/journeys are off/);
    expect(() => sqsSetup({ journeySteps: -1 })).toThrow(/journeySteps must be a whole number of steps/);
  });

  it('keeps only a bounded slice of a long body', async () => {
    const { aws, sqs } = sqsSetup();
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    const body = 'x'.repeat(100_000);
    const { MessageId } = await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: body }));
    const [sent] = aws.journey(MessageId!).steps;
    expect(sent!.detail.length).toBeLessThan(80);
    expect(sent!.detail).toContain('(100000 chars)');
  });
});
