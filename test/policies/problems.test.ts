import { CreateTopicCommand, SubscribeCommand, type SNSClient } from '@aws-sdk/client-sns';
import { DeleteQueueCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/matchers/vitest.js';
import type { AwsMock } from '../../src/index.js';
import { failureOf } from '../matchers/support.js';
import { createQueue, queueArn } from '../sqs/message-support.js';
import { snsSetup } from '../sns/sns-support.js';
import { policies, setPolicy, wiring } from './policy-support.js';

/**
 * What AWS would refuse, listed in either mode: aws.sns.deliveryProblems(), TopicView.deliveryCheck and
 * expect(topic).toBeAllowedToDeliverTo(queue) (docs/aws-behaviour/sns.md §7.1).
 */

let aws: AwsMock;
let sns: SNSClient;
let sqs: SQSClient;

beforeEach(() => {
  vi.useFakeTimers();
  ({ aws, sns, sqs } = snsSetup());
});
afterEach(() => vi.useRealTimers());

const refusal = (queue: string, topic: string, cause: string) =>
  `the queue policy of ${queue} does not allow sns.amazonaws.com to sqs:SendMessage from ${topic}: ${cause}`;

describe('aws.sns.deliveryProblems()', () => {
  it('lists each confirmed sqs subscription whose queue or dead-letter queue would refuse, and why', async () => {
    const good = await wiring(sns, sqs, { topic: 'orders', queue: 'allowed' });
    await setPolicy(sqs, good.queueUrl, policies.cdk(good.queueArn, good.topicArn));
    const bare = await wiring(sns, sqs, { topic: 'orders', queue: 'bare' });
    const dlqUrl = await createQueue(sqs, 'dlq');
    const dlqArn = await queueArn(sqs, dlqUrl);
    const withDlq = await wiring(sns, sqs, {
      topic: 'orders',
      queue: 'with-dlq',
      attributes: { RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn }) },
    });
    await setPolicy(sqs, withDlq.queueUrl, policies.sam(withDlq.queueArn, withDlq.topicArn));
    const gone = await wiring(sns, sqs, { topic: 'orders', queue: 'gone' });
    await sqs.send(new DeleteQueueCommand({ QueueUrl: gone.queueUrl }));
    // Not sqs: never checked.
    await sns.send(new SubscribeCommand({ TopicArn: good.topicArn, Protocol: 'email', Endpoint: 'a@example.com' }));

    const topicArn = good.topicArn;
    expect(aws.sns.deliveryProblems()).toEqual([
      {
        subscriptionArn: bare.subscriptionArn,
        topicArn,
        endpoint: bare.queueArn,
        queue: 'endpoint',
        queueArn: bare.queueArn,
        reason: refusal(bare.queueArn, topicArn, 'the queue has no Policy'),
      },
      {
        subscriptionArn: withDlq.subscriptionArn,
        topicArn,
        endpoint: withDlq.queueArn,
        queue: 'deadLetterQueue',
        queueArn: dlqArn,
        reason: refusal(dlqArn, topicArn, 'the queue has no Policy'),
      },
      {
        subscriptionArn: gone.subscriptionArn,
        topicArn,
        endpoint: gone.queueArn,
        queue: 'endpoint',
        queueArn: gone.queueArn,
        reason: `the queue ${gone.queueArn} does not exist`,
      },
    ]);
  });

  it('is empty when every queue allows its topics', async () => {
    const { topicArn, queueUrl, queueArn } = await wiring(sns, sqs);
    await setPolicy(sqs, queueUrl, policies.awsDocs(queueArn, topicArn));
    expect(aws.sns.deliveryProblems()).toEqual([]);
  });

  it('answers the same in enforce mode', async () => {
    const enforcing = snsSetup({ policies: 'enforce' });
    const { queueArn } = await wiring(enforcing.sns, enforcing.sqs);
    expect(enforcing.aws.sns.deliveryProblems()).toMatchObject([{ queueArn, queue: 'endpoint' }]);
  });
});

describe('toBeAllowedToDeliverTo', () => {
  it('passes when the queue policy allows the topic, and its .not names the statement', async () => {
    const { topicArn, queueUrl, queueArn } = await wiring(sns, sqs);
    await setPolicy(sqs, queueUrl, policies.awsDocs(queueArn, topicArn));
    const topic = aws.sns.topic('orders');
    expect(topic).toBeAllowedToDeliverTo(aws.sqs.queue('q'));
    expect(topic).toBeAllowedToDeliverTo(queueArn);
    expect(failureOf(() => expect(topic).not.toBeAllowedToDeliverTo(queueArn))).toBe(
      `expected topic "orders" not to be allowed to deliver to queue "q", but statement "Allow-SNS-SendMessage" of ` +
        `the queue policy of ${queueArn} allows sns.amazonaws.com to sqs:SendMessage from ${topicArn}`,
    );
  });

  it('fails naming what refuses and the statement that would allow it', async () => {
    const { topicArn, queueArn } = await wiring(sns, sqs);
    const topic = aws.sns.topic('orders');
    expect(topic).not.toBeAllowedToDeliverTo(aws.sqs.queue('q'));
    const statement = JSON.stringify({
      Effect: 'Allow',
      Principal: { Service: 'sns.amazonaws.com' },
      Action: 'sqs:SendMessage',
      Resource: queueArn,
      Condition: { ArnEquals: { 'aws:SourceArn': topicArn } },
    });
    expect(failureOf(() => expect(topic).toBeAllowedToDeliverTo(aws.sqs.queue('q')))).toBe(
      `expected topic "orders" to be allowed to deliver to queue "q", but ` +
        `${refusal(queueArn, topicArn, 'the queue has no Policy')}. The queue's Policy needs a statement such as ${statement}`,
    );
  });

  it('fails for a queue that does not exist, without suggesting a statement', async () => {
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'orders' }));
    const missing = 'arn:aws:sqs:us-east-1:000000000000:missing';
    expect(failureOf(() => expect(aws.sns.topic('orders')).toBeAllowedToDeliverTo(missing))).toBe(
      `expected topic "orders" to be allowed to deliver to queue "missing", but the queue ${missing} does not exist`,
    );
    expect(aws.sns.topic(TopicArn!).deliveryCheck(missing)).toEqual({
      allowed: false,
      reason: `the queue ${missing} does not exist`,
      missingQueue: true,
    });
  });

  it('says what it was given when it is not a topic view or a queue', async () => {
    await wiring(sns, sqs);
    expect(() => expect('orders').toBeAllowedToDeliverTo('q')).toThrow(
      'toBeAllowedToDeliverTo: expected a topic view, from aws.sns.topic(name), but got the string "orders"',
    );
    expect(() => expect(aws.sns.topic('orders')).toBeAllowedToDeliverTo('q')).toThrow(
      /^toBeAllowedToDeliverTo: expected the queue as a queue view/,
    );
  });
});
