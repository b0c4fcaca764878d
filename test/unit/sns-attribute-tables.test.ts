import { describe, expect, it } from 'vitest';
import { AwsError } from '../../src/core/aws-error.js';
import {
  applySubscribeAttributes,
  checkSubscribeAttributes,
  differsFrom,
  renderSubscriptionAttributes,
  setSubscriptionAttribute,
  type SubscriptionTarget,
} from '../../src/services/sns/subscription-attributes.js';
import { Subscription } from '../../src/services/sns/subscription.js';
import {
  checkCreateAttributes,
  differsFromTopic,
  renderTopicAttributes,
  setTopicAttribute,
} from '../../src/services/sns/topic-attributes.js';
import { Topic } from '../../src/services/sns/topic.js';

const TOPIC_ARN = 'arn:aws:sns:us-east-1:123456789012:orders';
const QUEUE_ARN = 'arn:aws:sqs:us-east-1:123456789012:orders-queue';
const DLQ_ARN = 'arn:aws:sqs:us-east-1:123456789012:orders-dlq';
const TARGET: SubscriptionTarget = {
  protocol: 'sqs',
  endpoint: QUEUE_ARN,
  topicFifo: false,
  replay: { topicFifo: false, archiveBeginning: undefined, now: 0 },
};

function newSubscription(): Subscription {
  return new Subscription(`${TOPIC_ARN}:1`, TOPIC_ARN, 'sqs', QUEUE_ARN, '123456789012', 'token');
}

function messageOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (error instanceof AwsError) return error.message;
    throw error;
  }
  throw new Error('expected an AwsError');
}

describe('the subscription table', () => {
  it('keeps a RedrivePolicy parsed: the text as given and the dead-letter queue it names', () => {
    const subscription = newSubscription();
    const text = `{ "deadLetterTargetArn": "${DLQ_ARN}" }`;
    applySubscribeAttributes(subscription, checkSubscribeAttributes({ RedrivePolicy: text }, TARGET));
    expect(subscription.redrivePolicy).toEqual({ text, deadLetterTargetArn: DLQ_ARN });
    setSubscriptionAttribute(subscription, TARGET, 'RedrivePolicy', '');
    expect(subscription.redrivePolicy).toBeUndefined();
  });

  it('keeps a DeliveryPolicy in SNS form, text and document', () => {
    const subscription = newSubscription();
    setSubscriptionAttribute(subscription, TARGET, 'DeliveryPolicy', '{"guaranteed":true}');
    expect(subscription.deliveryPolicy?.document).toEqual({
      healthyRetryPolicy: null,
      sicklyRetryPolicy: null,
      throttlePolicy: null,
      requestPolicy: null,
      guaranteed: true,
    });
    expect(JSON.parse(subscription.deliveryPolicy!.text)).toEqual(subscription.deliveryPolicy!.document);
  });

  it('leaves the scope and policy as they were when a scope change refuses the policy set', () => {
    const subscription = newSubscription();
    setSubscriptionAttribute(subscription, TARGET, 'FilterPolicyScope', 'MessageBody');
    setSubscriptionAttribute(subscription, TARGET, 'FilterPolicy', '{"order":{"kind":["book"]}}');
    const policy = subscription.filterPolicy;
    expect(() => setSubscriptionAttribute(subscription, TARGET, 'FilterPolicyScope', 'MessageAttributes')).toThrow(
      AwsError,
    );
    expect(subscription.filterPolicyScope).toBe('MessageBody');
    expect(subscription.filterPolicy).toBe(policy);
  });

  it('compares JSON values as JSON and omitted attributes not at all', () => {
    const subscription = newSubscription();
    applySubscribeAttributes(
      subscription,
      checkSubscribeAttributes({ FilterPolicy: '{"a":["x"]}', RawMessageDelivery: 'true' }, TARGET),
    );
    expect(differsFrom(subscription, checkSubscribeAttributes({ FilterPolicy: '{ "a" : ["x"] }' }, TARGET))).toBe(
      false,
    );
    expect(differsFrom(subscription, checkSubscribeAttributes({ RawMessageDelivery: 'TRUE' }, TARGET))).toBe(false);
    expect(differsFrom(subscription, checkSubscribeAttributes({ FilterPolicyScope: 'MessageBody' }, TARGET))).toBe(
      true,
    );
  });

  it("refuses read-only and unknown names alike, in the caller's wording", () => {
    expect(messageOf(() => checkSubscribeAttributes({ Owner: 'x' }, TARGET))).toBe(
      'Invalid parameter: Attributes Reason: AttributeName',
    );
    expect(messageOf(() => setSubscriptionAttribute(newSubscription(), TARGET, 'toString', 'x'))).toBe(
      'Invalid parameter: AttributeName',
    );
  });

  it('renders every attribute in name order, the scope only with a policy', () => {
    const subscription = newSubscription();
    const facts = { subscription, principal: 'arn:aws:iam::123456789012:user/me', topicDeliveryPolicy: undefined };
    expect(Object.keys(renderSubscriptionAttributes(facts))).toEqual([
      'ConfirmationWasAuthenticated',
      'Endpoint',
      'Owner',
      'PendingConfirmation',
      'Protocol',
      'RawMessageDelivery',
      'SubscriptionArn',
      'SubscriptionPrincipal',
      'TopicArn',
    ]);
    setSubscriptionAttribute(subscription, TARGET, 'FilterPolicy', '{"a":["x"]}');
    expect(renderSubscriptionAttributes(facts)).toMatchObject({
      FilterPolicy: '{"a":["x"]}',
      FilterPolicyScope: 'MessageAttributes',
    });
  });
});

describe('the topic table', () => {
  it('shows the defaults SNS shows and hides those it only assumes', () => {
    const shown = renderTopicAttributes(new Topic(TOPIC_ARN, 'orders', false, 0), '123456789012', 0);
    expect(shown['DisplayName']).toBe('');
    expect(JSON.parse(shown['Policy']!)).toMatchObject({ Id: '__default_policy_ID' });
    expect(shown).not.toHaveProperty('SignatureVersion');
    expect(shown).not.toHaveProperty('FifoTopic');
    expect(shown).not.toHaveProperty('ContentBasedDeduplication');
    const fifo = renderTopicAttributes(new Topic(`${TOPIC_ARN}.fifo`, 'orders.fifo', true, 0), '123456789012', 0);
    expect(fifo).toMatchObject({ FifoTopic: 'true', ContentBasedDeduplication: 'false' });
  });

  it('counts an assumed default as no difference for CreateTopic', () => {
    const topic = new Topic(TOPIC_ARN, 'orders', false, 0);
    expect(
      differsFromTopic(
        topic,
        checkCreateAttributes({ SignatureVersion: '1', TracingConfig: 'PassThrough', DisplayName: '' }, false),
      ),
    ).toBe(false);
    expect(differsFromTopic(topic, checkCreateAttributes({ SignatureVersion: '2' }, false))).toBe(true);
  });

  it('refuses FIFO-only attributes on a standard topic as a bad value', () => {
    expect(messageOf(() => checkCreateAttributes({ FifoThroughputScope: 'Topic' }, false))).toBe(
      'Invalid parameter: Attributes Reason: Invalid value for attribute: FifoThroughputScope',
    );
    expect(messageOf(() => setTopicAttribute(new Topic(TOPIC_ARN, 'orders', false, 0), 'FifoTopic', 'true', 0))).toBe(
      'Invalid parameter: AttributeName',
    );
  });

  it('keeps DisplayName "" as its value and removes other attributes set to ""', () => {
    const topic = new Topic(TOPIC_ARN, 'orders', false, 0);
    setTopicAttribute(topic, 'DisplayName', '', 0);
    setTopicAttribute(topic, 'KmsMasterKeyId', 'key', 0);
    setTopicAttribute(topic, 'KmsMasterKeyId', '', 0);
    expect([...topic.attributes]).toEqual([['DisplayName', '']]);
  });
});
