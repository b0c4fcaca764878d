/**
 * Multipart uploads as `@aws-sdk/lib-storage`'s `Upload` and the CLI's transfer manager make them (docs/aws-behaviour/
 * s3.md §2.9): create, upload parts, complete (the parts checked, joined, and the ETag and checksum S3 gives), abort,
 * and the listings.
 */
import type {
  AbortMultipartUploadRequest,
  CompleteMultipartUploadRequest,
  CompletedPart,
  CreateMultipartUploadRequest,
  ListMultipartUploadsRequest,
  ListPartsRequest,
  UploadPartRequest,
} from '@aws-sdk/client-s3';
import { withResponseMetadata, type RequestContext } from '../../../core/request-context.js';
import { bodyBytes } from '../body.js';
import type { Bucket } from '../bucket.js';
import { compositeChecksum, isChecksumAlgorithm, md5HexOf } from '../checksums.js';
import { s3Errors } from '../errors.js';
import { compareKeys } from '../key-index.js';
import { multipartEtag, sameEtag, type MultipartUpload, type UploadedPart } from '../multipart.js';
import { MAX_PART_NUMBER, MAX_SINGLE_UPLOAD_BYTES, MIN_PART_BYTES } from '../names.js';
import { StoredChecksum, toSecond, type ObjectVersion } from '../object.js';
import type { S3Backend } from '../s3-backend.js';
import { aclToSet } from './acl.js';
import { nextVersionId, versionOutput } from './objects.js';
import {
  checkKey,
  checkedChecksum,
  checksumOutput,
  storedHeaders,
  taggingHeader,
  userMetadata,
  type WriteChecksum,
} from './write.js';

export function createMultipartUpload(backend: S3Backend, input: Partial<CreateMultipartUploadRequest>): object {
  const bucket = backend.bucket(input.Bucket);
  const key = input.Key ?? '';
  checkKey(key);
  const algorithm = isChecksumAlgorithm(input.ChecksumAlgorithm) ? input.ChecksumAlgorithm : undefined;
  const acl = aclToSet(backend, bucket, input, 'object');
  // §2.9 [AWS-snap]: COMPOSITE by default, but CRC64NVME is FULL_OBJECT only.
  const checksumType =
    algorithm === undefined
      ? undefined
      : (input.ChecksumType ?? (algorithm === 'CRC64NVME' ? 'FULL_OBJECT' : 'COMPOSITE'));
  const upload: MultipartUpload = {
    uploadId: Buffer.from(backend.ids.bytes(48)).toString('base64url'),
    key,
    initiated: backend.clock.now(),
    headers: storedHeaders(input as Record<string, unknown>),
    metadata: userMetadata(input.Metadata),
    storageClass: input.StorageClass ?? 'STANDARD',
    tags: taggingHeader(input.Tagging),
    checksumAlgorithm: algorithm,
    checksumType,
    parts: new Map(),
    acl,
  };
  bucket.uploads.set(upload.uploadId, upload);
  return {
    Bucket: bucket.name,
    Key: key,
    UploadId: upload.uploadId,
    ServerSideEncryption: 'AES256',
    ...(algorithm !== undefined ? { ChecksumAlgorithm: algorithm, ChecksumType: checksumType } : {}),
  };
}

export function uploadOf(bucket: Bucket, uploadId: string | undefined, key: string | undefined): MultipartUpload {
  const upload = uploadId === undefined ? undefined : bucket.uploads.get(uploadId);
  if (!upload || upload.key !== key) throw s3Errors.noSuchUpload(uploadId ?? '');
  return upload;
}

/** The part number of an UploadPart or UploadPartCopy, checked (§2.9). */
export function partNumberOf(number: number | undefined): number {
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > MAX_PART_NUMBER)
    throw s3Errors.badPartNumber(String(number));
  return number;
}

/**
 * Keeps `body` as part `number` of `upload`, replacing one of the same number (§2.9): its checksum is the upload's
 * algorithm's, the one the request carried when it is of that algorithm.
 */
export function storePart(
  backend: S3Backend,
  upload: MultipartUpload,
  number: number,
  body: Buffer,
  given: WriteChecksum | undefined,
): UploadedPart {
  const checksum =
    upload.checksumAlgorithm === undefined
      ? undefined
      : given?.algorithm === upload.checksumAlgorithm
        ? given.value
        : new StoredChecksum(upload.checksumAlgorithm, 'FULL_OBJECT', undefined, () => body).value;
  const part: UploadedPart = {
    partNumber: number,
    body,
    etag: `"${md5HexOf(body)}"`,
    lastModified: toSecond(backend.clock.now()),
    checksum,
  };
  upload.parts.set(number, part);
  return part;
}

export function uploadPart(backend: S3Backend, input: Partial<UploadPartRequest>): object | Promise<object> {
  const bucket = backend.bucket(input.Bucket);
  const number = partNumberOf(input.PartNumber);
  const upload = uploadOf(bucket, input.UploadId, input.Key);
  const read = bodyBytes(input.Body);
  if (read === undefined) throw s3Errors.incompleteBody();
  const store = (body: Buffer): object => {
    if (body.length > MAX_SINGLE_UPLOAD_BYTES) throw s3Errors.entityTooLarge();
    const checksum = checkedChecksum(input as Record<string, unknown>, body);
    const part = storePart(backend, upload, number, body, checksum);
    return {
      ServerSideEncryption: 'AES256',
      ETag: part.etag,
      ...(part.checksum !== undefined
        ? checksumOutput({ algorithm: upload.checksumAlgorithm!, value: part.checksum })
        : checksumOutput(checksum)),
    };
  };
  return read instanceof Promise ? read.then(store) : store(read);
}

/** §2.9 [AWS-snap]: the listed parts, checked in S3's order, then joined. */
function listedParts(upload: MultipartUpload, listed: readonly CompletedPart[]): UploadedPart[] {
  if (listed.length === 0) throw s3Errors.noParts();
  const parts: UploadedPart[] = [];
  let previous = 0;
  for (const given of listed) {
    const number = given.PartNumber ?? 0;
    if (number <= previous) throw s3Errors.invalidPartOrder(upload.uploadId);
    previous = number;
    const part = upload.parts.get(number);
    const etag = given.ETag ?? '';
    if (!part || !sameEtag(etag, part.etag))
      throw s3Errors.invalidPart(upload.uploadId, number, etag.replace(/"/g, ''));
    if (upload.checksumType === 'COMPOSITE') {
      const member = `Checksum${upload.checksumAlgorithm}` as keyof CompletedPart;
      const value = given[member];
      if (value === undefined) throw s3Errors.missingPartChecksum(upload.checksumAlgorithm!, number);
      if (value !== part.checksum) throw s3Errors.invalidPart(upload.uploadId, number, etag.replace(/"/g, ''));
    }
    parts.push(part);
  }
  parts.forEach((part, index) => {
    if (index < parts.length - 1 && part.body.length < MIN_PART_BYTES)
      throw s3Errors.partTooSmall(part.body.length, part.partNumber, part.etag.slice(1, -1));
  });
  return parts;
}

export function completeMultipartUpload(
  backend: S3Backend,
  input: Partial<CompleteMultipartUploadRequest>,
  request: RequestContext,
): object {
  const bucket = backend.bucket(input.Bucket);
  const upload = uploadOf(bucket, input.UploadId, input.Key);
  const parts = listedParts(upload, input.MultipartUpload?.Parts ?? []);
  const body = parts.length === 1 ? parts[0]!.body : Buffer.concat(parts.map((part) => part.body));
  const { checksumAlgorithm, checksumType } = upload;
  const checksum =
    checksumAlgorithm === undefined
      ? new StoredChecksum('CRC64NVME', 'FULL_OBJECT', undefined, () => body)
      : checksumType === 'COMPOSITE'
        ? new StoredChecksum(
            checksumAlgorithm,
            'COMPOSITE',
            compositeChecksum(
              checksumAlgorithm,
              parts.map((part) => part.checksum!),
            ),
            () => body,
          )
        : new StoredChecksum(checksumAlgorithm, 'FULL_OBJECT', undefined, () => body);
  const versionId = nextVersionId(backend, bucket);
  const version: ObjectVersion = {
    key: upload.key,
    versionId,
    deleteMarker: false,
    body,
    etag: multipartEtag(parts),
    lastModified: toSecond(backend.clock.now()),
    headers: upload.headers,
    metadata: upload.metadata,
    storageClass: upload.storageClass,
    tags: upload.tags,
    checksum,
    partSizes: parts.map((part) => part.body.length),
    ...(checksumType === 'COMPOSITE'
      ? { compositeParts: parts.map((part) => ({ partNumber: part.partNumber, checksum: part.checksum! })) }
      : {}),
    acl: upload.acl,
  };
  bucket.uploads.delete(upload.uploadId);
  bucket.put(version);
  backend.emit(bucket, 'ObjectCreated:CompleteMultipartUpload', request, { key: upload.key, version });
  return {
    Location: `https://${bucket.name}.s3.${bucket.region}.amazonaws.com/${encodeURI(upload.key)}`,
    Bucket: bucket.name,
    Key: upload.key,
    ETag: version.etag,
    ...(checksumAlgorithm !== undefined
      ? checksumOutput({ algorithm: checksumAlgorithm, value: checksum.value }, checksum.type)
      : {}),
    ServerSideEncryption: 'AES256',
    ...versionOutput(versionId),
  };
}

export function abortMultipartUpload(backend: S3Backend, input: Partial<AbortMultipartUploadRequest>): object {
  const bucket = backend.bucket(input.Bucket);
  const upload = uploadOf(bucket, input.UploadId, input.Key);
  bucket.uploads.delete(upload.uploadId);
  return withResponseMetadata({}, { httpStatusCode: 204 });
}

export function listParts(backend: S3Backend, input: Partial<ListPartsRequest>): object {
  const bucket = backend.bucket(input.Bucket);
  const upload = uploadOf(bucket, input.UploadId, input.Key);
  const marker = Number(input.PartNumberMarker ?? 0);
  const max = input.MaxParts ?? 1000;
  const all = [...upload.parts.values()]
    .filter((part) => part.partNumber > marker)
    .sort((a, b) => a.partNumber - b.partNumber);
  const page = all.slice(0, max);
  const truncated = all.length > page.length;
  const owner = { ID: backend.canonicalId };
  return {
    Bucket: bucket.name,
    Key: upload.key,
    UploadId: upload.uploadId,
    PartNumberMarker: String(marker),
    ...(page.length > 0 ? { NextPartNumberMarker: String(page[page.length - 1]!.partNumber) } : {}),
    MaxParts: max,
    IsTruncated: truncated,
    ...(page.length > 0
      ? {
          Parts: page.map((part) => ({
            PartNumber: part.partNumber,
            LastModified: new Date(part.lastModified),
            ETag: part.etag,
            Size: part.body.length,
            ...(part.checksum !== undefined ? { [`Checksum${upload.checksumAlgorithm}`]: part.checksum } : {}),
          })),
        }
      : {}),
    Initiator: owner,
    Owner: owner,
    StorageClass: upload.storageClass,
    ...(upload.checksumAlgorithm !== undefined
      ? { ChecksumAlgorithm: upload.checksumAlgorithm, ChecksumType: upload.checksumType }
      : {}),
  };
}

export function listMultipartUploads(backend: S3Backend, input: Partial<ListMultipartUploadsRequest>): object {
  const bucket = backend.bucket(input.Bucket);
  const prefix = input.Prefix ?? '';
  const uploads = [...bucket.uploads.values()]
    .filter((upload) => upload.key.startsWith(prefix))
    .sort((a, b) => compareKeys(a.key, b.key) || a.initiated - b.initiated);
  const max = input.MaxUploads ?? 1000;
  const page = uploads.slice(0, max);
  const owner = { ID: backend.canonicalId };
  return {
    Bucket: bucket.name,
    KeyMarker: input.KeyMarker ?? '',
    UploadIdMarker: input.UploadIdMarker ?? '',
    ...(input.Prefix !== undefined ? { Prefix: input.Prefix } : {}),
    MaxUploads: max,
    IsTruncated: uploads.length > page.length,
    ...(page.length > 0
      ? {
          Uploads: page.map((upload) => ({
            UploadId: upload.uploadId,
            Key: upload.key,
            Initiated: new Date(toSecond(upload.initiated)),
            StorageClass: upload.storageClass,
            Owner: owner,
            Initiator: owner,
            ...(upload.checksumAlgorithm !== undefined
              ? { ChecksumAlgorithm: upload.checksumAlgorithm, ChecksumType: upload.checksumType }
              : {}),
          })),
        }
      : {}),
  };
}
