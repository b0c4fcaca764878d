import * as SQS from '@aws-sdk/client-sqs';
import {
  CreateQueueCommand,
  GetQueueUrlCommand,
  ListQueuesCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { createAwsMock, mockSqs, mockSns, NotEmulatedError } from '../src/index.js';
import { networkTrap, sendUnknownCommand, sqsSetup } from './helpers.js';

describe('the SQS plugin', () => {
  it('needs no region, credentials or endpoint', async () => {
    const aws = createAwsMock();
    const sqs = new SQSClient({
      requestHandler: networkTrap,
      credentials: () => Promise.reject(new Error('no credentials')),
    });
    sqs.middlewareStack.use(aws.sqs);
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    expect(QueueUrl).toBe('https://sqs.us-east-1.amazonaws.com/000000000000/q');
  });

  it('answers with the $metadata a real response carries', async () => {
    const { sqs } = sqsSetup();
    const out = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    expect(out.$metadata).toEqual({
      httpStatusCode: 200,
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      extendedRequestId: undefined,
      cfId: undefined,
      attempts: 1,
      totalRetryDelay: 0,
    });
  });

  it('never reaches the network, whatever the command and input', async () => {
    const { sqs } = sqsSetup();
    await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    const commands = Object.entries(SQS).filter(
      ([name, value]) =>
        name.endsWith('Command') &&
        typeof (value as { prototype?: { resolveMiddleware?: unknown } }).prototype?.resolveMiddleware === 'function',
    );
    expect(commands.length).toBeGreaterThanOrEqual(23);
    for (const [name, Command] of commands) {
      for (const input of [{}, { QueueUrl: 'q' }]) {
        const outcome = await sqs.send(new (Command as new (i: object) => SendMessageCommand)(input)).then(
          () => undefined,
          (error: Error) => error,
        );
        if (outcome === undefined) continue;
        expect(outcome.message, name).not.toContain('network was reached');
        expect(
          outcome instanceof SQS.SQSServiceException || outcome instanceof NotEmulatedError,
          `${name}: ${outcome.message}`,
        ).toBe(true);
      }
    }
  });

  it('answers a command it does not emulate with an error naming it', async () => {
    const { aws } = sqsSetup();
    const error = await sendUnknownCommand(aws.sqs, 'SQSClient').catch((e: Error) => e);
    expect(error).toBeInstanceOf(NotEmulatedError);
    expect((error as Error).message).toBe(
      'sqs-sns-mock: SQS command FutureFeatureCommand is not emulated. The request was not sent to AWS.',
    );
  });

  it('works with cacheMiddleware when plugged in before the first send', async () => {
    const aws = createAwsMock();
    const sqs = new SQSClient({ region: 'us-east-1', requestHandler: networkTrap, cacheMiddleware: true });
    sqs.middlewareStack.use(aws.sqs);
    await sqs.send(new CreateQueueCommand({ QueueName: 'a' }));
    await sqs.send(new CreateQueueCommand({ QueueName: 'b' }));
    expect((await sqs.send(new ListQueuesCommand({}))).QueueUrls).toHaveLength(2);
  });

  it('refuses to answer for a client of another service', async () => {
    const { SNSClient, ListTopicsCommand } = await import('@aws-sdk/client-sns');
    const sns = new SNSClient({ region: 'us-east-1', requestHandler: networkTrap });
    sns.middlewareStack.use(createAwsMock().sqs);
    await expect(sns.send(new ListTopicsCommand({}))).rejects.toThrow(/added to an SNSClient/);
  });
});

describe('accounts', () => {
  it('mockSqs() and mockSns() share one process-wide account', () => {
    expect(mockSqs()).toBe(mockSqs());
    expect(mockSqs().aws).toBe(mockSns().aws);
    const aws = createAwsMock();
    expect(mockSqs({ aws })).toBe(aws.sqs);
    expect(aws.sqs.aws).toBe(aws);
  });

  it('names queues in its own account and region', async () => {
    const { sqs } = sqsSetup({ accountId: '123456789012', region: 'eu-west-1' });
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    expect(QueueUrl).toBe('https://sqs.eu-west-1.amazonaws.com/123456789012/q');
  });

  it('keeps the state of two accounts apart', async () => {
    const one = sqsSetup();
    const two = sqsSetup();
    await one.sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    await expect(two.sqs.send(new GetQueueUrlCommand({ QueueName: 'q' }))).rejects.toBeInstanceOf(
      SQS.QueueDoesNotExist,
    );
  });

  it('forgets everything on reset()', async () => {
    const { aws, sqs } = sqsSetup();
    await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    aws.sqs.reset();
    expect(aws.sqs.queues()).toEqual([]);
    await expect(sqs.send(new GetQueueUrlCommand({ QueueName: 'q' }))).rejects.toBeInstanceOf(SQS.QueueDoesNotExist);
    // A deleted name would be locked for 60 s; a reset name is not.
    await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  });

  it('produces the same ids from the same seed', async () => {
    const run = async () => {
      const { sqs } = sqsSetup({ seed: 7 });
      const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
      const sent = await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'x' }));
      return [sent.MessageId, sent.$metadata.requestId];
    };
    expect(await run()).toEqual(await run());
  });

  it('rejects a malformed account id or region', () => {
    expect(() => createAwsMock({ accountId: '42' })).toThrow(/12 digits/);
    expect(() => createAwsMock({ region: 'mars' })).toThrow(/region/);
  });

  it('answers a part of an SNS command it does not emulate with an error naming the command', async () => {
    const { SNSClient, CreateTopicCommand, PutDataProtectionPolicyCommand } = await import('@aws-sdk/client-sns');
    const sns = new SNSClient({ region: 'us-east-1', requestHandler: networkTrap });
    sns.middlewareStack.use(createAwsMock().sns);
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 't' }));
    const statement = { DataDirection: 'Inbound', DataIdentifier: ['x'], Principal: ['*'], Operation: { Deny: {} } };
    const error = await sns
      .send(
        new PutDataProtectionPolicyCommand({
          ResourceArn: TopicArn,
          DataProtectionPolicy: JSON.stringify({ Statement: [statement] }),
        }),
      )
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(NotEmulatedError);
    expect((error as Error).message).toContain('PutDataProtectionPolicyCommand');
  });
});
