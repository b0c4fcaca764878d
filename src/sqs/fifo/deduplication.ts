import type { QueuedMessage } from '../messages/message.js';

/** What a FIFO queue remembers of an accepted send, to answer a duplicate the same way. */
export interface AcceptedSend {
  readonly messageId: string;
  readonly sequenceNumber: string;
}

/** SQS drops a repeated deduplication id for five minutes after the first accepted send. */
const WINDOW_MS = 5 * 60_000;

/** The ids of an accepted send, and when it was accepted: all an entry keeps once its message has left the queue. */
class RememberedSend implements AcceptedSend {
  constructor(
    readonly messageId: string,
    readonly sequenceNumber: string,
    readonly acceptedAt: number,
  ) {}
}

/**
 * An entry of the window. While the message is still in the queue the entry is the message itself (its ids are on
 * it, and it was accepted when it was enqueued), so a million stored FIFO messages cost no extra record each; when it
 * leaves, `release` swaps in a RememberedSend, so that a deleted body does not stay alive for five minutes.
 */
type Entry = RememberedSend | QueuedMessage;

function acceptedAt(entry: Entry): number {
  return entry instanceof RememberedSend ? entry.acceptedAt : entry.enqueuedAt;
}

/**
 * The deduplication window of one FIFO queue (or FIFO topic). Entries are kept in acceptance order, so expired ones
 * are dropped from the front without scanning the rest.
 */
export class DeduplicationWindow {
  private readonly entries = new Map<string, Entry>();

  /**
   * @param scope fixed when the queue is created: AWS keeps deduplicating with the creation-time
   *   scope even after DeduplicationScope is changed (spec §3.1).
   */
  constructor(private readonly scope: 'queue' | 'messageGroup') {}

  find(groupId: string, deduplicationId: string, now: number): AcceptedSend | undefined {
    this.expire(now);
    const entry = this.entries.get(this.key(groupId, deduplicationId));
    return entry === undefined ? undefined : { messageId: entry.messageId, sequenceNumber: entry.sequenceNumber! };
  }

  /** Remembers a send by its ids (a FIFO topic's publish); only the ids are kept, whatever else `send` holds. */
  remember(groupId: string, deduplicationId: string, send: AcceptedSend, now: number): void {
    this.entries.set(this.key(groupId, deduplicationId), new RememberedSend(send.messageId, send.sequenceNumber, now));
  }

  /** Remembers a message the queue just stored, accepted at its enqueue time; `release` it when it leaves. */
  rememberStored(message: QueuedMessage): void {
    this.entries.set(this.key(message.messageGroupId!, message.messageDeduplicationId!), message);
  }

  /** The message left the queue: its entry, if still its own, keeps only the ids. */
  release(message: QueuedMessage): void {
    if (message.messageDeduplicationId === undefined) return;
    const key = this.key(message.messageGroupId!, message.messageDeduplicationId);
    // Setting an existing key keeps its place in the Map's order, which is acceptance order.
    if (this.entries.get(key) === message) this.entries.set(key, new RememberedSend(message.messageId, message.sequenceNumber!, message.enqueuedAt));
  }

  clear(): void {
    this.entries.clear();
  }

  private key(groupId: string, deduplicationId: string): string {
    // Ids are printable ASCII, so NUL cannot occur inside either part.
    return this.scope === 'messageGroup' ? `${groupId}\u0000${deduplicationId}` : deduplicationId;
  }

  private expire(now: number): void {
    for (const [key, entry] of this.entries) {
      if (acceptedAt(entry) + WINDOW_MS > now) break;
      this.entries.delete(key);
    }
  }
}
