import type { ByRegion } from '../../core/util/view-lookup.js';
import type { Clock } from '../../core/clock.js';
import type { JourneyRecorder } from '../../core/journeys/recorder.js';
import type { IdSource } from '../../core/ids.js';
import type { PolicyMode } from '../../core/policies/mode.js';
import type { Deliver, DeliveryPermission, DeliverySender } from '../../core/delivery.js';
import { partitionOf } from '../../core/arn.js';
import { parseTopicArn, topicArn, topicRegion } from './arn.js';
import { snsErrors } from './errors.js';
import { MobilePush } from './mobile/mobile-push.js';
import { SmsAccount } from './sms/sms-account.js';
import type { Subscription } from './subscription.js';
import { Topic } from './topic.js';

/** What SNS uses of the account's delivery seam. */
export interface SnsDelivery {
  readonly deliver: Deliver;
  /** Whether a sender may deliver to a resource, whatever createAwsMock's `policies`. */
  readonly permits: (arn: string, sender: DeliverySender) => DeliveryPermission;
}

/**
 * SNS deletes a subscription still pending confirmation 48 hours after Subscribe (three days before May 2023):
 * docs/aws-behaviour/sns.md §8.
 */
const UNCONFIRMED_LIFETIME_MS = 48 * 60 * 60 * 1000;

/**
 * The SNS state of one emulated account: its topics in every region (by name within a region, the request's:
 * docs/aws-behaviour/sdk-reach.md §3), their subscriptions, and the account's delivery seam, through which `sqs` and
 * `lambda` subscriptions deliver to the account's queues and functions in any region. `scope.region` is the
 * account's default region, where views look by name.
 */
export class SnsBackend {
  /** By region, then name. */
  private readonly topics = new Map<string, Map<string, Topic>>();
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly byToken = new Map<string, Subscription>();
  /**
   * Subscriptions made pending, oldest first, with when: SNS deletes one never confirmed after 48 hours [D]. An
   * entry whose subscription was confirmed or removed since is dropped when its time comes.
   */
  private readonly unconfirmed = new Map<Subscription, number>();
  /** SMS: each region's attributes, opt-out list and sandbox, and every SMS sent (docs/aws-behaviour/sns.md §13). */
  readonly sms: SmsAccount;
  /** Mobile push: platform applications and endpoints (docs/aws-behaviour/sns.md §14). */
  readonly mobile: MobilePush;

  constructor(
    readonly scope: { region: string; accountId: string },
    readonly clock: Clock,
    readonly ids: IdSource,
    /**
     * The account's delivery seam (src/core/delivery.ts), through which endpoints and dead-letter queues are reached.
     */
    readonly delivery: SnsDelivery,
    /** How many published messages each topic keeps for `published()` (createAwsMock's `publishedHistory`). */
    readonly publishedHistory?: number,
    /** Whether deliveries into queues obey the queues' policies (createAwsMock's `policies`). */
    readonly policies: PolicyMode = 'ignore',
    /** The account's journey recorder, only when it records. */
    readonly journeys?: JourneyRecorder,
  ) {
    this.sms = new SmsAccount(publishedHistory);
    this.mobile = new MobilePush(publishedHistory);
  }

  get partition(): string {
    return partitionOf(this.scope.region);
  }

  arnFor(name: string, region = this.scope.region): string {
    return topicArn({ partition: partitionOf(region), region, accountId: this.scope.accountId, name });
  }

  /** Every topic, by region then name (read-only): what a view's lookup by name reads (util/view-lookup.ts). */
  get topicsByRegion(): ByRegion<Topic> {
    return this.topics;
  }

  findTopicByName(name: string, region = this.scope.region): Topic | undefined {
    return this.topics.get(region)?.get(name);
  }

  findTopicByArn(arn: string): Topic | undefined {
    const topic = this.findTopicByName(arn.slice(arn.lastIndexOf(':') + 1), topicRegion(arn));
    return topic?.arn === arn ? topic : undefined;
  }

  /**
   * Resolves a TopicArn parameter of a request in `region`, or throws SNS's error for a malformed, foreign or
   * unknown ARN (one of another region is refused as SNS does, docs/aws-behaviour/sns.md §1).
   */
  topicByArn(value: unknown, parameter = 'TopicArn', region = this.scope.region): Topic {
    const topic = this.lookupTopic(value, parameter, region);
    if (!topic) throw snsErrors.topicNotFound();
    return topic;
  }

  /** Like topicByArn, but a well-formed ARN of no topic gives undefined. */
  lookupTopic(value: unknown, parameter = 'TopicArn', region = this.scope.region): Topic | undefined {
    const address = parseTopicArn(value, region, parameter);
    return address.accountId === this.scope.accountId ? this.findTopicByName(address.name, region) : undefined;
  }

  /** The topics of a region, or of every region, oldest first. */
  listTopics(region?: string): Topic[] {
    if (region !== undefined) return [...(this.topics.get(region)?.values() ?? [])];
    return [...this.topics.values()]
      .flatMap((byName) => [...byName.values()])
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  createTopic(name: string, fifo: boolean, region = this.scope.region): Topic {
    const topic = new Topic(this.arnFor(name, region), name, fifo, this.clock.now(), this.publishedHistory);
    let byName = this.topics.get(region);
    if (!byName) this.topics.set(region, (byName = new Map()));
    byName.set(name, topic);
    return topic;
  }

  deleteTopic(topic: Topic): void {
    for (const subscription of topic.subscriptions.values()) this.removeSubscription(subscription);
    this.topics.get(topicRegion(topic.arn))?.delete(topic.name);
  }

  findSubscription(arn: string): Subscription | undefined {
    return this.subscriptions.get(arn);
  }

  /** The subscriptions of a region's topics, or of every region, oldest first. */
  listSubscriptions(region?: string): Subscription[] {
    const all = [...this.subscriptions.values()];
    return region === undefined ? all : all.filter((subscription) => topicRegion(subscription.topicArn) === region);
  }

  addSubscription(topic: Topic, subscription: Subscription): void {
    this.subscriptions.set(subscription.arn, subscription);
    this.byToken.set(subscription.confirmationToken, subscription);
    topic.subscriptions.set(subscription.arn, subscription);
    if (subscription.pendingConfirmation) this.unconfirmed.set(subscription, this.clock.now());
  }

  /** Deletes the subscriptions left unconfirmed for 48 hours; every action and view applies it first. */
  expireUnconfirmed(): void {
    if (this.unconfirmed.size === 0) return;
    const now = this.clock.now();
    for (const [subscription, since] of this.unconfirmed) {
      const stillPending =
        subscription.pendingConfirmation && this.subscriptions.get(subscription.arn) === subscription;
      if (stillPending && since + UNCONFIRMED_LIFETIME_MS > now) break;
      this.unconfirmed.delete(subscription);
      if (stillPending) this.removeSubscription(subscription);
    }
  }

  /**
   * The topic's subscription of this endpoint by this protocol, which Subscribe answers again
   * (docs/aws-behaviour/sns.md §2).
   */
  findTopicSubscription(topic: Topic, protocol: string, endpoint: string): Subscription | undefined {
    for (const subscription of topic.subscriptions.values()) {
      if (subscription.protocol === protocol && subscription.endpoint === endpoint) return subscription;
    }
    return undefined;
  }

  /** A ConfirmSubscription token: 288 hex digits, the length AWS's tokens have. */
  newConfirmationToken(): string {
    return Buffer.from(this.ids.bytes(144)).toString('hex');
  }

  /**
   * GetSubscriptionAttributes' SubscriptionPrincipal is the IAM identity that called Subscribe. Requests
   * here carry no identity, so every subscription names this made-up user of the account.
   */
  get subscriptionPrincipal(): string {
    return `arn:${this.partition}:iam::${this.scope.accountId}:user/sqs-sns-mock`;
  }

  subscriptionByToken(token: string): Subscription | undefined {
    return this.byToken.get(token);
  }

  removeSubscription(subscription: Subscription): void {
    this.subscriptions.delete(subscription.arn);
    this.byToken.delete(subscription.confirmationToken);
    this.findTopicByArn(subscription.topicArn)?.subscriptions.delete(subscription.arn);
  }

  reset(): void {
    this.topics.clear();
    this.subscriptions.clear();
    this.byToken.clear();
    this.sms.reset();
    this.mobile.reset();
  }
}
