import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { serveArguments } from '../../src/server/serve-arguments.js';
import { startServeChild } from './clients/serve-child.js';

const CLI = fileURLToPath(new URL('../../src/server/cli.ts', import.meta.url));

const TEMPLATE = `
Parameters:
  QueueName: { Type: String }
Resources:
  Orders:
    Type: AWS::SQS::Queue
    Properties: { QueueName: !Ref QueueName, VisibilityTimeout: 30 }
  Greeter:
    Type: AWS::Lambda::Function
    Properties: { FunctionName: greeter, Runtime: nodejs20.x, Handler: index.handler, Role: arn:aws:iam::000000000000:role/r, Code: { ZipFile: x } }
`;

const HANDLERS = `export const Greeter = async (event) => ({ hello: event.name });\n`;

describe('npx sqs-sns-mock serve', () => {
  it('provisions a template with parameters and functions, serves it, and exits 0 on SIGTERM', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'serve-'));
    await writeFile(join(dir, 'stack.yaml'), TEMPLATE);
    await writeFile(join(dir, 'handlers.mjs'), HANDLERS);
    const { endpoint, control, stop } = await startServeChild([
      '--template',
      join(dir, 'stack.yaml'),
      '--parameters',
      'QueueName=orders',
      '--functions',
      join(dir, 'handlers.mjs'),
    ]);
    expect(endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const credentials = { accessKeyId: 'x', secretAccessKey: 'x' };
    const sqs = new SQSClient({ endpoint, region: 'us-east-1', credentials });
    const QueueUrl = `${endpoint}/000000000000/orders`;
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'hi' }));
    expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl }))).Messages).toHaveLength(1);
    await control.advance(30_000);
    expect((await control.state()).queues[0]!.messages.visible).toBe(1);
    const lambda = new LambdaClient({ endpoint, region: 'us-east-1', credentials });
    const invoked = await lambda.send(new InvokeCommand({ FunctionName: 'greeter', Payload: '{"name":"ada"}' }));
    expect(JSON.parse(new TextDecoder().decode(invoked.Payload))).toEqual({ hello: 'ada' });
    sqs.destroy();
    lambda.destroy();
    expect(await stop()).toBe(0);
  }, 60_000);

  it('takes --stack-name, --account-id, --region and --seed, and a reset provisions the stack again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'serve-'));
    await writeFile(join(dir, 'stack.yaml'), 'Resources:\n  Orders:\n    Type: AWS::SQS::Queue\n');
    const args = ['--template', join(dir, 'stack.yaml'), '--stack-name', 'orders', '--seed', '7'];
    const { control, stop } = await startServeChild([...args, '--account-id', '123456789012', '--region', 'eu-west-1']);
    const [stack] = await control.stacks();
    expect(stack!.name).toBe('orders');
    expect(stack!.resources['Orders']!.arn).toMatch(/^arn:aws:sqs:eu-west-1:123456789012:orders-Orders-[A-Z0-9]{12}$/);
    await control.reset();
    expect(await control.stacks()).toEqual([stack]);
    expect(await stop()).toBe(0);
  }, 60_000);

  it('exits 0 on a SIGTERM sent as soon as the listening line is read', async () => {
    // The signal races the line: three starts, each stopped the moment its line arrives.
    for (let run = 0; run < 3; run++) {
      const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--port', '0'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise<number | string | null>((resolve) =>
        child.once('exit', (code, signal) => resolve(code ?? signal)),
      );
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('listening on')) child.kill('SIGTERM');
      });
      expect(await exited).toBe(0);
    }
  }, 60_000);

  it('says what it does with --help', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--help'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    expect(stdout).toContain('--template');
    expect(stdout).toContain('UNSAFE');
    expect(stdout).toContain('--headers-timeout <ms>');
    expect(stdout).toContain('--request-timeout <ms>');
    // Every service the server answers is named (it once named five of seven).
    for (const service of ['SQS', 'SNS', 'Lambda', 'EventBridge (', 'Scheduler', 'S3', 'Step Functions'])
      expect(stdout).toContain(service);
  }, 60_000);

  it('passes --headers-timeout and --request-timeout to the server, which cuts a stalled client with a 408', async () => {
    const { endpoint, stop } = await startServeChild(['--headers-timeout', '150', '--request-timeout', '300']);
    const { hostname, port } = new URL(endpoint);
    const slow = connect({ host: hostname, port: Number(port), allowHalfOpen: true });
    let received = '';
    slow.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const closed = new Promise<string>((resolve) => {
      slow.once('end', () => resolve('cut'));
      slow.once('close', () => resolve('cut'));
    });
    slow.write('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Amz-Tar');
    // The server's own 150 ms timer ends the wait (Node may also just close the socket). The guard only tells a
    // flag that never arrived (the default 20 s, checked every 5 s) from one that did, by a wide margin.
    let guard: NodeJS.Timeout | undefined;
    const defaultKept = new Promise<string>((resolve) => (guard = setTimeout(() => resolve('default kept'), 10_000)));
    expect(await Promise.race([closed, defaultKept])).toBe('cut');
    clearTimeout(guard);
    slow.destroy();
    expect(received).toMatch(/^(HTTP\/1\.1 408 Request Timeout\r\n[^]*)?$/);
    expect(await stop()).toBe(0);
  }, 60_000);

  it('exits 1 naming the flag when a timeout is not a number of milliseconds', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--port', '0', '--request-timeout', '1s'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('sqs-sns-mock: --request-timeout 1s is not a number of milliseconds');
  }, 60_000);
});

describe("serve's command line", () => {
  it('reads the timeouts as startServer options, absent when not given', () => {
    const asked = serveArguments(['serve', '--headers-timeout', '5000', '--request-timeout', '9000']);
    expect(asked).toMatchObject({ help: false, server: { headersTimeout: 5000, requestTimeout: 9000 } });
    const plain = serveArguments(['serve']);
    expect(plain).toEqual({
      help: false,
      server: { port: 4566, host: '127.0.0.1', clock: 'manual' },
      template: undefined,
      parameters: [],
      functions: undefined,
    });
  });

  it.each(['0', '-1', '1.5', 'abc', '', ' ', '2147483648'])('refuses a timeout of %j', (value) => {
    expect(() => serveArguments(['serve', `--headers-timeout=${value}`])).toThrow(
      `--headers-timeout ${value} is not a number of milliseconds from 1 to 2147483647`,
    );
    expect(() => serveArguments(['serve', `--request-timeout=${value}`])).toThrow('--request-timeout');
  });

  it('takes the largest timeout Node can wait', () => {
    expect(serveArguments(['serve', '--request-timeout', '2147483647'])).toMatchObject({
      server: { requestTimeout: 2147483647 },
    });
  });

  it('reads the account and the stack name', () => {
    const asked = serveArguments([
      'serve',
      '--template',
      'stack.yaml',
      '--stack-name',
      'orders',
      '--account-id',
      '123456789012',
      '--region',
      'eu-west-1',
      '--seed',
      '7',
    ]);
    expect(asked).toMatchObject({
      server: { accountId: '123456789012', region: 'eu-west-1', seed: 7 },
      template: 'stack.yaml',
      stackName: 'orders',
    });
  });

  it.each([
    [['--account-id', '12345'], '--account-id 12345 is not an account id (12 digits)'],
    [['--region', 'Europe'], '--region Europe is not a region name'],
    [['--seed', 'seven'], '--seed seven is not a number'],
    [['--seed', ''], '--seed  is not a number'],
    [['--stack-name', 'orders'], "--stack-name names the --template's stack: give a --template"],
  ])('refuses %j', (args, message) => {
    expect(() => serveArguments(['serve', ...args])).toThrow(message);
  });

  it('asks for the help text with --help (exit 0) or without the serve command (exit 2)', () => {
    expect(serveArguments(['--help'])).toEqual({ help: true, exitCode: 0 });
    expect(serveArguments([])).toEqual({ help: true, exitCode: 2 });
  });
});
