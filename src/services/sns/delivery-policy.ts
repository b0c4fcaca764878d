import type { StoredDeliveryPolicy, Subscription } from './subscription.js';

/**
 * Delivery policies (retry and request settings of http/https deliveries) as SNS shows them back. SNS rewrites a
 * policy into its own schema when it stores it, and works out the effective policy from the subscription's, the
 * topic's and its defaults. Recorded from AWS (LocalStack's validated
 * test_subscribe_external_http_endpoint_content_type):
 *
 * - topic `{"http":{"defaultRequestPolicy":{"headerContentType":"application/json"}}}` is shown as
 *   `{"http":{"disableSubscriptionOverrides":false,"defaultRequestPolicy":{…}}}`, and its EffectiveDeliveryPolicy
 *   puts the default healthy retry policy first;
 * - subscription `{"requestPolicy":{"headerContentType":"text/csv"}}` is shown with every member, absent ones null:
 * `{"healthyRetryPolicy":null,"sicklyRetryPolicy":null,"throttlePolicy":null,"requestPolicy":{…},"guaranteed":false}`;
 * - a subscription's EffectiveDeliveryPolicy takes each member from the subscription, else from the topic's
 *   effective http policy (a request policy set on the topic reaches a subscription that has none);
 * - test_topic_delivery_policy_crud: a partial `defaultHealthyRetryPolicy` ({minDelayTarget 5, maxDelayTarget 6,
 *   numRetries 1}) is shown as given, and the effective one has the members it lacks from the default policy, in the
 *   default's order; `{"http":{"defaultHealthyRetryPolicy":null}}` is shown without the null member, and the effective
 *   policy is then the default one;
 * - a subscription's `healthyRetryPolicy` given in another order is shown in the default's order.
 *
 * Where the members of defaultSicklyRetryPolicy and defaultThrottlePolicy go in the topic's form is not recorded
 * (after the healthy retry policy, as in SNS's documented examples); the objects inside are kept as given.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const DEFAULT_HEALTHY_RETRY_POLICY: JsonObject = {
  minDelayTarget: 20,
  maxDelayTarget: 20,
  numRetries: 3,
  numMaxDelayRetries: 0,
  numNoDelayRetries: 0,
  numMinDelayRetries: 0,
  backoffFunction: 'linear',
};
const DEFAULT_REQUEST_POLICY: JsonObject = { headerContentType: 'text/plain; charset=UTF-8' };

/** The http members of a topic's policy, in the order SNS writes them. */
const TOPIC_HTTP_MEMBERS = ['defaultHealthyRetryPolicy', 'defaultSicklyRetryPolicy', 'defaultThrottlePolicy'] as const;

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A retry policy in SNS's member order (the default policy's), members it does not know after them as given.
 * `complete` fills the members it lacks from the default policy, as effective policies show them.
 */
function retryPolicy(given: Json | undefined, complete: boolean): Json {
  if (!isObject(given)) return complete && given == null ? DEFAULT_HEALTHY_RETRY_POLICY : (given ?? null);
  const ordered: JsonObject = {};
  for (const [member, fallback] of Object.entries(DEFAULT_HEALTHY_RETRY_POLICY)) {
    const value = given[member] ?? (complete ? fallback : undefined);
    if (value !== undefined) ordered[member] = value;
  }
  for (const [member, value] of Object.entries(given)) if (!(member in ordered)) ordered[member] = value;
  return ordered;
}

function parsed(text: string | undefined): JsonObject {
  if (!text) return {};
  const value = JSON.parse(text) as unknown;
  return isObject(value) ? value : {};
}

/** The http section of a topic policy in SNS's form; `effective` fills in the defaults. A null member is none. */
function topicHttp(given: JsonObject, effective: boolean): JsonObject {
  const http: JsonObject = {};
  for (const member of TOPIC_HTTP_MEMBERS) {
    if (member === 'defaultHealthyRetryPolicy') {
      if (given[member] != null || effective) http[member] = retryPolicy(given[member], effective);
    } else if (given[member] != null) {
      http[member] = given[member]!;
    }
  }
  http['disableSubscriptionOverrides'] = given['disableSubscriptionOverrides'] ?? false;
  if (given['defaultRequestPolicy'] != null) http['defaultRequestPolicy'] = given['defaultRequestPolicy']!;
  else if (effective) http['defaultRequestPolicy'] = DEFAULT_REQUEST_POLICY;
  return http;
}

/** A topic's DeliveryPolicy as SNS stores and shows it. */
export function normalizeTopicDeliveryPolicy(text: string): string {
  const given = parsed(text);
  const http = given['http'];
  return JSON.stringify(isObject(http) ? { ...given, http: topicHttp(http, false) } : given);
}

/** A topic's EffectiveDeliveryPolicy: its DeliveryPolicy (as stored) over SNS's defaults. */
export function effectiveTopicDeliveryPolicy(stored: string | undefined): string {
  const given = parsed(stored);
  const http = isObject(given['http']) ? given['http'] : {};
  return JSON.stringify({ ...given, http: topicHttp(http, true) });
}

/**
 * A subscription's DeliveryPolicy as SNS stores and shows it: every member, null where not given. `document` is the
 * policy as read; anything but an object counts as one without members.
 */
export function normalizeSubscriptionDeliveryPolicy(document: unknown): StoredDeliveryPolicy {
  const given: JsonObject = isObject(document) ? document : {};
  const normalised: JsonObject = {
    healthyRetryPolicy: retryPolicy(given['healthyRetryPolicy'], false),
    sicklyRetryPolicy: given['sicklyRetryPolicy'] ?? null,
    throttlePolicy: given['throttlePolicy'] ?? null,
    requestPolicy: given['requestPolicy'] ?? null,
    guaranteed: given['guaranteed'] ?? false,
  };
  const text = JSON.stringify(normalised);
  // The document read back from the text, as a later read of the stored text would see it (non-finite numbers as null).
  return { text, document: parsed(text) };
}

/** An http/https subscription's EffectiveDeliveryPolicy: each member its own, else the topic's effective one. */
export function effectiveSubscriptionDeliveryPolicy(
  stored: StoredDeliveryPolicy,
  topicStored: string | undefined,
): string {
  const own = stored.document as JsonObject;
  const topic = parsed(effectiveTopicDeliveryPolicy(topicStored))['http'] as JsonObject;
  const inherited = (member: string, topicMember: string): Json => own[member] ?? topic[topicMember] ?? null;
  return JSON.stringify({
    healthyRetryPolicy: retryPolicy(inherited('healthyRetryPolicy', 'defaultHealthyRetryPolicy'), true),
    sicklyRetryPolicy: inherited('sicklyRetryPolicy', 'defaultSicklyRetryPolicy'),
    throttlePolicy: inherited('throttlePolicy', 'defaultThrottlePolicy'),
    requestPolicy: inherited('requestPolicy', 'defaultRequestPolicy'),
    guaranteed: own['guaranteed'] ?? false,
  });
}

/** GetSubscriptionAttributes' EffectiveDeliveryPolicy: shown for http/https subscriptions with a DeliveryPolicy [V]. */
export function effectiveDeliveryPolicyOf(
  subscription: Subscription,
  topicStored: string | undefined,
): string | undefined {
  const own = subscription.deliveryPolicy;
  if (own === undefined || (subscription.protocol !== 'http' && subscription.protocol !== 'https')) return undefined;
  return effectiveSubscriptionDeliveryPolicy(own, topicStored);
}
