import { isDeepStrictEqual } from 'node:util';
import type { AwsError } from '../aws-error.js';
import { normalizeSubscriptionDeliveryPolicy } from './delivery-policy.js';
import { snsErrors } from './errors.js';
import { compileFilterPolicy, FilterPolicyError } from './filter-policy/index.js';
import { readJson } from './filter-policy/json-reader.js';
import { checkReplayPolicy, type ReplayFacts } from './replay-policy.js';
import type { FilterPolicyScope, Protocol, StoredFilterPolicy, Subscription } from './subscription.js';

/**
 * Subscription attributes: which exist, how each value is checked, how they are stored and how
 * GetSubscriptionAttributes shows them (docs/aws-behaviour/sns.md §2, §10). Subscribe and SetSubscriptionAttributes share the
 * checks but word their errors differently, so every error goes through the caller's prefix.
 */
export type AttributeCall = 'Subscribe' | 'SetSubscriptionAttributes';

const PREFIX: Readonly<Record<AttributeCall, string>> = {
  Subscribe: 'Invalid parameter: Attributes Reason: ',
  SetSubscriptionAttributes: 'Invalid parameter: ',
};

/** What the checks need to know about the subscription an attribute is for. */
export interface SubscriptionTarget {
  readonly protocol: Protocol;
  readonly endpoint: string;
  readonly topicFifo: boolean;
  /** The topic's archive at the moment of the request, for ReplayPolicy. */
  readonly replay: ReplayFacts;
}

type Fail = (reason: string) => AwsError;
/** Returns the value as it is stored ("" means "remove"), or throws through `fail`. */
type Check = (value: string, target: SubscriptionTarget, fail: Fail) => string;

/** Protocols whose endpoints can take a bare message (the AWS docs list these; others are refused). */
const RAW_DELIVERY_PROTOCOLS: ReadonlySet<Protocol> = new Set(['sqs', 'http', 'https', 'firehose']);

const rawMessageDelivery: Check = (value, target, fail) => {
  const lower = value.toLowerCase();
  if (lower !== 'true' && lower !== 'false') throw fail(`RawMessageDelivery: Invalid value [${value}]. Must be true or false.`);
  // Seen from AWS in the wild (even for "false"); which check comes first is not recorded.
  if (!RAW_DELIVERY_PROTOCOLS.has(target.protocol)) {
    throw fail(`Delivery protocol [${target.protocol}] does not support raw message delivery.`);
  }
  return lower;
};

const filterPolicyScope: Check = (value, _target, fail) => {
  if (value !== 'MessageAttributes' && value !== 'MessageBody') {
    throw fail(`FilterPolicyScope: Invalid value [${value}]. Please use either MessageBody or MessageAttributes`);
  }
  return value;
};

/** The policy itself is compiled once the scope in force is known (compileStoredPolicy). */
const filterPolicy: Check = (value) => value;

const redrivePolicy: Check = (value, target, fail) => {
  // "" removes the policy, as for the other JSON attributes. Not recorded from AWS.
  if (value === '') return value;
  const parsed = parseJson('RedrivePolicy', value, fail);
  const arn = isRecord(parsed) ? parsed['deadLetterTargetArn'] : undefined;
  const parts = typeof arn === 'string' ? arn.split(':') : [];
  // Only an SQS queue can be a subscription DLQ; a well-formed ARN of another service is refused with
  // the same text (not recorded from AWS).
  if (parts.length !== 6 || parts[0] !== 'arn' || parts[2] !== 'sqs' || !parts[5]) {
    throw fail('RedrivePolicy: deadLetterTargetArn is an invalid arn');
  }
  const fifoSubscription = target.topicFifo && target.protocol === 'sqs' && target.endpoint.endsWith('.fifo');
  if (fifoSubscription && !parts[5].endsWith('.fifo')) {
    throw fail('RedrivePolicy: must use a FIFO queue as DLQ for a FIFO Subscription to a FIFO Topic.');
  }
  return value;
};

/** Stored in SNS's form, every member present (delivery-policy.ts); "" removes it. */
const deliveryPolicy: Check = (value, _target, fail) => {
  if (value === '') return value;
  return normalizeSubscriptionDeliveryPolicy(parseJson('DeliveryPolicy', value, fail));
};

/** Stored as given once checked (replay-policy.ts); "" removes it (not recorded from AWS). */
const replayPolicy: Check = (value, target, fail) => {
  if (value !== '') checkReplayPolicy(parseJson('ReplayPolicy', value, fail), target.replay, fail);
  return value;
};

const asGiven: Check = (value) => value;

const CHECKS: Readonly<Record<string, Check>> = {
  DeliveryPolicy: deliveryPolicy,
  FilterPolicy: filterPolicy,
  FilterPolicyScope: filterPolicyScope,
  RawMessageDelivery: rawMessageDelivery,
  RedrivePolicy: redrivePolicy,
  SubscriptionRoleArn: asGiven,
  ReplayPolicy: replayPolicy,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A JSON attribute value. Syntax errors carry Jackson's wording, as AWS's do (the filter-policy reader
 * speaks it); text the reader accepts but JSON.parse does not (trailing tokens) counts as no value.
 */
function parseJson(name: string, text: string, fail: Fail): unknown {
  try {
    readJson(text);
  } catch (error) {
    if (error instanceof FilterPolicyError) throw fail(`${name}: ${error.message}`);
    throw error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function failWith(call: AttributeCall): Fail {
  return (reason) => snsErrors.invalidParameter(`${PREFIX[call]}${reason}`);
}

/** One attribute checked: the name must be known and the value acceptable for the subscription. */
export function checkAttribute(call: AttributeCall, name: unknown, value: unknown, target: SubscriptionTarget): string {
  const check = typeof name === 'string' && Object.hasOwn(CHECKS, name) ? CHECKS[name] : undefined;
  if (!check) throw failWith(call)('AttributeName');
  return check(typeof value === 'string' ? value : '', target, failWith(call));
}

/** A filter policy compiled against the scope in force; "" means no policy. */
export function compileStoredPolicy(call: AttributeCall, text: string, scope: FilterPolicyScope): StoredFilterPolicy | undefined {
  if (text === '') return undefined;
  try {
    return { text, compiled: compileFilterPolicy(text, scope) };
  } catch (error) {
    // The engine words the reason; the nested-scope message goes without the "FilterPolicy: " label (docs/aws-behaviour/sns.md §10.1).
    if (error instanceof FilterPolicyError) throw snsErrors.invalidParameter(error.awsMessage(call));
    throw error;
  }
}

/** Subscribe's attributes, checked in the order given; the policy is compiled against the scope given with it. */
export interface CheckedAttributes {
  readonly values: ReadonlyMap<string, string>;
  readonly policy: StoredFilterPolicy | undefined;
}

export function checkSubscribeAttributes(
  attributes: Readonly<Record<string, unknown>> | undefined,
  target: SubscriptionTarget,
): CheckedAttributes {
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value !== undefined) values.set(name, checkAttribute('Subscribe', name, value, target));
  }
  const scope = (values.get('FilterPolicyScope') as FilterPolicyScope | undefined) ?? 'MessageAttributes';
  return { values, policy: compileStoredPolicy('Subscribe', values.get('FilterPolicy') ?? '', scope) };
}

/** A new subscription takes Subscribe's checked attributes. */
export function applySubscribeAttributes(subscription: Subscription, checked: CheckedAttributes): void {
  for (const [name, value] of checked.values) store(subscription, name, value, checked.policy);
}

/**
 * SetSubscriptionAttributes: one attribute checked and stored. The policy is validated against the scope
 * in force, and a scope change re-validates the policy already set against the new scope.
 */
export function setSubscriptionAttribute(subscription: Subscription, target: SubscriptionTarget, name: unknown, value: unknown): void {
  const call = 'SetSubscriptionAttributes';
  const checked = checkAttribute(call, name, value, target);
  const attribute = name as string;
  let policy = subscription.filterPolicy;
  if (attribute === 'FilterPolicy') policy = compileStoredPolicy(call, checked, subscription.effectiveFilterScope);
  if (attribute === 'FilterPolicyScope' && policy) policy = compileStoredPolicy(call, policy.text, checked as FilterPolicyScope);
  store(subscription, attribute, checked, policy);
  subscription.filterPolicy = policy;
}

function store(subscription: Subscription, name: string, value: string, policy: StoredFilterPolicy | undefined): void {
  switch (name) {
    case 'RawMessageDelivery':
      subscription.rawMessageDelivery = value === 'true';
      return;
    case 'FilterPolicyScope':
      subscription.filterPolicyScope = value as FilterPolicyScope;
      return;
    case 'FilterPolicy':
      subscription.filterPolicy = policy;
      return;
    default:
      if (value === '') subscription.otherAttributes.delete(name);
      else subscription.otherAttributes.set(name, value);
  }
}

/** The value a Subscribe attribute is compared with: what is stored, or the default SNS would apply. */
function storedValue(subscription: Subscription, name: string): string {
  switch (name) {
    case 'RawMessageDelivery':
      return String(subscription.rawMessageDelivery);
    case 'FilterPolicyScope':
      return subscription.effectiveFilterScope;
    case 'FilterPolicy':
      return subscription.filterPolicy?.text ?? '';
    default:
      return subscription.otherAttributes.get(name) ?? '';
  }
}

/** JSON values are compared as JSON, so spacing and key order do not count as a difference. */
function sameValue(stored: string, given: string): boolean {
  if (stored === given) return true;
  try {
    return isDeepStrictEqual(JSON.parse(stored), JSON.parse(given));
  } catch {
    return false;
  }
}

/**
 * Subscribe idempotency (docs/aws-behaviour/sns.md §2): omitted attributes never count; a given one counts when it differs
 * from the stored value or, when never set, from the default.
 */
export function differsFrom(subscription: Subscription, checked: CheckedAttributes): boolean {
  for (const [name, value] of checked.values) if (!sameValue(storedValue(subscription, name), value)) return true;
  return false;
}

/**
 * GetSubscriptionAttributes: the verified key set plus what was set and the computed `extra` keys (ReplayStatus),
 * in name order as AWS lists them.
 */
export function renderSubscriptionAttributes(
  subscription: Subscription,
  owner: string,
  principal: string,
  extra: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const rendered: Record<string, string> = {
    ConfirmationWasAuthenticated: String(subscription.confirmationWasAuthenticated),
    Endpoint: subscription.endpoint,
    Owner: owner,
    PendingConfirmation: String(subscription.pendingConfirmation),
    Protocol: subscription.protocol,
    RawMessageDelivery: String(subscription.rawMessageDelivery),
    SubscriptionArn: subscription.arn,
    SubscriptionPrincipal: principal,
    TopicArn: subscription.topicArn,
    ...Object.fromEntries(subscription.otherAttributes),
    ...extra,
  };
  // The scope shows only while a policy is set, and then defaults to MessageAttributes (docs/aws-behaviour/sns.md §2).
  if (subscription.filterPolicy) {
    rendered['FilterPolicy'] = subscription.filterPolicy.text;
    rendered['FilterPolicyScope'] = subscription.effectiveFilterScope;
  }
  return Object.fromEntries(Object.entries(rendered).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
