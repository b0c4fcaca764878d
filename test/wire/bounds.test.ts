import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { ListQueuesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { controlClient, startServer, type MockServer } from '../../src/server/index.js';
import { ONE_ATTEMPT } from '../helpers.js';

/** Inputs past what the server can hold answer 400 and leave it serving (docs/aws-behaviour/wire.md §4.7, §13.8). */
let server: MockServer;
let events: EventBridgeClient;
let sqs: SQSClient;
const credentials = { accessKeyId: 'x', secretAccessKey: 'x' };

beforeEach(async () => {
  server = await startServer({ port: 0 });
  const config = { endpoint: server.endpoint, region: 'us-east-1', credentials, ...ONE_ATTEMPT };
  events = new EventBridgeClient(config);
  sqs = new SQSClient(config);
});
afterEach(async () => {
  events.destroy();
  sqs.destroy();
  await server.close();
});

const advance = (ms: number) =>
  fetch(`${server.endpoint}/_mock/clock/advance`, { method: 'POST', body: JSON.stringify({ ms }) });

/** 9999-12-31T23:59:59.999Z, the last instant the clock may reach. */
const LAST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

describe('the clock route', () => {
  it('refuses an advance past the last instant, moves nothing, and PutEvents still answers', async () => {
    const { now } = await controlClient(server.endpoint).state();
    // Past JavaScript's date range (8.64e15 ms): the clock would hold no date, and every PutEvents would fail.
    const refused = await advance(8.64e15);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: 'InvalidParameterValue',
      message: `"ms" would move the clock past 9999-12-31T23:59:59.999Z: it may move at most ${LAST_INSTANT - now} ms from now (${now}).`,
    });
    expect((await controlClient(server.endpoint).state()).now).toBe(now);
    const put = await events.send(new PutEventsCommand({ Entries: [{ Source: 's', DetailType: 'd', Detail: '{}' }] }));
    expect(put.FailedEntryCount).toBe(0);

    // Up to the last instant it moves, and the account still answers there.
    const toTheEnd = await advance(LAST_INSTANT - now);
    expect(toTheEnd.status).toBe(200);
    expect(await toTheEnd.json()).toMatchObject({ now: LAST_INSTANT });
    expect((await advance(1)).status).toBe(400);
    const late = await events.send(new PutEventsCommand({ Entries: [{ Source: 's', DetailType: 'd', Detail: '{}' }] }));
    expect(late.FailedEntryCount).toBe(0);
  });

  it('refuses the second of two advances sent together that pass it only together', async () => {
    const { now } = await controlClient(server.endpoint).state();
    const most = Math.floor(((LAST_INSTANT - now) * 3) / 4);
    const answers = await Promise.all([advance(most), advance(most)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect((await controlClient(server.endpoint).state()).now).toBe(now + most);
  });
});

describe('a JSON body nested 100,000 deep', () => {
  const deep = (depth: number) => `{"QueueName":${'['.repeat(depth)}${']'.repeat(depth)}}`;

  it('is no JSON to SQS, EventBridge, Scheduler or Lambda: 400 SerializationException, not a 500 the SDKs retry', async () => {
    const routes: { path: string; headers: Record<string, string> }[] = [
      { path: '/', headers: { 'x-amz-target': 'AmazonSQS.CreateQueue', 'content-type': 'application/x-amz-json-1.0' } },
      { path: '/', headers: { 'x-amz-target': 'AWSEvents.PutEvents', 'content-type': 'application/x-amz-json-1.1' } },
      { path: '/schedules/s', headers: { 'content-type': 'application/json' } },
      { path: '/2015-03-31/event-source-mappings', headers: { 'content-type': 'application/json' } },
    ];
    for (const route of routes) {
      const answer = await fetch(`${server.endpoint}${route.path}`, {
        method: 'POST',
        headers: route.headers,
        body: deep(100_000),
      });
      expect(answer.status).toBe(400);
      const body = (await answer.json()) as Record<string, unknown>;
      expect(String(body['__type'] ?? answer.headers.get('x-amzn-errortype'))).toMatch(/SerializationException$/);
    }
    // Jackson's limit is 1000 levels: the 1000th still parses (and the action refuses the value as it would).
    const shallow = await fetch(`${server.endpoint}/`, {
      method: 'POST',
      headers: routes[0]!.headers,
      body: deep(999),
    });
    expect(await shallow.json()).not.toMatchObject({ __type: 'com.amazonaws.sqs#SerializationException' });
    expect((await sqs.send(new ListQueuesCommand({}))).$metadata.httpStatusCode).toBe(200);
  });
});
