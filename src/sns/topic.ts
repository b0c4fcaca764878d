import { DeduplicationWindow, type AcceptedSend } from '../sqs/fifo/deduplication.js';
import type { PublishedMessage } from './published.js';
import type { Subscription } from './subscription.js';

/**
 * One SNS topic: its attributes and tags, its subscriptions in the order they were made, what was
 * published to it, and for FIFO topics the topic-wide deduplication window and sequence numbers.
 */
export class Topic {
  /** Settable attributes as stored (strings, as GetTopicAttributes shows them). */
  readonly attributes = new Map<string, string>();
  readonly tags = new Map<string, string>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly published: PublishedMessage[] = [];
  /** FIFO topics deduplicate across all message groups (spec §6.3). */
  private readonly deduplication = new DeduplicationWindow('queue');
  private sequence = 0;

  constructor(
    readonly arn: string,
    readonly name: string,
    readonly fifo: boolean,
    readonly createdAt: number,
  ) {}

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
