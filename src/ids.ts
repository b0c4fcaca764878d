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
  return seed === undefined ? cryptoIds() : seededIds(seed);
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
  let state = seed >>> 0;
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
