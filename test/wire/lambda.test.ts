import {
  CreateEventSourceMappingCommand,
  DeleteEventSourceMappingCommand,
  GetEventSourceMappingCommand,
  InvokeCommand,
  LambdaClient,
  ListEventSourceMappingsCommand,
  ListFunctionsCommand,
  ResourceNotFoundException,
  UpdateEventSourceMappingCommand,
} from '@aws-sdk/client-lambda';
import { CreateQueueCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { controlClient, startServer, type MockServer } from '../../src/server/index.js';

let server: MockServer;
let lambda: LambdaClient;
const credentials = { accessKeyId: 'x', secretAccessKey: 'x' };

beforeEach(async () => {
  server = await startServer({ port: 0 });
  lambda = new LambdaClient({ endpoint: server.endpoint, region: 'us-east-1', credentials });
});
afterEach(async () => {
  lambda.destroy();
  await server.close();
});

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe('Lambda over REST-JSON with the SDK v3', () => {
  it('invokes a function created in-process, with its result, its error and its log tail', async () => {
    server.aws.lambda.createFunction('greet', async (event: { name: string }) => {
      console.log('greeting', event.name);
      if (event.name === 'nobody') throw new Error('no one to greet');
      return { hello: event.name };
    });
    const ok = await lambda.send(
      new InvokeCommand({ FunctionName: 'greet', Payload: JSON.stringify({ name: 'ada' }), LogType: 'Tail' }),
    );
    expect(ok).toMatchObject({ StatusCode: 200, ExecutedVersion: '$LATEST' });
    expect(JSON.parse(text(ok.Payload))).toEqual({ hello: 'ada' });
    expect(Buffer.from(ok.LogResult!, 'base64').toString()).toContain('START RequestId');

    const failed = await lambda.send(
      new InvokeCommand({ FunctionName: server.aws.lambda.function('greet').arn, Payload: '{"name":"nobody"}' }),
    );
    expect(failed).toMatchObject({ StatusCode: 200, FunctionError: 'Unhandled' });
    expect(JSON.parse(text(failed.Payload))).toMatchObject({ errorMessage: 'no one to greet' });

    const queued = await lambda.send(
      new InvokeCommand({ FunctionName: 'greet', InvocationType: 'Event', Payload: '{"name":"later"}' }),
    );
    expect(queued.StatusCode).toBe(202);
    await controlClient(server.endpoint).runUntilIdle();
    expect(server.aws.lambda.function('greet').invocations()).toHaveLength(3);
  });

  it('answers a missing function with ResourceNotFoundException, and an unemulated route with 501', async () => {
    const error = await lambda.send(new InvokeCommand({ FunctionName: 'missing' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResourceNotFoundException);
    expect(error).toMatchObject({ $metadata: { httpStatusCode: 404 } });
    const unemulated = await lambda.send(new ListFunctionsCommand({})).catch((e: unknown) => e);
    expect(unemulated).toMatchObject({ name: 'NotEmulatedException', $metadata: { httpStatusCode: 501 } });
  });

  it('creates, lists, updates and deletes an event source mapping that polls a queue', async () => {
    const handled: string[] = [];
    server.aws.lambda.createFunction('worker', async (event: { Records: { body: string }[] }) => {
      for (const record of event.Records) handled.push(record.body);
    });
    const sqs = new SQSClient({ endpoint: server.endpoint, region: 'us-east-1', credentials });
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'work' }));
    const EventSourceArn = server.aws.sqs.queue('work').arn;
    const created = await lambda.send(
      new CreateEventSourceMappingCommand({ FunctionName: 'worker', EventSourceArn, BatchSize: 5 }),
    );
    expect(created).toMatchObject({ State: 'Creating', BatchSize: 5, $metadata: { httpStatusCode: 202 } });
    expect(created.LastModified).toBeInstanceOf(Date);
    const { EventSourceMappings } = await lambda.send(new ListEventSourceMappingsCommand({ FunctionName: 'worker' }));
    expect(EventSourceMappings!.map((m) => m.UUID)).toEqual([created.UUID]);
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'job' }));
    await controlClient(server.endpoint).runUntilIdle();
    expect(handled).toEqual(['job']);
    const updated = await lambda.send(new UpdateEventSourceMappingCommand({ UUID: created.UUID, BatchSize: 2 }));
    expect(updated.BatchSize).toBe(2);
    expect((await lambda.send(new GetEventSourceMappingCommand({ UUID: created.UUID }))).State).toBe('Enabled');
    expect((await lambda.send(new DeleteEventSourceMappingCommand({ UUID: created.UUID }))).State).toBe('Deleting');
    sqs.destroy();
  });
});
