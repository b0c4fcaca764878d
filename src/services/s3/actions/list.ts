/**
 * ListObjectsV2, ListObjects and ListObjectVersions (docs/aws-behaviour/s3.md §2.7, §2.8, §2.12): a page of the
 * bucket's keys from listing.ts, shaped as each answers it.
 */
import type { ListObjectsRequest, ListObjectsV2Request, ListObjectVersionsRequest } from '@aws-sdk/client-s3';
import type { Bucket } from '../bucket.js';
import { s3Errors } from '../errors.js';
import type { KeyIndex } from '../key-index.js';
import { itself, listPage, type Page } from '../listing.js';
import { MAX_KEYS } from '../names.js';
import { recordKey } from '../notifications/records.js';
import type { S3Backend } from '../s3-backend.js';
import type { ObjectVersion } from '../object.js';

/** §2.7 [AWS-snap]: `url` or nothing. */
function encoder(encodingType: string | undefined): (text: string) => string {
  if (encodingType === undefined) return (text) => text;
  if (encodingType !== 'url') throw s3Errors.badEncodingType(encodingType);
  return recordKey;
}

/** §2.7 [D]: the default and the most keys of a page. */
function maxKeysOf(given: number | undefined): number {
  return given === undefined || given > MAX_KEYS ? MAX_KEYS : Math.max(0, given);
}

/** A continuation token: where the page stopped, opaque to the client. */
const TOKEN_MARK = 'sqs-sns-mock/s3:';
const tokenOf = (last: string) => Buffer.from(`${TOKEN_MARK}${last}`, 'utf8').toString('base64');

function afterToken(token: string): string {
  const text = Buffer.from(token, 'base64').toString('utf8');
  if (!text.startsWith(TOKEN_MARK)) throw s3Errors.badContinuationToken();
  return text.slice(TOKEN_MARK.length);
}

/** One listed object (§2.7): its Owner only where asked for (v2's FetchOwner) or always (v1). */
function contents(
  backend: S3Backend,
  bucket: Bucket,
  page: Page<string>,
  encode: (text: string) => string,
  owner: boolean,
) {
  return page.entries.map((key) => {
    const version = bucket.object(key)!;
    const checksum = version.checksum;
    return {
      Key: encode(key),
      LastModified: new Date(version.lastModified),
      ETag: version.etag,
      ...(checksum ? { ChecksumAlgorithm: [checksum.algorithm], ChecksumType: checksum.type } : {}),
      Size: version.body.length,
      ...(owner ? { Owner: { ID: backend.canonicalId } } : {}),
      StorageClass: version.storageClass,
    };
  });
}

type ListInput = Partial<ListObjectsRequest | ListObjectsV2Request | ListObjectVersionsRequest>;

/** What every listing reads of its input, and the page it makes. */
interface Listed<Entry> {
  readonly bucket: Bucket;
  readonly page: Page<Entry>;
  readonly encode: (text: string) => string;
  readonly prefix: string;
  readonly maxKeys: number;
}

/** Where a listing walks: the bucket's index of keys, where it starts, and what each key lists. */
interface Walk<Entry> {
  readonly index: KeyIndex;
  readonly after: string | undefined;
  readonly atAfter?: boolean;
  readonly expand: (key: string) => Iterable<Entry>;
}

function listed<Entry>(backend: S3Backend, input: ListInput, walk: (bucket: Bucket) => Walk<Entry>): Listed<Entry> {
  const bucket = backend.bucket(input.Bucket);
  const encode = encoder(input.EncodingType);
  const prefix = input.Prefix ?? '';
  const maxKeys = maxKeysOf(input.MaxKeys);
  const { index, after, atAfter, expand } = walk(bucket);
  const page = listPage(
    index,
    { prefix, delimiter: input.Delimiter || undefined, after, atAfter: atAfter === true, maxKeys },
    expand,
  );
  return { bucket, page, encode, prefix, maxKeys };
}

/** The listing of the objects of a bucket, ListObjectsV2's and ListObjects' (§2.7, §2.8). */
const objectsAfter =
  (after: string | undefined) =>
  (bucket: Bucket): Walk<string> => ({ index: bucket.keys, after, expand: itself });

/** The members every listing answers alike (§2.7, §2.8, §2.12). */
function pageMembers(
  { bucket, page, encode, prefix, maxKeys }: Listed<unknown>,
  input: ListInput,
): Record<string, unknown> {
  return {
    Name: bucket.name,
    Prefix: encode(prefix),
    ...(input.Delimiter ? { Delimiter: encode(input.Delimiter) } : {}),
    MaxKeys: maxKeys,
    ...(page.commonPrefixes.length > 0
      ? { CommonPrefixes: page.commonPrefixes.map((prefix) => ({ Prefix: encode(prefix) })) }
      : {}),
    ...(input.EncodingType !== undefined ? { EncodingType: input.EncodingType } : {}),
  };
}

/** The members both listings of objects answer alike (§2.7, §2.8). */
function common(backend: S3Backend, list: Listed<string>, input: ListInput, owner: boolean): Record<string, unknown> {
  const objects = contents(backend, list.bucket, list.page, list.encode, owner);
  return {
    ...(objects.length > 0 ? { Contents: objects } : {}),
    ...pageMembers(list, input),
  };
}

export function listObjectsV2(backend: S3Backend, input: Partial<ListObjectsV2Request>): object {
  // §2.7 [AWS-snap]: the token wins over StartAfter.
  const after = input.ContinuationToken !== undefined ? afterToken(input.ContinuationToken) : input.StartAfter;
  const list = listed(backend, input, objectsAfter(after));
  const { page, encode } = list;
  return {
    IsTruncated: page.truncated,
    ...common(backend, list, input, input.FetchOwner === true),
    KeyCount: page.entries.length + page.commonPrefixes.length,
    ...(input.ContinuationToken !== undefined ? { ContinuationToken: input.ContinuationToken } : {}),
    ...(page.truncated && page.last !== undefined ? { NextContinuationToken: tokenOf(page.last) } : {}),
    ...(input.StartAfter !== undefined ? { StartAfter: encode(input.StartAfter) } : {}),
  };
}

export function listObjects(backend: S3Backend, input: Partial<ListObjectsRequest>): object {
  const list = listed(backend, input, objectsAfter(input.Marker || undefined));
  const { page, encode } = list;
  return {
    IsTruncated: page.truncated,
    Marker: encode(input.Marker ?? ''),
    // §2.8 [AWS-snap]: NextMarker only with a delimiter.
    ...(page.truncated && input.Delimiter && page.last !== undefined ? { NextMarker: encode(page.last) } : {}),
    ...common(backend, list, input, true),
  };
}

/** One version or delete marker of ListObjectVersions (§2.12). */
function versionEntry(backend: S3Backend, bucket: Bucket, version: ObjectVersion, encode: (text: string) => string) {
  const common = {
    Key: encode(version.key),
    VersionId: version.versionId,
    IsLatest: bucket.current(version.key) === version,
    LastModified: new Date(version.lastModified),
    Owner: { ID: backend.canonicalId },
  };
  if (version.deleteMarker) return common;
  const checksum = version.checksum;
  return {
    ...common,
    ETag: version.etag,
    ...(checksum ? { ChecksumAlgorithm: [checksum.algorithm], ChecksumType: checksum.type } : {}),
    Size: version.body.length,
    StorageClass: version.storageClass,
  };
}

export function listObjectVersions(backend: S3Backend, input: Partial<ListObjectVersionsRequest>): object {
  const keyMarker = input.KeyMarker || undefined;
  const versionMarker = input.VersionIdMarker || undefined;
  // §2.12 [AWS-snap]
  if (versionMarker !== undefined && keyMarker === undefined) throw s3Errors.versionMarkerWithoutKey(versionMarker);
  const list = listed(backend, input, (bucket) => ({
    index: bucket.versionedKeys,
    after: keyMarker,
    atAfter: versionMarker !== undefined,
    expand: (key) => bucket.versionsAfter(key, key === keyMarker ? versionMarker : undefined),
  }));
  const { bucket, page, encode } = list;
  const versions = page.entries.filter((version) => !version.deleteMarker);
  const markers = page.entries.filter((version) => version.deleteMarker);
  const entries = (list: readonly ObjectVersion[]) =>
    list.map((version) => versionEntry(backend, bucket, version, encode));
  return {
    IsTruncated: page.truncated,
    KeyMarker: encode(input.KeyMarker ?? ''),
    VersionIdMarker: input.VersionIdMarker ?? '',
    ...(page.truncated && page.last !== undefined ? { NextKeyMarker: encode(page.last) } : {}),
    ...(page.truncated && page.lastEntry ? { NextVersionIdMarker: page.lastEntry.versionId } : {}),
    ...(versions.length > 0 ? { Versions: entries(versions) } : {}),
    ...(markers.length > 0 ? { DeleteMarkers: entries(markers) } : {}),
    ...pageMembers(list, input),
  };
}
