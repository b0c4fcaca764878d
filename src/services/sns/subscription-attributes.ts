import { isDeepStrictEqual } from 'node:util';
import type { AwsError } from '../../core/aws-error.js';
import { AttributeTable, type AttributeSpec, type SettableAttribute } from '../../core/attributes/attribute.js';
import { effectiveDeliveryPolicyOf, normalizeSubscriptionDeliveryPolicy } from './delivery-policy.js';
import { snsErrors } from './errors.js';
import { FilterPolicyError } from './filter-policy/errors.js';
import { loadFilterPolicyCompiler } from './filter-policy/load-compile.js';
import { JsonSyntaxError, readJson } from '../../core/json/json-reader.js';
import { checkReplayPolicy, type ReplayFacts } from './replay-policy.js';
import {
  copySettings,
  effectiveFilterScope,
  NEW_SUBSCRIPTION_SETTINGS,
  type FilterPolicyScope,
  type Protocol,
  type StoredFilterPolicy,
  type Subscription,
  type SubscriptionSettings,
} from './subscription.js';

/**
 * Subscription attributes, one table of declarations: which exist, how each value is checked and parsed (once, when
 * set), how GetSubscriptionAttributes shows them and how Subscribe compares them (docs/aws-behaviour/sns.md §2, §10).
 * Subscribe and SetSubscriptionAttributes share the checks but word their errors differently, so every error goes
 * through the caller's prefix.
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

/** What a check knows of the request. */
interface CheckContext {
  readonly call: AttributeCall;
  readonly target: SubscriptionTarget;
  readonly fail: Fail;
}

/**
 * The settings a request builds. The filter policy is compiled once the scope in force is known (`settle`), so its
 * text waits in `filterPolicyText` until then.
 */
interface Draft {
  readonly settings: SubscriptionSettings;
  filterPolicyText?: string;
}

/** What the read-only attributes are computed from. */
export interface SubscriptionFacts {
  readonly subscription: Subscription;
  readonly principal: string;
  /** The topic's DeliveryPolicy as stored, which the effective one inherits from. */
  readonly topicDeliveryPolicy: string | undefined;
}

type Settable = SettableAttribute<Draft, SubscriptionSettings, CheckContext, SubscriptionFacts>;
type Spec = AttributeSpec<Draft, SubscriptionSettings, CheckContext, SubscriptionFacts>;

/** Protocols whose endpoints can take a bare message (the AWS docs list these; others are refused). */
const RAW_DELIVERY_PROTOCOLS: ReadonlySet<Protocol> = new Set(['sqs', 'http', 'https', 'firehose']);

/** An attribute shown and compared as the text stored, "" removing it. */
function asText(
  name: string,
  field: 'replayPolicy' | 'subscriptionRoleArn',
  check?: (value: string, ctx: CheckContext, name: string) => void,
): Settable {
  return {
    name,
    kind: 'settable',
    parse(draft, raw, ctx) {
      if (raw !== '') check?.(raw, ctx, name);
      draft.settings[field] = raw === '' ? undefined : raw;
    },
    render: (settings) => settings[field],
    compareKey: (settings) => settings[field] ?? '',
  };
}

const rawMessageDelivery: Settable = {
  name: 'RawMessageDelivery',
  kind: 'settable',
  parse(draft, value, { target, fail }, name) {
    const lower = value.toLowerCase();
    if (lower !== 'true' && lower !== 'false') throw fail(`${name}: Invalid value [${value}]. Must be true or false.`);
    // Seen from AWS in the wild (even for "false"); which check comes first is not recorded.
    if (!RAW_DELIVERY_PROTOCOLS.has(target.protocol)) {
      throw fail(`Delivery protocol [${target.protocol}] does not support raw message delivery.`);
    }
    draft.settings.rawMessageDelivery = lower === 'true';
  },
  render: (settings) => String(settings.rawMessageDelivery),
  compareKey: (settings) => String(settings.rawMessageDelivery),
};

const filterPolicyScope: Settable = {
  name: 'FilterPolicyScope',
  kind: 'settable',
  parse(draft, value, { fail }, name) {
    if (value !== 'MessageAttributes' && value !== 'MessageBody') {
      throw fail(`${name}: Invalid value [${value}]. Please use either MessageBody or MessageAttributes`);
    }
    draft.settings.filterPolicyScope = value;
    // A scope change re-validates the policy already set against the new scope.
    draft.filterPolicyText ??= draft.settings.filterPolicy?.text;
  },
  // The scope shows only while a policy is set, and then defaults to MessageAttributes (docs/aws-behaviour/sns.md §2).
  render: (settings) => (settings.filterPolicy ? effectiveFilterScope(settings) : undefined),
  compareKey: (settings) => effectiveFilterScope(settings),
};

/** The policy itself is compiled once the scope in force is known (settle). */
const filterPolicy: Settable = {
  name: 'FilterPolicy',
  kind: 'settable',
  parse(draft, value) {
    draft.filterPolicyText = value;
  },
  render: (settings) => settings.filterPolicy?.text,
  compareKey: (settings) => settings.filterPolicy?.text ?? '',
};

const redrivePolicy: Settable = {
  name: 'RedrivePolicy',
  kind: 'settable',
  parse(draft, value, { target, fail }, name) {
    // "" removes the policy, as for the other JSON attributes. Not recorded from AWS.
    if (value === '') {
      draft.settings.redrivePolicy = undefined;
      return;
    }
    const parsed = parseJson(name, value, fail);
    const arn = isRecord(parsed) ? parsed['deadLetterTargetArn'] : undefined;
    const parts = typeof arn === 'string' ? arn.split(':') : [];
    // Only an SQS queue can be a subscription DLQ; a well-formed ARN of another service is refused with
    // the same text (not recorded from AWS).
    if (typeof arn !== 'string' || parts.length !== 6 || parts[0] !== 'arn' || parts[2] !== 'sqs' || !parts[5]) {
      throw fail(`${name}: deadLetterTargetArn is an invalid arn`);
    }
    const fifoSubscription = target.topicFifo && target.protocol === 'sqs' && target.endpoint.endsWith('.fifo');
    if (fifoSubscription && !parts[5].endsWith('.fifo')) {
      throw fail(`${name}: must use a FIFO queue as DLQ for a FIFO Subscription to a FIFO Topic.`);
    }
    draft.settings.redrivePolicy = { text: value, deadLetterTargetArn: arn };
  },
  render: (settings) => settings.redrivePolicy?.text,
  compareKey: (settings) => settings.redrivePolicy?.text ?? '',
};

/** Stored in SNS's form, every member present (delivery-policy.ts); "" removes it. */
const deliveryPolicy: Settable = {
  name: 'DeliveryPolicy',
  kind: 'settable',
  parse(draft, value, { fail }, name) {
    draft.settings.deliveryPolicy =
      value === '' ? undefined : normalizeSubscriptionDeliveryPolicy(parseJson(name, value, fail));
  },
  render: (settings) => settings.deliveryPolicy?.text,
  compareKey: (settings) => settings.deliveryPolicy?.text ?? '',
};

/** Stored as given once checked (replay-policy.ts); "" removes it (not recorded from AWS). */
const replayPolicy = asText('ReplayPolicy', 'replayPolicy', (value, { target, fail }, name) => {
  checkReplayPolicy(parseJson(name, value, fail), target.replay, fail);
});

const readOnly = (name: string, render: (facts: SubscriptionFacts) => string | undefined): Spec => ({
  name,
  kind: 'readOnly',
  render,
});

const SUBSCRIPTION_ATTRIBUTES = new AttributeTable<Draft, SubscriptionSettings, CheckContext, SubscriptionFacts>([
  readOnly('ConfirmationWasAuthenticated', ({ subscription }) => String(subscription.confirmationWasAuthenticated)),
  readOnly('Endpoint', ({ subscription }) => subscription.endpoint),
  readOnly('Owner', ({ subscription }) => subscription.owner),
  readOnly('PendingConfirmation', ({ subscription }) => String(subscription.pendingConfirmation)),
  readOnly('Protocol', ({ subscription }) => subscription.protocol),
  readOnly('SubscriptionArn', ({ subscription }) => subscription.arn),
  readOnly('SubscriptionPrincipal', ({ principal }) => principal),
  readOnly('TopicArn', ({ subscription }) => subscription.topicArn),
  readOnly('EffectiveDeliveryPolicy', ({ subscription, topicDeliveryPolicy }) =>
    effectiveDeliveryPolicyOf(subscription, topicDeliveryPolicy),
  ),
  deliveryPolicy,
  filterPolicy,
  filterPolicyScope,
  rawMessageDelivery,
  redrivePolicy,
  asText('SubscriptionRoleArn', 'subscriptionRoleArn'),
  replayPolicy,
]);

/** Every name GetSubscriptionAttributes knows, and those no caller sets. */
export const SUBSCRIPTION_ATTRIBUTE_NAMES: readonly string[] = SUBSCRIPTION_ATTRIBUTES.names;
export const READ_ONLY_SUBSCRIPTION_ATTRIBUTES: readonly string[] = SUBSCRIPTION_ATTRIBUTES.readOnlyNames;

/** The attribute whose setting starts a replay (delivery/replay.ts). */
export const REPLAY_POLICY_ATTRIBUTE = replayPolicy.name;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A JSON attribute value. Syntax errors carry Jackson's wording, as AWS's do (src/core/json/json-reader.ts
 * speaks it); text the reader accepts but JSON.parse does not (trailing tokens) counts as no value.
 */
function parseJson(name: string, text: string, fail: Fail): unknown {
  try {
    readJson(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) throw fail(`${name}: ${error.message}`);
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

/** A filter policy compiled against the scope in force; "" means no policy. */
function compileStoredPolicy(
  call: AttributeCall,
  text: string,
  scope: FilterPolicyScope,
): StoredFilterPolicy | undefined {
  if (text === '') return undefined;
  try {
    return { text, compiled: loadFilterPolicyCompiler().compileFilterPolicy(text, scope) };
  } catch (error) {
    // The engine words the reason; the nested-scope message goes without the "FilterPolicy: " label
    // (docs/aws-behaviour/sns.md §10.1).
    if (error instanceof FilterPolicyError) throw failWith(call)(error.reason);
    throw error;
  }
}

/** One attribute checked and written into the draft: the name must be known and the value acceptable. */
function parseInto(draft: Draft, name: unknown, value: unknown, ctx: CheckContext): Settable {
  const spec = typeof name === 'string' ? SUBSCRIPTION_ATTRIBUTES.settable(name) : undefined;
  if (!spec) throw ctx.fail('AttributeName');
  spec.parse(draft, typeof value === 'string' ? value : '', ctx, spec.name);
  return spec;
}

/** Compiles a filter policy given (or re-validated by a scope change) against the scope in force. */
function settle(draft: Draft, call: AttributeCall): SubscriptionSettings {
  if (draft.filterPolicyText !== undefined) {
    draft.settings.filterPolicy = compileStoredPolicy(
      call,
      draft.filterPolicyText,
      effectiveFilterScope(draft.settings),
    );
  }
  return draft.settings;
}

function context(call: AttributeCall, target: SubscriptionTarget): CheckContext {
  return { call, target, fail: failWith(call) };
}

/** Subscribe's attributes, checked in the order given; the policy is compiled against the scope given with it. */
export interface CheckedAttributes {
  /** The attributes given, in order. */
  readonly given: readonly Settable[];
  readonly settings: SubscriptionSettings;
}

export function checkSubscribeAttributes(
  attributes: Readonly<Record<string, unknown>> | undefined,
  target: SubscriptionTarget,
): CheckedAttributes {
  const ctx = context('Subscribe', target);
  const draft: Draft = { settings: copySettings(NEW_SUBSCRIPTION_SETTINGS) };
  const given: Settable[] = [];
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value !== undefined) given.push(parseInto(draft, name, value, ctx));
  }
  return { given, settings: settle(draft, ctx.call) };
}

/** Whether Subscribe was given the attribute `name`. */
export function wasGiven(checked: CheckedAttributes, name: string): boolean {
  return checked.given.some((spec) => spec.name === name);
}

/** A new subscription takes Subscribe's checked attributes. */
export function applySubscribeAttributes(subscription: Subscription, checked: CheckedAttributes): void {
  Object.assign(subscription, checked.settings);
}

/**
 * SetSubscriptionAttributes: one attribute checked and stored. The policy is validated against the scope
 * in force, and a scope change re-validates the policy already set against the new scope.
 */
export function setSubscriptionAttribute(
  subscription: Subscription,
  target: SubscriptionTarget,
  name: unknown,
  value: unknown,
): void {
  const ctx = context('SetSubscriptionAttributes', target);
  const draft: Draft = { settings: copySettings(subscription) };
  parseInto(draft, name, value, ctx);
  Object.assign(subscription, settle(draft, ctx.call));
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
 * Subscribe idempotency (docs/aws-behaviour/sns.md §2): omitted attributes never count; a given one counts when it
 * differs from the stored value or, when never set, from the default.
 */
export function differsFrom(subscription: Subscription, checked: CheckedAttributes): boolean {
  return checked.given.some((spec) => !sameValue(spec.compareKey(subscription), spec.compareKey(checked.settings)));
}

/**
 * GetSubscriptionAttributes: every attribute shown plus the computed `extra` keys (ReplayStatus), in name order as
 * AWS lists them.
 */
export function renderSubscriptionAttributes(
  facts: SubscriptionFacts,
  extra: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const rendered = { ...SUBSCRIPTION_ATTRIBUTES.render(facts.subscription, facts), ...extra };
  return Object.fromEntries(Object.entries(rendered).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
