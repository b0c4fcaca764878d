import { randomBytes, randomUUID } from 'node:crypto';

/**
 * Random identifiers: message ids, receipt-handle nonces, request ids. With a seed they are
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
  if (typeof seed !== 'number' || !Number.isFinite(seed)) throw new TypeError(`sqs-sns-mock: seed must be a finite number, got ${String(seed)}`);
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

function cryptoIds(): IdSource {
  return {
    uuid: () => randomUUID(),
    bytes: (count) => randomBytes(count),
    random: () => randomBytes(4).readUInt32BE(0) / 0x1_0000_0000,
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

function formatUuidV4(b: Uint8Array): string {
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
