import type { PublishEntry } from '../publish/entry.js';
import type { Notification } from '../publish/envelope.js';
import { messageForProtocol } from '../publish/message-structure.js';
import type { Delivery, DeliveryRecord } from '../published.js';
import type { SubscriptionSnapshot } from '../subscription-snapshot.js';
import { FilteredOut } from './filtering.js';
import { QueueTaken } from './queue-taken.js';

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
  /** The deliveries of the subscriptions that took the message, in the topic's order; dropped by `release`. */
  #taken: readonly Delivery[] | undefined;
  /** The filtered-out records and their places among the deliveries, made on first read. */
  #filtered: { readonly records: FilteredOut[]; readonly places: number[] } | undefined;
  /** The message, for the filtered-out records' bodies and reasons and the taken ones'; dropped by `release`. */
  #entry: PublishEntry | undefined;
  /** The notification the endpoints got, for the bodies of the queues' deliveries (queue-taken.ts). */
  #notification: Notification | undefined;

  constructor(
    private readonly snapshot: SubscriptionSnapshot,
    /** Places in `snapshot.confirmed` of the subscriptions a replay paused, ascending; usually none. */
    private readonly paused: readonly number[] | undefined,
    taken: readonly Delivery[],
    /** Where each of the taken deliveries is among `deliveries()`. */
    readonly takenAt: readonly number[],
    entry: PublishEntry,
    notification: Notification,
  ) {
    this.#taken = taken;
    this.#entry = entry;
    this.#notification = notification;
  }

  /** The deliveries of the subscriptions that took the message (none once released). */
  get taken(): readonly Delivery[] {
    return this.#taken ?? [];
  }

  /** How many subscriptions the message was offered to: one delivery record each. */
  get offered(): number {
    return this.snapshot.confirmed.length - (this.paused?.length ?? 0);
  }

  /** Whether some subscription filtered the message out. */
  get filteredAny(): boolean {
    return this.takenAt.length < this.offered;
  }

  /**
   * One record per subscription offered the message, in the topic's order, made on first read. Read through the
   * topic's history, which asks no more once it let the message go (`release`).
   */
  deliveries(): Delivery[] {
    if (this.#all !== undefined) return this.#all;
    const taken = this.taken;
    const { records } = this.filteredOut();
    const all: Delivery[] = [];
    let next = 0;
    let nextFiltered = 0;
    for (let place = 0; place < this.offered; place++)
      all.push(this.takenAt[next] === place ? this.#withBody(taken[next++]!) : records[nextFiltered++]!);
    return (this.#all = all);
  }

  /** A taken delivery as read: a queue's with its body made again (queue-taken.ts). */
  #withBody(delivery: Delivery): Delivery {
    return delivery instanceof QueueTaken ? delivery.withBody(this.#notification!, this.#entry!) : delivery;
  }

  /**
   * The filtered-out records, with their places among the deliveries: what the journey's `filteredOut` steps are
   * built from, also after `release` (then with reasons not worded), holding no delivered body.
   */
  filteredOut(): { readonly records: readonly Delivery[]; readonly places: readonly number[] } {
    if (this.#filtered !== undefined) return this.#filtered;
    const records: FilteredOut[] = [];
    const places: number[] = [];
    const { confirmed } = this.snapshot;
    const entry = this.#entry;
    let next = 0;
    let pausedNext = 0;
    let place = 0;
    for (let at = 0; at < confirmed.length; at++) {
      if (this.paused !== undefined && this.paused[pausedNext] === at) {
        pausedNext++;
        continue;
      }
      if (this.takenAt[next] === place) next++;
      else {
        const offered = confirmed[at]!;
        const body = entry ? messageForProtocol(entry.message, entry.structure, offered.subscription.structureKey) : '';
        const record = new FilteredOut(offered, entry?.attributes ?? {}, body);
        if (!entry) record.release();
        records.push(record);
        places.push(place);
      }
      place++;
    }
    return (this.#filtered = { records, places });
  }

  /**
   * The topic's history let the message go: the filtered-out records let go of its body (filtering.ts), and the
   * taken deliveries (with their bodies) are dropped, so that a journey step keeping this record keeps no body.
   */
  release(): void {
    this.#entry = undefined;
    this.#notification = undefined;
    this.#taken = undefined;
    this.#all = undefined;
    if (this.#filtered !== undefined) for (const record of this.#filtered.records) record.release();
  }
}
