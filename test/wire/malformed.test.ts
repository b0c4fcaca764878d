import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type MockServer } from '../../src/server/index.js';

/** Bad input over the wire answers the protocol's error and never stops the server (docs/aws-behaviour/wire.md §12). */
let server: MockServer;
beforeAll(async () => {
  server = await startServer({ port: 0 });
});
afterAll(() => server.close());

const post = (path: string, body: string | Uint8Array, headers: Record<string, string> = {}) =>
  fetch(`${server.endpoint}${path}`, { method: 'POST', body, headers });

describe('malformed requests', () => {
  it('answers JSON that does not parse with a SerializationException and the query header', async () => {
    const response = await post('/', '{"QueueName":', {
      'x-amz-target': 'AmazonSQS.CreateQueue',
      'content-type': 'application/x-amz-json-1.0',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-amzn-query-error')).toBe('SerializationException;Sender');
    expect(response.headers.get('x-amzn-requestid')).toBeTruthy();
    expect(await response.json()).toMatchObject({ __type: 'com.amazonaws.sqs#SerializationException' });
  });

  it('answers an EventBridge or Scheduler member of the wrong JSON type with a SerializationException', async () => {
    const events = { 'x-amz-target': 'AWSEvents.CreateEventBus', 'content-type': 'application/x-amz-json-1.1' };
    const response = await post('/', '{"Name":5}', events);
    expect(response.status).toBe(400);
    expect(response.headers.get('x-amzn-query-error')).toBeNull();
    expect(await response.json()).toEqual({
      __type: 'SerializationException',
      message: "Unexpected value type at 'Name': expected a string.",
    });
    const pattern = await post('/', '{"EventPattern":{"source":["a"]},"Event":"{}"}', {
      ...events,
      'x-amz-target': 'AWSEvents.TestEventPattern',
    });
    expect(pattern.status).toBe(400);
    expect(await pattern.json()).toMatchObject({ message: 'Start of structure or map found where not expected.' });
    const schedule = await post('/schedules/s', '{"ScheduleExpression":"rate(1 minute)","Target":[]}', {
      'content-type': 'application/json',
    });
    expect(schedule.status).toBe(400);
    expect(schedule.headers.get('x-amzn-errortype')).toBe('SerializationException');
    expect(await schedule.json()).toEqual({ Message: 'Start of list found where not expected.' });
  });

  it('answers a query form without Action with an XML error, and an unroutable request with JSON', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const missing = await post('/', 'Version=2012-11-05&QueueName=q', form);
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('<Code>MissingAction</Code>');
    const unknown = await post('/', 'nothing', { 'content-type': 'text/plain' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ __type: 'UnknownOperationException' });
  });

  it('answers the query protocol with XML-escaped values and a GET with the queue in its path', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    await post('/', 'Action=CreateQueue&Version=2012-11-05&QueueName=paths', form);
    const sent = await post(
      '/000000000000/paths',
      `Action=SendMessage&Version=2012-11-05&MessageBody=${encodeURIComponent('a\r\n<&>')}`,
      form,
    );
    expect(await sent.text()).toMatch(
      /<SendMessageResponse xmlns="http:\/\/queue\.amazonaws\.com\/doc\/2012-11-05\/">/,
    );
    const received = await fetch(`${server.endpoint}/000000000000/paths?Action=ReceiveMessage&Version=2012-11-05`);
    expect(await received.text()).toContain('<Body>a&#xD;\n&lt;&amp;&gt;</Body>');
  });

  it('answers the control routes their errors', async () => {
    expect((await post('/_mock/clock/advance', '{"ms":-1}')).status).toBe(400);
    expect((await post('/_mock/nothing', '')).status).toBe(404);
    const unknown = await fetch(`${server.endpoint}/_mock/journey/abc`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'NotFound' });
  });

  it('refuses a body over the limit and still serves the next request', async () => {
    const response = await post('/', new Uint8Array(9 * 1024 * 1024), { 'x-amz-target': 'AmazonSQS.ListQueues' });
    expect(response.status).toBe(413);
    const next = await post('/', '{}', { 'x-amz-target': 'AmazonSQS.ListQueues' });
    expect(next.status).toBe(200);
  });

  it('survives random bodies on every route', async () => {
    const routes: { path: string; headers: Record<string, string> }[] = [
      { path: '/', headers: { 'x-amz-target': 'AmazonSQS.SendMessage' } },
      { path: '/', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { path: '/2015-03-31/functions/f/invocations', headers: {} },
      { path: '/2015-03-31/event-source-mappings', headers: {} },
      { path: '/', headers: { 'x-amz-target': 'AWSEvents.PutEvents' } },
      { path: '/', headers: { 'x-amz-target': 'AWSEvents.PutRule' } },
      { path: '/schedules/s', headers: {} },
      { path: '/schedule-groups/g', headers: {} },
      { path: '/_mock/clock/advance', headers: {} },
      { path: '/000000000000/q', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.uint8Array({ maxLength: 200 }),
          fc.constantFrom('Action=SendMessage&Version=2012-11-05&QueueUrl=x', 'Action=Publish&Version=2010-03-31'),
        ),
        async (route, body) => {
          const response = await post(route.path, body, route.headers);
          expect(response.status).toBeGreaterThanOrEqual(200);
          expect(response.status).toBeLessThan(600);
          expect(response.status).not.toBe(500);
          await response.arrayBuffer();
        },
      ),
      { numRuns: Number(process.env['FUZZ_RUNS'] ?? 100) },
    );
    const alive = await post('/', '{}', { 'x-amz-target': 'AmazonSQS.ListQueues' });
    expect(alive.status).toBe(200);
  });
});
