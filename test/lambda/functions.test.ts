import FakeTimers from '@sinonjs/fake-timers';
import type { Context, Handler } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAwsMock, type AwsMock } from '../../src/index.js';

// The function model on its own: handler forms, context, timeouts (docs/aws-behaviour/lambda.md §5). The triggers
// (event source mappings, SNS, Invoke) have their own tests.

const T0 = Date.UTC(2026, 0, 2, 3, 4, 5);
const invoke = (aws: AwsMock, name: string, event: unknown) =>
  aws.lambda.functionModel(name).invoke(event, { trigger: { kind: 'invoke', invocationType: 'RequestResponse' } });

let aws: AwsMock;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  aws = createAwsMock({ region: 'eu-west-1', accountId: '123456789012' });
});
afterEach(() => {
  aws.reset();
  vi.useRealTimers();
});

describe('aws.lambda.createFunction', () => {
  it('names the function as Lambda does, in the account and region', () => {
    const fn = aws.lambda.createFunction('order-worker', async () => 'ok');
    expect(fn.name).toBe('order-worker');
    expect(fn.arn).toBe('arn:aws:lambda:eu-west-1:123456789012:function:order-worker');
    expect(fn.timeout).toBe(3);
    expect(fn.memorySize).toBe(128);
    expect(aws.lambda.function(fn.arn).name).toBe('order-worker');
    expect(aws.lambda.function('order-worker').arn).toBe(fn.arn);
    expect(aws.lambda.functions().map((f) => f.name)).toEqual(['order-worker']);
  });

  it('refuses what Lambda refuses: a bad name, timeout or memory size, a taken name, no handler', () => {
    const handler = async () => null;
    expect(() => aws.lambda.createFunction('', handler)).toThrow(/1 to 64 letters/);
    expect(() => aws.lambda.createFunction('a'.repeat(65), handler)).toThrow(/1 to 64 letters/);
    expect(() => aws.lambda.createFunction('has space', handler)).toThrow(/1 to 64 letters/);
    expect(() => aws.lambda.createFunction('f', handler, { timeout: 0 })).toThrow(/timeout .* 1 to 900/);
    expect(() => aws.lambda.createFunction('f', handler, { timeout: 901 })).toThrow(/timeout/);
    expect(() => aws.lambda.createFunction('f', handler, { timeout: 1.5 })).toThrow(/timeout/);
    expect(() => aws.lambda.createFunction('f', handler, { memorySize: 64 })).toThrow(/memorySize/);
    expect(() => aws.lambda.createFunction('f', 'nope' as never)).toThrow(/not a function/);
    aws.lambda.createFunction('f', handler);
    expect(() => aws.lambda.createFunction('f', handler)).toThrow(/already exists/);
    expect(() => aws.lambda.function('missing')).toThrow(/no function "missing"/);
  });

  it('deletes a function; the name is free again', () => {
    aws.lambda.createFunction('f', async () => 1);
    const view = aws.lambda.function('f');
    aws.lambda.deleteFunction('f');
    expect(view.deleted).toBe(true);
    expect(() => aws.lambda.function('f')).toThrow(/no function/);
    aws.lambda.createFunction('f', async () => 2);
  });
});

describe('the handler contract (lambda.md §5.1, §5.3)', () => {
  it('an async handler: the resolved value, as JSON; undefined is null', async () => {
    aws.lambda.createFunction('a', async (event: { n: number }) => ({ doubled: event.n * 2, at: new Date(T0) }));
    aws.lambda.createFunction('b', async () => undefined);
    await expect(invoke(aws, 'a', { n: 21 })).resolves.toMatchObject({
      outcome: 'success',
      result: { doubled: 42, at: new Date(T0).toISOString() },
    });
    await expect(invoke(aws, 'b', {})).resolves.toMatchObject({ outcome: 'success', result: null, payload: 'null' });
  });

  it("gets the event as Lambda parses it from JSON: a copy, not the caller's object", async () => {
    const seen: unknown[] = [];
    aws.lambda.createFunction('f', async (event: { when: unknown; gone?: unknown }) => {
      seen.push(event);
      return null;
    });
    const given = { when: new Date(T0), gone: undefined };
    await invoke(aws, 'f', given);
    expect(seen[0]).toEqual({ when: new Date(T0).toISOString() });
    expect(seen[0]).not.toBe(given);
  });

  it('a rejection or throw is a function error with errorType, errorMessage and trace', async () => {
    aws.lambda.createFunction('e', async () => {
      throw new TypeError('bad order');
    });
    aws.lambda.createFunction('s', () => {
      throw 'plain string';
    });
    const error = await invoke(aws, 'e', {});
    expect(error).toMatchObject({ outcome: 'error', error: { errorType: 'TypeError', errorMessage: 'bad order' } });
    expect(error.outcome === 'error' && error.error.trace?.[0]).toBe('TypeError: bad order');
    await expect(invoke(aws, 's', {})).resolves.toMatchObject({
      outcome: 'error',
      error: { errorType: 'string', errorMessage: 'plain string', trace: [] },
    });
  });

  it('reports odd thrown values as the Node.js runtime does (lambda.md §5.6)', async () => {
    const cases: [unknown, object][] = [
      [42, { errorType: 'number', errorMessage: '42', trace: [] }],
      [{ a: 1 }, { errorType: 'object', errorMessage: '[object Object]', trace: [] }],
      [
        { name: 'X', message: 'm', stack: 's1\ns2' },
        { errorType: 'X', errorMessage: 'm', trace: ['s1', 's2'] },
      ],
      [Symbol('x'), { errorType: 'TypeError', errorMessage: 'Cannot convert a Symbol value to a string' }],
      [Object.create(null), { errorType: 'TypeError', errorMessage: 'Cannot convert object to primitive value' }],
      [null, { errorType: 'string', errorMessage: 'handled', trace: [] }],
    ];
    for (const [index, [value, payload]] of cases.entries()) {
      aws.lambda.createFunction(`reject-${index}`, () => Promise.reject(value));
      await expect(invoke(aws, `reject-${index}`, {})).resolves.toMatchObject({ outcome: 'error', error: payload });
    }
    // A synchronous throw goes to the callback, which takes a missing error for success.
    aws.lambda.createFunction('throw-null', () => {
      throw null;
    });
    await expect(invoke(aws, 'throw-null', {})).resolves.toMatchObject({ outcome: 'success', result: null });
  });

  it('a callback handler: the first of callback, succeed, fail and done counts', async () => {
    aws.lambda.createFunction(
      'cb',
      (event: { fail?: boolean }, _context: Context, callback: (e?: unknown, r?: unknown) => void) => {
        setTimeout(() => {
          if (event.fail) callback(new Error('no'));
          else callback(null, { ok: true });
          callback(null, 'ignored');
        }, 10);
      },
    );
    aws.lambda.createFunction('ctx', (_event: unknown, context: Context) => {
      // @types/aws-lambda declares fail(error); the runtime takes none too (docs/aws-behaviour/lambda.md §5.1).
      (context.fail as () => void)();
      context.succeed('ignored');
    });
    const ok = invoke(aws, 'cb', {});
    const failed = invoke(aws, 'cb', { fail: true });
    // One environment: the second invocation starts when the first has answered (docs/aws-behaviour/lambda.md §5.8).
    await vi.advanceTimersByTimeAsync(20);
    await expect(ok).resolves.toMatchObject({ outcome: 'success', result: { ok: true } });
    await expect(failed).resolves.toMatchObject({ outcome: 'error', error: { errorMessage: 'no' } });
    // context.fail() with no argument reports the string "handled".
    await expect(invoke(aws, 'ctx', {})).resolves.toMatchObject({
      outcome: 'error',
      error: { errorType: 'string', errorMessage: 'handled' },
    });
  });

  it('a handler taking no callback and returning no promise answers null', async () => {
    aws.lambda.createFunction('sync', () => 42);
    await expect(invoke(aws, 'sync', {})).resolves.toMatchObject({ outcome: 'success', result: null });
  });

  it('a result JSON cannot hold is a function error; one over 6 MB is Function.ResponseSizeTooLarge', async () => {
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    aws.lambda.createFunction('cycle', async () => cycle);
    aws.lambda.createFunction('big', async () => 'x'.repeat(6_291_556));
    await expect(invoke(aws, 'cycle', {})).resolves.toMatchObject({
      outcome: 'error',
      error: { errorType: 'Error', errorMessage: 'Unable to stringify response body' },
    });
    await expect(invoke(aws, 'big', {})).resolves.toMatchObject({
      outcome: 'error',
      error: {
        errorType: 'Function.ResponseSizeTooLarge',
        errorMessage: 'Response payload size exceeded maximum allowed payload size (6291556 bytes).',
      },
    });
  });
});

describe('the context (lambda.md §5.2)', () => {
  it('has the real fields, and the remaining time follows the mock clock', async () => {
    let context: Context | undefined;
    const remaining: number[] = [];
    const handler: Handler = async (_event, given) => {
      context = given;
      remaining.push(given.getRemainingTimeInMillis());
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      remaining.push(given.getRemainingTimeInMillis());
      return 'done';
    };
    aws.lambda.createFunction('ctx', handler, { timeout: 30, memorySize: 1024 });
    const result = invoke(aws, 'ctx', {});
    await vi.advanceTimersByTimeAsync(1_500);
    const outcome = await result;
    expect(remaining).toEqual([30_000, 28_500]);
    expect(context).toMatchObject({
      awsRequestId: outcome.requestId,
      functionName: 'ctx',
      functionVersion: '$LATEST',
      invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:ctx',
      memoryLimitInMB: '1024',
      logGroupName: '/aws/lambda/ctx',
      callbackWaitsForEmptyEventLoop: true,
    });
    expect(context!.logStreamName).toMatch(/^2026\/01\/02\/\[\$LATEST\][0-9a-f]{32}$/);
  });
});

describe('timeouts (lambda.md §5.4)', () => {
  it('a handler past its timeout has timed out, settled or not, with Sandbox.Timedout', async () => {
    aws.lambda.createFunction('never', () => new Promise(() => {}), { timeout: 2 });
    const result = invoke(aws, 'never', {});
    await vi.advanceTimersByTimeAsync(1_999);
    expect(aws.lambda.function('never').invocations()[0]!.outcome).toBe('running');
    await vi.advanceTimersByTimeAsync(1);
    const outcome = await result;
    expect(outcome).toEqual({
      requestId: outcome.requestId,
      outcome: 'timeout',
      error: {
        errorType: 'Sandbox.Timedout',
        errorMessage: `RequestId: ${outcome.requestId} Error: Task timed out after 2.00 seconds`,
      },
    });
    const [invocation] = aws.lambda.function('never').invocations();
    expect(invocation).toMatchObject({ outcome: 'timeout', startedAt: new Date(T0), endedAt: new Date(T0 + 2_000) });
  });

  it('a late answer after the timeout changes nothing', async () => {
    aws.lambda.createFunction('slow', () => new Promise((resolve) => setTimeout(() => resolve('late'), 5_000)), {
      timeout: 1,
    });
    const result = invoke(aws, 'slow', {});
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(result).resolves.toMatchObject({ outcome: 'timeout' });
    expect(aws.lambda.function('slow').invocations()[0]).toMatchObject({ outcome: 'timeout' });
  });
});

describe('invocations()', () => {
  it('records each invocation, oldest first, and hands out copies', async () => {
    aws.lambda.createFunction('f', async (event: { n: number }) => ({ n: event.n }));
    await invoke(aws, 'f', { n: 1 });
    await invoke(aws, 'f', { n: 2 });
    const view = aws.lambda.function('f');
    const [first, second] = view.invocations();
    expect(first).toMatchObject({ event: { n: 1 }, outcome: 'success', result: { n: 1 } });
    expect(second).toMatchObject({ event: { n: 2 }, outcome: 'success', result: { n: 2 } });
    (first!.event as { n: number }).n = 99;
    expect(view.invocations()[0]!.event).toEqual({ n: 1 });
  });
});

describe('reserved concurrency (lambda.md §2.12)', () => {
  it('throttles an invocation beyond it; 0 throttles every one', async () => {
    aws.lambda.createFunction('one', () => new Promise((resolve) => setTimeout(resolve, 100)), {
      reservedConcurrency: 1,
    });
    aws.lambda.createFunction('none', async () => null, { reservedConcurrency: 0 });
    const first = invoke(aws, 'one', {});
    await expect(invoke(aws, 'one', {})).resolves.toMatchObject({ outcome: 'throttled' });
    await vi.advanceTimersByTimeAsync(100);
    await expect(first).resolves.toMatchObject({ outcome: 'success' });
    await expect(invoke(aws, 'none', {})).resolves.toMatchObject({ outcome: 'throttled' });
    expect(aws.lambda.function('none').invocations()).toEqual([]);
  });
});

describe('aws.idle() and aws.runUntilIdle()', () => {
  it('idle() resolves once running handlers that wait on no time have finished', async () => {
    const order: string[] = [];
    aws.lambda.createFunction('f', async () => {
      for (let i = 0; i < 20; i++) await Promise.resolve();
      order.push('handler done');
    });
    void invoke(aws, 'f', {});
    await aws.idle();
    order.push('idle');
    expect(order).toEqual(['handler done', 'idle']);
  });

  it('idle() resolves at once with nothing to do', async () => {
    await expect(aws.idle()).resolves.toBeUndefined();
  });

  it('runUntilIdle() moves time only as far as the handler waits', async () => {
    aws.lambda.createFunction('sleepy', () => new Promise((resolve) => setTimeout(() => resolve('awake'), 1_500)), {
      timeout: 30,
    });
    const result = invoke(aws, 'sleepy', {});
    const advanced = await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) });
    expect(advanced).toBe(1_500);
    await expect(result).resolves.toMatchObject({ outcome: 'success', result: 'awake' });
  });

  it('runUntilIdle() runs a never-settling handler to its timeout, and stops at maxTime', async () => {
    aws.lambda.createFunction('never', () => new Promise(() => {}), { timeout: 900 });
    const result = invoke(aws, 'never', {});
    const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
    expect(await aws.runUntilIdle({ advance, maxTime: 60_000 })).toBe(60_000);
    expect(aws.lambda.function('never').invocations()[0]!.outcome).toBe('running');
    expect(await aws.runUntilIdle({ advance })).toBe(840_000);
    await expect(result).resolves.toMatchObject({ outcome: 'timeout' });
    expect(await aws.runUntilIdle({ advance })).toBe(0);
  });

  it('runUntilIdle() needs a way to move time, unless the clock is injected', async () => {
    await expect(aws.runUntilIdle()).rejects.toThrow(/needs `advance`/);
    const clock = FakeTimers.createClock(T0);
    const injected = createAwsMock({ clock });
    injected.lambda.createFunction('f', () => new Promise((resolve) => clock.setTimeout(resolve, 250)));
    const result = injected.lambda
      .functionModel('f')
      .invoke({}, { trigger: { kind: 'invoke', invocationType: 'RequestResponse' } });
    expect(await injected.runUntilIdle()).toBe(250);
    await expect(result).resolves.toMatchObject({ outcome: 'success' });
  });

  it("reset() ends running invocations' timers: no timer is left", async () => {
    const before = vi.getTimerCount();
    aws.lambda.createFunction('never', () => new Promise(() => {}), { timeout: 900 });
    void invoke(aws, 'never', {});
    expect(vi.getTimerCount()).toBe(before + 1);
    aws.reset();
    expect(vi.getTimerCount()).toBe(before);
    await expect(aws.idle()).resolves.toBeUndefined();
  });
});

describe('createAwsMock({ invocationHistory })', () => {
  it('keeps only the last N invocations of each function; 0 keeps none', async () => {
    const few = createAwsMock({ invocationHistory: 2 });
    const none = createAwsMock({ invocationHistory: 0 });
    for (const mock of [few, none]) mock.lambda.createFunction('f', async (event: { n: number }) => event.n);
    for (let n = 1; n <= 5; n++) {
      for (const mock of [few, none]) await invoke(mock, 'f', { n });
    }
    expect(
      few.lambda
        .function('f')
        .invocations()
        .map((i) => i.result),
    ).toEqual([4, 5]);
    expect(none.lambda.function('f').invocations()).toEqual([]);
    expect(() => createAwsMock({ invocationHistory: -1 })).toThrow(/invocationHistory must be a whole number/);
  });
});

describe('createFunction({ region })', () => {
  it('puts the function in another region of the account, found by its ARN', async () => {
    const fn = aws.lambda.createFunction('far', async () => 'far away', { region: 'ap-southeast-2' });
    expect(fn.arn).toBe('arn:aws:lambda:ap-southeast-2:123456789012:function:far');
    expect(aws.lambda.function(fn.arn).region).toBe('ap-southeast-2');
    expect(() => aws.lambda.function('far')).toThrow(/no function "far"/);
    aws.lambda.createFunction('far', async () => 'near');
    expect(() => aws.lambda.createFunction('x', async () => 1, { region: 'nowhere' })).toThrow(/region name/);
  });
});
