/**
 * What GetObject and HeadObject share (docs/aws-behaviour/s3.md §2.3, §2.4): the version asked for, the
 * preconditions in S3's order, the range, and the output members of an object.
 */
import { s3Errors } from '../errors.js';
import type { Bucket } from '../bucket.js';
import { NULL_VERSION, type ObjectVersion } from '../object.js';
import { sameEtag } from '../multipart.js';

/**
 * The version a read names (§1.4): the current object without a version id (NoSuchKey when there is none or it is a
 * delete marker); with one, that version (NoSuchVersion for an id S3 gave and no longer has; an id it never gave is
 * invalid, as is any id but `null` on a bucket that never had versioning).
 */
export function versionToRead(bucket: Bucket, key: string, versionId: string | undefined): ObjectVersion {
  if (versionId === undefined) {
    const current = bucket.current(key);
    if (!current || current.deleteMarker) throw s3Errors.noSuchKey(key);
    return current;
  }
  const version = bucket.version(key, versionId);
  if (version) return version;
  if (versionId !== NULL_VERSION && !bucket.issued.has(versionId)) throw s3Errors.invalidVersionId(versionId);
  throw s3Errors.noSuchVersion(key, versionId);
}

interface Conditions {
  readonly IfMatch?: string | undefined;
  readonly IfNoneMatch?: string | undefined;
  readonly IfModifiedSince?: Date | undefined;
  readonly IfUnmodifiedSince?: Date | undefined;
}

function etagMatches(list: string, etag: string): boolean {
  return list.split(',').some((given) => given.trim() === '*' || sameEtag(given.trim(), etag));
}

/**
 * §2.3 [AWS-snap]: If-Match, then If-Unmodified-Since (unless If-Match passed), then If-None-Match (304), then
 * If-Modified-Since (unless If-None-Match was given; one in the future is ignored). Times compare to the second. A
 * copy's source conditions (§2.6, §2.13) go in the same order, and every failure is a 412 naming the
 * `x-amz-copy-source-` header.
 */
export function checkConditions(
  version: ObjectVersion,
  conditions: Conditions,
  now: number,
  of: 'read' | 'copySource' = 'read',
): void {
  const { IfMatch, IfNoneMatch, IfModifiedSince, IfUnmodifiedSince } = conditions;
  const failed = (condition: string) =>
    of === 'read'
      ? s3Errors.preconditionFailed(condition)
      : s3Errors.preconditionFailed(`x-amz-copy-source-${condition}`);
  const notModified = (condition: string) => (of === 'read' ? s3Errors.bodiless(304) : failed(condition));
  if (IfMatch !== undefined) {
    if (!etagMatches(IfMatch, version.etag)) throw failed('If-Match');
  } else if (IfUnmodifiedSince !== undefined && version.lastModified > IfUnmodifiedSince.getTime()) {
    throw failed('If-Unmodified-Since');
  }
  if (IfNoneMatch !== undefined) {
    if (etagMatches(IfNoneMatch, version.etag)) throw notModified('If-None-Match');
  } else if (IfModifiedSince !== undefined && IfModifiedSince.getTime() <= now) {
    if (version.lastModified <= IfModifiedSince.getTime()) throw notModified('If-Modified-Since');
  }
}

/** A satisfiable byte range: first and last byte, inclusive. */
export interface ByteRange {
  readonly first: number;
  readonly last: number;
}

/**
 * §2.3 [AWS-snap]: `bytes=a-b`, `bytes=a-`, `bytes=-n`; an end past the object is cut to it; a first byte at or past
 * the end (and `bytes=-0`) is InvalidRange; anything else (several ranges, `a` > `b`, no `bytes=`) is ignored and the
 * whole object answered.
 */
export function parseRange(header: string, size: number): ByteRange | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [, from, to] = match;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) throw s3Errors.invalidRange(header, size);
    return { first: Math.max(0, size - suffix), last: size - 1 };
  }
  const first = Number(from);
  const last = to === '' ? size - 1 : Number(to);
  if (last < first) return undefined;
  if (first >= size) throw s3Errors.invalidRange(header, size);
  return { first, last: Math.min(last, size - 1) };
}

/** The output members GetObject and HeadObject share (§2.3). */
export function objectOutput(version: ObjectVersion, withChecksum: boolean): Record<string, unknown> {
  const { headers } = version;
  const out: Record<string, unknown> = {
    AcceptRanges: 'bytes',
    LastModified: new Date(version.lastModified),
    ContentLength: version.body.length,
    ETag: version.etag,
  };
  const checksum = version.checksum;
  if (withChecksum && checksum) {
    out[`Checksum${checksum.algorithm}`] = checksum.value;
    out['ChecksumType'] = checksum.type;
  }
  if (version.versionId !== NULL_VERSION) out['VersionId'] = version.versionId;
  if (headers.CacheControl !== undefined) out['CacheControl'] = headers.CacheControl;
  if (headers.ContentDisposition !== undefined) out['ContentDisposition'] = headers.ContentDisposition;
  if (headers.ContentEncoding !== undefined) out['ContentEncoding'] = headers.ContentEncoding;
  if (headers.ContentLanguage !== undefined) out['ContentLanguage'] = headers.ContentLanguage;
  out['ContentType'] = headers.ContentType;
  if (headers.Expires !== undefined) {
    out['Expires'] = headers.Expires;
    out['ExpiresString'] = headers.Expires.toUTCString();
  }
  if (headers.WebsiteRedirectLocation !== undefined) out['WebsiteRedirectLocation'] = headers.WebsiteRedirectLocation;
  out['ServerSideEncryption'] = 'AES256';
  out['Metadata'] = { ...version.metadata };
  if (version.storageClass !== 'STANDARD') out['StorageClass'] = version.storageClass;
  if (version.tags.length > 0) out['TagCount'] = version.tags.length;
  return out;
}
