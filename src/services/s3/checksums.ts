/**
 * The checksums S3 verifies and keeps (docs/aws-behaviour/s3.md §2.11): CRC32, CRC32C and CRC64NVME as the big-endian
 * bytes of the CRC, SHA-1 and SHA-256, each written in base64; MD5 for ETags and Content-MD5. Computed only when one is
 * asked for: an object's server-side CRC64NVME is worked out when a read first shows it.
 */
import { createHash, hash } from 'node:crypto';
import { crc32 as zlibCrc32Export } from 'node:zlib';

export const CHECKSUM_ALGORITHMS = ['CRC32', 'CRC32C', 'CRC64NVME', 'SHA1', 'SHA256'] as const;
export type ChecksumAlgorithm = (typeof CHECKSUM_ALGORITHMS)[number];

/** The SDK's output member of each algorithm's value: `ChecksumCRC32`. */
export type ChecksumMember = `Checksum${ChecksumAlgorithm}`;

/** How many bytes each algorithm's value has: what a valid base64 value decodes to (§2.11). */
const DIGEST_BYTES: Readonly<Record<ChecksumAlgorithm, number>> = {
  CRC32: 4,
  CRC32C: 4,
  CRC64NVME: 8,
  SHA1: 20,
  SHA256: 32,
};

export function isChecksumAlgorithm(value: unknown): value is ChecksumAlgorithm {
  return typeof value === 'string' && (CHECKSUM_ALGORITHMS as readonly string[]).includes(value);
}

/** Whether `value` is the base64 of a digest of `algorithm`'s length. */
export function wellFormedChecksum(algorithm: ChecksumAlgorithm, value: string): boolean {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) return false;
  return Buffer.from(value, 'base64').length === DIGEST_BYTES[algorithm];
}

/** The digest of `bytes` by `algorithm`, as raw bytes. */
export function digest(algorithm: ChecksumAlgorithm, bytes: Uint8Array): Buffer {
  switch (algorithm) {
    case 'CRC32':
      return uint32Bytes(crc32(bytes));
    case 'CRC32C':
      return uint32Bytes(crc32c(bytes));
    case 'CRC64NVME':
      return crc64nvme(bytes);
    case 'SHA1':
      return createHash('sha1').update(bytes).digest();
    case 'SHA256':
      return createHash('sha256').update(bytes).digest();
  }
}

/** The checksum S3 shows for `bytes`: the digest in base64. */
export function checksumOf(algorithm: ChecksumAlgorithm, bytes: Uint8Array): string {
  return digest(algorithm, bytes).toString('base64');
}

/**
 * A multipart upload's COMPOSITE checksum (§2.9): the algorithm's digest of the parts' digests one after the other,
 * in base64, then `-` and the number of parts.
 */
export function compositeChecksum(algorithm: ChecksumAlgorithm, partChecksums: readonly string[]): string {
  const joined = Buffer.concat(partChecksums.map((value) => Buffer.from(value, 'base64')));
  return `${checksumOf(algorithm, joined)}-${partChecksums.length}`;
}

/** `crypto.hash` (Node 20.12+, undefined before): a one-shot digest, cheaper than a Hash object. */
const oneShotHash = hash as typeof hash | undefined;

/** The lowercase hex MD5 of `bytes`: an ETag's text (§2.2). */
export function md5HexOf(bytes: Uint8Array): string {
  if (oneShotHash && bytes.byteLength <= 65_536) return oneShotHash('md5', bytes, 'hex');
  return createHash('md5').update(bytes).digest('hex');
}

/** The raw MD5 of `bytes`. */
export function md5Of(bytes: Uint8Array): Buffer {
  return createHash('md5').update(bytes).digest();
}

function uint32Bytes(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value >>> 0);
  return out;
}

/** A byte-at-a-time table of a reflected 32-bit CRC. */
function table32(polynomial: number): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ polynomial : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

let crc32Table: Uint32Array | undefined;
let crc32cTable: Uint32Array | undefined;

function reflected32(table: Uint32Array, bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = table[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** zlib's CRC-32 (Node 20.15+ has it built in), as S3's CRC32. */
const zlibCrc32 = zlibCrc32Export as typeof zlibCrc32Export | undefined;

function crc32(bytes: Uint8Array): number {
  if (zlibCrc32) return zlibCrc32(bytes);
  return reflected32((crc32Table ??= table32(0xedb88320)), bytes);
}

/** CRC-32C (Castagnoli). */
function crc32c(bytes: Uint8Array): number {
  return reflected32((crc32cTable ??= table32(0x82f63b78)), bytes);
}

/** CRC-64/NVME's table, reflected polynomial 0x9A6C9329AC4BC9B5, as two 32-bit halves. */
let crc64Table: { readonly high: Uint32Array; readonly low: Uint32Array } | undefined;

function crc64Tables() {
  const high = new Uint32Array(256);
  const low = new Uint32Array(256);
  const polyHigh = 0x9a6c9329;
  const polyLow = 0xac4bc9b5;
  for (let n = 0; n < 256; n++) {
    let h = 0;
    let l = n;
    for (let k = 0; k < 8; k++) {
      const bit = l & 1;
      l = ((l >>> 1) | ((h & 1) << 31)) >>> 0;
      h = h >>> 1;
      if (bit) {
        h = (h ^ polyHigh) >>> 0;
        l = (l ^ polyLow) >>> 0;
      }
    }
    high[n] = h;
    low[n] = l;
  }
  return { high, low };
}

/** CRC-64/NVME: init and final XOR all ones, reflected; the 8 bytes big-endian. */
function crc64nvme(bytes: Uint8Array): Buffer {
  const { high, low } = (crc64Table ??= crc64Tables());
  let h = 0xffffffff;
  let l = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) {
    const index = (l ^ bytes[i]!) & 0xff;
    // Shift the 64-bit value right by 8, then XOR the table's entry.
    const shiftedLow = ((l >>> 8) | (h << 24)) >>> 0;
    const shiftedHigh = h >>> 8;
    l = (shiftedLow ^ low[index]!) >>> 0;
    h = (shiftedHigh ^ high[index]!) >>> 0;
  }
  const out = Buffer.alloc(8);
  out.writeUInt32BE((h ^ 0xffffffff) >>> 0, 0);
  out.writeUInt32BE((l ^ 0xffffffff) >>> 0, 4);
  return out;
}
