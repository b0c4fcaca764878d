/**
 * What the writing actions share (PutObject, UploadPart, CopyObject, CreateMultipartUpload): the key's limit, the
 * stored headers, user metadata and tags as S3 takes them (docs/aws-behaviour/s3.md §2.1, §2.2, §2.10), the body's
 * bytes, and its checksum and Content-MD5 checked as S3 checks them (§2.11).
 */
import { s3Errors } from '../errors.js';
import {
  CHECKSUM_ALGORITHMS,
  checksumOf,
  isChecksumAlgorithm,
  md5Of,
  wellFormedChecksum,
  type ChecksumAlgorithm,
} from '../checksums.js';
import { MAX_KEY_BYTES, MAX_METADATA_BYTES } from '../names.js';
import type { StoredHeaders, Tag } from '../object.js';

type Input = Readonly<Record<string, unknown>>;

/** §2.1: a key of more than 1,024 UTF-8 bytes. */
export function checkKey(key: string): void {
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) throw s3Errors.keyTooLong();
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** §2.2: the headers S3 stores, `binary/octet-stream` when the request has no Content-Type. */
export function storedHeaders(input: Input): StoredHeaders {
  const expires = input['Expires'];
  return {
    ContentType: text(input['ContentType']) ?? 'binary/octet-stream',
    ContentEncoding: text(input['ContentEncoding']),
    ContentDisposition: text(input['ContentDisposition']),
    ContentLanguage: text(input['ContentLanguage']),
    CacheControl: text(input['CacheControl']),
    Expires: expires instanceof Date ? expires : typeof expires === 'string' ? new Date(expires) : undefined,
    WebsiteRedirectLocation: text(input['WebsiteRedirectLocation']),
  };
}

/** §2.1: names lower-cased; names and values at most 2 KB of UTF-8 together. */
export function userMetadata(metadata: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof metadata !== 'object' || metadata === null) return out;
  let bytes = 0;
  for (const [name, value] of Object.entries(metadata as Record<string, unknown>)) {
    const stored = String(value);
    out[name.toLowerCase()] = stored;
    bytes += Buffer.byteLength(name, 'utf8') + Buffer.byteLength(stored, 'utf8');
  }
  if (bytes > MAX_METADATA_BYTES) throw s3Errors.metadataTooLarge();
  return out;
}

/** §2.10: `x-amz-tagging`, in a URL query's form (`k1=v1&k2=v2`). */
export function taggingHeader(tagging: unknown): Tag[] {
  if (typeof tagging !== 'string' || tagging === '') return [];
  return checkTags([...new URLSearchParams(tagging)].map(([Key, Value]) => ({ Key, Value })));
}

/**
 * §2.10 [AWS-snap]: distinct keys of 1–128 characters not starting `aws:`, values of 0–256; an object at most 10 tags
 * (`objectLimit`).
 */
export function checkTags(tags: readonly Tag[], objectLimit = true): Tag[] {
  const seen = new Set<string>();
  for (const { Key, Value } of tags) {
    if (typeof Key !== 'string' || Key.length === 0 || Key.length > 128) throw s3Errors.invalidTagKey(String(Key));
    if (Key.startsWith('aws:')) throw s3Errors.reservedTagKey(Key);
    if (typeof Value !== 'string' || Value.length > 256) throw s3Errors.invalidTagValue(Key, String(Value));
    if (seen.has(Key)) throw s3Errors.duplicateTagKey(Key);
    seen.add(Key);
  }
  if (objectLimit && tags.length > 10) throw s3Errors.tooManyTags();
  return tags.map(({ Key, Value }) => ({ Key, Value }));
}

/** The checksum a write ends with: given and checked, or worked out for the algorithm named. */
export interface WriteChecksum {
  readonly algorithm: ChecksumAlgorithm;
  readonly value: string;
}

/**
 * §2.2, §2.11: Content-MD5 must be the base64 of 16 bytes and match; one `x-amz-checksum-*` value at most, well
 * formed and matching; an algorithm named without a value is one the client computed (the SDK's default CRC32), and is
 * worked out here. Undefined when the request carried none.
 */
export function checkedChecksum(input: Input, body: Uint8Array): WriteChecksum | undefined {
  const md5 = text(input['ContentMD5']);
  if (md5 !== undefined) {
    const given = Buffer.from(md5, 'base64');
    if (given.length !== 16 || given.toString('base64') !== md5) throw s3Errors.invalidDigest(md5);
    const calculated = md5Of(body).toString('base64');
    if (calculated !== md5) throw s3Errors.badDigest(md5, calculated);
  }
  const given = CHECKSUM_ALGORITHMS.filter((algorithm) => input[`Checksum${algorithm}`] !== undefined);
  if (given.length > 1) throw s3Errors.multipleChecksums();
  const algorithm = given[0];
  if (algorithm !== undefined) {
    const value = String(input[`Checksum${algorithm}`]);
    if (!wellFormedChecksum(algorithm, value)) throw s3Errors.invalidChecksumHeader(algorithm);
    if (checksumOf(algorithm, body) !== value) throw s3Errors.checksumMismatch(algorithm);
    return { algorithm, value };
  }
  const named = input['ChecksumAlgorithm'];
  if (isChecksumAlgorithm(named)) return { algorithm: named, value: checksumOf(named, body) };
  return undefined;
}

/** The output members that echo a checksum: `ChecksumCRC32` and `ChecksumType` (§2.11). */
export function checksumOutput(
  checksum: { readonly algorithm: ChecksumAlgorithm; readonly value: string } | undefined,
  type: 'FULL_OBJECT' | 'COMPOSITE' = 'FULL_OBJECT',
): Record<string, string> {
  if (checksum === undefined) return {};
  return { [`Checksum${checksum.algorithm}`]: checksum.value, ChecksumType: type };
}
