// What a rule's API destination target calls, and how the answers count (docs/aws-behaviour/eventbridge.md
// §14.4–§14.7, §14.9): recorded, answered by the test, never sent to the network.
import {
  DeleteApiDestinationCommand,
  DescribeApiDestinationCommand,
  DescribeConnectionCommand,
  PutTargetsCommand,
  UpdateConnectionCommand,
} from '@aws-sdk/client-eventbridge';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { destination, put, queue, received, rule } from './api-destination-support.js';
import { eventsSetup } from './support.js';

const START = Date.UTC(2025, 0, 2, 3, 4, 5);
beforeEach(() => vi.useFakeTimers({ now: START }));
afterEach(() => vi.useRealTimers());

const run = (aws: ReturnType<typeof eventsSetup>['aws']) =>
  aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) });

describe('the call (§14.4, §14.5)', () => {
  it('the method, the URL with path values and query, EventBridge headers, the auth, and the event as body', async () => {
    const setup = eventsSetup();
    const { arn } = await destination(setup);
    await rule(setup, 'to-slack', [
      {
        Id: 'slack',
        Arn: arn,
        HttpParameters: {
          PathParameterValues: ['T000/B000'],
          QueryStringParameters: { channel: 'orders' },
          HeaderParameters: { 'X-Team': 'shop' },
        },
      },
    ]);
    const eventId = await put(setup, { orderId: 7 });
    const [call] = setup.aws.events.apiDestination('slack').calls();
    const event = setup.aws.events.bus().events()[0]!;
    expect(call).toEqual({
      at: new Date(START),
      kind: 'event',
      url: 'https://hooks.example.com/services/T000/B000?channel=orders',
      method: 'POST',
      headers: {
        'User-Agent': 'Amazon/EventBridge/ApiDestinations',
        'Content-Type': 'application/json; charset=utf-8',
        Range: 'bytes=0-1048575',
        'Accept-Encoding': 'gzip,deflate',
        Connection: 'close',
        Authorization: `Basic ${Buffer.from('user:pass').toString('base64')}`,
        'X-Team': 'shop',
        'Content-Length': String(Buffer.byteLength(call!.body)),
        Host: 'hooks.example.com',
      },
      body: expect.any(String),
      eventId,
      status: 200,
      delivered: true,
    });
    expect(JSON.parse(call!.body)).toEqual({
      version: '0',
      id: eventId,
      'detail-type': 'OrderPlaced',
      source: 'shop',
      account: '000000000000',
      time: '2025-01-02T03:04:05Z',
      region: 'us-east-1',
      resources: [],
      detail: { orderId: 7 },
    });
    expect(event.routes).toEqual([expect.objectContaining({ targetArn: arn, delivered: true })]);
  });

  it("the connection's parameters win over the target's; body parameters join a JSON object body", async () => {
    const setup = eventsSetup();
    const { arn } = await destination(setup, {
      type: 'API_KEY',
      auth: {
        ApiKeyAuthParameters: { ApiKeyName: 'x-api-key', ApiKeyValue: 'apikey_secret' },
        InvocationHttpParameters: {
          BodyParameters: [{ Key: 'connection_body_param', Value: 'value' }],
          HeaderParameters: [{ Key: 'Overwritten-Header', Value: 'original' }],
          QueryStringParameters: [{ Key: 'overwritten_query', Value: 'original' }],
        },
      },
      endpoint: 'https://api.example.com/hooks',
    });
    await rule(setup, 'r', [
      {
        Id: 't',
        Arn: arn,
        Input: '{"target_value":"value"}',
        HttpParameters: {
          HeaderParameters: { 'overwritten-header': 'changed', 'Content-Type': 'application/cloudevents+json' },
          QueryStringParameters: { target_query: 't_query', overwritten_query: 'changed' },
        },
      },
    ]);
    await put(setup, { i: 0 });
    const [call] = setup.aws.events.apiDestination('slack').calls();
    expect(call!.url).toBe('https://api.example.com/hooks?target_query=t_query&overwritten_query=original');
    expect(call!.headers).toMatchObject({
      'x-api-key': 'apikey_secret',
      // One header whatever the case of its name: the name first given, the connection's value.
      'overwritten-header': 'original',
      'Content-Type': 'application/cloudevents+json',
    });
    expect(JSON.parse(call!.body)).toEqual({ target_value: 'value', connection_body_param: 'value' });
  });

  it('an input transformer shapes the body; a GET carries it too', async () => {
    const setup = eventsSetup();
    const { arn } = await destination(setup, { method: 'GET', endpoint: 'https://example.com/orders' });
    await rule(setup, 'r', [
      {
        Id: 't',
        Arn: arn,
        InputTransformer: { InputPathsMap: { id: '$.detail.orderId' }, InputTemplate: '{"text": "order <id> placed"}' },
      },
    ]);
    await put(setup, { orderId: 7 });
    expect(setup.aws.events.apiDestination('slack').calls()).toEqual([
      expect.objectContaining({ method: 'GET', body: '{"text": "order 7 placed"}' }),
    ]);
  });

  it('an endpoint that is not a URL fails each event, not retried, and nothing is called', async () => {
    const setup = eventsSetup();
    const { arn } = await destination(setup, { endpoint: 'www.google.com' });
    await rule(setup, 'r', [{ Id: 't', Arn: arn }]);
    await put(setup, { n: 1 });
    expect(setup.aws.events.apiDestination('slack').calls()).toEqual([]);
    expect(setup.aws.events.bus().events()[0]!.routes[0]).toMatchObject({
      delivered: false,
      reason: 'the endpoint "www.google.com" is not an absolute URL',
    });
  });

  it('nothing reaches the network: fetch is never called', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    try {
      const setup = eventsSetup();
      const { arn } = await destination(setup, { endpoint: 'http://127.0.0.1:9/hook' });
      await rule(setup, 'r', [{ Id: 't', Arn: arn }]);
      await put(setup, { n: 1 });
      await run(setup.aws);
      expect(setup.aws.events.apiDestination('slack').calls()).toEqual([
        expect.objectContaining({ status: 200, delivered: true }),
      ]);
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      fetch.mockRestore();
    }
  });
});

describe('OAuth client credentials (§14.5)', () => {
  const oauth = {
    OAuthParameters: {
      AuthorizationEndpoint: 'https://auth.example.com/token',
      ClientParameters: { ClientID: 'id', ClientSecret: 'password' },
      HttpMethod: 'PUT' as const,
      OAuthHttpParameters: {
        BodyParameters: [{ Key: 'oauthbody', Value: 'value1' }],
        HeaderParameters: [{ Key: 'oauthheader', Value: 'value2' }],
        QueryStringParameters: [{ Key: 'oauthquery', Value: 'value3' }],
      },
    },
  };

  it('the token call comes first, is recorded, authorizes the connection, and its token is sent', async () => {
    const setup = eventsSetup();
    const { arn } = await destination(setup, { type: 'OAUTH_CLIENT_CREDENTIALS', auth: oauth });
    expect((await setup.events.send(new DescribeApiDestinationCommand({ Name: 'slack' }))).ApiDestinationState).toBe(
      'INACTIVE',
    );
    setup.aws.events
      .apiDestination('slack')
      .respond((call) =>
        call.kind === 'token'
          ? { body: JSON.stringify({ access_token: 'tok', token_type: 'Bearer', expires_in: 86400 }) }
          : { status: 204 },
      );
    await rule(setup, 'r', [{ Id: 't', Arn: arn }]);
    await put(setup, { n: 1 });
    const [token, call] = setup.aws.events.apiDestination('slack').calls();
    expect(token).toMatchObject({
      kind: 'token',
      method: 'PUT',
      url: 'https://auth.example.com/token?oauthquery=value3',
      headers: expect.objectContaining({ oauthheader: 'value2' }),
      status: 200,
      delivered: true,
    });
    expect(JSON.parse(token!.body)).toEqual({ client_id: 'id', client_secret: 'password', oauthbody: 'value1' });
    expect(call).toMatchObject({ kind: 'event', status: 204, delivered: true });
    expect(call!.headers['Authorization']).toBe('Bearer tok');
    expect((await setup.events.send(new DescribeConnectionCommand({ Name: 'slack-connection' }))).ConnectionState).toBe(
      'AUTHORIZED',
    );
    expect((await setup.events.send(new DescribeApiDestinationCommand({ Name: 'slack' }))).ApiDestinationState).toBe(
      'ACTIVE',
    );
  });

  it('a 401 drops the token: the next event fetches a new one', async () => {
    const setup = eventsSetup();
    const { arn } = await destination(setup, { type: 'OAUTH_CLIENT_CREDENTIALS', auth: oauth });
    let tokens = 0;
    setup.aws.events.apiDestination('slack').respond((call) => {
      if (call.kind === 'token') return { body: JSON.stringify({ access_token: `t${++tokens}` }) };
      return { status: call.headers['Authorization'] === 'Bearer t1' ? 401 : 200 };
    });
    await rule(setup, 'r', [{ Id: 't', Arn: arn }]);
    await put(setup, { n: 1 });
    await put(setup, { n: 2 });
    expect(
      setup.aws.events
        .apiDestination('slack')
        .calls()
        .map((call) => [call.kind, call.status]),
    ).toEqual([
      ['token', 200],
      ['event', 401],
      ['token', 200],
      ['event', 200],
    ]);
  });

  it('a token call that fails deauthorizes the connection, and the event is not delivered', async () => {
    const setup = eventsSetup();
    const { arn } = await destination(setup, { type: 'OAUTH_CLIENT_CREDENTIALS', auth: oauth });
    setup.aws.events.apiDestination('slack').respond(() => ({ status: 400, body: '{"error":"invalid_client"}' }));
    await rule(setup, 'r', [{ Id: 't', Arn: arn }]);
    await put(setup, { n: 1 });
    expect(setup.aws.events.apiDestination('slack').calls()).toEqual([
      expect.objectContaining({ kind: 'token', status: 400, delivered: false }),
    ]);
    const described = await setup.events.send(new DescribeConnectionCommand({ Name: 'slack-connection' }));
    expect(described).toMatchObject({ ConnectionState: 'DEAUTHORIZED', StateReason: expect.stringContaining('400') });
    expect(setup.aws.events.bus().events()[0]!.routes[0]).toMatchObject({ delivered: false });
    // New credentials authorize it again.
    await setup.events.send(new UpdateConnectionCommand({ Name: 'slack-connection', AuthParameters: oauth }));
    setup.aws.events.apiDestination('slack').respond(() => ({ body: '{"access_token":"ok"}' }));
    await put(setup, { n: 2 });
    expect(setup.aws.events.bus().events()[1]!.routes[0]).toMatchObject({ delivered: true });
  });
});

describe('answers, retries and the dead-letter queue (§14.6)', () => {
  it('503 and 429 are retried with backoff on the mock clock; Retry-After waits longer', async () => {
    const setup = eventsSetup();
    const { arn } = await destination(setup);
    const answers = [{ status: 503 }, { status: 429, headers: { 'retry-after': '10' } }, { status: 500 }, {}];
    setup.aws.events.apiDestination('slack').respond(() => answers.shift());
    await rule(setup, 'r', [{ Id: 't', Arn: arn }]);
    await put(setup, { n: 1 });
    const route = () => setup.aws.events.bus().events()[0]!.routes[0]!;
    expect(route()).toMatchObject({ delivered: false, reason: expect.stringContaining('retry 1 at') });
    await run(setup.aws);
    const calls = setup.aws.events.apiDestination('slack').calls();
    // 1 s, then Retry-After 10 s (over the 2 s backoff), then 4 s.
    expect(calls.map((call) => [call.at.getTime() - START, call.status, call.delivered])).toEqual([
      [0, 503, false],
      [1_000, 429, false],
      [11_000, 500, false],
      [15_000, 200, true],
    ]);
    expect(route()).toEqual(expect.objectContaining({ delivered: true }));
    expect(route().reason).toBeUndefined();
  });

  it('a 4xx is not retried: the event goes to the dead-letter queue with what went wrong', async () => {
    const setup = eventsSetup();
    const dlq = await queue(setup, 'dlq');
    const { arn } = await destination(setup);
    setup.aws.events.apiDestination('slack').respond(() => ({ status: 404 }));
    await rule(setup, 'r', [{ Id: 't', Arn: arn, DeadLetterConfig: { Arn: dlq.arn } }]);
    const eventId = await put(setup, { n: 1 });
    await run(setup.aws);
    expect(setup.aws.events.apiDestination('slack').calls()).toHaveLength(1);
    const [message] = await received(setup, dlq.url);
    expect(JSON.parse(message!.Body!)).toMatchObject({ id: eventId, detail: { n: 1 } });
    const attributes = Object.fromEntries(
      Object.entries(message!.MessageAttributes!).map(([name, value]) => [name, value.StringValue]),
    );
    expect(attributes).toEqual({
      RULE_ARN: 'arn:aws:events:us-east-1:000000000000:rule/r',
      TARGET_ARN: arn,
      ERROR_CODE: 'ERROR_FROM_TARGET',
      ERROR_MESSAGE: 'POST https://hooks.example.com/services/* answered 404',
      RETRY_ATTEMPTS: '0',
    });
    expect(setup.aws.events.bus().events()[0]!.routes[0]!.reason).toBe(
      `POST https://hooks.example.com/services/* answered 404; sent to the dead-letter queue ${dlq.arn}`,
    );
  });

  it('MaximumRetryAttempts ends the retries: the dead letter says so', async () => {
    const setup = eventsSetup();
    const dlq = await queue(setup, 'dlq');
    const { arn } = await destination(setup);
    setup.aws.events.apiDestination('slack').respond(() => ({ status: 429 }));
    await rule(setup, 'r', [
      { Id: 't', Arn: arn, DeadLetterConfig: { Arn: dlq.arn }, RetryPolicy: { MaximumRetryAttempts: 2 } },
    ]);
    await put(setup, { n: 1 });
    await run(setup.aws);
    expect(setup.aws.events.apiDestination('slack').calls()).toHaveLength(3);
    const [message] = await received(setup, dlq.url);
    expect(message!.MessageAttributes).toMatchObject({
      ERROR_CODE: { StringValue: 'THROTTLING' },
      RETRY_ATTEMPTS: { StringValue: '2' },
      EXHAUSTED_RETRY_CONDITION: { StringValue: 'MaximumRetryAttempts' },
    });
  });

  it('MaximumEventAgeInSeconds ends the retries once the next one would be too late', async () => {
    const setup = eventsSetup();
    const { arn } = await destination(setup);
    setup.aws.events.apiDestination('slack').respond(() => ({ status: 502 }));
    await rule(setup, 'r', [{ Id: 't', Arn: arn, RetryPolicy: { MaximumEventAgeInSeconds: 60 } }]);
    await put(setup, { n: 1 });
    await run(setup.aws);
    // Retries at 1, 3, 7, 15, 31 s; the next (63 s) would be past 60 s.
    expect(
      setup.aws.events
        .apiDestination('slack')
        .calls()
        .map((call) => call.at.getTime() - START),
    ).toEqual([0, 1_000, 3_000, 7_000, 15_000, 31_000]);
    expect(setup.aws.events.bus().events()[0]!.routes[0]!.reason).toContain('MaximumEventAgeInSeconds reached');
  });

  it('a negative Retry-After ends the retries', async () => {
    const setup = eventsSetup();
    const { arn } = await destination(setup);
    setup.aws.events.apiDestination('slack').respond(() => ({ status: 503, headers: { 'Retry-After': '-1' } }));
    await rule(setup, 'r', [{ Id: 't', Arn: arn }]);
    await put(setup, { n: 1 });
    await run(setup.aws);
    expect(setup.aws.events.apiDestination('slack').calls()).toHaveLength(1);
    expect(setup.aws.events.bus().events()[0]!.routes[0]!.reason).toContain('a negative Retry-After ended the retries');
  });

  it('a handler that throws is a call not answered, retried; an asynchronous answer is awaited by idle()', async () => {
    const setup = eventsSetup();
    const { arn } = await destination(setup);
    let first = true;
    setup.aws.events.apiDestination('slack').respond(async () => {
      if (first) {
        first = false;
        throw new Error('socket hang up');
      }
      return { status: 202 };
    });
    await rule(setup, 'r', [{ Id: 't', Arn: arn }]);
    await put(setup, { n: 1 });
    await setup.aws.idle();
    expect(setup.aws.events.apiDestination('slack').calls()[0]).toMatchObject({
      delivered: false,
      reason: expect.stringContaining('the call was not answered: Error: socket hang up'),
    });
    await run(setup.aws);
    expect(
      setup.aws.events
        .apiDestination('slack')
        .calls()
        .map((call) => call.status),
    ).toEqual([undefined, 202]);
  });

  it('while an answer is awaited, the route says so; idle() waits for it', async () => {
    const setup = eventsSetup();
    const { arn } = await destination(setup);
    let answer: (value: { status: number }) => void = () => {};
    setup.aws.events.apiDestination('slack').respond(() => new Promise((resolve) => (answer = resolve)));
    await rule(setup, 'r', [{ Id: 't', Arn: arn }]);
    await put(setup, { n: 1 });
    const route = () => setup.aws.events.bus().events()[0]!.routes[0]!;
    expect(route()).toMatchObject({
      delivered: false,
      reason: 'waiting for the answer to POST https://hooks.example.com/services/*',
    });
    const idle = setup.aws.idle();
    answer({ status: 200 });
    await idle;
    expect(route()).toMatchObject({ delivered: true });
  });

  it('a deleted destination: NO_RESOURCE, not retried', async () => {
    const setup = eventsSetup();
    const dlq = await queue(setup, 'dlq');
    const { arn } = await destination(setup);
    await rule(setup, 'r', [{ Id: 't', Arn: arn, DeadLetterConfig: { Arn: dlq.arn } }]);
    await setup.events.send(new DeleteApiDestinationCommand({ Name: 'slack' }));
    await put(setup, { n: 1 });
    const [message] = await received(setup, dlq.url);
    expect(message!.MessageAttributes!['ERROR_CODE']!.StringValue).toBe('NO_RESOURCE');
  });

  it('aws.reset() leaves no pending retry behind', async () => {
    const setup = eventsSetup();
    const { arn } = await destination(setup);
    setup.aws.events.apiDestination('slack').respond(() => ({ status: 503 }));
    await rule(setup, 'r', [{ Id: 't', Arn: arn }]);
    await put(setup, { n: 1 });
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    setup.aws.reset();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('InvocationRateLimitPerSecond (§14.7)', () => {
  it('calls over the rate wait, in order, for the next second of the mock clock', async () => {
    const setup = eventsSetup();
    const { arn } = await destination(setup, { rate: 2 });
    await rule(setup, 'r', [{ Id: 't', Arn: arn }]);
    for (let n = 1; n <= 5; n++) await put(setup, { n });
    expect(setup.aws.events.apiDestination('slack').calls()).toHaveLength(2);
    expect(setup.aws.events.bus().events()[4]!.routes[0]!.reason).toBe(
      'waiting for the rate limit of slack (2 a second)',
    );
    await run(setup.aws);
    const calls = setup.aws.events.apiDestination('slack').calls();
    expect(calls.map((call) => [call.at.getTime() - START, JSON.parse(call.body).detail.n])).toEqual([
      [0, 1],
      [0, 2],
      [1_000, 3],
      [1_000, 4],
      [2_000, 5],
    ]);
  });
});

describe("respond('loopback') (§14.9)", () => {
  async function server() {
    const requests: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
    const http = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        requests.push({ method: request.method!, url: request.url!, headers: request.headers, body });
        response.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    return { requests, endpoint: `http://127.0.0.1:${port}/hook`, close: () => new Promise((r) => http.close(r)) };
  }

  it('calls a loopback endpoint for real only after the test opts in', async () => {
    vi.useRealTimers();
    const local = await server();
    try {
      const setup = eventsSetup();
      const { arn } = await destination(setup, { endpoint: local.endpoint });
      await rule(setup, 'r', [{ Id: 't', Arn: arn, HttpParameters: { HeaderParameters: { 'X-Team': 'shop' } } }]);
      await put(setup, { n: 1 });
      await setup.aws.idle();
      expect(local.requests).toEqual([]);
      setup.aws.events.apiDestination('slack').respond('loopback');
      await put(setup, { n: 2 });
      await setup.aws.idle();
      expect(local.requests).toEqual([
        expect.objectContaining({
          method: 'POST',
          url: '/hook',
          headers: expect.objectContaining({ 'x-team': 'shop' }),
        }),
      ]);
      expect(JSON.parse(local.requests[0]!.body)).toMatchObject({ detail: { n: 2 } });
      expect(setup.aws.events.apiDestination('slack').calls()[1]).toMatchObject({ status: 201, delivered: true });
    } finally {
      await local.close();
    }
  });

  it('an endpoint off loopback is still answered by the mock', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    try {
      const setup = eventsSetup();
      const { arn } = await destination(setup);
      setup.aws.events.apiDestination('slack').respond('loopback');
      await rule(setup, 'r', [{ Id: 't', Arn: arn }]);
      await put(setup, { n: 1 });
      expect(setup.aws.events.apiDestination('slack').calls()).toEqual([expect.objectContaining({ status: 200 })]);
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      fetch.mockRestore();
    }
  });
});

it('PutTargets holds a target HttpParameters to the model (Emulation: the path names the map)', async () => {
  const setup = eventsSetup();
  const { arn } = await destination(setup);
  const error = await setup.events
    .send(
      new PutTargetsCommand({
        Rule: 'r',
        Targets: [{ Id: 't', Arn: arn, HttpParameters: { HeaderParameters: { 'Bad Header': 'x\ny' } } }],
      }),
    )
    .catch((thrown: Error) => thrown);
  expect(error).toMatchObject({
    name: 'ValidationException',
    message:
      "2 validation errors detected: Value 'Bad Header' at 'targets.1.member.httpParameters.headerParameters' " +
      "failed to satisfy constraint: Member must satisfy regular expression pattern: ^[!#$%&'*+-.^_`|~0-9a-zA-Z]+$; " +
      "Value 'x\ny' at 'targets.1.member.httpParameters.headerParameters' failed to satisfy constraint: Member must " +
      'satisfy regular expression pattern: ^[ \\t]*[\\x20-\\x7E]+([ \\t]+[\\x20-\\x7E]+)*[ \\t]*$',
  });
});
