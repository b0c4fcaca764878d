import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAwsMock } from '../../../src/index.js';
import { AwsError } from '../../../src/core/aws-error.js';
import { CreateQueueCommand, SQSClient } from '@aws-sdk/client-sqs';
import { networkTrap } from '../../helpers.js';

/** The directory the LambdaClient actions call (Get, Update, Delete, List), tested on the model. */
describe('EventSourceMappings (docs/aws-behaviour/lambda.md §2.2, §2.3, §2.11)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function withQueue() {
    const aws = createAwsMock();
    const sqs = new SQSClient({ region: 'us-east-1', requestHandler: networkTrap });
    sqs.middlewareStack.use(aws.sqs);
    await sqs.send(new CreateQueueCommand({ QueueName: 'q', Attributes: { VisibilityTimeout: '30' } }));
    aws.lambda.createFunction('fn', async () => undefined, { timeout: 10 });
    aws.lambda.createFunction('other', async () => undefined, { timeout: 10 });
    return { aws, arn: aws.sqs.queue('q').arn, mappings: aws.lambda.mappings };
  }

  function awsErrorOf(run: () => unknown): AwsError {
    try {
      run();
    } catch (error) {
      if (error instanceof AwsError) return error;
      throw error;
    }
    throw new Error('expected an AwsError');
  }

  it('gets, lists in creation order, and 404s an unknown UUID', async () => {
    const { arn, mappings } = await withQueue();
    const first = mappings.create({ FunctionName: 'fn', EventSourceArn: arn }, 'us-east-1');
    const second = mappings.create({ FunctionName: 'other', EventSourceArn: arn }, 'us-east-1');
    expect(mappings.get(first.uuid)).toBe(first);
    expect(mappings.list({}, 'us-east-1')).toEqual([first, second]);
    expect(mappings.list({ functionName: 'other' }, 'us-east-1')).toEqual([second]);
    expect(mappings.list({ functionName: 'doesnotexist' }, 'us-east-1')).toEqual([]);
    expect(mappings.list({ eventSourceArn: arn }, 'us-east-1')).toHaveLength(2);
    const error = awsErrorOf(() => mappings.get('00000000-0000-4000-8000-000000000000'));
    expect([error.code, error.status, error.message]).toEqual([
      'ResourceNotFoundException',
      404,
      'The resource you requested does not exist.',
    ]);
  });

  it('updates: Updating then Enabled; BatchSize 11 without a window refused; function retargeted', async () => {
    const { arn, mappings } = await withQueue();
    const mapping = mappings.create({ FunctionName: 'fn', EventSourceArn: arn }, 'us-east-1');
    await Promise.resolve();
    expect(mapping.state).toBe('Enabled');
    const refused = awsErrorOf(() => mappings.update(mapping.uuid, { BatchSize: 11 }, 'us-east-1'));
    expect(refused.message).toBe(
      'Maximum batch window in seconds must be greater than 0 if maximum batch size is greater than 10',
    );
    mappings.update(
      mapping.uuid,
      { BatchSize: 11, MaximumBatchingWindowInSeconds: 2, FunctionName: 'other' },
      'us-east-1',
    );
    expect(mapping.state).toBe('Updating');
    await Promise.resolve();
    expect(mapping.state).toBe('Enabled');
    expect(mapping.configuration()).toMatchObject({
      BatchSize: 11,
      MaximumBatchingWindowInSeconds: 2,
      FunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:other',
    });
    mappings.update(mapping.uuid, { Enabled: false }, 'us-east-1');
    expect(mapping.state).toBe('Disabling');
    await Promise.resolve();
    expect(mapping.state).toBe('Disabled');
  });

  it('checks the function timeout against the visibility timeout on update too', async () => {
    const { aws, arn, mappings } = await withQueue();
    aws.lambda.createFunction('long', async () => undefined, { timeout: 31 });
    const mapping = mappings.create({ FunctionName: 'fn', EventSourceArn: arn }, 'us-east-1');
    const refused = awsErrorOf(() => mappings.update(mapping.uuid, { FunctionName: 'long' }, 'us-east-1'));
    expect(refused.message).toBe('Queue visibility timeout: 30 seconds is less than Function timeout: 31 seconds');
  });

  it('delete answers Deleting; Get then 404s; the conflict names the existing UUID with status 409', async () => {
    const { arn, mappings } = await withQueue();
    const mapping = mappings.create({ FunctionName: 'fn', EventSourceArn: arn }, 'us-east-1');
    const conflict = awsErrorOf(() => mappings.create({ FunctionName: 'fn', EventSourceArn: arn }, 'us-east-1'));
    expect([conflict.code, conflict.status]).toEqual(['ResourceConflictException', 409]);
    expect(mappings.delete(mapping.uuid).state).toBe('Deleting');
    expect(awsErrorOf(() => mappings.get(mapping.uuid)).code).toBe('ResourceNotFoundException');
  });

  it('lists the mappings of a function', async () => {
    const { aws, arn, mappings } = await withQueue();
    const mapping = mappings.create({ FunctionName: 'fn', EventSourceArn: arn }, 'us-east-1');
    expect(mappings.forFunction(aws.lambda.functionModel('fn'))).toEqual([mapping]);
    expect(mappings.forFunction(aws.lambda.functionModel('other'))).toEqual([]);
  });
});
