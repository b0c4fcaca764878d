import type { PublishEntry } from './publish/entry.js';
import type { Notification } from './publish/envelope.js';

/**
 * A FIFO topic's message archive (AWS Developer Guide, "Amazon SNS message archiving for FIFO topic owners"):
 * with an ArchivePolicy of `{"MessageRetentionPeriod":"<days>"}`, 1 to 365 days, the topic keeps a copy of every
 * message published to it for that many days, so subscriptions can replay them (delivery/replay.ts). `{}`
 * deactivates the archive, and "Amazon SNS deletes all of the archived messages". What was published while no
 * policy was active is not archived. Retention counts in mock time.
 *
 * The emulation's choices where AWS says nothing:
 * - A message is kept while it is younger than the retention period; at exactly that age it is gone.
 * - Changing the period applies to the messages still kept: shortening drops the ones now too old, lengthening
 *   keeps the rest longer (a message is only dropped when an action looks at the archive, so one that outlived
 *   the old period with no action in between survives a lengthening).
 */
export const DAY_MS = 86_400_000;

/** The topic attribute that holds the policy (topic-attributes.ts declares it; `Topic.archiveAt` reads it). */
export const ARCHIVE_POLICY_ATTRIBUTE = 'ArchivePolicy';

const MIN_DAYS = 1;
const MAX_DAYS = 365;

/** An ArchivePolicy value as SNS takes it: active with a retention, or inactive (`{}`). */
export type ArchivePolicy = { readonly retentionDays: number } | { readonly retentionDays: undefined };

/**
 * Parses an ArchivePolicy value, or gives undefined for one SNS refuses. MessageRetentionPeriod may be a
 * string (as the docs write it) or a number. Not recorded from AWS: that a number is taken, that other keys
 * beside it are ignored, and that an object with other keys only is refused rather than read as `{}`.
 */
export function parseArchivePolicy(text: string): ArchivePolicy | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  if (Object.keys(parsed).length === 0) return { retentionDays: undefined };
  const period = (parsed as { MessageRetentionPeriod: unknown }).MessageRetentionPeriod;
  const days = typeof period === 'string' || typeof period === 'number' ? Number(period) : NaN;
  return Number.isInteger(days) && days >= MIN_DAYS && days <= MAX_DAYS ? { retentionDays: days } : undefined;
}

/** One archived message: all a replay needs to deliver it again with the same MessageId, Timestamp and content. */
export interface ArchivedMessage {
  readonly notification: Notification;
  readonly entry: PublishEntry;
  /** As the original delivery carried it to FIFO queues. */
  readonly deduplicationId: string | undefined;
  /** The publish request's X-Ray trace header, which the original SQS deliveries carried as AWSTraceHeader. */
  readonly traceHeader: string | undefined;
}

export class TopicArchive {
  /** In publish order, which is also Timestamp order. */
  private messages: ArchivedMessage[] = [];
  private retentionDays: number | undefined;
  /** When archiving began; undefined while inactive. */
  private activeSince: number | undefined;
  /** The last moment an action with a clock looked at the archive. */
  private lastSeen: number | undefined;

  /**
   * Brings the archive up to the topic's ArchivePolicy at `now` and drops what has expired. Actions that know
   * the time call this before they use the archive. SetTopicAttributes and CreateTopic see no clock, so a policy
   * they set is noticed here: a topic created with one has archived since its creation (exact), and one set
   * later is taken to have been active since the last look (a lower bound: no message can have been published
   * in between, since Publish looks first, but a StartingPoint in that gap is accepted where AWS may refuse it).
   */
  sync(policyText: string | undefined, topicCreatedAt: number, now: number): void {
    const days = policyText === undefined ? undefined : parseArchivePolicy(policyText)?.retentionDays;
    if (days === undefined) {
      this.deactivate();
    } else {
      this.activeSince ??= this.lastSeen ?? topicCreatedAt;
      this.retentionDays = days;
      const cutoff = now - days * DAY_MS;
      const firstKept = this.messages.findIndex((message) => message.notification.timestamp > cutoff);
      this.messages.splice(0, firstKept === -1 ? this.messages.length : firstKept);
    }
    this.lastSeen = now;
  }

  /** `{}` was set: the archive is cleared at once, which needs no clock. */
  deactivate(): void {
    this.messages = [];
    this.retentionDays = undefined;
    this.activeSince = undefined;
  }

  get active(): boolean {
    return this.retentionDays !== undefined;
  }

  /** Keeps one accepted publish; the caller synced at its Timestamp. */
  record(message: ArchivedMessage): void {
    if (this.active) this.messages.push(message);
  }

  /**
   * The earliest point a replay may start from: GetTopicAttributes' BeginningArchiveTime, "the oldest timestamp
   * at which a subscriber can start a replay", "based on the configured message retention period" [D]. Taken as
   * the later of the archive's start and `now` minus the retention period. Undefined while inactive.
   */
  beginning(now: number): number | undefined {
    if (this.retentionDays === undefined || this.activeSince === undefined) return undefined;
    return Math.max(this.activeSince, now - this.retentionDays * DAY_MS);
  }

  /** The archived messages published from `start` to `end`, both included, oldest first. */
  between(start: number, end: number): readonly ArchivedMessage[] {
    return this.messages.filter(({ notification }) => notification.timestamp >= start && notification.timestamp <= end);
  }
}
