import { formatUuidV4 } from '../ids.js';
import { formatSequenceNumber } from './sequence-number.js';

/**
 * A stored message as the window remembers it while the message is stored (an SQS FIFO queue's message): its ids, and
 * when it was accepted.
 */
export interface StoredSend {
  readonly messageId: string;
  readonly messageGroupId: string | undefined;
  readonly messageDeduplicationId: string | undefined;
  readonly sequenceNumber: string | undefined;
  /** The SequenceNumber's count when the queue numbered the message itself (formatSequenceNumber). */
  readonly sequenceCounter: number | undefined;
  /** Epoch ms: when the send was accepted. */
  readonly enqueuedAt: number;
}

/** What a FIFO queue remembers of an accepted send, to answer a duplicate the same way. */
export interface AcceptedSend {
  readonly messageId: string;
  readonly sequenceNumber: string;
}

/** SQS drops a repeated deduplication id for five minutes after the first accepted send. */
const WINDOW_MS = 5 * 60_000;
const NONE = -1;
const MIN_CAPACITY = 16;
/** A message id as the mock makes them: a version-4 UUID, which 16 bytes hold. */
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** Where each byte's two digits are in a UUID's text. */
const UUID_OFFSETS = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34] as const;

/** The bucket hash and the two check words of the last `hashKey`. */
const keyWords = new Int32Array(3);

/**
 * Three 32-bit hashes of a deduplication key (the group id too, in group scope): one picks the bucket, the other
 * two (independent multiply-rotate lanes) stand in for the key once its message has left, so the window keeps no
 * string. Two keys agreeing in all 96 bits, within the same five minutes, would be taken for one: with a million
 * sends in five minutes, less than once in 10^17 such windows.
 */
function hashKey(groupId: string | undefined, deduplicationId: string): void {
  let bucket = 0x811c9dc5 | 0;
  let a = 0x2545f491;
  let b = 0x6c8e9cf5;
  const length = groupId === undefined ? deduplicationId.length : groupId.length + 1 + deduplicationId.length;
  for (let i = 0; i < length; i++) {
    // The group id, a separator no id contains (ids are printable ASCII), then the deduplication id.
    const c =
      groupId === undefined
        ? deduplicationId.charCodeAt(i)
        : i < groupId.length
          ? groupId.charCodeAt(i)
          : i === groupId.length
            ? 0
            : deduplicationId.charCodeAt(i - groupId.length - 1);
    bucket = Math.imul(bucket ^ c, 0x01000193);
    a = Math.imul(a ^ c, 0xcc9e2d51);
    a = (a << 15) | (a >>> 17);
    b = Math.imul(b + c, 0x1b873593) ^ a;
    b = (b << 13) | (b >>> 19);
  }
  keyWords[0] = finalMix(bucket ^ length);
  keyWords[1] = finalMix(a ^ length);
  keyWords[2] = finalMix(b ^ keyWords[1]!);
}

/** MurmurHash3's finaliser: every input bit affects every output bit. */
function finalMix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function capacityFor(count: number): number {
  let capacity = MIN_CAPACITY;
  while (capacity < count) capacity *= 2;
  return capacity;
}

/** The arrays SendRecords keeps its records in, one entry per record (16 bytes of `ids`, 2 words of `checks`). */
interface RecordColumns {
  readonly acceptedAt: Float64Array;
  /** The SequenceNumber's count, or NONE when the send's ids are in `irregular`. */
  readonly sequence: Float64Array;
  readonly ids: Uint8Array;
  /** Two check words per record; a free record holds the next free one in its first word. */
  readonly checks: Int32Array;
  readonly irregular: Map<number, AcceptedSend>;
}

function columns(capacity: number): RecordColumns {
  return {
    acceptedAt: new Float64Array(capacity),
    sequence: new Float64Array(capacity),
    ids: new Uint8Array(16 * capacity),
    checks: new Int32Array(2 * capacity),
    irregular: new Map(),
  };
}

/**
 * The records of sends whose messages have left the queue: when each was accepted, its MessageId (as 16 bytes) and
 * SequenceNumber (as its count), and the key's check words: 40 bytes each, in typed arrays, no object per record.
 * A send whose ids have another form (not a version-4 UUID, not the queue's own numbering) keeps them in `irregular`.
 */
class SendRecords {
  private c = columns(0);
  private firstFree = NONE;

  acceptedAt(record: number): number {
    return this.c.acceptedAt[record]!;
  }

  add(acceptedAt: number, messageId: string, sequenceNumber: string | number, check1: number, check2: number): number {
    const capacity = this.c.acceptedAt.length;
    if (this.firstFree === NONE) this.moveTo(columns(Math.max(MIN_CAPACITY, 2 * capacity)), capacity);
    const c = this.c;
    const record = this.firstFree;
    this.firstFree = c.checks[2 * record]!;
    c.acceptedAt[record] = acceptedAt;
    c.checks[2 * record] = check1;
    c.checks[2 * record + 1] = check2;
    const counter = typeof sequenceNumber === 'number' ? sequenceNumber : sequenceCounterOf(sequenceNumber);
    if (counter !== undefined && UUID_V4.test(messageId)) {
      c.sequence[record] = counter;
      for (let i = 0; i < 16; i++) c.ids[16 * record + i] = Number.parseInt(messageId.substr(UUID_OFFSETS[i]!, 2), 16);
    } else {
      c.sequence[record] = NONE;
      const text = typeof sequenceNumber === 'number' ? formatSequenceNumber(sequenceNumber) : sequenceNumber;
      c.irregular.set(record, { messageId, sequenceNumber: text });
    }
    return record;
  }

  send(record: number): AcceptedSend {
    const counter = this.c.sequence[record]!;
    if (counter === NONE) return this.c.irregular.get(record)!;
    return { messageId: formatUuidV4(this.c.ids, 16 * record), sequenceNumber: formatSequenceNumber(counter) };
  }

  matches(record: number, check1: number, check2: number): boolean {
    return this.c.checks[2 * record] === check1 && this.c.checks[2 * record + 1] === check2;
  }

  free(record: number): void {
    if (this.c.sequence[record] === NONE) this.c.irregular.delete(record);
    this.c.checks[2 * record] = this.firstFree;
    this.firstFree = record;
  }

  /** Keeps only the records `kept` names, renumbered 0, 1, ... in that order, in arrays just big enough. */
  compact(kept: readonly number[]): void {
    this.moveTo(columns(kept.length === 0 ? 0 : capacityFor(kept.length)), kept);
  }

  /**
   * Copies the records `kept` names into `to`, numbered in that order (a count: the first that many, where they are);
   * every record after them is free.
   */
  private moveTo(to: RecordColumns, kept: readonly number[] | number): void {
    const from = this.c;
    const count = typeof kept === 'number' ? kept : kept.length;
    for (let i = 0; i < count; i++) {
      const record = typeof kept === 'number' ? i : kept[i]!;
      to.acceptedAt[i] = from.acceptedAt[record]!;
      to.sequence[i] = from.sequence[record]!;
      to.ids.set(from.ids.subarray(16 * record, 16 * record + 16), 16 * i);
      to.checks[2 * i] = from.checks[2 * record]!;
      to.checks[2 * i + 1] = from.checks[2 * record + 1]!;
      const irregular = from.irregular.get(record);
      if (irregular) to.irregular.set(i, irregular);
    }
    this.c = to;
    this.firstFree = NONE;
    for (let record = to.acceptedAt.length - 1; record >= count; record--) {
      to.checks[2 * record] = this.firstFree;
      this.firstFree = record;
    }
  }
}

/** The count a SequenceNumber written by `formatSequenceNumber` comes from, if it is exactly one. */
function sequenceCounterOf(text: string): number | undefined {
  if (!/^1[0-9]{19}$/.test(text)) return undefined;
  const counter = Number(text.slice(1));
  return Number.isSafeInteger(counter) && formatSequenceNumber(counter) === text ? counter : undefined;
}

/**
 * The deduplication window of one FIFO queue (or FIFO topic): every send accepted in the last five minutes, by
 * deduplication id (and group id, in group scope), answering a repeated send with the original's ids.
 *
 * Sized for millions (bench/memory.mts). Entries sit in acceptance order in a ring of typed arrays, chained by key
 * hash into buckets: expired ones are dropped from the front, without a scan, whenever the queue is touched
 * (`expire`). While its message is in the queue an entry is the message itself (its ids are on it, and it was
 * accepted when it was enqueued): 20 bytes. When the message leaves, `release` swaps in a record of its ids (40
 * bytes more, SendRecords) and the key's hash, so no string outlives the message.
 */
export class DeduplicationWindow {
  /** Per ring slot: the stored message, or the number of its send's record once the message has left. */
  private entries: (StoredSend | number | undefined)[] = [];
  private hashes = new Int32Array(0);
  /** The next slot in the same bucket, or NONE. */
  private chain = new Int32Array(0);
  /** The newest slot of each bucket, or NONE; as many buckets as slots. */
  private buckets = new Int32Array(0);
  private head = 0;
  private count = 0;
  private readonly records = new SendRecords();

  /**
   * @param scope fixed when the queue is created: AWS keeps deduplicating with the creation-time
   *   scope even after DeduplicationScope is changed (docs/aws-behaviour/sqs.md §3.1).
   */
  constructor(private readonly scope: 'queue' | 'messageGroup') {}

  /** How many sends the window remembers. */
  get size(): number {
    return this.count;
  }

  find(groupId: string, deduplicationId: string, now: number): AcceptedSend | undefined {
    this.expire(now);
    if (this.count === 0) return undefined;
    const group = this.scope === 'messageGroup' ? groupId : undefined;
    hashKey(group, deduplicationId);
    const hash = keyWords[0]!;
    const check1 = keyWords[1]!;
    const check2 = keyWords[2]!;
    for (let slot = this.buckets[hash & (this.buckets.length - 1)]!; slot !== NONE; slot = this.chain[slot]!) {
      if (this.hashes[slot] !== hash) continue;
      const entry = this.entries[slot]!;
      if (typeof entry === 'number') {
        if (this.records.matches(entry, check1, check2)) return this.records.send(entry);
      } else if (
        entry.messageDeduplicationId === deduplicationId &&
        (group === undefined || entry.messageGroupId === group)
      ) {
        return { messageId: entry.messageId, sequenceNumber: entry.sequenceNumber! };
      }
    }
    return undefined;
  }

  /** Remembers a send by its ids (a FIFO topic's publish); only the ids are kept, whatever else `send` holds. */
  remember(groupId: string, deduplicationId: string, send: AcceptedSend, now: number): void {
    hashKey(this.scope === 'messageGroup' ? groupId : undefined, deduplicationId);
    const hash = keyWords[0]!;
    const check1 = keyWords[1]!;
    const check2 = keyWords[2]!;
    this.makeRoom();
    this.append(this.records.add(now, send.messageId, send.sequenceNumber, check1, check2), hash);
  }

  /** Remembers a message the queue just stored, accepted at its enqueue time; `release` it when it leaves. */
  rememberStored(message: StoredSend): void {
    hashKey(this.scope === 'messageGroup' ? message.messageGroupId! : undefined, message.messageDeduplicationId!);
    this.makeRoom();
    this.append(message, keyWords[0]!);
  }

  /** The message left the queue: its entry, if still its own, keeps only the ids. */
  release(message: StoredSend): void {
    if (message.messageDeduplicationId === undefined || this.count === 0) return;
    hashKey(this.scope === 'messageGroup' ? message.messageGroupId! : undefined, message.messageDeduplicationId);
    const hash = keyWords[0]!;
    const check1 = keyWords[1]!;
    const check2 = keyWords[2]!;
    for (let slot = this.buckets[hash & (this.buckets.length - 1)]!; slot !== NONE; slot = this.chain[slot]!) {
      if (this.entries[slot] !== message) continue;
      this.entries[slot] = this.records.add(
        message.enqueuedAt,
        message.messageId,
        message.sequenceCounter ?? message.sequenceNumber!,
        check1,
        check2,
      );
      return;
    }
  }

  /** Drops every entry whose five minutes are over by `now`; cheap when none is. */
  expire(now: number): void {
    const capacity = this.entries.length;
    while (this.count > 0 && this.acceptedAt(this.head) + WINDOW_MS <= now) {
      const slot = this.head;
      this.unlink(slot);
      const entry = this.entries[slot];
      if (typeof entry === 'number') this.records.free(entry);
      this.entries[slot] = undefined;
      this.head = (slot + 1) & (capacity - 1);
      this.count--;
    }
    // Shrinks once mostly empty, so that a window that held a burst gives its memory back.
    if (capacity > MIN_CAPACITY && this.count <= capacity / 4) this.rebuild(capacityFor(2 * this.count));
  }

  clear(): void {
    this.head = this.count = 0;
    this.rebuild(0);
  }

  private acceptedAt(slot: number): number {
    const entry = this.entries[slot]!;
    return typeof entry === 'number' ? this.records.acceptedAt(entry) : entry.enqueuedAt;
  }

  /** Grows the ring when it is full; before a record is added, since growing renumbers the records. */
  private makeRoom(): void {
    if (this.count === this.entries.length) this.rebuild(capacityFor(2 * this.count));
  }

  private append(entry: StoredSend | number, hash: number): void {
    const mask = this.entries.length - 1;
    const slot = (this.head + this.count) & mask;
    this.entries[slot] = entry;
    this.hashes[slot] = hash;
    this.chain[slot] = this.buckets[hash & mask]!;
    this.buckets[hash & mask] = slot;
    this.count++;
  }

  private unlink(slot: number): void {
    const bucket = this.hashes[slot]! & (this.buckets.length - 1);
    let at = this.buckets[bucket]!;
    if (at === slot) {
      this.buckets[bucket] = this.chain[slot]!;
      return;
    }
    while (this.chain[at] !== slot) at = this.chain[at]!;
    this.chain[at] = this.chain[slot]!;
  }

  /**
   * Moves the entries, in order, into a ring of `capacity` slots (0 when there are none), and their records into
   * arrays just big enough, renumbered in the same order.
   */
  private rebuild(capacity: number): void {
    const kept: (StoredSend | number)[] = [];
    const keptHashes: number[] = [];
    const records: number[] = [];
    for (let i = 0; i < this.count; i++) {
      const slot = (this.head + i) & (this.entries.length - 1);
      const entry = this.entries[slot]!;
      kept.push(typeof entry === 'number' ? records.push(entry) - 1 : entry);
      keptHashes.push(this.hashes[slot]!);
    }
    this.records.compact(records);
    this.entries = new Array<StoredSend | number | undefined>(capacity).fill(undefined);
    this.hashes = new Int32Array(capacity);
    this.chain = new Int32Array(capacity);
    this.buckets = new Int32Array(capacity).fill(NONE);
    this.head = 0;
    this.count = 0;
    kept.forEach((entry, i) => this.append(entry, keptHashes[i]!));
  }
}
