import {
  CreateTopicCommand,
  DeleteTopicCommand,
  GetSubscriptionAttributesCommand,
  GetTopicAttributesCommand,
  ListSubscriptionsByTopicCommand,
  ListSubscriptionsCommand,
  ListTagsForResourceCommand,
  ListTopicsCommand,
  ResourceNotFoundException,
  SetTopicAttributesCommand,
  SubscribeCommand,
  TagLimitExceededException,
  TagResourceCommand,
  UntagResourceCommand,
  type SNSClient,
  type Tag,
} from '@aws-sdk/client-sns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotEmulatedError } from '../../src/index.js';
import { rejectionOf } from '../helpers.js';
import { defaultTopicPolicyText, expectInvalidParameter, expectNotFound, snsSetup } from './sns-support.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const ACCOUNT = '000000000000';
const arnOf = (name: string, region = 'us-east-1') => `arn:aws:sns:${region}:${ACCOUNT}:${name}`;

const DEFAULT_EFFECTIVE_DELIVERY_POLICY =
  '{"http":{"defaultHealthyRetryPolicy":{"minDelayTarget":20,"maxDelayTarget":20,"numRetries":3,"numMaxDelayRetries":0,' +
  '"numNoDelayRetries":0,"numMinDelayRetries":0,"backoffFunction":"linear"},"disableSubscriptionOverrides":false,' +
  '"defaultRequestPolicy":{"headerContentType":"text/plain; charset=UTF-8"}}}';

const defaultPolicy = (topicArn: string) => defaultTopicPolicyText(topicArn, ACCOUNT);

async function createTopic(
  sns: SNSClient,
  Name: string,
  Attributes?: Record<string, string>,
  Tags?: Tag[],
): Promise<string> {
  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name, Attributes, Tags }));
  return TopicArn!;
}

async function attributesOf(sns: SNSClient, TopicArn: string): Promise<Record<string, string>> {
  return (await sns.send(new GetTopicAttributesCommand({ TopicArn }))).Attributes!;
}

async function tagsOf(sns: SNSClient, ResourceArn: string): Promise<Tag[]> {
  return (await sns.send(new ListTagsForResourceCommand({ ResourceArn }))).Tags!;
}

describe('CreateTopic names', () => {
  it('answers the ARN of the account and region', async () => {
    const { sns } = snsSetup();
    expect(await createTopic(sns, 'orders')).toBe(arnOf('orders'));
  });

  it('uses the region and account of the mock', async () => {
    const { sns } = snsSetup({ region: 'eu-west-1', accountId: '123456789012' });
    expect(await createTopic(sns, 'orders')).toBe('arn:aws:sns:eu-west-1:123456789012:orders');
  });

  it('accepts 256 characters of letters, digits, hyphens and underscores', async () => {
    const { sns } = snsSetup();
    const name = 'a'.repeat(250) + 'Z9_-x-';
    expect(await createTopic(sns, name)).toBe(arnOf(name));
  });

  it.each([
    ['empty', ''],
    ['257 characters', 'a'.repeat(257)],
    ['a colon', 'a:b'],
    ['a semicolon', 'a;b'],
    ['an exclamation mark', 'a!b'],
    ['an at sign', 'a@b'],
    ['a pipe', 'a|b'],
    ['a caret', 'a^b'],
    ['a percent sign', 'a%b'],
    ['a space', 'a b'],
    ['a dot', 'a.b'],
  ])('refuses a name that is %s', async (_case, Name) => {
    const { sns } = snsSetup();
    await expectInvalidParameter(sns.send(new CreateTopicCommand({ Name })), 'Invalid parameter: Topic Name');
  });

  it('creates a FIFO topic from a .fifo name with FifoTopic=true', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 'orders.fifo', { FifoTopic: 'true' });
    expect(arn).toBe(arnOf('orders.fifo'));
    expect(await attributesOf(sns, arn)).toMatchObject({ FifoTopic: 'true', ContentBasedDeduplication: 'false' });
  });

  it('refuses a .fifo name without FifoTopic=true, and FifoTopic=true without the suffix', async () => {
    const { sns } = snsSetup();
    await expectInvalidParameter(
      sns.send(new CreateTopicCommand({ Name: 'test.fifo' })),
      'Invalid parameter: Topic Name',
    );
    await expectInvalidParameter(
      sns.send(new CreateTopicCommand({ Name: 'test.fifo', Attributes: { FifoTopic: 'false' } })),
      'Invalid parameter: Topic Name',
    );
    await expectInvalidParameter(
      sns.send(new CreateTopicCommand({ Name: 'test', Attributes: { FifoTopic: 'true' } })),
      'Invalid parameter: Topic Name',
    );
  });

  it('counts the .fifo suffix in the 256 characters', async () => {
    const { sns } = snsSetup();
    const fits = 'a'.repeat(251) + '.fifo';
    expect(await createTopic(sns, fits, { FifoTopic: 'true' })).toBe(arnOf(fits));
    await expectInvalidParameter(
      sns.send(new CreateTopicCommand({ Name: 'a'.repeat(252) + '.fifo', Attributes: { FifoTopic: 'true' } })),
      'Invalid parameter: Topic Name',
    );
  });
});

describe('CreateTopic idempotency', () => {
  it('answers the same ARN, and omitted attributes keep their values', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 't', { DisplayName: 'Value1' });
    expect(await createTopic(sns, 't')).toBe(arn);
    expect(await createTopic(sns, 't', {})).toBe(arn);
    expect(await createTopic(sns, 't', { DisplayName: 'Value1' })).toBe(arn);
    expect((await attributesOf(sns, arn))['DisplayName']).toBe('Value1');
  });

  it('compares with a value set later by SetTopicAttributes', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 't');
    await sns.send(
      new SetTopicAttributesCommand({ TopicArn: arn, AttributeName: 'DisplayName', AttributeValue: 'AlreadySet' }),
    );
    expect(await createTopic(sns, 't', { DisplayName: 'AlreadySet' })).toBe(arn);
    await expectInvalidParameter(
      sns.send(new CreateTopicCommand({ Name: 't', Attributes: { DisplayName: 'Other' } })),
      'Invalid parameter: Attributes Reason: Topic already exists with different attributes',
    );
  });

  it('refuses a given attribute that differs, even one never set', async () => {
    const { sns } = snsSetup();
    await createTopic(sns, 't', { DisplayName: 'Value1' });
    const different = 'Invalid parameter: Attributes Reason: Topic already exists with different attributes';
    await expectInvalidParameter(
      sns.send(new CreateTopicCommand({ Name: 't', Attributes: { DisplayName: 'Value2' } })),
      different,
    );
    await expectInvalidParameter(
      sns.send(new CreateTopicCommand({ Name: 't', Attributes: { DisplayName: 'Value1', SignatureVersion: '2' } })),
      different,
    );
  });

  it('takes an attribute given at its default as no difference (defaults not recorded as such)', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 't');
    expect(await createTopic(sns, 't', { SignatureVersion: '1', TracingConfig: 'PassThrough', DisplayName: '' })).toBe(
      arn,
    );
    const fifo = await createTopic(sns, 't.fifo', { FifoTopic: 'true' });
    expect(
      await createTopic(sns, 't.fifo', {
        FifoTopic: 'true',
        FifoThroughputScope: 'Topic',
        ContentBasedDeduplication: 'false',
      }),
    ).toBe(fifo);
    await expectInvalidParameter(
      sns.send(
        new CreateTopicCommand({
          Name: 't.fifo',
          Attributes: { FifoTopic: 'true', FifoThroughputScope: 'MessageGroup' },
        }),
      ),
      'Invalid parameter: Attributes Reason: Topic already exists with different attributes',
    );
  });

  it('accepts FifoTopic=false again on a standard topic and never stores it', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 't', { FifoTopic: 'false' });
    expect(await createTopic(sns, 't', { FifoTopic: 'false' })).toBe(arn);
    expect(await attributesOf(sns, arn)).not.toHaveProperty('FifoTopic');
  });

  it('refuses FifoTopic=true on an existing standard name as a bad name', async () => {
    const { sns } = snsSetup();
    await createTopic(sns, 't');
    await expectInvalidParameter(
      sns.send(new CreateTopicCommand({ Name: 't', Attributes: { FifoTopic: 'true' } })),
      'Invalid parameter: Topic Name',
    );
  });

  it('accepts the same tags, a subset of them or none, and refuses others', async () => {
    const { sns } = snsSetup();
    const tags = [
      { Key: 'a', Value: '1' },
      { Key: 'b', Value: '2' },
    ];
    const arn = await createTopic(sns, 't', undefined, tags);
    expect(await createTopic(sns, 't', undefined, tags)).toBe(arn);
    expect(await createTopic(sns, 't', undefined, [{ Key: 'b', Value: '2' }])).toBe(arn);
    expect(await createTopic(sns, 't', undefined, [])).toBe(arn);
    const different = 'Invalid parameter: Tags Reason: Topic already exists with different tags';
    await expectInvalidParameter(
      sns.send(new CreateTopicCommand({ Name: 't', Tags: [{ Key: 'a', Value: 'other' }] })),
      different,
    );
    await expectInvalidParameter(
      sns.send(new CreateTopicCommand({ Name: 't', Tags: [{ Key: 'c', Value: '3' }] })),
      different,
    );
  });

  it('refuses an extra tag on a topic that has none', async () => {
    const { sns } = snsSetup();
    await createTopic(sns, 't');
    await expectInvalidParameter(
      sns.send(new CreateTopicCommand({ Name: 't', Tags: [{ Key: 'k', Value: 'v' }] })),
      'Invalid parameter: Tags Reason: Topic already exists with different tags',
    );
  });

  it('after DeleteTopic, creates the name afresh: same ARN, no old tags, the new ones applied', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 't', { DisplayName: 'old' }, [{ Key: 'old', Value: '1' }]);
    await sns.send(new DeleteTopicCommand({ TopicArn: arn }));
    expect(await createTopic(sns, 't', undefined, [{ Key: 'new', Value: '2' }])).toBe(arn);
    expect(await tagsOf(sns, arn)).toEqual([{ Key: 'new', Value: '2' }]);
    expect((await attributesOf(sns, arn))['DisplayName']).toBe('');
  });

  it('refuses duplicate tag keys in CreateTopic', async () => {
    const { sns } = snsSetup();
    await expectInvalidParameter(
      sns.send(
        new CreateTopicCommand({
          Name: 't',
          Tags: [
            { Key: 'k', Value: '1' },
            { Key: 'k', Value: '2' },
          ],
        }),
      ),
      'Invalid parameter: Duplicated keys are not allowed.',
    );
  });
});

describe('GetTopicAttributes', () => {
  it('shows the verified default key set of a standard topic', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 't');
    expect(await attributesOf(sns, arn)).toStrictEqual({
      DisplayName: '',
      EffectiveDeliveryPolicy: DEFAULT_EFFECTIVE_DELIVERY_POLICY,
      Owner: ACCOUNT,
      Policy: defaultPolicy(arn),
      SubscriptionsConfirmed: '0',
      SubscriptionsDeleted: '0',
      SubscriptionsPending: '0',
      TopicArn: arn,
    });
  });

  it('adds FifoTopic and ContentBasedDeduplication on a FIFO topic', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 't.fifo', { FifoTopic: 'true', ContentBasedDeduplication: 'true' });
    const attributes = await attributesOf(sns, arn);
    expect(attributes).toMatchObject({
      FifoTopic: 'true',
      ContentBasedDeduplication: 'true',
      Policy: defaultPolicy(arn),
    });
    expect(Object.keys(attributes).sort()).toEqual(
      [
        'ContentBasedDeduplication',
        'DisplayName',
        'EffectiveDeliveryPolicy',
        'FifoTopic',
        'Owner',
        'Policy',
        'SubscriptionsConfirmed',
        'SubscriptionsDeleted',
        'SubscriptionsPending',
        'TopicArn',
      ].sort(),
    );
  });

  it('shows SignatureVersion and DeliveryPolicy only once set', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 't', { SignatureVersion: '2' });
    expect(await attributesOf(sns, arn)).toMatchObject({ SignatureVersion: '2' });
    expect(await attributesOf(sns, arn)).not.toHaveProperty('DeliveryPolicy');
  });

  it('counts confirmed and pending subscriptions', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 't');
    await sns.send(
      new SubscribeCommand({ TopicArn: arn, Protocol: 'sqs', Endpoint: `arn:aws:sqs:us-east-1:${ACCOUNT}:q` }),
    );
    await sns.send(new SubscribeCommand({ TopicArn: arn, Protocol: 'email', Endpoint: 'someone@example.com' }));
    expect(await attributesOf(sns, arn)).toMatchObject({
      SubscriptionsConfirmed: '1',
      SubscriptionsPending: '1',
      SubscriptionsDeleted: '0',
    });
  });
});

describe('SetTopicAttributes', () => {
  it('sets an attribute that GetTopicAttributes then shows', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 't');
    await sns.send(
      new SetTopicAttributesCommand({ TopicArn: arn, AttributeName: 'DisplayName', AttributeValue: 'Shown' }),
    );
    expect((await attributesOf(sns, arn))['DisplayName']).toBe('Shown');
  });

  it('refuses to change FifoTopic after creation, either way', async () => {
    const { sns } = snsSetup();
    const standard = await createTopic(sns, 't');
    const fifo = await createTopic(sns, 't.fifo', { FifoTopic: 'true' });
    for (const [TopicArn, AttributeValue] of [
      [standard, 'false'],
      [standard, 'true'],
      [fifo, 'false'],
    ] as const) {
      await expectInvalidParameter(
        sns.send(new SetTopicAttributesCommand({ TopicArn, AttributeName: 'FifoTopic', AttributeValue })),
        'Invalid parameter: AttributeName',
      );
    }
  });

  it('keeps the delivery-status logging attributes of every protocol, with sample rates from 0 to 100', async () => {
    const { sns } = snsSetup();
    const role = `arn:aws:iam::${ACCOUNT}:role/sns-logging`;
    const arn = await createTopic(sns, 't', { SQSSuccessFeedbackRoleArn: role, SQSSuccessFeedbackSampleRate: '100' });
    await sns.send(
      new SetTopicAttributesCommand({
        TopicArn: arn,
        AttributeName: 'HTTPFailureFeedbackRoleArn',
        AttributeValue: role,
      }),
    );
    expect(await attributesOf(sns, arn)).toMatchObject({
      SQSSuccessFeedbackRoleArn: role,
      SQSSuccessFeedbackSampleRate: '100',
      HTTPFailureFeedbackRoleArn: role,
    });
    for (const AttributeValue of ['101', '-1', 'half']) {
      await expectInvalidParameter(
        sns.send(
          new SetTopicAttributesCommand({
            TopicArn: arn,
            AttributeName: 'LambdaSuccessFeedbackSampleRate',
            AttributeValue,
          }),
        ),
        'Invalid parameter: AttributeValue',
      );
    }
  });

  it('refuses an unknown attribute name', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 't');
    await expectInvalidParameter(
      sns.send(new SetTopicAttributesCommand({ TopicArn: arn, AttributeName: 'Bogus', AttributeValue: 'x' })),
      'Invalid parameter: AttributeName',
    );
  });

  it('removes DeliveryPolicy when set to ""', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 't');
    const policy = '{"http":{"defaultHealthyRetryPolicy":{"numRetries":5}}}';
    await sns.send(
      new SetTopicAttributesCommand({ TopicArn: arn, AttributeName: 'DeliveryPolicy', AttributeValue: policy }),
    );
    expect((await attributesOf(sns, arn))['DeliveryPolicy']).toBe(
      '{"http":{"defaultHealthyRetryPolicy":{"numRetries":5},"disableSubscriptionOverrides":false}}',
    );
    await sns.send(
      new SetTopicAttributesCommand({ TopicArn: arn, AttributeName: 'DeliveryPolicy', AttributeValue: '' }),
    );
    expect(await attributesOf(sns, arn)).not.toHaveProperty('DeliveryPolicy');
    expect((await attributesOf(sns, arn))['EffectiveDeliveryPolicy']).toBe(DEFAULT_EFFECTIVE_DELIVERY_POLICY);
  });

  it('shows a DeliveryPolicy in SNS’s form, and merges it into EffectiveDeliveryPolicy (as recorded from AWS)', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 't');
    const policy = JSON.stringify({ http: { defaultRequestPolicy: { headerContentType: 'application/json' } } });
    await sns.send(
      new SetTopicAttributesCommand({ TopicArn: arn, AttributeName: 'DeliveryPolicy', AttributeValue: policy }),
    );
    const attributes = await attributesOf(sns, arn);
    expect(JSON.parse(attributes['DeliveryPolicy']!)).toStrictEqual({
      http: { disableSubscriptionOverrides: false, defaultRequestPolicy: { headerContentType: 'application/json' } },
    });
    const effective = JSON.parse(attributes['EffectiveDeliveryPolicy']!) as { http: Record<string, unknown> };
    expect(Object.keys(effective.http)).toEqual([
      'defaultHealthyRetryPolicy',
      'disableSubscriptionOverrides',
      'defaultRequestPolicy',
    ]);
    expect(effective.http['defaultRequestPolicy']).toEqual({ headerContentType: 'application/json' });
    expect(effective.http['defaultHealthyRetryPolicy']).toEqual(
      JSON.parse(DEFAULT_EFFECTIVE_DELIVERY_POLICY).http.defaultHealthyRetryPolicy,
    );
  });
});

describe('DeliveryPolicy and EffectiveDeliveryPolicy, step by step as recorded (test_topic_delivery_policy_crud)', () => {
  const DEFAULT_HEALTHY =
    '{"minDelayTarget":20,"maxDelayTarget":20,"numRetries":3,"numMaxDelayRetries":0,"numNoDelayRetries":0,"numMinDelayRetries":0,"backoffFunction":"linear"}';
  const PLAIN_TEXT = '"defaultRequestPolicy":{"headerContentType":"text/plain; charset=UTF-8"}';

  async function setDeliveryPolicy(sns: SNSClient, TopicArn: string, policy: unknown): Promise<Record<string, string>> {
    await sns.send(
      new SetTopicAttributesCommand({
        TopicArn,
        AttributeName: 'DeliveryPolicy',
        AttributeValue: JSON.stringify(policy),
      }),
    );
    return attributesOf(sns, TopicArn);
  }

  it('fills a partial healthy retry policy from the default, and drops a null one', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 'topictest.fifo', {
      DisplayName: 'TestTopic',
      SignatureVersion: '2',
      FifoTopic: 'true',
      DeliveryPolicy: JSON.stringify({ http: { defaultRequestPolicy: { headerContentType: 'application/json' } } }),
    });
    const created = await attributesOf(sns, arn);
    expect(created['DeliveryPolicy']).toBe(
      '{"http":{"disableSubscriptionOverrides":false,"defaultRequestPolicy":{"headerContentType":"application/json"}}}',
    );
    expect(created['EffectiveDeliveryPolicy']).toBe(
      `{"http":{"defaultHealthyRetryPolicy":${DEFAULT_HEALTHY},"disableSubscriptionOverrides":false,"defaultRequestPolicy":{"headerContentType":"application/json"}}}`,
    );

    const updated = await setDeliveryPolicy(sns, arn, {
      http: { defaultHealthyRetryPolicy: { minDelayTarget: 5, maxDelayTarget: 6, numRetries: 1 } },
    });
    expect(updated['DeliveryPolicy']).toBe(
      '{"http":{"defaultHealthyRetryPolicy":{"minDelayTarget":5,"maxDelayTarget":6,"numRetries":1},"disableSubscriptionOverrides":false}}',
    );
    expect(updated['EffectiveDeliveryPolicy']).toBe(
      '{"http":{"defaultHealthyRetryPolicy":{"minDelayTarget":5,"maxDelayTarget":6,"numRetries":1,"numMaxDelayRetries":0,' +
        `"numNoDelayRetries":0,"numMinDelayRetries":0,"backoffFunction":"linear"},"disableSubscriptionOverrides":false,${PLAIN_TEXT}}}`,
    );

    const nulled = await setDeliveryPolicy(sns, arn, { http: { defaultHealthyRetryPolicy: null } });
    expect(nulled['DeliveryPolicy']).toBe('{"http":{"disableSubscriptionOverrides":false}}');
    expect(nulled['EffectiveDeliveryPolicy']).toBe(
      `{"http":{"defaultHealthyRetryPolicy":${DEFAULT_HEALTHY},"disableSubscriptionOverrides":false,${PLAIN_TEXT}}}`,
    );
    expect(nulled['EffectiveDeliveryPolicy']).toBe(DEFAULT_EFFECTIVE_DELIVERY_POLICY);
  });

  it('[inferred] writes the retry members in the default’s order, whatever order they were given in', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 't');
    const updated = await setDeliveryPolicy(sns, arn, {
      http: { defaultHealthyRetryPolicy: { backoffFunction: 'exponential', numRetries: 4 } },
    });
    expect(updated['DeliveryPolicy']).toBe(
      '{"http":{"defaultHealthyRetryPolicy":{"numRetries":4,"backoffFunction":"exponential"},"disableSubscriptionOverrides":false}}',
    );
    expect(updated['EffectiveDeliveryPolicy']).toBe(
      '{"http":{"defaultHealthyRetryPolicy":{"minDelayTarget":20,"maxDelayTarget":20,"numRetries":4,"numMaxDelayRetries":0,' +
        `"numNoDelayRetries":0,"numMinDelayRetries":0,"backoffFunction":"exponential"},"disableSubscriptionOverrides":false,${PLAIN_TEXT}}}`,
    );
  });
});

describe('DeleteTopic', () => {
  it('is idempotent, also for a topic that never existed', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 't');
    await sns.send(new DeleteTopicCommand({ TopicArn: arn }));
    await sns.send(new DeleteTopicCommand({ TopicArn: arn }));
    await sns.send(new DeleteTopicCommand({ TopicArn: arnOf('never') }));
    await expectNotFound(sns.send(new GetTopicAttributesCommand({ TopicArn: arn })), 'Topic does not exist');
  });

  it('removes the topic from ListTopics, and its subscriptions with it', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 't');
    const kept = await createTopic(sns, 'kept');
    const { SubscriptionArn } = await sns.send(
      new SubscribeCommand({ TopicArn: arn, Protocol: 'sqs', Endpoint: `arn:aws:sqs:us-east-1:${ACCOUNT}:q` }),
    );
    await sns.send(
      new SubscribeCommand({ TopicArn: kept, Protocol: 'sqs', Endpoint: `arn:aws:sqs:us-east-1:${ACCOUNT}:q` }),
    );
    await sns.send(new DeleteTopicCommand({ TopicArn: arn }));

    expect((await sns.send(new ListTopicsCommand({}))).Topics).toEqual([{ TopicArn: kept }]);
    const { Subscriptions } = await sns.send(new ListSubscriptionsCommand({}));
    expect(Subscriptions!.map((s) => s.TopicArn)).toEqual([kept]);
    await expectNotFound(
      sns.send(new GetSubscriptionAttributesCommand({ SubscriptionArn })),
      'Subscription does not exist',
    );
  });

  it('removes the tags with the topic', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 't', undefined, [{ Key: 'k', Value: 'v' }]);
    await sns.send(new DeleteTopicCommand({ TopicArn: arn }));
    await createTopic(sns, 't');
    expect(await tagsOf(sns, arn)).toEqual([]);
  });
});

describe('ListTopics', () => {
  it('answers pages of 100 with an opaque base64 token, and no token on the last page', async () => {
    const { sns } = snsSetup();
    const names = Array.from({ length: 101 }, (_, i) => `topic-${String(i).padStart(3, '0')}`);
    for (const name of names) await createTopic(sns, name);

    const first = await sns.send(new ListTopicsCommand({}));
    expect(first.Topics).toHaveLength(100);
    expect(first.Topics![0]).toStrictEqual({ TopicArn: arnOf(names[0]!) });
    expect(first.NextToken).toEqual(expect.any(String));
    expect(Buffer.from(first.NextToken!, 'base64').length).toBeGreaterThan(0);

    const second = await sns.send(new ListTopicsCommand({ NextToken: first.NextToken }));
    expect(second.Topics).toEqual([{ TopicArn: arnOf(names[100]!) }]);
    expect(second).not.toHaveProperty('NextToken');
  });

  it('answers an empty list when there are no topics', async () => {
    const { sns } = snsSetup();
    const listed = await sns.send(new ListTopicsCommand({}));
    expect(listed.Topics).toEqual([]);
    expect(listed.NextToken).toBeUndefined();
  });
});

describe('TopicArn errors', () => {
  type Call = (sns: SNSClient, TopicArn: string) => Promise<unknown>;
  const calls: [string, Call][] = [
    ['GetTopicAttributes', (sns, TopicArn) => sns.send(new GetTopicAttributesCommand({ TopicArn }))],
    [
      'SetTopicAttributes',
      (sns, TopicArn) =>
        sns.send(new SetTopicAttributesCommand({ TopicArn, AttributeName: 'DisplayName', AttributeValue: 'x' })),
    ],
    [
      'Subscribe',
      (sns, TopicArn) =>
        sns.send(new SubscribeCommand({ TopicArn, Protocol: 'email', Endpoint: 'someone@example.com' })),
    ],
    ['ListSubscriptionsByTopic', (sns, TopicArn) => sns.send(new ListSubscriptionsByTopicCommand({ TopicArn }))],
  ];

  describe.each(calls)('%s', (_name, call) => {
    it.each([
      ['randomstring', 1],
      ['', 1],
      ['randomstring:1', 2],
      ['arn:aws:sns:us-east-1:random', 5],
    ])('refuses %j as an ARN of %i elements', async (arn, count) => {
      const { sns } = snsSetup();
      await expectInvalidParameter(
        call(sns, arn),
        `Invalid parameter: TopicArn Reason: An ARN must have at least 6 elements, not ${count}`,
      );
    });

    it('refuses an ARN of another region', async () => {
      const { sns } = snsSetup();
      await createTopic(sns, 't');
      await expectInvalidParameter(call(sns, arnOf('t', 'eu-west-1')), 'Invalid parameter: TopicArn');
    });

    it('answers NotFound for a topic that does not exist', async () => {
      const { sns } = snsSetup();
      await expectNotFound(call(sns, arnOf('missing')), 'Topic does not exist');
    });
  });

  it('DeleteTopic refuses a malformed ARN and one of another region', async () => {
    const { sns } = snsSetup();
    await expectInvalidParameter(
      sns.send(new DeleteTopicCommand({ TopicArn: 'randomstring' })),
      'Invalid parameter: TopicArn Reason: An ARN must have at least 6 elements, not 1',
    );
    await expectInvalidParameter(
      sns.send(new DeleteTopicCommand({ TopicArn: arnOf('t', 'eu-west-1') })),
      'Invalid parameter: TopicArn',
    );
  });
});

describe('tags', () => {
  it('lists no tags as Tags: []', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 't');
    expect(await sns.send(new ListTagsForResourceCommand({ ResourceArn: arn }))).toMatchObject({ Tags: [] });
  });

  it('adds, overwrites and removes tags', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 't', undefined, [{ Key: 'a', Value: '1' }]);
    await sns.send(
      new TagResourceCommand({
        ResourceArn: arn,
        Tags: [
          { Key: 'a', Value: 'changed' },
          { Key: 'b', Value: '2' },
        ],
      }),
    );
    expect(await tagsOf(sns, arn)).toEqual([
      { Key: 'a', Value: 'changed' },
      { Key: 'b', Value: '2' },
    ]);
    await sns.send(new UntagResourceCommand({ ResourceArn: arn, TagKeys: ['a', 'not-there'] }));
    expect(await tagsOf(sns, arn)).toEqual([{ Key: 'b', Value: '2' }]);
  });

  it('refuses duplicate keys in one TagResource call and changes nothing', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 't');
    await expectInvalidParameter(
      sns.send(
        new TagResourceCommand({
          ResourceArn: arn,
          Tags: [
            { Key: 'k', Value: '1' },
            { Key: 'k', Value: '2' },
          ],
        }),
      ),
      'Invalid parameter: Duplicated keys are not allowed.',
    );
    expect(await tagsOf(sns, arn)).toEqual([]);
  });

  it('refuses more than 50 tags on a topic', async () => {
    const { sns } = snsSetup();
    const arn = await createTopic(sns, 't');
    const fifty = Array.from({ length: 50 }, (_, i) => ({ Key: `k${i}`, Value: 'v' }));
    await sns.send(new TagResourceCommand({ ResourceArn: arn, Tags: fifty }));
    const error = await rejectionOf(
      sns.send(new TagResourceCommand({ ResourceArn: arn, Tags: [{ Key: 'one-more', Value: 'v' }] })),
    );
    expect(error).toBeInstanceOf(TagLimitExceededException);
    expect(await tagsOf(sns, arn)).toHaveLength(50);
  });

  it('does not pretend to apply a DataProtectionPolicy that would deny messages, given at creation', async () => {
    const { sns } = snsSetup();
    const statement = { DataDirection: 'Inbound', DataIdentifier: ['x'], Principal: ['*'], Operation: { Deny: {} } };
    const policy = JSON.stringify({ Name: 'x', Statement: [statement] });
    const error = await rejectionOf(
      sns.send(new CreateTopicCommand({ Name: 'guarded', DataProtectionPolicy: policy })),
    );
    expect(error).toBeInstanceOf(NotEmulatedError);
    expect(error.message).toContain('DataProtectionPolicy');
    expect((await sns.send(new ListTopicsCommand({}))).Topics).toEqual([]);
  });

  it('refuses more than 50 tags when the topic is created', async () => {
    const { sns } = snsSetup();
    const tags = (n: number) => Array.from({ length: n }, (_, i) => ({ Key: `k${i}`, Value: 'v' }));
    const error = await rejectionOf(sns.send(new CreateTopicCommand({ Name: 'crowded', Tags: tags(51) })));
    expect(error).toBeInstanceOf(TagLimitExceededException);
    expect((await sns.send(new ListTopicsCommand({}))).Topics).toEqual([]);
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'full', Tags: tags(50) }));
    expect(await tagsOf(sns, TopicArn!)).toHaveLength(50);
  });

  it('answers ResourceNotFound for a topic that does not exist', async () => {
    const { sns } = snsSetup();
    const error = await rejectionOf(sns.send(new ListTagsForResourceCommand({ ResourceArn: arnOf('missing') })));
    expect(error).toBeInstanceOf(ResourceNotFoundException);
  });
});
