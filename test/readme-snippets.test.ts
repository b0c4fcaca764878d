/**
 * The short reference blocks of the README and the guide (options, plugging clients, regions, views, waiting), read
 * from the pages' own code blocks and run as written (test/support/doc-blocks.ts) in the state the page assumes, plus
 * what the block's comments say.
 */
import { LambdaClient } from '@aws-sdk/client-lambda';
import { CreateTopicCommand, PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import {
  CreateQueueCommand,
  SendMessageCommand,
  SQSClient,
  type ReceiveMessageCommandOutput,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createAwsMock, type AwsMock, type QueueView, type TopicView, type MessageView } from '../src/index.js';
import { docBlock, runBlock } from './support/doc-blocks.js';
import { docAccount, DOC_GLOBALS, DOC_MODULES } from './support/doc-context.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('README: options of createAwsMock', async () => {
  const { aws } = await runBlock(docBlock('README.md', 'options'), { scope: { createAwsMock }, returns: ['aws'] });
  expect(aws).toMatchObject({ accountId: '123456789012', region: 'eu-west-1' });
});

it('clients: plugging a client, and the shorthand', async () => {
  const [sqsClient, otherSqsClient] = [new SQSClient({}), new SQSClient({})];
  const [snsClient, lambdaClient] = [new SNSClient({}), new LambdaClient({})];
  const { aws } = await runBlock(docBlock('docs/guide/clients.md', 'plug-clients'), {
    modules: DOC_MODULES,
    scope: { sqsClient, otherSqsClient, snsClient, lambdaClient },
    returns: ['aws'],
  });
  await sqsClient.send(new CreateQueueCommand({ QueueName: 'orders' }));
  await otherSqsClient.send(new CreateQueueCommand({ QueueName: 'elsewhere' }));
  expect((aws as AwsMock).sqs.queues().map((q) => q.name)).toEqual(['orders']); // the other is the shorthand's
});

it('clients: install on every client of a class', async () => {
  const { aws, handle } = await runBlock(docBlock('docs/guide/clients.md', 'install'), {
    modules: DOC_MODULES,
    returns: ['aws', 'handle'],
  });
  expect((aws as AwsMock).sqs.queues()).toEqual([]); // reset() forgot the queue
  expect(handle).toMatchObject({ restore: expect.any(Function) });
});

it('clients: regions', async () => {
  let aws: AwsMock | undefined;
  const made = () => (aws = createAwsMock());
  await runBlock(docBlock('docs/guide/clients.md', 'regions'), { scope: { ...DOC_GLOBALS, createAwsMock: made } });
  // Its last line finds the queue in the one region that has it.
  const orders = aws!.sqs.queue('orders');
  expect(orders.url).toBe('https://sqs.eu-west-1.amazonaws.com/000000000000/orders');
  expect(orders.messages().map((m) => m.body)).toEqual(['x']); // sent by the client of us-east-1, by its URL
});

it('clock: waiting for the work to finish', async () => {
  const { scope } = docAccount();
  await runBlock(docBlock('docs/guide/clock.md', 'wait-idle'), { scope });
});

it('clock: fake both Date and setTimeout', async () => {
  const { scope, sqs } = docAccount();
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const { pending } = await runBlock(docBlock('docs/guide/clock.md', 'fake-both'), {
    scope: { ...scope, QueueUrl },
    returns: ['pending'],
  });
  expect((await (pending as Promise<ReceiveMessageCommandOutput>)).Messages).toBeUndefined();
  // The half-faked clock also warned, once, before the long poll threw.
  expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
    expect.stringMatching(/^sqs-sns-mock: setTimeout is faked but Date is real/),
  ]);
  warn.mockRestore();
});

it('assertions: the views of a queue and a topic', async () => {
  const { aws, scope, sqs, sns } = docAccount();
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: '{"orderId":7}' }));
  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
  await sns.send(new PublishCommand({ TopicArn, Message: 'created' }));

  const { q, m } = await runBlock(docBlock('docs/guide/assertions.md', 'queue-view'), { scope, returns: ['q', 'm'] });
  expect((q as QueueView).url).toBe(QueueUrl);
  expect((m as MessageView).json()).toEqual({ orderId: 7 });
  const { t } = await runBlock(docBlock('docs/guide/assertions.md', 'topic-view'), { scope, returns: ['t'] });
  expect((t as TopicView).arn).toBe(TopicArn);
  expect(aws.sns.topic('events').published()).toHaveLength(1);
});
