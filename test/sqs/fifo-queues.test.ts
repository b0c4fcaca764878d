import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  InvalidAttributeName,
  QueueNameExists,
  SetQueueAttributesCommand,
  type QueueAttributeName,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import { sqsSetup } from '../helpers.js';
import { InvalidAttributeValue } from '../sdk-features.js'; // the SDK's class, or SQSServiceException before 3.447.0
import {
  createFifoQueue,
  createQueue,
  expectInvalidParameterValue,
  expectSqsError,
  setAttributes,
  T0,
} from './message-support.js';

const FIFO_NAME_RULE =
  'The name of a FIFO queue can only include alphanumeric characters, hyphens, or underscores, must end with .fifo suffix and be 1 to 80 in length.';
const PER_GROUP_NEEDS_GROUP_SCOPE =
  'The perMessageGroupId value is allowed only when the value for DeduplicationScope is messageGroup';

let aws: AwsMock;
let sqs: SQSClient;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  ({ aws, sqs } = sqsSetup());
});
afterEach(() => vi.useRealTimers());

function create(QueueName: string, Attributes?: Record<string, string>) {
  return sqs.send(new CreateQueueCommand({ QueueName, ...(Attributes ? { Attributes } : {}) }));
}

function set(QueueUrl: string, Attributes: Record<string, string>) {
  return sqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes }));
}

async function attributes(QueueUrl: string, names: string[] = ['All']): Promise<Record<string, string> | undefined> {
  const result = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl, AttributeNames: names as QueueAttributeName[] }),
  );
  return result.Attributes;
}

function fifoAttributes(QueueUrl: string) {
  return attributes(QueueUrl, ['FifoQueue', 'ContentBasedDeduplication', 'DeduplicationScope', 'FifoThroughputLimit']);
}

function expectInvalidAttributeValue(promise: Promise<unknown>, message: string): Promise<void> {
  return expectSqsError(promise, InvalidAttributeValue, 'InvalidAttributeValue', message);
}

function expectInvalidAttributeName(promise: Promise<unknown>, message: string): Promise<void> {
  return expectSqsError(promise, InvalidAttributeName, 'InvalidAttributeName', message);
}

describe('creating a FIFO queue', () => {
  it('creates a FIFO queue from FifoQueue=true and a name ending in .fifo', async () => {
    const QueueUrl = await createFifoQueue(sqs, 'orders.fifo');
    expect(QueueUrl).toBe('https://sqs.us-east-1.amazonaws.com/000000000000/orders.fifo');
    expect(aws.sqs.queue('orders.fifo').fifo).toBe(true);
  });

  it('answers GetQueueAttributes(All) of a fresh FIFO queue with the standard set plus the four FIFO attributes', async () => {
    const QueueUrl = await createFifoQueue(sqs, 'orders.fifo');
    expect(await attributes(QueueUrl)).toStrictEqual({
      ApproximateNumberOfMessages: '0',
      ApproximateNumberOfMessagesDelayed: '0',
      ApproximateNumberOfMessagesNotVisible: '0',
      ContentBasedDeduplication: 'false',
      CreatedTimestamp: String(T0 / 1000),
      DeduplicationScope: 'queue',
      DelaySeconds: '0',
      FifoQueue: 'true',
      FifoThroughputLimit: 'perQueue',
      LastModifiedTimestamp: String(T0 / 1000),
      MaximumMessageSize: '1048576',
      MessageRetentionPeriod: '345600',
      QueueArn: 'arn:aws:sqs:us-east-1:000000000000:orders.fifo',
      ReceiveMessageWaitTimeSeconds: '0',
      SqsManagedSseEnabled: 'true',
      VisibilityTimeout: '30',
    });
  });

  it('accepts FifoQueue and ContentBasedDeduplication in any case and shows them lowercase', async () => {
    const QueueUrl = await createQueue(sqs, 'q.fifo', { FifoQueue: 'True', ContentBasedDeduplication: 'TRUE' });
    expect(await attributes(QueueUrl, ['FifoQueue', 'ContentBasedDeduplication'])).toStrictEqual({
      FifoQueue: 'true',
      ContentBasedDeduplication: 'true',
    });
  });

  it('applies the FIFO attributes given at creation', async () => {
    const QueueUrl = await createFifoQueue(sqs, 'q.fifo', {
      ContentBasedDeduplication: 'true',
      DeduplicationScope: 'messageGroup',
      FifoThroughputLimit: 'perMessageGroupId',
    });
    expect(await fifoAttributes(QueueUrl)).toStrictEqual({
      FifoQueue: 'true',
      ContentBasedDeduplication: 'true',
      DeduplicationScope: 'messageGroup',
      FifoThroughputLimit: 'perMessageGroupId',
    });
  });

  it('accepts DeduplicationScope messageGroup without FifoThroughputLimit', async () => {
    const QueueUrl = await createFifoQueue(sqs, 'q.fifo', { DeduplicationScope: 'messageGroup' });
    expect(await attributes(QueueUrl, ['DeduplicationScope', 'FifoThroughputLimit'])).toStrictEqual({
      DeduplicationScope: 'messageGroup',
      FifoThroughputLimit: 'perQueue',
    });
  });

  it('accepts a FIFO name of 80 characters including the suffix', async () => {
    const name = `${'a'.repeat(75)}.fifo`;
    expect(await createFifoQueue(sqs, name)).toBe(`https://sqs.us-east-1.amazonaws.com/000000000000/${name}`);
  });

  it.each([
    ['81 characters', `${'a'.repeat(76)}.fifo`],
    ['no .fifo suffix', 'orders'],
    ['only the suffix', '.fifo'],
    ['a dot before the suffix', 'my.orders.fifo'],
  ])('refuses a FIFO queue name with %s', async (_case, name) => {
    await expectInvalidParameterValue(create(name, { FifoQueue: 'true' }), FIFO_NAME_RULE);
    expect(aws.sqs.queues()).toEqual([]);
  });

  it.each([
    ['ContentBasedDeduplication', 'yes'],
    ['DeduplicationScope', 'group'],
    ['DeduplicationScope', ''],
    ['FifoThroughputLimit', 'perGroup'],
  ])('refuses %s=%j at creation with InvalidAttributeValue', async (name, value) => {
    await expectInvalidAttributeValue(
      create('q.fifo', { FifoQueue: 'true', [name]: value }),
      `Invalid value for the parameter ${name}.`,
    );
    expect(aws.sqs.queues()).toEqual([]);
  });

  it('refuses FifoThroughputLimit perMessageGroupId with the default DeduplicationScope queue', async () => {
    await expectInvalidAttributeValue(
      create('q.fifo', { FifoQueue: 'true', FifoThroughputLimit: 'perMessageGroupId' }),
      PER_GROUP_NEEDS_GROUP_SCOPE,
    );
  });

  it('refuses FifoThroughputLimit perMessageGroupId with DeduplicationScope queue given explicitly', async () => {
    await expectInvalidAttributeValue(
      create('q.fifo', { FifoQueue: 'true', DeduplicationScope: 'queue', FifoThroughputLimit: 'perMessageGroupId' }),
      PER_GROUP_NEEDS_GROUP_SCOPE,
    );
  });
});

describe('FIFO attributes on a standard queue', () => {
  it.each([
    ['FifoQueue', 'false', 'Unknown Attribute FifoQueue.'],
    ['ContentBasedDeduplication', 'false', 'Unknown Attribute ContentBasedDeduplication.'],
    ['DeduplicationScope', 'queue', 'You can specify the DeduplicationScope only when FifoQueue is set to true.'],
    ['FifoThroughputLimit', 'perQueue', 'You can specify the FifoThroughputLimit only when FifoQueue is set to true.'],
  ])('refuses %s at creation with InvalidAttributeName', async (name, value, message) => {
    await expectInvalidAttributeName(create('q', { [name]: value }), message);
    expect(aws.sqs.queues()).toEqual([]);
  });

  it.each([
    ['FifoQueue', 'true', 'Unknown Attribute FifoQueue.'],
    ['ContentBasedDeduplication', 'true', 'Unknown Attribute ContentBasedDeduplication.'],
    [
      'DeduplicationScope',
      'messageGroup',
      'You can specify the DeduplicationScope only when FifoQueue is set to true.',
    ],
    [
      'FifoThroughputLimit',
      'perMessageGroupId',
      'You can specify the FifoThroughputLimit only when FifoQueue is set to true.',
    ],
  ])('refuses %s in SetQueueAttributes with InvalidAttributeName', async (name, value, message) => {
    const QueueUrl = await createQueue(sqs, 'q');
    await expectInvalidAttributeName(set(QueueUrl, { [name]: value }), message);
  });

  it('does not show FIFO attributes', async () => {
    const QueueUrl = await createQueue(sqs, 'q');
    expect(await fifoAttributes(QueueUrl)).toBeUndefined();
  });
});

describe('SetQueueAttributes on a FIFO queue', () => {
  let QueueUrl: string;
  beforeEach(async () => {
    QueueUrl = await createFifoQueue(sqs, 'q.fifo');
  });

  it('turns ContentBasedDeduplication on and off', async () => {
    await setAttributes(sqs, QueueUrl, { ContentBasedDeduplication: 'true' });
    expect((await fifoAttributes(QueueUrl))?.['ContentBasedDeduplication']).toBe('true');
    await setAttributes(sqs, QueueUrl, { ContentBasedDeduplication: 'false' });
    expect((await fifoAttributes(QueueUrl))?.['ContentBasedDeduplication']).toBe('false');
  });

  it('accepts FifoQueue=true as a no-op', async () => {
    await setAttributes(sqs, QueueUrl, { FifoQueue: 'true' });
    expect((await fifoAttributes(QueueUrl))?.['FifoQueue']).toBe('true');
  });

  it('refuses FifoQueue=false: the queue type cannot change', async () => {
    await expectInvalidAttributeValue(
      set(QueueUrl, { FifoQueue: 'false' }),
      'Invalid value for the parameter FifoQueue. Reason: Modifying queue type is not supported.',
    );
    expect(aws.sqs.queue('q.fifo').fifo).toBe(true);
  });

  it('switches to high throughput and back, both attributes in one call', async () => {
    await setAttributes(sqs, QueueUrl, {
      DeduplicationScope: 'messageGroup',
      FifoThroughputLimit: 'perMessageGroupId',
    });
    expect(await fifoAttributes(QueueUrl)).toStrictEqual({
      FifoQueue: 'true',
      ContentBasedDeduplication: 'false',
      DeduplicationScope: 'messageGroup',
      FifoThroughputLimit: 'perMessageGroupId',
    });
    await setAttributes(sqs, QueueUrl, { DeduplicationScope: 'queue', FifoThroughputLimit: 'perQueue' });
    expect(await attributes(QueueUrl, ['DeduplicationScope', 'FifoThroughputLimit'])).toStrictEqual({
      DeduplicationScope: 'queue',
      FifoThroughputLimit: 'perQueue',
    });
  });

  it('refuses FifoThroughputLimit perMessageGroupId while DeduplicationScope is queue, changing nothing', async () => {
    await expectInvalidAttributeValue(
      set(QueueUrl, { FifoThroughputLimit: 'perMessageGroupId' }),
      PER_GROUP_NEEDS_GROUP_SCOPE,
    );
    expect((await fifoAttributes(QueueUrl))?.['FifoThroughputLimit']).toBe('perQueue');
  });

  it('refuses DeduplicationScope queue while FifoThroughputLimit is perMessageGroupId', async () => {
    await setAttributes(sqs, QueueUrl, {
      DeduplicationScope: 'messageGroup',
      FifoThroughputLimit: 'perMessageGroupId',
    });
    await expectInvalidAttributeValue(set(QueueUrl, { DeduplicationScope: 'queue' }), PER_GROUP_NEEDS_GROUP_SCOPE);
    expect((await fifoAttributes(QueueUrl))?.['DeduplicationScope']).toBe('messageGroup');
  });

  it.each([
    ['ContentBasedDeduplication', 'maybe'],
    ['DeduplicationScope', 'Queue'],
    ['FifoThroughputLimit', 'perqueue'],
  ])('refuses %s=%j with InvalidAttributeValue', async (name, value) => {
    await expectInvalidAttributeValue(set(QueueUrl, { [name]: value }), `Invalid value for the parameter ${name}.`);
  });

  it('updates LastModifiedTimestamp', async () => {
    await vi.advanceTimersByTimeAsync(5_000);
    await setAttributes(sqs, QueueUrl, { ContentBasedDeduplication: 'true' });
    expect(await attributes(QueueUrl, ['CreatedTimestamp', 'LastModifiedTimestamp'])).toStrictEqual({
      CreatedTimestamp: String(T0 / 1000),
      LastModifiedTimestamp: String(T0 / 1000 + 5),
    });
  });
});

describe('CreateQueue idempotency for FIFO queues', () => {
  it('returns the existing URL for the same name and attributes', async () => {
    const QueueUrl = await createFifoQueue(sqs, 'q.fifo', { ContentBasedDeduplication: 'true' });
    expect(await createFifoQueue(sqs, 'q.fifo', { ContentBasedDeduplication: 'true' })).toBe(QueueUrl);
    expect(aws.sqs.queues()).toHaveLength(1);
  });

  it('returns the existing URL when only FifoQueue is given again', async () => {
    const QueueUrl = await createFifoQueue(sqs, 'q.fifo', {
      ContentBasedDeduplication: 'true',
      DeduplicationScope: 'messageGroup',
    });
    expect(await createFifoQueue(sqs, 'q.fifo')).toBe(QueueUrl);
  });

  it('compares a value given again in another case after normalising it', async () => {
    const QueueUrl = await createFifoQueue(sqs, 'q.fifo', { ContentBasedDeduplication: 'true' });
    expect(await createQueue(sqs, 'q.fifo', { FifoQueue: 'TRUE', ContentBasedDeduplication: 'True' })).toBe(QueueUrl);
  });

  it.each([
    ['ContentBasedDeduplication', 'true'],
    ['DeduplicationScope', 'messageGroup'],
    ['VisibilityTimeout', '31'],
  ])('refuses a different %s with QueueNameExists', async (name, value) => {
    await createFifoQueue(sqs, 'q.fifo');
    await expectSqsError(
      createFifoQueue(sqs, 'q.fifo', { [name]: value }),
      QueueNameExists,
      'QueueAlreadyExists',
      `A queue already exists with the same name and a different value for attribute ${name}`,
    );
  });

  it('refuses the same FIFO name without FifoQueue: the name needs it', async () => {
    await createFifoQueue(sqs, 'q.fifo');
    await expectInvalidParameterValue(
      create('q.fifo'),
      'Can only include alphanumeric characters, hyphens, or underscores. 1 to 80 in length',
    );
  });

  it('compares with the current values after SetQueueAttributes', async () => {
    const QueueUrl = await createFifoQueue(sqs, 'q.fifo', { ContentBasedDeduplication: 'false' });
    await setAttributes(sqs, QueueUrl, { ContentBasedDeduplication: 'true' });
    expect(await createFifoQueue(sqs, 'q.fifo', { ContentBasedDeduplication: 'true' })).toBe(QueueUrl);
    await expectSqsError(
      createFifoQueue(sqs, 'q.fifo', { ContentBasedDeduplication: 'false' }),
      QueueNameExists,
      'QueueAlreadyExists',
      'A queue already exists with the same name and a different value for attribute ContentBasedDeduplication',
    );
  });
});
