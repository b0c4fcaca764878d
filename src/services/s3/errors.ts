import { errorOf, SHARED_MESSAGES, type AwsError, type ErrorIdentity } from '../../core/aws-error.js';

/**
 * Every S3 error the emulation answers, by the SDK's class name (by the code where the SDK has no class), with the
 * status and the default text AWS sends (docs/aws-behaviour/s3.md, section by section; §6.3 lists the statuses). The
 * elements an error document carries beyond `Code` and `Message` (`BucketName`, `Key`, ...) are its `fields`, in
 * AWS's order. To add an error: its entry here, and a factory below if the emulation raises it; texts are written only
 * here.
 */
export const S3_ERRORS = {
  NoSuchBucket: {
    shape: 'NoSuchBucket',
    code: 'NoSuchBucket',
    status: 404,
    message: 'The specified bucket does not exist',
  },
  NoSuchKey: { shape: 'NoSuchKey', code: 'NoSuchKey', status: 404, message: 'The specified key does not exist.' },
  NoSuchUpload: {
    shape: 'NoSuchUpload',
    code: 'NoSuchUpload',
    status: 404,
    message:
      'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or ' +
      'completed.',
  },
  NoSuchVersion: { code: 'NoSuchVersion', status: 404, message: 'The specified version does not exist.' },
  NoSuchBucketPolicy: { code: 'NoSuchBucketPolicy', status: 404, message: 'The bucket policy does not exist' },
  NoSuchTagSet: { code: 'NoSuchTagSet', status: 404, message: 'The TagSet does not exist' },
  // A HEAD request's errors have no body (§2.4, §5.2): the SDK names a 404 NotFound, anything else Unknown.
  NotFound: { shape: 'NotFound', code: 'NotFound', status: 404, message: 'UnknownError' },
  Unknown: { code: 'Unknown', status: 400, message: 'UnknownError' },
  BucketAlreadyExists: {
    shape: 'BucketAlreadyExists',
    code: 'BucketAlreadyExists',
    status: 409,
    message:
      'The requested bucket name is not available. The bucket namespace is shared by all users of the system. ' +
      'Please select a different name and try again.',
  },
  BucketAlreadyOwnedByYou: {
    shape: 'BucketAlreadyOwnedByYou',
    code: 'BucketAlreadyOwnedByYou',
    status: 409,
    message: 'Your previous request to create the named bucket succeeded and you already own it.',
  },
  BucketNotEmpty: { code: 'BucketNotEmpty', status: 409, message: 'The bucket you tried to delete is not empty' },
  InvalidBucketName: { code: 'InvalidBucketName', status: 400, message: 'The specified bucket is not valid.' },
  InvalidLocationConstraint: {
    code: 'InvalidLocationConstraint',
    status: 400,
    message: 'The specified location-constraint is not valid',
  },
  IllegalLocationConstraintException: {
    code: 'IllegalLocationConstraintException',
    status: 400,
    message:
      'The unspecified location constraint is incompatible for the region specific endpoint this request was sent to.',
  },
  IllegalVersioningConfigurationException: {
    code: 'IllegalVersioningConfigurationException',
    status: 400,
    message: 'The Versioning element must be specified',
  },
  InvalidArgument: { code: 'InvalidArgument', status: 400, message: 'Invalid Argument' },
  InvalidRequest: { shape: 'InvalidRequest', code: 'InvalidRequest', status: 400, message: 'Invalid Request' },
  InvalidRange: { code: 'InvalidRange', status: 416, message: 'The requested range is not satisfiable' },
  InvalidPartNumber: { code: 'InvalidPartNumber', status: 416, message: 'The requested partnumber is not satisfiable' },
  PreconditionFailed: {
    code: 'PreconditionFailed',
    status: 412,
    message: 'At least one of the pre-conditions you specified did not hold',
  },
  BadDigest: {
    code: 'BadDigest',
    status: 400,
    message: 'The Content-MD5 you specified did not match what we received.',
  },
  InvalidDigest: { code: 'InvalidDigest', status: 400, message: 'The Content-MD5 you specified was invalid.' },
  KeyTooLongError: { code: 'KeyTooLongError', status: 400, message: 'Your key is too long.' },
  MetadataTooLarge: {
    code: 'MetadataTooLarge',
    status: 400,
    message: 'Your metadata headers exceed the maximum allowed metadata size.',
  },
  EntityTooSmall: {
    code: 'EntityTooSmall',
    status: 400,
    message: 'Your proposed upload is smaller than the minimum allowed size',
  },
  EntityTooLarge: {
    code: 'EntityTooLarge',
    status: 400,
    message: 'Your proposed upload exceeds the maximum allowed size',
  },
  InvalidPart: {
    code: 'InvalidPart',
    status: 400,
    message:
      'One or more of the specified parts could not be found.  The part may not have been uploaded, or the ' +
      "specified entity tag may not match the part's entity tag.",
  },
  InvalidPartOrder: {
    code: 'InvalidPartOrder',
    status: 400,
    message: 'The list of parts was not in ascending order. Parts must be ordered by part number.',
  },
  MalformedPolicy: {
    code: 'MalformedPolicy',
    status: 400,
    message: "Policies must be valid JSON and the first byte must be '{'",
  },
  InvalidTag: { code: 'InvalidTag', status: 400, message: 'The TagValue you have provided is invalid' },
  MalformedXML: {
    code: 'MalformedXML',
    status: 400,
    message: 'The XML you provided was not well-formed or did not validate against our published schema',
  },
  IncompleteBody: {
    code: 'IncompleteBody',
    status: 400,
    message: 'You did not provide the number of bytes specified by the Content-Length HTTP header',
  },
  MethodNotAllowed: {
    code: 'MethodNotAllowed',
    status: 405,
    message: 'The specified method is not allowed against this resource.',
  },
  NotImplemented: {
    code: 'NotImplemented',
    status: 501,
    message: 'A header you provided implies functionality that is not implemented',
  },
  AccessDenied: { code: 'AccessDenied', status: 403, message: 'Access Denied' },
  AccessControlListNotSupported: {
    code: 'AccessControlListNotSupported',
    status: 400,
    message: 'The bucket does not allow ACLs',
  },
  InvalidBucketAclWithObjectOwnership: {
    code: 'InvalidBucketAclWithObjectOwnership',
    status: 400,
    message: "Bucket cannot have ACLs set with ObjectOwnership's BucketOwnerEnforced setting",
  },
  InvalidBucketAclWithBlockPublicAccessError: {
    code: 'InvalidBucketAclWithBlockPublicAccessError',
    status: 400,
    message: 'Bucket cannot have public ACLs set with BlockPublicAccess enabled',
  },
  OwnershipControlsNotFoundError: {
    code: 'OwnershipControlsNotFoundError',
    status: 404,
    message: 'The bucket ownership controls were not found',
  },
  NoSuchPublicAccessBlockConfiguration: {
    code: 'NoSuchPublicAccessBlockConfiguration',
    status: 404,
    message: 'The public access block configuration was not found',
  },
  MalformedACLError: {
    code: 'MalformedACLError',
    status: 400,
    message: 'The XML you provided was not well-formed or did not validate against our published schema',
  },
  MissingSecurityHeader: {
    code: 'MissingSecurityHeader',
    status: 400,
    message: 'Your request was missing a required header',
  },
  UnexpectedContent: { code: 'UnexpectedContent', status: 400, message: 'This request does not support content' },
  InternalError: { code: 'InternalError', status: 500, message: SHARED_MESSAGES.internal },
  SlowDown: { code: 'SlowDown', status: 503, message: 'Please reduce your request rate.' },
  ServiceUnavailable: { code: 'ServiceUnavailable', status: 503, message: SHARED_MESSAGES.unavailable },
} as const satisfies Readonly<Record<string, ErrorIdentity>>;

export type S3ErrorName = keyof typeof S3_ERRORS;

/** The error `name` with `message` and its document's extra elements, in AWS's order. */
export function s3Error(name: S3ErrorName, message?: string, fields: Readonly<Record<string, string>> = {}): AwsError {
  return errorOf(S3_ERRORS[name], message, fields);
}

/** `ArgumentName` / `ArgumentValue`, the elements of S3's InvalidArgument (§6.3). */
function invalidArgument(message: string, name: string, value: string | undefined): AwsError {
  return s3Error('InvalidArgument', message, {
    ArgumentName: name,
    ...(value !== undefined ? { ArgumentValue: value } : {}),
  });
}

/** The errors the emulation raises, in AWS's words (docs/aws-behaviour/s3.md, section by section). */
export const s3Errors = {
  // §1.3 [AWS-snap]
  noSuchBucket: (bucket: string) => s3Error('NoSuchBucket', undefined, { BucketName: bucket }),
  // §2.3 [AWS-snap]
  noSuchKey: (key: string) => s3Error('NoSuchKey', undefined, { Key: key }),
  // §1.4 [AWS-snap]
  noSuchVersion: (key: string, versionId: string) =>
    s3Error('NoSuchVersion', undefined, { Key: key, VersionId: versionId }),
  invalidVersionId: (versionId: string) => invalidArgument('Invalid version id specified', 'versionId', versionId),
  // §2.9 [AWS-snap]
  noSuchUpload: (uploadId: string) => s3Error('NoSuchUpload', undefined, { UploadId: uploadId }),
  // §2.4, §5.2: a HEAD request's error, which has no body.
  bodiless: (status: number) =>
    status === 404 ? s3Error('NotFound') : errorOf({ ...S3_ERRORS.Unknown, status }, undefined, undefined),
  // §1.1 [AWS-snap]
  invalidBucketName: (bucket: string) => s3Error('InvalidBucketName', undefined, { BucketName: bucket }),
  // §1.2 [AWS-snap]
  bucketOwnedByYou: (bucket: string) => s3Error('BucketAlreadyOwnedByYou', undefined, { BucketName: bucket }),
  invalidLocationConstraint: (constraint: string) =>
    s3Error('InvalidLocationConstraint', undefined, { LocationConstraint: constraint }),
  unspecifiedConstraint: () => s3Error('IllegalLocationConstraintException'),
  incompatibleConstraint: (constraint: string) =>
    s3Error(
      'IllegalLocationConstraintException',
      `The ${constraint} location constraint is incompatible for the region specific endpoint this request was ` +
        'sent to.',
    ),
  // §1.3 [AWS-snap]
  invalidRegion: (region: string) =>
    invalidArgument(`Argument value ${region} is not a valid AWS Region`, 'bucket-region', region),
  bucketNotEmpty: (bucket: string, versioned: boolean) =>
    s3Error(
      'BucketNotEmpty',
      versioned
        ? 'The bucket you tried to delete is not empty. You must delete all versions in the bucket.'
        : undefined,
      { BucketName: bucket },
    ),
  // §1.4 [AWS-snap]
  noVersioningStatus: () => s3Error('IllegalVersioningConfigurationException'),
  // §2.1 [D][3P]
  keyTooLong: () => s3Error('KeyTooLongError'),
  metadataTooLarge: () => s3Error('MetadataTooLarge'),
  entityTooLarge: () => s3Error('EntityTooLarge'),
  // §2.11 [AWS-snap]
  checksumMismatch: (algorithm: string) =>
    s3Error('BadDigest', `The ${algorithm} you specified did not match the calculated checksum.`),
  invalidChecksumHeader: (algorithm: string) =>
    s3Error('InvalidRequest', `Value for x-amz-checksum-${algorithm.toLowerCase()} header is invalid.`),
  multipleChecksums: () =>
    s3Error('InvalidRequest', 'Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.'),
  invalidDigest: (given: string) => s3Error('InvalidDigest', undefined, { 'Content-MD5': given }),
  badDigest: (expected: string, calculated: string) =>
    s3Error('BadDigest', undefined, { ExpectedDigest: expected, CalculatedDigest: calculated }),
  // §2.3 [AWS-snap]
  invalidRange: (requested: string, size: number) =>
    s3Error('InvalidRange', undefined, { RangeRequested: requested, ActualObjectSize: String(size) }),
  preconditionFailed: (condition: string) => s3Error('PreconditionFailed', undefined, { Condition: condition }),
  invalidPartNumber: (requested: number, count: number) =>
    s3Error('InvalidPartNumber', undefined, { PartNumberRequested: String(requested), ActualPartCount: String(count) }),
  rangeAndPartNumber: () =>
    s3Error('InvalidRequest', 'Cannot specify both Range header and partNumber query parameter'),
  // §2.2 [AWS-snap]
  conditionalWriteNotImplemented: (header: string) =>
    s3Error('NotImplemented', undefined, {
      Header: header,
      additionalMessage: "We don't accept the provided value of If-None-Match header for this API",
    }),
  // §2.6 [AWS-snap]
  invalidCopySource: () => invalidArgument('Invalid copy source object key', 'x-amz-copy-source', undefined),
  copyToItself: () =>
    s3Error(
      'InvalidRequest',
      "This copy request is illegal because it is trying to copy an object to itself without changing the object's " +
        'metadata, storage class, website redirect location or encryption attributes.',
    ),
  copyOfDeleteMarker: () =>
    s3Error(
      'InvalidRequest',
      'The source of a copy request may not specifically refer to a delete marker by version id.',
    ),
  // §1.4 [D]
  deleteMarkerMethod: () => s3Error('MethodNotAllowed', undefined, { Method: 'GET', ResourceType: 'DeleteMarker' }),
  // §2.7 [AWS-snap]
  badContinuationToken: () =>
    invalidArgument('The continuation token provided is incorrect', 'continuation-token', undefined),
  badEncodingType: (given: string) =>
    invalidArgument('Invalid Encoding Method specified in Request', 'encoding-type', given),
  // §2.12 [AWS-snap]
  versionMarkerWithoutKey: (given: string) =>
    invalidArgument('A version-id marker cannot be specified without a key marker.', 'version-id-marker', given),
  // §2.13 [AWS-snap]
  badCopyRange: (given: string) =>
    invalidArgument(
      'The x-amz-copy-source-range value must be of the form bytes=first-last where first and last are the ' +
        'zero-based offsets of the first and last bytes to copy',
      'x-amz-copy-source-range',
      given,
    ),
  copyRangePastEnd: (given: string, size: number) =>
    invalidArgument(
      `Range specified is not valid for source object of size: ${size}`,
      'x-amz-copy-source-range',
      given,
    ),
  copyRangeOutside: () => s3Error('InvalidRequest', 'The specified copy range is invalid for the source object size'),
  // §2.14 [3P] (elements: Emulation)
  badObjectAttribute: (given: string) =>
    invalidArgument('Invalid attribute name specified.', 'x-amz-object-attributes', given),
  // §2.9 [AWS-snap]
  badPartNumber: (given: string) =>
    invalidArgument('Part number must be an integer between 1 and 10000, inclusive', 'partNumber', given),
  noParts: () => s3Error('InvalidRequest', 'You must specify at least one part'),
  invalidPart: (uploadId: string, partNumber: number, etag: string) =>
    s3Error('InvalidPart', undefined, { UploadId: uploadId, PartNumber: String(partNumber), ETag: etag }),
  invalidPartOrder: (uploadId: string) => s3Error('InvalidPartOrder', undefined, { UploadId: uploadId }),
  partTooSmall: (size: number, partNumber: number, etag: string) =>
    s3Error('EntityTooSmall', undefined, {
      ProposedSize: String(size),
      MinSizeAllowed: '5242880',
      PartNumber: String(partNumber),
      ETag: etag,
    }),
  missingPartChecksum: (algorithm: string, partNumber: number) =>
    s3Error(
      'InvalidRequest',
      `The upload was created using a ${algorithm.toLowerCase()} checksum. The complete request must include the ` +
        `checksum for each part. It was missing for part ${partNumber} in the request.`,
    ),
  // §2.10 [AWS-snap]
  duplicateTagKey: (key: string) =>
    s3Error('InvalidTag', 'Cannot provide multiple Tags with the same key', { TagKey: key }),
  reservedTagKey: (key: string) => s3Error('InvalidTag', 'Your TagKey cannot be prefixed with aws:', { TagKey: key }),
  invalidTagKey: (key: string) => s3Error('InvalidTag', 'The TagKey you have provided is invalid', { TagKey: key }),
  invalidTagValue: (key: string, value: string) =>
    s3Error('InvalidTag', 'The TagValue you have provided is invalid', { TagKey: key, TagValue: value }),
  systemBucketTag: (key: string) =>
    s3Error('InvalidTag', 'System tags cannot be added/updated by requester', { TagKey: key }),
  tooManyTags: () => s3Error('InvalidTag', 'Object tags cannot be greater than 10'),
  noSuchTagSet: (bucket: string) => s3Error('NoSuchTagSet', undefined, { BucketName: bucket }),
  // §4.2 [AWS-snap]
  noSuchBucketPolicy: (bucket: string) => s3Error('NoSuchBucketPolicy', undefined, { BucketName: bucket }),
  policyNotJson: () => s3Error('MalformedPolicy'),
  policyWithoutStatement: () => s3Error('MalformedPolicy', 'Missing required field Statement'),
  // §3.1 [AWS-snap]
  malformedXml: () => s3Error('MalformedXML'),
  badFilterRuleName: (name: string) =>
    invalidArgument('filter rule name must be either prefix or suffix', 'FilterRule.Name', name),
  twoRules: (kind: 'prefix' | 'suffix') =>
    s3Error('InvalidArgument', `Cannot specify more than one ${kind} rule in a filter.`, {
      ArgumentName: 'FilterRule.Name',
      ArgumentValue: kind,
    }),
  unsupportedEvent: (event: string) => invalidArgument('The event is not supported for notifications', 'Event', event),
  overlapping: () =>
    s3Error(
      'InvalidArgument',
      'Configuration is ambiguously defined. Cannot have overlapping suffixes in two rules if the prefixes are ' +
        'overlapping for the same event type.',
    ),
  // §3.2 [AWS-snap]
  unparsableArn: (element: string, value: string) => invalidArgument('The ARN could not be parsed', element, value),
  destinationsInvalid: (failures: readonly { readonly name: string; readonly value: string }[]) =>
    s3Error(
      'InvalidArgument',
      'Unable to validate the following destination configurations',
      Object.fromEntries(
        failures.flatMap(({ name, value }, index) => [
          [`ArgumentName${index + 1}`, name],
          [`ArgumentValue${index + 1}`, value],
        ]),
      ),
    ),
  // §1.5 [AWS-snap]
  invalidCannedAcl: (given: string) =>
    s3Error('InvalidArgument', '', { ArgumentName: 'x-amz-acl', ArgumentValue: given }),
  aclArgumentFormat: (header: string, given: string) =>
    invalidArgument('Argument format not recognized', header, given),
  aclInvalidId: (name: string, given: string) => invalidArgument('Invalid id', name, given),
  aclInvalidGroup: (name: string, given: string) => invalidArgument('Invalid group uri', name, given),
  malformedAcl: () => s3Error('MalformedACLError'),
  cannedAndGrants: () => s3Error('InvalidRequest', 'Specifying both Canned ACLs and Header Grants is not allowed'),
  unexpectedContent: () => s3Error('UnexpectedContent'),
  missingAcl: () => s3Error('MissingSecurityHeader', undefined, { MissingHeaderName: 'x-amz-acl' }),
  ownershipControlsNotFound: (bucket: string) =>
    s3Error('OwnershipControlsNotFoundError', undefined, { BucketName: bucket }),
  noSuchPublicAccessBlock: (bucket: string) =>
    s3Error('NoSuchPublicAccessBlockConfiguration', undefined, { BucketName: bucket }),
  invalidObjectOwnership: (given: string) =>
    s3Error('InvalidArgument', `Invalid x-amz-object-ownership header: ${given}`, {
      ArgumentName: 'x-amz-object-ownership',
    }),
  // §1.5 [Docs][3P, quoting AWS]
  aclNotSupported: () => s3Error('AccessControlListNotSupported'),
  aclWithObjectOwnership: () => s3Error('InvalidBucketAclWithObjectOwnership'),
  publicAclBlocked: () => s3Error('InvalidBucketAclWithBlockPublicAccessError'),
  publicAclDenied: () => s3Error('AccessDenied'),
  putAclOnDeleteMarker: () => s3Error('MethodNotAllowed', undefined, { Method: 'PUT', ResourceType: 'DeleteMarker' }),
  // §6.2 (text UNVERIFIED)
  incompleteBody: () => s3Error('IncompleteBody'),
  // §5.6 [AWS-snap]
  requestExpired: (expires: string, serverTime: string, seconds: string | undefined) =>
    s3Error('AccessDenied', 'Request has expired', {
      ...(seconds !== undefined ? { 'X-Amz-Expires': seconds } : {}),
      Expires: expires,
      ServerTime: serverTime,
    }),
};
