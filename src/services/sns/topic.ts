import { DeduplicationWindow, type AcceptedSend } from '../../core/messages/deduplication.js';
import { ARCHIVE_POLICY_ATTRIBUTE, TopicArchive } from './archive.js';
import { PublishedHistory } from './published.js';
import type { ReplayRun } from './replay-policy.js';
import type { Subscription } from './subscription.js';
import { TopicSubscriptions } from './subscription-index.js';

/**
 * One SNS topic: its attributes and tags, its subscriptions in the order they were made, what was
 * published to it, and for FIFO topics the topic-wide deduplication window and sequence numbers.
 */
export class Topic {
  /** Settable attributes as stored (strings, as GetTopicAttributes shows them). */
  readonly attributes = new Map<string, string>();
  readonly tags = new Map<string, string>();
  /** In the order they were made, indexed by their filter policies (subscription-index.ts). */
  readonly subscriptions = new TopicSubscriptions();
  readonly published: PublishedHistory;
  /** FIFO topics with an ArchivePolicy (archive.ts); reach it through `archiveAt`, which applies the policy. */
  readonly archive = new TopicArchive();
  /** Each subscription's latest ReplayPolicy run (delivery/replay.ts); gone with the subscription. */
  readonly replays = new WeakMap<Subscription, ReplayRun>();
  /** Its data protection policy as put (docs/aws-behaviour/sns.md §15): kept and answered back, never applied. */
  dataProtectionPolicy: string | undefined;
  /** FIFO topics deduplicate across all message groups (docs/aws-behaviour/sns.md §6.3). */
  private readonly deduplication = new DeduplicationWindow('queue');
  private sequence = 0;

  constructor(
    readonly arn: string,
    readonly name: string,
    readonly fifo: boolean,
    readonly createdAt: number,
    publishedHistory?: number,
  ) {
    this.published = new PublishedHistory(publishedHistory);
  }

  /** The archive as the ArchivePolicy leaves it at `now`. */
  archiveAt(now: number): TopicArchive {
    this.archive.sync(this.attributes.get(ARCHIVE_POLICY_ATTRIBUTE), this.createdAt, now);
    return this.archive;
  }

  findDuplicate(deduplicationId: string, now: number): AcceptedSend | undefined {
    return this.deduplication.find('', deduplicationId, now);
  }

  rememberSend(deduplicationId: string, send: AcceptedSend, now: number): void {
    this.deduplication.remember('', deduplicationId, send, now);
  }

  /**
   * The next SNS SequenceNumber: 20 digits, strictly increasing per topic. Real FIFO topics count in steps of
   * 1000 from 10000000000000003000 (two fresh topics seen starting there; ten publishes moved one by 10000).
   */
  nextSequenceNumber(): string {
    return (10_000_000_000_000_000_000n + 1000n * BigInt(2 + ++this.sequence)).toString();
  }
}
