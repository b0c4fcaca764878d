import type { CreateFunctionOptions } from '../function-options.js';
import {
  TemplateError,
  type CreatedResource,
  type ProvisionContext,
  type ResourceRequest,
} from '../../../core/provisioning/resource-type.js';
import type { ResourceType } from '../../../core/provisioning/resource-type.js';
import type { WithLambda } from '../internals.js';
import { alreadyExists, resourceFailed } from '../../../core/provisioning/calls.js';
import { readProperties, type PropertySchema } from '../../../core/provisioning/properties.js';

/** Lambda's longest function name (docs/aws-behaviour/templates.md §3.7). */
const MAX_FUNCTION_NAME = 64;

/**
 * `AWS::Lambda::Function` (docs/aws-behaviour/templates.md §3.7). The code in the template is not run: the function
 * is bound to the in-process code given to `provision` under its logical id or its FunctionName. `Timeout`,
 * `MemorySize`, `ReservedConcurrentExecutions`, `DeadLetterConfig.TargetArn` and `Environment.Variables` are the
 * function's settings, and `Handler` is what `_HANDLER` says; the other properties (code, runtime, role, networking,
 * ...) are accepted and have no effect in process.
 */
const FUNCTION_SCHEMA: PropertySchema = {
  properties: {
    FunctionName: 'string',
    Timeout: 'integer',
    MemorySize: 'integer',
    ReservedConcurrentExecutions: 'integer',
    DeadLetterConfig: 'object',
    Code: 'object',
    Role: 'string',
    Handler: 'string',
    Runtime: 'string',
    Architectures: 'list',
    CodeSigningConfigArn: 'string',
    Description: 'string',
    Environment: 'object',
    EphemeralStorage: 'object',
    FileSystemConfigs: 'list',
    ImageConfig: 'object',
    KmsKeyArn: 'string',
    Layers: 'list',
    LoggingConfig: 'object',
    PackageType: 'string',
    RecursiveLoop: 'string',
    RuntimeManagementConfig: 'object',
    SnapStart: 'object',
    Tags: 'list',
    TracingConfig: 'object',
    VpcConfig: 'object',
  },
  required: ['Code', 'Role'],
};

const asNumber = (value: unknown): number | undefined => (value === undefined ? undefined : Number(value));

/** CloudFormation hands a map of strings on with its numbers and booleans as text (templates.md §3.7). */
function asStrings(variables: unknown): unknown {
  if (typeof variables !== 'object' || variables === null || Array.isArray(variables)) return variables;
  return Object.fromEntries(
    Object.entries(variables).map(([key, value]) => [
      key,
      typeof value === 'number' || typeof value === 'boolean' ? String(value) : value,
    ]),
  );
}

/** createFunction's refusals are the mock's own TypeErrors: reported as the property's, without the mock's prefix. */
function settingRefused(request: ResourceRequest, error: TypeError): TemplateError {
  const text = error.message.replace(/^sqs-sns-mock: /, '');
  const property = text.startsWith('a function name') ? 'functionName' : /^(\w+)[: ]/.exec(text)?.[1];
  const named: Readonly<Record<string, string>> = {
    functionName: 'FunctionName',
    timeout: 'Timeout',
    memorySize: 'MemorySize',
    reservedConcurrency: 'ReservedConcurrentExecutions',
    deadLetterTargetArn: 'DeadLetterConfig',
    environment: 'Environment',
  };
  return resourceFailed(request, text, property ? named[property] : undefined);
}

export const lambdaFunction: ResourceType<WithLambda> = {
  create(request: ResourceRequest, context: ProvisionContext<WithLambda>): CreatedResource {
    const properties = readProperties(request, FUNCTION_SCHEMA);
    const given = properties['FunctionName'] as string | undefined;
    const handler =
      context.functions[request.logicalId] ?? (given !== undefined ? context.functions[given] : undefined);
    if (handler === undefined) {
      throw new TemplateError(
        `no handler given for function ${request.logicalId}; pass functions: { ${request.logicalId}: handler }`,
        request.logicalId,
      );
    }
    const name = given ?? context.generatedName(request.logicalId, MAX_FUNCTION_NAME);
    const lambda = context.internals.lambda;
    if (lambda.backend.find(name, context.region)) throw alreadyExists(request, name, 'FunctionName');

    const deadLetter = properties['DeadLetterConfig'] as { TargetArn?: unknown } | undefined;
    const variables = (properties['Environment'] as { Variables?: unknown } | undefined)?.Variables;
    const options: CreateFunctionOptions = {
      ...(properties['Timeout'] !== undefined ? { timeout: asNumber(properties['Timeout'])! } : {}),
      ...(properties['MemorySize'] !== undefined ? { memorySize: asNumber(properties['MemorySize'])! } : {}),
      ...(properties['ReservedConcurrentExecutions'] !== undefined
        ? { reservedConcurrency: asNumber(properties['ReservedConcurrentExecutions'])! }
        : {}),
      ...(deadLetter?.TargetArn !== undefined ? { deadLetterTargetArn: deadLetter.TargetArn as string } : {}),
      ...(variables !== undefined ? { environment: asStrings(variables) as Record<string, string> } : {}),
    };
    let arn: string;
    try {
      const handlerSetting = properties['Handler'] as string | undefined;
      arn = lambda.mock.createWithHandlerSetting(name, handler, options, handlerSetting).arn;
    } catch (error) {
      if (error instanceof TypeError) throw settingRefused(request, error);
      throw error;
    }
    return {
      ref: name,
      attributes: { Arn: arn },
      view: { kind: 'function', arn },
      undo: () => lambda.mock.deleteFunction(arn),
    };
  },
};
