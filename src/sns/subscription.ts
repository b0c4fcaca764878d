import type { CompiledFilterPolicy } from './filter-policy/index.js';

export type Protocol = 'http' | 'https' | 'email' | 'email-json' | 'sms' | 'sqs' | 'application' | 'lambda' | 'firehose';

export const PROTOCOLS: readonly Protocol[] = ['http', 'https', 'email', 'email-json', 'sms', 'sqs', 'application', 'lambda', 'firehose'];

/** Protocols whose subscriptions wait for ConfirmSubscription before anything is delivered (docs/aws-behaviour/sns.md §8). */
export const CONFIRMED_BY_TOKEN: ReadonlySet<Protocol> = new Set(['http', 'https', 'email', 'email-json']);

export type FilterPolicyScope = 'MessageAttributes' | 'MessageBody';

/** A filter policy as set: its text (shown back as given) and the compiled matcher. */
export interface StoredFilterPolicy {
  readonly text: string;
  readonly compiled: CompiledFilterPolicy;
}

/** One subscription of a topic. Attributes are stored as SNS shows them back. */
export class Subscription {
  rawMessageDelivery = false;
  filterPolicy: StoredFilterPolicy | undefined;
  /** As set; shown only while a filter policy exists (docs/aws-behaviour/sns.md §2, GetSubscriptionAttributes). */
  filterPolicyScope: FilterPolicyScope | undefined;
  /** Other attributes (RedrivePolicy, DeliveryPolicy, SubscriptionRoleArn, ReplayPolicy), as given. */
  readonly otherAttributes = new Map<string, string>();
  pendingConfirmation: boolean;
  /** "true" once confirmed by a signed request; SDK calls are always signed (docs/aws-behaviour/sns.md §8). */
  confirmationWasAuthenticated: boolean;

  constructor(
    readonly arn: string,
    readonly topicArn: string,
    readonly protocol: Protocol,
    readonly endpoint: string,
    readonly owner: string,
    /** The token ConfirmSubscription takes, for protocols that need one. */
    readonly confirmationToken: string,
  ) {
    this.pendingConfirmation = CONFIRMED_BY_TOKEN.has(protocol);
    this.confirmationWasAuthenticated = !this.pendingConfirmation;
  }

  get effectiveFilterScope(): FilterPolicyScope {
    return this.filterPolicyScope ?? 'MessageAttributes';
  }

  /** ConfirmSubscription through the SDK: a signed request, so the confirmation counts as authenticated. */
  confirm(): void {
    this.pendingConfirmation = false;
    this.confirmationWasAuthenticated = true;
  }
}
