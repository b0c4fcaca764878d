import { createHash, type Hash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5Hex, md5OfMessageAttributes, type MessageAttributeValue } from '../../src/core/messages/md5.js';

/** The digests as they were computed before: a Hash object fed piece by piece. */
function referenceMd5(data: string | Uint8Array): string {
  return createHash('md5').update(data).digest('hex');
}

function referenceAttributesMd5(attrs: Record<string, MessageAttributeValue>): string | undefined {
  const names = Object.keys(attrs).sort();
  if (names.length === 0) return undefined;
  const hash = createHash('md5');
  const prefixed = (h: Hash, bytes: string | Uint8Array): void => {
    const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.byteLength);
    h.update(length);
    h.update(data);
  };
  for (const name of names) {
    const value = attrs[name]!;
    prefixed(hash, name);
    prefixed(hash, value.DataType);
    if (value.StringValue !== undefined) {
      hash.update(Uint8Array.of(1));
      prefixed(hash, value.StringValue);
    } else if (value.BinaryValue !== undefined) {
      hash.update(Uint8Array.of(2));
      prefixed(hash, value.BinaryValue);
    } else if (value.StringListValues?.length) {
      hash.update(Uint8Array.of(3));
      for (const item of value.StringListValues) prefixed(hash, item);
    } else if (value.BinaryListValues?.length) {
      hash.update(Uint8Array.of(4));
      for (const item of value.BinaryListValues) prefixed(hash, item);
    }
  }
  return hash.digest('hex');
}

describe('md5Hex, one-shot for small inputs and a Hash object for large ones', () => {
  it.each([0, 1, 55, 56, 64, 4095, 4096, 4097, 70_000])('agrees with a Hash object for %i characters', (length) => {
    const ascii = 'abcdefghij'.repeat(Math.ceil(length / 10)).slice(0, length);
    const wide = 'ü😀\u0000\ud800'.repeat(Math.ceil(length / 5)).slice(0, length);
    expect(md5Hex(ascii)).toBe(referenceMd5(ascii));
    expect(md5Hex(wide)).toBe(referenceMd5(wide));
    const bytes = Uint8Array.from({ length }, (_, i) => (i * 31) & 0xff);
    expect(md5Hex(bytes)).toBe(referenceMd5(bytes));
  });
});

describe('md5OfMessageAttributes over one buffer', () => {
  it('agrees with the piecewise digest for every transport type, wide characters and lone surrogates', () => {
    const attrs: Record<string, MessageAttributeValue> = {
      'b.name': { DataType: 'Binary', BinaryValue: Uint8Array.of(0, 1, 2, 255) },
      a: { DataType: 'String', StringValue: 'Tüst 😀 \ud800' },
      n: { DataType: 'Number.float', StringValue: '-1.5e3' },
      list: { DataType: 'String', StringListValues: ['x', 'ÿ'] },
      bins: { DataType: 'Binary', BinaryListValues: [Uint8Array.of(9), Uint8Array.of()] },
      ünïcode: { DataType: 'String.custom', StringValue: '' },
    };
    expect(md5OfMessageAttributes(attrs)).toBe(referenceAttributesMd5(attrs));
  });

  it('grows its buffer for large values and still agrees afterwards for small ones', () => {
    const large = {
      big: { DataType: 'String', StringValue: 'x'.repeat(300_000) },
      bin: { DataType: 'Binary', BinaryValue: new Uint8Array(70_000).fill(7) },
    };
    expect(md5OfMessageAttributes(large)).toBe(referenceAttributesMd5(large));
    const small = { s: { DataType: 'String', StringValue: 'v' } };
    expect(md5OfMessageAttributes(small)).toBe(referenceAttributesMd5(small));
  });
});
