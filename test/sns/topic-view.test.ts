/**
 * `console.log` / `util.inspect` of a topic view: one line with its subscriptions (pending ones counted apart) and the
 * published messages it keeps; `JSON.stringify` says which topic it is.
 */
import { CreateTopicCommand, DeleteTopicCommand, PublishCommand, SubscribeCommand } from '@aws-sdk/client-sns';
import { inspect } from 'node:util';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createQueue, queueArn } from '../sqs/message-support.js';
import { snsSetup } from './sns-support.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('prints the name, the subscriptions and the messages published', async () => {
  const { aws, sns, sqs } = snsSetup();
  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
  const topic = aws.sns.topic('events');
  expect(inspect(topic)).toBe('TopicView events { subscriptions: 0, published: 0 }');
  const Endpoint = await queueArn(sqs, await createQueue(sqs, 'inbox'));
  await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint }));
  await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'https', Endpoint: 'https://example.com/hook' }));
  await sns.send(new PublishCommand({ TopicArn, Message: 'hello' }));
  expect(inspect(topic)).toBe('TopicView events { subscriptions: 2, pending: 1, published: 1 }');
  expect(JSON.parse(JSON.stringify(topic))).toEqual({ name: 'events', arn: TopicArn, fifo: false });
  await sns.send(new DeleteTopicCommand({ TopicArn }));
  expect(inspect(topic)).toBe('TopicView events (deleted)');
});
