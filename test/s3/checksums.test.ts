/** The checksums S3 computes (docs/aws-behaviour/s3.md §2.11), against the SDK's own implementations' values. */
import { describe, expect, it } from 'vitest';
import { checksumOf, compositeChecksum, digest } from '../../src/services/s3/checksums.js';
import { compareKeys, KeyIndex } from '../../src/services/s3/key-index.js';

describe('checksums', () => {
  it('agree with the SDK for CRC32, CRC32C and CRC64NVME, and with the standard check values', () => {
    expect(checksumOf('CRC32', Buffer.from('data'))).toBe('rfPzYw==');
    expect(checksumOf('CRC32', Buffer.alloc(0))).toBe('AAAAAA==');
    expect(checksumOf('CRC32C', Buffer.from('data'))).toBe('rth90Q==');
    expect(checksumOf('CRC64NVME', Buffer.from('data'))).toBe('7a5hQ478J4A=');
    expect(digest('CRC64NVME', Buffer.from('123456789')).toString('hex')).toBe('ae8b14860a799888');
    expect(digest('CRC32C', Buffer.from('123456789')).toString('hex')).toBe('e3069283');
  });

  it('makes a composite checksum of the parts digests, with their count', () => {
    const parts = ['a', 'b'].map((text) => checksumOf('CRC32', Buffer.from(text)));
    const joined = Buffer.concat(parts.map((value) => Buffer.from(value, 'base64')));
    expect(compositeChecksum('CRC32', parts)).toBe(`${checksumOf('CRC32', joined)}-2`);
  });
});

describe('key order (§2.7)', () => {
  it('is UTF-8 byte order, where a character above U+FFFF follows U+E000–U+FFFF', () => {
    const keys = ['\u{1F600}', '\uFFFD', 'b', 'a', '\uE000'];
    expect([...keys].sort(compareKeys)).toEqual(['a', 'b', '\uE000', '\uFFFD', '\u{1F600}']);
  });

  it('an index keeps order through adds and removes, in small and large batches', () => {
    const index = new KeyIndex();
    const expected = new Set<string>();
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let round = 0; round < 50; round++) {
      const batch = next() % 40;
      for (let i = 0; i < batch; i++) {
        const key = `k${next() % 300}`;
        if (expected.has(key)) {
          expected.delete(key);
          index.remove(key);
        } else {
          expected.add(key);
          index.add(key);
        }
      }
      expect(index.keys()).toEqual([...expected].sort(compareKeys));
    }
  });
});
