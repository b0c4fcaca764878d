/**
 * runUntilIdle and handlers that wait on real work (api.md, fourth round, "Waiting"): a handler awaiting a loopback
 * HTTP server that answers after a real 50 ms succeeds, as on AWS, under vitest's fake timers and on an injected clock;
 * `realTimeWait: 0` moves fake time past it as before; a wait that runs out warns once, naming the function. The tests
 * assert outcomes, never durations.
 */
import FakeTimers from '@sinonjs/fake-timers';
import { LambdaClient, InvokeCommand } from '@aws-sdk/client-lambda';
import { createServer, type Server } from 'node:http';
import { setTimeout as realSetTimeout } from 'node:timers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAwsMock, type AwsMock } from '../../src/index.js';
import { controlClient, startServer, type MockServer } from '../../src/server/index.js';
import { mappingSetup } from '../lambda/esm-support.js';
import { networkTrap } from '../helpers.js';

/** A loopback HTTP server whose every answer comes after `delayMs` of real time (never, for `'never'`). */
async function loopback(delayMs: number | 'never'): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    if (delayMs !== 'never') realSetTimeout(() => response.end('pong'), delayMs);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, server };
}

const servers: Server[] = [];
async function startLoopback(delayMs: number | 'never'): Promise<string> {
  const { url, server } = await loopback(delayMs);
  servers.push(server);
  return url;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((closed) => server.close(closed));
  }
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const outcomes = (aws: AwsMock, name: string) =>
  aws.lambda
    .function(name)
    .invocations()
    .map((inv) => inv.outcome);

describe('under vitest fake timers', () => {
  beforeEach(() => vi.useFakeTimers());
  const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

  it('a mapping whose handler awaits a loopback server answering in 50 ms succeeds for every message', async () => {
    const url = await startLoopback(50);
    const { aws, queue, send } = mappingSetup();
    const q = await queue('orders', { VisibilityTimeout: '30' });
    aws.lambda.createFunction('caller', async () => (await fetch(url)).text(), { timeout: 3 });
    aws.lambda.createEventSourceMapping({ FunctionName: 'caller', EventSourceArn: q.arn, BatchSize: 1 });
    for (const body of ['a', 'b', 'c']) await send(q.url, body);
    const warn = vi.spyOn(console, 'warn');
    await aws.runUntilIdle({ advance });
    expect(warn).not.toHaveBeenCalled();
    expect(outcomes(aws, 'caller')).toEqual(['success', 'success', 'success']);
    expect(
      aws.lambda
        .function('caller')
        .invocations()
        .map((inv) => inv.result),
    ).toEqual(['pong', 'pong', 'pong']);
    expect(aws.sqs.queue('orders').messages()).toEqual([]);
  });

  it('an asynchronous Invoke through node:http and a real timer succeeds, then sleeps on fake time', async () => {
    const url = await startLoopback(50);
    const { get } = await import('node:http');
    const aws = createAwsMock();
    const lambda = new LambdaClient({ region: aws.region, requestHandler: networkTrap });
    lambda.middlewareStack.use(aws.lambda);
    aws.lambda.createFunction(
      'caller',
      async () => {
        const body = await new Promise<string>((answered, failed) =>
          get(url, (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += String(chunk)));
            response.on('end', () => answered(text));
          }).on('error', failed),
        );
        await new Promise((waited) => realSetTimeout(waited, 20));
        // Fake time: runUntilIdle moves to it.
        await new Promise((slept) => setTimeout(slept, 2_000));
        return body;
      },
      { timeout: 5 },
    );
    await lambda.send(new InvokeCommand({ FunctionName: 'caller', InvocationType: 'Event' }));
    const warn = vi.spyOn(console, 'warn');
    expect(await aws.runUntilIdle({ advance })).toBe(2_000);
    expect(outcomes(aws, 'caller')).toEqual(['success']);
    expect(warn).not.toHaveBeenCalled();
  });

  it('realTimeWait: 0 moves fake time past the pending request as before: the handler times out', async () => {
    const url = await startLoopback(50);
    const aws = createAwsMock();
    aws.lambda.createFunction('caller', async () => (await fetch(url)).text(), { timeout: 3 });
    const invocation = aws.lambda
      .functionModel('caller')
      .invoke({}, { trigger: { kind: 'invoke', invocationType: 'Event' } });
    expect(await aws.runUntilIdle({ advance, realTimeWait: 0 })).toBe(3_000);
    await invocation;
    expect(outcomes(aws, 'caller')).toEqual(['timeout']);
  });

  it('a wait that runs out warns once, naming the function, and fake time then moves on', async () => {
    const url = await startLoopback('never');
    const { aws, queue, send } = mappingSetup();
    const q = await queue('orders', { VisibilityTimeout: '10' });
    aws.lambda.createFunction('stuck-caller', async () => (await fetch(url)).text(), { timeout: 3 });
    aws.lambda.createEventSourceMapping({ FunctionName: 'stuck-caller', EventSourceArn: q.arn, BatchSize: 1 });
    await send(q.url, 'a');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await aws.runUntilIdle({ advance, realTimeWait: 50, maxTime: 25_000 });
    // The message came back after each timeout: three runs, each timed out.
    expect(outcomes(aws, 'stuck-caller')).toEqual(['timeout', 'timeout', 'timeout']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(
      /^sqs-sns-mock: runUntilIdle waited 0\.05 s of real time for function stuck-caller, request [0-9a-f-]+, which waits on something that is not the mock's clock/,
    );
  });

  it('a handler that waits on nothing real is not waited for: it times out, with no warning', async () => {
    const aws = createAwsMock();
    aws.lambda.createFunction('hangs', () => new Promise(() => undefined), { timeout: 3 });
    void aws.lambda.functionModel('hangs').invoke({}, { trigger: { kind: 'invoke', invocationType: 'Event' } });
    const warn = vi.spyOn(console, 'warn');
    expect(await aws.runUntilIdle({ advance, realTimeWait: 60_000 })).toBe(3_000);
    expect(outcomes(aws, 'hangs')).toEqual(['timeout']);
    expect(warn).not.toHaveBeenCalled();
  });

  it('refuses a realTimeWait that is not a number of ms, 0 or more', async () => {
    const aws = createAwsMock();
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, '5000']) {
      await expect(aws.runUntilIdle({ advance, realTimeWait: bad as number })).rejects.toThrow(
        /runUntilIdle's realTimeWait is a number of ms, 0 or more/,
      );
    }
  });
});

describe('on an injected @sinonjs/fake-timers clock', () => {
  it('a handler awaiting a loopback server and a real timer succeeds; runUntilIdle ticks the clock by itself', async () => {
    const url = await startLoopback(50);
    const clock = FakeTimers.createClock(Date.UTC(2026, 0, 2));
    const aws = createAwsMock({ clock });
    // The globals are real here: the handler's own setTimeout is a real timer, waited for like the socket.
    aws.lambda.createFunction(
      'caller',
      async () => {
        const body = await (await fetch(url)).text();
        await new Promise((waited) => setTimeout(waited, 30));
        return body;
      },
      { timeout: 1 },
    );
    const lambda = new LambdaClient({ region: aws.region, requestHandler: networkTrap });
    lambda.middlewareStack.use(aws.lambda);
    await lambda.send(new InvokeCommand({ FunctionName: 'caller', InvocationType: 'Event' }));
    expect(await aws.runUntilIdle()).toBe(0);
    expect(outcomes(aws, 'caller')).toEqual(['success']);
  });

  it('realTimeWait: 0 times it out, as before', async () => {
    const url = await startLoopback(50);
    const clock = FakeTimers.createClock(Date.UTC(2026, 0, 2));
    const aws = createAwsMock({ clock });
    aws.lambda.createFunction('caller', async () => (await fetch(url)).text(), { timeout: 1 });
    void aws.lambda.functionModel('caller').invoke({}, { trigger: { kind: 'invoke', invocationType: 'Event' } });
    expect(await aws.runUntilIdle({ realTimeWait: 0 })).toBe(1_000);
    expect(outcomes(aws, 'caller')).toEqual(['timeout']);
  });
});

describe('over the wire: POST /_mock/run-until-idle', () => {
  let server: MockServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** A server on its manual clock, with a function that awaits the loopback server, invoked asynchronously. */
  async function invoked(): Promise<MockServer> {
    const url = await startLoopback(50);
    server = await startServer({ port: 0 });
    server.aws.lambda.createFunction('caller', async () => (await fetch(url)).text(), { timeout: 2 });
    void server.aws.lambda.functionModel('caller').invoke({}, { trigger: { kind: 'invoke', invocationType: 'Event' } });
    return server;
  }

  it("waits for the handler's real work by default, as aws.runUntilIdle does", async () => {
    const served = await invoked();
    expect(await controlClient(served.endpoint).runUntilIdle()).toMatchObject({ advancedMs: 0 });
    expect(outcomes(served.aws, 'caller')).toEqual(['success']);
  });

  it('with realTimeWait: 0 moves the clock past it, and the handler times out', async () => {
    const served = await invoked();
    expect(await controlClient(served.endpoint).runUntilIdle({ realTimeWait: 0 })).toMatchObject({
      advancedMs: 2_000,
    });
    expect(outcomes(served.aws, 'caller')).toEqual(['timeout']);
  });

  it('refuses a realTimeWait that is not a number of milliseconds', async () => {
    server = await startServer({ port: 0 });
    const answer = await fetch(`${server.endpoint}/_mock/run-until-idle`, {
      method: 'POST',
      body: JSON.stringify({ realTimeWait: -1 }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      message: '"realTimeWait" must be a number of milliseconds, 0 or more.',
    });
  });
});
