/** Object tagging (docs/aws-behaviour/s3.md §2.10): the whole set replaced, read, removed; each change an event. */
import type { DeleteObjectTaggingRequest, GetObjectTaggingRequest, PutObjectTaggingRequest } from '@aws-sdk/client-s3';
import { withResponseMetadata, type RequestContext } from '../../../core/request-context.js';
import { s3Errors } from '../errors.js';
import type { ObjectVersion } from '../object.js';
import type { S3Backend } from '../s3-backend.js';
import type { Bucket } from '../bucket.js';
import { versionOutput } from './objects.js';
import { versionToRead } from './read.js';
import { checkTags } from './write.js';

function tagged(backend: S3Backend, input: { Bucket?: string; Key?: string; VersionId?: string }) {
  const bucket = backend.bucket(input.Bucket);
  const version = versionToRead(bucket, input.Key ?? '', input.VersionId);
  if (version.deleteMarker) throw s3Errors.deleteMarkerMethod();
  return { bucket, version };
}

function emitTagging(
  backend: S3Backend,
  bucket: Bucket,
  version: ObjectVersion,
  put: boolean,
  request: RequestContext,
) {
  backend.emit(bucket, put ? 'ObjectTagging:Put' : 'ObjectTagging:Delete', request, {
    key: version.key,
    version: { ...version, body: NO_SIZE },
  });
}

/** A tagging event has no size (§3.5): the version as the event sees it. */
const NO_SIZE = Buffer.alloc(0);

export function putObjectTagging(
  backend: S3Backend,
  input: Partial<PutObjectTaggingRequest>,
  request: RequestContext,
): object {
  const { bucket, version } = tagged(backend, input);
  version.tags = checkTags((input.Tagging?.TagSet ?? []) as { Key: string; Value: string }[]);
  emitTagging(backend, bucket, version, true, request);
  return versionOutput(version.versionId);
}

export function getObjectTagging(backend: S3Backend, input: Partial<GetObjectTaggingRequest>): object {
  const { version } = tagged(backend, input);
  return { ...versionOutput(version.versionId), TagSet: version.tags.map((tag) => ({ ...tag })) };
}

export function deleteObjectTagging(
  backend: S3Backend,
  input: Partial<DeleteObjectTaggingRequest>,
  request: RequestContext,
): object {
  const { bucket, version } = tagged(backend, input);
  version.tags = [];
  emitTagging(backend, bucket, version, false, request);
  return withResponseMetadata(versionOutput(version.versionId), { httpStatusCode: 204 });
}
