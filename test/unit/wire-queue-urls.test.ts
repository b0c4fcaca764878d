import { afterEach, describe, expect, it, vi } from 'vitest';
import { hostAndPath, incomingQueueUrl, outgoingQueueUrls } from '../../src/services/sqs/wire-addresses.js';

/** What the URL parser reads of a URL, as the server read every QueueUrl before its fast path. */
function parsed(url: string): { hostname: string; pathname: string } | undefined {
  try {
    const { hostname, pathname } = new URL(url);
    return { hostname, pathname };
  } catch {
    return undefined;
  }
}

const URLS = [
  'http://127.0.0.1:4566/000000000000/q',
  'http://localhost:4566/000000000000/orders.fifo',
  'http://LocalHost:4566/000000000000/Q_1-x',
  'https://sqs.us-east-1.amazonaws.com/123456789012/q',
  'http://SQS.EU-WEST-1.AMAZONAWS.COM/123456789012/q',
  'http://sqs.us-east-1.localhost.localstack.cloud:4566/000000000000/q',
  'http://127.0.0.1:4566/queue/eu-west-1/000000000000/q',
  'http://host/a',
  'http://999.0.0.1:4566/000000000000/q',
  'http://010.0.0.1/000000000000/q',
  'http://127.1/000000000000/q',
  'http://0x7f.0.0.1/000000000000/q',
  'http://a.0x1/000000000000/q',
  'http://a.1/000000000000/q',
  'http://1.2.3.a/000000000000/q',
  'http://-a-.b/000000000000/q',
  'http://a..b/000000000000/q',
  'http://xn--abc/000000000000/q',
  'http://xn--nxasmq6b.com/000000000000/q',
  'http://host:99999/000000000000/q',
  'http://host:65535/000000000000/q',
  'http://host:65536/000000000000/q',
  'http://127.0.0.1:44123/000000000000/q',
  'http://host:00000/000000000000/q',
  'http://host:/000000000000/q',
  'http://host:0080/000000000000/q',
  'http://host/./000000000000/q',
  'http://host/x/../000000000000/q',
  'http://host/000000000000/q.',
  'http://host/000000000000/..q',
  'http://host/000000000000/q/',
  'http://host/000000000000/q%2Ffoo',
  'http://host/000000000000/q?x=1',
  'http://host/000000000000/q#x',
  'http://user@host/000000000000/q',
  'http://host',
  'http://host/',
  'http:///000000000000/q',
  'http://ho st/000000000000/q',
  'http://host\\000000000000\\q',
  'HTTP://HOST/000000000000/q',
  'https://host.example./000000000000/q',
];

describe('queue URLs read without the URL parser', () => {
  it.each(URLS)('%s reads as the URL parser reads it', (url) => {
    const read = hostAndPath(url);
    expect(read && { hostname: read.hostname, pathname: read.pathname }).toEqual(parsed(url));
  });

  afterEach(() => vi.restoreAllMocks());

  it('reads the URLs the server answers without the parser, the costlier way', () => {
    const parser = vi.spyOn(globalThis, 'URL');
    expect(hostAndPath('http://127.0.0.1:44123/000000000000/q')?.pathname).toBe('/000000000000/q');
    expect(hostAndPath('http://localhost:4566/queue/eu-west-1/000000000000/q.fifo')?.hostname).toBe('localhost');
    expect(parser).not.toHaveBeenCalled();
    hostAndPath('http://host/x/../000000000000/q');
    expect(parser).toHaveBeenCalledOnce();
  });
});

describe('queue URL rewrites remembered', () => {
  const wire = 'http://127.0.0.1:4566/000000000000/q';

  it('reads a URL anew in each region it is sent to, the same every time', () => {
    for (let round = 0; round < 2; round++) {
      expect(incomingQueueUrl({ QueueUrl: wire }, 'us-east-1').QueueUrl).toBe(
        'https://sqs.us-east-1.amazonaws.com/000000000000/q',
      );
      expect(incomingQueueUrl({ QueueUrl: wire }, 'cn-north-1').QueueUrl).toBe(
        'https://sqs.cn-north-1.amazonaws.com.cn/000000000000/q',
      );
    }
    const input = { QueueUrl: 'https://sqs.eu-west-1.amazonaws.com/000000000000/q', MessageBody: 'x' };
    expect(incomingQueueUrl(input, 'us-east-1')).toBe(input);
    expect(incomingQueueUrl(input, 'us-east-1')).toBe(input);
  });

  it('answers a URL for the host and default region of each request, the same every time', () => {
    const aws = 'https://sqs.eu-west-1.amazonaws.com/000000000000/q';
    for (let round = 0; round < 2; round++) {
      expect(outgoingQueueUrls({ QueueUrl: aws }, 'localhost:1', 'eu-west-1').QueueUrl).toBe(
        'http://localhost:1/000000000000/q',
      );
      expect(outgoingQueueUrls({ QueueUrl: aws }, 'localhost:2', 'eu-west-1').QueueUrl).toBe(
        'http://localhost:2/000000000000/q',
      );
      expect(outgoingQueueUrls({ QueueUrls: [aws] }, 'localhost:1', 'us-east-1').QueueUrls).toEqual([
        'http://localhost:1/queue/eu-west-1/000000000000/q',
      ]);
    }
  });

  it('reads on past a full cache', () => {
    for (let i = 0; i < 2500; i++) {
      expect(incomingQueueUrl({ QueueUrl: `http://h:1/000000000000/q${i}` }, 'us-east-1').QueueUrl).toBe(
        `https://sqs.us-east-1.amazonaws.com/000000000000/q${i}`,
      );
    }
  });
});
