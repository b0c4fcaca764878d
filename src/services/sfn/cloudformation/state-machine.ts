import type {
  CreatedResource,
  ProvisionContext,
  ResourceRequest,
  ResourceType,
} from '../../../core/provisioning/resource-type.js';
import { alreadyExists, callContext, callService, resourceFailed } from '../../../core/provisioning/calls.js';
import { readProperties, tagMap, unchecked, type PropertySchema } from '../../../core/provisioning/properties.js';
import { SFN_ACTIONS } from '../actions/index.js';
import type { WithSfn } from '../internals.js';

/**
 * `AWS::StepFunctions::StateMachine` (docs/aws-behaviour/stepfunctions.md §6.3): CreateStateMachine with the
 * definition from `Definition` (an object, stored as JSON with its keys sorted) or `DefinitionString` (stored as
 * given), `${Key}` replaced by `DefinitionSubstitutions`. `Ref` the ARN; `GetAtt` `Arn`, `Name`,
 * `StateMachineRevisionId`. `DefinitionS3Location` needs S3, which is refused naming it.
 */
const STATE_MACHINE_SCHEMA: PropertySchema = {
  properties: {
    RoleArn: 'string',
    Definition: 'any',
    DefinitionString: 'string',
    DefinitionS3Location: 'any',
    DefinitionSubstitutions: 'any',
    StateMachineName: 'string',
    StateMachineType: 'string',
    LoggingConfiguration: 'any',
    TracingConfiguration: 'any',
    Tags: 'any',
    ...unchecked(['EncryptionConfiguration']),
  },
  required: ['RoleArn'],
};

const MAX_NAME = 80;

/** Keys sorted at every depth, as CloudFormation stores a `Definition` object (§6.3 [AWS-snap]). */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** `${Key}` → its substitution's text; other `${…}` stay. */
function substitute(text: string, substitutions: Readonly<Record<string, unknown>>): string {
  return text.replace(/\$\{([^}]+)\}/g, (whole, key: string) =>
    Object.prototype.hasOwnProperty.call(substitutions, key) ? String(substitutions[key]) : whole,
  );
}

export const sfnStateMachine: ResourceType<WithSfn> = {
  create(request: ResourceRequest, context: ProvisionContext<WithSfn>): CreatedResource {
    const properties = readProperties(request, STATE_MACHINE_SCHEMA);
    const sources = ['Definition', 'DefinitionString', 'DefinitionS3Location'].filter(
      (key) => properties[key] !== undefined,
    );
    if (sources.length !== 1) {
      throw resourceFailed(
        request,
        'Exactly one of Definition, DefinitionString or DefinitionS3Location must be given',
      );
    }
    if (properties['DefinitionS3Location'] !== undefined) {
      throw resourceFailed(
        request,
        'sqs-sns-mock does not read DefinitionS3Location (Amazon S3 is not emulated here)',
        'DefinitionS3Location',
      );
    }
    const raw =
      properties['Definition'] !== undefined
        ? JSON.stringify(sorted(properties['Definition']))
        : (properties['DefinitionString'] as string);
    const substitutions = (properties['DefinitionSubstitutions'] ?? {}) as Record<string, unknown>;
    const definition = substitute(raw, substitutions);
    const name =
      (properties['StateMachineName'] as string | undefined) ?? context.generatedName(request.logicalId, MAX_NAME);
    const backend = context.internals.sfn.backend;
    if (backend.region(context.region).machines.has(name)) throw alreadyExists(request, name, 'StateMachineName');
    const tags = Object.entries(tagMap(request, 'Tags', properties['Tags'])).map(([key, value]) => ({ key, value }));
    const logging = properties['LoggingConfiguration'] as Record<string, unknown> | undefined;
    const { stateMachineArn } = callService(request, () =>
      SFN_ACTIONS.CreateStateMachine.handler(
        backend,
        {
          name,
          definition,
          roleArn: properties['RoleArn'] as string,
          type: (properties['StateMachineType'] as 'STANDARD' | 'EXPRESS' | undefined) ?? 'STANDARD',
          ...(logging
            ? {
                loggingConfiguration: {
                  level: logging['Level'] as never,
                  includeExecutionData: logging['IncludeExecutionData'] as boolean | undefined,
                },
              }
            : {}),
          ...(properties['TracingConfiguration'] !== undefined
            ? {
                tracingConfiguration: {
                  enabled: (properties['TracingConfiguration'] as { Enabled?: boolean }).Enabled,
                },
              }
            : {}),
          ...(tags.length ? { tags } : {}),
        },
        callContext(context),
      ),
    );
    const machine = backend.region(context.region).machines.get(name)!;
    return {
      ref: stateMachineArn,
      attributes: { Arn: stateMachineArn, Name: name, StateMachineRevisionId: machine.revision.revisionId ?? '' },
      namedArn: stateMachineArn,
      undo: () => {
        SFN_ACTIONS.DeleteStateMachine.handler(backend, { stateMachineArn });
      },
    };
  },
};
