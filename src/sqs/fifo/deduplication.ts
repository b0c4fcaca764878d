/** What a FIFO queue remembers of an accepted send, to answer a duplicate the same way. */
export interface AcceptedSend {
  readonly messageId: string;
  readonly sequenceNumber: string;
}

/** SQS drops a repeated deduplication id for five minutes after the first accepted send. */
const WINDOW_MS = 5 * 60_000;

/**
 * The deduplication window of one FIFO queue. Entries are kept in acceptance order, so expired ones
 * are dropped from the front without scanning the rest.
 */
export class DeduplicationWindow {
  private readonly entries = new Map<string, AcceptedSend & { expiresAt: number }>();

  /**
   * @param scope fixed when the queue is created: AWS keeps deduplicating with the creation-time
   *   scope even after DeduplicationScope is changed (spec §3.1).
   */
  constructor(private readonly scope: 'queue' | 'messageGroup') {}

  find(groupId: string, deduplicationId: string, now: number): AcceptedSend | undefined {
    this.expire(now);
    return this.entries.get(this.key(groupId, deduplicationId));
  }

  remember(groupId: string, deduplicationId: string, send: AcceptedSend, now: number): void {
    // Only the ids: `send` may be a whole message, whose body must not outlive it by five minutes.
    const { messageId, sequenceNumber } = send;
    this.entries.set(this.key(groupId, deduplicationId), { messageId, sequenceNumber, expiresAt: now + WINDOW_MS });
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
      if (entry.expiresAt > now) break;
      this.entries.delete(key);
    }
  }
}

/** FIFO sequence numbers: 20-digit decimal strings, strictly increasing within a queue. */
export function formatSequenceNumber(counter: number): string {
  return (10_000_000_000_000_000_000n + BigInt(counter)).toString();
}
