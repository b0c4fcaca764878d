import type { OperationErrors } from '../../core/sdk-errors.js';

/**
 * The errors the S3 model lists for the operations the emulation answers (docs/aws-behaviour/s3.md §5.2): the
 * generated deserializers of the SDKs before schemas build these classes for them only, and S3ServiceException
 * named by the code for every other error. Read in `@aws-sdk/client-s3` 3.347.1 (each operation's error switch) and
 * in the model of 3.1178.0; PutObject's four came with classes of their own, so an SDK without them lists none.
 */
export const S3_OPERATION_ERRORS: OperationErrors = {
  AbortMultipartUpload: ['NoSuchUpload'],
  CopyObject: ['ObjectNotInActiveTierError'],
  CreateBucket: ['BucketAlreadyExists', 'BucketAlreadyOwnedByYou'],
  GetObject: ['InvalidObjectState', 'NoSuchKey'],
  GetObjectAcl: ['NoSuchKey'],
  GetObjectAttributes: ['NoSuchKey'],
  HeadBucket: ['NotFound'],
  HeadObject: ['NotFound'],
  ListObjects: ['NoSuchBucket'],
  ListObjectsV2: ['NoSuchBucket'],
  PutObject: ['EncryptionTypeMismatch', 'InvalidRequest', 'InvalidWriteOffset', 'TooManyParts'],
  PutObjectAcl: ['NoSuchKey'],
};
