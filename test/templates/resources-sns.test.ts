import {
  CreateTopicCommand,
  GetSubscriptionAttributesCommand,
  GetTopicAttributesCommand,
  ListSubscriptionsByTopicCommand,
  ListTagsForResourceCommand,
  ListTopicsCommand,
  PublishCommand,
  SNSClient,
  SubscribeCommand,
} from '@aws-sdk/client-sns';
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networkTrap, rejectionOf } from '../helpers.js';
import { resourceSetup, thrownBy } from './resources-support.js';

// AWS::SNS::Topic, AWS::SNS::Subscription, AWS::SNS::TopicPolicy and AWS::SNS::TopicInlinePolicy
// (docs/aws-behaviour/templates.md §3.3–§3.5): what they create is what the same SDK calls create.

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const TOPIC_ARN = 'arn:aws:sns:us-east-1:000000000000';

async function topicAttributes(sns: SNSClient, TopicArn: string): Promise<Record<string, string>> {
  const { Attributes } = await sns.send(new GetTopicAttributesCommand({ TopicArn }));
  // The ARN and the policy (which names the ARN) differ between two topics by their names only.
  const { TopicArn: _arn, Policy: _policy, ...rest } = Attributes!;
  return rest;
}

async function subscriptionAttributes(sns: SNSClient, SubscriptionArn: string): Promise<Record<string, string>> {
  const { Attributes } = await sns.send(new GetSubscriptionAttributesCommand({ SubscriptionArn }));
  const { SubscriptionArn: _arn, TopicArn: _topic, Endpoint: _endpoint, ...rest } = Attributes!;
  return rest;
}

describe('AWS::SNS::Topic', () => {
  it('creates the topic CreateTopic would, with its tags; Ref is the ARN (§3.3)', async () => {
    const { sns, create } = resourceSetup();
    const topic = create('AWS::SNS::Topic', 'Events', {
      TopicName: 'events.fifo',
      FifoTopic: true,
      ContentBasedDeduplication: 'true',
      DisplayName: 'Events',
      SignatureVersion: '2',
      TracingConfig: 'Active',
      ArchivePolicy: { MessageRetentionPeriod: 30 },
      Tags: [{ Key: 'team', Value: 'orders' }],
    });
    const { TopicArn } = await sns.send(
      new CreateTopicCommand({
        Name: 'same-by-sdk.fifo',
        Attributes: {
          FifoTopic: 'true',
          ContentBasedDeduplication: 'true',
          DisplayName: 'Events',
          SignatureVersion: '2',
          TracingConfig: 'Active',
          ArchivePolicy: JSON.stringify({ MessageRetentionPeriod: 30 }),
        },
      }),
    );
    expect(topic.ref).toBe(`${TOPIC_ARN}:events.fifo`);
    expect(topic.attributes).toEqual({ TopicArn: topic.ref, TopicName: 'events.fifo' });
    expect(topic.view).toEqual({ kind: 'topic', arn: topic.ref });
    expect(await topicAttributes(sns, topic.ref)).toEqual(await topicAttributes(sns, TopicArn!));
    expect((await sns.send(new ListTagsForResourceCommand({ ResourceArn: topic.ref }))).Tags).toEqual([
      { Key: 'team', Value: 'orders' },
    ]);
  });

  it('generates <stack>-<logicalId>-<random>, with .fifo for a FIFO topic', () => {
    const { create } = resourceSetup({ stackName: 'shop' });
    expect(create('AWS::SNS::Topic', 'Events').attributes['TopicName']).toMatch(/^shop-Events-\w{12}$/);
    expect(create('AWS::SNS::Topic', 'Ordered', { FifoTopic: 'true' }).attributes['TopicName']).toMatch(
      /^shop-Ordered-\w{12}\.fifo$/,
    );
  });

  it('turns DeliveryStatusLogging into the per-protocol feedback attributes', async () => {
    const { sns, create } = resourceSetup();
    const role = 'arn:aws:iam::000000000000:role/feedback';
    const topic = create('AWS::SNS::Topic', 'Logged', {
      DeliveryStatusLogging: [
        { Protocol: 'sqs', SuccessFeedbackRoleArn: role, SuccessFeedbackSampleRate: 50, FailureFeedbackRoleArn: role },
      ],
    });
    expect(await topicAttributes(sns, topic.ref)).toMatchObject({
      SQSSuccessFeedbackRoleArn: role,
      SQSSuccessFeedbackSampleRate: '50',
      SQSFailureFeedbackRoleArn: role,
    });
    expect(
      thrownBy(() => create('AWS::SNS::Topic', 'Bad', { DeliveryStatusLogging: [{ Protocol: 'email' }] })).message,
    ).toContain('#/DeliveryStatusLogging/0/Protocol: email is not a valid enum value');
  });

  it('subscribes each inline Subscription entry; undo() removes the topic and them', async () => {
    const { sns, create } = resourceSetup();
    const queue = create('AWS::SQS::Queue', 'Q');
    const topic = create('AWS::SNS::Topic', 'T', {
      Subscription: [{ Protocol: 'sqs', Endpoint: queue.attributes['Arn'] }],
    });
    const { Subscriptions } = await sns.send(new ListSubscriptionsByTopicCommand({ TopicArn: topic.ref }));
    expect(Subscriptions).toMatchObject([{ Protocol: 'sqs', Endpoint: queue.attributes['Arn'] }]);
    expect(
      thrownBy(() => create('AWS::SNS::Topic', 'T2', { Subscription: [{ Protocol: 'sqs', Endpoint: 'x', Id: 1 }] }))
        .message,
    ).toContain('#/Subscription/0: extraneous key [Id] is not permitted');

    topic.undo();
    expect((await sns.send(new ListTopicsCommand({}))).Topics).toEqual([]);
  });

  it("answers SNS's text for a bad value or a FIFO topic without .fifo, and leaves nothing behind", async () => {
    const { sns, create } = resourceSetup();
    const expected = await rejectionOf(
      sns.send(new CreateTopicCommand({ Name: 't', Attributes: { SignatureVersion: '3' } })),
    );
    expect(thrownBy(() => create('AWS::SNS::Topic', 'T', { SignatureVersion: 3 }))).toMatchObject({
      message: expect.stringContaining(`T (AWS::SNS::Topic): ${expected.message}`),
      logicalId: 'T',
      property: 'SignatureVersion',
    });
    const badName = await rejectionOf(
      sns.send(new CreateTopicCommand({ Name: 'plain', Attributes: { FifoTopic: 'true' } })),
    );
    expect(thrownBy(() => create('AWS::SNS::Topic', 'F', { TopicName: 'plain', FifoTopic: true })).message).toContain(
      badName.message,
    );
    // An inline subscription SNS refuses takes the topic back with it.
    expect(
      thrownBy(() => create('AWS::SNS::Topic', 'S', { Subscription: [{ Protocol: 'sqs', Endpoint: 'not-an-arn' }] })),
    ).toMatchObject({ property: 'Subscription' });
    expect((await sns.send(new ListTopicsCommand({}))).Topics).toEqual([]);
  });
});

describe('AWS::SNS::Subscription', () => {
  it('subscribes as Subscribe would, the objects as JSON; Ref is the subscription ARN (§3.4)', async () => {
    const { sns, create } = resourceSetup();
    const topic = create('AWS::SNS::Topic', 'T');
    const queue = create('AWS::SQS::Queue', 'Q');
    const other = create('AWS::SQS::Queue', 'Other');
    const dlq = create('AWS::SQS::Queue', 'Dlq');
    const filter = { store: ['example_corp'], price_usd: [{ numeric: ['>=', 100] }] };
    const subscription = create('AWS::SNS::Subscription', 'Sub', {
      TopicArn: topic.ref,
      Protocol: 'sqs',
      Endpoint: queue.attributes['Arn'],
      RawMessageDelivery: true,
      FilterPolicy: filter,
      FilterPolicyScope: 'MessageBody',
      RedrivePolicy: { deadLetterTargetArn: dlq.attributes['Arn'] },
    });
    const { SubscriptionArn } = await sns.send(
      new SubscribeCommand({
        TopicArn: topic.ref,
        Protocol: 'sqs',
        Endpoint: other.attributes['Arn'] as string,
        ReturnSubscriptionArn: true,
        Attributes: {
          RawMessageDelivery: 'true',
          FilterPolicy: JSON.stringify(filter),
          FilterPolicyScope: 'MessageBody',
          RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.attributes['Arn'] }),
        },
      }),
    );
    expect(subscription.ref).toMatch(new RegExp(`^${topic.ref}:[0-9a-f-]{36}$`));
    expect(subscription.attributes).toEqual({ SubscriptionArn: subscription.ref });
    expect(await subscriptionAttributes(sns, subscription.ref)).toEqual(
      await subscriptionAttributes(sns, SubscriptionArn!),
    );
  });

  it('delivers: a published message reaches the subscribed queue raw', async () => {
    const { sns, sqs, create } = resourceSetup();
    const topic = create('AWS::SNS::Topic', 'T');
    const queue = create('AWS::SQS::Queue', 'Q');
    create('AWS::SNS::Subscription', 'Sub', {
      TopicArn: topic.ref,
      Protocol: 'sqs',
      Endpoint: queue.attributes['Arn'],
      RawMessageDelivery: 'true',
    });
    await sns.send(new PublishCommand({ TopicArn: topic.ref, Message: 'hello' }));
    const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queue.ref }));
    expect(Messages?.map((message) => message.Body)).toEqual(['hello']);
  });

  it('subscribes in the Region given: a topic of another region', async () => {
    const { aws, create } = resourceSetup();
    const west = new SNSClient({ region: 'us-west-2', requestHandler: networkTrap });
    west.middlewareStack.use(aws.sns);
    const { TopicArn } = await west.send(new CreateTopicCommand({ Name: 'far' }));
    const queue = create('AWS::SQS::Queue', 'Q');
    const subscription = create('AWS::SNS::Subscription', 'Sub', {
      TopicArn,
      Protocol: 'sqs',
      Endpoint: queue.attributes['Arn'],
      Region: 'us-west-2',
    });
    expect(subscription.ref.startsWith(`${TopicArn}:`)).toBe(true);
  });

  it("answers SNS's text for a bad filter policy naming the property; undo() unsubscribes", async () => {
    const { sns, create } = resourceSetup();
    const topic = create('AWS::SNS::Topic', 'T');
    const queue = create('AWS::SQS::Queue', 'Q');
    const base = { TopicArn: topic.ref, Protocol: 'sqs', Endpoint: queue.attributes['Arn'] };
    const error = thrownBy(() => create('AWS::SNS::Subscription', 'Bad', { ...base, FilterPolicy: { a: 'x' } }));
    expect(error).toMatchObject({ logicalId: 'Bad', property: 'FilterPolicy' });
    expect(error.message).toContain(
      'Bad (AWS::SNS::Subscription): Invalid parameter: Attributes Reason: FilterPolicy: "a" must be',
    );
    expect(thrownBy(() => create('AWS::SNS::Subscription', 'NoTopic', { Protocol: 'sqs' })).message).toContain(
      '#: required key [TopicArn] not found',
    );

    const subscription = create('AWS::SNS::Subscription', 'Sub', base);
    subscription.undo();
    expect((await sns.send(new ListSubscriptionsByTopicCommand({ TopicArn: topic.ref }))).Subscriptions).toEqual([]);
  });

  it("names the property SNS's text names in lower case: a bad endpoint, an unknown protocol", () => {
    const { create } = resourceSetup();
    const topic = create('AWS::SNS::Topic', 'T');
    expect(
      thrownBy(() => create('AWS::SNS::Subscription', 'S', { TopicArn: topic.ref, Protocol: 'sqs', Endpoint: 'bad' })),
    ).toMatchObject({ logicalId: 'S', property: 'Endpoint', message: expect.stringContaining('SQS endpoint ARN') });
    expect(
      thrownBy(() => create('AWS::SNS::Subscription', 'P', { TopicArn: topic.ref, Protocol: 'pigeon', Endpoint: 'x' })),
    ).toMatchObject({ logicalId: 'P', property: 'Protocol' });
  });

  it('undo() leaves a subscription that existed before (Subscribe answered it again)', async () => {
    const { sns, create } = resourceSetup();
    const queue = create('AWS::SQS::Queue', 'Q');
    const topic = create('AWS::SNS::Topic', 'T', {
      Subscription: [{ Protocol: 'sqs', Endpoint: queue.attributes['Arn'] }],
    });
    const again = create('AWS::SNS::Subscription', 'Sub', {
      TopicArn: topic.ref,
      Protocol: 'sqs',
      Endpoint: queue.attributes['Arn'],
    });
    again.undo();
    expect((await sns.send(new ListSubscriptionsByTopicCommand({ TopicArn: topic.ref }))).Subscriptions).toHaveLength(
      1,
    );
  });
});

describe('AWS::SNS::TopicPolicy and AWS::SNS::TopicInlinePolicy', () => {
  const document = {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Principal: { Service: 's3.amazonaws.com' }, Action: 'sns:Publish', Resource: '*' }],
  };

  it("replaces each topic's Policy; undo() brings back SNS's default policy (§3.5)", async () => {
    const { sns, create } = resourceSetup();
    const topic = create('AWS::SNS::Topic', 'T');
    const policyOf = async () =>
      JSON.parse((await sns.send(new GetTopicAttributesCommand({ TopicArn: topic.ref }))).Attributes!['Policy']!);
    const defaultPolicy = await policyOf();
    const policy = create('AWS::SNS::TopicPolicy', 'P', { Topics: [topic.ref], PolicyDocument: document });
    expect(policy.ref).toMatch(/^test-stack-P-/);
    expect(await policyOf()).toEqual(document);
    policy.undo();
    expect(await policyOf()).toEqual(defaultPolicy);

    const inline = create('AWS::SNS::TopicInlinePolicy', 'I', { TopicArn: topic.ref, PolicyDocument: document });
    expect(inline.ref).toBe(topic.ref);
    expect(await policyOf()).toEqual(document);
    inline.undo();
    expect(await policyOf()).toEqual(defaultPolicy);
  });

  it("answers SNS's text for a missing topic", () => {
    const { create } = resourceSetup();
    const error = thrownBy(() =>
      create('AWS::SNS::TopicPolicy', 'P', { Topics: [`${TOPIC_ARN}:missing`], PolicyDocument: document }),
    );
    expect(error.message).toContain('P (AWS::SNS::TopicPolicy): Topic does not exist');
  });
});
