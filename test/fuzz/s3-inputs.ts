import fc from 'fast-check';
import { ABSENT, asGen, list, oddString, oversizeString, record, type Gen } from './values.js';

/**
 * Generated inputs of the S3 commands (issue 35), from the members of their `*CommandInput`, written out by hand as
 * for the other services. Valid values name the world's bucket, keys and queue, so that runs also succeed and build
 * up objects, versions, uploads and notifications for later calls to trip over. The bad values are S3's own: keys of
 * every Unicode class and of 1,024 bytes and one more, odd bucket names, ranges, conditions, checksums, version ids,
 * filters and ARNs. The members keep their types: S3's REST-XML has no type check on the service's side, the SDK's
 * serializer writes any value of a path, header or query as text, and what it makes of other types is the SDK's own
 * business (docs/aws-behaviour/s3.md §5.1), not the emulation's.
 */

/** A member: mostly `valid`, sometimes left out, sometimes one of `bad`; never of another type. */
function field(
  valid: fc.Arbitrary<unknown> | Gen,
  bad?: fc.Arbitrary<unknown>,
  weights: { absent?: number } = {},
): Gen {
  const { clean, messy } = asGen(valid);
  const arbitraries: fc.WeightedArbitrary<unknown>[] = [
    { weight: 8, arbitrary: messy },
    { weight: weights.absent ?? 2, arbitrary: fc.constant(ABSENT) },
  ];
  if (bad) arbitraries.push({ weight: 3, arbitrary: bad });
  return { clean, messy: fc.oneof(...arbitraries) };
}

/** A member that is usually left out. */
function optional(valid: fc.Arbitrary<unknown> | Gen, bad?: fc.Arbitrary<unknown>): Gen {
  const { clean, messy } = field(valid, bad, { absent: 8 });
  return { clean: fc.oneof({ weight: 1, arbitrary: clean }, { weight: 2, arbitrary: fc.constant(ABSENT) }), messy };
}

export const BUCKET = 'fuzz-bucket';
export const QUEUE_ARN = 'arn:aws:sqs:us-east-1:000000000000:q';

/** Bucket names, valid and not; never with a `/`, which the SDK itself refuses before the plugin. */
const bucket = field(
  fc.constantFrom(BUCKET, BUCKET, 'other-bucket'),
  fc.oneof(
    fc.constantFrom('ab', 'Bad_Name', 'a..b', '10.0.0.1', 'x'.repeat(64), 'xn--abc', 'end-'),
    oddString.map((s) => s.replace(/\//g, '') || 'a'),
  ),
  { absent: 0 },
);

const keyText = fc.oneof(
  fc.constantFrom(
    'k',
    'a/b.json',
    'dir/',
    'dir//x',
    'a b+c%2F',
    '😀/é',
    '\u0000',
    'é'.repeat(512),
    'x'.repeat(1024),
    'x'.repeat(1025),
  ),
  oddString.filter((s) => s.length > 0),
);
const key = field(keyText, oversizeString, { absent: 0 });

const body = field(
  fc.oneof(
    fc.constantFrom('', 'something', 'x'.repeat(5000)),
    fc.uint8Array({ maxLength: 64 }),
    oddString,
    fc.constant(new Blob(['blob body'])),
  ),
  undefined,
  { absent: 1 },
);

const etag = fc.constantFrom(
  '"437b930db84b8079c2dd804a71936b5f"',
  '437b930db84b8079c2dd804a71936b5f',
  '*',
  '"nope"',
  '',
);
const date = fc.constantFrom(new Date(0), new Date(Date.UTC(2030, 0, 1)), new Date(Date.UTC(2025, 0, 1)));
const versionId = fc.constantFrom('null', 'HPniJFCxqTsMuIH9KX8K8wEjNUgmABCD', 'garbage', '');
const checksum = fc.constantFrom('rfPzYw==', 'AAAAAA==', 'nope', '', 'x'.repeat(60));
const tagging = fc.constantFrom('a=1&b=2', 'aws:x=1', 'a=1&a=2', '', '=', `${'k'.repeat(129)}=v`, 'a');
/** User metadata: odd names and values, and more than 2 KB of them; text only, as headers carry it. */
const metadata = fc.dictionary(
  fc.constantFrom('Owner', 'TEST_META', 'x-y', 'é'),
  fc.oneof(oddString, fc.constant('v'.repeat(2100)), fc.constant('plain')),
  { maxKeys: 3 },
);
const storageClass = fc.constantFrom('STANDARD', 'STANDARD_IA', 'GLACIER', 'NOPE');

const tagSet = list(
  record({
    Key: field(fc.constantFrom('a', 'b', 'aws:x', '', 'k'.repeat(129)), oddString),
    Value: field(fc.constantFrom('1', '', 'v'.repeat(257)), oddString),
  }).clean,
  { maxLength: 11 },
);

const filterRule = record({
  Name: field(fc.constantFrom('prefix', 'suffix', 'Prefix', 'SUFFIX', 'middle'), oddString),
  Value: field(fc.constantFrom('in/', '.json', ''), oddString),
});
const notificationEntry = (arnMember: string, arns: fc.Arbitrary<string>) =>
  record({
    Id: optional(fc.constantFrom('a', 'b', ''), oddString),
    [arnMember]: field(arns, oddString, { absent: 1 }),
    Events: list(
      fc.constantFrom(
        's3:ObjectCreated:*',
        's3:ObjectRemoved:Delete',
        's3:ObjectTagging:*',
        's3:Nope',
        'ObjectCreated:Put',
      ),
      {
        maxLength: 3,
      },
    ),
    Filter: optional(fc.record({ Key: fc.record({ FilterRules: fc.array(filterRule.clean, { maxLength: 3 }) }) })),
  });
const notificationConfiguration = record({
  QueueConfigurations: optional(
    fc.array(
      notificationEntry(
        'QueueArn',
        fc.constantFrom(QUEUE_ARN, 'arn:aws:sqs:us-east-1:000000000000:missing', 'not-an-arn'),
      ).clean,
      {
        maxLength: 3,
      },
    ),
  ),
  TopicConfigurations: optional(
    fc.array(notificationEntry('TopicArn', fc.constantFrom('arn:aws:sns:us-east-1:000000000000:t')).clean, {
      maxLength: 2,
    }),
  ),
  LambdaFunctionConfigurations: optional(
    fc.array(
      notificationEntry('LambdaFunctionArn', fc.constantFrom('arn:aws:lambda:us-east-1:000000000000:function:f')).clean,
      {
        maxLength: 2,
      },
    ),
  ),
  EventBridgeConfiguration: optional(fc.constant({})),
});

/** `x-amz-copy-source` of CopyObject and UploadPartCopy (docs/aws-behaviour/s3.md §2.6). */
const copySource = field(
  fc.constantFrom(`${BUCKET}/k`, `${BUCKET}/a%2Fb.json`, `/${BUCKET}/k?versionId=null`, BUCKET, 'nope/k', '%E0'),
  oddString,
);

/** A canned ACL, valid and not (docs/aws-behaviour/s3.md §1.5). */
const cannedAcl = optional(
  fc.constantFrom('private', 'public-read', 'bucket-owner-full-control', 'log-delivery-write'),
  fc.constantFrom('fake-acl', ''),
);
/** A grant header's value: a group, an id, a format S3 does not know. */
const grant = optional(
  fc.constantFrom(
    'uri="http://acs.amazonaws.com/groups/global/AllUsers"',
    'uri="http://acs.amazonaws.com/groups/s3/LogDelivery"',
  ),
  fc.constantFrom('id="wrong-id"', 'fakekey="1"', 'uri="http://acs.amazonaws.com/groups/s3/FakeGroup"', ''),
);
const ACL_MEMBERS = { ACL: cannedAcl, GrantRead: grant, GrantFullControl: grant };
const ownershipRule = fc.constantFrom('BucketOwnerEnforced', 'BucketOwnerPreferred', 'ObjectWriter', 'RandomValue', '');

/** The part an UploadPart or UploadPartCopy names. */
const PART = {
  Bucket: bucket,
  Key: key,
  UploadId: field(fc.constantFrom('missing', '')),
  PartNumber: field(fc.constantFrom(1, 2, 0, 10001)),
};

export const s3Inputs: Readonly<Record<string, fc.Arbitrary<Record<string, unknown>>>> = {
  CreateBucket: record({
    Bucket: bucket,
    ObjectOwnership: optional(ownershipRule),
    ...ACL_MEMBERS,
  }).input,
  PutBucketOwnershipControls: record({
    Bucket: bucket,
    OwnershipControls: field(
      fc.record({ Rules: fc.array(fc.record({ ObjectOwnership: ownershipRule }), { maxLength: 2 }) }),
    ),
  }).input,
  PutPublicAccessBlock: record({
    Bucket: bucket,
    PublicAccessBlockConfiguration: field(
      fc.record({
        BlockPublicAcls: fc.option(fc.boolean(), { nil: undefined }),
        IgnorePublicAcls: fc.option(fc.boolean(), { nil: undefined }),
      }),
    ),
  }).input,
  PutBucketAcl: record({ Bucket: bucket, ...ACL_MEMBERS }).input,
  GetBucketAcl: record({ Bucket: bucket }).input,
  PutObjectAcl: record({ Bucket: bucket, Key: key, ...ACL_MEMBERS }).input,
  GetObjectAcl: record({ Bucket: bucket, Key: key }).input,
  PutObject: record({
    Bucket: bucket,
    Key: key,
    Body: body,
    ContentType: optional(fc.constantFrom('text/plain', 'application/json', ''), oddString),
    Metadata: optional(metadata),
    Tagging: optional(tagging),
    StorageClass: optional(storageClass),
    ChecksumCRC32: optional(checksum),
    ChecksumSHA256: optional(fc.constantFrom('n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=', 'nope')),
    ContentMD5: optional(fc.constantFrom('Q3uTDbhLgHnC3YBJoZNrXw==', 'abc', '')),
    IfNoneMatch: optional(fc.constantFrom('*', '"x"')),
    IfMatch: optional(etag),
    ...ACL_MEMBERS,
  }).input,
  GetObject: record({
    Bucket: bucket,
    Key: key,
    Range: optional(
      fc.constantFrom(
        'bytes=0-3',
        'bytes=-2',
        'bytes=5-',
        'bytes=100-200',
        'bytes=-0',
        'bytes=3-1',
        '0-1',
        'bytes=0-1,3-4',
      ),
    ),
    IfMatch: optional(etag),
    IfNoneMatch: optional(etag),
    IfModifiedSince: optional(date),
    IfUnmodifiedSince: optional(date),
    VersionId: optional(versionId),
    PartNumber: optional(fc.constantFrom(1, 2, 0, 10001)),
    ResponseContentType: optional(fc.constantFrom('text/html')),
  }).input,
  HeadObject: record({
    Bucket: bucket,
    Key: key,
    Range: optional(fc.constantFrom('bytes=0-3', 'bytes=100-200')),
    IfMatch: optional(etag),
    VersionId: optional(versionId),
  }).input,
  GetObjectAttributes: record({
    Bucket: bucket,
    Key: key,
    VersionId: optional(versionId),
    ObjectAttributes: field(
      fc.subarray(['ETag', 'Checksum', 'ObjectParts', 'StorageClass', 'ObjectSize']),
      fc.constantFrom([], ['etag'], ['ETag', 'Nope'], ['ETag,Checksum']),
      { absent: 1 },
    ),
    MaxParts: optional(fc.constantFrom(0, 1, 2, 1000, -1)),
    PartNumberMarker: optional(fc.constantFrom('0', '1', '2', '10001', 'x')),
  }).input,
  DeleteObject: record({ Bucket: bucket, Key: key, VersionId: optional(versionId) }).input,
  DeleteObjects: record({
    Bucket: bucket,
    Delete: field(
      fc.record({
        Objects: fc.array(fc.record({ Key: keyText, VersionId: fc.option(versionId, { nil: undefined }) }), {
          maxLength: 4,
        }),
        Quiet: fc.option(fc.boolean(), { nil: undefined }),
      }),
    ),
  }).input,
  CopyObject: record({
    Bucket: bucket,
    Key: key,
    CopySource: copySource,
    CopySourceIfMatch: optional(etag),
    CopySourceIfNoneMatch: optional(etag),
    CopySourceIfModifiedSince: optional(date),
    MetadataDirective: optional(fc.constantFrom('COPY', 'REPLACE')),
    TaggingDirective: optional(fc.constantFrom('COPY', 'REPLACE')),
    Tagging: optional(tagging),
    StorageClass: optional(storageClass),
  }).input,
  ListObjectsV2: record({
    Bucket: bucket,
    Prefix: optional(keyText),
    Delimiter: optional(fc.constantFrom('/', '', '😀', 'x')),
    MaxKeys: optional(fc.constantFrom(0, 1, 2, 1000, 5000, -1)),
    StartAfter: optional(keyText),
    ContinuationToken: optional(fc.constantFrom('garbage', '')),
    EncodingType: optional(fc.constantFrom('url', 'base64')),
    FetchOwner: optional(fc.boolean()),
  }).input,
  ListObjectVersions: record({
    Bucket: bucket,
    Prefix: optional(keyText),
    Delimiter: optional(fc.constantFrom('/', '', 'x')),
    KeyMarker: optional(keyText),
    VersionIdMarker: optional(versionId),
    MaxKeys: optional(fc.constantFrom(0, 1, 2, 1000, 5000, -1)),
    EncodingType: optional(fc.constantFrom('url', 'base64')),
  }).input,
  ListObjects: record({
    Bucket: bucket,
    Prefix: optional(keyText),
    Delimiter: optional(fc.constantFrom('/', '')),
    Marker: optional(keyText),
    MaxKeys: optional(fc.constantFrom(0, 1, 3)),
  }).input,
  PutObjectTagging: record({
    Bucket: bucket,
    Key: key,
    Tagging: field(fc.record({ TagSet: tagSet.messy as fc.Arbitrary<never> })),
  }).input,
  DeleteObjectTagging: record({ Bucket: bucket, Key: key }).input,
  PutBucketVersioning: record({
    Bucket: bucket,
    VersioningConfiguration: field(
      fc.record({ Status: fc.option(fc.constantFrom('Enabled', 'Suspended', 'Nope'), { nil: undefined }) }),
    ),
  }).input,
  PutBucketNotificationConfiguration: record({
    Bucket: bucket,
    NotificationConfiguration: field(notificationConfiguration.input),
    SkipDestinationValidation: optional(fc.boolean()),
  }).input,
  CreateMultipartUpload: record({
    Bucket: bucket,
    Key: key,
    ChecksumAlgorithm: optional(fc.constantFrom('CRC32', 'SHA256', 'CRC64NVME')),
  }).input,
  UploadPart: record({
    ...PART,
    Body: body,
  }).input,
  UploadPartCopy: record({
    ...PART,
    CopySource: copySource,
    CopySourceRange: optional(fc.constantFrom('bytes=0-0', 'bytes=0-100000', 'bytes=5-1', 'bytes=1-', '0-1')),
    CopySourceIfMatch: optional(etag),
    CopySourceIfUnmodifiedSince: optional(date),
  }).input,
};
