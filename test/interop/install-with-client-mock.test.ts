/**
 * `aws.install(SQSClient)` next to aws-sdk-client-mock's `mockClient(SQSClient)` + `callThrough()`, in both orders:
 * the install never touches `send`, so sinon's stub records the call and calls through into the SDK, where the
 * install answers; restoring either, in any order, leaves nothing on the class.
 */
import { CreateQueueCommand, GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAwsMock } from '../../src/index.js';

const expectedUrl = 'https://sqs.us-east-1.amazonaws.com/000000000000/orders';

// The process's first install waits for its import of the SDK package (docs/aws-behaviour/sdk-reach.md §2.6):
// these tests start after that first load; test/install/restore-orders.test.ts covers the orders before it.
beforeAll(async () => {
  const aws = createAwsMock();
  aws.install(SQSClient);
  await new SQSClient({}).send(new CreateQueueCommand({ QueueName: 'first' }));
  aws.restore();
});

describe.each(['install first', 'mockClient first'])('aws.install and mockClient, %s', (order) => {
  const setUp = () => {
    const aws = createAwsMock();
    if (order === 'install first') {
      aws.install(SQSClient);
      return { aws, sqsMock: mockClient(SQSClient) };
    }
    const sqsMock = mockClient(SQSClient);
    aws.install(SQSClient);
    return { aws, sqsMock };
  };

  it('calls through into the install, and sinon records the call', async () => {
    const { aws, sqsMock } = setUp();
    sqsMock.send.callThrough();
    const client = new SQSClient({});
    const { QueueUrl } = await client.send(new CreateQueueCommand({ QueueName: 'orders' }));
    expect(QueueUrl).toBe(expectedUrl);
    expect(sqsMock.commandCalls(CreateQueueCommand)).toHaveLength(1);
    sqsMock.restore();
    aws.restore();
    expect(Object.hasOwn(SQSClient.prototype, 'send')).toBe(false);
  });

  it('scripted answers win; reset() then callThrough() reaches the install again', async () => {
    const { aws, sqsMock } = setUp();
    sqsMock.on(GetQueueUrlCommand).resolves({ QueueUrl: 'scripted' });
    const client = new SQSClient({ cacheMiddleware: true });
    expect((await client.send(new GetQueueUrlCommand({ QueueName: 'orders' }))).QueueUrl).toBe('scripted');
    sqsMock.reset();
    sqsMock.send.callThrough();
    await client.send(new CreateQueueCommand({ QueueName: 'orders' }));
    expect((await client.send(new GetQueueUrlCommand({ QueueName: 'orders' }))).QueueUrl).toBe(expectedUrl);
    aws.restore();
    sqsMock.restore();
    expect(Object.hasOwn(SQSClient.prototype, 'send')).toBe(false);
  });

  it('a fresh client stays answered after sqsMock.restore()', async () => {
    const { aws, sqsMock } = setUp();
    sqsMock.restore();
    const { QueueUrl } = await new SQSClient({}).send(new CreateQueueCommand({ QueueName: 'orders' }));
    expect(QueueUrl).toBe(expectedUrl);
    aws.restore();
  });
});
