import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  InvalidAttributeName,
  QueueDoesNotExist,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SetQueueAttributesCommand,
  SQSServiceException,
  type QueueAttributeName,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rejectionOf, sqsSetup } from '../helpers.js';
import { InvalidAttributeValue } from '../sdk-features.js'; // the SDK's class, or SQSServiceException before 3.447.0

const BASE = 'https://sqs.us-east-1.amazonaws.com/000000000000';
const url = (name: string) => `${BASE}/${name}`;
const arn = (name: string) => `arn:aws:sqs:us-east-1:000000000000:${name}`;

/** 2024-01-02T03:04:05.678Z: a fractional second, to see timestamps truncated to whole seconds. */
const T0 = Date.UTC(2024, 0, 2, 3, 4, 5, 678);
const T0_SECONDS = String(Math.floor(T0 / 1000));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

type Failure = Error & Record<string, unknown>;

async function createQueue(sqs: SQSClient, QueueName = 'q', Attributes?: Record<string, string>): Promise<string> {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName, Attributes }));
  return QueueUrl!;
}

async function attributes(sqs: SQSClient, QueueUrl: string, names: string[] = ['All']) {
  const result = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl, AttributeNames: names as QueueAttributeName[] }),
  );
  return result.Attributes;
}

async function set(sqs: SQSClient, QueueUrl: string, Attributes: Record<string, string>): Promise<void> {
  await sqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes }));
}

function setFails(sqs: SQSClient, QueueUrl: string, Attributes: Record<string, string>): Promise<Failure> {
  return rejectionOf(sqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes })));
}

function expectInvalidAttributeValue(error: Failure, message: string): void {
  expect(error).toBeInstanceOf(InvalidAttributeValue);
  expect(error.name).toBe('InvalidAttributeValue');
  expect(error['Code']).toBe('InvalidAttributeValue');
  expect(error.message).toBe(message);
}

function expectInvalidAttributeName(error: Failure, message: string): void {
  expect(error).toBeInstanceOf(InvalidAttributeName);
  expect(error.name).toBe('InvalidAttributeName');
  expect(error['Code']).toBe('InvalidAttributeName');
  expect(error.message).toBe(message);
}

function expectInvalidParameterValue(error: Failure, message: string): void {
  expect(error).toBeInstanceOf(SQSServiceException);
  expect(error.name).toBe('InvalidParameterValue');
  expect(error['Code']).toBe('InvalidParameterValue');
  expect(error.message).toBe(message);
}

describe('GetQueueAttributes', () => {
  it('returns exactly the documented attributes and defaults for All on a fresh standard queue', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'fresh');
    const result = await attributes(sqs, QueueUrl);
    expect(result).toStrictEqual({
      ApproximateNumberOfMessages: '0',
      ApproximateNumberOfMessagesDelayed: '0',
      ApproximateNumberOfMessagesNotVisible: '0',
      CreatedTimestamp: T0_SECONDS,
      DelaySeconds: '0',
      LastModifiedTimestamp: T0_SECONDS,
      MaximumMessageSize: '1048576',
      MessageRetentionPeriod: '345600',
      QueueArn: arn('fresh'),
      ReceiveMessageWaitTimeSeconds: '0',
      SqsManagedSseEnabled: 'true',
      VisibilityTimeout: '30',
    });
  });

  it('lists the attributes of All in alphabetical order', async () => {
    const { sqs } = sqsSetup();
    const result = await attributes(sqs, await createQueue(sqs));
    const names = Object.keys(result!);
    expect(names).toEqual([...names].sort());
  });

  it('gives timestamps in whole epoch seconds', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    const result = await attributes(sqs, QueueUrl, ['CreatedTimestamp', 'LastModifiedTimestamp']);
    expect(result).toEqual({ CreatedTimestamp: '1704164645', LastModifiedTimestamp: '1704164645' });
  });

  it('has no Attributes key without AttributeNames', async () => {
    const { sqs } = sqsSetup();
    const result = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: await createQueue(sqs) }));
    expect('Attributes' in result).toBe(false);
  });

  it('has no Attributes key for an empty AttributeNames list', async () => {
    const { sqs } = sqsSetup();
    const result = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: await createQueue(sqs), AttributeNames: [] }),
    );
    expect('Attributes' in result).toBe(false);
  });

  it('returns only the attributes asked for', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    expect(await attributes(sqs, QueueUrl, ['QueueArn', 'VisibilityTimeout'])).toStrictEqual({
      QueueArn: arn('q'),
      VisibilityTimeout: '30',
    });
  });

  it('treats All alongside other names as All', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    expect(await attributes(sqs, QueueUrl, ['VisibilityTimeout', 'All'])).toStrictEqual(
      await attributes(sqs, QueueUrl),
    );
  });

  it('omits unset attributes, leaving no Attributes key when none remain', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    const result = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl,
        AttributeNames: [
          'Policy',
          'RedrivePolicy',
          'RedriveAllowPolicy',
          'KmsMasterKeyId',
          'KmsDataKeyReusePeriodSeconds',
        ],
      }),
    );
    expect('Attributes' in result).toBe(false);
  });

  it('omits FIFO-only attributes on a standard queue', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    expect(
      await attributes(sqs, QueueUrl, [
        'FifoQueue',
        'ContentBasedDeduplication',
        'DeduplicationScope',
        'FifoThroughputLimit',
        'DelaySeconds',
      ]),
    ).toStrictEqual({ DelaySeconds: '0' });
  });

  it('answers InvalidAttributeName for an unknown name, even next to known ones', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    const error = await rejectionOf(
      sqs.send(
        new GetQueueAttributesCommand({
          QueueUrl,
          AttributeNames: ['VisibilityTimeout', 'Bogus' as QueueAttributeName],
        }),
      ),
    );
    expectInvalidAttributeName(error, 'Unknown Attribute Bogus.');
  });

  it('treats attribute names case-sensitively', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    const error = await rejectionOf(
      sqs.send(
        new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['visibilityTimeout' as QueueAttributeName] }),
      ),
    );
    expectInvalidAttributeName(error, 'Unknown Attribute visibilityTimeout.');
  });

  it('counts visible, in-flight and delayed messages', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    for (const body of ['a', 'b', 'c']) await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: body }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'd', DelaySeconds: 10 }));
    await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 2, VisibilityTimeout: 20 }));
    const names = [
      'ApproximateNumberOfMessages',
      'ApproximateNumberOfMessagesNotVisible',
      'ApproximateNumberOfMessagesDelayed',
    ];

    expect(await attributes(sqs, QueueUrl, names)).toStrictEqual({
      ApproximateNumberOfMessages: '1',
      ApproximateNumberOfMessagesDelayed: '1',
      ApproximateNumberOfMessagesNotVisible: '2',
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await attributes(sqs, QueueUrl, names)).toStrictEqual({
      ApproximateNumberOfMessages: '2',
      ApproximateNumberOfMessagesDelayed: '0',
      ApproximateNumberOfMessagesNotVisible: '2',
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await attributes(sqs, QueueUrl, names)).toStrictEqual({
      ApproximateNumberOfMessages: '4',
      ApproximateNumberOfMessagesDelayed: '0',
      ApproximateNumberOfMessagesNotVisible: '0',
    });
  });

  it('answers QueueDoesNotExist for an unknown queue', async () => {
    const { sqs } = sqsSetup();
    const error = await rejectionOf(
      sqs.send(new GetQueueAttributesCommand({ QueueUrl: url('nope'), AttributeNames: ['All'] })),
    );
    expect(error).toBeInstanceOf(QueueDoesNotExist);
    expect(error['Code']).toBe('AWS.SimpleQueueService.NonExistentQueue');
    expect(error.message).toBe('The specified queue does not exist.');
  });
});

describe('SetQueueAttributes', () => {
  const NUMERIC: ReadonlyArray<readonly [string, number, number]> = [
    ['DelaySeconds', 0, 900],
    ['MaximumMessageSize', 1024, 1_048_576],
    ['MessageRetentionPeriod', 60, 1_209_600],
    ['ReceiveMessageWaitTimeSeconds', 0, 20],
    ['VisibilityTimeout', 0, 43_200],
  ];

  it.each(NUMERIC)('sets %s to its lowest and highest values', async (name, min, max) => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    await set(sqs, QueueUrl, { [name]: String(min) });
    expect(await attributes(sqs, QueueUrl, [name])).toStrictEqual({ [name]: String(min) });
    await set(sqs, QueueUrl, { [name]: String(max) });
    expect(await attributes(sqs, QueueUrl, [name])).toStrictEqual({ [name]: String(max) });
  });

  it.each(
    NUMERIC.flatMap(([name, min, max]) => [String(min - 1), String(max + 1)].map((value) => [name, value] as const)),
  )('refuses %s=%s with InvalidAttributeValue', async (name, value) => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    expectInvalidAttributeValue(
      await setFails(sqs, QueueUrl, { [name]: value }),
      `Invalid value for the parameter ${name}.`,
    );
  });

  it.each(['', ' 30', '30 ', '1.5', 'abc', '+30', '3e1'])(
    'refuses VisibilityTimeout=%j as not an integer',
    async (value) => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs);
      expectInvalidAttributeValue(
        await setFails(sqs, QueueUrl, { VisibilityTimeout: value }),
        'Invalid value for the parameter VisibilityTimeout.',
      );
    },
  );

  it('sets several attributes in one call', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q', {
      MessageRetentionPeriod: '604800',
      ReceiveMessageWaitTimeSeconds: '10',
      VisibilityTimeout: '20',
    });
    await set(sqs, QueueUrl, { MaximumMessageSize: '2048', VisibilityTimeout: '69', DelaySeconds: '420' });
    expect(await attributes(sqs, QueueUrl)).toStrictEqual({
      ApproximateNumberOfMessages: '0',
      ApproximateNumberOfMessagesDelayed: '0',
      ApproximateNumberOfMessagesNotVisible: '0',
      CreatedTimestamp: T0_SECONDS,
      DelaySeconds: '420',
      LastModifiedTimestamp: T0_SECONDS,
      MaximumMessageSize: '2048',
      MessageRetentionPeriod: '604800',
      QueueArn: arn('q'),
      ReceiveMessageWaitTimeSeconds: '10',
      SqsManagedSseEnabled: 'true',
      VisibilityTimeout: '69',
    });
  });

  it('changes nothing when one attribute of the call is invalid', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    await setFails(sqs, QueueUrl, { DelaySeconds: '10', VisibilityTimeout: '-1' });
    expect(await attributes(sqs, QueueUrl, ['DelaySeconds', 'VisibilityTimeout'])).toStrictEqual({
      DelaySeconds: '0',
      VisibilityTimeout: '30',
    });
  });

  it('moves LastModifiedTimestamp but not CreatedTimestamp', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    await vi.advanceTimersByTimeAsync(10_000);
    await set(sqs, QueueUrl, { VisibilityTimeout: '60' });
    expect(await attributes(sqs, QueueUrl, ['CreatedTimestamp', 'LastModifiedTimestamp'])).toStrictEqual({
      CreatedTimestamp: T0_SECONDS,
      LastModifiedTimestamp: String(Math.floor((T0 + 10_000) / 1000)),
    });
  });

  it('answers MissingParameter for an empty attribute map', async () => {
    const { sqs } = sqsSetup();
    const error = await setFails(sqs, await createQueue(sqs), {});
    expect(error).toBeInstanceOf(SQSServiceException);
    expect(error.name).toBe('MissingParameter');
    expect(error['Code']).toBe('MissingParameter');
    expect(error.message).toBe('The request must contain the parameter Attribute.Name.');
  });

  it('answers MissingParameter without Attributes', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    const error = await rejectionOf(sqs.send(new SetQueueAttributesCommand({ QueueUrl } as never)));
    expect(error).toBeInstanceOf(SQSServiceException);
    expect(error.name).toBe('MissingParameter');
    expect(error['Code']).toBe('MissingParameter');
    expect(error.message).toBe('The request must contain the parameter Attribute.Name.');
  });

  it('answers MissingParameter when every value is undefined, as the SDK sends an empty map', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    const error = await setFails(sqs, QueueUrl, { VisibilityTimeout: undefined } as never);
    expect(error).toBeInstanceOf(SQSServiceException);
    expect(error.name).toBe('MissingParameter');
    expect(error['Code']).toBe('MissingParameter');
    expect(error.message).toBe('The request must contain the parameter Attribute.Name.');
  });

  it('ignores attributes whose value is undefined next to real ones', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    await set(sqs, QueueUrl, { VisibilityTimeout: '45', DelaySeconds: undefined } as never);
    expect(await attributes(sqs, QueueUrl, ['VisibilityTimeout', 'DelaySeconds'])).toStrictEqual({
      DelaySeconds: '0',
      VisibilityTimeout: '45',
    });
  });

  it.each([
    'QueueArn',
    'CreatedTimestamp',
    'LastModifiedTimestamp',
    'ApproximateNumberOfMessages',
    'ApproximateNumberOfMessagesNotVisible',
    'ApproximateNumberOfMessagesDelayed',
    'All',
    'Bogus',
  ])('refuses %s as an unknown attribute', async (name) => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    expectInvalidAttributeName(await setFails(sqs, QueueUrl, { [name]: '1' }), `Unknown Attribute ${name}.`);
  });

  it.each(['true', 'false'])('refuses FifoQueue=%s on a standard queue as an unknown attribute', async (value) => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    expectInvalidAttributeName(await setFails(sqs, QueueUrl, { FifoQueue: value }), 'Unknown Attribute FifoQueue.');
  });

  it('refuses ContentBasedDeduplication on a standard queue as an unknown attribute', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    expectInvalidAttributeName(
      await setFails(sqs, QueueUrl, { ContentBasedDeduplication: 'true' }),
      'Unknown Attribute ContentBasedDeduplication.',
    );
  });

  it.each([
    ['DeduplicationScope', 'messageGroup'],
    ['FifoThroughputLimit', 'perMessageGroupId'],
  ])('refuses %s on a standard queue', async (name, value) => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    expectInvalidAttributeName(
      await setFails(sqs, QueueUrl, { [name]: value }),
      `You can specify the ${name} only when FifoQueue is set to true.`,
    );
  });

  it('answers QueueDoesNotExist for an unknown queue', async () => {
    const { sqs } = sqsSetup();
    const error = await setFails(sqs, url('nope'), { VisibilityTimeout: '1' });
    expect(error).toBeInstanceOf(QueueDoesNotExist);
    expect(error['Code']).toBe('AWS.SimpleQueueService.NonExistentQueue');
    expect(error.message).toBe('The specified queue does not exist.');
  });

  describe('effects on messages', () => {
    it('applies a lower MaximumMessageSize to later sends', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs);
      await set(sqs, QueueUrl, { MaximumMessageSize: '1024' });
      await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'x'.repeat(1024) }));
      const error = await rejectionOf(sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'x'.repeat(1025) })));
      expectInvalidParameterValue(
        error,
        'One or more parameters are invalid. Reason: Message must be shorter than 1024 bytes.',
      );
    });

    it('applies a lower MaximumMessageSize to each batch entry', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs);
      await set(sqs, QueueUrl, { MaximumMessageSize: '1024' });
      const result = await sqs.send(
        new SendMessageBatchCommand({
          QueueUrl,
          Entries: [
            { Id: 'fits', MessageBody: 'x'.repeat(1024) },
            { Id: 'big', MessageBody: 'x'.repeat(1025) },
          ],
        }),
      );
      expect(result.Successful?.map((entry) => entry.Id)).toEqual(['fits']);
      expect(result.Failed).toEqual([
        {
          Id: 'big',
          SenderFault: true,
          Code: 'InvalidParameterValue',
          Message: 'One or more parameters cannot be validated. Reason: Message must be shorter than 1024 bytes.',
        },
      ]);
    });

    it('applies a raised MaximumMessageSize again to later sends', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs, 'q', { MaximumMessageSize: '1024' });
      await set(sqs, QueueUrl, { MaximumMessageSize: '2048' });
      const result = await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'x'.repeat(2048) }));
      expect(result.MessageId).toBeDefined();
    });

    it('delays later sends by a new DelaySeconds', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs);
      await set(sqs, QueueUrl, { DelaySeconds: '5' });
      await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'later' }));
      expect(await attributes(sqs, QueueUrl, ['ApproximateNumberOfMessagesDelayed'])).toStrictEqual({
        ApproximateNumberOfMessagesDelayed: '1',
      });
    });

    it('hides later receives for a new VisibilityTimeout', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs);
      await set(sqs, QueueUrl, { VisibilityTimeout: '5' });
      await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'm' }));
      await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
      await vi.advanceTimersByTimeAsync(4_999);
      expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl }))).Messages).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl }))).Messages?.map((m) => m.Body)).toEqual(['m']);
    });
  });

  describe('Policy', () => {
    const POLICY = JSON.stringify({
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Principal: '*', Action: 'sqs:SendMessage', Resource: arn('q') }],
    });

    it('returns the policy as it was set', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs, 'q');
      await set(sqs, QueueUrl, { Policy: POLICY });
      expect(await attributes(sqs, QueueUrl, ['Policy'])).toStrictEqual({ Policy: POLICY });
      expect((await attributes(sqs, QueueUrl))?.['Policy']).toBe(POLICY);
    });

    it('removes the policy when set to an empty string', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs, 'q');
      await set(sqs, QueueUrl, { Policy: POLICY });
      await set(sqs, QueueUrl, { Policy: '' });
      expect(await attributes(sqs, QueueUrl)).not.toHaveProperty('Policy');
    });

    it('accepts an empty string when no policy is set', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs, 'q');
      await set(sqs, QueueUrl, { Policy: '' });
      expect(await attributes(sqs, QueueUrl)).not.toHaveProperty('Policy');
    });

    it('refuses a policy that is not a JSON object', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs, 'q');
      expectInvalidAttributeValue(
        await setFails(sqs, QueueUrl, { Policy: '{not json' }),
        'Invalid value for the parameter Policy.',
      );
    });

    it('takes up to 20 statements (third-party text for more)', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs, 'q');
      const policy = (count: number) =>
        JSON.stringify({
          Statement: Array.from({ length: count }, (_, i) => ({
            Sid: `s${i}`,
            Effect: 'Allow',
            Principal: '*',
            Action: 'sqs:SendMessage',
          })),
        });
      await set(sqs, QueueUrl, { Policy: policy(20) });
      expectInvalidAttributeValue(
        await setFails(sqs, QueueUrl, { Policy: policy(22) }),
        'Invalid value for the parameter Policy. Reason: 22 statements were found in the submitted policy, max allowed is 20',
      );
      expect(JSON.parse((await attributes(sqs, QueueUrl, ['Policy']))!['Policy']!).Statement).toHaveLength(20);
    });
  });

  describe('RedrivePolicy', () => {
    async function withDeadLetterQueue(sqs: SQSClient, dlqAttributes?: Record<string, string>) {
      await createQueue(sqs, 'dlq', dlqAttributes);
      return createQueue(sqs, 'src');
    }

    it('renders maxReceiveCount as a JSON number when it was sent as a string', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await withDeadLetterQueue(sqs);
      await set(sqs, QueueUrl, {
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: arn('dlq'), maxReceiveCount: '5' }),
      });
      expect(await attributes(sqs, QueueUrl, ['RedrivePolicy'])).toStrictEqual({
        RedrivePolicy: `{"deadLetterTargetArn":"${arn('dlq')}","maxReceiveCount":5}`,
      });
    });

    it('renders the policy with deadLetterTargetArn first, whatever the order sent', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await withDeadLetterQueue(sqs);
      await set(sqs, QueueUrl, { RedrivePolicy: `{ "maxReceiveCount": 10, "deadLetterTargetArn": "${arn('dlq')}" }` });
      expect(JSON.parse((await attributes(sqs, QueueUrl))!['RedrivePolicy']!)).toStrictEqual({
        deadLetterTargetArn: arn('dlq'),
        maxReceiveCount: 10,
      });
      expect((await attributes(sqs, QueueUrl))!['RedrivePolicy']).toBe(
        `{"deadLetterTargetArn":"${arn('dlq')}","maxReceiveCount":10}`,
      );
    });

    it('is accepted at CreateQueue', async () => {
      const { sqs } = sqsSetup();
      await createQueue(sqs, 'dlq');
      const QueueUrl = await createQueue(sqs, 'src', {
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: arn('dlq'), maxReceiveCount: 3 }),
      });
      expect(await attributes(sqs, QueueUrl, ['RedrivePolicy'])).toStrictEqual({
        RedrivePolicy: `{"deadLetterTargetArn":"${arn('dlq')}","maxReceiveCount":3}`,
      });
    });

    it('is removed by an empty string', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await withDeadLetterQueue(sqs);
      await set(sqs, QueueUrl, {
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: arn('dlq'), maxReceiveCount: 5 }),
      });
      await set(sqs, QueueUrl, { RedrivePolicy: '' });
      expect(await attributes(sqs, QueueUrl)).not.toHaveProperty('RedrivePolicy');
    });

    it('refuses a dead-letter queue that does not exist', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs, 'src');
      const raw = JSON.stringify({ deadLetterTargetArn: arn('missing'), maxReceiveCount: 5 });
      expectInvalidParameterValue(
        await setFails(sqs, QueueUrl, { RedrivePolicy: raw }),
        `Value ${raw} for parameter RedrivePolicy is invalid. Reason: Dead letter target does not exist.`,
      );
    });

    it('refuses a dead-letter queue ARN of another region', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await withDeadLetterQueue(sqs);
      const raw = JSON.stringify({ deadLetterTargetArn: 'arn:aws:sqs:eu-west-1:000000000000:dlq', maxReceiveCount: 5 });
      expectInvalidParameterValue(
        await setFails(sqs, QueueUrl, { RedrivePolicy: raw }),
        `Value ${raw} for parameter RedrivePolicy is invalid. Reason: Dead letter target does not exist.`,
      );
    });

    it.each([0, 1001])('refuses maxReceiveCount %d', async (count) => {
      const { sqs } = sqsSetup();
      const QueueUrl = await withDeadLetterQueue(sqs);
      const raw = JSON.stringify({ deadLetterTargetArn: arn('dlq'), maxReceiveCount: count });
      expectInvalidParameterValue(
        await setFails(sqs, QueueUrl, { RedrivePolicy: raw }),
        `Value ${raw} for parameter RedrivePolicy is invalid. Reason: Invalid value for maxReceiveCount: ${count}, valid values are from 1 to 1000 both inclusive.`,
      );
    });

    it('refuses a policy without deadLetterTargetArn', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await withDeadLetterQueue(sqs);
      const raw = JSON.stringify({ maxReceiveCount: 5 });
      expectInvalidParameterValue(
        await setFails(sqs, QueueUrl, { RedrivePolicy: raw }),
        `Value ${raw} for parameter RedrivePolicy is invalid. Reason: Redrive policy does not contain mandatory attribute: deadLetterTargetArn.`,
      );
    });

    it('refuses a policy that is not JSON', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await withDeadLetterQueue(sqs);
      expectInvalidAttributeValue(
        await setFails(sqs, QueueUrl, { RedrivePolicy: 'nope' }),
        'Invalid value for the parameter RedrivePolicy. Reason: Redrive policy is not a valid JSON map.',
      );
    });

    it('refuses a dead-letter queue whose RedriveAllowPolicy is denyAll', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await withDeadLetterQueue(sqs, { RedriveAllowPolicy: '{"redrivePermission":"denyAll"}' });
      const raw = JSON.stringify({ deadLetterTargetArn: arn('dlq'), maxReceiveCount: 5 });
      expectInvalidParameterValue(
        await setFails(sqs, QueueUrl, { RedrivePolicy: raw }),
        `Value ${raw} for parameter RedrivePolicy is invalid. Reason: The dead-letter queue's RedriveAllowPolicy does not allow this queue as a source queue.`,
      );
    });

    it('accepts a dead-letter queue whose RedriveAllowPolicy lists the source', async () => {
      const { sqs } = sqsSetup();
      const policy = JSON.stringify({ redrivePermission: 'byQueue', sourceQueueArns: [arn('src')] });
      const QueueUrl = await withDeadLetterQueue(sqs, { RedriveAllowPolicy: policy });
      await set(sqs, QueueUrl, {
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: arn('dlq'), maxReceiveCount: 5 }),
      });
      expect(await attributes(sqs, QueueUrl)).toHaveProperty('RedrivePolicy');
    });
  });

  describe('RedriveAllowPolicy', () => {
    it.each([
      '{"redrivePermission":"allowAll"}',
      '{"redrivePermission":"denyAll"}',
      `{"redrivePermission":"byQueue","sourceQueueArns":["${arn('a')}","${arn('b')}"]}`,
    ])('stores and returns %s', async (policy) => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs, 'dlq');
      await set(sqs, QueueUrl, { RedriveAllowPolicy: policy });
      expect(await attributes(sqs, QueueUrl, ['RedriveAllowPolicy'])).toStrictEqual({ RedriveAllowPolicy: policy });
    });

    it('is removed by an empty string', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs, 'dlq', { RedriveAllowPolicy: '{"redrivePermission":"denyAll"}' });
      await set(sqs, QueueUrl, { RedriveAllowPolicy: '' });
      expect(await attributes(sqs, QueueUrl)).not.toHaveProperty('RedriveAllowPolicy');
    });

    it('refuses byQueue without source queue ARNs', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs, 'dlq');
      const raw = '{"redrivePermission":"byQueue"}';
      expectInvalidParameterValue(
        await setFails(sqs, QueueUrl, { RedriveAllowPolicy: raw }),
        `Value ${raw} for parameter RedriveAllowPolicy is invalid. Reason: Amazon SQS can't create the redrive allow policy. When you specify the byQueue permission type, you must also specify one or more sourceQueueArns values.`,
      );
    });

    it('refuses an unknown redrivePermission', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs, 'dlq');
      expectInvalidAttributeValue(
        await setFails(sqs, QueueUrl, { RedriveAllowPolicy: '{"redrivePermission":"some"}' }),
        "Invalid value for the parameter RedriveAllowPolicy. Reason: Amazon SQS can't create the redrive allow policy, as it’s in an unsupported format.",
      );
    });
  });

  describe('server-side encryption', () => {
    const SSE_NAMES = ['KmsMasterKeyId', 'KmsDataKeyReusePeriodSeconds', 'SqsManagedSseEnabled'];

    it('turns SQS-managed SSE off when a KMS key is set, showing the reuse period', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs);
      await set(sqs, QueueUrl, { KmsMasterKeyId: 'testKeyId' });
      expect(await attributes(sqs, QueueUrl, SSE_NAMES)).toStrictEqual({
        KmsDataKeyReusePeriodSeconds: '300',
        KmsMasterKeyId: 'testKeyId',
        SqsManagedSseEnabled: 'false',
      });
    });

    it('stores a KMS key with its reuse period', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs);
      await set(sqs, QueueUrl, {
        KmsMasterKeyId: 'testKeyId',
        KmsDataKeyReusePeriodSeconds: '6000',
        SqsManagedSseEnabled: 'false',
      });
      expect(await attributes(sqs, QueueUrl, SSE_NAMES)).toStrictEqual({
        KmsDataKeyReusePeriodSeconds: '6000',
        KmsMasterKeyId: 'testKeyId',
        SqsManagedSseEnabled: 'false',
      });
    });

    it('hides both KMS attributes once the key is removed, leaving SQS-managed SSE off', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs);
      await set(sqs, QueueUrl, { KmsMasterKeyId: 'testKeyId', KmsDataKeyReusePeriodSeconds: '6000' });
      await set(sqs, QueueUrl, { KmsMasterKeyId: '', KmsDataKeyReusePeriodSeconds: '300' });
      const all = await attributes(sqs, QueueUrl);
      expect(all).not.toHaveProperty('KmsMasterKeyId');
      expect(all).not.toHaveProperty('KmsDataKeyReusePeriodSeconds');
      expect(all?.['SqsManagedSseEnabled']).toBe('false');
    });

    it('does not show KmsDataKeyReusePeriodSeconds while no key is set', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs);
      await set(sqs, QueueUrl, { KmsDataKeyReusePeriodSeconds: '600' });
      expect(await attributes(sqs, QueueUrl, SSE_NAMES)).toStrictEqual({ SqsManagedSseEnabled: 'true' });
    });

    it('refuses both kinds of SSE in one call with InvalidAttributeName', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs);
      expectInvalidAttributeName(
        await setFails(sqs, QueueUrl, { KmsMasterKeyId: 'testKeyId', SqsManagedSseEnabled: 'true' }),
        'You can use one type of server-side encryption (SSE) at one time. You can either enable KMS SSE or SQS SSE.',
      );
    });

    it('returns booleans in lower case', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs);
      await set(sqs, QueueUrl, { SqsManagedSseEnabled: 'False' });
      expect(await attributes(sqs, QueueUrl, ['SqsManagedSseEnabled'])).toStrictEqual({
        SqsManagedSseEnabled: 'false',
      });
      await set(sqs, QueueUrl, { SqsManagedSseEnabled: 'TRUE' });
      expect(await attributes(sqs, QueueUrl, ['SqsManagedSseEnabled'])).toStrictEqual({ SqsManagedSseEnabled: 'true' });
    });

    it('refuses a SqsManagedSseEnabled that is not a boolean', async () => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs);
      expectInvalidAttributeValue(
        await setFails(sqs, QueueUrl, { SqsManagedSseEnabled: 'yes' }),
        'Invalid value for the parameter SqsManagedSseEnabled.',
      );
    });

    it.each(['59', '86401'])('refuses KmsDataKeyReusePeriodSeconds=%s', async (value) => {
      const { sqs } = sqsSetup();
      const QueueUrl = await createQueue(sqs);
      expectInvalidAttributeValue(
        await setFails(sqs, QueueUrl, { KmsDataKeyReusePeriodSeconds: value }),
        'Invalid value for the parameter KmsDataKeyReusePeriodSeconds.',
      );
    });
  });
});
