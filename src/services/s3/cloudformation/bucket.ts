import type { NotificationConfiguration } from '@aws-sdk/client-s3';
import type {
  CreatedResource,
  ProvisionContext,
  ResourceRequest,
  ResourceType,
} from '../../../core/provisioning/resource-type.js';
import { alreadyExists, callContext, callService } from '../../../core/provisioning/calls.js';
import { readProperties, tagMap, unchecked, type PropertySchema } from '../../../core/provisioning/properties.js';
import { S3_ACTIONS } from '../actions/index.js';
import type { Bucket } from '../bucket.js';
import type { WithS3 } from '../internals.js';
import type { S3Backend } from '../s3-backend.js';

/**
 * `AWS::S3::Bucket` (docs/aws-behaviour/s3.md §4.1): CreateBucket in the stack's region, its versioning, tags and
 * notification configuration, the last in the template's own shape, turned into the API's and put through the same
 * action (so destinations are validated as S3 validates them); its `OwnershipControls`, `AccessControl` and
 * `PublicAccessBlockConfiguration` through CreateBucket's and PutPublicAccessBlock's rules (§4.1). `Ref` the name;
 * `GetAtt` `Arn`, `DomainName`, `RegionalDomainName`, `DualStackDomainName`, `WebsiteURL`. The other properties are
 * accepted and not applied.
 */
const BUCKET_SCHEMA: PropertySchema = {
  properties: {
    BucketName: 'string',
    VersioningConfiguration: 'object',
    NotificationConfiguration: 'object',
    Tags: 'any',
    OwnershipControls: 'object',
    AccessControl: 'string',
    PublicAccessBlockConfiguration: 'object',
    ...unchecked([
      'AbacStatus',
      'AccelerateConfiguration',
      'AnalyticsConfigurations',
      'BucketEncryption',
      'CorsConfiguration',
      'IntelligentTieringConfigurations',
      'InventoryConfigurations',
      'LifecycleConfiguration',
      'LoggingConfiguration',
      'MetadataConfiguration',
      'MetadataTableConfiguration',
      'MetricsConfigurations',
      'ObjectLockConfiguration',
      'ObjectLockEnabled',
      'ReplicationConfiguration',
      'WebsiteConfiguration',
    ]),
  },
};

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isRecord) : []);

/** A template filter `{S3Key: {Rules}}` as the API's `{Key: {FilterRules}}`. */
function apiFilter(filter: unknown): object | undefined {
  if (!isRecord(filter)) return undefined;
  const rules = isRecord(filter['S3Key']) ? filter['S3Key']['Rules'] : undefined;
  return { Key: { FilterRules: Array.isArray(rules) ? rules : [] } };
}

/** §4.1: the template's shape (one `Event` per entry, `Queue`/`Topic`/`Function`) as the API's. */
export function apiNotificationConfiguration(given: Json): NotificationConfiguration {
  const entries = (member: string, arn: string, apiArn: string) =>
    list(given[member]).map((entry) => ({
      Events: [entry['Event']],
      [apiArn]: entry[arn],
      ...(entry['Filter'] !== undefined ? { Filter: apiFilter(entry['Filter']) } : {}),
    }));
  const queues = entries('QueueConfigurations', 'Queue', 'QueueArn');
  const topics = entries('TopicConfigurations', 'Topic', 'TopicArn');
  const functions = entries('LambdaConfigurations', 'Function', 'LambdaFunctionArn');
  const bridge = given['EventBridgeConfiguration'];
  const enabled = isRecord(bridge) && [true, 'true'].includes(bridge['EventBridgeEnabled'] as never);
  return {
    ...(queues.length > 0 ? { QueueConfigurations: queues } : {}),
    ...(topics.length > 0 ? { TopicConfigurations: topics } : {}),
    ...(functions.length > 0 ? { LambdaFunctionConfigurations: functions } : {}),
    ...(enabled ? { EventBridgeConfiguration: {} } : {}),
  } as NotificationConfiguration;
}

/** Puts a notification configuration on a bucket on the stack's behalf, through the action. */
export function putNotifications(
  request: ResourceRequest,
  context: ProvisionContext<WithS3>,
  bucket: string,
  configuration: NotificationConfiguration,
  skipValidation = false,
): void {
  const backend = context.internals.s3.backend;
  callService(request, () =>
    S3_ACTIONS.PutBucketNotificationConfiguration.handler(
      backend,
      {
        Bucket: bucket,
        NotificationConfiguration: configuration,
        ...(skipValidation ? { SkipDestinationValidation: true } : {}),
      },
      callContext(context),
    ),
  );
}

/** §4.1 [Docs]: CloudFormation's names of the canned ACLs. */
const CANNED_BY_NAME: Readonly<Record<string, string>> = {
  Private: 'private',
  PublicRead: 'public-read',
  PublicReadWrite: 'public-read-write',
  AuthenticatedRead: 'authenticated-read',
  LogDeliveryWrite: 'log-delivery-write',
  BucketOwnerRead: 'bucket-owner-read',
  BucketOwnerFullControl: 'bucket-owner-full-control',
  AwsExecRead: 'aws-exec-read',
};

/** The template's ObjectOwnership and ACL as CreateBucket's members (§4.1). */
function ownershipMembers(properties: Json): { ObjectOwnership?: string; ACL?: string } {
  const rules = isRecord(properties['OwnershipControls']) ? list(properties['OwnershipControls']['Rules']) : [];
  const ownership = rules[0]?.['ObjectOwnership'];
  const access = properties['AccessControl'] as string | undefined;
  return {
    ...(typeof ownership === 'string' ? { ObjectOwnership: ownership } : {}),
    ...(access !== undefined ? { ACL: CANNED_BY_NAME[access] ?? access } : {}),
  };
}

/** Whether the template's PublicAccessBlockConfiguration lets public ACLs be set (`BlockPublicAcls` off or absent). */
function allowsPublicAcls(properties: Json): boolean {
  const block = properties['PublicAccessBlockConfiguration'];
  return isRecord(block) && ![true, 'true'].includes(block['BlockPublicAcls'] as never);
}

/** The template's PublicAccessBlockConfiguration, then an ACL that waited for it, through the actions (§4.1). */
function applyPublicAccess(
  request: ResourceRequest,
  backend: S3Backend,
  name: string,
  properties: Json,
  acl: string | undefined,
): void {
  const block = properties['PublicAccessBlockConfiguration'];
  if (isRecord(block)) {
    const flag = (key: string) => [true, 'true'].includes(block[key] as never);
    const configuration = {
      BlockPublicAcls: flag('BlockPublicAcls'),
      IgnorePublicAcls: flag('IgnorePublicAcls'),
      BlockPublicPolicy: flag('BlockPublicPolicy'),
      RestrictPublicBuckets: flag('RestrictPublicBuckets'),
    };
    callService(
      request,
      () =>
        S3_ACTIONS.PutPublicAccessBlock.handler(backend, {
          Bucket: name,
          PublicAccessBlockConfiguration: configuration,
        }),
      'PublicAccessBlockConfiguration',
    );
  }
  if (acl !== undefined)
    callService(
      request,
      () => S3_ACTIONS.PutBucketAcl.handler(backend, { Bucket: name, ACL: acl as never }),
      'AccessControl',
    );
}

/** Takes a bucket back: its objects and configuration go with it. */
function removeBucket(backend: S3Backend, bucket: Bucket): void {
  bucket.clear();
  if (backend.find(bucket.name) === bucket) backend.deleteBucket(bucket);
}

export const s3Bucket: ResourceType<WithS3> = {
  create(request: ResourceRequest, context: ProvisionContext<WithS3>): CreatedResource {
    const properties = readProperties(request, BUCKET_SCHEMA);
    const backend = context.internals.s3.backend;
    // §4.1: a generated name holds the stack's name, lower-cased.
    const name =
      (properties['BucketName'] as string | undefined) ?? context.generatedName(request.logicalId, 63).toLowerCase();
    if (backend.find(name)) throw alreadyExists(request, name, 'BucketName');
    const region = context.region;
    const { ACL, ...ownership } = ownershipMembers(properties);
    // §4.1 UNVERIFIED: a public ACL the template's own public access block allows is set once that block is.
    const aclsOn = ownership.ObjectOwnership !== undefined && ownership.ObjectOwnership !== 'BucketOwnerEnforced';
    const aclLater = ACL !== undefined && aclsOn && allowsPublicAcls(properties);
    callService(request, () =>
      S3_ACTIONS.CreateBucket.handler(
        backend,
        {
          Bucket: name,
          ...(region !== 'us-east-1' ? { CreateBucketConfiguration: { LocationConstraint: region as never } } : {}),
          ...ownership,
          ...(ACL !== undefined && !aclLater ? { ACL: ACL as never } : {}),
        } as never,
        callContext(context),
      ),
    );
    const bucket = backend.find(name)!;
    try {
      applyPublicAccess(request, backend, name, properties, aclLater ? ACL : undefined);
      const versioning = properties['VersioningConfiguration'] as Json | undefined;
      if (versioning?.['Status'] !== undefined) {
        callService(
          request,
          () =>
            S3_ACTIONS.PutBucketVersioning.handler(backend, {
              Bucket: name,
              VersioningConfiguration: { Status: versioning['Status'] as never },
            }),
          'VersioningConfiguration',
        );
      }
      const tags = Object.entries(tagMap(request, 'Tags', properties['Tags'])).map(([Key, Value]) => ({ Key, Value }));
      if (tags.length > 0) bucket.tags = tags;
      const notifications = properties['NotificationConfiguration'] as Json | undefined;
      if (notifications !== undefined)
        putNotifications(request, context, name, apiNotificationConfiguration(notifications));
    } catch (error) {
      removeBucket(backend, bucket);
      throw error;
    }
    const partition = context.partition;
    const suffix = partition === 'aws-cn' ? 'amazonaws.com.cn' : 'amazonaws.com';
    const websiteDot = /^(us-east-2|eu-central-1|ap-south-1|ap-northeast-[23]|ca-central-1|eu-west-[23]|eu-north-1)$/;
    return {
      ref: name,
      attributes: {
        Arn: bucket.arn,
        DomainName: `${name}.s3.${suffix}`,
        RegionalDomainName: `${name}.s3.${region}.${suffix}`,
        DualStackDomainName: `${name}.s3.dualstack.${region}.${suffix}`,
        WebsiteURL: `http://${name}.s3-website${websiteDot.test(region) ? '.' : '-'}${region}.${suffix}`,
      },
      namedArn: bucket.arn,
      undo: () => removeBucket(backend, bucket),
    };
  },
};
