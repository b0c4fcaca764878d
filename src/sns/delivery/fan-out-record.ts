import type { PublishEntry } from '../publish/entry.js';
import { messageForProtocol } from '../publish/message-structure.js';
import type { Delivery, DeliveryRecord } from '../published.js';
import type { SubscriptionSnapshot } from '../subscription-snapshot.js';
import { FilteredOut } from './filtering.js';

/**
 * What one published message did at the topic's subscriptions, kept compact: the subscriptions as they were
 * (a snapshot shared by every message published until they change), the deliveries of those that took the message
 * (delivered or refused) with their places, and the confirmed subscriptions a FIFO replay paused, which got nothing.
 * Every other confirmed subscription filtered the message out; its record (with its reason, worded when read) is
 * made when the deliveries are first read, from the snapshot and the message, and then kept. A publish to fifty
 * subscriptions of which six take it so keeps six records, not fifty.
 */
export class FanOutRecord implements DeliveryRecord {
  #all: Delivery[] | undefined;
  /** The message, for the filtered-out records' bodies and reasons; dropped by `release`. */
  #entry: PublishEntry | undefined;

  constructor(
    private readonly snapshot: SubscriptionSnapshot,
    /** Places in `snapshot.confirmed` of the subscriptions a replay paused, ascending; usually none. */
    private readonly paused: readonly number[] | undefined,
    /** The deliveries of the subscriptions that took the message, in the topic's order. */
    readonly taken: readonly Delivery[],
    /** Where each of `taken` is among `deliveries()`. */
    readonly takenAt: readonly number[],
    entry: PublishEntry,
  ) {
    this.#entry = entry;
  }

  /** How many subscriptions the message was offered to: one delivery record each. */
  get offered(): number {
    return this.snapshot.confirmed.length - (this.paused?.length ?? 0);
  }

  /** One record per subscription offered the message, in the topic's order, made on first read. */
  deliveries(): Delivery[] {
    if (this.#all !== undefined) return this.#all;
    const all: Delivery[] = [];
    const { confirmed } = this.snapshot;
    const entry = this.#entry;
    let next = 0;
    let pausedNext = 0;
    for (let place = 0; place < confirmed.length; place++) {
      if (this.paused !== undefined && this.paused[pausedNext] === place) {
        pausedNext++;
        continue;
      }
      if (this.takenAt[next] === all.length) {
        all.push(this.taken[next++]!);
        continue;
      }
      const offered = confirmed[place]!;
      const filtered = entry
        ? new FilteredOut(
            offered,
            entry.attributes,
            messageForProtocol(entry.message, entry.structure, offered.protocol),
          )
        : new FilteredOut(offered, {}, '');
      if (!entry) filtered.release();
      all.push(filtered);
    }
    return (this.#all = all);
  }

  /** The topic's history let the message go: the filtered-out records let go of its body (filtering.ts). */
  release(): void {
    this.#entry = undefined;
    if (this.#all !== undefined) for (const delivery of this.#all) (delivery as { release?: () => void }).release?.();
  }
}
