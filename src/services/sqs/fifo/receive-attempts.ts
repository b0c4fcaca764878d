import type { QueuedMessage } from '../messages/message.js';

/** One message of a remembered receive, as it was when that receive returned it. */
interface Delivery {
  readonly message: QueuedMessage;
  readonly receiveNumber: number;
  readonly visibilityChanges: number;
  readonly receiptHandle: string;
}

/** SQS honours a ReceiveRequestAttemptId for five minutes after the receive. */
const ATTEMPT_WINDOW_MS = 5 * 60_000;

/**
 * What each ReceiveRequestAttemptId of a FIFO queue received, so that a retry with the same id within
 * five minutes gets the same messages and receipt handles, provided none of them has been deleted or
 * had its visibility changed since (then the id no longer deduplicates and the retry receives anew).
 */
export class ReceiveAttempts {
  private readonly attempts = new Map<string, { at: number; deliveries: Delivery[] }>();

  /** The remembered deliveries if they are still exactly as returned, else undefined. */
  replayable(attemptId: string, now: number, isCurrent: (message: QueuedMessage) => boolean): Delivery[] | undefined {
    this.expire(now);
    const attempt = this.attempts.get(attemptId);
    if (!attempt || attempt.deliveries.length === 0) return undefined;
    const unchanged = attempt.deliveries.every(
      (d) =>
        isCurrent(d.message) &&
        d.message.state === 'inFlight' &&
        d.message.receiveNumber === d.receiveNumber &&
        d.message.visibilityChanges === d.visibilityChanges,
    );
    return unchanged ? attempt.deliveries : undefined;
  }

  remember(
    attemptId: string,
    now: number,
    deliveries: readonly { message: QueuedMessage; receiptHandle: string }[],
  ): void {
    this.attempts.delete(attemptId);
    this.attempts.set(attemptId, {
      at: now,
      deliveries: deliveries.map(({ message, receiptHandle }) => ({
        message,
        receiptHandle,
        receiveNumber: message.receiveNumber,
        visibilityChanges: message.visibilityChanges,
      })),
    });
  }

  clear(): void {
    this.attempts.clear();
  }

  private expire(now: number): void {
    for (const [id, attempt] of this.attempts) {
      if (attempt.at + ATTEMPT_WINDOW_MS > now) break;
      this.attempts.delete(id);
    }
  }
}
