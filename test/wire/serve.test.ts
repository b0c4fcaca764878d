import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
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

  it('says what it does with --help', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--help'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    expect(stdout).toContain('--template');
    expect(stdout).toContain('UNSAFE');
  }, 60_000);
});
