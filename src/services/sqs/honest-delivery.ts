import type { QueuedMessage } from './messages/message.js';

/**
 * The opt-in "honest" mode for standard queues. Real standard queues deliver at least once and only
 * roughly in order, and a short poll samples a subset of servers, so it may return fewer messages
 * than exist, or none. A consumer that assumes order or exactly-once passes against an orderly mock
 * and fails in production; this mode makes such assumptions fail in tests instead. It never breaks
 * what SQS does promise: no message is lost, and a deleted message never comes back.
 */
export interface HonestOptions {
  /** Receives return messages out of order. Default true. */
  reorder?: boolean;
  /** Chance that a received message is delivered once more while it is still in flight. Default 0.1. */
  duplicates?: number;
  /** Short polls (WaitTimeSeconds 0) return a random share of what is visible, sometimes nothing. Default true. */
  sampling?: boolean;
}

export class HonestDelivery {
  private readonly reorder: boolean;
  private readonly duplicateChance: number;
  private readonly sampling: boolean;

  constructor(
    options: HonestOptions,
    /** A seeded source of floats in [0, 1), so a given seed always misbehaves the same way. */
    private readonly random: () => number,
  ) {
    this.reorder = options.reorder ?? true;
    this.duplicateChance = options.duplicates ?? 0.1;
    this.sampling = options.sampling ?? true;
    if (!(this.duplicateChance >= 0 && this.duplicateChance <= 1)) {
      throw new TypeError('sqs-sns-mock: honest.duplicates must be a probability between 0 and 1');
    }
  }

  /** How many messages a receive asking for `max` may return, given how it polls. */
  allowance(max: number, shortPoll: boolean): number {
    if (!this.sampling || !shortPoll) return max;
    // Uniform over 0..max: an empty answer from a non-empty queue happens, as AWS documents.
    return Math.floor(this.random() * (max + 1));
  }

  /** How many candidates to draw so that the ones returned can come from beyond the oldest. */
  candidates(max: number): number {
    return this.reorder ? max * 3 : max;
  }

  /** Picks `count` of `drawn` in a random order; the rest go back to the queue. */
  pick(drawn: QueuedMessage[], count: number): { chosen: QueuedMessage[]; rest: QueuedMessage[] } {
    if (this.reorder) shuffle(drawn, this.random);
    return { chosen: drawn.slice(0, count), rest: drawn.slice(count) };
  }

  /** Whether this delivery should be repeated later while the message is in flight. */
  duplicate(): boolean {
    return this.duplicateChance > 0 && this.random() < this.duplicateChance;
  }
}

function shuffle<T>(items: T[], random: () => number): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}
