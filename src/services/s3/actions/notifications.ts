/**
 * Put/GetBucketNotificationConfiguration (docs/aws-behaviour/s3.md §3.1, §3.2): the configuration checked, its
 * destinations validated unless skipped (each must exist and, under `policies: 'enforce'`, allow S3 to deliver), then
 * stored whole, and a test event sent to each queue and topic.
 */
import type {
  GetBucketNotificationConfigurationRequest,
  PutBucketNotificationConfigurationRequest,
} from '@aws-sdk/client-s3';
import type { DeliverySender } from '../../../core/delivery.js';
import type { RequestContext } from '../../../core/request-context.js';
import type { Bucket } from '../bucket.js';
import { s3Errors } from '../errors.js';
import { configurationOutput, parseConfiguration, type NotificationTarget } from '../notifications/configuration.js';
import type { S3Backend } from '../s3-backend.js';
import { hostIdOf, S3_PRINCIPAL } from '../sdk.js';

/** What S3 says of a destination it cannot validate (§3.2 [AWS-snap] for queues and functions, [3P] for topics). */
function failure(backend: S3Backend, bucket: Bucket, target: NotificationTarget) {
  const sender: DeliverySender = {
    principal: S3_PRINCIPAL,
    authority: 'resourcePolicy',
    sourceArn: bucket.arn,
    sourceAccount: backend.accountId,
    senderId: S3_PRINCIPAL,
  };
  const permission = backend.seam.permits(target.arn, sender);
  if (permission.allowed || (!permission.missing && backend.policies !== 'enforce')) return undefined;
  switch (target.kind) {
    case 'function':
      return { name: `${target.arn}, null`, value: `Not authorized to invoke function [${target.arn}]` };
    case 'queue':
      return {
        name: target.arn,
        value: permission.missing
          ? 'The destination queue does not exist'
          : 'Permissions on the destination queue do not allow S3 to publish notifications from this bucket',
      };
    case 'topic':
      return {
        name: target.arn,
        value: permission.missing
          ? 'The destination topic does not exist'
          : 'Permissions on the destination topic do not allow S3 to publish notifications from this bucket',
      };
  }
}

export function putBucketNotificationConfiguration(
  backend: S3Backend,
  input: Partial<PutBucketNotificationConfigurationRequest>,
  request: RequestContext,
): object {
  const bucket = backend.bucket(input.Bucket);
  const notifications = parseConfiguration(input.NotificationConfiguration, () => backend.ids.uuid());
  if (input.SkipDestinationValidation !== true) {
    const failures = notifications.targets.flatMap((target) => failure(backend, bucket, target) ?? []);
    if (failures.length > 0) throw s3Errors.destinationsInvalid(failures);
  }
  bucket.notifications = notifications;
  backend.notifier.testEvent(bucket, notifications.targets, request.requestId, hostIdOf(request.requestId));
  return {};
}

export function getBucketNotificationConfiguration(
  backend: S3Backend,
  input: Partial<GetBucketNotificationConfigurationRequest>,
): object {
  return configurationOutput(backend.bucket(input.Bucket).notifications);
}
