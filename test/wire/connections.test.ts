import { connect, type Socket } from 'node:net';
import { CreateQueueCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type MockServer } from '../../src/server/index.js';

/**
 * Slow and half-closed connections (docs/aws-behaviour/wire.md §14.4): each gets the protocol's error or a closed
 * connection, and the server keeps answering everyone else. Raw sockets, since no HTTP client sends half a request.
 */
let server: MockServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.close();
  server = undefined;
});

/** How many receives wait on a queue: read from the model, since the wire shows no such count. */
function waitingOn(mock: MockServer, queue: string): number {
  const model = mock.aws.internals.sqs.backend.findByName(queue, 'us-east-1') as unknown as {
    waiting: { count: number };
  };
  return model.waiting.count;
}

/** Turns of the real event loop until `test` holds: the request is on its way over loopback. */
async function until(test: () => boolean): Promise<void> {
  for (let turns = 0; !test(); turns++) {
    if (turns > 10_000) throw new Error('never happened');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Short timeouts through the option, so a test waits tens of milliseconds rather than Node's minutes. */
async function serve(timeouts?: { headersTimeout: number; requestTimeout: number }): Promise<MockServer> {
  server = await startServer({ port: 0, ...timeouts });
  return server;
}

interface RawClient {
  readonly socket: Socket;
  /** Everything the server sent, once it closed or half-closed the connection. */
  readonly received: Promise<string>;
}

async function open(endpoint: string): Promise<RawClient> {
  const { hostname, port } = new URL(endpoint);
  const socket = connect({ host: hostname, port: Number(port), allowHalfOpen: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  const received = new Promise<string>((resolve) => {
    socket.once('end', () => resolve(text));
    socket.once('close', () => resolve(text));
    socket.once('error', () => resolve(text));
  });
  return { socket, received };
}

const CREATE_QUEUE = '{"QueueName":"slow-lane"}';
function head(contentLength: number, action = 'CreateQueue'): string {
  return [
    'POST / HTTP/1.1',
    'Host: 127.0.0.1',
    'Content-Type: application/x-amz-json-1.0',
    `X-Amz-Target: AmazonSQS.${action}`,
    `Content-Length: ${contentLength}`,
    '',
    '',
  ].join('\r\n');
}

/** A request from a well-behaved client, to show the server still answers. */
async function listQueues(endpoint: string): Promise<number> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'x-amz-target': 'AmazonSQS.ListQueues', 'content-type': 'application/x-amz-json-1.0' },
    body: '{}',
  });
  await response.arrayBuffer();
  return response.status;
}

describe('slow and half-closed connections', () => {
  it('answers other clients while one never finishes its headers, then closes the slow one with a 408', async () => {
    const { endpoint } = await serve({ headersTimeout: 150, requestTimeout: 300 });
    const slow = await open(endpoint);
    slow.socket.write('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Amz-Tar');
    expect(await listQueues(endpoint)).toBe(200);
    expect(await slow.received).toMatch(/^(HTTP\/1\.1 408 Request Timeout\r\n[^]*)?$/);
    expect(await listQueues(endpoint)).toBe(200);
  });

  it('closes a connection whose body stops short of its Content-Length', async () => {
    const { endpoint } = await serve({ headersTimeout: 150, requestTimeout: 300 });
    const silent = await open(endpoint);
    silent.socket.write(head(CREATE_QUEUE.length) + CREATE_QUEUE.slice(0, 10));
    expect(await listQueues(endpoint)).toBe(200);
    expect(await silent.received).toMatch(/^(HTTP\/1\.1 408 Request Timeout\r\n[^]*)?$/);
    expect(await listQueues(endpoint)).toBe(200);
  });

  it('answers a client that half-closes right after a whole request', async () => {
    const { endpoint } = await serve();
    const client = await open(endpoint);
    client.socket.end(head(CREATE_QUEUE.length) + CREATE_QUEUE);
    const answer = await client.received;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toContain('"QueueUrl":"http://127.0.0.1/000000000000/slow-lane"');
    expect(await listQueues(endpoint)).toBe(200);
  });

  it('answers a long poll empty once its client half-closes, leaving no waiter to take the next message', async () => {
    const { endpoint } = await serve();
    const sqs = new SQSClient({
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'half-closed' }));
    const receive = JSON.stringify({ QueueUrl, WaitTimeSeconds: 20 });
    const client = await open(endpoint);
    client.socket.write(head(receive.length, 'ReceiveMessage') + receive);
    await until(() => waitingOn(server!, 'half-closed') === 1);
    client.socket.end();
    const answer = await client.received;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer.endsWith('{}') || answer.endsWith('\r\n2\r\n{}\r\n0\r\n\r\n')).toBe(true);
    expect(waitingOn(server!, 'half-closed')).toBe(0);
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'for the next reader' }));
    const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    expect(Messages?.[0]?.Body).toBe('for the next reader');
    sqs.destroy();
  });

  it('answers 400 or closes when a client half-closes in the middle of its body', async () => {
    const { endpoint } = await serve();
    const client = await open(endpoint);
    client.socket.end(head(CREATE_QUEUE.length) + CREATE_QUEUE.slice(0, 10));
    expect(await client.received).toMatch(/^(HTTP\/1\.1 400 Bad Request\r\n[^]*)?$/);
    expect(await listQueues(endpoint)).toBe(200);
  });

  it('closes promptly with half-sent requests still open', async () => {
    const { endpoint } = await serve();
    const headers = await open(endpoint);
    headers.socket.write('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const body = await open(endpoint);
    body.socket.write(head(CREATE_QUEUE.length) + CREATE_QUEUE.slice(0, 10));
    expect(await listQueues(endpoint)).toBe(200);
    await server!.close();
    server = undefined;
    await Promise.all([headers.received, body.received]);
  });
});
