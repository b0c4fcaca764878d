import type { CompiledFilterPolicy } from './filter-policy/index.js';
import type { Subscription } from './subscription.js';

/**
 * One confirmed subscription as a snapshot saw it: what a record of a message it filtered out names, and the
 * policy that record words its reason from (a later SetSubscriptionAttributes does not change the reason).
 */
export interface OfferedSubscription {
  readonly subscription: Subscription;
  readonly arn: string;
  readonly protocol: string;
  readonly endpoint: string;
  readonly policy: CompiledFilterPolicy | undefined;
}

/**
 * A topic's confirmed subscriptions in its order, as they are between two changes: shared by every message
 * published meanwhile, so that a publish records only the subscriptions that took the message (and which of these
 * it was) rather than a record per subscription (delivery/fan-out-record.ts). Immutable once taken; the topic takes a
 * new one when a subscription comes, goes, is refiled, or its confirmation or filter policy is no longer what the
 * snapshot saw (`describes`, checked on every publish, so a change that bypasses the topic is caught too).
 */
export class SubscriptionSnapshot {
  /** Confirmed subscriptions, in the topic's order: those a message is offered to (unless a replay pauses one). */
  readonly confirmed: readonly OfferedSubscription[];
  /** Where each confirmed subscription is in `confirmed`. */
  readonly places = new Map<Subscription, number>();
  /**
   * The places of the subscriptions a message is matched against whatever it holds: those the topic's index cannot
   * leave out (no pinned key, or a policy changed since filing). The others are matched only when the index names
   * them as candidates.
   */
  readonly alwaysOffered: readonly number[];
  private readonly pending: readonly Subscription[];

  constructor(
    subscriptions: Iterable<Subscription>,
    leavesOut: (subscription: Subscription) => boolean,
    /** The topic's count of changes when taken. */
    readonly version: number,
  ) {
    const confirmed: OfferedSubscription[] = [];
    const pending: Subscription[] = [];
    const alwaysOffered: number[] = [];
    for (const subscription of subscriptions) {
      if (subscription.pendingConfirmation) {
        pending.push(subscription);
        continue;
      }
      const { arn, protocol, endpoint } = subscription;
      this.places.set(subscription, confirmed.length);
      if (!leavesOut(subscription)) alwaysOffered.push(confirmed.length);
      confirmed.push({ subscription, arn, protocol, endpoint, policy: subscription.filterPolicy?.compiled });
    }
    this.confirmed = confirmed;
    this.pending = pending;
    this.alwaysOffered = alwaysOffered;
  }

  /** Whether the subscriptions are still as the snapshot saw them, at the topic's count of changes `version`. */
  describes(version: number): boolean {
    if (version !== this.version) return false;
    for (const offered of this.confirmed) {
      const { subscription } = offered;
      if (subscription.pendingConfirmation || subscription.filterPolicy?.compiled !== offered.policy) return false;
    }
    for (const subscription of this.pending) if (!subscription.pendingConfirmation) return false;
    return true;
  }
}
