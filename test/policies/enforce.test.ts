import {
  CreateTopicCommand,
  GetSubscriptionAttributesCommand,
  PublishCommand,
  SetSubscriptionAttributesCommand,
  SubscribeCommand,
  type SNSClient,
} from '@aws-sdk/client-sns';
import { AddPermissionCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAwsMock, type AwsMock } from '../../src/index.js';
import { createQueue, queueArn, receive, T0 } from '../sqs/message-support.js';
import { snsSetup } from '../sns/sns-support.js';
import { policies, setPolicy, wiring } from './policy-support.js';

/**
 * createAwsMock({ policies: 'enforce' }): SNS delivers into a queue only where its Policy allows sns.amazonaws.com
 * to sqs:SendMessage from the topic (docs/aws-behaviour/sns.md §7.1).
 */

let aws: AwsMock;
let sns: SNSClient;
let sqs: SQSClient;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  ({ aws, sns, sqs } = snsSetup({ policies: 'enforce' }));
});
afterEach(() => vi.useRealTimers());

async function publish(TopicArn: string, Message = 'hello') {
  return sns.send(new PublishCommand({ TopicArn, Message }));
}

function lastDelivery(topic = 'orders') {
  return aws.sns.topic(topic).published().at(-1)!.deliveries[0]!;
}

describe('without a queue policy', () => {
  it('Publish succeeds, nothing arrives, the refusal is recorded, and the subscription stays confirmed', async () => {
    const { topicArn, queueUrl, queueArn, subscriptionArn } = await wiring(sns, sqs);
    const { MessageId } = await publish(topicArn);
    expect(MessageId).toBeDefined();
    expect(await receive(sqs, queueUrl)).toEqual([]);
    expect(lastDelivery()).toEqual({
      subscriptionArn,
      protocol: 'sqs',
      endpoint: queueArn,
      body: expect.any(String),
      delivered: false,
      failed: true,
      failure: `the queue policy of ${queueArn} does not allow sns.amazonaws.com to sqs:SendMessage from ${topicArn}: the queue has no Policy`,
      refusedBy: 'queuePolicy',
      deadLettered: false,
    });
    const { Attributes } = await sns.send(new GetSubscriptionAttributesCommand({ SubscriptionArn: subscriptionArn }));
    expect(Attributes!['PendingConfirmation']).toBe('false');
  });

  it('refuses raw delivery the same way', async () => {
    const { topicArn, queueUrl } = await wiring(sns, sqs, { attributes: { RawMessageDelivery: 'true' } });
    await publish(topicArn);
    expect(await receive(sqs, queueUrl)).toEqual([]);
    expect(lastDelivery()).toMatchObject({ failed: true, refusedBy: 'queuePolicy', body: 'hello' });
  });

  it("sends the message to the subscription's dead-letter queue when that queue's policy allows it", async () => {
    const dlqUrl = await createQueue(sqs, 'dlq');
    const dlqArn = await queueArn(sqs, dlqUrl);
    const redrive = { RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn }) };
    const { topicArn } = await wiring(sns, sqs, { attributes: { ...redrive, RawMessageDelivery: 'true' } });
    await setPolicy(sqs, dlqUrl, policies.cdk(dlqArn, topicArn));
    await publish(topicArn, 'to the dlq');
    expect((await receive(sqs, dlqUrl)).map((m) => m.Body)).toEqual(['to the dlq']);
    expect(lastDelivery()).toMatchObject({ failed: true, refusedBy: 'queuePolicy', deadLettered: true });
  });

  it('drops the message when the dead-letter queue has no policy allowing it either, and says why', async () => {
    const dlqUrl = await createQueue(sqs, 'dlq');
    const dlqArn = await queueArn(sqs, dlqUrl);
    const redrive = { RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn }) };
    const { topicArn } = await wiring(sns, sqs, { attributes: redrive });
    await publish(topicArn);
    expect(await receive(sqs, dlqUrl)).toEqual([]);
    expect(lastDelivery()).toMatchObject({
      failed: true,
      deadLettered: false,
      deadLetterFailure: `the queue policy of ${dlqArn} does not allow sns.amazonaws.com to sqs:SendMessage from ${topicArn}: the queue has no Policy`,
    });
  });

  it('an AddPermission grant to the account does not let the SNS service principal in', async () => {
    const { topicArn, queueUrl, queueArn } = await wiring(sns, sqs);
    await sqs.send(
      new AddPermissionCommand({
        QueueUrl: queueUrl,
        Label: 'send',
        AWSAccountIds: [aws.accountId],
        Actions: ['SendMessage'],
      }),
    );
    await publish(topicArn);
    expect(await receive(sqs, queueUrl)).toEqual([]);
    expect(lastDelivery().failure).toBe(
      `the queue policy of ${queueArn} does not allow sns.amazonaws.com to sqs:SendMessage from ${topicArn}: ` +
        'no statement allows it: statement "send" (its Principal does not match)',
    );
  });
});

describe('the statements tools write', () => {
  it.each([
    ["CDK's", policies.cdk],
    ["SAM's", policies.sam],
    ["the AWS docs'", policies.awsDocs],
    ["CDK's with enforceSSL (a Deny when aws:SecureTransport is false)", policies.cdkEnforceSsl],
  ])('%s statement lets the topic deliver, enveloped and raw', async (_name, policy) => {
    const { topicArn, queueUrl, queueArn } = await wiring(sns, sqs);
    const raw = await wiring(sns, sqs, { topic: 'orders', queue: 'raw', attributes: { RawMessageDelivery: 'true' } });
    await setPolicy(sqs, queueUrl, policy(queueArn, topicArn));
    await setPolicy(sqs, raw.queueUrl, policy(raw.queueArn, topicArn));
    await publish(topicArn, 'hi');
    expect((await receive(sqs, queueUrl)).map((m) => JSON.parse(m.Body!).Message)).toEqual(['hi']);
    expect((await receive(sqs, raw.queueUrl)).map((m) => m.Body)).toEqual(['hi']);
    expect(
      aws.sns
        .topic('orders')
        .published()[0]!
        .deliveries.every((d) => d.delivered),
    ).toBe(true);
  });

  it("LocalStack's validated templates: Principal * with no condition", async () => {
    const { topicArn, queueUrl, queueArn } = await wiring(sns, sqs);
    const open = { Statement: [{ Effect: 'Allow', Principal: '*', Action: 'sqs:SendMessage', Resource: queueArn }] };
    await setPolicy(sqs, queueUrl, JSON.stringify(open));
    await publish(topicArn);
    expect(await receive(sqs, queueUrl)).toHaveLength(1);
  });

  it('a statement for another topic refuses, naming the condition', async () => {
    const { topicArn, queueUrl, queueArn } = await wiring(sns, sqs);
    await setPolicy(sqs, queueUrl, policies.cdk(queueArn, topicArn.replace(/orders$/, 'other')));
    await publish(topicArn);
    expect(await receive(sqs, queueUrl)).toEqual([]);
    expect(lastDelivery().failure).toBe(
      `the queue policy of ${queueArn} does not allow sns.amazonaws.com to sqs:SendMessage from ${topicArn}: ` +
        'no statement allows it: statement 1 (its Condition ArnEquals aws:SourceArn does not match)',
    );
  });

  it('an explicit Deny of the topic wins over an Allow', async () => {
    const { topicArn, queueUrl, queueArn } = await wiring(sns, sqs);
    const allow = JSON.parse(policies.sam(queueArn, topicArn)) as { Statement: object[] };
    const deny = { Sid: 'NoOrders', Effect: 'Deny', Principal: '*', Action: 'sqs:*', Resource: queueArn };
    await setPolicy(sqs, queueUrl, JSON.stringify({ Statement: [...allow.Statement, deny] }));
    await publish(topicArn);
    expect(lastDelivery()).toMatchObject({
      failed: true,
      failure: expect.stringMatching(/: statement "NoOrders" denies it$/),
    });
  });

  it('follows changes of the Policy attribute', async () => {
    const { topicArn, queueUrl, queueArn } = await wiring(sns, sqs);
    await publish(topicArn, 'before');
    await setPolicy(sqs, queueUrl, policies.cdk(queueArn, topicArn));
    await publish(topicArn, 'allowed');
    await setPolicy(sqs, queueUrl, '');
    await publish(topicArn, 'removed');
    const bodies = (await receive(sqs, queueUrl, { MaxNumberOfMessages: 10 })).map((m) => JSON.parse(m.Body!).Message);
    expect(bodies).toEqual(['allowed']);
    expect(
      aws.sns
        .topic('orders')
        .published()
        .map((p) => p.deliveries[0]!.delivered),
    ).toEqual([false, true, false]);
  });
});

describe('replays', () => {
  it("obey the queue's policy too", async () => {
    const { TopicArn } = await sns.send(
      new CreateTopicCommand({
        Name: 'orders.fifo',
        Attributes: {
          FifoTopic: 'true',
          ContentBasedDeduplication: 'true',
          ArchivePolicy: '{"MessageRetentionPeriod":"7"}',
        },
      }),
    );
    await sns.send(new PublishCommand({ TopicArn, Message: 'archived', MessageGroupId: 'g' }));
    const url = await createQueue(sqs, 'q.fifo', { FifoQueue: 'true' });
    const arn = await queueArn(sqs, url);
    const ReplayPolicy = JSON.stringify({ PointType: 'Timestamp', StartingPoint: new Date(T0).toISOString() });
    const subscribe = () =>
      sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: arn, Attributes: { ReplayPolicy } }));
    await subscribe();
    expect(await receive(sqs, url)).toEqual([]);
    await setPolicy(sqs, url, policies.cdk(arn, TopicArn!));
    const { SubscriptionArn } = await subscribe();
    await sns.send(
      new SetSubscriptionAttributesCommand({
        SubscriptionArn,
        AttributeName: 'ReplayPolicy',
        AttributeValue: ReplayPolicy,
      }),
    );
    expect((await receive(sqs, url)).map((m) => JSON.parse(m.Body!).Message)).toEqual(['archived']);
  });
});

describe('the option', () => {
  it("defaults to 'ignore': delivered without a policy, as before", async () => {
    const ignoring = snsSetup();
    expect(ignoring.aws.policies).toBe('ignore');
    const { topicArn, queueUrl } = await wiring(ignoring.sns, ignoring.sqs);
    await ignoring.sns.send(new PublishCommand({ TopicArn: topicArn, Message: 'hello' }));
    expect(await receive(ignoring.sqs, queueUrl)).toHaveLength(1);
    expect(ignoring.aws.sns.topic('orders').published()[0]!.deliveries[0]).not.toHaveProperty('refusedBy');
  });

  it.each(['strict', true, null])('refuses %j', (policies) => {
    expect(() => createAwsMock({ policies } as never)).toThrow(
      new TypeError(`sqs-sns-mock: policies must be 'enforce' or 'ignore', got ${String(policies)}`),
    );
  });
});
