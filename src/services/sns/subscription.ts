import type { CompiledFilterPolicy } from './filter-policy/index.js';
import { platformOfEndpoint } from './mobile/platform-arns.js';

export type Protocol =
  'http' | 'https' | 'email' | 'email-json' | 'sms' | 'sqs' | 'application' | 'lambda' | 'firehose';

export const PROTOCOLS: readonly Protocol[] = [
  'http',
  'https',
  'email',
  'email-json',
  'sms',
  'sqs',
  'application',
  'lambda',
  'firehose',
];

/**
 * Protocols whose subscriptions wait for ConfirmSubscription before anything is delivered (docs/aws-behaviour/sns.md
 * §8).
 */
export const CONFIRMED_BY_TOKEN: ReadonlySet<Protocol> = new Set(['http', 'https', 'email', 'email-json']);

export type FilterPolicyScope = 'MessageAttributes' | 'MessageBody';

/** A filter policy as set: its text (shown back as given) and the compiled matcher. */
export interface StoredFilterPolicy {
  readonly text: string;
  readonly compiled: CompiledFilterPolicy;
}

/** A RedrivePolicy as set: its text (shown back as given) and the dead-letter queue it names, read once. */
export interface StoredRedrivePolicy {
  readonly text: string;
  readonly deadLetterTargetArn: string;
}

/** A DeliveryPolicy in SNS's form (delivery-policy.ts): the text shown and the document it is. */
export interface StoredDeliveryPolicy {
  readonly text: string;
  readonly document: Readonly<Record<string, unknown>>;
}

/**
 * The settable attributes, parsed once when set (subscription-attributes.ts declares them). Plain fields: the
 * publish fan-out reads them for every subscription.
 */
export interface SubscriptionSettings {
  rawMessageDelivery: boolean;
  filterPolicy: StoredFilterPolicy | undefined;
  /** As set; shown only while a filter policy exists (docs/aws-behaviour/sns.md §2, GetSubscriptionAttributes). */
  filterPolicyScope: FilterPolicyScope | undefined;
  redrivePolicy: StoredRedrivePolicy | undefined;
  deliveryPolicy: StoredDeliveryPolicy | undefined;
  /** As given; replay.ts reads it when a replay starts. */
  replayPolicy: string | undefined;
  subscriptionRoleArn: string | undefined;
}

/** What a new subscription has. */
export const NEW_SUBSCRIPTION_SETTINGS: Readonly<SubscriptionSettings> = Object.freeze({
  rawMessageDelivery: false,
  filterPolicy: undefined,
  filterPolicyScope: undefined,
  redrivePolicy: undefined,
  deliveryPolicy: undefined,
  replayPolicy: undefined,
  subscriptionRoleArn: undefined,
});

const SETTING_KEYS = Object.keys(NEW_SUBSCRIPTION_SETTINGS) as (keyof SubscriptionSettings)[];

/** A copy of the settings part of `source`, for a request to build on. */
export function copySettings(source: Readonly<SubscriptionSettings>): SubscriptionSettings {
  const copy = { ...NEW_SUBSCRIPTION_SETTINGS };
  for (const key of SETTING_KEYS) copyMember(copy, source, key);
  return copy;
}

function copyMember<K extends keyof SubscriptionSettings>(
  to: SubscriptionSettings,
  from: Readonly<SubscriptionSettings>,
  key: K,
): void {
  to[key] = from[key];
}

/** The class carries its settings as plain fields, declared once by SubscriptionSettings (merged into the class). */
export interface Subscription extends SubscriptionSettings {}

/** One subscription of a topic. */
export class Subscription {
  pendingConfirmation: boolean;
  /** "true" once confirmed by a signed request; SDK calls are always signed (docs/aws-behaviour/sns.md §8). */
  confirmationWasAuthenticated: boolean;
  /**
   * The key of a MessageStructure=json message this endpoint reads: its protocol, or for an `application` endpoint
   * its platform, `GCM`, `APNS`, ... (docs/aws-behaviour/sns.md §14.6).
   */
  readonly structureKey: string;

  constructor(
    readonly arn: string,
    readonly topicArn: string,
    readonly protocol: Protocol,
    readonly endpoint: string,
    readonly owner: string,
    /** The token ConfirmSubscription takes, for protocols that need one. */
    readonly confirmationToken: string,
  ) {
    Object.assign(this, NEW_SUBSCRIPTION_SETTINGS);
    this.pendingConfirmation = CONFIRMED_BY_TOKEN.has(protocol);
    this.confirmationWasAuthenticated = !this.pendingConfirmation;
    this.structureKey = (protocol === 'application' && platformOfEndpoint(endpoint)) || protocol;
  }

  get effectiveFilterScope(): FilterPolicyScope {
    return effectiveFilterScope(this);
  }

  /** ConfirmSubscription through the SDK: a signed request, so the confirmation counts as authenticated. */
  confirm(): void {
    this.pendingConfirmation = false;
    this.confirmationWasAuthenticated = true;
  }
}

/** The scope a filter policy is applied with: as set, else MessageAttributes (docs/aws-behaviour/sns.md §2). */
export function effectiveFilterScope(settings: Pick<SubscriptionSettings, 'filterPolicyScope'>): FilterPolicyScope {
  return settings.filterPolicyScope ?? 'MessageAttributes';
}
