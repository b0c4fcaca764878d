/**
 * `aws.provision(template, options)`: reads the template (an object, JSON text or YAML text), expands SAM, and hands
 * it to the engine with the account's resource types (docs/aws-behaviour/templates.md §1, §5, §7). It knows no
 * service: the account hands it the services' internals, its resource types and its views.
 */
import { provisionTemplate } from './engine/engine.js';
import { generatedName } from './engine/generated-name.js';
import { jsonErrorOffset } from './engine/json-error.js';
import { stackIdOf } from './engine/pseudo-parameters.js';
import { partitionOf } from '../core/arn.js';
import type { StackRegistry } from './engine/stack-registry.js';
import { checkTemplateShape } from './engine/template-shape.js';
import { isRecord } from './engine/template-document.js';
import {
  TemplateError,
  type ProvisionAccount,
  type ProvisionContext,
  type ResourceType,
} from '../core/provisioning/resource-type.js';
import { transformSam } from './sam/index.js';
import type { ProvisionOptions, Stack, StackViews } from './stack.js';
import type { ResourceNames } from '../core/resource-names.js';
import { notWellFormed, parseYamlTemplate } from './yaml.js';

const SAM_TRANSFORM = 'AWS::Serverless-2016-10-31';
/** CreateStack's rule for a name (docs/aws-behaviour/templates.md §1.8). */
const STACK_NAME = /^[a-zA-Z][-a-zA-Z0-9]{0,127}$/;

/** What a stack is provisioned into: the account, its services' internals, and its views of what a stack made. */
export interface ProvisionHost<Internals> {
  readonly account: ProvisionAccount;
  /** The services' models, by service key, handed on to the resource types (`ProvisionContext.internals`). */
  readonly internals: Internals;
  /** `stack.queue()`, `stack.topic()`, `stack.function()`: the account's public views. */
  readonly views: StackViews;
  /** The account's table of logical ids (resource-names.ts), which learns those of the stack's resources. */
  readonly names?: ResourceNames;
}

export function provision<Internals>(
  host: ProvisionHost<Internals>,
  registry: StackRegistry,
  template: unknown,
  options: ProvisionOptions = {},
  resourceTypes: Readonly<Record<string, ResourceType<Internals>>>,
): Stack {
  const stackName = options.stackName ?? 'test-stack';
  if (typeof stackName !== 'string' || !STACK_NAME.test(stackName)) {
    throw new TemplateError(
      `1 validation error detected: Value '${String(stackName)}' at 'stackName' failed to satisfy constraint: Member ` +
        'must satisfy regular expression pattern: [a-zA-Z][-a-zA-Z0-9]*|arn:[-a-zA-Z0-9:/._+]*',
    );
  }
  for (const option of ['parameters', 'functions'] as const) {
    const value: unknown = options[option];
    if (value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      throw new TypeError(`sqs-sns-mock: provision's ${option} must be an object, by name`);
    }
  }
  // Before anything else reads it: what CloudFormation could not receive as JSON (docs/aws-behaviour/templates.md
  // §7.4).
  const source = readSource(template);
  checkTemplateShape(source);
  const context = provisionContext(host, stackName, options);
  const { account } = host;
  const stackId = stackIdOf(account.region, account.accountId, stackName, account.ids.uuid());
  return provisionTemplate(expand(source, context), {
    context,
    stackId,
    resourceTypes,
    registry,
    ...(options.parameters ? { parameters: options.parameters } : {}),
    views: host.views,
    ...(host.names ? { names: host.names } : {}),
  });
}

function provisionContext<Internals>(
  { account, internals }: ProvisionHost<Internals>,
  stackName: string,
  options: ProvisionOptions,
): ProvisionContext<Internals> {
  return {
    account,
    internals,
    accountId: account.accountId,
    region: account.region,
    partition: partitionOf(account.region),
    stackName,
    // The handlers as given (ProvisionOptions: FunctionCode), which is what the account's Lambda takes.
    functions: (options.functions ?? {}) as ProvisionContext<Internals>['functions'],
    generatedName: (logicalId, maxLength, suffix) =>
      generatedName(stackName, logicalId, maxLength, options.nameSource ?? (() => account.ids.random()), suffix),
  };
}

/** The template as an object: JSON text is parsed as JSON, any other text as YAML. */
function readSource(template: unknown): unknown {
  if (typeof template !== 'string') return template;
  if (!template.trimStart().startsWith('{')) return parseYamlTemplate(template);
  try {
    return JSON.parse(template);
  } catch (error) {
    const offset = jsonErrorOffset(template);
    const reason = (error as Error).message.split('\n')[0]!.replace(/ in JSON at position \d+.*$/, '');
    throw notWellFormed('JSON', template, offset < 0 ? template.length : offset, reason);
  }
}

/** Applies the SAM transform (§5); any other transform is refused rather than guessed at (§1.1). */
function expand(template: unknown, context: ProvisionContext): unknown {
  if (!isRecord(template) || template['Transform'] === undefined) return template;
  const transforms = Array.isArray(template['Transform']) ? template['Transform'] : [template['Transform']];
  const other = transforms.filter((name) => name !== SAM_TRANSFORM);
  if (other.length > 0) {
    throw new TemplateError(
      `the template's Transform ${other.map((name) => JSON.stringify(name)).join(', ')} is not emulated ` +
        `(sqs-sns-mock expands ${SAM_TRANSFORM} only)`,
    );
  }
  const { Transform: _transform, ...rest } = transformSam(structuredClone(template), context);
  return rest;
}
