import { TemplateError } from '../../core/provisioning/resource-type.js';
import { eventResources, type BucketEvent, type EventOwner } from './events.js';
import { getAtt, isIntrinsic, isRecord, picked, ref, type Json } from './values.js';

/**
 * `AWS::Serverless::Function` as SAM's translator expands it (docs/aws-behaviour/templates.md §5): an
 * `AWS::Lambda::Function` of the same logical id, an execution role `<Fn>Role` when none is given, an
 * `AWS::Lambda::EventInvokeConfig` `<Fn>EventInvokeConfig` when asked for, and the resources of its events.
 */

/** The properties SAM hands on to the Lambda function unchanged. */
const COPIED = [
  'FunctionName',
  'Handler',
  'Runtime',
  'Description',
  'MemorySize',
  'Timeout',
  'Environment',
  'VpcConfig',
  'KmsKeyArn',
  'Layers',
  'ReservedConcurrentExecutions',
  'Architectures',
  'EphemeralStorage',
  'FileSystemConfigs',
  'ImageConfig',
  'PackageType',
  'CodeSigningConfigArn',
  'SnapStart',
  'RuntimeManagementConfig',
  'LoggingConfig',
  'RecursiveLoop',
];
/** The resource attributes SAM passes from a function to everything made for it. */
const PASSED_THROUGH = ['Condition', 'DeletionPolicy', 'UpdateReplacePolicy'];
const CREATED_BY_SAM = { Key: 'lambda:createdBy', Value: 'SAM' };

export interface SamContext {
  readonly partition: string;
}

function functionError(logicalId: string, detail: string, property?: string): TemplateError {
  return new TemplateError(`Resource with id [${logicalId}] is invalid. ${detail}`, logicalId, property);
}

/** `s3://bucket/key[?versionId=v]`, a `{Bucket, Key, Version}` map, inline code or an image, as Lambda's `Code`. */
function codeOf(logicalId: string, properties: Json): Json {
  const { CodeUri: uri, InlineCode: inline, ImageUri: image } = properties;
  if (uri !== undefined && inline !== undefined) {
    throw functionError(logicalId, "Only one of 'InlineCode' or 'CodeUri' can be set.", 'CodeUri');
  }
  if (inline !== undefined) return { ZipFile: inline };
  if (image !== undefined) return { ImageUri: image };
  if (isRecord(uri) && !isIntrinsic(uri)) {
    return {
      S3Bucket: uri['Bucket'],
      S3Key: uri['Key'],
      ...(uri['Version'] !== undefined ? { S3ObjectVersion: uri['Version'] } : {}),
    };
  }
  if (typeof uri === 'string') {
    const s3 = /^s3:\/\/([^/]+)\/([^?]+)(?:\?versionId=(.+))?$/.exec(uri);
    // A local path is what `sam build` packages and uploads: the code is not run from the template in process.
    if (!s3) return { S3Bucket: '', S3Key: uri };
    return { S3Bucket: s3[1], S3Key: s3[2], ...(s3[3] !== undefined ? { S3ObjectVersion: s3[3] } : {}) };
  }
  if (uri !== undefined) return { S3Bucket: '', S3Key: uri };
  throw functionError(logicalId, "Either 'InlineCode' or 'CodeUri' must be set.", 'CodeUri');
}

/** SAM's tags map as CloudFormation's list, after SAM's own tag. */
function tagsOf(logicalId: string, tags: unknown): Json[] {
  if (tags === undefined) return [CREATED_BY_SAM];
  if (!isRecord(tags)) throw functionError(logicalId, "Property 'Tags' should be a map.", 'Tags');
  return [CREATED_BY_SAM, ...Object.entries(tags).map(([Key, Value]) => ({ Key, Value }))];
}

const LAMBDA_TRUST = {
  Version: '2012-10-17',
  Statement: [{ Action: ['sts:AssumeRole'], Effect: 'Allow', Principal: { Service: ['lambda.amazonaws.com'] } }],
};

/**
 * The execution role SAM makes: the managed policies `Policies` names, then the basic execution policy, then SQS's
 * when an event reads a queue; inline documents and policy templates as `<Fn>RolePolicy<position in Policies>`
 * (SAM's output fixture function_with_policy_templates.json).
 */
function roleOf(logicalId: string, properties: Json, tags: Json[], readsQueue: boolean, sam: SamContext): Json {
  const managed = (name: string): string => `arn:${sam.partition}:iam::aws:policy/${name}`;
  const managedArns: unknown[] = [];
  const inline: Json[] = [];
  const given = properties['Policies'];
  const policies: unknown[] = given === undefined ? [] : Array.isArray(given) ? given : [given];
  policies.forEach((policy, index) => {
    if (typeof policy === 'string') managedArns.push(policy.startsWith('arn:') ? policy : managed(policy));
    else if (isRecord(policy) && isIntrinsic(policy)) managedArns.push(policy);
    // A policy template is kept as written, not expanded: IAM is not enforced.
    else inline.push({ PolicyName: `${logicalId}RolePolicy${index}`, PolicyDocument: policy });
  });
  managedArns.push(managed('service-role/AWSLambdaBasicExecutionRole'));
  if (readsQueue) managedArns.push(managed('service-role/AWSLambdaSQSQueueExecutionRole'));
  return {
    AssumeRolePolicyDocument: properties['AssumeRolePolicyDocument'] ?? LAMBDA_TRUST,
    ManagedPolicyArns: managedArns,
    ...(inline.length > 0 ? { Policies: inline } : {}),
    ...(properties['RolePath'] !== undefined ? { Path: properties['RolePath'] } : {}),
    ...picked(properties, ['PermissionsBoundary']),
    Tags: tags,
  };
}

/** SAM's EventInvokeConfig as the CloudFormation resource: retries, event age and the failure destination. */
function eventInvokeConfigOf(logicalId: string, config: unknown): Json {
  if (!isRecord(config)) throw functionError(logicalId, "Property 'EventInvokeConfig' should be a map.");
  const destinations = isRecord(config['DestinationConfig']) ? config['DestinationConfig'] : undefined;
  const destination = (name: string): Json => {
    const target = destinations?.[name];
    return isRecord(target) && target['Destination'] !== undefined
      ? { [name]: { Destination: target['Destination'] } }
      : {};
  };
  const destinationConfig = { ...destination('OnSuccess'), ...destination('OnFailure') };
  return {
    FunctionName: ref(logicalId),
    Qualifier: '$LATEST',
    ...picked(config, ['MaximumEventAgeInSeconds', 'MaximumRetryAttempts']),
    ...(Object.keys(destinationConfig).length > 0 ? { DestinationConfig: destinationConfig } : {}),
  };
}

/** The CloudFormation resources of one SAM function, by logical id, and what its S3 events write into buckets. */
export function expandFunction(
  logicalId: string,
  resource: Json,
  properties: Json,
  sam: SamContext,
): { readonly resources: Record<string, Json>; readonly bucketEvents: readonly BucketEvent[] } {
  const passThrough = picked(resource, PASSED_THROUGH);
  const owner: EventOwner = { logicalId, passThrough };
  const events = eventResources(owner, properties['Events']);
  const tags = tagsOf(logicalId, properties['Tags']);
  const { Type: _type, Properties: _properties, IgnoreGlobals: _ignore, ...attributes } = resource;
  const resources: Record<string, Json> = {};

  const hasRole = properties['Role'] !== undefined;
  if (!hasRole) {
    resources[`${logicalId}Role`] = {
      Type: 'AWS::IAM::Role',
      ...passThrough,
      Properties: roleOf(logicalId, properties, tags, events.readsQueue, sam),
    };
  }
  const tracing = properties['Tracing'];
  const deadLetter = properties['DeadLetterQueue'];
  resources[logicalId] = {
    ...attributes,
    Type: 'AWS::Lambda::Function',
    Properties: {
      Code: codeOf(logicalId, properties),
      ...picked(properties, COPIED),
      Role: hasRole ? properties['Role'] : getAtt(`${logicalId}Role`, 'Arn'),
      ...(tracing !== undefined ? { TracingConfig: { Mode: tracing } } : {}),
      ...(isRecord(deadLetter) ? { DeadLetterConfig: { TargetArn: deadLetter['TargetArn'] } } : {}),
      Tags: tags,
    },
  };
  if (properties['EventInvokeConfig'] !== undefined) {
    resources[`${logicalId}EventInvokeConfig`] = {
      Type: 'AWS::Lambda::EventInvokeConfig',
      ...passThrough,
      Properties: eventInvokeConfigOf(logicalId, properties['EventInvokeConfig']),
    };
  }
  return { resources: { ...resources, ...events.resources }, bucketEvents: events.bucketEvents ?? [] };
}
