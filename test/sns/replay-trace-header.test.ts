import {
  CreateTopicCommand,
  PublishCommand,
  SetSubscriptionAttributesCommand,
  SubscribeCommand,
  type SNSClient,
} from '@aws-sdk/client-sns';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueue, queueArn, receive, T0 } from '../sqs/message-support.js';
import { snsSetup } from './sns-support.js';

/**
 * A replayed message keeps the X-Ray trace header of the Publish it replays (src/services/sns/delivery/replay.ts): AWS
 * records nothing about trace headers on replays, so the emulation keeps the original's, as it keeps the rest of the
 * message. The trace header comes from the environment of a publisher inside AWS Lambda (src/plugin/plugin.ts,
 * sdkTraceHeader).
 */

const TRACE = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';
const REPLAYER_TRACE = 'Root=1-6759e988-cd862e3fe1be46a994272794;Parent=63995c3f42cd8ad9;Sampled=1';

let sns: SNSClient;
let sqs: SQSClient;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  ({ sns, sqs } = snsSetup());
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

function inLambda(traceId: string): void {
  vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'publisher');
  vi.stubEnv('_X_AMZN_TRACE_ID', traceId);
}

function outsideLambda(): void {
  vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', '');
  vi.stubEnv('_X_AMZN_TRACE_ID', '');
}

async function subscribedFifoQueue(topicArn: string, name: string, Attributes?: Record<string, string>) {
  const url = await createQueue(sqs, name, { FifoQueue: 'true' });
  const Endpoint = await queueArn(sqs, url);
  const { SubscriptionArn } = await sns.send(
    new SubscribeCommand({ TopicArn: topicArn, Protocol: 'sqs', Endpoint, Attributes, ReturnSubscriptionArn: true }),
  );
  return { url, subscriptionArn: SubscriptionArn! };
}

async function traceHeaders(url: string): Promise<(string | undefined)[]> {
  const messages = await receive(sqs, url, {
    MaxNumberOfMessages: 10,
    MessageSystemAttributeNames: ['AWSTraceHeader'],
  });
  return messages.map((message) => message.Attributes?.['AWSTraceHeader']);
}

describe('the trace header of an archived message', () => {
  it('reaches the queue of a replay as the original delivery had it, whatever the request that starts the replay', async () => {
    const { TopicArn } = await sns.send(
      new CreateTopicCommand({
        Name: 'orders.fifo',
        Attributes: {
          FifoTopic: 'true',
          ContentBasedDeduplication: 'true',
          ArchivePolicy: JSON.stringify({ MessageRetentionPeriod: '7' }),
        },
      }),
    );
    const live = await subscribedFifoQueue(TopicArn!, 'live.fifo', { RawMessageDelivery: 'true' });
    inLambda(TRACE);
    await sns.send(new PublishCommand({ TopicArn, Message: 'traced', MessageGroupId: 'g' }));
    outsideLambda();
    await sns.send(new PublishCommand({ TopicArn, Message: 'untraced', MessageGroupId: 'g' }));
    expect(await traceHeaders(live.url)).toEqual([TRACE, undefined]);

    for (const RawMessageDelivery of ['false', 'true']) {
      const late = await subscribedFifoQueue(TopicArn!, `late-${RawMessageDelivery}.fifo`, { RawMessageDelivery });
      inLambda(REPLAYER_TRACE);
      const policy = JSON.stringify({ PointType: 'Timestamp', StartingPoint: new Date(T0).toISOString() });
      await sns.send(
        new SetSubscriptionAttributesCommand({
          SubscriptionArn: late.subscriptionArn,
          AttributeName: 'ReplayPolicy',
          AttributeValue: policy,
        }),
      );
      expect(await traceHeaders(late.url)).toEqual([TRACE, undefined]);
    }
  });
});
