import { TemplateError } from '../resource-type.js';
import { expandFunction } from './function.js';
import { functionGlobals, withGlobals } from './globals.js';
import { isRecord, type Json } from './values.js';

/**
 * SAM's transform (`Transform: AWS::Serverless-2016-10-31`, docs/aws-behaviour/templates.md §5), the part a
 * messaging test needs: every `AWS::Serverless::Function` with its `Globals`, role and SQS and SNS events becomes
 * the plain CloudFormation SAM's translator emits, under the same logical ids. Intrinsic functions are left for the
 * engine to resolve. The other `AWS::Serverless::*` types are left as they are (the engine skips and lists them).
 */

export const SAM_TRANSFORM = 'AWS::Serverless-2016-10-31';
const FUNCTION_TYPE = 'AWS::Serverless::Function';

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
  for (const [logicalId, resource] of Object.entries(given)) {
    if (!isRecord(resource) || resource['Type'] !== FUNCTION_TYPE) {
      resources[logicalId] = resource;
      continue;
    }
    const local = resource['Properties'] ?? {};
    if (!isRecord(local)) {
      throw new TemplateError(`Resource with id [${logicalId}] is invalid. Properties should be a map.`, logicalId);
    }
    const properties = withGlobals(structuredClone(globals), structuredClone(local), resource['IgnoreGlobals']);
    for (const [id, made] of Object.entries(expandFunction(logicalId, resource, properties, context))) {
      if (id !== logicalId && Object.hasOwn(given, id)) {
        throw new TemplateError(
          `Resource with id [${logicalId}] is invalid. The logical id ${id} SAM generates for it is taken.`,
          logicalId,
        );
      }
      resources[id] = made;
    }
  }
  return { ...sections, ...otherTransforms(transform), Resources: resources };
}
