import type { ResourceType } from '../../../core/provisioning/resource-type.js';
import type { WithS3 } from '../internals.js';
import { s3Bucket } from './bucket.js';
import { s3BucketPolicy } from './bucket-policy.js';
import { s3AutoDeleteObjects, s3BucketNotifications } from './cdk-notifications.js';

/**
 * S3's CloudFormation resource types (docs/aws-behaviour/s3.md §4), by type name, with CDK's custom resources that
 * the emulation applies natively (docs/aws-behaviour/templates.md §4.1).
 */
export const S3_RESOURCE_TYPES: Readonly<Record<string, ResourceType<WithS3>>> = {
  'AWS::S3::Bucket': s3Bucket,
  'AWS::S3::BucketPolicy': s3BucketPolicy,
  'Custom::S3BucketNotifications': s3BucketNotifications,
  'Custom::S3AutoDeleteObjects': s3AutoDeleteObjects,
};
