import {
  ConfirmSubscriptionCommand,
  CreateTopicCommand,
  GetSubscriptionAttributesCommand,
  GetTopicAttributesCommand,
  ListSubscriptionsByTopicCommand,
  ListSubscriptionsCommand,
  SetSubscriptionAttributesCommand,
  SetTopicAttributesCommand,
  SubscribeCommand,
  UnsubscribeCommand,
  type SNSClient,
  type SubscribeCommandInput,
} from '@aws-sdk/client-sns';
import { CreateQueueCommand, DeleteQueueCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import { rejectionOf } from '../helpers.js';
import { expectInvalidParameter, expectNotFound, snsSetup } from './sns-support.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const ACCOUNT = '000000000000';
const topicArnOf = (name: string, region = 'us-east-1') => `arn:aws:sns:${region}:${ACCOUNT}:${name}`;
const queueArnOf = (name: string, account = ACCOUNT) => `arn:aws:sqs:us-east-1:${account}:${name}`;
const PRINCIPAL = `arn:aws:iam::${ACCOUNT}:user/sqs-sns-mock`;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
const subscriptionArnPattern = (topicArn: string) => new RegExp(`^${topicArn.replace(/\./g, '\\.')}:${UUID}$`);

async function createTopic(sns: SNSClient, name: string): Promise<string> {
  const fifo = name.endsWith('.fifo');
  return (
    await sns.send(new CreateTopicCommand({ Name: name, ...(fifo ? { Attributes: { FifoTopic: 'true' } } : {}) }))
  ).TopicArn!;
}

async function subscribe(sns: SNSClient, input: SubscribeCommandInput): Promise<string> {
  return (await sns.send(new SubscribeCommand(input))).SubscriptionArn!;
}

async function attributesOf(sns: SNSClient, SubscriptionArn: string): Promise<Record<string, string>> {
  return (await sns.send(new GetSubscriptionAttributesCommand({ SubscriptionArn }))).Attributes!;
}

function setAttribute(sns: SNSClient, SubscriptionArn: string, AttributeName: string, AttributeValue: string) {
  return sns.send(new SetSubscriptionAttributesCommand({ SubscriptionArn, AttributeName, AttributeValue }));
}

/** A topic `t` with one SQS subscription of queue `q` (which need not exist). */
async function sqsSubscription(topicName = 't', queueName = 'q') {
  const setup = snsSetup();
  const topicArn = await createTopic(setup.sns, topicName);
  const subscriptionArn = await subscribe(setup.sns, {
    TopicArn: topicArn,
    Protocol: 'sqs',
    Endpoint: queueArnOf(queueName),
  });
  return { ...setup, topicArn, subscriptionArn };
}

function tokenOf(aws: AwsMock, topic: string, endpoint: string): string {
  const view = aws.sns
    .topic(topic)
    .subscriptions()
    .find((s) => s.endpoint === endpoint);
  if (!view) throw new Error(`no subscription of ${endpoint}`);
  return view.confirmationToken;
}

describe('Subscribe', () => {
  it('subscribes an SQS queue at once and answers <topicArn>:<uuid>', async () => {
    const { sns, topicArn, subscriptionArn } = await sqsSubscription();
    expect(subscriptionArn).toMatch(subscriptionArnPattern(topicArn));
    expect(await attributesOf(sns, subscriptionArn)).toStrictEqual({
      ConfirmationWasAuthenticated: 'true',
      Endpoint: queueArnOf('q'),
      Owner: ACCOUNT,
      PendingConfirmation: 'false',
      Protocol: 'sqs',
      RawMessageDelivery: 'false',
      SubscriptionArn: subscriptionArn,
      SubscriptionPrincipal: PRINCIPAL,
      TopicArn: topicArn,
    });
  });

  it('lists the attributes in name order', async () => {
    const { sns, subscriptionArn } = await sqsSubscription();
    await setAttribute(
      sns,
      subscriptionArn,
      'RedrivePolicy',
      JSON.stringify({ deadLetterTargetArn: queueArnOf('dlq') }),
    );
    await setAttribute(sns, subscriptionArn, 'FilterPolicy', '{"a":["b"]}');
    const keys = Object.keys(await attributesOf(sns, subscriptionArn));
    expect(keys).toEqual([...keys].sort());
  });

  it('accepts a well-formed ARN of a queue that does not exist', async () => {
    const { sns } = snsSetup();
    const topicArn = await createTopic(sns, 't');
    expect(await subscribe(sns, { TopicArn: topicArn, Protocol: 'sqs', Endpoint: queueArnOf('nowhere') })).toMatch(
      subscriptionArnPattern(topicArn),
    );
  });

  it.each([
    ['lambda', 'arn:aws:lambda:us-east-1:000000000000:function:handler'],
    ['sms', '+1234567890'],
    ['firehose', 'arn:aws:firehose:us-east-1:000000000000:deliverystream/stream'],
  ])('confirms a %s subscription at once', async (Protocol, Endpoint) => {
    const { sns } = snsSetup();
    const topicArn = await createTopic(sns, 't');
    const arn = await subscribe(sns, { TopicArn: topicArn, Protocol, Endpoint });
    expect(arn).toMatch(subscriptionArnPattern(topicArn));
    expect(await attributesOf(sns, arn)).toMatchObject({
      PendingConfirmation: 'false',
      ConfirmationWasAuthenticated: 'true',
      Protocol,
    });
  });

  it.each([
    ['http', 'http://example.com/'],
    ['https', 'https://example.com/hook'],
    ['email', 'someone@example.com'],
    ['email-json', 'someone@example.com'],
  ])('leaves a %s subscription pending and answers "pending confirmation"', async (Protocol, Endpoint) => {
    const { aws, sns } = snsSetup();
    const topicArn = await createTopic(sns, 't');
    expect(await subscribe(sns, { TopicArn: topicArn, Protocol, Endpoint })).toBe('pending confirmation');

    const [view] = aws.sns.topic('t').subscriptions();
    expect(view).toMatchObject({ protocol: Protocol, endpoint: Endpoint, pendingConfirmation: true });
    expect(await attributesOf(sns, view!.subscriptionArn)).toMatchObject({
      PendingConfirmation: 'true',
      ConfirmationWasAuthenticated: 'false',
      SubscriptionArn: view!.subscriptionArn,
    });
  });

  it('answers the real ARN of a pending subscription with ReturnSubscriptionArn', async () => {
    const { aws, sns } = snsSetup();
    const topicArn = await createTopic(sns, 't');
    const arn = await subscribe(sns, {
      TopicArn: topicArn,
      Protocol: 'http',
      Endpoint: 'http://example.com/',
      ReturnSubscriptionArn: true,
    });
    expect(arn).toMatch(subscriptionArnPattern(topicArn));
    expect(aws.sns.topic('t').subscriptions()[0]).toMatchObject({ subscriptionArn: arn, pendingConfirmation: true });
  });

  it('leaves a queue of another account pending until confirmed', async () => {
    const { sns } = snsSetup();
    const topicArn = await createTopic(sns, 't');
    const Endpoint = queueArnOf('q', '111111111111');
    expect(await subscribe(sns, { TopicArn: topicArn, Protocol: 'sqs', Endpoint })).toBe('pending confirmation');
  });

  it('refuses a protocol SNS does not know, and a missing one', async () => {
    const { sns } = snsSetup();
    const TopicArn = await createTopic(sns, 't');
    await expectInvalidParameter(
      sns.send(new SubscribeCommand({ TopicArn, Protocol: 'test-protocol', Endpoint: 'someone@example.com' })),
      'Invalid parameter: Amazon SNS does not support this protocol string: test-protocol',
    );
    await expectInvalidParameter(
      sns.send(new SubscribeCommand({ TopicArn, Protocol: 'SQS', Endpoint: queueArnOf('q') })),
      'Invalid parameter: Amazon SNS does not support this protocol string: SQS',
    );
    await expectInvalidParameter(
      sns.send(new SubscribeCommand({ TopicArn, Endpoint: 'x' } as SubscribeCommandInput)),
      'Invalid parameter: Protocol Reason: no value for required parameter',
    );
  });

  it.each([
    ['a queue URL', 'https://sqs.us-east-1.amazonaws.com/000000000000/q'],
    ['a plain name', 'unknown'],
    ['an ARN of another service', 'arn:aws:sns:us-east-1:000000000000:q'],
    ['nothing', undefined],
  ])('refuses %s as an SQS endpoint', async (_case, Endpoint) => {
    const { sns } = snsSetup();
    const TopicArn = await createTopic(sns, 't');
    await expectInvalidParameter(
      sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint })),
      'Invalid parameter: SQS endpoint ARN',
    );
  });

  it.each(['+15--551234567', 'NAA+15551234567', '+15551234567.', '/+15551234567', 'invalid-number'])(
    'refuses the SMS endpoint %s without the "Invalid parameter" prefix',
    async (Endpoint) => {
      const { sns } = snsSetup();
      const TopicArn = await createTopic(sns, 't');
      await expectInvalidParameter(
        sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sms', Endpoint })),
        `Invalid SMS endpoint: ${Endpoint}`,
      );
    },
  );

  it('accepts a phone number with single separators', async () => {
    const { sns } = snsSetup();
    const TopicArn = await createTopic(sns, 't');
    expect(await subscribe(sns, { TopicArn, Protocol: 'sms', Endpoint: '+12/34-567.890' })).toMatch(
      subscriptionArnPattern(TopicArn),
    );
  });

  it.each([
    ['http', 'https://example.com/'],
    ['https', 'http://example.com/'],
    ['http', 'example.com'],
  ])('refuses a %s subscription to %s', async (Protocol, Endpoint) => {
    const { sns } = snsSetup();
    const TopicArn = await createTopic(sns, 't');
    await expectInvalidParameter(
      sns.send(new SubscribeCommand({ TopicArn, Protocol, Endpoint })),
      'Invalid parameter: Endpoint must match the specified protocol',
    );
  });

  it('refuses a malformed email address', async () => {
    const { sns } = snsSetup();
    const TopicArn = await createTopic(sns, 't');
    await expectInvalidParameter(
      sns.send(new SubscribeCommand({ TopicArn, Protocol: 'email', Endpoint: 'nobody' })),
      'Invalid parameter: Email address',
    );
  });

  it('refuses a FIFO queue on a standard topic, with the prefix doubled', async () => {
    const { sns } = snsSetup();
    const TopicArn = await createTopic(sns, 't');
    await expectInvalidParameter(
      sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: queueArnOf('q.fifo') })),
      'Invalid parameter: Invalid parameter: Endpoint Reason: FIFO SQS Queues can not be subscribed to standard SNS topics',
    );
  });

  it('accepts a standard queue and a FIFO queue on a FIFO topic', async () => {
    const { sns } = snsSetup();
    const TopicArn = await createTopic(sns, 't.fifo');
    for (const Endpoint of [queueArnOf('standard'), queueArnOf('q.fifo')]) {
      const arn = await subscribe(sns, { TopicArn, Protocol: 'sqs', Endpoint });
      expect(await attributesOf(sns, arn)).toMatchObject({ Endpoint, PendingConfirmation: 'false' });
    }
  });

  it('answers NotFound for a topic that does not exist', async () => {
    const { sns } = snsSetup();
    await expectNotFound(
      sns.send(new SubscribeCommand({ TopicArn: topicArnOf('unknown'), Protocol: 'sms', Endpoint: '+1234567890' })),
      'Topic does not exist',
    );
  });
});

describe('Subscribe attributes', () => {
  const subscribeWith = async (Attributes: Record<string, string>, Protocol = 'sqs', Endpoint = queueArnOf('q')) => {
    const { sns } = snsSetup();
    const TopicArn = await createTopic(sns, 't');
    return {
      sns,
      promise: sns.send(
        new SubscribeCommand({ TopicArn, Protocol, Endpoint, Attributes, ReturnSubscriptionArn: true }),
      ),
    };
  };

  it('checks each attribute with the "Attributes Reason" prefix', async () => {
    const { promise } = await subscribeWith({
      RawMessageDelivery: 'wrongvalue',
      FilterPolicyScope: 'MessageBody',
      FilterPolicy: '',
    });
    await expectInvalidParameter(
      promise,
      'Invalid parameter: Attributes Reason: RawMessageDelivery: Invalid value [wrongvalue]. Must be true or false.',
    );
  });

  it('refuses an unknown attribute name', async () => {
    const { promise } = await subscribeWith({ Bogus: 'x' });
    await expectInvalidParameter(promise, 'Invalid parameter: Attributes Reason: AttributeName');
  });

  it('refuses a bad FilterPolicyScope', async () => {
    const { promise } = await subscribeWith({ FilterPolicyScope: 'RandomValue' });
    await expectInvalidParameter(
      promise,
      'Invalid parameter: Attributes Reason: FilterPolicyScope: Invalid value [RandomValue]. Please use either MessageBody or MessageAttributes',
    );
  });

  it('refuses a FilterPolicy that is not JSON', async () => {
    const { promise } = await subscribeWith({ FilterPolicy: 'invalid-json' }, 'email', 'test@example.com');
    const error = await rejectionOf(promise);
    expect(error.name).toBe('InvalidParameterException');
    expect(error.message.startsWith('Invalid parameter: Attributes Reason: FilterPolicy: failed to parse JSON.')).toBe(
      true,
    );
  });

  it('refuses a bad filter policy with the Subscribe prefix', async () => {
    const { promise } = await subscribeWith({ FilterPolicy: '{"key":[]}' });
    await expectInvalidParameter(
      promise,
      'Invalid parameter: Attributes Reason: FilterPolicy: Empty arrays are not allowed\n at [Source: (String)"{"key":[]}"; line: 1, column: 10]',
    );
  });

  it('checks a nested policy against the scope given with it', async () => {
    const nested = JSON.stringify({ a: { b: ['c'] } });
    const refused = await subscribeWith({ FilterPolicy: nested });
    await expectInvalidParameter(
      refused.promise,
      'Invalid parameter: Attributes Reason: Filter policy scope MessageAttributes does not support nested filter policy',
    );
    const accepted = await subscribeWith({ FilterPolicy: nested, FilterPolicyScope: 'MessageBody' });
    const arn = (await accepted.promise).SubscriptionArn!;
    expect(await attributesOf(accepted.sns, arn)).toMatchObject({
      FilterPolicy: nested,
      FilterPolicyScope: 'MessageBody',
    });
  });

  it('stores RawMessageDelivery lower-case and takes FilterPolicy "" as no policy', async () => {
    const { sns, promise } = await subscribeWith({
      RawMessageDelivery: 'TrUe',
      FilterPolicyScope: 'MessageBody',
      FilterPolicy: '',
    });
    const attributes = await attributesOf(sns, (await promise).SubscriptionArn!);
    expect(attributes['RawMessageDelivery']).toBe('true');
    expect(attributes).not.toHaveProperty('FilterPolicy');
    expect(attributes).not.toHaveProperty('FilterPolicyScope');
  });

  it('refuses raw delivery for a protocol that cannot take it, even "false"', async () => {
    for (const RawMessageDelivery of ['true', 'false']) {
      const { promise } = await subscribeWith(
        { RawMessageDelivery },
        'lambda',
        'arn:aws:lambda:us-east-1:000000000000:function:f',
      );
      await expectInvalidParameter(
        promise,
        'Invalid parameter: Attributes Reason: Delivery protocol [lambda] does not support raw message delivery.',
      );
    }
  });
});

describe('Subscribe idempotency', () => {
  it('answers the same subscription for the same, fewer or default attributes, and refuses different ones', async () => {
    const { sns } = snsSetup();
    const TopicArn = await createTopic(sns, 't');
    const again = (Attributes?: Record<string, string>) =>
      subscribe(sns, {
        TopicArn,
        Protocol: 'sqs',
        Endpoint: queueArnOf('q'),
        ReturnSubscriptionArn: true,
        ...(Attributes ? { Attributes } : {}),
      });

    const arn = await again({ RawMessageDelivery: 'True' });
    expect(await again({ RawMessageDelivery: 'true' })).toBe(arn);
    expect(await again({ RawMessageDelivery: 'true', FilterPolicyScope: 'MessageAttributes' })).toBe(arn);
    expect(await again()).toBe(arn);
    expect(await again({})).toBe(arn);
    expect(await again({ FilterPolicyScope: 'MessageAttributes' })).toBe(arn);
    expect(await again({ FilterPolicy: '' })).toBe(arn);
    await expectInvalidParameter(
      sns.send(
        new SubscribeCommand({
          TopicArn,
          Protocol: 'sqs',
          Endpoint: queueArnOf('q'),
          Attributes: { RawMessageDelivery: 'false', FilterPolicyScope: 'MessageBody' },
        }),
      ),
      'Invalid parameter: Attributes Reason: Subscription already exists with different attributes',
    );
    expect((await sns.send(new ListSubscriptionsByTopicCommand({ TopicArn }))).Subscriptions).toHaveLength(1);
  });

  it('compares filter policies as JSON', async () => {
    const { sns } = snsSetup();
    const TopicArn = await createTopic(sns, 't');
    const input = { TopicArn, Protocol: 'sqs', Endpoint: queueArnOf('q') };
    const arn = await subscribe(sns, { ...input, Attributes: { FilterPolicy: '{"a":["x"],"b":["y"]}' } });
    expect(await subscribe(sns, { ...input, Attributes: { FilterPolicy: '{ "b": ["y"], "a": ["x"] }' } })).toBe(arn);
    await expectInvalidParameter(
      sns.send(new SubscribeCommand({ ...input, Attributes: { FilterPolicy: '{"a":["z"]}' } })),
      'Invalid parameter: Attributes Reason: Subscription already exists with different attributes',
    );
  });

  it('keeps one subscription per protocol and endpoint', async () => {
    const { sns } = snsSetup();
    const TopicArn = await createTopic(sns, 't');
    const email = await subscribe(sns, {
      TopicArn,
      Protocol: 'email',
      Endpoint: 'a@example.com',
      ReturnSubscriptionArn: true,
    });
    const emailJson = await subscribe(sns, {
      TopicArn,
      Protocol: 'email-json',
      Endpoint: 'a@example.com',
      ReturnSubscriptionArn: true,
    });
    expect(emailJson).not.toBe(email);
  });

  it('answers "pending confirmation" again while pending, and the ARN once confirmed', async () => {
    const { aws, sns } = snsSetup();
    const TopicArn = await createTopic(sns, 't');
    const input = { TopicArn, Protocol: 'https', Endpoint: 'https://example.com/' };
    await subscribe(sns, input);
    expect(await subscribe(sns, input)).toBe('pending confirmation');
    const { SubscriptionArn } = await sns.send(
      new ConfirmSubscriptionCommand({ TopicArn, Token: tokenOf(aws, 't', input.Endpoint) }),
    );
    expect(await subscribe(sns, input)).toBe(SubscriptionArn);
  });
});

describe('ConfirmSubscription', () => {
  async function pendingHttp() {
    const setup = snsSetup();
    const topicArn = await createTopic(setup.sns, 't');
    await subscribe(setup.sns, { TopicArn: topicArn, Protocol: 'http', Endpoint: 'http://example.com/' });
    const token = tokenOf(setup.aws, 't', 'http://example.com/');
    const subscriptionArn = setup.aws.sns.topic('t').subscriptions()[0]!.subscriptionArn;
    return { ...setup, topicArn, token, subscriptionArn };
  }

  it('deletes a subscription left unconfirmed for 48 hours, and keeps a confirmed one', async () => {
    const { sns, aws, topicArn, token, subscriptionArn } = await pendingHttp();
    await subscribe(sns, { TopicArn: topicArn, Protocol: 'email', Endpoint: 'late@example.com' });
    vi.advanceTimersByTime(60_000);
    await subscribe(sns, { TopicArn: topicArn, Protocol: 'email', Endpoint: 'confirmed@example.com' });
    await sns.send(
      new ConfirmSubscriptionCommand({ TopicArn: topicArn, Token: tokenOf(aws, 't', 'confirmed@example.com') }),
    );

    vi.advanceTimersByTime(48 * 60 * 60 * 1000 - 60_000 - 1);
    expect(aws.sns.topic('t').subscriptions()).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(
      aws.sns
        .topic('t')
        .subscriptions()
        .map((s) => s.endpoint),
    ).toEqual(['confirmed@example.com']);
    const { Subscriptions = [] } = await sns.send(new ListSubscriptionsByTopicCommand({ TopicArn: topicArn }));
    expect(Subscriptions.map((s) => s.Endpoint)).toEqual(['confirmed@example.com']);
    await expectNotFound(
      sns.send(new GetSubscriptionAttributesCommand({ SubscriptionArn: subscriptionArn })),
      'Subscription does not exist',
    );
    const error = await rejectionOf(sns.send(new ConfirmSubscriptionCommand({ TopicArn: topicArn, Token: token })));
    expect(error.name).toBe('InvalidParameterException');
  });

  it('gives each subscription a 288-digit hex token', async () => {
    const { token } = await pendingHttp();
    expect(token).toMatch(/^[0-9a-f]{288}$/);
  });

  it('confirms with the token, answering the subscription ARN', async () => {
    const { sns, topicArn, token, subscriptionArn } = await pendingHttp();
    expect(await sns.send(new ConfirmSubscriptionCommand({ TopicArn: topicArn, Token: token }))).toMatchObject({
      SubscriptionArn: subscriptionArn,
    });
    expect(await attributesOf(sns, subscriptionArn)).toMatchObject({
      PendingConfirmation: 'false',
      ConfirmationWasAuthenticated: 'true',
    });
    expect((await sns.send(new GetTopicAttributesCommand({ TopicArn: topicArn }))).Attributes).toMatchObject({
      SubscriptionsConfirmed: '1',
      SubscriptionsPending: '0',
    });
    const { Subscriptions } = await sns.send(new ListSubscriptionsCommand({}));
    expect(Subscriptions![0]!.SubscriptionArn).toBe(subscriptionArn);
  });

  it('is idempotent', async () => {
    const { sns, topicArn, token, subscriptionArn } = await pendingHttp();
    await sns.send(
      new ConfirmSubscriptionCommand({ TopicArn: topicArn, Token: token, AuthenticateOnUnsubscribe: 'true' }),
    );
    const again = await sns.send(new ConfirmSubscriptionCommand({ TopicArn: topicArn, Token: token }));
    expect(again.SubscriptionArn).toBe(subscriptionArn);
  });

  it('confirms by the token even under the ARN of another topic of the region', async () => {
    const { sns, topicArn, token, subscriptionArn } = await pendingHttp();
    const other = topicArn.slice(0, -1) + 'x';
    expect((await sns.send(new ConfirmSubscriptionCommand({ TopicArn: other, Token: token }))).SubscriptionArn).toBe(
      subscriptionArn,
    );
  });

  it('refuses a token that cannot be one, and an unknown one', async () => {
    const { sns, topicArn } = await pendingHttp();
    await expectInvalidParameter(
      sns.send(new ConfirmSubscriptionCommand({ TopicArn: topicArn, Token: 'randomtoken' })),
      'Invalid token',
    );
    await expectInvalidParameter(
      sns.send(new ConfirmSubscriptionCommand({ TopicArn: topicArn, Token: 'abc123' })),
      'Invalid parameter: Token',
    );
    await expectInvalidParameter(
      sns.send(
        new ConfirmSubscriptionCommand({ TopicArn: topicArn.slice(0, -1) + 'i', Token: '51b2ff3edb475b7d'.repeat(18) }),
      ),
      'Invalid parameter: Token',
    );
  });

  it('refuses a malformed TopicArn and one of another region', async () => {
    const { sns, topicArn, token, subscriptionArn } = await pendingHttp();
    await expectInvalidParameter(
      sns.send(new ConfirmSubscriptionCommand({ TopicArn: 'not-an-arn', Token: token })),
      'Invalid parameter: Topic',
    );
    await expectInvalidParameter(
      sns.send(
        new ConfirmSubscriptionCommand({ TopicArn: topicArn.replace('us-east-1', 'eu-central-1'), Token: token }),
      ),
      'Invalid parameter: Topic',
    );
    expect((await attributesOf(sns, subscriptionArn))['PendingConfirmation']).toBe('true');
  });

  it('refuses the token of a subscription that was removed', async () => {
    const { sns, topicArn, token, subscriptionArn } = await pendingHttp();
    await sns.send(new UnsubscribeCommand({ SubscriptionArn: subscriptionArn }));
    await expectInvalidParameter(
      sns.send(new ConfirmSubscriptionCommand({ TopicArn: topicArn, Token: token })),
      'Invalid parameter: Token',
    );
  });
});

describe('Unsubscribe', () => {
  it('removes the subscription and is idempotent', async () => {
    const { sns, topicArn, subscriptionArn } = await sqsSubscription();
    await sns.send(new UnsubscribeCommand({ SubscriptionArn: subscriptionArn }));
    await sns.send(new UnsubscribeCommand({ SubscriptionArn: subscriptionArn }));
    expect((await sns.send(new ListSubscriptionsByTopicCommand({ TopicArn: topicArn }))).Subscriptions).toEqual([]);
    await expectNotFound(
      sns.send(new GetSubscriptionAttributesCommand({ SubscriptionArn: subscriptionArn })),
      'Subscription does not exist',
    );
    await expectNotFound(
      setAttribute(sns, subscriptionArn, 'RawMessageDelivery', 'true'),
      'Subscription does not exist',
    );
  });

  it('accepts a well-formed ARN of no subscription', async () => {
    const { sns } = snsSetup();
    await sns.send(
      new UnsubscribeCommand({ SubscriptionArn: `${topicArnOf('t')}:0b5c3f7e-3c1a-4b3e-9f51-0d6b2a3e4f51` }),
    );
  });

  it.each([
    ['randomstring', 'Invalid parameter: SubscriptionArn Reason: An ARN must have at least 6 elements, not 1'],
    ['pending confirmation', 'Invalid parameter: SubscriptionArn Reason: An ARN must have at least 6 elements, not 1'],
    [
      'arn:aws:sns:us-east-1:random',
      'Invalid parameter: SubscriptionArn Reason: An ARN must have at least 6 elements, not 5',
    ],
    ['arn:aws:sns:us-east-1:111111111111:random', 'Invalid parameter: SubscriptionId'],
  ])('refuses %j', async (SubscriptionArn, message) => {
    const { sns } = snsSetup();
    await expectInvalidParameter(sns.send(new UnsubscribeCommand({ SubscriptionArn })), message);
  });

  it('refuses a missing SubscriptionArn', async () => {
    const { sns } = snsSetup();
    await expectInvalidParameter(
      sns.send(new UnsubscribeCommand({} as { SubscriptionArn: string })),
      'Invalid parameter: SubscriptionArn Reason: no value for required parameter',
    );
  });
});

describe('ListSubscriptions and ListSubscriptionsByTopic', () => {
  it('lists {SubscriptionArn, Owner, Protocol, Endpoint, TopicArn}, pending ones as PendingConfirmation', async () => {
    const { sns, topicArn, subscriptionArn } = await sqsSubscription();
    await subscribe(sns, { TopicArn: topicArn, Protocol: 'email', Endpoint: 'someone@example.com' });
    const expected = [
      {
        SubscriptionArn: subscriptionArn,
        Owner: ACCOUNT,
        Protocol: 'sqs',
        Endpoint: queueArnOf('q'),
        TopicArn: topicArn,
      },
      {
        SubscriptionArn: 'PendingConfirmation',
        Owner: ACCOUNT,
        Protocol: 'email',
        Endpoint: 'someone@example.com',
        TopicArn: topicArn,
      },
    ];
    const all = await sns.send(new ListSubscriptionsCommand({}));
    expect(all.Subscriptions).toStrictEqual(expected);
    expect(all.NextToken).toBeUndefined();
    expect((await sns.send(new ListSubscriptionsByTopicCommand({ TopicArn: topicArn }))).Subscriptions).toStrictEqual(
      expected,
    );
  });

  it("lists by topic only the topic's subscriptions", async () => {
    const { sns, subscriptionArn } = await sqsSubscription();
    const other = await createTopic(sns, 'other');
    await subscribe(sns, { TopicArn: other, Protocol: 'sqs', Endpoint: queueArnOf('q') });
    const { Subscriptions } = await sns.send(new ListSubscriptionsByTopicCommand({ TopicArn: topicArnOf('t') }));
    expect(Subscriptions!.map((s) => s.SubscriptionArn)).toEqual([subscriptionArn]);
    expect((await sns.send(new ListSubscriptionsCommand({}))).Subscriptions).toHaveLength(2);
  });

  it('answers pages of 100 with no NextToken on the last page', async () => {
    const { sns } = snsSetup();
    const TopicArn = await createTopic(sns, 't');
    for (let i = 0; i < 101; i++) await subscribe(sns, { TopicArn, Protocol: 'sms', Endpoint: `+12312312${i}` });

    for (const list of [
      (NextToken?: string) => sns.send(new ListSubscriptionsByTopicCommand({ TopicArn, NextToken })),
      (NextToken?: string) => sns.send(new ListSubscriptionsCommand({ NextToken })),
    ]) {
      const first = await list();
      expect(first.Subscriptions).toHaveLength(100);
      expect(Buffer.from(first.NextToken!, 'base64').length).toBeGreaterThan(0);
      const second = await list(first.NextToken);
      expect(second.Subscriptions).toHaveLength(1);
      expect(second.Subscriptions![0]!.Endpoint).toBe('+12312312100');
      expect(second).not.toHaveProperty('NextToken');
    }
  });

  it('keeps listing a subscription whose queue was deleted', async () => {
    const { sns, sqs } = snsSetup();
    const TopicArn = await createTopic(sns, 't');
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    await subscribe(sns, { TopicArn, Protocol: 'sqs', Endpoint: queueArnOf('q') });
    await sqs.send(new DeleteQueueCommand({ QueueUrl }));
    expect((await sns.send(new ListSubscriptionsByTopicCommand({ TopicArn }))).Subscriptions).toHaveLength(1);
  });
});

describe('GetSubscriptionAttributes', () => {
  it('answers NotFound for an ARN of no subscription', async () => {
    const { sns, subscriptionArn } = await sqsSubscription();
    await expectNotFound(
      sns.send(new GetSubscriptionAttributesCommand({ SubscriptionArn: subscriptionArn.slice(0, -8) + '00000000' })),
      'Subscription does not exist',
    );
  });

  it('shows FilterPolicyScope only while a FilterPolicy is set', async () => {
    const { sns, subscriptionArn } = await sqsSubscription();
    await setAttribute(sns, subscriptionArn, 'FilterPolicyScope', 'MessageBody');
    expect(await attributesOf(sns, subscriptionArn)).not.toHaveProperty('FilterPolicyScope');

    await setAttribute(sns, subscriptionArn, 'FilterPolicy', '{"a":["b"]}');
    expect(await attributesOf(sns, subscriptionArn)).toMatchObject({
      FilterPolicy: '{"a":["b"]}',
      FilterPolicyScope: 'MessageBody',
    });

    await setAttribute(sns, subscriptionArn, 'FilterPolicy', '');
    const cleared = await attributesOf(sns, subscriptionArn);
    expect(cleared).not.toHaveProperty('FilterPolicy');
    expect(cleared).not.toHaveProperty('FilterPolicyScope');
  });

  describe('DeliveryPolicy of an http subscription (as recorded from AWS)', () => {
    const healthy = {
      minDelayTarget: 1,
      maxDelayTarget: 1,
      numRetries: 0,
      numMaxDelayRetries: 0,
      numNoDelayRetries: 0,
      numMinDelayRetries: 0,
      backoffFunction: 'linear',
    };
    const DEFAULT_HEALTHY = {
      minDelayTarget: 20,
      maxDelayTarget: 20,
      numRetries: 3,
      numMaxDelayRetries: 0,
      numNoDelayRetries: 0,
      numMinDelayRetries: 0,
      backoffFunction: 'linear',
    };

    async function httpSubscription() {
      const { sns } = snsSetup();
      const topicArn = await createTopic(sns, 't');
      const subscriptionArn = await subscribe(sns, {
        TopicArn: topicArn,
        Protocol: 'http',
        Endpoint: 'http://example.com/hook',
        ReturnSubscriptionArn: true,
      });
      return { sns, topicArn, subscriptionArn };
    }

    it('is shown with every member, and the effective one fills the rest from the topic’s defaults', async () => {
      const { sns, subscriptionArn } = await httpSubscription();
      expect(await attributesOf(sns, subscriptionArn)).not.toHaveProperty('EffectiveDeliveryPolicy');
      await setAttribute(
        sns,
        subscriptionArn,
        'DeliveryPolicy',
        JSON.stringify({ requestPolicy: { headerContentType: 'text/csv' } }),
      );
      const attributes = await attributesOf(sns, subscriptionArn);
      expect(attributes['DeliveryPolicy']).toBe(
        '{"healthyRetryPolicy":null,"sicklyRetryPolicy":null,"throttlePolicy":null,"requestPolicy":{"headerContentType":"text/csv"},"guaranteed":false}',
      );
      expect(JSON.parse(attributes['EffectiveDeliveryPolicy']!)).toStrictEqual({
        healthyRetryPolicy: DEFAULT_HEALTHY,
        sicklyRetryPolicy: null,
        throttlePolicy: null,
        requestPolicy: { headerContentType: 'text/csv' },
        guaranteed: false,
      });
    });

    it('takes a request policy set on the topic when it has none of its own', async () => {
      const { sns, topicArn, subscriptionArn } = await httpSubscription();
      await sns.send(
        new SetTopicAttributesCommand({
          TopicArn: topicArn,
          AttributeName: 'DeliveryPolicy',
          AttributeValue: JSON.stringify({ http: { defaultRequestPolicy: { headerContentType: 'application/json' } } }),
        }),
      );
      const own = {
        healthyRetryPolicy: healthy,
        sicklyRetryPolicy: null,
        throttlePolicy: { maxReceivesPerSecond: 1000 },
        guaranteed: false,
      };
      await setAttribute(sns, subscriptionArn, 'DeliveryPolicy', JSON.stringify(own));
      const attributes = await attributesOf(sns, subscriptionArn);
      expect(JSON.parse(attributes['DeliveryPolicy']!)).toStrictEqual({ ...own, requestPolicy: null });
      expect(JSON.parse(attributes['EffectiveDeliveryPolicy']!)).toStrictEqual({
        ...own,
        requestPolicy: { headerContentType: 'application/json' },
      });
    });

    it('is shown, and its effective one, byte for byte as recorded (test_subscribe_external_http_endpoint_content_type[False])', async () => {
      const { sns, topicArn, subscriptionArn } = await httpSubscription();
      // The fixture's order of the retry members, which SNS rewrites in its own.
      const given = {
        healthyRetryPolicy: {
          minDelayTarget: 1,
          maxDelayTarget: 1,
          numRetries: 0,
          numNoDelayRetries: 0,
          numMinDelayRetries: 0,
          numMaxDelayRetries: 0,
          backoffFunction: 'linear',
        },
        sicklyRetryPolicy: null,
        throttlePolicy: { maxReceivesPerSecond: 1000 },
        guaranteed: false,
      };
      await setAttribute(sns, subscriptionArn, 'DeliveryPolicy', JSON.stringify(given));
      await sns.send(
        new SetTopicAttributesCommand({
          TopicArn: topicArn,
          AttributeName: 'DeliveryPolicy',
          AttributeValue: JSON.stringify({ http: { defaultRequestPolicy: { headerContentType: 'application/json' } } }),
        }),
      );
      const attributes = await attributesOf(sns, subscriptionArn);
      const shown =
        '{"healthyRetryPolicy":{"minDelayTarget":1,"maxDelayTarget":1,"numRetries":0,"numMaxDelayRetries":0,"numNoDelayRetries":0,' +
        '"numMinDelayRetries":0,"backoffFunction":"linear"},"sicklyRetryPolicy":null,"throttlePolicy":{"maxReceivesPerSecond":1000}';
      expect(attributes['DeliveryPolicy']).toBe(`${shown},"requestPolicy":null,"guaranteed":false}`);
      expect(attributes['EffectiveDeliveryPolicy']).toBe(
        `${shown},"requestPolicy":{"headerContentType":"application/json"},"guaranteed":false}`,
      );
    });

    it('[inferred] fills a partial healthy retry policy of its own from the default in the effective one', async () => {
      const { sns, subscriptionArn } = await httpSubscription();
      await setAttribute(
        sns,
        subscriptionArn,
        'DeliveryPolicy',
        JSON.stringify({ healthyRetryPolicy: { numRetries: 2, minDelayTarget: 5 } }),
      );
      const attributes = await attributesOf(sns, subscriptionArn);
      expect(JSON.parse(attributes['DeliveryPolicy']!).healthyRetryPolicy).toStrictEqual({
        minDelayTarget: 5,
        numRetries: 2,
      });
      expect(attributes['EffectiveDeliveryPolicy']).toContain(
        '"healthyRetryPolicy":{"minDelayTarget":5,"maxDelayTarget":20,"numRetries":2,"numMaxDelayRetries":0,"numNoDelayRetries":0,"numMinDelayRetries":0,"backoffFunction":"linear"}',
      );
    });

    it('is not shown with an effective policy on an SQS subscription', async () => {
      const { sns, subscriptionArn } = await sqsSubscription();
      await setAttribute(sns, subscriptionArn, 'DeliveryPolicy', '{"guaranteed":true}');
      const attributes = await attributesOf(sns, subscriptionArn);
      expect(JSON.parse(attributes['DeliveryPolicy']!)).toMatchObject({ guaranteed: true });
      expect(attributes).not.toHaveProperty('EffectiveDeliveryPolicy');
    });
  });

  it('shows the default scope MessageAttributes once a policy is set without one', async () => {
    const { sns, subscriptionArn } = await sqsSubscription();
    await setAttribute(sns, subscriptionArn, 'FilterPolicy', '{"a":["b"]}');
    expect(await attributesOf(sns, subscriptionArn)).toMatchObject({ FilterPolicyScope: 'MessageAttributes' });
  });
});

describe('SetSubscriptionAttributes', () => {
  it('refuses an unknown attribute name', async () => {
    const { sns, subscriptionArn } = await sqsSubscription();
    await expectInvalidParameter(
      setAttribute(sns, subscriptionArn, 'FakeAttribute', 'test-value'),
      'Invalid parameter: AttributeName',
    );
  });

  it('takes RawMessageDelivery in any case, stores it lower-case, and refuses other values', async () => {
    const { sns, subscriptionArn } = await sqsSubscription();
    await setAttribute(sns, subscriptionArn, 'RawMessageDelivery', 'TRUE');
    expect((await attributesOf(sns, subscriptionArn))['RawMessageDelivery']).toBe('true');
    await expectInvalidParameter(
      setAttribute(sns, subscriptionArn, 'RawMessageDelivery', 'test-ValUe'),
      'Invalid parameter: RawMessageDelivery: Invalid value [test-ValUe]. Must be true or false.',
    );
    await expectInvalidParameter(
      setAttribute(sns, subscriptionArn, 'RawMessageDelivery', ''),
      'Invalid parameter: RawMessageDelivery: Invalid value []. Must be true or false.',
    );
    expect((await attributesOf(sns, subscriptionArn))['RawMessageDelivery']).toBe('true');
  });

  it('refuses a FilterPolicyScope other than MessageBody or MessageAttributes', async () => {
    const { sns, subscriptionArn } = await sqsSubscription();
    await expectInvalidParameter(
      setAttribute(sns, subscriptionArn, 'FilterPolicyScope', 'RandomValue'),
      'Invalid parameter: FilterPolicyScope: Invalid value [RandomValue]. Please use either MessageBody or MessageAttributes',
    );
  });

  it('stores a RedrivePolicy as given, and refuses a bad ARN or bad JSON', async () => {
    const { sns, subscriptionArn } = await sqsSubscription();
    const policy = JSON.stringify({ deadLetterTargetArn: queueArnOf('dlq') });
    await setAttribute(sns, subscriptionArn, 'RedrivePolicy', policy);
    expect((await attributesOf(sns, subscriptionArn))['RedrivePolicy']).toBe(policy);

    await expectInvalidParameter(
      setAttribute(sns, subscriptionArn, 'RedrivePolicy', JSON.stringify({ deadLetterTargetArn: 'fake-arn' })),
      'Invalid parameter: RedrivePolicy: deadLetterTargetArn is an invalid arn',
    );
    await expectInvalidParameter(
      setAttribute(sns, subscriptionArn, 'RedrivePolicy', '{invalidjson}'),
      "Invalid parameter: RedrivePolicy: failed to parse JSON. Unexpected character ('i' (code 105)): was expecting double-quote to start field name\n" +
        ' at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 1, column: 2]',
    );
    expect((await attributesOf(sns, subscriptionArn))['RedrivePolicy']).toBe(policy);
  });

  it('removes the RedrivePolicy when set to ""', async () => {
    const { sns, subscriptionArn } = await sqsSubscription();
    await setAttribute(
      sns,
      subscriptionArn,
      'RedrivePolicy',
      JSON.stringify({ deadLetterTargetArn: queueArnOf('dlq') }),
    );
    await setAttribute(sns, subscriptionArn, 'RedrivePolicy', '');
    expect(await attributesOf(sns, subscriptionArn)).not.toHaveProperty('RedrivePolicy');
  });

  it('needs a FIFO DLQ for a FIFO queue on a FIFO topic, but not for a standard queue there', async () => {
    const { sns } = snsSetup();
    const TopicArn = await createTopic(sns, 't.fifo');
    const fifoSub = await subscribe(sns, { TopicArn, Protocol: 'sqs', Endpoint: queueArnOf('q.fifo') });
    const standardSub = await subscribe(sns, { TopicArn, Protocol: 'sqs', Endpoint: queueArnOf('q') });
    const standardDlq = JSON.stringify({ deadLetterTargetArn: queueArnOf('dlq') });

    await expectInvalidParameter(
      setAttribute(sns, fifoSub, 'RedrivePolicy', standardDlq),
      'Invalid parameter: RedrivePolicy: must use a FIFO queue as DLQ for a FIFO Subscription to a FIFO Topic.',
    );
    await setAttribute(sns, fifoSub, 'RedrivePolicy', JSON.stringify({ deadLetterTargetArn: queueArnOf('dlq.fifo') }));
    await setAttribute(sns, standardSub, 'RedrivePolicy', standardDlq);
    expect((await attributesOf(sns, standardSub))['RedrivePolicy']).toBe(standardDlq);
  });

  it('applies the FIFO-DLQ rule to Subscribe attributes too, with its prefix', async () => {
    const { sns } = snsSetup();
    const TopicArn = await createTopic(sns, 't.fifo');
    await expectInvalidParameter(
      sns.send(
        new SubscribeCommand({
          TopicArn,
          Protocol: 'sqs',
          Endpoint: queueArnOf('q.fifo'),
          Attributes: { RedrivePolicy: JSON.stringify({ deadLetterTargetArn: queueArnOf('dlq') }) },
        }),
      ),
      'Invalid parameter: Attributes Reason: RedrivePolicy: must use a FIFO queue as DLQ for a FIFO Subscription to a FIFO Topic.',
    );
  });

  it('refuses a FilterPolicy that is not JSON or not a valid policy', async () => {
    const { sns, subscriptionArn } = await sqsSubscription();
    const error = await rejectionOf(setAttribute(sns, subscriptionArn, 'FilterPolicy', '{invalidjson}'));
    expect(error.name).toBe('InvalidParameterException');
    expect(error.message.startsWith('Invalid parameter: FilterPolicy: failed to parse JSON.')).toBe(true);
    await expectInvalidParameter(
      setAttribute(sns, subscriptionArn, 'FilterPolicy', '{"key":[{"wrong-operator":true}]}'),
      'Invalid parameter: FilterPolicy: Unrecognized match type wrong-operator\n' +
        ' at [Source: (String)"{"key":[{"wrong-operator":true}]}"; line: 1, column: 31]',
    );
  });

  it('validates a policy against the scope in force, so the scope goes first', async () => {
    const { sns, subscriptionArn } = await sqsSubscription();
    const nested = JSON.stringify({ a: { b: ['c'] } });
    await expectInvalidParameter(
      setAttribute(sns, subscriptionArn, 'FilterPolicy', nested),
      'Invalid parameter: Filter policy scope MessageAttributes does not support nested filter policy',
    );
    await setAttribute(sns, subscriptionArn, 'FilterPolicyScope', 'MessageBody');
    await setAttribute(sns, subscriptionArn, 'FilterPolicy', nested);
    expect(await attributesOf(sns, subscriptionArn)).toMatchObject({
      FilterPolicy: nested,
      FilterPolicyScope: 'MessageBody',
    });

    // Moving a nested policy back to the attribute scope is refused, and nothing changes.
    await expectInvalidParameter(
      setAttribute(sns, subscriptionArn, 'FilterPolicyScope', 'MessageAttributes'),
      'Invalid parameter: Filter policy scope MessageAttributes does not support nested filter policy',
    );
    expect(await attributesOf(sns, subscriptionArn)).toMatchObject({ FilterPolicyScope: 'MessageBody' });
  });

  it('answers NotFound for a subscription that does not exist', async () => {
    const { sns } = snsSetup();
    await expectNotFound(
      setAttribute(sns, `${topicArnOf('t')}:0b5c3f7e-3c1a-4b3e-9f51-0d6b2a3e4f51`, 'RawMessageDelivery', 'true'),
      'Subscription does not exist',
    );
  });

  it('refuses raw delivery on an email subscription', async () => {
    const { aws, sns } = snsSetup();
    const TopicArn = await createTopic(sns, 't');
    await subscribe(sns, { TopicArn, Protocol: 'email', Endpoint: 'someone@example.com' });
    const arn = aws.sns.topic('t').subscriptions()[0]!.subscriptionArn;
    await expectInvalidParameter(
      setAttribute(sns, arn, 'RawMessageDelivery', 'true'),
      'Invalid parameter: Delivery protocol [email] does not support raw message delivery.',
    );
  });
});

describe('inspection', () => {
  it('shows each subscription of a topic with its confirmation token', async () => {
    const { aws, sns, topicArn, subscriptionArn } = await sqsSubscription();
    await setAttribute(sns, subscriptionArn, 'RawMessageDelivery', 'true');
    await setAttribute(sns, subscriptionArn, 'FilterPolicy', '{"a":["b"]}');
    expect(aws.sns.topic('t').subscriptions()).toEqual([
      {
        subscriptionArn,
        topicArn,
        protocol: 'sqs',
        endpoint: queueArnOf('q'),
        pendingConfirmation: false,
        confirmationToken: expect.stringMatching(/^[0-9a-f]{288}$/),
        rawMessageDelivery: true,
        filterPolicy: '{"a":["b"]}',
        filterPolicyScope: 'MessageAttributes',
      },
    ]);
  });
});
