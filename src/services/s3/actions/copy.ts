/** CopyObject and UploadPartCopy (docs/aws-behaviour/s3.md §2.6, §2.13). */
import type { CopyObjectRequest, UploadPartCopyRequest } from '@aws-sdk/client-s3';
import type { RequestContext } from '../../../core/request-context.js';
import { isChecksumAlgorithm } from '../checksums.js';
import { s3Errors } from '../errors.js';
import type { Bucket } from '../bucket.js';
import { NULL_VERSION, StoredChecksum, toSecond, type ObjectVersion } from '../object.js';
import type { S3Backend } from '../s3-backend.js';
import { md5HexOf } from '../checksums.js';
import { nextVersionId, versionOutput } from './objects.js';
import { checkConditions, versionToRead } from './read.js';
import { partNumberOf, storePart, uploadOf } from './multipart.js';
import { aclToSet } from './acl.js';
import { checkKey, storedHeaders, taggingHeader, userMetadata } from './write.js';

/** `x-amz-copy-source`: `bucket/key`, URL-encoded, a leading `/` allowed, `?versionId=` after it (§2.6). */
function parseCopySource(source: string): { bucket: string; key: string; versionId: string | undefined } {
  const [path, query] = source.replace(/^\//, '').split('?', 2) as [string, string | undefined];
  const slash = path.indexOf('/');
  if (slash <= 0 || slash === path.length - 1) throw s3Errors.invalidCopySource();
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      throw s3Errors.invalidCopySource();
    }
  };
  const versionId = query === undefined ? undefined : (new URLSearchParams(query).get('versionId') ?? undefined);
  return { bucket: decode(path.slice(0, slash)), key: decode(path.slice(slash + 1)), versionId };
}

/** The copy-source members CopyObject and UploadPartCopy share. */
type CopySourceInput = Pick<
  Partial<CopyObjectRequest>,
  | 'CopySource'
  | 'CopySourceIfMatch'
  | 'CopySourceIfNoneMatch'
  | 'CopySourceIfModifiedSince'
  | 'CopySourceIfUnmodifiedSince'
>;

/**
 * The version a copy reads (§2.6, §2.13): its bucket, key and version from `x-amz-copy-source`, with the source's
 * conditions checked.
 */
function copySource(
  backend: S3Backend,
  input: CopySourceInput,
): { bucket: Bucket; key: string; original: ObjectVersion } {
  const source = parseCopySource(input.CopySource ?? '');
  const bucket = backend.bucket(source.bucket);
  if (source.versionId !== undefined && bucket.version(source.key, source.versionId)?.deleteMarker)
    throw s3Errors.copyOfDeleteMarker();
  const original = versionToRead(bucket, source.key, source.versionId);
  checkConditions(
    original,
    {
      IfMatch: input.CopySourceIfMatch,
      IfNoneMatch: input.CopySourceIfNoneMatch,
      IfModifiedSince: input.CopySourceIfModifiedSince,
      IfUnmodifiedSince: input.CopySourceIfUnmodifiedSince,
    },
    backend.clock.now(),
    'copySource',
  );
  return { bucket, key: source.key, original };
}

/** `CopySourceVersionId`: the source's version, unless it is the null version (§2.6). */
function sourceVersionOutput(original: ObjectVersion): { CopySourceVersionId?: string } {
  return original.versionId !== NULL_VERSION ? { CopySourceVersionId: original.versionId } : {};
}

export function copyObject(backend: S3Backend, input: Partial<CopyObjectRequest>, request: RequestContext): object {
  const target = backend.bucket(input.Bucket);
  const key = input.Key ?? '';
  checkKey(key);
  const { bucket: sourceBucket, key: sourceKey, original } = copySource(backend, input);
  const replace = input.MetadataDirective === 'REPLACE';
  // §2.6 [AWS-snap]: onto itself only with something changed.
  const sameObject = sourceBucket === target && sourceKey === key && target.current(key) === original;
  const changes =
    replace ||
    input.StorageClass !== undefined ||
    input.WebsiteRedirectLocation !== undefined ||
    input.ServerSideEncryption !== undefined ||
    input.SSEKMSKeyId !== undefined;
  if (sameObject && !changes) throw s3Errors.copyToItself();
  // §1.5 [Docs]: a copy takes the request's ACL, never the source's.
  const acl = aclToSet(backend, target, input, 'object');
  const body = original.body;
  const algorithm = isChecksumAlgorithm(input.ChecksumAlgorithm)
    ? input.ChecksumAlgorithm
    : (original.checksum?.algorithm ?? 'CRC64NVME');
  const versionId = nextVersionId(backend, target);
  const version: ObjectVersion = {
    key,
    versionId,
    deleteMarker: false,
    body,
    // §2.6 [AWS-snap]: a single-part source's ETag again; a copy is always one part.
    etag: original.partSizes ? `"${md5HexOf(body)}"` : original.etag,
    lastModified: toSecond(backend.clock.now()),
    headers: replace ? storedHeaders(input as Record<string, unknown>) : original.headers,
    metadata: replace ? userMetadata(input.Metadata) : original.metadata,
    storageClass: input.StorageClass ?? original.storageClass,
    tags: input.TaggingDirective === 'REPLACE' ? taggingHeader(input.Tagging) : original.tags,
    checksum: new StoredChecksum(
      algorithm,
      'FULL_OBJECT',
      original.checksum?.algorithm === algorithm && original.checksum.type === 'FULL_OBJECT'
        ? original.checksum.value
        : undefined,
      () => body,
    ),
    acl,
  };
  target.put(version);
  backend.emit(target, 'ObjectCreated:Copy', request, { key, version });
  const checksum = version.checksum!;
  return {
    CopyObjectResult: {
      ETag: version.etag,
      LastModified: new Date(version.lastModified),
      ChecksumType: checksum.type,
      [`Checksum${checksum.algorithm}`]: checksum.value,
    },
    ...sourceVersionOutput(original),
    ...versionOutput(versionId),
    ServerSideEncryption: 'AES256',
  };
}

/**
 * `x-amz-copy-source-range` (§2.13 [AWS-snap]): only `bytes=first-last` with first ≤ last; a first byte past the
 * source is InvalidRequest, a last one past it InvalidArgument. No range: the whole source.
 */
function copyRange(given: string | undefined, size: number): { first: number; end: number } {
  if (given === undefined) return { first: 0, end: size };
  const match = /^bytes=(\d+)-(\d+)$/.exec(given);
  if (!match || Number(match[1]) > Number(match[2])) throw s3Errors.badCopyRange(given);
  const first = Number(match[1]);
  const last = Number(match[2]);
  if (first >= size) throw s3Errors.copyRangeOutside();
  if (last >= size) throw s3Errors.copyRangePastEnd(given, size);
  return { first, end: last + 1 };
}

export function uploadPartCopy(backend: S3Backend, input: Partial<UploadPartCopyRequest>): object {
  const bucket = backend.bucket(input.Bucket);
  const number = partNumberOf(input.PartNumber);
  const upload = uploadOf(bucket, input.UploadId, input.Key);
  const { original } = copySource(backend, input);
  const { first, end } = copyRange(input.CopySourceRange, original.body.length);
  const body = first === 0 && end === original.body.length ? original.body : original.body.subarray(first, end);
  const part = storePart(backend, upload, number, body, undefined);
  return {
    ...sourceVersionOutput(original),
    CopyPartResult: {
      ETag: part.etag,
      LastModified: new Date(part.lastModified),
      // §2.13 [AWS-snap]: the part's checksum by the upload's algorithm, without a type.
      ...(part.checksum !== undefined ? { [`Checksum${upload.checksumAlgorithm}`]: part.checksum } : {}),
    },
    ServerSideEncryption: 'AES256',
  };
}
