/**
 * S3 on the wire: REST-XML (docs/aws-behaviour/s3.md §6), as data for the server's codec (src/server/rest-xml.ts).
 * Each route says how the SDK's serializer writes an operation: its method, whether the path names a bucket or an
 * object, the query keys and header that select it, and where each member travels. Routes are tried in order, so an
 * operation selected by a sub-resource comes before the plain one on the same path.
 */
import { constants } from 'node:buffer';
import type { RestXmlRoute, WireBinding, XmlList, XmlMember, XmlShape, XmlStruct } from '../../core/wire/binding.js';
import { s3Errors } from './errors.js';
import { hostIdOf } from './sdk.js';

const struct = (members: Readonly<Record<string, XmlMember>>): XmlStruct => ({ kind: 'struct', members });
const flat = (member: XmlShape): XmlList => ({ kind: 'list', member, flat: true });
const wrapped = (member: XmlShape, item: string): XmlList => ({ kind: 'list', member, flat: false, item });
const named = (element: string, shape: XmlShape): XmlMember => ({ element, shape });

const CHECKSUMS = ['CRC32', 'CRC32C', 'CRC64NVME', 'SHA1', 'SHA256'] as const;
/** `x-amz-checksum-crc32` → `ChecksumCRC32`, ... */
const CHECKSUM_HEADERS = Object.fromEntries(
  CHECKSUMS.map((algorithm) => [`x-amz-checksum-${algorithm.toLowerCase()}`, `Checksum${algorithm}`]),
);
const CHECKSUM_MEMBERS = Object.fromEntries(CHECKSUMS.map((algorithm) => [`Checksum${algorithm}`, 'string' as const]));

/** The headers of an object's stored attributes, both ways (§2.2, §2.3). */
const OBJECT_HEADERS = {
  'cache-control': 'CacheControl',
  'content-disposition': 'ContentDisposition',
  'content-encoding': 'ContentEncoding',
  'content-language': 'ContentLanguage',
  'content-type': 'ContentType',
  expires: 'Expires',
  'x-amz-storage-class': 'StorageClass',
  'x-amz-website-redirect-location': 'WebsiteRedirectLocation',
  'x-amz-server-side-encryption': 'ServerSideEncryption',
};

const WRITE_HEADERS = {
  ...OBJECT_HEADERS,
  ...CHECKSUM_HEADERS,
  'content-md5': 'ContentMD5',
  'x-amz-sdk-checksum-algorithm': 'ChecksumAlgorithm',
  'x-amz-tagging': 'Tagging',
};

const READ_HEADERS = {
  'if-match': 'IfMatch',
  'if-none-match': 'IfNoneMatch',
  'if-modified-since': 'IfModifiedSince',
  'if-unmodified-since': 'IfUnmodifiedSince',
  range: 'Range',
  'x-amz-checksum-mode': 'ChecksumMode',
};

const READ_QUERY = {
  versionId: 'VersionId',
  partNumber: 'PartNumber',
  'response-cache-control': 'ResponseCacheControl',
  'response-content-disposition': 'ResponseContentDisposition',
  'response-content-encoding': 'ResponseContentEncoding',
  'response-content-language': 'ResponseContentLanguage',
  'response-content-type': 'ResponseContentType',
  'response-expires': 'ResponseExpires',
};

/** What GetObject and HeadObject answer as headers. */
const OBJECT_OUTPUT_HEADERS = {
  ...OBJECT_HEADERS,
  ...CHECKSUM_HEADERS,
  expires: 'ExpiresString',
  'x-amz-checksum-type': 'ChecksumType',
  'accept-ranges': 'AcceptRanges',
  'last-modified': 'LastModified',
  'content-length': 'ContentLength',
  'content-range': 'ContentRange',
  etag: 'ETag',
  'x-amz-version-id': 'VersionId',
  'x-amz-delete-marker': 'DeleteMarker',
  'x-amz-tagging-count': 'TagCount',
  'x-amz-mp-parts-count': 'PartsCount',
};

const WRITE_OUTPUT_HEADERS = {
  ...CHECKSUM_HEADERS,
  etag: 'ETag',
  'x-amz-checksum-type': 'ChecksumType',
  'x-amz-server-side-encryption': 'ServerSideEncryption',
  'x-amz-version-id': 'VersionId',
};

/** The ACL a write may set (§1.5): a canned ACL or grants, as headers. */
const ACL_HEADERS = {
  'x-amz-acl': 'ACL',
  'x-amz-grant-full-control': 'GrantFullControl',
  'x-amz-grant-read': 'GrantRead',
  'x-amz-grant-read-acp': 'GrantReadACP',
  'x-amz-grant-write-acp': 'GrantWriteACP',
};
const BUCKET_ACL_HEADERS = { ...ACL_HEADERS, 'x-amz-grant-write': 'GrantWrite' };

const OWNER = struct({ ID: 'string', DisplayName: 'string' });
/** An ACL's document (§1.5): its grantee's Type is the `xsi:type` attribute. */
const ACCESS_CONTROL_POLICY = struct({
  Grants: named(
    'AccessControlList',
    wrapped(
      struct({
        Grantee: struct({
          DisplayName: 'string',
          EmailAddress: 'string',
          ID: 'string',
          URI: 'string',
          Type: { attribute: 'xsi:type', namespace: 'http://www.w3.org/2001/XMLSchema-instance' },
        }),
        Permission: 'string',
      }),
      'Grant',
    ),
  ),
  Owner: OWNER,
});
const OWNERSHIP_CONTROLS = struct({ Rules: named('Rule', flat(struct({ ObjectOwnership: 'string' }))) });
const PUBLIC_ACCESS_BLOCK = struct({
  BlockPublicAcls: 'boolean',
  IgnorePublicAcls: 'boolean',
  BlockPublicPolicy: 'boolean',
  RestrictPublicBuckets: 'boolean',
});
const TAGGING = struct({ TagSet: wrapped(struct({ Key: 'string', Value: 'string' }), 'Tag') });
const FILTER = struct({
  Key: named('S3Key', struct({ FilterRules: named('FilterRule', flat(struct({ Name: 'string', Value: 'string' }))) })),
});
const notificationEntry = (arnMember: string, element: string): XmlStruct =>
  struct({
    Id: 'string',
    [arnMember]: named(element, 'string'),
    Events: named('Event', flat('string')),
    Filter: FILTER,
  });
const NOTIFICATION = struct({
  TopicConfigurations: named('TopicConfiguration', flat(notificationEntry('TopicArn', 'Topic'))),
  QueueConfigurations: named('QueueConfiguration', flat(notificationEntry('QueueArn', 'Queue'))),
  LambdaFunctionConfigurations: named(
    'CloudFunctionConfiguration',
    flat(notificationEntry('LambdaFunctionArn', 'CloudFunction')),
  ),
  EventBridgeConfiguration: struct({}),
});
const LISTED_OBJECT = struct({
  Key: 'string',
  LastModified: 'timestamp',
  ETag: 'string',
  ChecksumAlgorithm: flat('string'),
  ChecksumType: 'string',
  Size: 'integer',
  Owner: OWNER,
  StorageClass: 'string',
});
/** GetObjectAttributes' answer (§2.14), in the model's order, which S3's own follows [AWS-test]. */
const OBJECT_ATTRIBUTES = struct({
  ETag: 'string',
  Checksum: struct({ ...CHECKSUM_MEMBERS, ChecksumType: 'string' }),
  ObjectParts: struct({
    TotalPartsCount: named('PartsCount', 'integer'),
    PartNumberMarker: 'string',
    NextPartNumberMarker: 'string',
    MaxParts: 'integer',
    IsTruncated: 'boolean',
    Parts: named('Part', flat(struct({ PartNumber: 'integer', Size: 'integer', ...CHECKSUM_MEMBERS }))),
  }),
  StorageClass: 'string',
  ObjectSize: 'integer',
});
const COMMON_PREFIXES = flat(struct({ Prefix: 'string' }));
const LISTED_VERSION = { Key: 'string', VersionId: 'string', IsLatest: 'boolean', LastModified: 'timestamp' } as const;
/** The source a copy reads and its conditions (§2.6, §2.13). */
const COPY_SOURCE_HEADERS = {
  'x-amz-copy-source': 'CopySource',
  'x-amz-copy-source-if-match': 'CopySourceIfMatch',
  'x-amz-copy-source-if-none-match': 'CopySourceIfNoneMatch',
  'x-amz-copy-source-if-modified-since': 'CopySourceIfModifiedSince',
  'x-amz-copy-source-if-unmodified-since': 'CopySourceIfUnmodifiedSince',
};

const ROUTES: readonly RestXmlRoute[] = [
  {
    action: 'ListBuckets',
    method: 'GET',
    on: 'service',
    query: {
      'max-buckets': 'MaxBuckets',
      'continuation-token': 'ContinuationToken',
      prefix: 'Prefix',
      'bucket-region': 'BucketRegion',
    },
    output: {
      xml: {
        root: 'ListAllMyBucketsResult',
        shape: struct({
          Buckets: wrapped(
            struct({ Name: 'string', CreationDate: 'timestamp', BucketRegion: 'string', BucketArn: 'string' }),
            'Bucket',
          ),
          Owner: OWNER,
          ContinuationToken: 'string',
          Prefix: 'string',
        }),
      },
    },
  },
  // Bucket sub-resources.
  {
    action: 'GetBucketLocation',
    method: 'GET',
    on: 'bucket',
    select: ['location'],
    output: { xml: { root: 'LocationConstraint', member: 'LocationConstraint', shape: struct({}) } },
  },
  {
    action: 'PutBucketVersioning',
    method: 'PUT',
    on: 'bucket',
    select: ['versioning'],
    body: {
      xml: 'VersioningConfiguration',
      member: 'VersioningConfiguration',
      shape: struct({ Status: 'string', MFADelete: 'string' }),
    },
  },
  {
    action: 'GetBucketVersioning',
    method: 'GET',
    on: 'bucket',
    select: ['versioning'],
    output: { xml: { root: 'VersioningConfiguration', shape: struct({ Status: 'string', MFADelete: 'string' }) } },
  },
  {
    action: 'PutBucketNotificationConfiguration',
    method: 'PUT',
    on: 'bucket',
    select: ['notification'],
    headers: { 'x-amz-skip-destination-validation': 'SkipDestinationValidation' },
    body: { xml: 'NotificationConfiguration', member: 'NotificationConfiguration', shape: NOTIFICATION },
  },
  {
    action: 'GetBucketNotificationConfiguration',
    method: 'GET',
    on: 'bucket',
    select: ['notification'],
    output: { xml: { root: 'NotificationConfiguration', shape: NOTIFICATION } },
  },
  { action: 'PutBucketPolicy', method: 'PUT', on: 'bucket', select: ['policy'], body: { payload: 'Policy' } },
  { action: 'GetBucketPolicy', method: 'GET', on: 'bucket', select: ['policy'], output: { payload: 'Policy' } },
  { action: 'DeleteBucketPolicy', method: 'DELETE', on: 'bucket', select: ['policy'] },
  {
    action: 'PutBucketTagging',
    method: 'PUT',
    on: 'bucket',
    select: ['tagging'],
    body: { xml: 'Tagging', member: 'Tagging', shape: TAGGING },
  },
  {
    action: 'GetBucketTagging',
    method: 'GET',
    on: 'bucket',
    select: ['tagging'],
    output: { xml: { root: 'Tagging', shape: TAGGING } },
  },
  { action: 'DeleteBucketTagging', method: 'DELETE', on: 'bucket', select: ['tagging'] },
  {
    action: 'PutBucketAcl',
    method: 'PUT',
    on: 'bucket',
    select: ['acl'],
    headers: BUCKET_ACL_HEADERS,
    body: { xml: 'AccessControlPolicy', member: 'AccessControlPolicy', shape: ACCESS_CONTROL_POLICY },
  },
  {
    action: 'GetBucketAcl',
    method: 'GET',
    on: 'bucket',
    select: ['acl'],
    output: { xml: { root: 'AccessControlPolicy', shape: ACCESS_CONTROL_POLICY } },
  },
  {
    action: 'PutBucketOwnershipControls',
    method: 'PUT',
    on: 'bucket',
    select: ['ownershipControls'],
    body: { xml: 'OwnershipControls', member: 'OwnershipControls', shape: OWNERSHIP_CONTROLS },
  },
  {
    action: 'GetBucketOwnershipControls',
    method: 'GET',
    on: 'bucket',
    select: ['ownershipControls'],
    output: { xml: { root: 'OwnershipControls', member: 'OwnershipControls', shape: OWNERSHIP_CONTROLS } },
  },
  { action: 'DeleteBucketOwnershipControls', method: 'DELETE', on: 'bucket', select: ['ownershipControls'] },
  {
    action: 'PutPublicAccessBlock',
    method: 'PUT',
    on: 'bucket',
    select: ['publicAccessBlock'],
    body: {
      xml: 'PublicAccessBlockConfiguration',
      member: 'PublicAccessBlockConfiguration',
      shape: PUBLIC_ACCESS_BLOCK,
    },
  },
  {
    action: 'GetPublicAccessBlock',
    method: 'GET',
    on: 'bucket',
    select: ['publicAccessBlock'],
    output: {
      xml: {
        root: 'PublicAccessBlockConfiguration',
        member: 'PublicAccessBlockConfiguration',
        shape: PUBLIC_ACCESS_BLOCK,
      },
    },
  },
  { action: 'DeletePublicAccessBlock', method: 'DELETE', on: 'bucket', select: ['publicAccessBlock'] },
  {
    action: 'DeleteObjects',
    method: 'POST',
    on: 'bucket',
    select: ['delete'],
    body: {
      xml: 'Delete',
      member: 'Delete',
      shape: struct({
        Objects: named('Object', flat(struct({ Key: 'string', VersionId: 'string' }))),
        Quiet: 'boolean',
      }),
    },
    output: {
      xml: {
        root: 'DeleteResult',
        shape: struct({
          Deleted: flat(
            struct({ Key: 'string', VersionId: 'string', DeleteMarker: 'boolean', DeleteMarkerVersionId: 'string' }),
          ),
          Errors: named(
            'Error',
            flat(struct({ Key: 'string', VersionId: 'string', Code: 'string', Message: 'string' })),
          ),
        }),
      },
    },
  },
  {
    action: 'ListMultipartUploads',
    method: 'GET',
    on: 'bucket',
    select: ['uploads'],
    query: {
      prefix: 'Prefix',
      delimiter: 'Delimiter',
      'key-marker': 'KeyMarker',
      'upload-id-marker': 'UploadIdMarker',
      'max-uploads': 'MaxUploads',
      'encoding-type': 'EncodingType',
    },
    output: {
      xml: {
        root: 'ListMultipartUploadsResult',
        shape: struct({
          Bucket: 'string',
          KeyMarker: 'string',
          UploadIdMarker: 'string',
          Prefix: 'string',
          MaxUploads: 'integer',
          IsTruncated: 'boolean',
          Uploads: named(
            'Upload',
            flat(
              struct({
                UploadId: 'string',
                Key: 'string',
                Initiated: 'timestamp',
                StorageClass: 'string',
                Owner: OWNER,
                Initiator: OWNER,
                ChecksumAlgorithm: 'string',
                ChecksumType: 'string',
              }),
            ),
          ),
        }),
      },
    },
  },
  {
    action: 'ListObjectVersions',
    method: 'GET',
    on: 'bucket',
    select: ['versions'],
    query: {
      prefix: 'Prefix',
      delimiter: 'Delimiter',
      'key-marker': 'KeyMarker',
      'version-id-marker': 'VersionIdMarker',
      'max-keys': 'MaxKeys',
      'encoding-type': 'EncodingType',
    },
    output: {
      xml: {
        root: 'ListVersionsResult',
        shape: struct({
          IsTruncated: 'boolean',
          KeyMarker: 'string',
          VersionIdMarker: 'string',
          NextKeyMarker: 'string',
          NextVersionIdMarker: 'string',
          Versions: named(
            'Version',
            flat(
              struct({
                ...LISTED_VERSION,
                ETag: 'string',
                Size: 'integer',
                StorageClass: 'string',
                Owner: OWNER,
                ChecksumAlgorithm: flat('string'),
                ChecksumType: 'string',
              }),
            ),
          ),
          DeleteMarkers: named('DeleteMarker', flat(struct({ ...LISTED_VERSION, Owner: OWNER }))),
          Name: 'string',
          Prefix: 'string',
          Delimiter: 'string',
          MaxKeys: 'integer',
          CommonPrefixes: COMMON_PREFIXES,
          EncodingType: 'string',
        }),
      },
    },
  },
  {
    action: 'ListObjectsV2',
    method: 'GET',
    on: 'bucket',
    select: ['list-type=2'],
    query: {
      prefix: 'Prefix',
      delimiter: 'Delimiter',
      'max-keys': 'MaxKeys',
      'continuation-token': 'ContinuationToken',
      'start-after': 'StartAfter',
      'encoding-type': 'EncodingType',
      'fetch-owner': 'FetchOwner',
    },
    output: {
      xml: {
        root: 'ListBucketResult',
        shape: struct({
          Name: 'string',
          Prefix: 'string',
          Delimiter: 'string',
          MaxKeys: 'integer',
          EncodingType: 'string',
          KeyCount: 'integer',
          IsTruncated: 'boolean',
          ContinuationToken: 'string',
          NextContinuationToken: 'string',
          StartAfter: 'string',
          Contents: flat(LISTED_OBJECT),
          CommonPrefixes: COMMON_PREFIXES,
        }),
      },
    },
  },
  {
    action: 'HeadBucket',
    method: 'HEAD',
    on: 'bucket',
    output: {
      headers: {
        'x-amz-bucket-region': 'BucketRegion',
        'x-amz-bucket-arn': 'BucketArn',
        'x-amz-access-point-alias': 'AccessPointAlias',
      },
    },
  },
  {
    action: 'CreateBucket',
    method: 'PUT',
    on: 'bucket',
    headers: { ...BUCKET_ACL_HEADERS, 'x-amz-object-ownership': 'ObjectOwnership' },
    body: {
      xml: 'CreateBucketConfiguration',
      member: 'CreateBucketConfiguration',
      shape: struct({
        LocationConstraint: 'string',
        Tags: wrapped(struct({ Key: 'string', Value: 'string' }), 'Tag'),
      }),
    },
    output: { headers: { location: 'Location', 'x-amz-bucket-arn': 'BucketArn' } },
  },
  { action: 'DeleteBucket', method: 'DELETE', on: 'bucket' },
  {
    action: 'ListObjects',
    method: 'GET',
    on: 'bucket',
    query: {
      prefix: 'Prefix',
      delimiter: 'Delimiter',
      'max-keys': 'MaxKeys',
      marker: 'Marker',
      'encoding-type': 'EncodingType',
    },
    output: {
      xml: {
        root: 'ListBucketResult',
        shape: struct({
          Name: 'string',
          Prefix: 'string',
          Marker: 'string',
          NextMarker: 'string',
          Delimiter: 'string',
          MaxKeys: 'integer',
          EncodingType: 'string',
          IsTruncated: 'boolean',
          Contents: flat(LISTED_OBJECT),
          CommonPrefixes: COMMON_PREFIXES,
        }),
      },
    },
  },
  // Object sub-resources.
  {
    action: 'CreateMultipartUpload',
    method: 'POST',
    on: 'object',
    select: ['uploads'],
    headers: {
      ...OBJECT_HEADERS,
      ...ACL_HEADERS,
      'x-amz-tagging': 'Tagging',
      'x-amz-checksum-algorithm': 'ChecksumAlgorithm',
      'x-amz-checksum-type': 'ChecksumType',
    },
    output: {
      headers: {
        'x-amz-server-side-encryption': 'ServerSideEncryption',
        'x-amz-checksum-algorithm': 'ChecksumAlgorithm',
        'x-amz-checksum-type': 'ChecksumType',
      },
      xml: {
        root: 'InitiateMultipartUploadResult',
        shape: struct({ Bucket: 'string', Key: 'string', UploadId: 'string' }),
      },
    },
  },
  {
    action: 'UploadPartCopy',
    method: 'PUT',
    on: 'object',
    select: ['partNumber', 'uploadId'],
    header: 'x-amz-copy-source',
    query: { partNumber: 'PartNumber', uploadId: 'UploadId' },
    headers: { ...COPY_SOURCE_HEADERS, 'x-amz-copy-source-range': 'CopySourceRange' },
    output: {
      headers: {
        'x-amz-copy-source-version-id': 'CopySourceVersionId',
        'x-amz-server-side-encryption': 'ServerSideEncryption',
      },
      xml: {
        root: 'CopyPartResult',
        member: 'CopyPartResult',
        shape: struct({ ETag: 'string', LastModified: 'timestamp', ...CHECKSUM_MEMBERS }),
      },
    },
  },
  {
    action: 'UploadPart',
    method: 'PUT',
    on: 'object',
    select: ['partNumber', 'uploadId'],
    query: { partNumber: 'PartNumber', uploadId: 'UploadId' },
    headers: WRITE_HEADERS,
    body: { payload: 'Body' },
    output: { headers: WRITE_OUTPUT_HEADERS },
  },
  {
    action: 'CompleteMultipartUpload',
    method: 'POST',
    on: 'object',
    select: ['uploadId'],
    query: { uploadId: 'UploadId' },
    headers: CHECKSUM_HEADERS,
    body: {
      xml: 'CompleteMultipartUpload',
      member: 'MultipartUpload',
      shape: struct({
        Parts: named('Part', flat(struct({ PartNumber: 'integer', ETag: 'string', ...CHECKSUM_MEMBERS }))),
      }),
    },
    output: {
      headers: { 'x-amz-server-side-encryption': 'ServerSideEncryption', 'x-amz-version-id': 'VersionId' },
      xml: {
        root: 'CompleteMultipartUploadResult',
        shape: struct({
          Location: 'string',
          Bucket: 'string',
          Key: 'string',
          ETag: 'string',
          ...CHECKSUM_MEMBERS,
          ChecksumType: 'string',
        }),
      },
    },
  },
  {
    action: 'AbortMultipartUpload',
    method: 'DELETE',
    on: 'object',
    select: ['uploadId'],
    query: { uploadId: 'UploadId' },
  },
  {
    action: 'ListParts',
    method: 'GET',
    on: 'object',
    select: ['uploadId'],
    query: { uploadId: 'UploadId', 'max-parts': 'MaxParts', 'part-number-marker': 'PartNumberMarker' },
    output: {
      xml: {
        root: 'ListPartsResult',
        shape: struct({
          Bucket: 'string',
          Key: 'string',
          UploadId: 'string',
          PartNumberMarker: 'string',
          NextPartNumberMarker: 'string',
          MaxParts: 'integer',
          IsTruncated: 'boolean',
          Parts: named(
            'Part',
            flat(
              struct({
                PartNumber: 'integer',
                LastModified: 'timestamp',
                ETag: 'string',
                Size: 'integer',
                ...CHECKSUM_MEMBERS,
              }),
            ),
          ),
          Initiator: OWNER,
          Owner: OWNER,
          StorageClass: 'string',
          ChecksumAlgorithm: 'string',
          ChecksumType: 'string',
        }),
      },
    },
  },
  {
    action: 'PutObjectAcl',
    method: 'PUT',
    on: 'object',
    select: ['acl'],
    query: { versionId: 'VersionId' },
    headers: ACL_HEADERS,
    body: { xml: 'AccessControlPolicy', member: 'AccessControlPolicy', shape: ACCESS_CONTROL_POLICY },
  },
  {
    action: 'GetObjectAcl',
    method: 'GET',
    on: 'object',
    select: ['acl'],
    query: { versionId: 'VersionId' },
    output: { xml: { root: 'AccessControlPolicy', shape: ACCESS_CONTROL_POLICY } },
  },
  {
    action: 'GetObjectAttributes',
    method: 'GET',
    on: 'object',
    select: ['attributes'],
    query: { versionId: 'VersionId' },
    headers: {
      'x-amz-object-attributes': 'ObjectAttributes',
      'x-amz-max-parts': 'MaxParts',
      'x-amz-part-number-marker': 'PartNumberMarker',
    },
    output: {
      headers: {
        'x-amz-delete-marker': 'DeleteMarker',
        'last-modified': 'LastModified',
        'x-amz-version-id': 'VersionId',
      },
      xml: { root: 'GetObjectAttributesResponse', shape: OBJECT_ATTRIBUTES },
    },
  },
  {
    action: 'PutObjectTagging',
    method: 'PUT',
    on: 'object',
    select: ['tagging'],
    query: { versionId: 'VersionId' },
    body: { xml: 'Tagging', member: 'Tagging', shape: TAGGING },
    output: { headers: { 'x-amz-version-id': 'VersionId' } },
  },
  {
    action: 'GetObjectTagging',
    method: 'GET',
    on: 'object',
    select: ['tagging'],
    query: { versionId: 'VersionId' },
    output: { headers: { 'x-amz-version-id': 'VersionId' }, xml: { root: 'Tagging', shape: TAGGING } },
  },
  {
    action: 'DeleteObjectTagging',
    method: 'DELETE',
    on: 'object',
    select: ['tagging'],
    query: { versionId: 'VersionId' },
    output: { headers: { 'x-amz-version-id': 'VersionId' } },
  },
  // Objects.
  {
    action: 'CopyObject',
    method: 'PUT',
    on: 'object',
    header: 'x-amz-copy-source',
    headers: {
      ...OBJECT_HEADERS,
      ...COPY_SOURCE_HEADERS,
      ...ACL_HEADERS,
      'x-amz-metadata-directive': 'MetadataDirective',
      'x-amz-tagging-directive': 'TaggingDirective',
      'x-amz-tagging': 'Tagging',
      'x-amz-checksum-algorithm': 'ChecksumAlgorithm',
    },
    output: {
      headers: {
        'x-amz-copy-source-version-id': 'CopySourceVersionId',
        'x-amz-version-id': 'VersionId',
        'x-amz-server-side-encryption': 'ServerSideEncryption',
      },
      xml: {
        root: 'CopyObjectResult',
        member: 'CopyObjectResult',
        shape: struct({
          ETag: 'string',
          LastModified: 'timestamp',
          ChecksumType: 'string',
          ...CHECKSUM_MEMBERS,
        }),
      },
    },
  },
  {
    action: 'PutObject',
    method: 'PUT',
    on: 'object',
    headers: { ...WRITE_HEADERS, ...ACL_HEADERS, 'if-match': 'IfMatch', 'if-none-match': 'IfNoneMatch' },
    body: { payload: 'Body' },
    output: { headers: WRITE_OUTPUT_HEADERS },
  },
  {
    action: 'GetObject',
    method: 'GET',
    on: 'object',
    query: READ_QUERY,
    headers: READ_HEADERS,
    output: { headers: OBJECT_OUTPUT_HEADERS, payload: 'Body' },
  },
  {
    action: 'HeadObject',
    method: 'HEAD',
    on: 'object',
    query: READ_QUERY,
    headers: READ_HEADERS,
    output: { headers: OBJECT_OUTPUT_HEADERS },
  },
  {
    action: 'DeleteObject',
    method: 'DELETE',
    on: 'object',
    query: { versionId: 'VersionId' },
    output: { headers: { 'x-amz-delete-marker': 'DeleteMarker', 'x-amz-version-id': 'VersionId' } },
  },
];

/** Every sub-resource key of S3's REST API [Model]: what selects an operation other than the path's plain one. */
const SUBRESOURCES = [
  'accelerate',
  'acl',
  'analytics',
  'attributes',
  'cors',
  'delete',
  'encryption',
  'intelligent-tiering',
  'inventory',
  'legal-hold',
  'lifecycle',
  'location',
  'logging',
  'metadataConfiguration',
  'metadataTable',
  'metrics',
  'notification',
  'object-lock',
  'ownershipControls',
  'policy',
  'policyStatus',
  'publicAccessBlock',
  'renameObject',
  'replication',
  'requestPayment',
  'restore',
  'retention',
  'select',
  'session',
  'tagging',
  'torrent',
  'uploadId',
  'uploads',
  'versioning',
  'versions',
  'website',
  'list-type',
];

/**
 * One PutObject or UploadPart carries at most 5 GiB (docs/aws-behaviour/s3.md §2.1), with room for an aws-chunked
 * body's framing; a Node Buffer holds no more than its own limit.
 */
const MAX_BODY_BYTES = Math.min(5 * 1024 ** 3 + 1024 ** 2, constants.MAX_LENGTH);

export const S3_WIRE: WireBinding = {
  restXml: {
    routes: ROUTES,
    maxBodyBytes: MAX_BODY_BYTES,
    subresources: SUBRESOURCES,
    hostId: hostIdOf,
    errors: {
      malformedXml: s3Errors.malformedXml,
      incompleteBody: s3Errors.incompleteBody,
      expired: s3Errors.requestExpired,
    },
    signingName: 's3',
    namespace: 'http://s3.amazonaws.com/doc/2006-03-01/',
    headerMaps: { 'x-amz-meta-': 'Metadata' },
    scalars: {
      MaxKeys: 'integer',
      MaxBuckets: 'integer',
      MaxUploads: 'integer',
      MaxParts: 'integer',
      PartNumber: 'integer',
      FetchOwner: 'boolean',
      SkipDestinationValidation: 'boolean',
      IfModifiedSince: 'http-date',
      IfUnmodifiedSince: 'http-date',
      CopySourceIfModifiedSince: 'http-date',
      CopySourceIfUnmodifiedSince: 'http-date',
      Expires: 'http-date',
      ResponseExpires: 'http-date',
      LastModified: 'http-date',
      ContentLength: 'integer',
      TagCount: 'integer',
      PartsCount: 'integer',
      DeleteMarker: 'boolean',
      AccessPointAlias: 'boolean',
    },
  },
};
