import type { DeliveryPort } from '../../core/delivery.js';
import { lazyServiceInstance } from '../../core/lazy-service.js';
import type { PolicyMode } from '../../core/policies/mode.js';
import type { ServiceContext } from '../../core/service-context.js';
import type { ServiceModule } from '../../core/service-module.js';
import { textOf } from '../../core/util/text.js';
import type { S3Internals } from './internals.js';
import { loadS3Part } from './load-part.js';
import { loadS3ResourceTypes } from './load-resource-types.js';
import { loadS3Wire } from './load-wire.js';
import { S3Mock } from './s3-mock.js';
import { S3_PRINCIPAL, S3_SDK } from './sdk.js';

/** createAwsMock's options that S3 reads. */
export interface S3Options {
  /**
   * `'enforce'`: a bucket's notification configuration is refused, and its deliveries are not made, where the queue,
   * topic or function does not allow s3.amazonaws.com, as on AWS (docs/aws-behaviour/s3.md §3.2). Shared with SQS,
   * SNS and EventBridge.
   */
  policies?: PolicyMode;
  /**
   * Milliseconds on the mock's clock between an S3 request and the delivery of its event notifications
   * (docs/aws-behaviour/s3.md §3.7). Default 0: they go out on the clock's next turn, never inside the request.
   */
  s3NotificationDelay?: number;
}

function notificationDelay(value: unknown): number {
  if (value === undefined) return 0;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new TypeError(`sqs-sns-mock: s3NotificationDelay is a number of ms, 0 or more, got ${textOf(value)}`);
  return value;
}

/** S3 as one service of the account (src/account/services.ts). */
export const s3Module = {
  key: 's3',
  arnService: 's3',
  // Its notifications' steps read `from bucket b`; nothing hands a message to a bucket.
  journey: { sourceNoun: 'bucket', recordsWhatItReceives: false, targetMembers: ['Bucket'] },
  sdk: S3_SDK,
  // A getter: the table loads with the backend, at the service's first call (load-part.ts), not with the account.
  get actions() {
    return loadS3Part().S3_ACTIONS;
  },
  // Read only when a test sets a fault on the service (src/core/faults), which then loads the part.
  get errors() {
    return loadS3Part().S3_ERRORS;
  },
  batchActions: [],
  // A bucket's notifications to a function (docs/aws-behaviour/s3.md §3.6); its policy decides under 'enforce'.
  lambdaTrigger: { principal: S3_PRINCIPAL, kind: 's3', via: 'bucketArn', policyChecked: true } as const,
  // Loaded at the account's first `aws.provision` (load-resource-types.ts), with the template engine.
  resourceTypes: () => loadS3ResourceTypes().S3_RESOURCE_TYPES,
  // How it travels over HTTP (load-wire.ts), read by the server's codecs.
  wire: () => loadS3Wire().S3_WIRE,
  create<Owner extends ServiceContext['account']>(
    { account, work, deliver, permits, policies, plugIn }: ServiceContext<Owner>,
    options: S3Options,
  ) {
    const delay = notificationDelay(options.s3NotificationDelay);
    const facade = new S3Mock(account, plugIn, work, { deliver, permits }, policies, delay);
    // Nothing delivers to a bucket: a message for one is refused, naming it.
    const port: DeliveryPort = {
      deliver: (arn) => ({ accepted: false, reason: `${arn} is an S3 bucket, which takes no deliveries` }),
    };
    return lazyServiceInstance(facade, port);
  },
} satisfies ServiceModule<'s3', 'S3', ServiceContext, S3Options, S3Mock, S3Internals, DeliveryPort>;
