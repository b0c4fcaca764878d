/**
 * PutObject, GetObject, HeadObject, DeleteObject and DeleteObjects (docs/aws-behaviour/s3.md §2.2–§2.5).
 */
import type {
  DeleteObjectOutput,
  DeleteObjectRequest,
  DeleteObjectsOutput,
  DeleteObjectsRequest,
  DeletedObject,
  GetObjectRequest,
  HeadObjectRequest,
  PutObjectRequest,
  _Error,
} from '@aws-sdk/client-s3';
import { AwsError } from '../../../core/aws-error.js';
import { withResponseMetadata, type RequestContext } from '../../../core/request-context.js';
import { bodyBytes, ObjectBody } from '../body.js';
import type { Bucket } from '../bucket.js';
import { s3Errors } from '../errors.js';
import { sameEtag } from '../multipart.js';
import { MAX_SINGLE_UPLOAD_BYTES } from '../names.js';
import { NULL_VERSION, StoredChecksum, toSecond, type ObjectVersion } from '../object.js';
import type { S3Backend } from '../s3-backend.js';
import { checkConditions, objectOutput, parseRange, versionToRead } from './read.js';
import { aclToSet } from './acl.js';
import { md5HexOf } from '../checksums.js';
import {
  checkKey,
  checkedChecksum,
  checksumOutput,
  storedHeaders,
  taggingHeader,
  userMetadata,
  type WriteChecksum,
} from './write.js';

/** The id the next version of a write gets: a new one while versioning is enabled, else `null` (§1.4). */
export function nextVersionId(backend: S3Backend, bucket: Bucket): string {
  if (bucket.versioning !== 'Enabled') return NULL_VERSION;
  const id = backend.newVersionId();
  bucket.issue(id);
  return id;
}

/** A version's checksum: the one written, or S3's own CRC64NVME, worked out when first read (§2.11). */
export function storedChecksum(checksum: WriteChecksum | undefined, body: Buffer): StoredChecksum {
  return checksum
    ? new StoredChecksum(checksum.algorithm, 'FULL_OBJECT', checksum.value, () => body)
    : new StoredChecksum('CRC64NVME', 'FULL_OBJECT', undefined, () => body);
}

/** The `VersionId` member of a write's answer: only for a version written while versioning was enabled (§1.4). */
export function versionOutput(versionId: string): { VersionId?: string } {
  return versionId === NULL_VERSION ? {} : { VersionId: versionId };
}

/** §2.2: `If-None-Match: *` and `If-Match` on a write; other If-None-Match values are not implemented. */
function checkWriteConditions(bucket: Bucket, key: string, input: PutObjectRequest): void {
  const { IfNoneMatch, IfMatch } = input;
  if (IfNoneMatch !== undefined) {
    if (IfNoneMatch !== '*') throw s3Errors.conditionalWriteNotImplemented('If-None-Match');
    if (bucket.object(key)) throw s3Errors.preconditionFailed('If-None-Match');
  }
  if (IfMatch !== undefined) {
    const current = bucket.object(key);
    if (!current) throw s3Errors.noSuchKey(key);
    if (!sameEtag(IfMatch, current.etag)) throw s3Errors.preconditionFailed('If-Match');
  }
}

export function putObject(
  backend: S3Backend,
  input: Partial<PutObjectRequest>,
  request: RequestContext,
): object | Promise<object> {
  const bucket = backend.bucket(input.Bucket);
  const key = input.Key ?? '';
  checkKey(key);
  const read = bodyBytes(input.Body);
  if (read === undefined) throw s3Errors.incompleteBody();
  const store = (body: Buffer) => storeObject(backend, bucket, key, body, input, request);
  return read instanceof Promise ? read.then(store) : store(read);
}

function storeObject(
  backend: S3Backend,
  bucket: Bucket,
  key: string,
  body: Buffer,
  input: Partial<PutObjectRequest>,
  request: RequestContext,
): object {
  if (body.length > MAX_SINGLE_UPLOAD_BYTES) throw s3Errors.entityTooLarge();
  const metadata = userMetadata(input.Metadata);
  const tags = taggingHeader(input.Tagging);
  const checksum = checkedChecksum(input as Record<string, unknown>, body);
  checkWriteConditions(bucket, key, input as PutObjectRequest);
  const acl = aclToSet(backend, bucket, input, 'object');
  const versionId = nextVersionId(backend, bucket);
  const version: ObjectVersion = {
    key,
    versionId,
    deleteMarker: false,
    body,
    etag: `"${md5HexOf(body)}"`,
    lastModified: toSecond(backend.clock.now()),
    headers: storedHeaders(input as Record<string, unknown>),
    metadata,
    storageClass: input.StorageClass ?? 'STANDARD',
    tags,
    checksum: storedChecksum(checksum, body),
    acl,
  };
  bucket.put(version);
  backend.emit(bucket, 'ObjectCreated:Put', request, { key, version });
  return {
    ETag: version.etag,
    ...checksumOutput(checksum),
    ServerSideEncryption: 'AES256',
    ...versionOutput(versionId),
  };
}

/** The version GetObject and HeadObject read, with their preconditions checked. */
function readVersion(backend: S3Backend, input: Partial<GetObjectRequest>): { bucket: Bucket; version: ObjectVersion } {
  const bucket = backend.bucket(input.Bucket);
  const key = input.Key ?? '';
  if (input.VersionId !== undefined && bucket.versioning === 'Unversioned' && input.VersionId !== NULL_VERSION)
    throw s3Errors.invalidVersionId(input.VersionId);
  const version = versionToRead(bucket, key, input.VersionId);
  if (version.deleteMarker) throw s3Errors.deleteMarkerMethod();
  checkConditions(version, input, backend.clock.now());
  return { bucket, version };
}

export function getObject(backend: S3Backend, input: Partial<GetObjectRequest>): object {
  const { bucket, version } = readVersion(backend, input);
  backend.noteRead(bucket, version, 'GetObject');
  const size = version.body.length;
  if (input.PartNumber !== undefined) return partOf(version, input);
  const range = input.Range === undefined ? undefined : parseRange(input.Range, size);
  const whole = range === undefined || (range.first === 0 && range.last === size - 1);
  const output = objectOutput(version, input.ChecksumMode === 'ENABLED' && whole);
  const overrides = responseOverrides(input);
  if (range === undefined) return { ...output, ...overrides, Body: new ObjectBody(version.body) };
  const slice = version.body.subarray(range.first, range.last + 1);
  return withResponseMetadata(
    {
      ...output,
      ...overrides,
      ContentLength: slice.length,
      ContentRange: `bytes ${range.first}-${range.last}/${size}`,
      Body: new ObjectBody(slice),
    },
    { httpStatusCode: 206 },
  );
}

/** §2.3: `partNumber` reads one part of a multipart object (a whole object is its one part). */
function partOf(version: ObjectVersion, input: Partial<GetObjectRequest>): object {
  if (input.Range !== undefined) throw s3Errors.rangeAndPartNumber();
  const sizes = version.partSizes ?? [version.body.length];
  const number = input.PartNumber!;
  if (number < 1 || number > sizes.length) throw s3Errors.invalidPartNumber(number, sizes.length);
  const first = sizes.slice(0, number - 1).reduce((sum, size) => sum + size, 0);
  const last = first + sizes[number - 1]! - 1;
  const slice = version.body.subarray(first, last + 1);
  return withResponseMetadata(
    {
      ...objectOutput(version, false),
      ContentLength: slice.length,
      ContentRange: `bytes ${first}-${last}/${version.body.length}`,
      PartsCount: sizes.length,
      Body: new ObjectBody(slice),
    },
    { httpStatusCode: version.partSizes ? 206 : 200 },
  );
}

/** §2.3: `response-content-type` and its kin replace the stored header in this answer only. */
function responseOverrides(input: Partial<GetObjectRequest>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (input.ResponseContentType !== undefined) out['ContentType'] = input.ResponseContentType;
  if (input.ResponseContentDisposition !== undefined) out['ContentDisposition'] = input.ResponseContentDisposition;
  if (input.ResponseContentEncoding !== undefined) out['ContentEncoding'] = input.ResponseContentEncoding;
  if (input.ResponseContentLanguage !== undefined) out['ContentLanguage'] = input.ResponseContentLanguage;
  if (input.ResponseCacheControl !== undefined) out['CacheControl'] = input.ResponseCacheControl;
  if (input.ResponseExpires !== undefined) out['Expires'] = input.ResponseExpires;
  return out;
}

/** §2.4: a HEAD request's errors have no body; the SDK knows only the status. */
export function headless<Input>(
  action: (backend: S3Backend, input: Input, request: RequestContext) => object,
): (backend: S3Backend, input: Input, request: RequestContext) => object {
  return (backend, input, request) => {
    try {
      return action(backend, input, request);
    } catch (error) {
      if (error instanceof AwsError) throw s3Errors.bodiless(error.status);
      throw error;
    }
  };
}

export const headObject = headless((backend: S3Backend, input: Partial<HeadObjectRequest>): object => {
  const { bucket, version } = readVersion(backend, input);
  backend.noteRead(bucket, version, 'HeadObject');
  const size = version.body.length;
  if (input.PartNumber !== undefined) {
    const { Body: _body, ...output } = partOf(version, input) as Record<string, unknown>;
    return output;
  }
  const range = input.Range === undefined ? undefined : parseRange(input.Range, size);
  const whole = range === undefined || (range.first === 0 && range.last === size - 1);
  const output = objectOutput(version, input.ChecksumMode === 'ENABLED' && whole);
  if (range === undefined) return output;
  return withResponseMetadata(
    {
      ...output,
      ContentLength: range.last - range.first + 1,
      ContentRange: `bytes ${range.first}-${range.last}/${size}`,
    },
    { httpStatusCode: 206 },
  );
});

/** What one key's delete did, for DeleteObject's answer and DeleteObjects' `Deleted`. */
interface DeleteOutcome {
  readonly deleteMarker?: boolean;
  readonly versionId?: string;
  readonly markerVersionId?: string;
}

/**
 * §1.4, §2.5: without a version id, a delete removes the object (unversioned), or puts a delete marker on top
 * (enabled: a new id; suspended: the null version); with one, it removes that version for good. It fires
 * `ObjectRemoved:Delete` even for a key that never existed, and `ObjectRemoved:DeleteMarkerCreated` for a marker.
 */
function deleteKey(
  backend: S3Backend,
  bucket: Bucket,
  key: string,
  versionId: string | undefined,
  request: RequestContext,
): DeleteOutcome {
  if (versionId !== undefined) {
    const removed = bucket.removeVersion(key, versionId);
    backend.emit(bucket, 'ObjectRemoved:Delete', request, { key, version: removed, versionIdGiven: versionId });
    return { versionId, ...(removed?.deleteMarker ? { deleteMarker: true } : {}) };
  }
  if (bucket.versioning === 'Unversioned') {
    bucket.removeVersion(key, NULL_VERSION);
    backend.emit(bucket, 'ObjectRemoved:Delete', request, { key });
    return {};
  }
  const markerId = nextVersionId(backend, bucket);
  const marker: ObjectVersion = {
    key,
    versionId: markerId,
    deleteMarker: true,
    body: EMPTY,
    etag: EMPTY_ETAG,
    lastModified: toSecond(backend.clock.now()),
    headers: { ContentType: 'binary/octet-stream' },
    metadata: {},
    storageClass: 'STANDARD',
    tags: [],
    checksum: undefined,
  };
  bucket.put(marker);
  backend.emit(bucket, 'ObjectRemoved:DeleteMarkerCreated', request, {
    key,
    version: marker,
    etag: EMPTY_ETAG,
    deletionType: 'Delete Marker Created',
  });
  return {
    deleteMarker: true,
    ...(markerId === NULL_VERSION ? {} : { versionId: markerId, markerVersionId: markerId }),
  };
}

const EMPTY = Buffer.alloc(0);
/** §1.4 [AWS-snap]: a delete marker's eTag in its event is the MD5 of nothing. */
const EMPTY_ETAG = '"d41d8cd98f00b204e9800998ecf8427e"';

/**
 * §1.4 [AWS-snap]: a version id on a bucket that never had versioning, or one S3 never gave, is an invalid argument;
 * one it gave and no longer keeps deletes nothing.
 */
function checkDeleteVersion(bucket: Bucket, versionId: string | undefined): void {
  if (versionId === undefined || versionId === NULL_VERSION) return;
  if (bucket.versioning === 'Unversioned' || !bucket.issued.has(versionId)) throw s3Errors.invalidVersionId(versionId);
}

export function deleteObject(backend: S3Backend, input: Partial<DeleteObjectRequest>, request: RequestContext): object {
  const bucket = backend.bucket(input.Bucket);
  const key = input.Key ?? '';
  checkDeleteVersion(bucket, input.VersionId);
  const outcome = deleteKey(backend, bucket, key, input.VersionId, request);
  const output: DeleteObjectOutput = {
    ...(outcome.deleteMarker ? { DeleteMarker: true } : {}),
    ...(outcome.versionId !== undefined ? { VersionId: outcome.versionId } : {}),
  };
  return withResponseMetadata(output, { httpStatusCode: 204 });
}

/** DeleteObjects deletes at most this many keys (§2.5 [D]). */
const MAX_DELETE_KEYS = 1000;

export function deleteObjects(
  backend: S3Backend,
  input: Partial<DeleteObjectsRequest>,
  request: RequestContext,
): object {
  const bucket = backend.bucket(input.Bucket);
  const objects = input.Delete?.Objects ?? [];
  if (objects.length === 0 || objects.length > MAX_DELETE_KEYS) throw s3Errors.malformedXml();
  const deleted: DeletedObject[] = [];
  const errors: _Error[] = [];
  for (const { Key, VersionId } of objects) {
    const key = Key ?? '';
    if (VersionId !== undefined && VersionId !== NULL_VERSION && !bucket.issued.has(VersionId)) {
      // §2.5 [AWS-snap]: a version S3 never gave fails that key alone.
      const error = s3Errors.noSuchVersion(key, VersionId);
      errors.push({ Key: key, VersionId, Code: error.code, Message: error.message });
      continue;
    }
    const outcome = deleteKey(backend, bucket, key, VersionId, request);
    deleted.push({
      Key: key,
      ...(VersionId !== undefined ? { VersionId } : {}),
      ...(outcome.deleteMarker ? { DeleteMarker: true } : {}),
      ...(outcome.markerVersionId !== undefined ? { DeleteMarkerVersionId: outcome.markerVersionId } : {}),
    });
  }
  const output: DeleteObjectsOutput = {};
  if (!input.Delete?.Quiet && deleted.length > 0) output.Deleted = deleted;
  if (errors.length > 0) output.Errors = errors;
  return output;
}
