import type { NotificationConfiguration } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import type {
  CreatedResource,
  ProvisionContext,
  ResourceRequest,
  ResourceType,
} from '../../../core/provisioning/resource-type.js';
import { resourceFailed } from '../../../core/provisioning/calls.js';
import { configurationOutput } from '../notifications/configuration.js';
import type { WithS3 } from '../internals.js';
import { putNotifications } from './bucket.js';

type Json = Record<string, unknown>;

/** CloudFormation hands a custom resource its booleans as text (docs/aws-behaviour/s3.md §4.3). */
const truthy = (value: unknown) => value === true || value === 'true';

const KINDS = ['TopicConfigurations', 'QueueConfigurations', 'LambdaFunctionConfigurations'] as const;

/**
 * CDK's `Custom::S3BucketNotifications` (docs/aws-behaviour/s3.md §4.3), applied natively, as its handler does: a
 * managed one puts exactly its configuration; an unmanaged one (an imported bucket) keeps the configurations it did not
 * make, adds its own with ids `<stack>-<hash>`, and keeps an EventBridge setting already there. Taking it back puts
 * the bucket's configuration as it was.
 */
export const s3BucketNotifications: ResourceType<WithS3> = {
  create(request: ResourceRequest, context: ProvisionContext<WithS3>): CreatedResource {
    const properties = request.properties as Json;
    const name = properties['BucketName'];
    if (typeof name !== 'string') throw resourceFailed(request, 'BucketName is required', 'BucketName');
    const backend = context.internals.s3.backend;
    const bucket = backend.find(name);
    const before = bucket ? configurationOutput(bucket.notifications) : {};
    const incoming = (properties['NotificationConfiguration'] ?? {}) as NotificationConfiguration;
    const wanted = truthy(properties['Managed']) ? incoming : merged(before, incoming, `${context.stackName}-`);
    putNotifications(request, context, name, wanted, truthy(properties['SkipDestinationValidation']));
    return {
      ref: `${context.stackName}-${request.logicalId}`,
      attributes: {},
      undo: () => {
        if (backend.find(name)) putNotifications(request, context, name, before, true);
      },
    };
  },
};

/** The unmanaged handler's merge: the bucket's own configurations, then the stack's, each with a stable id. */
function merged(existing: NotificationConfiguration, incoming: NotificationConfiguration, prefix: string) {
  const out: Json = {};
  for (const kind of KINDS) {
    const kept = ((existing[kind] ?? []) as unknown as Json[]).filter(
      (entry) => !String(entry['Id'] ?? '').startsWith(prefix),
    );
    const added = ((incoming[kind] ?? []) as unknown as Json[]).map((entry) => ({
      ...entry,
      Id: `${prefix}${createHash('md5').update(JSON.stringify(entry)).digest('hex')}`,
    }));
    if (kept.length + added.length > 0) out[kind] = [...kept, ...added];
  }
  if (existing.EventBridgeConfiguration !== undefined || incoming.EventBridgeConfiguration !== undefined)
    out['EventBridgeConfiguration'] = {};
  return out as NotificationConfiguration;
}

/**
 * CDK's `Custom::S3AutoDeleteObjects` (§4.3): its handler empties the bucket when the stack deletes it. Here there is
 * nothing to do on creation, and a bucket taken back goes with its objects.
 */
export const s3AutoDeleteObjects: ResourceType<WithS3> = {
  create(request: ResourceRequest, context: ProvisionContext<WithS3>): CreatedResource {
    return { ref: `${context.stackName}-${request.logicalId}`, attributes: {}, undo: () => undefined };
  },
};
