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
