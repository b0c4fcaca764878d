/**
 * `console.log` / `util.inspect` of a function view and of an event source mapping view: one line, from what the
 * models keep counted; `JSON.stringify` says which one it is.
 */
import { inspect } from 'node:util';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { mappingSetup, runUntilIdle } from './esm-support.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('a function view prints its name, invocations kept and running, timeout and memory', async () => {
  const { aws, queue, send } = mappingSetup();
  const worker = aws.lambda.createFunction('worker', async () => null, { timeout: 30, memorySize: 256 });
  expect(inspect(worker)).toBe('FunctionView worker { invocations: 0, running: 0, timeout: 30 s, memorySize: 256 }');
  const orders = await queue('orders');
  const mapping = aws.lambda.createEventSourceMapping({ FunctionName: 'worker', EventSourceArn: orders.arn });
  expect(inspect(mapping)).toBe(`MappingView ${mapping.uuid} { orders → worker, Creating, batchSize: 10 }`);
  await send(orders.url, 'order 1');
  await runUntilIdle(aws);
  expect(inspect(worker)).toBe('FunctionView worker { invocations: 1, running: 0, timeout: 30 s, memorySize: 256 }');
  expect(inspect(mapping)).toBe(`MappingView ${mapping.uuid} { orders → worker, Enabled, batchSize: 10 }`);
  expect(JSON.parse(JSON.stringify(worker))).toEqual({ name: 'worker', arn: worker.arn, region: 'us-east-1' });
  expect(JSON.parse(JSON.stringify(mapping))).toEqual({
    uuid: mapping.uuid,
    eventSourceArn: orders.arn,
    functionArn: worker.arn,
    state: 'Enabled',
  });
  aws.lambda.deleteFunction('worker');
  expect(inspect(worker)).toBe('FunctionView worker (deleted)');
});
