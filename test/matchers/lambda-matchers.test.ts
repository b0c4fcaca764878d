/**
 * The Lambda matchers (issue 14 item 6): toHaveBeenInvoked, toHaveBeenInvokedWithRecord, toHaveLastInvocationOutcome
 * and toHaveSucceededEveryTime, each passing, failing (with its exact message), under `.not`, and misused.
 * The functions are invoked through the model with hand-built SQS and SNS events (lambda-events.ts) until the event
 * source mappings and SNS subscriptions exist; tests through them follow.
 */
import type { SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/matchers/vitest.js';
import { createAwsMock, type AwsMock } from '../../src/index.js';
import { failureOf } from './support.js';
import { snsEvent, sqsEvent, sqsString } from './lambda-events.js';

let aws: AwsMock;

beforeEach(() => {
  vi.useFakeTimers();
  aws = createAwsMock();
});
afterEach(() => vi.useRealTimers());

const BY_INVOKE = { trigger: { kind: 'invoke', invocationType: 'RequestResponse' } } as const;

/** `worker` fails a batch holding a body with `fail: true`, and succeeds otherwise. */
function worker() {
  return aws.lambda.createFunction('worker', async (event: SQSEvent) => {
    for (const record of event.Records) {
      const body = record.body.startsWith('{') ? (JSON.parse(record.body) as { fail?: boolean }) : {};
      if (body.fail) throw new Error(`cannot process ${record.messageId}`);
    }
  });
}

async function invoke(name: string, event: unknown) {
  return aws.lambda.functionModel(name).invoke(event, BY_INVOKE);
}

describe('toHaveBeenInvoked', () => {
  it('counts invocations of every outcome', async () => {
    const fn = worker();
    expect(fn).not.toHaveBeenInvoked();
    expect(fn).toHaveBeenInvoked(0);
    await invoke('worker', sqsEvent({ orderId: 1 }));
    await invoke('worker', sqsEvent({ orderId: 2, fail: true }));
    expect(fn).toHaveBeenInvoked();
    expect(fn).toHaveBeenInvoked(2);
    expect(fn).not.toHaveBeenInvoked(1);
    expect(aws.lambda.function('worker')).toHaveBeenInvoked(2);
  });

  it('says how often it was invoked, with what and how it ended', async () => {
    const fn = worker();
    expect(failureOf(() => expect(fn).toHaveBeenInvoked())).toBe(
      'expected function "worker" to have been invoked, but it was never invoked',
    );
    await invoke('worker', sqsEvent({ orderId: 1 }, 'plain'));
    await invoke('worker', sqsEvent({ orderId: 2, fail: true }));
    await invoke('worker', { hello: 'world' });
    await invoke('worker', sqsEvent({ orderId: 3 }));
    expect(failureOf(() => expect(fn).toHaveBeenInvoked(1))).toBe(
      'expected function "worker" to have been invoked 1 time, but it was invoked 4 times (2 success, 2 error): ' +
        'success with {"orderId":1}, "plain"; ' +
        'error (Error: cannot process 00000000-0000-4000-8000-000000000000) with {"orderId":2,"fail":true}; ' +
        'error (TypeError: event.Records is not iterable) with event {"hello":"world"}; … (+1 more)',
    );
    expect(failureOf(() => expect(fn).not.toHaveBeenInvoked())).toMatch(
      /^expected function "worker" not to have been invoked, but it was invoked 4 times \(2 success, 2 error\): success/,
    );
  });

  it('throws on misuse, even under .not', () => {
    const fn = worker();
    expect(() => expect(fn).not.toHaveBeenInvoked(-1)).toThrow(
      'toHaveBeenInvoked: times must be a whole number of 0 or more, got -1',
    );
    expect(() => expect('worker').not.toHaveBeenInvoked()).toThrow(
      'toHaveBeenInvoked: expected a function view, from aws.lambda.function(name) or aws.lambda.createFunction(...), ' +
        'but got the string "worker" (look it up first: aws.lambda.function("worker"))',
    );
    expect(() => expect(aws.sqs.queue).not.toHaveBeenInvoked()).toThrow(/expected a function view/);
  });
});

describe('toHaveBeenInvokedWithRecord', () => {
  it('matches SQS record bodies as toContainMessage matches bodies', async () => {
    const fn = worker();
    await invoke('worker', sqsEvent({ orderId: 1, lines: [{ sku: 'a', qty: 2 }] }, 'plain text'));
    expect(fn).toHaveBeenInvokedWithRecord({ orderId: 1 });
    expect(fn).toHaveBeenInvokedWithRecord({ lines: [{ sku: 'a' }] });
    expect(fn).toHaveBeenInvokedWithRecord('plain text');
    expect(fn).toHaveBeenInvokedWithRecord(expect.stringContaining('plain'));
    expect(fn).toHaveBeenInvokedWithRecord(expect.objectContaining({ orderId: expect.any(Number) }));
    expect(fn).not.toHaveBeenInvokedWithRecord({ orderId: 2 });
    expect(fn).not.toHaveBeenInvokedWithRecord('plain');
  });

  it('matches SNS records by Sns.Message', async () => {
    const fn = aws.lambda.createFunction('subscriber', async () => {});
    await invoke('subscriber', snsEvent({ type: 'created', id: 7 }));
    await invoke('subscriber', snsEvent('hello'));
    expect(fn).toHaveBeenInvokedWithRecord({ type: 'created' });
    expect(fn).toHaveBeenInvokedWithRecord('hello');
    expect(fn).not.toHaveBeenInvokedWithRecord({ type: 'deleted' });
    expect(fn).toHaveBeenInvokedWithRecord(undefined, { times: 2 });
  });

  it('matches attributes in the API form, from either event casing', async () => {
    const fn = aws.lambda.createFunction('consumer', async () => {});
    const binary = Buffer.from([1, 2, 3]).toString('base64');
    await invoke(
      'consumer',
      sqsEvent(
        [{ orderId: 1 }, { type: sqsString('created'), total: sqsString('250', 'Number') }],
        [
          { orderId: 2 },
          { blob: { binaryValue: binary, stringListValues: [], binaryListValues: [], dataType: 'Binary' } },
        ],
      ),
    );
    await invoke(
      'consumer',
      snsEvent({ orderId: 3 }, { type: { Type: 'String', Value: 'deleted' }, data: { Type: 'Binary', Value: binary } }),
    );
    expect(fn).toHaveBeenInvokedWithRecord({ orderId: 1 }, { attributes: { type: 'created', total: 250 } });
    expect(fn).toHaveBeenInvokedWithRecord({ orderId: 1 }, { attributes: { total: { DataType: 'Number' } } });
    expect(fn).toHaveBeenInvokedWithRecord({ orderId: 2 }, { attributes: { blob: new Uint8Array([1, 2, 3]) } });
    expect(fn).toHaveBeenInvokedWithRecord({ orderId: 2 }, { attributes: { type: undefined } });
    expect(fn).toHaveBeenInvokedWithRecord({ orderId: 3 }, { attributes: { type: 'deleted' } });
    expect(fn).toHaveBeenInvokedWithRecord(undefined, { attributes: { data: { DataType: 'Binary' } } });
    expect(fn).toHaveBeenInvokedWithRecord(undefined, { attributes: { type: expect.stringMatching(/^del/) } });
    expect(fn).not.toHaveBeenInvokedWithRecord({ orderId: 1 }, { attributes: { type: 'deleted' } });
    expect(fn).not.toHaveBeenInvokedWithRecord({ orderId: 2 }, { attributes: { blob: undefined } });
  });

  it('counts every delivery with times', async () => {
    const fn = worker();
    await invoke('worker', sqsEvent({ orderId: 1 }, { orderId: 2, fail: true }));
    await invoke('worker', sqsEvent({ orderId: 2, fail: true })); // as a redelivery after the failed batch
    expect(fn).toHaveBeenInvokedWithRecord({ orderId: 2 }, { times: 2 });
    expect(fn).toHaveBeenInvokedWithRecord({ orderId: 1 }, { times: 1 });
    expect(fn).toHaveBeenInvokedWithRecord({ orderId: 9 }, { times: 0 });
    expect(fn).toHaveBeenInvokedWithRecord(undefined, { times: 3 });
    expect(fn).not.toHaveBeenInvokedWithRecord({ orderId: 2 }, { times: 1 });
  });

  it('says what the records were, and in which invocations', async () => {
    const fn = worker();
    expect(failureOf(() => expect(fn).toHaveBeenInvokedWithRecord({ orderId: 7 }))).toBe(
      'expected function "worker" to have been invoked with a record matching {orderId: 7}, but it was never invoked',
    );
    await invoke('worker', sqsEvent({ orderId: 1 }, { orderId: 2, fail: true }));
    await invoke('worker', sqsEvent({ orderId: 2, fail: true }));
    expect(failureOf(() => expect(fn).toHaveBeenInvokedWithRecord({ orderId: 7 }))).toBe(
      'expected function "worker" to have been invoked with a record matching {orderId: 7}, but it was invoked with ' +
        '3 records: {"orderId":1}, {"orderId":2,"fail":true}, {"orderId":2,"fail":true} (in 2 invocations: 2 error)',
    );
    expect(failureOf(() => expect(fn).toHaveBeenInvokedWithRecord({ orderId: 2 }, { times: 1 }))).toBe(
      'expected function "worker" to have been invoked with exactly 1 record matching {orderId: 2}, but 2 of its ' +
        '3 records do: {"orderId":2,"fail":true}, {"orderId":2,"fail":true} (in 2 invocations: 2 error)',
    );
    expect(failureOf(() => expect(fn).not.toHaveBeenInvokedWithRecord({ orderId: 1 }))).toBe(
      'expected function "worker" not to have been invoked with a record matching {orderId: 1}, but 1 of its ' +
        '3 records does: {"orderId":1} (in 2 invocations: 2 error)',
    );
  });

  it('says so when the events had no SQS or SNS records', async () => {
    const fn = aws.lambda.createFunction('direct', async () => 'ok');
    await invoke('direct', { orderId: 7 });
    expect(failureOf(() => expect(fn).toHaveBeenInvokedWithRecord({ orderId: 7 }))).toBe(
      'expected function "direct" to have been invoked with a record matching {orderId: 7}, but none of its ' +
        '1 invocation (1 success) had an SQS or SNS record: success with event {"orderId":7}',
    );
  });

  it('throws on misuse, even under .not', () => {
    const fn = worker();
    expect(() => expect(fn).not.toHaveBeenInvokedWithRecord(7 as never)).toThrow(
      'toHaveBeenInvokedWithRecord: expected a body (string), an object or array its JSON body contains, or an ' +
        'asymmetric matcher, but got 7',
    );
    expect(() => expect(fn).not.toHaveBeenInvokedWithRecord(undefined)).toThrow(/expected a body/);
    expect(() => expect(fn).not.toHaveBeenInvokedWithRecord('a', { count: 1 } as never)).toThrow(
      'toHaveBeenInvokedWithRecord: unknown option "count"; the options are "attributes", "times"',
    );
  });
});

describe('toHaveLastInvocationOutcome', () => {
  it('reads the most recent invocation: success, error, timeout, running', async () => {
    const fn = aws.lambda.createFunction(
      'moody',
      async (event: { mood: string }) => {
        if (event.mood === 'angry') throw new TypeError('no');
        if (event.mood === 'sleepy') await new Promise(() => {}); // never settles: times out
      },
      { timeout: 2 },
    );
    expect(fn).not.toHaveLastInvocationOutcome('success');
    await invoke('moody', { mood: 'happy' });
    expect(fn).toHaveLastInvocationOutcome('success');
    await invoke('moody', { mood: 'angry' });
    expect(fn).toHaveLastInvocationOutcome('error');
    expect(fn).not.toHaveLastInvocationOutcome('success');
    const sleeping = invoke('moody', { mood: 'sleepy' });
    expect(fn).toHaveLastInvocationOutcome('running');
    await vi.advanceTimersByTimeAsync(2000);
    await sleeping;
    expect(fn).toHaveLastInvocationOutcome('timeout');
  });

  it('says what the last invocation was', async () => {
    const fn = worker();
    expect(failureOf(() => expect(fn).toHaveLastInvocationOutcome('success'))).toBe(
      'expected the last invocation of function "worker" to have outcome "success", but function "worker" was never invoked',
    );
    await invoke('worker', sqsEvent({ orderId: 1 }));
    await invoke('worker', sqsEvent({ orderId: 2, fail: true }));
    expect(failureOf(() => expect(fn).toHaveLastInvocationOutcome('success'))).toBe(
      'expected the last invocation of function "worker" to have outcome "success", but the last of its 2 invocations ' +
        '(1 success, 1 error) is: error (Error: cannot process 00000000-0000-4000-8000-000000000000) with {"orderId":2,"fail":true}',
    );
    expect(failureOf(() => expect(fn).not.toHaveLastInvocationOutcome('error'))).toBe(
      'expected the last invocation of function "worker" not to have outcome "error", but the last of its 2 invocations ' +
        '(1 success, 1 error) is: error (Error: cannot process 00000000-0000-4000-8000-000000000000) with {"orderId":2,"fail":true}',
    );
  });

  it('throws on an outcome that does not exist, even under .not', () => {
    expect(() => expect(worker()).not.toHaveLastInvocationOutcome('failure' as never)).toThrow(
      'toHaveLastInvocationOutcome: the outcome must be one of "success", "error", "timeout", "running", got "failure"',
    );
  });
});

describe('toHaveSucceededEveryTime', () => {
  it('passes only when invoked and every invocation succeeded', async () => {
    const fn = worker();
    expect(fn).not.toHaveSucceededEveryTime();
    await invoke('worker', sqsEvent({ orderId: 1 }));
    await invoke('worker', sqsEvent({ orderId: 2 }));
    expect(fn).toHaveSucceededEveryTime();
    await invoke('worker', sqsEvent({ orderId: 3, fail: true }));
    expect(fn).not.toHaveSucceededEveryTime();
  });

  it('lists the invocations that did not succeed', async () => {
    const fn = worker();
    expect(failureOf(() => expect(fn).toHaveSucceededEveryTime())).toBe(
      'expected function "worker" to have succeeded every time, but it was never invoked',
    );
    await invoke('worker', sqsEvent({ orderId: 1 }));
    expect(failureOf(() => expect(fn).not.toHaveSucceededEveryTime())).toBe(
      'expected function "worker" not to have succeeded every time, but its 1 invocation did: success with {"orderId":1}',
    );
    await invoke('worker', sqsEvent({ orderId: 2, fail: true }));
    expect(failureOf(() => expect(fn).toHaveSucceededEveryTime())).toBe(
      'expected function "worker" to have succeeded every time, but 1 of its 2 invocations (1 success, 1 error) did not: ' +
        'error (Error: cannot process 00000000-0000-4000-8000-000000000000) with {"orderId":2,"fail":true}',
    );
  });

  it('points at aws.idle() when an invocation is still running', async () => {
    const fn = aws.lambda.createFunction('slow', () => new Promise((resolve) => setTimeout(resolve, 500)));
    const running = invoke('slow', snsEvent('hi'));
    expect(failureOf(() => expect(fn).toHaveSucceededEveryTime())).toBe(
      'expected function "slow" to have succeeded every time, but 1 of its 1 invocation (1 running) did not: ' +
        'running with "hi"; await aws.idle() lets running invocations finish',
    );
    await vi.advanceTimersByTimeAsync(500);
    await running;
    expect(fn).toHaveSucceededEveryTime();
  });
});

describe('as asymmetric matchers', () => {
  it('works inside toEqual', async () => {
    const fn = worker();
    await invoke('worker', sqsEvent({ orderId: 1 }));
    expect({ fn }).toEqual({ fn: expect.toHaveBeenInvokedWithRecord({ orderId: 1 }) });
    expect({ fn }).toEqual({ fn: expect.toHaveSucceededEveryTime() });
  });
});
