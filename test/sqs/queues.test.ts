import {
  CreateQueueCommand,
  DeleteQueueCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  ListDeadLetterSourceQueuesCommand,
  ListQueuesCommand,
  ListQueueTagsCommand,
  PurgeQueueCommand,
  PurgeQueueInProgress,
  QueueDeletedRecently,
  QueueDoesNotExist,
  QueueNameExists,
  ReceiveMessageCommand,
  SendMessageCommand,
  SetQueueAttributesCommand,
  SQSServiceException,
  InvalidAttributeName,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotEmulatedError } from '../../src/index.js';
import { rejectionOf, sqsSetup } from '../helpers.js';
import { InvalidAttributeValue } from '../sdk-features.js'; // the SDK's class, or SQSServiceException before 3.447.0

const BASE = 'https://sqs.us-east-1.amazonaws.com/000000000000';
const url = (name: string) => `${BASE}/${name}`;
const arn = (name: string) => `arn:aws:sqs:us-east-1:000000000000:${name}`;

const NAME_RULE = 'Can only include alphanumeric characters, hyphens, or underscores. 1 to 80 in length';
const NOT_FOUND = 'The specified queue does not exist.';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

async function createQueue(sqs: SQSClient, QueueName: string, Attributes?: Record<string, string>): Promise<string> {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName, Attributes }));
  return QueueUrl!;
}

async function counts(sqs: SQSClient, QueueUrl: string) {
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl,
      AttributeNames: [
        'ApproximateNumberOfMessages',
        'ApproximateNumberOfMessagesNotVisible',
        'ApproximateNumberOfMessagesDelayed',
      ],
    }),
  );
  return {
    visible: Attributes?.['ApproximateNumberOfMessages'],
    inFlight: Attributes?.['ApproximateNumberOfMessagesNotVisible'],
    delayed: Attributes?.['ApproximateNumberOfMessagesDelayed'],
  };
}

function expectInvalidParameterValue(error: Error & Record<string, unknown>, message: string): void {
  expect(error).toBeInstanceOf(SQSServiceException);
  expect(error.name).toBe('InvalidParameterValue');
  expect(error['Code']).toBe('InvalidParameterValue');
  expect(error.message).toBe(message);
}

function expectQueueDoesNotExist(error: Error & Record<string, unknown>): void {
  expect(error).toBeInstanceOf(QueueDoesNotExist);
  expect(error['Code']).toBe('AWS.SimpleQueueService.NonExistentQueue');
  expect(error.message).toBe(NOT_FOUND);
  expect((error['$metadata'] as { httpStatusCode?: number }).httpStatusCode).toBe(400);
}

describe('CreateQueue', () => {
  it('returns the queue URL in the account and region of the mock', async () => {
    const { sqs } = sqsSetup();
    const result = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
    expect(result.QueueUrl).toBe(url('orders'));
    expect(result.$metadata.httpStatusCode).toBe(200);
  });

  it('builds the URL from the configured account and region', async () => {
    const { sqs } = sqsSetup({ accountId: '123456789012', region: 'eu-west-1' });
    expect(await createQueue(sqs, 'orders')).toBe('https://sqs.eu-west-1.amazonaws.com/123456789012/orders');
  });

  it('builds China region URLs on amazonaws.com.cn', async () => {
    const { sqs } = sqsSetup({ region: 'cn-north-1' });
    const QueueUrl = await createQueue(sqs, 'orders');
    expect(QueueUrl).toBe('https://sqs.cn-north-1.amazonaws.com.cn/000000000000/orders');
    expect(await counts(sqs, QueueUrl)).toEqual({ visible: '0', inFlight: '0', delayed: '0' });
  });

  it('accepts names of 1 to 80 letters, digits, hyphens and underscores', async () => {
    const { sqs } = sqsSetup();
    const longest = 'a'.repeat(80);
    expect(await createQueue(sqs, 'A-z_0-9')).toBe(url('A-z_0-9'));
    expect(await createQueue(sqs, 'q')).toBe(url('q'));
    expect(await createQueue(sqs, longest)).toBe(url(longest));
  });

  it.each([
    ['a name of 81 characters', 'a'.repeat(81)],
    ['a dot', 'my.queue'],
    ['a space', 'my queue'],
    ['a slash', 'queue/name'],
    ['a non-ASCII letter', 'qüeue'],
    ['a .fifo suffix without FifoQueue', 'orders.fifo'],
  ])('refuses %s with InvalidParameterValue', async (_case, QueueName) => {
    const { sqs } = sqsSetup();
    const error = await rejectionOf(sqs.send(new CreateQueueCommand({ QueueName })));
    expectInvalidParameterValue(error, NAME_RULE);
  });

  it('refuses an empty name with InvalidParameterValue', async () => {
    const { sqs } = sqsSetup();
    const error = await rejectionOf(sqs.send(new CreateQueueCommand({ QueueName: '' })));
    expectInvalidParameterValue(error, 'Value for parameter QueueName is invalid. Reason: Must specify a queue name.');
  });

  it('refuses FifoQueue=true on a name without the .fifo suffix', async () => {
    const { sqs } = sqsSetup();
    const error = await rejectionOf(
      sqs.send(new CreateQueueCommand({ QueueName: 'orders', Attributes: { FifoQueue: 'true' } })),
    );
    expectInvalidParameterValue(
      error,
      'The name of a FIFO queue can only include alphanumeric characters, hyphens, or underscores, must end with .fifo suffix and be 1 to 80 in length.',
    );
  });

  it('creates a FIFO queue whose name ends in .fifo', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'orders.fifo', { FifoQueue: 'true' });
    expect(QueueUrl).toBe('https://sqs.us-east-1.amazonaws.com/000000000000/orders.fifo');
    expect(aws.sqs.queue('orders.fifo').fifo).toBe(true);
  });

  it('applies the attributes given at creation', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q', { VisibilityTimeout: '20', MessageRetentionPeriod: '604800' });
    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['VisibilityTimeout', 'MessageRetentionPeriod'] }),
    );
    expect(Attributes).toEqual({ MessageRetentionPeriod: '604800', VisibilityTimeout: '20' });
  });

  it('refuses an out-of-range attribute with InvalidAttributeValue and creates nothing', async () => {
    const { aws, sqs } = sqsSetup();
    const error = await rejectionOf(
      sqs.send(new CreateQueueCommand({ QueueName: 'q', Attributes: { VisibilityTimeout: '43201' } })),
    );
    expect(error).toBeInstanceOf(InvalidAttributeValue);
    expect(error.name).toBe('InvalidAttributeValue');
    expect(error['Code']).toBe('InvalidAttributeValue');
    expect(error.message).toBe('Invalid value for the parameter VisibilityTimeout.');
    expect(aws.sqs.queues()).toEqual([]);
  });

  it('refuses FifoQueue on a standard queue name, even "false", as an unknown attribute', async () => {
    const { sqs } = sqsSetup();
    const error = await rejectionOf(
      sqs.send(new CreateQueueCommand({ QueueName: 'q', Attributes: { FifoQueue: 'false' } })),
    );
    expect(error).toBeInstanceOf(InvalidAttributeName);
    expect(error.name).toBe('InvalidAttributeName');
    expect(error['Code']).toBe('InvalidAttributeName');
    expect(error.message).toBe('Unknown Attribute FifoQueue.');
  });

  it('refuses DeduplicationScope on a standard queue', async () => {
    const { sqs } = sqsSetup();
    const error = await rejectionOf(
      sqs.send(new CreateQueueCommand({ QueueName: 'q', Attributes: { DeduplicationScope: 'queue' } })),
    );
    expect(error).toBeInstanceOf(InvalidAttributeName);
    expect(error.name).toBe('InvalidAttributeName');
    expect(error['Code']).toBe('InvalidAttributeName');
    expect(error.message).toBe('You can specify the DeduplicationScope only when FifoQueue is set to true.');
  });

  it('returns the existing URL when called again without attributes, even after changes and sends', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q', { DelaySeconds: '1' });
    await sqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes: { VisibilityTimeout: '5' } }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'hello' }));
    expect(await createQueue(sqs, 'q')).toBe(QueueUrl);
    expect(await counts(sqs, QueueUrl)).toEqual({ visible: '0', inFlight: '0', delayed: '1' });
  });

  it('returns the existing URL when every supplied attribute equals the current value', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q', { ReceiveMessageWaitTimeSeconds: '1', DelaySeconds: '1' });
    expect(await createQueue(sqs, 'q', { DelaySeconds: '1' })).toBe(QueueUrl);
    expect(await createQueue(sqs, 'q', { ReceiveMessageWaitTimeSeconds: '1', DelaySeconds: '1' })).toBe(QueueUrl);
  });

  it('compares supplied attributes with defaults the queue was created with', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    expect(await createQueue(sqs, 'q', { VisibilityTimeout: '30', MaximumMessageSize: '1048576' })).toBe(QueueUrl);
  });

  it('answers QueueNameExists naming the differing attribute, without a final period', async () => {
    const { sqs } = sqsSetup();
    await createQueue(sqs, 'q', { ReceiveMessageWaitTimeSeconds: '1', DelaySeconds: '1' });
    const error = await rejectionOf(
      sqs.send(
        new CreateQueueCommand({
          QueueName: 'q',
          Attributes: { ReceiveMessageWaitTimeSeconds: '1', DelaySeconds: '2' },
        }),
      ),
    );
    expect(error).toBeInstanceOf(QueueNameExists);
    expect(error.name).toBe('QueueNameExists');
    expect(error['Code']).toBe('QueueAlreadyExists');
    expect(error.message).toBe(
      'A queue already exists with the same name and a different value for attribute DelaySeconds',
    );
    expect((error['$metadata'] as { httpStatusCode?: number }).httpStatusCode).toBe(400);
  });

  it('compares against the current values after SetQueueAttributes', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q', { ReceiveMessageWaitTimeSeconds: '1', DelaySeconds: '1' });
    await sqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes: { DelaySeconds: '2' } }));

    expect(await createQueue(sqs, 'q', { ReceiveMessageWaitTimeSeconds: '1', DelaySeconds: '2' })).toBe(QueueUrl);
    const error = await rejectionOf(
      sqs.send(
        new CreateQueueCommand({
          QueueName: 'q',
          Attributes: { ReceiveMessageWaitTimeSeconds: '1', DelaySeconds: '1' },
        }),
      ),
    );
    expect(error).toBeInstanceOf(QueueNameExists);
    expect(error['Code']).toBe('QueueAlreadyExists');
    expect(error.message).toBe(
      'A queue already exists with the same name and a different value for attribute DelaySeconds',
    );
  });

  it('stores tags given at creation', async () => {
    const { sqs } = sqsSetup();
    const { QueueUrl } = await sqs.send(
      new CreateQueueCommand({ QueueName: 'q', tags: { team: 'payments', env: '' } }),
    );
    const { Tags } = await sqs.send(new ListQueueTagsCommand({ QueueUrl }));
    expect(Tags).toEqual({ team: 'payments', env: '' });
  });

  it('answers QueueDeletedRecently for the name of a queue deleted less than 60 s ago', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    await sqs.send(new DeleteQueueCommand({ QueueUrl }));
    await vi.advanceTimersByTimeAsync(59_999);
    const error = await rejectionOf(sqs.send(new CreateQueueCommand({ QueueName: 'q' })));
    expect(error).toBeInstanceOf(QueueDeletedRecently);
    expect(error['Code']).toBe('AWS.SimpleQueueService.QueueDeletedRecently');
    expect(error.message).toBe(
      'You must wait 60 seconds after deleting a queue before you can create another with the same name.',
    );
    expect((error['$metadata'] as { httpStatusCode?: number }).httpStatusCode).toBe(400);
  });

  it('creates a fresh queue under a deleted name once 60 s have passed', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q', { DelaySeconds: '5' });
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'old' }));
    await sqs.send(new DeleteQueueCommand({ QueueUrl }));
    await vi.advanceTimersByTimeAsync(60_000);

    expect(await createQueue(sqs, 'q')).toBe(QueueUrl);
    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['DelaySeconds'] }),
    );
    expect(Attributes).toEqual({ DelaySeconds: '0' });
    expect(await counts(sqs, QueueUrl)).toEqual({ visible: '0', inFlight: '0', delayed: '0' });
  });

  it('does not lock other names after a delete', async () => {
    const { sqs } = sqsSetup();
    await sqs.send(new DeleteQueueCommand({ QueueUrl: await createQueue(sqs, 'q') }));
    expect(await createQueue(sqs, 'q2')).toBe(url('q2'));
  });
});

describe('DeleteQueue', () => {
  it('removes the queue with its messages and tags', async () => {
    const { aws, sqs } = sqsSetup();
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q', tags: { a: 'b' } }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'hello' }));
    const result = await sqs.send(new DeleteQueueCommand({ QueueUrl }));
    expect(result.$metadata.httpStatusCode).toBe(200);
    expect(aws.sqs.queues()).toEqual([]);
    expectQueueDoesNotExist(
      await rejectionOf(sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['All'] }))),
    );
    expectQueueDoesNotExist(await rejectionOf(sqs.send(new ListQueueTagsCommand({ QueueUrl }))));
  });

  it('answers QueueDoesNotExist for an unknown queue', async () => {
    const { sqs } = sqsSetup();
    expectQueueDoesNotExist(await rejectionOf(sqs.send(new DeleteQueueCommand({ QueueUrl: url('nope') }))));
  });

  it('answers QueueDoesNotExist when deleting the same queue twice', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    await sqs.send(new DeleteQueueCommand({ QueueUrl }));
    expectQueueDoesNotExist(await rejectionOf(sqs.send(new DeleteQueueCommand({ QueueUrl }))));
  });

  it('ends a waiting long poll on the deleted queue with no messages', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    const receive = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }));
    await vi.advanceTimersByTimeAsync(1_000);
    await sqs.send(new DeleteQueueCommand({ QueueUrl }));
    await vi.advanceTimersByTimeAsync(0);
    expect((await receive).Messages).toBeUndefined();
  });

  it('answers MissingParameter without a QueueUrl', async () => {
    const { sqs } = sqsSetup();
    const error = await rejectionOf(sqs.send(new DeleteQueueCommand({} as never)));
    expect(error).toBeInstanceOf(SQSServiceException);
    expect(error.name).toBe('MissingParameter');
    expect(error['Code']).toBe('MissingParameter');
    expect(error.message).toBe('The request must contain the parameter QueueUrl.');
  });
});

describe('GetQueueUrl', () => {
  it('returns the URL of a queue by name', async () => {
    const { sqs } = sqsSetup();
    await createQueue(sqs, 'q');
    expect((await sqs.send(new GetQueueUrlCommand({ QueueName: 'q' }))).QueueUrl).toBe(url('q'));
  });

  it('accepts QueueOwnerAWSAccountId naming the own account', async () => {
    const { sqs } = sqsSetup();
    await createQueue(sqs, 'q');
    const result = await sqs.send(new GetQueueUrlCommand({ QueueName: 'q', QueueOwnerAWSAccountId: '000000000000' }));
    expect(result.QueueUrl).toBe(url('q'));
  });

  it('answers QueueDoesNotExist when QueueOwnerAWSAccountId names another account', async () => {
    const { sqs } = sqsSetup();
    await createQueue(sqs, 'q');
    expectQueueDoesNotExist(
      await rejectionOf(sqs.send(new GetQueueUrlCommand({ QueueName: 'q', QueueOwnerAWSAccountId: '111111111111' }))),
    );
  });

  it('answers QueueDoesNotExist for an unknown name', async () => {
    const { sqs } = sqsSetup();
    expectQueueDoesNotExist(await rejectionOf(sqs.send(new GetQueueUrlCommand({ QueueName: 'nope' }))));
  });

  it('is case-sensitive', async () => {
    const { sqs } = sqsSetup();
    await createQueue(sqs, 'Orders');
    expectQueueDoesNotExist(await rejectionOf(sqs.send(new GetQueueUrlCommand({ QueueName: 'orders' }))));
  });

  it('answers QueueDoesNotExist for a deleted queue', async () => {
    const { sqs } = sqsSetup();
    await sqs.send(new DeleteQueueCommand({ QueueUrl: await createQueue(sqs, 'q') }));
    expectQueueDoesNotExist(await rejectionOf(sqs.send(new GetQueueUrlCommand({ QueueName: 'q' }))));
  });

  it('refuses an empty name with InvalidParameterValue', async () => {
    const { sqs } = sqsSetup();
    const error = await rejectionOf(sqs.send(new GetQueueUrlCommand({ QueueName: '' })));
    expectInvalidParameterValue(error, 'Value for parameter QueueName is invalid. Reason: Must specify a queue name.');
  });
});

describe('ListQueues', () => {
  it('lists every queue in alphabetical order of name', async () => {
    const { sqs } = sqsSetup();
    for (const name of ['charlie', 'alpha', 'Bravo', 'alpha-2', 'bravo']) await createQueue(sqs, name);
    const result = await sqs.send(new ListQueuesCommand({}));
    expect(result.QueueUrls).toEqual([url('Bravo'), url('alpha'), url('alpha-2'), url('bravo'), url('charlie')]);
    expect(result.NextToken).toBeUndefined();
  });

  it('keeps only names starting with QueueNamePrefix, case-sensitively', async () => {
    const { sqs } = sqsSetup();
    for (const name of ['a-test-1', 'a-test-2', 'b-test-1', 'A-test-3']) await createQueue(sqs, name);
    const result = await sqs.send(new ListQueuesCommand({ QueueNamePrefix: 'a-test-' }));
    expect(result.QueueUrls).toEqual([url('a-test-1'), url('a-test-2')]);
  });

  it('has no QueueUrls key when nothing matches', async () => {
    const { sqs } = sqsSetup();
    await createQueue(sqs, 'q');
    const result = await sqs.send(new ListQueuesCommand({ QueueNamePrefix: 'nonexisting-' }));
    expect('QueueUrls' in result).toBe(false);
    expect('NextToken' in result).toBe(false);
  });

  it('has no QueueUrls key when there are no queues', async () => {
    const { sqs } = sqsSetup();
    expect('QueueUrls' in (await sqs.send(new ListQueuesCommand({})))).toBe(false);
  });

  it('pages with MaxResults and NextToken, giving no token on the last page', async () => {
    const { sqs } = sqsSetup();
    const names = Array.from({ length: 10 }, (_, i) => `test-queue-${i}`);
    for (const name of [...names].reverse()) await createQueue(sqs, name);
    await createQueue(sqs, 'other');

    const first = await sqs.send(new ListQueuesCommand({ QueueNamePrefix: 'test-queue-', MaxResults: 2 }));
    expect(first.QueueUrls).toEqual(names.slice(0, 2).map(url));
    expect(typeof first.NextToken).toBe('string');

    const rest = await sqs.send(
      new ListQueuesCommand({ QueueNamePrefix: 'test-queue-', MaxResults: 10, NextToken: first.NextToken }),
    );
    expect(rest.QueueUrls).toEqual(names.slice(2).map(url));
    expect('NextToken' in rest).toBe(false);
  });

  it('gives no NextToken when MaxResults covers every queue exactly', async () => {
    const { sqs } = sqsSetup();
    for (const name of ['a', 'b', 'c']) await createQueue(sqs, name);
    const result = await sqs.send(new ListQueuesCommand({ MaxResults: 3 }));
    expect(result.QueueUrls).toEqual([url('a'), url('b'), url('c')]);
    expect('NextToken' in result).toBe(false);
  });

  it('walks every page one queue at a time', async () => {
    const { sqs } = sqsSetup();
    for (const name of ['c', 'a', 'b']) await createQueue(sqs, name);
    const seen: string[] = [];
    let NextToken: string | undefined;
    do {
      const page = await sqs.send(new ListQueuesCommand({ MaxResults: 1, NextToken }));
      seen.push(...(page.QueueUrls ?? []));
      NextToken = page.NextToken;
    } while (NextToken);
    expect(seen).toEqual([url('a'), url('b'), url('c')]);
  });

  it('returns at most 1000 URLs and never a NextToken without MaxResults', async () => {
    const { sqs } = sqsSetup();
    for (let i = 0; i < 1001; i++) await createQueue(sqs, `q-${String(i).padStart(4, '0')}`);
    const result = await sqs.send(new ListQueuesCommand({}));
    expect(result.QueueUrls).toHaveLength(1000);
    expect(result.QueueUrls?.[999]).toBe(url('q-0999'));
    expect('NextToken' in result).toBe(false);
  });

  it.each([0, 1001, -1])('refuses MaxResults %d with InvalidParameterValue', async (MaxResults) => {
    const { sqs } = sqsSetup();
    const error = await rejectionOf(sqs.send(new ListQueuesCommand({ MaxResults })));
    expectInvalidParameterValue(
      error,
      'Value for parameter MaxResults is invalid. Reason: MaxResults must be an integer between 1 and 1000.',
    );
  });

  it('refuses a NextToken it did not issue with InvalidParameterValue', async () => {
    const { sqs } = sqsSetup();
    await createQueue(sqs, 'q');
    const error = await rejectionOf(sqs.send(new ListQueuesCommand({ MaxResults: 1, NextToken: 'not-a-token' })));
    expectInvalidParameterValue(error, 'Invalid or expired next token.');
  });

  it('lists a queue only while it exists', async () => {
    const { sqs } = sqsSetup();
    await createQueue(sqs, 'keep');
    await sqs.send(new DeleteQueueCommand({ QueueUrl: await createQueue(sqs, 'gone') }));
    expect((await sqs.send(new ListQueuesCommand({}))).QueueUrls).toEqual([url('keep')]);
  });
});

describe('QueueUrl forms', () => {
  it('accepts a bare queue name', async () => {
    const { sqs } = sqsSetup();
    await createQueue(sqs, 'q');
    await sqs.send(new SendMessageCommand({ QueueUrl: 'q', MessageBody: 'by name' }));
    expect(await counts(sqs, 'q')).toEqual({ visible: '1', inFlight: '0', delayed: '0' });
  });

  it('accepts a URL with another host, such as a local endpoint', async () => {
    const { sqs } = sqsSetup();
    await createQueue(sqs, 'q');
    await sqs.send(new SendMessageCommand({ QueueUrl: 'http://localhost:4566/000000000000/q', MessageBody: 'local' }));
    expect(await counts(sqs, url('q'))).toEqual({ visible: '1', inFlight: '0', delayed: '0' });
  });

  it('accepts the legacy <region>.queue.amazonaws.com host', async () => {
    const { sqs } = sqsSetup();
    await createQueue(sqs, 'q');
    expect(await counts(sqs, 'https://us-east-1.queue.amazonaws.com/000000000000/q')).toEqual({
      visible: '0',
      inFlight: '0',
      delayed: '0',
    });
  });

  it.each([
    ['a URL in another region', 'https://sqs.eu-west-1.amazonaws.com/000000000000/q'],
    ['a URL in another account', 'https://sqs.us-east-1.amazonaws.com/111111111111/q'],
    ['a local URL in another account', 'http://localhost:4566/111111111111/q'],
    ['an ARN in another region', 'arn:aws:sqs:eu-west-1:000000000000:q'],
    ['an ARN in another account', 'arn:aws:sqs:us-east-1:111111111111:q'],
    ['a URL without the account', 'https://sqs.us-east-1.amazonaws.com/q'],
  ])('answers QueueDoesNotExist for %s', async (_case, QueueUrl) => {
    const { sqs } = sqsSetup();
    await createQueue(sqs, 'q');
    expectQueueDoesNotExist(
      await rejectionOf(sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['All'] }))),
    );
  });

  it('is case-sensitive in the queue name', async () => {
    const { sqs } = sqsSetup();
    await createQueue(sqs, 'q');
    expectQueueDoesNotExist(await rejectionOf(sqs.send(new PurgeQueueCommand({ QueueUrl: url('Q') }))));
  });
});

describe('PurgeQueue', () => {
  it('removes visible, in-flight and delayed messages', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    for (const body of ['a', 'b', 'c']) await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: body }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'later', DelaySeconds: 2 }));
    await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 1, VisibilityTimeout: 3 }));
    expect(await counts(sqs, QueueUrl)).toEqual({ visible: '2', inFlight: '1', delayed: '1' });

    const result = await sqs.send(new PurgeQueueCommand({ QueueUrl }));
    expect(result.$metadata.httpStatusCode).toBe(200);
    expect(await counts(sqs, QueueUrl)).toEqual({ visible: '0', inFlight: '0', delayed: '0' });
    await vi.advanceTimersByTimeAsync(3_000);
    expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }))).Messages).toBeUndefined();
  });

  it('keeps messages sent after the purge', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'before' }));
    await sqs.send(new PurgeQueueCommand({ QueueUrl }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'after' }));
    const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }));
    expect(Messages?.map((m) => m.Body)).toEqual(['after']);
  });

  it('answers PurgeQueueInProgress with HTTP 403 for a second purge within 60 s', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'my-queue');
    await sqs.send(new PurgeQueueCommand({ QueueUrl }));
    await vi.advanceTimersByTimeAsync(59_999);
    const error = await rejectionOf(sqs.send(new PurgeQueueCommand({ QueueUrl })));
    expect(error).toBeInstanceOf(PurgeQueueInProgress);
    expect(error.name).toBe('PurgeQueueInProgress');
    expect(error['Code']).toBe('AWS.SimpleQueueService.PurgeQueueInProgress');
    expect(error.message).toBe('Only one PurgeQueue operation on my-queue is allowed every 60 seconds.');
    expect((error['$metadata'] as { httpStatusCode?: number }).httpStatusCode).toBe(403);
  });

  it('does not purge when it answers PurgeQueueInProgress', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    await sqs.send(new PurgeQueueCommand({ QueueUrl }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'kept' }));
    await rejectionOf(sqs.send(new PurgeQueueCommand({ QueueUrl })));
    expect(await counts(sqs, QueueUrl)).toEqual({ visible: '1', inFlight: '0', delayed: '0' });
  });

  it('purges again once 60 s have passed', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    await sqs.send(new PurgeQueueCommand({ QueueUrl }));
    await vi.advanceTimersByTimeAsync(60_000);
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'x' }));
    await sqs.send(new PurgeQueueCommand({ QueueUrl }));
    expect(await counts(sqs, QueueUrl)).toEqual({ visible: '0', inFlight: '0', delayed: '0' });
  });

  it('limits purges per queue, not per account', async () => {
    const { sqs } = sqsSetup();
    await sqs.send(new PurgeQueueCommand({ QueueUrl: await createQueue(sqs, 'a') }));
    const result = await sqs.send(new PurgeQueueCommand({ QueueUrl: await createQueue(sqs, 'b') }));
    expect(result.$metadata.httpStatusCode).toBe(200);
  });

  it('answers QueueDoesNotExist for an unknown queue', async () => {
    const { sqs } = sqsSetup();
    expectQueueDoesNotExist(await rejectionOf(sqs.send(new PurgeQueueCommand({ QueueUrl: url('nope') }))));
  });
});

describe('ListDeadLetterSourceQueues', () => {
  async function withSources(sqs: SQSClient, sources: string[]): Promise<string> {
    const dlq = await createQueue(sqs, 'dlq');
    const RedrivePolicy = JSON.stringify({ deadLetterTargetArn: arn('dlq'), maxReceiveCount: 5 });
    for (const name of sources) await createQueue(sqs, name, { RedrivePolicy });
    return dlq;
  }

  it('lists the queues whose RedrivePolicy targets the queue, by name', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await withSources(sqs, ['src-b', 'src-a']);
    await createQueue(sqs, 'unrelated');
    const result = await sqs.send(new ListDeadLetterSourceQueuesCommand({ QueueUrl }));
    expect(result.queueUrls).toEqual([url('src-a'), url('src-b')]);
    expect('NextToken' in result).toBe(false);
  });

  it('has an empty queueUrls list when no queue uses it', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'dlq');
    const result = await sqs.send(new ListDeadLetterSourceQueuesCommand({ QueueUrl }));
    expect(result.queueUrls).toEqual([]);
  });

  it('drops a source once its RedrivePolicy is removed', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await withSources(sqs, ['src']);
    await sqs.send(new SetQueueAttributesCommand({ QueueUrl: url('src'), Attributes: { RedrivePolicy: '' } }));
    expect((await sqs.send(new ListDeadLetterSourceQueuesCommand({ QueueUrl }))).queueUrls).toEqual([]);
  });

  it('pages with MaxResults and NextToken', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await withSources(sqs, ['s1', 's2', 's3']);
    const first = await sqs.send(new ListDeadLetterSourceQueuesCommand({ QueueUrl, MaxResults: 2 }));
    expect(first.queueUrls).toEqual([url('s1'), url('s2')]);
    expect(typeof first.NextToken).toBe('string');
    const rest = await sqs.send(
      new ListDeadLetterSourceQueuesCommand({ QueueUrl, MaxResults: 2, NextToken: first.NextToken }),
    );
    expect(rest.queueUrls).toEqual([url('s3')]);
    expect('NextToken' in rest).toBe(false);
  });

  it('refuses MaxResults outside 1–1000', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'dlq');
    const error = await rejectionOf(sqs.send(new ListDeadLetterSourceQueuesCommand({ QueueUrl, MaxResults: 0 })));
    expectInvalidParameterValue(
      error,
      'Value for parameter MaxResults is invalid. Reason: MaxResults must be an integer between 1 and 1000.',
    );
  });

  it('answers QueueDoesNotExist for an unknown queue', async () => {
    const { sqs } = sqsSetup();
    expectQueueDoesNotExist(
      await rejectionOf(sqs.send(new ListDeadLetterSourceQueuesCommand({ QueueUrl: url('nope') }))),
    );
  });
});
