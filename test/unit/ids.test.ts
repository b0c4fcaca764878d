import { describe, expect, it } from 'vitest';
import { createIdSource, formatUuidV4 } from '../../src/core/ids.js';

/** The formatting the seeded ids had before it was made cheap: the ids of a seed must not change. */
function referenceUuid(bytes: Uint8Array): string {
  const b = Uint8Array.from(bytes);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

describe('formatUuidV4', () => {
  it('writes the version-4 UUID text of 16 bytes, as before', () => {
    const source = createIdSource(3);
    for (let i = 0; i < 500; i++) {
      const bytes = source.bytes(16);
      expect(formatUuidV4(Uint8Array.from(bytes))).toBe(referenceUuid(bytes));
    }
    expect(formatUuidV4(new Uint8Array(16).fill(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(formatUuidV4(new Uint8Array(16))).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('gives a new string each time, not a view of a shared buffer', () => {
    const first = formatUuidV4(new Uint8Array(16).fill(0x11));
    formatUuidV4(new Uint8Array(16).fill(0x22));
    expect(first).toBe('11111111-1111-4111-9111-111111111111');
  });
});

describe('createIdSource', () => {
  it('with a seed, repeats its ids, bytes and numbers', () => {
    const draw = (seed: number) => {
      const ids = createIdSource(seed);
      return [ids.uuid(), Array.from(ids.bytes(16)), ids.random(), ids.uuid()];
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('without a seed, hands out fresh random bytes of the size asked, from its pool and beyond it', () => {
    const ids = createIdSource();
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const bytes = ids.bytes(16);
      expect(bytes).toBeInstanceOf(Uint8Array);
      expect(bytes).toHaveLength(16);
      seen.add(Buffer.from(bytes).toString('hex'));
    }
    expect(seen.size).toBe(1000);
    expect(ids.bytes(10_000)).toHaveLength(10_000);
    const kept = ids.bytes(16);
    const copy = Uint8Array.from(kept);
    for (let i = 0; i < 600; i++) ids.bytes(16); // refills the pool
    expect(kept).toEqual(copy);
  });

  it('without a seed, draws numbers in [0, 1) and version-4 UUIDs', () => {
    const ids = createIdSource();
    for (let i = 0; i < 2000; i++) {
      const x = ids.random();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
    expect(ids.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('formatUuidV4 at an offset', () => {
  it('formats the 16 bytes at the offset, leaving the others alone', () => {
    const pool = Uint8Array.from({ length: 40 }, (_, i) => i * 7);
    const copy = Uint8Array.from(pool);
    const text = formatUuidV4(pool, 20);
    expect(text).toBe(formatUuidV4(Uint8Array.from(copy.subarray(20, 36))));
    expect(Array.from(pool.subarray(0, 20))).toEqual(Array.from(copy.subarray(0, 20)));
    expect(Array.from(pool.subarray(36))).toEqual(Array.from(copy.subarray(36)));
  });
});
