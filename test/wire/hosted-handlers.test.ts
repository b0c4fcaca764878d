import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import {
  QueueDoesNotExist,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
  type Message,
} from '@aws-sdk/client-sqs';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/nested-clients/sts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { controlClient, startServer, type ControlClient, type MockServer } from '../../src/server/index.js';

/**
 * The handlers a server runs are answered in process (docs/aws-behaviour/wire.md §14.7, §14.8, §14.9): their clients
 * are made at module scope, as every handler's are, with no endpoint, credentials or region of their own, and the
 * server here is started in the test's process (test/wire/hosted-scenario.test.ts spawns it as a user would).
 */
const sns = new SNSClient({});
const sqs = new SQSClient({});
const sts = new STSClient({});

const TEMPLATE = `
Resources:
  Orders: { Type: AWS::SQS::Queue, Properties: { VisibilityTimeout: 900 } }
  Audit: { Type: AWS::SQS::Queue }
  Notifications: { Type: AWS::SQS::Queue }
  Shipped: { Type: AWS::SNS::Topic }
  NotifiedOfShipping:
    Type: AWS::SNS::Subscription
    Properties: { TopicArn: !Ref Shipped, Protocol: sqs, Endpoint: !GetAtt Notifications.Arn, RawMessageDelivery: true }
  Worker:
    Type: AWS::Lambda::Function
    Properties:
      Runtime: nodejs20.x
      Handler: index.worker
      Timeout: 900
      Role: arn:aws:iam::000000000000:role/worker
      Code: { ZipFile: x }
      Environment: { Variables: { TOPIC_ARN: !Ref Shipped, AUDIT_URL: !Ref Audit } }
  WorkerReadsOrders:
    Type: AWS::Lambda::EventSourceMapping
    Properties: { FunctionName: !Ref Worker, EventSourceArn: !GetAtt Orders.Arn }
  Stranger:
    Type: AWS::Lambda::Function
    Properties: { FunctionName: stranger, Runtime: nodejs20.x, Handler: index.stranger, Role: arn:aws:iam::000000000000:role/s, Code: { ZipFile: x } }
  Ticker:
    Type: AWS::Lambda::Function
    Properties: { FunctionName: ticker, Runtime: nodejs20.x, Handler: index.ticker, Role: arn:aws:iam::000000000000:role/t, Timeout: 60, Code: { ZipFile: x } }
  Thrower:
    Type: AWS::Lambda::Function
    Properties: { FunctionName: thrower, Runtime: nodejs20.x, Handler: index.thrower, Role: arn:aws:iam::000000000000:role/t, Timeout: 60, Code: { ZipFile: x } }
  Neighbour:
    Type: AWS::Lambda::Function
    Properties: { FunctionName: neighbour, Runtime: nodejs20.x, Handler: index.neighbour, Role: arn:aws:iam::000000000000:role/n, Code: { ZipFile: x } }
  Checker:
    Type: AWS::Lambda::Function
    Properties: { FunctionName: checker, Runtime: nodejs20.x, Handler: index.checker, Role: arn:aws:iam::000000000000:role/c, Code: { ZipFile: x } }
`;

/** The worker: waits `delay` ms of its own time, then publishes the order with the time it handled it. */
async function worker(event: { Records: { body: string }[] }): Promise<void> {
  for (const record of event.Records) {
    const order = JSON.parse(record.body) as { id: string; delay?: number };
    if (order.delay) await new Promise((resolve) => setTimeout(resolve, order.delay));
    const handledAt = new Date().toISOString();
    await sns.send(
      new PublishCommand({ TopicArn: process.env['TOPIC_ARN'], Message: JSON.stringify({ ...order, handledAt }) }),
    );
    // The template's Ref: an sqs.<region>.amazonaws.com URL, answered as it is.
    await sqs.send(new SendMessageCommand({ QueueUrl: process.env['AUDIT_URL'], MessageBody: order.id }));
  }
}

/** A function whose code calls a service the emulation does not have. */
async function stranger(): Promise<string> {
  await sts.send(new AssumeRoleCommand({ RoleArn: 'arn:aws:iam::000000000000:role/x', RoleSessionName: 's' }));
  return 'answered';
}

/** A client of a service the server does not have, given an endpoint of its own: a local stand-in for it. */
let neighbourEndpoint = '';
async function neighbour(): Promise<string> {
  const own = new STSClient({ endpoint: neighbourEndpoint, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
  const error = await own
    .send(new AssumeRoleCommand({ RoleArn: 'arn:aws:iam::000000000000:role/x', RoleSessionName: 's' }))
    .catch((thrown: unknown) => thrown as Error);
  own.destroy();
  return error instanceof Error ? error.name : 'answered';
}

/** An interval ticking each second of the clock, stopped after 3 ticks; a timeout cleared before it fires. */
async function ticker(): Promise<object> {
  const start = Date.now();
  const never = setTimeout(() => {
    throw new Error('cleared, never fires');
  }, 1000);
  clearTimeout(never);
  const byNumber = setTimeout(() => {
    throw new Error('cleared by its number, never fires');
  }, 1000);
  clearTimeout(Number(byNumber));
  const ticks = await new Promise<number[]>((resolve) => {
    const at: number[] = [];
    const interval = setInterval(() => {
      at.push(Date.now() - start);
      if (at.length === 3) {
        clearInterval(interval);
        resolve(at);
      }
    }, 1000);
  });
  const refreshed = await new Promise<number>((resolve) => {
    const timer = setTimeout(() => resolve(Date.now() - start), 1000);
    setTimeout(() => timer.refresh(), 500);
  });
  return { ticks, refreshed, hasRef: typeof never.hasRef === 'function' && !never.hasRef() };
}

/** A timer's callback that throws: the invocation's uncaught exception, as in Node. */
async function thrower(): Promise<void> {
  setTimeout(() => {
    throw new Error('thrown from a timer');
  }, 1000);
  await new Promise(() => undefined);
}

/** What the handler's code sees of time and of an error the emulation answers. */
async function checker(): Promise<object> {
  const missing = await sqs
    .send(
      new SendMessageCommand({ QueueUrl: 'https://sqs.us-east-1.amazonaws.com/000000000000/nope', MessageBody: 'x' }),
    )
    .catch((error: unknown) => error);
  return {
    now: Date.now(),
    date: new Date().getTime(),
    text: Date(),
    isDate: new Date() instanceof Date,
    queueDoesNotExist: missing instanceof QueueDoesNotExist,
  };
}

const credentials = { accessKeyId: 'x', secretAccessKey: 'x' };
let server: MockServer;
let control: ControlClient;
let wire: { sqs: SQSClient; lambda: LambdaClient };

beforeEach(async () => {
  server = await startServer({
    template: TEMPLATE,
    stackName: 'shop',
    functions: {
      Worker: worker,
      Stranger: stranger,
      Checker: checker,
      Ticker: ticker,
      Thrower: thrower,
      Neighbour: neighbour,
    },
  });
  control = controlClient(server.endpoint);
  const options = { endpoint: server.endpoint, region: 'us-east-1', credentials };
  wire = { sqs: new SQSClient(options), lambda: new LambdaClient(options) };
});
afterEach(async () => {
  wire.sqs.destroy();
  wire.lambda.destroy();
  await server.close();
});

async function urlOf(logicalId: string): Promise<string> {
  const [stack] = await control.stacks();
  return stack!.resources[logicalId]!.url!;
}

async function receiveAll(url: string): Promise<Message[]> {
  const { Messages = [] } = await wire.sqs.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10 }));
  return Messages;
}

async function invoke(name: string): Promise<{ FunctionError?: string; payload: Record<string, unknown> }> {
  const { Payload, FunctionError } = await wire.lambda.send(new InvokeCommand({ FunctionName: name }));
  return { FunctionError, payload: JSON.parse(new TextDecoder().decode(Payload)) as Record<string, unknown> };
}

describe('a handler the server runs (wire.md §14.7)', () => {
  it('publishes and sends through its module-scope clients, answered by the server, the template URL included', async () => {
    const day = 24 * 60 * 60 * 1000;
    await control.advance(day);
    await wire.sqs.send(new SendMessageCommand({ QueueUrl: await urlOf('Orders'), MessageBody: '{"id":"o-1"}' }));
    const { now } = await control.runUntilIdle();

    const [notification] = await receiveAll(await urlOf('Notifications'));
    // handledAt is the server's clock, a day ahead of the wall time (wire.md §14.8).
    expect(JSON.parse(notification!.Body!)).toEqual({ id: 'o-1', handledAt: new Date(now).toISOString() });
    expect(now - Date.now()).toBeGreaterThan(day - 60_000);
    expect((await receiveAll(await urlOf('Audit'))).map((message) => message.Body)).toEqual(['o-1']);
  });

  it("answers an error of the handler's own copy of the SDK, and shows it the server's clock", async () => {
    const { now } = await control.advance(60 * 60 * 1000);
    const { FunctionError, payload } = await invoke('checker');
    expect(FunctionError).toBeUndefined();
    expect(payload).toEqual({
      now,
      date: now,
      text: new Date(now).toString(),
      isDate: true,
      queueDoesNotExist: true,
    });
  });

  it('fails a call to a service that is not emulated at once, naming it', async () => {
    const { FunctionError, payload } = await invoke('stranger');
    expect(FunctionError).toBe('Unhandled');
    expect(payload['errorType']).toBe('ServiceNotEmulatedError');
    expect(payload['errorMessage']).toMatch(
      /^sqs-sns-mock: AssumeRoleCommand of STSClient in function "stranger" \(request [0-9a-f-]{36}\) was not answered: STS is not emulated\./,
    );
  });

  it('sends a client of another service given an endpoint of its own to that endpoint', async () => {
    const bodies: string[] = [];
    const standIn = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        bodies.push(body);
        res.writeHead(403, { 'content-type': 'text/xml' });
        res.end('<ErrorResponse><Error><Type>Sender</Type><Code>AccessDenied</Code></Error></ErrorResponse>');
      });
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    neighbourEndpoint = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
    try {
      const { FunctionError, payload } = await invoke('neighbour');
      expect(FunctionError).toBeUndefined();
      expect(payload as unknown).toBe('AccessDenied');
      expect(bodies[0]).toMatch(/^Action=AssumeRole&/);
    } finally {
      await new Promise((resolve) => standIn.close(resolve));
    }
  });
});

describe("a handler's timers on the server's clock (wire.md §14.8)", () => {
  it('waits on the clock: runUntilIdle moves to its timer, and its time is the clock at the end of the wait', async () => {
    const start = (await control.state()).now;
    await wire.sqs.send(
      new SendMessageCommand({ QueueUrl: await urlOf('Orders'), MessageBody: '{"id":"o-2","delay":600000}' }),
    );
    const { now } = await control.runUntilIdle();
    const [notification] = await receiveAll(await urlOf('Notifications'));
    const { handledAt } = JSON.parse(notification!.Body!) as { handledAt: string };
    expect(Date.parse(handledAt) - start).toBe(600_000);
    expect(now).toBeGreaterThanOrEqual(Date.parse(handledAt));
  });

  it('runs intervals, clears timeouts (by handle or number) and refreshes them on the clock', async () => {
    await wire.lambda.send(new InvokeCommand({ FunctionName: 'ticker', InvocationType: 'Event' }));
    await control.runUntilIdle();
    const [invocation] = server.aws.lambda.function('ticker').invocations();
    expect(invocation).toMatchObject({
      outcome: 'success',
      result: { ticks: [1000, 2000, 3000], refreshed: 4500, hasRef: true },
    });
  });

  it("fails the invocation with an error a timer's callback throws, and keeps serving", async () => {
    await wire.lambda.send(new InvokeCommand({ FunctionName: 'thrower', InvocationType: 'Event' }));
    await control.runUntilIdle();
    const [invocation] = server.aws.lambda.function('thrower').invocations();
    expect(invocation).toMatchObject({ outcome: 'error', error: { errorMessage: 'thrown from a timer' } });
    expect((await invoke('checker')).payload['queueDoesNotExist']).toBe(true);
  });

  it('leaves Date and the timers of code outside invocations as they are', async () => {
    await control.advance(24 * 60 * 60 * 1000);
    expect(Math.abs(Date.now() - new Date().getTime())).toBeLessThan(1000);
    expect(Math.abs(Date.now() - (await control.state()).now)).toBeGreaterThan(60_000);
    await new Promise((resolve) => setTimeout(resolve, 1));
  });
});
