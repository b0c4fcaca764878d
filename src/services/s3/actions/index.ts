import {
  deleteBucketOwnershipControls,
  deletePublicAccessBlock,
  getBucketAcl,
  getBucketOwnershipControls,
  getObjectAcl,
  getPublicAccessBlock,
  putBucketAcl,
  putBucketOwnershipControls,
  putObjectAcl,
  putPublicAccessBlock,
} from './acl.js';
import { handlersOf, type ActionSpec, type ActionTable } from '../../../core/action-registry.js';
import type { S3Backend } from '../s3-backend.js';
import {
  createBucket,
  deleteBucket,
  deleteBucketPolicy,
  deleteBucketTagging,
  getBucketLocation,
  getBucketPolicy,
  getBucketTagging,
  getBucketVersioning,
  headBucket,
  listBuckets,
  putBucketPolicy,
  putBucketTagging,
  putBucketVersioning,
} from './buckets.js';
import { getObjectAttributes } from './attributes.js';
import { copyObject, uploadPartCopy } from './copy.js';
import { listObjects, listObjectsV2, listObjectVersions } from './list.js';
import {
  abortMultipartUpload,
  completeMultipartUpload,
  createMultipartUpload,
  listMultipartUploads,
  listParts,
  uploadPart,
} from './multipart.js';
import { getBucketNotificationConfiguration, putBucketNotificationConfiguration } from './notifications.js';
import { deleteObject, deleteObjects, getObject, headObject, putObject } from './objects.js';
import { deleteObjectTagging, getObjectTagging, putObjectTagging } from './tagging.js';

/**
 * The S3 actions the emulation answers, by the SDK's operation name; any other command of S3Client answers a
 * NotEmulatedError (docs/aws-behaviour/s3.md §7 lists what is left out). To add an action: one entry here, and its
 * route in wire.ts.
 */
export const S3_ACTIONS = {
  CreateBucket: { handler: createBucket },
  HeadBucket: { handler: headBucket },
  ListBuckets: { handler: listBuckets },
  DeleteBucket: { handler: deleteBucket },
  GetBucketLocation: { handler: getBucketLocation },
  PutBucketVersioning: { handler: putBucketVersioning },
  GetBucketVersioning: { handler: getBucketVersioning },
  PutBucketPolicy: { handler: putBucketPolicy },
  GetBucketPolicy: { handler: getBucketPolicy },
  DeleteBucketPolicy: { handler: deleteBucketPolicy },
  PutBucketTagging: { handler: putBucketTagging },
  GetBucketTagging: { handler: getBucketTagging },
  DeleteBucketTagging: { handler: deleteBucketTagging },
  PutBucketNotificationConfiguration: { handler: putBucketNotificationConfiguration },
  GetBucketNotificationConfiguration: { handler: getBucketNotificationConfiguration },
  PutBucketOwnershipControls: { handler: putBucketOwnershipControls },
  GetBucketOwnershipControls: { handler: getBucketOwnershipControls },
  DeleteBucketOwnershipControls: { handler: deleteBucketOwnershipControls },
  PutPublicAccessBlock: { handler: putPublicAccessBlock },
  GetPublicAccessBlock: { handler: getPublicAccessBlock },
  DeletePublicAccessBlock: { handler: deletePublicAccessBlock },
  PutBucketAcl: { handler: putBucketAcl },
  GetBucketAcl: { handler: getBucketAcl },
  PutObjectAcl: { handler: putObjectAcl },
  GetObjectAcl: { handler: getObjectAcl },
  PutObject: { handler: putObject },
  GetObject: { handler: getObject },
  HeadObject: { handler: headObject },
  GetObjectAttributes: { handler: getObjectAttributes },
  DeleteObject: { handler: deleteObject },
  DeleteObjects: { handler: deleteObjects },
  CopyObject: { handler: copyObject },
  ListObjectsV2: { handler: listObjectsV2 },
  ListObjects: { handler: listObjects },
  ListObjectVersions: { handler: listObjectVersions },
  CreateMultipartUpload: { handler: createMultipartUpload },
  UploadPart: { handler: uploadPart },
  UploadPartCopy: { handler: uploadPartCopy },
  CompleteMultipartUpload: { handler: completeMultipartUpload },
  AbortMultipartUpload: { handler: abortMultipartUpload },
  ListParts: { handler: listParts },
  ListMultipartUploads: { handler: listMultipartUploads },
  PutObjectTagging: { handler: putObjectTagging },
  GetObjectTagging: { handler: getObjectTagging },
  DeleteObjectTagging: { handler: deleteObjectTagging },
} as const satisfies ActionTable<ActionSpec<S3Backend>>;

/** The handlers by action name, as the plugin's dispatch looks them up. */
export const s3Actions = handlersOf<S3Backend>(S3_ACTIONS);
