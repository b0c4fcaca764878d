import { mistakeTexts } from '../../core/diagnostics/texts.js';
import {
  displayName,
  INSPECT,
  NAME_OF,
  nameIn,
  type ResourceName,
  type ResourceNames,
} from '../../core/resource-names.js';
import type { JourneyRecorder } from '../../core/journeys/recorder.js';
import type { DeliveryVerdict } from '../../core/policies/sns-delivery.js';
import type { Delivery, PublishedMessage } from './published.js';
import type { PlatformEndpoint } from './mobile/mobile-push.js';
import type { SmsRecord } from './sms/sms-account.js';
import type { FilterPolicyScope, Protocol, Subscription } from './subscription.js';
import type { Topic } from './topic.js';

const NO_QUEUES: DeliveryVerdict = { allowed: false, reason: "this topic view was made without the account's queues" };

/** A snapshot of one subscription, taken when `TopicView.subscriptions()` is called. */
export class SubscriptionView {
  /** The real ARN, also while pending (Subscribe then answers "pending confirmation"). */
  readonly subscriptionArn: string;
  readonly topicArn: string;
  readonly protocol: Protocol;
  readonly endpoint: string;
  readonly pendingConfirmation: boolean;
  /** What ConfirmSubscription takes as `Token`; on AWS it reaches the endpoint in a confirmation message. */
  readonly confirmationToken: string;
  readonly rawMessageDelivery: boolean;
  /** The FilterPolicy as set, and its scope while one is set. */
  readonly filterPolicy: string | undefined;
  readonly filterPolicyScope: FilterPolicyScope | undefined;

  constructor(subscription: Subscription) {
    this.subscriptionArn = subscription.arn;
    this.topicArn = subscription.topicArn;
    this.protocol = subscription.protocol;
    this.endpoint = subscription.endpoint;
    this.pendingConfirmation = subscription.pendingConfirmation;
    this.confirmationToken = subscription.confirmationToken;
    this.rawMessageDelivery = subscription.rawMessageDelivery;
    this.filterPolicy = subscription.filterPolicy?.text;
    this.filterPolicyScope = subscription.filterPolicy ? subscription.effectiveFilterScope : undefined;
  }
}

/** A read-only look at one published message and where it went. */
export class PublishedView {
  readonly messageId: string;
  readonly sequenceNumber: string | undefined;
  /** The Message as published (with MessageStructure=json, the whole JSON text). */
  readonly message: string;
  readonly subject: string | undefined;
  readonly messageAttributes: PublishedMessage['messageAttributes'];
  readonly messageGroupId: string | undefined;
  readonly messageDeduplicationId: string | undefined;
  readonly publishedAt: Date;
  /** One entry per subscription the message was offered to; `delivered` is false when filtered out. */
  readonly deliveries: readonly Delivery[];

  constructor(published: PublishedMessage) {
    this.messageId = published.messageId;
    this.sequenceNumber = published.sequenceNumber;
    this.message = published.message;
    this.subject = published.subject;
    this.messageAttributes = published.messageAttributes;
    this.messageGroupId = published.messageGroupId;
    this.messageDeduplicationId = published.messageDeduplicationId;
    this.publishedAt = new Date(published.publishedAt);
    this.deliveries = published.deliveries.map(copyDelivery);
  }

  /** The message parsed as JSON. */
  json<T = unknown>(): T {
    return JSON.parse(this.message) as T;
  }
}

/**
 * A copy of a delivery record. A filtered-out one words its `filterReason` on first read (delivery/filtering.ts): the
 * copy reads it through, so reading the topic's history words no reason nobody reads.
 */
function copyDelivery(delivery: Delivery): Delivery {
  const copy = { ...delivery };
  if (!delivery.filteredOut) return copy;
  return Object.defineProperty(copy, 'filterReason', { get: () => delivery.filterReason, enumerable: true });
}

/**
 * A read-only look at one topic, reading its live state at each call. Once DeleteTopic or `aws.reset()` removed the
 * topic, reading it throws: an empty answer would let an assertion pass on a topic that is gone.
 */
export class TopicView {
  /**
   * @param refresh applies the passage of time to the account's subscriptions before a read.
   * @param current the account's topic of this ARN now, if any.
   * @param verdict whether SNS may deliver the topic's messages into the queue of this ARN (policies/).
   * @param names the account's logical ids of provisioned resources (resource-names.ts).
   */
  constructor(
    private readonly topic: Topic,
    private readonly refresh: () => void = () => {},
    private readonly current: (arn: string) => Topic | undefined = () => topic,
    private readonly verdict: (queueArn: string, topicArn: string) => DeliveryVerdict = () => NO_QUEUES,
    private readonly names?: ResourceNames,
    private readonly journeys?: JourneyRecorder,
  ) {}

  /** @internal The account's journeys, for the matchers' failure messages; undefined when it records none. */
  journal(): JourneyRecorder | undefined {
    return this.journeys;
  }

  get name(): string {
    return this.topic.name;
  }
  get arn(): string {
    return this.topic.arn;
  }
  get fifo(): boolean {
    return this.topic.fifo;
  }
  /** The topic's logical id in the template, when `aws.provision` created it. */
  get logicalId(): string | undefined {
    return this[NAME_OF]().logicalId;
  }

  /** The topic's subscriptions, oldest first, pending ones included. */
  subscriptions(): SubscriptionView[] {
    this.refresh();
    return [...this.live().subscriptions.values()].map((subscription) => new SubscriptionView(subscription));
  }

  /**
   * Every accepted Publish and PublishBatch entry, oldest first; with createAwsMock's `publishedHistory`, the last
   * that many.
   */
  published(): PublishedView[] {
    return Array.from(this.live().published, (published) => new PublishedView(published));
  }

  /**
   * Whether AWS would let SNS deliver this topic's messages into the queue (its view or ARN): the queue exists and
   * its Policy allows sns.amazonaws.com to sqs:SendMessage from this topic. `reason` names the statement that allows
   * it, or what refuses it. What `toBeAllowedToDeliverTo` reads; createAwsMock's `policies` does not change it.
   */
  deliveryCheck(queue: string | { readonly arn: string }): DeliveryVerdict {
    return this.verdict(typeof queue === 'string' ? queue : queue.arn, this.live().arn);
  }

  /** @internal The names of this topic, or of the queue or function an ARN or URL points at (matchers, journeys). */
  [NAME_OF](arnOrUrl: string = this.topic.arn): ResourceName {
    return nameIn(this.names, arnOrUrl);
  }

  /**
   * What `console.log` and `util.inspect` print: `TopicView orders { subscriptions: 2, pending: 1, published: 5 }`
   * (published: those kept), from what the topic keeps counted.
   */
  [INSPECT](): string {
    const name = displayName(this[NAME_OF]());
    if (this.current(this.topic.arn) !== this.topic) return `TopicView ${name} (deleted)`;
    this.refresh();
    let pending = 0;
    for (const subscription of this.topic.subscriptions.values()) if (subscription.pendingConfirmation) pending++;
    const { size } = this.topic.subscriptions;
    const pendingNote = pending ? `, pending: ${pending}` : '';
    return `TopicView ${name} { subscriptions: ${size}${pendingNote}, published: ${this.topic.published.length} }`;
  }

  /** What `JSON.stringify` (and a test runner's printing of a value) shows: which topic it is. */
  toJSON(): { name: string; logicalId?: string; arn: string; fifo: boolean } {
    const { logicalId } = this[NAME_OF]();
    return { name: this.name, ...(logicalId ? { logicalId } : {}), arn: this.arn, fifo: this.fifo };
  }

  private live(): Topic {
    if (this.current(this.topic.arn) !== this.topic) throw new Error(mistakeTexts.removed('topic', this.name));
    return this.topic;
  }
}

/** One SMS, as `aws.sns.sms()` shows it (docs/guide/sns.md, "SMS and mobile push"). */
export interface SmsView {
  /** The Publish's MessageId; a verification SMS has its own. */
  readonly messageId: string;
  /** E.164, `+` and digits (a subscription's `+1 555-0100` is `+15550100`). */
  readonly phoneNumber: string;
  /** The text: with MessageStructure=json its `sms` entry (else `default`); from a topic, after its DisplayName. */
  readonly message: string;
  /** The publish's message attributes (`AWS.SNS.SMS.SMSType`, ...), as `published()` shows them. */
  readonly attributes: PublishedMessage['messageAttributes'];
  readonly at: Date;
  /** False when SNS would not deliver it: the number opted out, or is unverified while in the sandbox. */
  readonly delivered: boolean;
  /** Why not, when not delivered. */
  readonly reason?: string;
  /** `message`: published; `verification`: CreateSMSSandboxPhoneNumber's one-time password, in `message`. */
  readonly kind: 'message' | 'verification';
  /** When it came through an `sms` subscription. */
  readonly topicArn?: string;
  readonly subscriptionArn?: string;
}

export function smsView(record: SmsRecord): SmsView {
  return Object.freeze({ ...record, at: new Date(record.at) });
}

/** One message a platform endpoint got, as `aws.sns.platformEndpoint(arn).published()` shows it. */
export interface PushView {
  readonly messageId: string;
  /** What the endpoint got: with MessageStructure=json its platform's entry (`GCM`, `APNS`, ..., else `default`). */
  readonly message: string;
  readonly attributes: PublishedMessage['messageAttributes'];
  readonly at: Date;
  /** When it came through a topic's `application` subscription. */
  readonly topicArn?: string;
  readonly subscriptionArn?: string;
}

/**
 * A read-only look at one platform endpoint, reading its live state at each call. Once DeleteEndpoint (or deleting
 * its application, or `aws.reset()`) removed it, reading it throws.
 */
export class PlatformEndpointView {
  constructor(
    private readonly endpoint: PlatformEndpoint,
    private readonly current: (arn: string) => PlatformEndpoint | undefined,
  ) {}

  get arn(): string {
    return this.endpoint.arn;
  }
  get applicationArn(): string {
    return this.endpoint.application.arn;
  }
  /** `GCM`, `APNS`, ...: the key of a MessageStructure=json message this endpoint reads. */
  get platform(): string {
    return this.endpoint.application.platform;
  }
  get token(): string {
    return this.live().token;
  }
  get enabled(): boolean {
    return this.live().enabled;
  }
  get customUserData(): string | undefined {
    return this.live().customUserData;
  }

  /** The messages the endpoint got, oldest first (with createAwsMock's `publishedHistory`, the last that many). */
  published(): PushView[] {
    return this.live().published.map((record) => Object.freeze({ ...record, at: new Date(record.at) }));
  }

  /** What `JSON.stringify` (and a test runner's printing of a value) shows: which endpoint it is. */
  toJSON(): { arn: string; platform: string } {
    return { arn: this.arn, platform: this.platform };
  }

  private live(): PlatformEndpoint {
    if (this.current(this.endpoint.arn) !== this.endpoint)
      throw new Error(
        `sqs-sns-mock: the platform endpoint ${JSON.stringify(this.endpoint.arn)} of this view no longer exists ` +
          '(DeleteEndpoint, DeletePlatformApplication or aws.reset() removed it), so the view has nothing to read.',
      );
    return this.endpoint;
  }
}
