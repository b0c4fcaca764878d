import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type MockServer } from '../../src/server/index.js';

/** CORS for the SDKs in a browser (docs/aws-behaviour/wire.md §12.3): off by default, then by origin. */
let server: MockServer | undefined;
afterEach(() => server?.close());

const preflight = (endpoint: string, origin: string) =>
  fetch(`${endpoint}/`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'x-amz-target, x-custom',
    },
  });

const listQueues = (endpoint: string, origin: string) =>
  fetch(`${endpoint}/`, {
    method: 'POST',
    headers: { origin, 'x-amz-target': 'AmazonSQS.GetQueueUrl', 'content-type': 'application/x-amz-json-1.0' },
    body: '{"QueueName":"missing"}',
  });

describe('CORS', () => {
  it('answers a preflight from a page on this machine, and exposes the headers the SDK reads', async () => {
    server = await startServer({ cors: true });
    const answered = await preflight(server.endpoint, 'http://localhost:3000');
    expect(answered.status).toBe(204);
    expect(answered.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(answered.headers.get('access-control-allow-methods')).toContain('POST');
    expect(answered.headers.get('access-control-allow-headers')).toContain('x-amz-target');
    expect(answered.headers.get('access-control-allow-headers')).toContain('x-custom');
    const failed = await listQueues(server.endpoint, 'http://127.0.0.1:5173');
    expect(failed.status).toBe(400);
    expect(failed.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(failed.headers.get('access-control-expose-headers')).toContain('x-amzn-query-error');
  });

  it('gives no CORS headers to another origin, nor to anyone when off', async () => {
    server = await startServer({ cors: true });
    const elsewhere = await preflight(server.endpoint, 'https://example.com');
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
    expect(
      (await listQueues(server.endpoint, 'https://example.com')).headers.get('access-control-allow-origin'),
    ).toBeNull();
    await server.close();

    server = await startServer();
    expect(
      (await preflight(server.endpoint, 'http://localhost:3000')).headers.get('access-control-allow-origin'),
    ).toBeNull();
    await server.close();

    server = await startServer({ cors: ['https://app.example'] });
    expect((await preflight(server.endpoint, 'https://app.example')).status).toBe(204);
    expect(
      (await preflight(server.endpoint, 'http://localhost:3000')).headers.get('access-control-allow-origin'),
    ).toBeNull();
  });
});

/** A request a web page makes without a preflight: a form post, or `fetch` with a `text/plain` body. */
const simple = (endpoint: string, path: string, body: string, headers: Record<string, string>) =>
  fetch(`${endpoint}${path}`, { method: 'POST', body, headers: { 'content-type': 'text/plain', ...headers } });

const createQueueForm = 'Action=CreateQueue&Version=2012-11-05&QueueName=from-a-page';
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe("a web page's requests (docs/aws-behaviour/wire.md §12.4)", () => {
  it('change nothing from an origin that is not allowed, CORS off: 403 before acting, on every route', async () => {
    server = await startServer();
    const { endpoint } = server;
    await simple(endpoint, '/', 'Action=CreateQueue&Version=2012-11-05&QueueName=kept', form);
    const queuesBefore = server.aws.sqs.queues().map((queue) => queue.name);
    expect(queuesBefore).toEqual(['kept']);
    const refused = await simple(endpoint, '/', createQueueForm, { ...form, origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(await refused.json()).toMatchObject({ __type: 'OriginNotAllowed' });
    // The same form without a preflight from a page whose Origin is hidden: its Referer, or Sec-Fetch-Site.
    expect((await simple(endpoint, '/', createQueueForm, { ...form, referer: 'https://evil.example/x' })).status).toBe(
      403,
    );
    expect((await simple(endpoint, '/', createQueueForm, { ...form, 'sec-fetch-site': 'cross-site' })).status).toBe(
      403,
    );
    const sent = 'Action=SendMessage&Version=2012-11-05&QueueUrl=/000000000000/kept&MessageBody=x';
    expect((await simple(endpoint, '/', sent, { ...form, origin: 'null' })).status).toBe(403);
    expect((await simple(endpoint, '/_mock/reset', '', { origin: 'https://evil.example' })).status).toBe(403);
    const advance = await simple(endpoint, '/_mock/clock/advance', '{"ms":1000}', { origin: 'http://localhost:3000' });
    expect(advance.status).toBe(403);
    const invoke = await simple(endpoint, '/2015-03-31/functions/f/invocations', '{}', { origin: 'https://a.example' });
    expect(invoke.status).toBe(403);
    expect((await preflight(endpoint, 'https://evil.example')).status).toBe(403);
    expect(server.aws.sqs.queues().map((queue) => queue.name)).toEqual(queuesBefore);
    expect(server.aws.sqs.queue('kept').counts()).toMatchObject({ visible: 0 });

    // SDKs, the CLI and curl send none of these headers, and a browser's own navigation says `none`.
    const created = await simple(endpoint, '/', createQueueForm, { ...form, 'sec-fetch-site': 'none' });
    expect(created.status).toBe(200);
    expect(server.aws.sqs.queues().map((queue) => queue.name)).toContain('from-a-page');
  });

  it('act from the origins `cors` allows, and stay refused from the others', async () => {
    server = await startServer({ cors: true });
    const local = await simple(server.endpoint, '/', createQueueForm, { ...form, origin: 'http://localhost:3000' });
    expect(local.status).toBe(200);
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const elsewhere = await simple(server.endpoint, '/_mock/reset', '', { origin: 'https://evil.example' });
    expect(elsewhere.status).toBe(403);
    expect(server.aws.sqs.queues()).toHaveLength(1);
    await server.close();

    server = await startServer({ cors: ['https://app.example'] });
    expect(
      (await simple(server.endpoint, '/', createQueueForm, { ...form, origin: 'https://app.example' })).status,
    ).toBe(200);
    const local2 = await simple(server.endpoint, '/_mock/reset', '', { referer: 'http://localhost:3000/page' });
    expect(local2.status).toBe(403);
    expect(server.aws.sqs.queues()).toHaveLength(1);
    await server.close();

    server = await startServer({ cors: ['*'] });
    expect((await simple(server.endpoint, '/_mock/reset', '', { 'sec-fetch-site': 'cross-site' })).status).toBe(200);
  });
});
