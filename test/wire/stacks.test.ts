import { readFileSync } from 'node:fs';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetQueueUrlCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, describe, expect, it } from 'vitest';
import { createAwsMock } from '../../src/index.js';
import { controlClient, startServer, type MockServer, type ServerStack } from '../../src/server/index.js';

/** CDK's synthesised orders stack (test/fixtures/templates/cdk-stack.mjs): every name in it is generated. */
const CDK_TEMPLATE = readFileSync(new URL('../fixtures/templates/cdk-stack.template.json', import.meta.url), 'utf8');
const QUEUE = 'OrdersQueue3DFA1D51';
const FUNCTION = 'OrderWorkerA264D295';
const MAPPING = 'OrderWorkerSqsEventSourceOrdersStackOrdersQueue4B2CBE215784045B';

const TEMPLATE = `
Resources:
  Orders:
    Type: AWS::SQS::Queue
  Events:
    Type: AWS::SNS::Topic
  Table:
    Type: AWS::DynamoDB::Table
  Greeter:
    Type: AWS::Lambda::Function
    Properties: { Runtime: nodejs20.x, Handler: index.handler, Role: arn:aws:iam::123456789012:role/r, Code: { ZipFile: x } }
Outputs:
  OrdersUrl: { Value: !Ref Orders }
  TopicArn: { Value: !Ref Events }
`;

const greet = async (event: { name: string }) => ({ hello: event.name });
/** The handlers the templates' functions run, by logical id. */
const functions = { Greeter: greet, [FUNCTION]: async () => undefined };

const credentials = { accessKeyId: 'x', secretAccessKey: 'x' };
const servers: MockServer[] = [];
const clients: { destroy(): void }[] = [];

async function started(options: Parameters<typeof startServer>[0]): Promise<MockServer> {
  const server = await startServer({ ...(options?.template ? { functions } : {}), ...options });
  servers.push(server);
  return server;
}

function client<Client extends { destroy(): void }>(made: Client): Client {
  clients.push(made);
  return made;
}

afterEach(async () => {
  for (const made of clients.splice(0)) made.destroy();
  for (const server of servers.splice(0)) await server.close();
});

/** Each stack's resources as logical id → physical id: what a test holds on to. */
const physicalIds = (stacks: ServerStack[]) =>
  stacks.map((stack) => Object.fromEntries(Object.entries(stack.resources).map(([id, r]) => [id, r.physicalId])));

describe('POST /_mock/reset with a start-up template (wire.md §13.4)', () => {
  it('provisions the template again under the same generated names, without a seed', async () => {
    const server = await started({ template: CDK_TEMPLATE, stackName: 'orders' });
    const control = controlClient(server.endpoint);
    const before = await control.stacks();
    expect(before.map((stack) => stack.name)).toEqual(['orders']);
    const queueUrl = before[0]!.resources[QUEUE]!.url!;
    expect(queueUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/000000000000\/orders-OrdersQueue3DFA1D51-[A-Z0-9]{12}$/);
    const sqs = client(new SQSClient({ endpoint: server.endpoint, region: 'us-east-1', credentials }));
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'left over' }));

    expect(await control.reset()).toEqual({ reset: true });

    const after = await control.stacks();
    // Names stay; ids (a mapping's UUID, a subscription ARN's) are new without a seed, as in a new account.
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const names = (stacks: ServerStack[]) =>
      Object.entries(physicalIds(stacks)[0]!).filter(([, physicalId]) => !uuid.test(physicalId));
    expect(names(after)).toEqual(names(before));
    expect(names(after)).toHaveLength(7);
    expect(after[0]!.resources[MAPPING]!.physicalId).not.toBe(before[0]!.resources[MAPPING]!.physicalId);
    const state = await control.state();
    expect(state.queues.map((queue) => [queue.url, queue.messages.visible])).toContainEqual([queueUrl, 0]);
    expect(state.functions.map((fn) => fn.name)).toEqual([before[0]!.resources[FUNCTION]!.physicalId]);
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'after the reset' }));
  });

  it('gives the same ids too under a seed, as just after start-up', async () => {
    const server = await started({ template: CDK_TEMPLATE, seed: 7 });
    const control = controlClient(server.endpoint);
    const before = await control.stacks();
    const sqs = client(new SQSClient({ endpoint: server.endpoint, region: 'us-east-1', credentials }));
    const QueueUrl = before[0]!.resources[QUEUE]!.url!;
    const first = await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'one' }));
    await control.reset();
    const after = await control.stacks();
    expect(after).toEqual(before);
    const again = await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'one' }));
    expect(again.MessageId).toBe(first.MessageId);
  });

  it('drops everything with {"empty": true}, and the next plain reset brings the stack back', async () => {
    const server = await started({ template: TEMPLATE });
    const control = controlClient(server.endpoint);
    const before = await control.stacks();
    await control.reset({ empty: true });
    expect(await control.stacks()).toEqual([]);
    expect(await control.state()).toMatchObject({ queues: [], topics: [], functions: [] });
    await control.reset({ empty: false });
    expect(physicalIds(await control.stacks())).toEqual(physicalIds(before));
  });

  it('answers 400 for an "empty" that is not true or false, or a body that is not a JSON object', async () => {
    const server = await started({ template: TEMPLATE });
    for (const body of ['{"empty": "yes"}', '[]', 'empty']) {
      const response = await fetch(`${server.endpoint}/_mock/reset`, { method: 'POST', body });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'InvalidParameterValue' });
    }
    expect(await controlClient(server.endpoint).stacks()).toHaveLength(1);
  });

  it('forgets what a test provisioned in process, and keeps only the start-up stack', async () => {
    const server = await started({ template: TEMPLATE, stackName: 'startup' });
    server.aws.provision(TEMPLATE, { stackName: 'extra', functions });
    const control = controlClient(server.endpoint);
    expect((await control.stacks()).map((stack) => stack.name)).toEqual(['startup', 'extra']);
    await control.reset();
    expect((await control.stacks()).map((stack) => stack.name)).toEqual(['startup']);
  });

  it('runs the start-up functions again after a reset', async () => {
    const server = await started({ template: TEMPLATE, functions: { Greeter: greet } });
    const control = controlClient(server.endpoint);
    await control.reset();
    const FunctionName = (await control.stacks())[0]!.resources['Greeter']!.physicalId;
    const lambda = client(new LambdaClient({ endpoint: server.endpoint, region: 'us-east-1', credentials }));
    const invoked = await lambda.send(new InvokeCommand({ FunctionName, Payload: '{"name":"ada"}' }));
    expect(JSON.parse(new TextDecoder().decode(invoked.Payload))).toEqual({ hello: 'ada' });
  });
});

describe('GET /_mock/stacks (wire.md §13.9)', () => {
  it('lists each resource by logical id with its type, physical id, ARN and queue URL, and the outputs', async () => {
    const server = await started({ template: TEMPLATE, stackName: 'orders', accountId: '123456789012' });
    const [stack, ...others] = await controlClient(server.endpoint).stacks();
    expect(others).toEqual([]);
    const host = new URL(server.endpoint).host;
    const queueName = /^orders-Orders-[A-Z0-9]{12}$/;
    const queueUrl = stack!.resources['Orders']!.url!;
    expect(queueUrl.replace(/[^/]+$/, '')).toBe(`http://${host}/123456789012/`);
    expect(queueUrl.split('/').pop()).toMatch(queueName);
    const queueArn = `arn:aws:sqs:us-east-1:123456789012:${queueUrl.split('/').pop()}`;
    const topicArn = stack!.resources['Events']!.physicalId;
    expect(stack).toEqual({
      name: 'orders',
      resources: {
        Orders: { type: 'AWS::SQS::Queue', physicalId: queueUrl, arn: queueArn, url: queueUrl },
        Events: { type: 'AWS::SNS::Topic', physicalId: topicArn, arn: topicArn },
        Table: { type: 'AWS::DynamoDB::Table', physicalId: expect.stringMatching(/^orders-Table-/), skipped: true },
        Greeter: {
          type: 'AWS::Lambda::Function',
          physicalId: expect.stringMatching(/^orders-Greeter-[A-Z0-9]{12}$/),
          arn: expect.stringMatching(/^arn:aws:lambda:us-east-1:123456789012:function:orders-Greeter-/),
        },
      },
      outputs: { OrdersUrl: queueUrl, TopicArn: topicArn },
    });
    expect(topicArn).toMatch(/^arn:aws:sns:us-east-1:123456789012:orders-Events-[A-Z0-9]{12}$/);
    const sqs = client(new SQSClient({ endpoint: server.endpoint, region: 'us-east-1', credentials }));
    const found = await sqs.send(new GetQueueUrlCommand({ QueueName: queueUrl.split('/').pop()! }));
    expect(found.QueueUrl).toBe(queueUrl);
  });

  it('names queues by the host the client used', async () => {
    const server = await started({ template: TEMPLATE });
    const { port } = new URL(server.endpoint);
    const stacks = (await (await fetch(`http://localhost:${port}/_mock/stacks`)).json()) as ServerStack[];
    expect(stacks[0]!.resources['Orders']!.url).toMatch(new RegExp(`^http://localhost:${port}/000000000000/`));
    expect(stacks[0]!.outputs['OrdersUrl']).toBe(stacks[0]!.resources['Orders']!.url);
  });

  it('answers an empty list for an account without stacks', async () => {
    const server = await started({});
    expect(await controlClient(server.endpoint).stacks()).toEqual([]);
  });

  it('serves a region and account of its own, queues outside the default region pinned as §9.3 says', async () => {
    const server = await started({ template: TEMPLATE, region: 'eu-west-1', accountId: '123456789012' });
    const [stack] = await controlClient(server.endpoint).stacks();
    expect(stack!.resources['Orders']!.arn).toMatch(/^arn:aws:sqs:eu-west-1:123456789012:/);
    expect(stack!.resources['Orders']!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/123456789012\//);
    expect(await controlClient(server.endpoint).state()).toMatchObject({
      accountId: '123456789012',
      region: 'eu-west-1',
    });
  });
});

describe("startServer's account and template options", () => {
  it('refuses accountId, region or seed beside a given account, and template options without a template', async () => {
    const aws = createAwsMock();
    await expect(startServer({ aws, seed: 1 })).rejects.toThrow(
      "startServer's accountId, region and seed make its own account",
    );
    await expect(startServer({ stackName: 'orders' })).rejects.toThrow(
      "startServer's stackName, parameters and functions are the template's",
    );
  });

  it('provisions into a given account, and a reset provisions it there again', async () => {
    const aws = createAwsMock({ accountId: '123456789012' });
    const server = await started({ aws, template: TEMPLATE });
    const control = controlClient(server.endpoint);
    const before = await control.stacks();
    await control.reset();
    expect(physicalIds(await control.stacks())).toEqual(physicalIds(before));
    expect(aws.sqs.queues()).toHaveLength(1);
  });

  it('refuses a template that does not provision before it listens', async () => {
    await expect(startServer({ template: 'Resources: {}\nOutputs: { X: { Value: !Ref Nothing } }' })).rejects.toThrow(
      'sqs-sns-mock: provision',
    );
  });
});
