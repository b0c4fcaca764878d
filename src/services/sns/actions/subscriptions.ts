import type {
  ConfirmSubscriptionCommandInput,
  ConfirmSubscriptionCommandOutput,
  GetSubscriptionAttributesCommandInput,
  GetSubscriptionAttributesCommandOutput,
  ListSubscriptionsByTopicCommandInput,
  ListSubscriptionsByTopicCommandOutput,
  ListSubscriptionsCommandInput,
  ListSubscriptionsCommandOutput,
  SetSubscriptionAttributesCommandInput,
  SubscribeCommandInput,
  SubscribeCommandOutput,
  Subscription as ListedSubscription,
  UnsubscribeCommandInput,
} from '@aws-sdk/client-sns';
import type { AwsError } from '../../../core/aws-error.js';
import type { RequestContext } from '../../../core/request-context.js';
import { arnParts, parseTopicArn } from '../arn.js';
import { replayAttributes, replayFacts, runReplay, startReplay } from '../delivery/replay.js';
import { missingParameter, snsErrors } from '../errors.js';
import type { SnsBackend } from '../sns-backend.js';
import { PROTOCOLS, Subscription, type Protocol } from '../subscription.js';
import {
  applySubscribeAttributes,
  checkSubscribeAttributes,
  differsFrom,
  renderSubscriptionAttributes,
  REPLAY_POLICY_ATTRIBUTE,
  setSubscriptionAttribute,
  wasGiven,
} from '../subscription-attributes.js';
import { topicDeliveryPolicy } from '../topic-attributes.js';
import type { Topic } from '../topic.js';
import { isSmsEndpoint } from '../sms/phone-numbers.js';
import { paginateByToken } from './pagination.js';
import { textOf } from '../../../core/util/text.js';

/** Subscribe's answer for a subscription that waits for ConfirmSubscription (docs/aws-behaviour/sns.md §2). */
const PENDING_ANSWER = 'pending confirmation';
/** How the list actions show such a subscription: CamelCase, no space (docs/aws-behaviour/sns.md §2). */
const PENDING_LISTED = 'PendingConfirmation';
const PAGE_SIZE = 100;

// ---------------------------------------------------------------------------------------------------
// Subscribe

function checkProtocol(value: unknown): Protocol {
  if (value === undefined || value === null) throw missingParameter('Protocol');
  if (!PROTOCOLS.includes(value as Protocol)) throw snsErrors.unsupportedProtocol(textOf(value));
  return value as Protocol;
}

/**
 * An ARN of the given service; SNS checks the shape only, not that the resource exists (docs/aws-behaviour/sns.md §2).
 */
function isArnOf(service: string, endpoint: string, parts?: number): boolean {
  const split = endpoint.split(':');
  return (
    split[0] === 'arn' &&
    split[2] === service &&
    (parts ? split.length === parts : split.length >= 6) &&
    split.at(-1) !== ''
  );
}

const wrongScheme = snsErrors.endpointProtocolMismatch;
const invalid = (kind: string) => (): AwsError => snsErrors.invalidEndpoint(kind);

/** Each protocol's endpoint check: undefined when fine, else the error. */
const ENDPOINT_CHECKS: Readonly<Record<Protocol, (endpoint: string) => AwsError | undefined>> = {
  http: (endpoint) => (/^http:\/\//i.test(endpoint) ? undefined : wrongScheme()),
  https: (endpoint) => (/^https:\/\//i.test(endpoint) ? undefined : wrongScheme()),
  // Not recorded from AWS: the text for a malformed address.
  email: (endpoint) => (/^[^@\s]+@[^@\s]+$/.test(endpoint) ? undefined : invalid('Email address')()),
  'email-json': (endpoint) => (/^[^@\s]+@[^@\s]+$/.test(endpoint) ? undefined : invalid('Email address')()),
  sms: (endpoint) => (isSmsEndpoint(endpoint) ? undefined : snsErrors.invalidSmsEndpoint(endpoint)),
  sqs: (endpoint) => (isArnOf('sqs', endpoint, 6) ? undefined : invalid('SQS endpoint ARN')()),
  // Not recorded from AWS: worded like the SQS one, as other emulators word it too [3P].
  lambda: (endpoint) => (isArnOf('lambda', endpoint) ? undefined : invalid('Lambda endpoint ARN')()),
  firehose: (endpoint) => (isArnOf('firehose', endpoint) ? undefined : invalid('Firehose endpoint ARN')()),
  // Not recorded from AWS: the text for what is no SNS ARN. That the endpoint exists is checked next (subscribe).
  application: (endpoint) => (isArnOf('sns', endpoint) ? undefined : invalid('ApplicationEndpoint ARN')()),
};

function checkEndpoint(protocol: Protocol, value: unknown): string {
  const endpoint = typeof value === 'string' ? value : '';
  const error = ENDPOINT_CHECKS[protocol](endpoint);
  if (error) throw error;
  return endpoint;
}

/**
 * A FIFO queue needs a FIFO topic; a standard queue on a FIFO topic is fine (docs/aws-behaviour/sns.md §2). A FIFO
 * topic takes no `lambda` subscription (docs/aws-behaviour/lambda.md §3.1).
 */
function checkFifoPairing(topic: Topic, protocol: Protocol, endpoint: string): void {
  if (protocol === 'sqs' && endpoint.endsWith('.fifo') && !topic.fifo) {
    throw snsErrors.fifoQueueOnStandardTopic();
  }
  if (protocol === 'lambda' && topic.fifo) throw snsErrors.protocolNotForFifoTopic(protocol);
}

/**
 * A queue of another account must confirm a subscription made by the topic owner (docs/aws-behaviour/sns.md §8, [D]);
 * with one account per mock that confirmation can only come through ConfirmSubscription and the token.
 */
function needsConfirmation(subscription: Subscription, accountId: string): boolean {
  return subscription.protocol === 'sqs' && subscription.endpoint.split(':')[4] !== accountId;
}

function subscribeAnswer(subscription: Subscription, returnArn: boolean | undefined): string {
  return subscription.pendingConfirmation && returnArn !== true ? PENDING_ANSWER : subscription.arn;
}

function newSubscription(backend: SnsBackend, topic: Topic, protocol: Protocol, endpoint: string): Subscription {
  const arn = `${topic.arn}:${backend.ids.uuid()}`;
  const subscription = new Subscription(
    arn,
    topic.arn,
    protocol,
    endpoint,
    backend.scope.accountId,
    backend.newConfirmationToken(),
  );
  if (needsConfirmation(subscription, backend.scope.accountId)) {
    subscription.pendingConfirmation = true;
    subscription.confirmationWasAuthenticated = false;
  }
  return subscription;
}

export function subscribe(
  backend: SnsBackend,
  input: Partial<SubscribeCommandInput>,
  request: RequestContext,
): Omit<SubscribeCommandOutput, '$metadata'> {
  const topic = backend.topicByArn(input.TopicArn, 'TopicArn', request.region);
  const protocol = checkProtocol(input.Protocol);
  const endpoint = checkEndpoint(protocol, input.Endpoint);
  // A platform endpoint must exist (docs/aws-behaviour/sns.md §14.7).
  if (protocol === 'application' && !backend.mobile.endpoint(endpoint))
    throw snsErrors.applicationEndpointMissing(endpoint);
  checkFifoPairing(topic, protocol, endpoint);
  const replay = replayFacts(topic, backend.clock.now());
  const checked = checkSubscribeAttributes(input.Attributes, { protocol, endpoint, topicFifo: topic.fifo, replay });

  // Subscribing the same endpoint again answers the same subscription (docs/aws-behaviour/sns.md §2).
  const existing = backend.findTopicSubscription(topic, protocol, endpoint);
  if (existing) {
    if (differsFrom(existing, checked)) throw snsErrors.subscriptionExistsWithDifferentAttributes();
    return { SubscriptionArn: subscribeAnswer(existing, input.ReturnSubscriptionArn) };
  }
  const subscription = newSubscription(backend, topic, protocol, endpoint);
  applySubscribeAttributes(subscription, checked);
  backend.addSubscription(topic, subscription);
  // "Messages can be replayed immediately after the subscription is created" [D].
  if (wasGiven(checked, REPLAY_POLICY_ATTRIBUTE)) startReplay(backend, topic, subscription);
  return { SubscriptionArn: subscribeAnswer(subscription, input.ReturnSubscriptionArn) };
}

// ---------------------------------------------------------------------------------------------------
// ConfirmSubscription

/**
 * AWS refuses a malformed TopicArn or one of another region with "Invalid parameter: Topic", but confirms
 * by the token alone when the ARN is merely of another topic of the region [V, http test].
 */
function checkConfirmTopic(value: unknown, region: string): void {
  try {
    parseTopicArn(value, region);
  } catch {
    throw snsErrors.invalidParameterNamed('Topic');
  }
}

export function confirmSubscription(
  backend: SnsBackend,
  input: Partial<ConfirmSubscriptionCommandInput>,
  request: RequestContext,
): Omit<ConfirmSubscriptionCommandOutput, '$metadata'> {
  checkConfirmTopic(input.TopicArn, request.region);
  const token: unknown = input.Token;
  if (token === undefined || token === null) throw missingParameter('Token');
  // A token that cannot be one (AWS's are hex) is refused differently from an unknown one [V].
  if (typeof token !== 'string' || !/^[0-9a-f]+$/i.test(token)) throw snsErrors.malformedToken();
  const subscription = backend.subscriptionByToken(token);
  if (!subscription) throw snsErrors.invalidParameterNamed('Token');
  subscription.confirm(); // Idempotent: confirming again changes nothing.
  // A ReplayPolicy given before the confirmation replays now (ConfirmSubscription can answer ReplayLimitExceeded [D]).
  const topic = backend.findTopicByArn(subscription.topicArn);
  if (topic) runReplay(backend, topic, subscription);
  return { SubscriptionArn: subscription.arn };
}

// ---------------------------------------------------------------------------------------------------
// Unsubscribe, Get/SetSubscriptionAttributes

/**
 * A SubscriptionArn parameter: `<topic ARN>:<id>`, 7 parts. Fewer than 6 is "not N"; a topic ARN
 * (6 parts) lacks the id (docs/aws-behaviour/sns.md §2). Other shapes of 7 parts simply name no subscription.
 */
function checkSubscriptionArn(value: unknown): string {
  if (value === undefined || value === null) throw missingParameter('SubscriptionArn');
  // Not recorded from AWS for more than 7 parts: treated like a missing id.
  if (arnParts('SubscriptionArn', value).length !== 7) throw snsErrors.invalidParameterNamed('SubscriptionId');
  return value as string;
}

function subscriptionByArn(backend: SnsBackend, value: unknown): Subscription {
  const subscription = backend.findSubscription(checkSubscriptionArn(value));
  if (!subscription) throw snsErrors.subscriptionNotFound();
  return subscription;
}

export function unsubscribe(backend: SnsBackend, input: Partial<UnsubscribeCommandInput>): object {
  // Idempotent: a well-formed ARN of no subscription succeeds (docs/aws-behaviour/sns.md §2).
  const subscription = backend.findSubscription(checkSubscriptionArn(input.SubscriptionArn));
  if (subscription) backend.removeSubscription(subscription);
  return {};
}

export function getSubscriptionAttributes(
  backend: SnsBackend,
  input: Partial<GetSubscriptionAttributesCommandInput>,
): Omit<GetSubscriptionAttributesCommandOutput, '$metadata'> {
  const subscription = subscriptionByArn(backend, input.SubscriptionArn);
  const topic = topicOf(backend, subscription);
  const facts = {
    subscription,
    principal: backend.subscriptionPrincipal,
    topicDeliveryPolicy: topicDeliveryPolicy(topic),
  };
  return {
    Attributes: renderSubscriptionAttributes(facts, replayAttributes(topic, subscription, backend.clock.now())),
  };
}

export function setSubscriptionAttributes(
  backend: SnsBackend,
  input: Partial<SetSubscriptionAttributesCommandInput>,
): object {
  const subscription = subscriptionByArn(backend, input.SubscriptionArn);
  const topic = topicOf(backend, subscription);
  const target = {
    protocol: subscription.protocol,
    endpoint: subscription.endpoint,
    topicFifo: topic.fifo,
    replay: replayFacts(topic, backend.clock.now()),
  };
  setSubscriptionAttribute(subscription, target, input.AttributeName, input.AttributeValue);
  // FilterPolicy and FilterPolicyScope decide where the topic's index files it.
  topic.subscriptions.refile(subscription);
  // Setting a ReplayPolicy, even the same one again, starts a new replay that replaces the last [D].
  if (input.AttributeName === REPLAY_POLICY_ATTRIBUTE) startReplay(backend, topic, subscription);
  return {};
}

/** A subscription's topic: deleting a topic removes its subscriptions, so it exists. */
function topicOf(backend: SnsBackend, subscription: Subscription): Topic {
  return backend.findTopicByArn(subscription.topicArn)!;
}

// ---------------------------------------------------------------------------------------------------
// ListSubscriptions, ListSubscriptionsByTopic

function listed(subscription: Subscription): ListedSubscription {
  return {
    SubscriptionArn: subscription.pendingConfirmation ? PENDING_LISTED : subscription.arn,
    Owner: subscription.owner,
    Protocol: subscription.protocol,
    Endpoint: subscription.endpoint,
    TopicArn: subscription.topicArn,
  };
}

function listPage(
  subscriptions: readonly Subscription[],
  nextToken: unknown,
): { Subscriptions: ListedSubscription[]; NextToken?: string } {
  const { page, nextToken: next } = paginateByToken(subscriptions, PAGE_SIZE, nextToken);
  return { Subscriptions: page.map(listed), ...(next ? { NextToken: next } : {}) };
}

export function listSubscriptions(
  backend: SnsBackend,
  input: Partial<ListSubscriptionsCommandInput>,
  request: RequestContext,
): Omit<ListSubscriptionsCommandOutput, '$metadata'> {
  return listPage(backend.listSubscriptions(request.region), input.NextToken);
}

export function listSubscriptionsByTopic(
  backend: SnsBackend,
  input: Partial<ListSubscriptionsByTopicCommandInput>,
  request: RequestContext,
): Omit<ListSubscriptionsByTopicCommandOutput, '$metadata'> {
  const topic = backend.topicByArn(input.TopicArn, 'TopicArn', request.region);
  return listPage([...topic.subscriptions.values()], input.NextToken);
}
