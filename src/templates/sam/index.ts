import { TemplateError } from '../../core/provisioning/resource-type.js';
import { S3_BUCKET_REFERENCE, type BucketEvent } from './events.js';
import { expandFunction } from './function.js';
import { expandStateMachine } from './state-machine.js';
import { functionGlobals, withGlobals } from './globals.js';
import { isRecord, type Json } from './values.js';

/**
 * SAM's transform (`Transform: AWS::Serverless-2016-10-31`, docs/aws-behaviour/templates.md §5), the part a
 * messaging test needs: every `AWS::Serverless::Function` with its `Globals`, role and SQS and SNS events, and every
 * `AWS::Serverless::StateMachine` with its role and events, becomes the plain CloudFormation SAM's translator emits,
 * under the same logical ids. Intrinsic functions are left for the
 * engine to resolve. The other `AWS::Serverless::*` types are left as they are (the engine skips and lists them).
 */

export const SAM_TRANSFORM = 'AWS::Serverless-2016-10-31';
const FUNCTION_TYPE = 'AWS::Serverless::Function';
const STATE_MACHINE_TYPE = 'AWS::Serverless::StateMachine';

export interface SamTransformContext {
  readonly region: string;
  readonly accountId: string;
  readonly partition: string;
  readonly stackName: string;
}

/** The template's transforms but SAM's: a list stays a list, a single other transform stays. */
function otherTransforms(transform: unknown): Json {
  if (Array.isArray(transform)) {
    const others = transform.filter((name) => name !== SAM_TRANSFORM);
    return others.length > 0 ? { Transform: others } : {};
  }
  return transform === undefined || transform === SAM_TRANSFORM ? {} : { Transform: transform };
}

export function transformSam(template: Record<string, unknown>, context: SamTransformContext): Record<string, unknown> {
  const { Globals: _globals, Transform: transform, Resources: given, ...sections } = template;
  if (!isRecord(given))
    throw new TemplateError("Structure of the SAM template is invalid. 'Resources' should be a map.");
  const globals = functionGlobals(template);
  const resources: Record<string, unknown> = {};
  const bucketEvents: BucketEvent[] = [];
  for (const [logicalId, resource] of Object.entries(given)) {
    if (!isRecord(resource) || (resource['Type'] !== FUNCTION_TYPE && resource['Type'] !== STATE_MACHINE_TYPE)) {
      resources[logicalId] = resource;
      continue;
    }
    const local = resource['Properties'] ?? {};
    if (!isRecord(local)) {
      throw new TemplateError(`Resource with id [${logicalId}] is invalid. Properties should be a map.`, logicalId);
    }
    const expanded =
      resource['Type'] === STATE_MACHINE_TYPE
        ? { resources: expandStateMachine(logicalId, resource, structuredClone(local)), bucketEvents: [] }
        : expandFunction(
            logicalId,
            resource,
            withGlobals(structuredClone(globals), structuredClone(local), resource['IgnoreGlobals']),
            context,
          );
    bucketEvents.push(...expanded.bucketEvents);
    for (const [id, made] of Object.entries(expanded.resources)) {
      if (id !== logicalId && Object.hasOwn(given, id)) {
        throw new TemplateError(
          `Resource with id [${logicalId}] is invalid. The logical id ${id} SAM generates for it is taken.`,
          logicalId,
        );
      }
      resources[id] = made;
    }
  }
  for (const event of bucketEvents) addBucketEvent(resources, event);
  return { ...sections, ...otherTransforms(transform), Resources: resources };
}

/**
 * An S3 event rewrites the bucket it names (docs/aws-behaviour/templates.md §5.4): its `LambdaConfigurations` gain the
 * event's entries (once each), and the bucket depends on the event's permission.
 */
function addBucketEvent(resources: Record<string, unknown>, event: BucketEvent): void {
  const bucket = resources[event.bucket];
  if (!isRecord(bucket) || bucket['Type'] !== 'AWS::S3::Bucket') {
    throw new TemplateError(
      `Resource with id [${event.owner}] is invalid. Event with id [${event.event}] is invalid. ${S3_BUCKET_REFERENCE}`,
      event.owner,
      'Events',
    );
  }
  const properties = isRecord(bucket['Properties']) ? { ...bucket['Properties'] } : {};
  const notifications = isRecord(properties['NotificationConfiguration'])
    ? { ...properties['NotificationConfiguration'] }
    : {};
  const existing = Array.isArray(notifications['LambdaConfigurations']) ? notifications['LambdaConfigurations'] : [];
  const added = event.configurations.filter(
    (entry) => !existing.some((known) => JSON.stringify(known) === JSON.stringify(entry)),
  );
  notifications['LambdaConfigurations'] = [...existing, ...added];
  properties['NotificationConfiguration'] = notifications;
  const dependsOn = bucket['DependsOn'];
  const depends = dependsOn === undefined ? [] : Array.isArray(dependsOn) ? dependsOn : [dependsOn];
  resources[event.bucket] = {
    ...bucket,
    Properties: properties,
    DependsOn: depends.includes(event.permission) ? depends : [...depends, event.permission],
  };
}
