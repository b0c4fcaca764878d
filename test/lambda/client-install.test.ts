/**
 * `aws.install(LambdaClient)`: clients the test never sees, made inside application modules, are answered by the
 * mock under the SDK's own middleware, in their own region, until `restore()`.
 */
import { InvokeCommand, LambdaClient, ResourceNotFoundException } from '@aws-sdk/client-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAwsMock } from '../../src/index.js';
import { guardNetworkForFile } from '../install/network-guard.js';
import { rejectionOf } from '../helpers.js';
import { priceOrder } from './fixtures/orders-client.js';

guardNetworkForFile();

describe('aws.install(LambdaClient)', () => {
  const aws = createAwsMock({ accountId: '123456789012' });
  afterEach(() => {
    aws.restore();
    aws.reset();
    vi.useRealTimers();
  });

  it("answers a module's own client, made before the install", async () => {
    vi.useFakeTimers();
    aws.install(LambdaClient);
    const fn = aws.lambda.createFunction('price-order', async (order: { items: number }) => ({
      total: order.items * 5,
    }));
    expect(await priceOrder({ items: 3 })).toEqual({ total: 15 });
    expect(fn.invocations().map((i) => i.event)).toEqual([{ items: 3 }]);
  });

  it("acts in an installed client's region, and throws the SDK's classes", async () => {
    aws.install(LambdaClient);
    aws.lambda.createFunction('here', async () => 'ok');
    const elsewhere = new LambdaClient({ region: 'ap-southeast-2' });
    const error = await rejectionOf(elsewhere.send(new InvokeCommand({ FunctionName: 'here' })));
    expect(error).toBeInstanceOf(ResourceNotFoundException);
    expect(error.message).toBe('Function not found: arn:aws:lambda:ap-southeast-2:123456789012:function:here:$LATEST');
    const home = new LambdaClient({ region: 'us-east-1' });
    expect((await home.send(new InvokeCommand({ FunctionName: 'here' }))).Payload?.transformToString()).toBe('"ok"');
  });

  it('stops answering after restore()', async () => {
    const handle = aws.install(LambdaClient);
    aws.lambda.createFunction('price-order', async () => ({ total: 1 }));
    expect(await priceOrder({ items: 1 })).toEqual({ total: 1 });
    handle.restore();
    expect(Object.hasOwn(LambdaClient.prototype, 'send')).toBe(false);
  });
});
