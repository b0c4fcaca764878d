import {
  CreateTopicCommand,
  PublishCommand,
  SetSubscriptionAttributesCommand,
  SubscribeCommand,
  type SNSClient,
} from '@aws-sdk/client-sns';
import { DeleteMessageCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import { createQueue, queueArn } from '../sqs/message-support.js';
import { snsSetup } from './sns-support.js';

/**
 * A queue's delivery is recorded without its body, which is made again when the deliveries are read
 * (src/sns/delivery/queue-taken.ts): what `published()` shows must be, character for character, what the queue got,
 * whatever happened since.
 */

let aws: AwsMock;
let sns: SNSClient;
let sqs: SQSClient;

beforeEach(() => {
  vi.useFakeTimers();
  ({ aws, sns, sqs } = snsSetup());
});
afterEach(() => vi.useRealTimers());

async function subscribe(TopicArn: string, name: string, raw: boolean): Promise<{ url: string; arn: string }> {
  const url = await createQueue(sqs, name);
  const { SubscriptionArn } = await sns.send(
    new SubscribeCommand({
      TopicArn,
      Protocol: 'sqs',
      Endpoint: await queueArn(sqs, url),
      Attributes: { RawMessageDelivery: String(raw) },
      ReturnSubscriptionArn: true,
    }),
  );
  return { url, arn: SubscriptionArn! };
}

async function receiveAndDelete(url: string): Promise<string> {
  const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: url }));
  expect(Messages).toHaveLength(1);
  await sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: Messages[0]!.ReceiptHandle }));
  return Messages[0]!.Body!;
}

describe("a queue delivery's body, as published() shows it", () => {
  it('is what the queue received, envelope or raw, after the message left the queue and the subscription changed', async () => {
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'orders' }));
    const enveloped = await subscribe(TopicArn!, 'enveloped', false);
    const raw = await subscribe(TopicArn!, 'raw', true);
    await sns.send(
      new PublishCommand({
        TopicArn,
        Subject: 'Order "7"',
        Message: '{"orderId":7,"note":"café \\u0001"}',
        MessageAttributes: {
          kind: { DataType: 'String', StringValue: 'order' },
          bytes: { DataType: 'Binary', BinaryValue: new Uint8Array([1, 2, 255]) },
        },
      }),
    );
    const received = { enveloped: await receiveAndDelete(enveloped.url), raw: await receiveAndDelete(raw.url) };
    // Flipped after the publish: the record still shows what each queue got then.
    for (const { arn, value } of [
      { arn: enveloped.arn, value: 'true' },
      { arn: raw.arn, value: 'false' },
    ]) {
      await sns.send(
        new SetSubscriptionAttributesCommand({
          SubscriptionArn: arn,
          AttributeName: 'RawMessageDelivery',
          AttributeValue: value,
        }),
      );
    }
    vi.advanceTimersByTime(60_000);

    const [published] = aws.sns.topic('orders').published();
    const bodies = Object.fromEntries(published!.deliveries.map((d) => [d.endpoint.split(':').at(-1), d.body]));
    expect(bodies).toEqual(received);
    expect(JSON.parse(received.enveloped)).toMatchObject({ Type: 'Notification', Subject: 'Order "7"' });
  });

  it("is the protocol's own entry with MessageStructure json, and reads the same each time", async () => {
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'structured' }));
    const queue = await subscribe(TopicArn!, 'q', false);
    await sns.send(
      new PublishCommand({
        TopicArn,
        MessageStructure: 'json',
        Message: JSON.stringify({ default: 'for everyone', sqs: 'for queues' }),
      }),
    );
    const received = await receiveAndDelete(queue.url);
    const [published] = aws.sns.topic('structured').published();
    const [delivery] = published!.deliveries;
    expect(JSON.parse(delivery!.body!).Message).toBe('for queues');
    expect(delivery!.body).toBe(received);
    expect(published!.deliveries[0]).toBe(delivery);
    expect(delivery).toEqual({
      subscriptionArn: queue.arn,
      protocol: 'sqs',
      endpoint: await queueArn(sqs, queue.url),
      body: received,
      delivered: true,
      queueMessageId: expect.any(String),
    });
  });
});
