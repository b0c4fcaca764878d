import {
  CreateTopicCommand,
  PublishBatchCommand,
  PublishCommand,
  SubscribeCommand,
  type SNSClient,
} from '@aws-sdk/client-sns';
import {
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  DeleteMessageCommand,
  GetQueueUrlCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAwsMock, type AwsMock, type AwsMockOptions } from '../src/index.js';
import { snsSetup } from './sns/sns-support.js';

/**
 * Two mocks with the same seed, driven the same way, answer the same: every id, receipt handle, request id and
 * honest-mode choice. Each run starts the fake clock at the same instant, so the whole transcript (timestamps
 * and SNS envelopes included) can be compared byte for byte.
 */
const START = new Date('2030-01-01T00:00:00Z');

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

interface Clients {
  aws: AwsMock;
  sqs: SQSClient;
  sns: SNSClient;
}

/** Every answer of a scripted session, in order; an error is recorded by name, message and request id. */
async function scenario({ aws, sqs, sns }: Clients): Promise<unknown[]> {
  vi.setSystemTime(START);
  const log: unknown[] = [];
  const send = async <T>(promise: Promise<T>): Promise<T | undefined> => {
    try {
      const answer = await promise;
      log.push(answer);
      return answer;
    } catch (error) {
      const e = error as Error & { $metadata?: { requestId?: string } };
      log.push({ error: e.name, message: e.message, requestId: e.$metadata?.requestId });
      return undefined;
    }
  };
  const longPoll = async (QueueUrl: string, seconds: number) => {
    const pending = send(
      sqs.send(
        new ReceiveMessageCommand({
          QueueUrl,
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: seconds,
          AttributeNames: ['All'],
        }),
      ),
    );
    await vi.advanceTimersByTimeAsync(seconds * 1000);
    return pending;
  };

  // Standard queue (honest when the account is): sends, short and long polls, delete, visibility change.
  const std = (await send(sqs.send(new CreateQueueCommand({ QueueName: 'std' }))))!.QueueUrl!;
  for (let i = 0; i < 5; i++)
    await send(sqs.send(new SendMessageCommand({ QueueUrl: std, MessageBody: `single ${i}` })));
  await send(
    sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: std,
        Entries: [0, 1, 2, 3, 4].map((i) => ({ Id: `b${i}`, MessageBody: `batch ${i}` })),
      }),
    ),
  );
  for (let i = 0; i < 3; i++) {
    const got = await send(
      sqs.send(new ReceiveMessageCommand({ QueueUrl: std, MaxNumberOfMessages: 4, VisibilityTimeout: 10 })),
    );
    const [first, second] = got?.Messages ?? [];
    if (first) await send(sqs.send(new DeleteMessageCommand({ QueueUrl: std, ReceiptHandle: first.ReceiptHandle })));
    if (second)
      await send(
        sqs.send(
          new ChangeMessageVisibilityCommand({
            QueueUrl: std,
            ReceiptHandle: second.ReceiptHandle,
            VisibilityTimeout: 0,
          }),
        ),
      );
  }
  await vi.advanceTimersByTimeAsync(10_000);
  for (let i = 0; i < 4; i++) {
    const got = await longPoll(std, 1);
    for (const m of got?.Messages ?? [])
      await send(sqs.send(new DeleteMessageCommand({ QueueUrl: std, ReceiptHandle: m.ReceiptHandle })));
  }
  await send(sqs.send(new GetQueueUrlCommand({ QueueName: 'missing' })));

  // FIFO queue: groups, a duplicate, group locking, deletes.
  const fifo = (await send(
    sqs.send(
      new CreateQueueCommand({
        QueueName: 'orders.fifo',
        Attributes: { FifoQueue: 'true', ContentBasedDeduplication: 'true' },
      }),
    ),
  ))!.QueueUrl!;
  for (const [group, body] of [
    ['a', 'a1'],
    ['b', 'b1'],
    ['a', 'a2'],
    ['b', 'b2'],
    ['a', 'a1'],
    ['c', 'c1'],
  ] as const) {
    await send(sqs.send(new SendMessageCommand({ QueueUrl: fifo, MessageGroupId: group, MessageBody: body })));
  }
  for (let i = 0; i < 3; i++) {
    const got = await send(
      sqs.send(
        new ReceiveMessageCommand({ QueueUrl: fifo, MaxNumberOfMessages: 3, ReceiveRequestAttemptId: `attempt-${i}` }),
      ),
    );
    for (const m of got?.Messages ?? [])
      await send(sqs.send(new DeleteMessageCommand({ QueueUrl: fifo, ReceiptHandle: m.ReceiptHandle })));
  }

  // SNS fan-out: a raw subscription with a filter, an enveloped one, Publish and PublishBatch.
  const { TopicArn } = (await send(sns.send(new CreateTopicCommand({ Name: 'events' }))))!;
  const raw = (await send(sqs.send(new CreateQueueCommand({ QueueName: 'raw' }))))!.QueueUrl!;
  const wrapped = (await send(sqs.send(new CreateQueueCommand({ QueueName: 'wrapped' }))))!.QueueUrl!;
  await send(
    sns.send(
      new SubscribeCommand({
        TopicArn,
        Protocol: 'sqs',
        Endpoint: aws.sqs.queue('raw').arn,
        Attributes: { RawMessageDelivery: 'true', FilterPolicy: JSON.stringify({ kind: ['big'] }) },
      }),
    ),
  );
  await send(sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: aws.sqs.queue('wrapped').arn })));
  for (const kind of ['big', 'small', 'big']) {
    await send(
      sns.send(
        new PublishCommand({
          TopicArn,
          Message: `${kind} news`,
          MessageAttributes: { kind: { DataType: 'String', StringValue: kind } },
        }),
      ),
    );
  }
  await send(
    sns.send(
      new PublishBatchCommand({
        TopicArn,
        PublishBatchRequestEntries: [0, 1, 2].map((i) => ({ Id: `p${i}`, Message: `batched ${i}` })),
      }),
    ),
  );
  await longPoll(raw, 1);
  await longPoll(wrapped, 1);
  await longPoll(wrapped, 1);
  return log;
}

async function run(options: AwsMockOptions): Promise<unknown[]> {
  return scenario(snsSetup(options));
}

/** Every string in the transcript found under one of these keys, e.g. all MessageIds. */
function collect(log: unknown, keys: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (keys.includes(key) && typeof inner === 'string') found.push(inner);
        else walk(inner);
      }
    }
  };
  walk(log);
  return found;
}

const messageIds = (log: unknown) => collect(log, ['MessageId']);
const receiptHandles = (log: unknown) => collect(log, ['ReceiptHandle']);
const requestIds = (log: unknown) => collect(log, ['requestId']);
/** SNS message ids as the subscribed queue sees them, inside the notification envelope. */
const envelopeIds = (log: unknown) =>
  collect(log, ['Body'])
    .filter((body) => body.startsWith('{'))
    .map((body) => (JSON.parse(body) as { MessageId: string }).MessageId);
/** The bodies the standard queue's receives returned, in delivery order (honest mode reorders and duplicates). */
const deliveryOrder = (log: unknown) => collect(log, ['Body']).filter((body) => /^(single|batch) /.test(body));

describe('a seeded mock', () => {
  it('answers identically to another with the same seed, driven the same way (honest mode included)', async () => {
    const first = await run({ seed: 1234, honest: true });
    const second = await run({ seed: 1234, honest: true });
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));

    // The comparison covers what it claims: many distinct ids of every kind.
    expect(new Set(messageIds(first)).size).toBeGreaterThan(15);
    expect(new Set(receiptHandles(first)).size).toBeGreaterThan(10);
    expect(new Set(requestIds(first)).size).toBe(requestIds(first).length);
    expect(requestIds(first).length).toBeGreaterThan(50);
    expect(envelopeIds(first).length).toBeGreaterThan(0);
    expect(first).toContainEqual(expect.objectContaining({ error: 'QueueDoesNotExist' }));
  });

  it('is identical without honest mode too', async () => {
    expect(JSON.stringify(await run({ seed: 7 }))).toBe(JSON.stringify(await run({ seed: 7 })));
  });

  it('starts its sequence again after aws.reset()', async () => {
    const clients = snsSetup({ seed: 99, honest: true });
    const before = await scenario(clients);
    clients.aws.reset();
    const after = await scenario(clients);
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
  });

  it('answers differently with another seed', async () => {
    const one = await run({ seed: 1, honest: true });
    const two = await run({ seed: 2, honest: true });
    const shared = (a: string[], b: string[]) => a.filter((x) => b.includes(x));
    expect(shared(messageIds(one), messageIds(two))).toEqual([]);
    expect(shared(receiptHandles(one), receiptHandles(two))).toEqual([]);
    expect(shared(requestIds(one), requestIds(two))).toEqual([]);
    expect(shared(envelopeIds(one), envelopeIds(two))).toEqual([]);
    expect(deliveryOrder(one)).not.toEqual(deliveryOrder(two));
  });

  it('without a seed, two mocks share no ids', async () => {
    const one = await run({});
    const two = await run({});
    expect(messageIds(one).filter((id) => messageIds(two).includes(id))).toEqual([]);
    expect(requestIds(one).filter((id) => requestIds(two).includes(id))).toEqual([]);
  });
});

describe('seeds', () => {
  const firstId = (seed: number) => createAwsMock({ seed }).ids.uuid();

  it('tell apart numbers that share their low 32 bits or integer part', () => {
    expect(firstId(-1)).not.toBe(firstId(2 ** 32 - 1));
    expect(firstId(2 ** 32)).not.toBe(firstId(0));
    expect(firstId(0.5)).not.toBe(firstId(0));
    expect(firstId(0.5)).toBe(firstId(0.5));
  });

  it('must be finite numbers', () => {
    expect(() => createAwsMock({ seed: Number.NaN })).toThrow(/seed must be a finite number/);
    expect(() => createAwsMock({ seed: '42' as unknown as number })).toThrow(/seed must be a finite number/);
  });
});
