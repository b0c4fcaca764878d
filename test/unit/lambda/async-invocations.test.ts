import FakeTimers from '@sinonjs/fake-timers';
import { describe, expect, it } from 'vitest';
import { injectedClock } from '../../../src/core/clock.js';
import { createIdSource } from '../../../src/core/ids.js';
import { AsyncInvocations } from '../../../src/services/lambda/async/async-invocations.js';
import type { DestinationSender } from '../../../src/services/lambda/async/destinations.js';
import {
  deadLetterMessage,
  invocationRecord,
  type DestinationMessage,
  type GivenUpEvent,
} from '../../../src/services/lambda/async/invocation-record.js';
import { retryDelayAfterError, throttleBackoff, tooOldAt } from '../../../src/services/lambda/async/retry-policy.js';
import { checkFunctionOptions, type CreateFunctionOptions } from '../../../src/services/lambda/function-options.js';
import type { LambdaHandler } from '../../../src/services/lambda/handler-contract.js';
import { LambdaBackend } from '../../../src/services/lambda/lambda-backend.js';
import { TimerSet } from '../../../src/core/timer-set.js';
import type { LambdaRuntime } from '../../../src/services/lambda/runtime.js';
import { WorkTracker } from '../../../src/core/work/work-tracker.js';

const T0 = 1_700_000_000_000;
const TRIGGER = { kind: 'invoke', invocationType: 'Event' } as const;

/** One account's Lambda side on its own fake clock, with a sender that keeps what it is given. */
function lambdaSide() {
  const clock = FakeTimers.createClock(T0);
  const accountClock = injectedClock(clock);
  const timers = new TimerSet(accountClock);
  const work = new WorkTracker(
    accountClock,
    (ms) => clock.tickAsync(ms),
    () => clock,
  );
  const runtime: LambdaRuntime = {
    clock: accountClock,
    ids: createIdSource(7),
    work,
    timers,
    invocationHistory: undefined,
  };
  const sent: { target: string; message: DestinationMessage }[] = [];
  const sender: DestinationSender = {
    send: (target, message) => {
      sent.push({ target, message });
      return { accepted: true };
    },
  };
  const backend = new LambdaBackend('000000000000', runtime);
  const invocations = new AsyncInvocations(runtime, sender);
  const create = (name: string, handler: LambdaHandler, options?: CreateFunctionOptions) =>
    backend.create(name, 'us-east-1', handler, checkFunctionOptions(options));
  return { clock, timers, work, sent, backend, invocations, create };
}

const fail = async (): Promise<never> => {
  throw new Error('boom');
};

describe('AsyncInvocations', () => {
  it('answers a request id at once and runs the handler after, on a promise job, without time passing', async () => {
    const { clock, invocations, create } = lambdaSide();
    const fn = create('f', async () => 'ok');
    const requestId = invocations.enqueue(fn, { a: 1 }, TRIGGER);
    expect([...fn.invocations]).toEqual([]);
    await Promise.resolve();
    await Promise.resolve();
    expect([...fn.invocations]).toMatchObject([{ requestId, event: { a: 1 }, trigger: TRIGGER }]);
    expect(clock.now).toBe(T0);
  });

  it('stores the event as JSON when accepted: later changes to the caller’s object do not reach the handler', async () => {
    const { work, invocations, create } = lambdaSide();
    const fn = create('f', async () => null);
    const event = { n: 1 };
    invocations.enqueue(fn, event, TRIGGER);
    event.n = 2;
    await work.idle();
    expect([...fn.invocations][0]!.event).toEqual({ n: 1 });
  });

  it('tells the work tracker when the earliest retry is due, through one timer', async () => {
    const { work, timers, invocations, create } = lambdaSide();
    const early = create('early', fail);
    const late = create('late', fail);
    invocations.enqueue(late, {}, TRIGGER);
    invocations.enqueue(early, {}, TRIGGER);
    await work.idle();
    expect(work.nextAt()).toBe(T0 + 60_000);
    expect(timers.size).toBe(1);
    expect(invocations.waitingCount).toBe(2);
    expect(await work.runUntilIdle()).toBe(180_000);
    expect(invocations.waitingCount).toBe(0);
    expect(timers.size).toBe(0);
  });

  it('sends both the on-failure record and the dead-letter message once it gives up', async () => {
    const { work, sent, invocations, create } = lambdaSide();
    const fn = create('f', fail, {
      maximumRetryAttempts: 0,
      onFailure: 'arn:aws:sqs:us-east-1:000000000000:failures',
      deadLetterTargetArn: 'arn:aws:sns:us-east-1:000000000000:dlq',
    });
    const requestId = invocations.enqueue(fn, { order: 7 }, TRIGGER);
    await work.idle();
    expect(sent.map(({ target }) => target)).toEqual([
      'arn:aws:sqs:us-east-1:000000000000:failures',
      'arn:aws:sns:us-east-1:000000000000:dlq',
    ]);
    expect(JSON.parse(sent[0]!.message.body)).toMatchObject({
      requestContext: { requestId, condition: 'RetriesExhausted', approximateInvokeCount: 1 },
      requestPayload: { order: 7 },
    });
    expect(sent[1]!.message).toEqual({
      body: '{"order":7}',
      attributes: {
        RequestID: { DataType: 'String', StringValue: requestId },
        ErrorCode: { DataType: 'Number', StringValue: '200' },
        ErrorMessage: { DataType: 'String', StringValue: 'boom' },
      },
    });
  });

  it('ages out an event that stays throttled, with no response in the record', async () => {
    const { work, sent, invocations, create } = lambdaSide();
    let release!: () => void;
    const busy = create('busy', () => new Promise<void>((resolve) => (release = resolve)), {
      reservedConcurrency: 1,
      timeout: 900,
      maximumEventAgeInSeconds: 60,
      onFailure: 'arn:aws:sqs:us-east-1:000000000000:failures',
    });
    invocations.enqueue(busy, { first: true }, TRIGGER);
    invocations.enqueue(busy, { second: true }, TRIGGER);
    // Throttled at 0, 1, 3, 7, 15 and 31 s; the next try, at 63 s, would be past the 60 s.
    await work.runUntilIdle({ maxTime: 40_000 });
    expect(JSON.parse(sent[0]!.message.body)).toEqual({
      version: '1.0',
      timestamp: new Date(T0 + 31_000).toISOString(),
      requestContext: {
        requestId: expect.any(String),
        functionArn: `${busy.arn}:$LATEST`,
        condition: 'EventAgeExceeded',
        approximateInvokeCount: 0,
      },
      requestPayload: { second: true },
    });
    release();
    await work.idle();
    expect(busy.invocations.map((invocation) => invocation.outcome)).toEqual(['success']);
  });

  it('drops everything on reset: no timer, no pending run, no tracked work', async () => {
    const { work, timers, invocations, create } = lambdaSide();
    const fn = create('f', fail);
    invocations.enqueue(fn, {}, TRIGGER);
    await work.idle();
    invocations.enqueue(fn, {}, TRIGGER);
    invocations.reset();
    expect(timers.size).toBe(0);
    expect(invocations.waitingCount).toBe(0);
    await work.idle();
    expect([...fn.invocations]).toHaveLength(1);
    expect(work.nextAt()).toBeUndefined();
    // Still works after the reset.
    invocations.enqueue(fn, {}, TRIGGER);
    await work.idle();
    expect([...fn.invocations]).toHaveLength(2);
  });

  it('drops the events of a deleted function', async () => {
    const { work, sent, backend, invocations, create } = lambdaSide();
    const fn = create('f', fail, { onFailure: 'arn:aws:sqs:us-east-1:000000000000:failures' });
    invocations.enqueue(fn, {}, TRIGGER);
    backend.delete(fn);
    await work.runUntilIdle();
    expect([...fn.invocations]).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('passes the caller’s ARN on as context.invokedFunctionArn', async () => {
    const { work, invocations, create } = lambdaSide();
    let invoked: string | undefined;
    const fn = create('f', async (_event: unknown, context: { invokedFunctionArn: string }) => {
      invoked = context.invokedFunctionArn;
    });
    invocations.enqueue(fn, {}, TRIGGER, { invokedArn: `${fn.arn}:live` });
    await work.idle();
    expect(invoked).toBe(`${fn.arn}:live`);
  });
});

describe('the retry policy (docs/aws-behaviour/lambda.md §4)', () => {
  it('waits 1 then 2 minutes after a function error', () => {
    expect([0, 1].map(retryDelayAfterError)).toEqual([60_000, 120_000]);
  });

  it('backs off throttles from 1 s, doubling, at most 5 minutes', () => {
    expect([0, 1, 2, 3, 8, 9, 50].map(throttleBackoff)).toEqual([
      1_000, 2_000, 4_000, 8_000, 256_000, 300_000, 300_000,
    ]);
  });

  it('counts a try due exactly at the event age as too late', () => {
    expect(tooOldAt(T0 + 59_999, T0, 60)).toBe(false);
    expect(tooOldAt(T0 + 60_000, T0, 60)).toBe(true);
  });
});

describe('the messages of a given-up event (docs/aws-behaviour/lambda.md §4)', () => {
  const base: GivenUpEvent = {
    requestId: 'r-1',
    functionArn: 'arn:aws:lambda:us-east-1:000000000000:function:f',
    condition: 'RetriesExhausted',
    invokeCount: 3,
    payload: { a: 1 },
    lastError: { errorType: 'Error', errorMessage: '', trace: [] },
    at: T0,
  };

  it('writes the record’s members in AWS’s order', () => {
    expect(Object.keys(invocationRecord(base))).toEqual([
      'version',
      'timestamp',
      'requestContext',
      'requestPayload',
      'responseContext',
      'responsePayload',
    ]);
  });

  it('leaves an empty ErrorMessage out and cuts a long one at 1,024 characters', () => {
    expect(Object.keys(deadLetterMessage(base).attributes)).toEqual(['RequestID', 'ErrorCode']);
    const long = deadLetterMessage({ ...base, lastError: { errorType: 'Error', errorMessage: 'x'.repeat(2000) } });
    expect(long.attributes['ErrorMessage']!.StringValue).toHaveLength(1024);
  });

  it('says why an event the handler never ran for was given up', () => {
    const zero = deadLetterMessage({
      ...base,
      condition: 'ZeroReservedConcurrency',
      invokeCount: 0,
      lastError: undefined,
    });
    expect(zero.attributes).toEqual({
      RequestID: { DataType: 'String', StringValue: 'r-1' },
      ErrorMessage: {
        DataType: 'String',
        StringValue: 'Function not invoked. Function isconfigured with zero reserved concurrent executions',
      },
    });
    const throttled = deadLetterMessage({
      ...base,
      condition: 'EventAgeExceeded',
      invokeCount: 0,
      lastError: undefined,
    });
    expect(throttled.attributes).toEqual({
      RequestID: { DataType: 'String', StringValue: 'r-1' },
      ErrorCode: { DataType: 'Number', StringValue: '429' },
      ErrorMessage: { DataType: 'String', StringValue: 'Rate Exceeded.' },
    });
  });
});
