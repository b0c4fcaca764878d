/**
 * GetObjectAttributes (docs/aws-behaviour/s3.md §2.14): what HeadObject and ListParts tell of an object, only the
 * attributes asked for, without its body.
 */
import type { GetObjectAttributesRequest } from '@aws-sdk/client-s3';
import { s3Errors } from '../errors.js';
import { NULL_VERSION, type ObjectVersion } from '../object.js';
import type { S3Backend } from '../s3-backend.js';
import { versionOutput } from './objects.js';
import { versionToRead } from './read.js';

const ATTRIBUTES = ['ETag', 'Checksum', 'ObjectParts', 'StorageClass', 'ObjectSize'] as const;
type Attribute = (typeof ATTRIBUTES)[number];

/**
 * The attributes asked for: a list from the SDK, or the `x-amz-object-attributes` header's text over the wire, its
 * names comma-separated, with or without spaces (§2.14 [AWS-snap]). None, or a name S3 does not know (names are
 * case-sensitive), is InvalidArgument.
 */
function attributesAsked(given: unknown): ReadonlySet<Attribute> {
  const names = (Array.isArray(given) ? given : typeof given === 'string' ? [given] : [])
    .flatMap((item: unknown) => String(item).split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) throw s3Errors.badObjectAttribute('');
  const unknown = names.find((name) => !(ATTRIBUTES as readonly string[]).includes(name));
  if (unknown !== undefined) throw s3Errors.badObjectAttribute(unknown);
  return new Set(names as Attribute[]);
}

/** §2.14 [AWS-snap]: the stored checksum; a COMPOSITE one without the `-<parts>` its Complete answered. */
function checksumOf(version: ObjectVersion): object | undefined {
  const checksum = version.checksum;
  if (checksum === undefined) return undefined;
  const value = checksum.type === 'COMPOSITE' ? checksum.value.replace(/-\d+$/, '') : checksum.value;
  return { [`Checksum${checksum.algorithm}`]: value, ChecksumType: checksum.type };
}

/**
 * §2.14 [AWS-snap]: a single-part object has none; a multipart one its part count, and, only when its checksum is
 * COMPOSITE, a page of its parts with their checksums, paged as ListParts pages (§2.9).
 */
function partsOf(version: ObjectVersion, input: Partial<GetObjectAttributesRequest>): object | undefined {
  const sizes = version.partSizes;
  if (sizes === undefined) return undefined;
  const composite = version.compositeParts;
  if (composite === undefined) return { TotalPartsCount: sizes.length };
  const marker = Number(input.PartNumberMarker ?? 0) || 0;
  const max = input.MaxParts ?? 1000;
  const after = composite
    .map((part, index) => ({ ...part, size: sizes[index]! }))
    .filter((part) => part.partNumber > marker);
  const page = after.slice(0, Math.max(0, max));
  const algorithm = version.checksum!.algorithm;
  return {
    TotalPartsCount: sizes.length,
    PartNumberMarker: String(marker),
    ...(page.length > 0 ? { NextPartNumberMarker: String(page[page.length - 1]!.partNumber) } : {}),
    MaxParts: max,
    IsTruncated: after.length > page.length,
    ...(page.length > 0
      ? {
          Parts: page.map((part) => ({
            PartNumber: part.partNumber,
            Size: part.size,
            [`Checksum${algorithm}`]: part.checksum,
          })),
        }
      : {}),
  };
}

/** The version asked for, as GetObject finds it (§2.3, §1.4); a delete marker by its id is MethodNotAllowed. */
function versionAsked(backend: S3Backend, input: Partial<GetObjectAttributesRequest>): ObjectVersion {
  const bucket = backend.bucket(input.Bucket);
  if (input.VersionId !== undefined && bucket.versioning === 'Unversioned' && input.VersionId !== NULL_VERSION)
    throw s3Errors.invalidVersionId(input.VersionId);
  const version = versionToRead(bucket, input.Key ?? '', input.VersionId);
  if (version.deleteMarker) throw s3Errors.deleteMarkerMethod();
  return version;
}

export function getObjectAttributes(backend: S3Backend, input: Partial<GetObjectAttributesRequest>): object {
  const asked = attributesAsked(input.ObjectAttributes);
  const version = versionAsked(backend, input);
  const out: Record<string, unknown> = {
    LastModified: new Date(version.lastModified),
    ...versionOutput(version.versionId),
  };
  // §2.14 [AWS-snap]: the ETag without the quotes every other answer gives it.
  if (asked.has('ETag')) out['ETag'] = version.etag.slice(1, -1);
  const checksum = asked.has('Checksum') ? checksumOf(version) : undefined;
  if (checksum !== undefined) out['Checksum'] = checksum;
  const parts = asked.has('ObjectParts') ? partsOf(version, input) : undefined;
  if (parts !== undefined) out['ObjectParts'] = parts;
  if (asked.has('StorageClass')) out['StorageClass'] = version.storageClass;
  if (asked.has('ObjectSize')) out['ObjectSize'] = version.body.length;
  return out;
}
