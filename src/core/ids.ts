import { randomBytes, randomFillSync } from 'node:crypto';

/**
 * Random identifiers: message ids, the key receipt handles are checked with, request ids. With a seed they are
 * reproducible, so two mocks driven the same way produce the same ids.
 */
export interface IdSource {
  uuid(): string;
  /** `count` random bytes. */
  bytes(count: number): Uint8Array;
  /** A float in [0, 1). */
  random(): number;
}

export function createIdSource(seed?: number): IdSource {
  if (seed === undefined) return cryptoIds();
  if (typeof seed !== 'number' || !Number.isFinite(seed))
    throw new TypeError(`sqs-sns-mock: seed must be a finite number, got ${String(seed)}`);
  return seededIds(seedState(seed));
}

/**
 * The generator's 32-bit start state. An integer from 0 to 2^32 - 1 is used as it is; any other number is folded
 * from all 64 bits of its value, so that e.g. -1 and 4294967295, or 0.5 and 0, do not give the same ids.
 */
function seedState(seed: number): number {
  if (Number.isInteger(seed) && seed >= 0 && seed < 0x1_0000_0000) return seed;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, seed);
  return (Math.imul(view.getUint32(0) ^ 0x9e3779b9, 0x85ebca6b) ^ view.getUint32(4)) >>> 0;
}

/**
 * Random bytes are drawn from the system a pool at a time: one `randomFillSync` call costs several microseconds,
 * whatever the count, and ids are drawn on every send.
 */
const POOL_SIZE = 4096;

function cryptoIds(): IdSource {
  const pool = Buffer.alloc(POOL_SIZE);
  let used = POOL_SIZE;
  const take = (count: number): number => {
    if (used + count > POOL_SIZE) {
      randomFillSync(pool);
      used = 0;
    }
    const start = used;
    used += count;
    return start;
  };
  return {
    // Not `crypto.randomUUID()`: it builds its text by concatenating byte pairs, a tree of some fifteen string
    // objects (about 500 bytes) that a stored message id would keep; formatUuidV4 makes one flat 36-character string.
    uuid: () => formatUuidV4(pool, take(16)),
    bytes: (count) => {
      if (count > POOL_SIZE) return randomBytes(count);
      const start = take(count);
      const out = new Uint8Array(count);
      out.set(pool.subarray(start, start + count));
      return out;
    },
    random: () => pool.readUInt32BE(take(4)) / 0x1_0000_0000,
  };
}

/** mulberry32: small, fast, and good enough for ids that only need to look random. */
function seededIds(seed: number): IdSource {
  let state = seed;
  const next32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const bytes = (count: number): Uint8Array => {
    const out = new Uint8Array(count);
    for (let i = 0; i < count; i += 4) {
      const word = next32();
      for (let j = 0; j < 4 && i + j < count; j++) out[i + j] = (word >>> (j * 8)) & 0xff;
    }
    return out;
  };
  return {
    uuid: () => formatUuidV4(bytes(16)),
    bytes,
    random: () => next32() / 0x1_0000_0000,
  };
}

/** The two lowercase hex digits of each byte value, as character codes. */
const HEX_HIGH = Uint8Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0').charCodeAt(0));
const HEX_LOW = Uint8Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0').charCodeAt(1));
const DASH = 0x2d;

/**
 * The version-4 UUID text of the 16 random bytes at `offset` (whose version and variant bits it sets), as one flat
 * string: `String.fromCharCode` of the 36 character codes makes it in one step (two to three times as fast here as
 * writing them into a buffer and reading that back, docs/speed.md), where concatenating pieces would make a tree of a
 * dozen string objects, kept as long as the message id is.
 */
export function formatUuidV4(b: Uint8Array, offset = 0): string {
  b[offset + 6] = (b[offset + 6]! & 0x0f) | 0x40;
  b[offset + 8] = (b[offset + 8]! & 0x3f) | 0x80;
  const H = HEX_HIGH;
  const L = HEX_LOW;
  const o = offset;
  // prettier-ignore
  return String.fromCharCode(
    H[b[o]!]!, L[b[o]!]!, H[b[o + 1]!]!, L[b[o + 1]!]!, H[b[o + 2]!]!, L[b[o + 2]!]!, H[b[o + 3]!]!, L[b[o + 3]!]!, DASH,
    H[b[o + 4]!]!, L[b[o + 4]!]!, H[b[o + 5]!]!, L[b[o + 5]!]!, DASH,
    H[b[o + 6]!]!, L[b[o + 6]!]!, H[b[o + 7]!]!, L[b[o + 7]!]!, DASH,
    H[b[o + 8]!]!, L[b[o + 8]!]!, H[b[o + 9]!]!, L[b[o + 9]!]!, DASH,
    H[b[o + 10]!]!, L[b[o + 10]!]!, H[b[o + 11]!]!, L[b[o + 11]!]!, H[b[o + 12]!]!, L[b[o + 12]!]!,
    H[b[o + 13]!]!, L[b[o + 13]!]!, H[b[o + 14]!]!, L[b[o + 14]!]!, H[b[o + 15]!]!, L[b[o + 15]!]!,
  );
}
