/**
 * Provisions a CloudFormation template (already expanded from SAM) into an account: parameters, conditions,
 * validation of every reference, creation in dependency order with each resource's properties resolved just before
 * it is created, outputs and exports; on any failure everything created is undone, in reverse order
 * (docs/aws-behaviour/templates.md §1, §2).
 */
import {
  TemplateError,
  type CreatedResource,
  type ProvisionContext,
  type ResourceType,
} from '../../core/provisioning/resource-type.js';
import { Stack, type StackResource, type StackViews } from '../stack.js';
import { evaluateConditions } from './conditions.js';
import { NO_VALUE, resolveValue, type Scope } from './intrinsics.js';
import { below, errorAt, type Location } from './location.js';
import { resolveParameters, type GivenParameter, type ParameterLookup } from './parameters.js';
import { pseudoParameters } from './pseudo-parameters.js';
import { collectReferences, type Reference } from './references.js';
import { creationOrder } from './order.js';
import { nativelyServedProviders } from './native-providers.js';
import {
  isRecord,
  ownMember,
  readTemplate,
  type ResourceDeclaration,
  type TemplateDocument,
} from './template-document.js';
import type { StackRegistry } from './stack-registry.js';
import type { ResourceNames } from '../../core/resource-names.js';

/** Resource types that are part of how a tool writes templates, not of the stack: neither created nor listed. */
const IGNORED_TYPES = new Set(['AWS::CDK::Metadata']);

export interface EngineInput {
  /** The stack's context, also handed to each resource type. */
  readonly context: ProvisionContext;
  readonly stackId: string;
  readonly resourceTypes: Readonly<Record<string, ResourceType>>;
  readonly registry: StackRegistry;
  readonly parameters?: Readonly<Record<string, GivenParameter>>;
  readonly views: StackViews;
  /** The account's table of logical ids, which learns those of the stack's queues, topics and functions. */
  readonly names?: ResourceNames;
}

export function provisionTemplate(template: unknown, input: EngineInput): Stack {
  const { context, registry } = input;
  // Stack names are unique in a region (§1.8).
  if (registry.hasStack(context.region, context.stackName)) {
    throw new TemplateError(`Stack [${context.stackName}] already exists`);
  }
  const document = readTemplate(template);
  const parameters = resolveParameters(document.parameters, input.parameters);
  const pseudo = pseudoParameters({
    accountId: context.accountId,
    region: context.region,
    stackName: context.stackName,
    stackId: input.stackId,
  });
  const names = new TemplateNames(document, parameters, pseudo, input, context);
  const conditions = evaluateConditions(document.conditions, {
    region: context.region,
    value: (name, at) => names.parameterOrPseudo(name, at),
    mapping: (name, top, second, at) => names.mapping(name, top, second, at),
    importValue: (name, at) => names.importValue(name, at),
  });
  names.conditions = conditions;
  names.recordInactive();

  const active = new Map(
    document.resources.filter((resource) => names.isActive(resource)).map((resource) => [resource.logicalId, resource]),
  );
  const order = creationOrder(checkedDependencies([...active.values()], names));
  // §4.1: the provider functions of custom resources a service applies natively need no handler.
  names.uncreated = nativelyServedProviders(
    [...active.values()],
    (type) => input.resourceTypes[type] !== undefined,
    (logicalId) => context.functions[logicalId as keyof typeof context.functions] !== undefined,
    names,
  );
  checkOutputReferences(document, names);

  const created: CreatedResource[] = [];
  try {
    for (const logicalId of order) {
      const resource = active.get(logicalId)!;
      const made = names.create(resource, input.resourceTypes[resource.type]);
      if (made) created.push(made);
    }
    const { outputs, exports } = resolveOutputs(document, names);
    registry.register(context.region, context.stackName, exports);
    const resources = names.inTemplateOrder();
    recordLogicalIds(input.names, context.stackName, resources);
    return new Stack(context.stackName, input.stackId, outputs, resources, input.views);
  } catch (error) {
    for (const resource of created.reverse()) {
      try {
        resource.undo();
      } catch {
        // Undoing goes on: the rest must still be taken back, and the first failure is the one to report.
      }
    }
    throw error;
  }
}

/** Once the stack stands: each view's resource is known by its logical id, under its ARN and what `Ref` gives. */
function recordLogicalIds(
  table: ResourceNames | undefined,
  stackName: string,
  resources: ReadonlyMap<string, StackResource>,
): void {
  for (const [logicalId, resource] of resources) {
    if (resource.state === 'created' && resource.view) {
      table?.record([resource.view.arn, resource.ref], { logicalId, stackName });
    } else if (resource.state === 'created' && resource.namedArn) {
      table?.record([resource.namedArn], { logicalId, stackName });
    }
  }
}

/** Everything a name in the template can stand for, and the scope intrinsic functions resolve in. */
class TemplateNames implements Scope {
  conditions = new Map<string, boolean>();
  readonly records = new Map<string, StackResource>();
  /** Resources recorded as skipped though a type for them exists: native custom resources' providers (§4.1). */
  uncreated: ReadonlySet<string> = new Set();
  readonly region: string;
  private readonly declared: ReadonlyMap<string, ResourceDeclaration>;

  constructor(
    private readonly document: TemplateDocument,
    private readonly parameters: ReadonlyMap<string, ParameterLookup>,
    private readonly pseudo: ReadonlyMap<string, unknown>,
    private readonly input: EngineInput,
    private readonly context: ProvisionContext,
  ) {
    this.region = context.region;
    this.declared = new Map(document.resources.map((resource) => [resource.logicalId, resource]));
  }

  /** Records the resources whose condition is false, once the conditions are known. */
  recordInactive(): void {
    for (const resource of this.document.resources) {
      if (resource.condition === undefined || this.isActive(resource)) continue;
      this.records.set(resource.logicalId, {
        state: 'conditionFalse',
        type: resource.type,
        condition: resource.condition,
      });
    }
  }

  /** What the stack knows of each resource, in template order (as `stack.skipped` lists them). */
  inTemplateOrder(): Map<string, StackResource> {
    const ordered = new Map<string, StackResource>();
    for (const { logicalId } of this.document.resources) {
      const record = this.records.get(logicalId);
      if (record) ordered.set(logicalId, record);
    }
    return ordered;
  }

  isActive(resource: ResourceDeclaration): boolean {
    if (resource.condition === undefined) return true;
    const at: Location = { section: 'Resources', logicalId: resource.logicalId, path: ['Condition'] };
    return this.condition(resource.condition, at);
  }

  isActiveResource(name: string): boolean {
    const resource = this.declared.get(name);
    return resource !== undefined && this.isActive(resource);
  }

  isParameterOrPseudo(name: string): boolean {
    return this.parameters.has(name) || this.pseudo.has(name);
  }

  parameterOrPseudo(name: string, at: Location): unknown {
    if (this.pseudo.has(name)) return this.pseudo.get(name);
    const parameter = this.parameters.get(name);
    if (parameter === undefined) return undefined;
    if ('missing' in parameter) throw errorAt(at, parameter.missing);
    return parameter.value;
  }

  ref(name: string, at: Location): unknown {
    const value = this.parameterOrPseudo(name, at);
    if (value !== undefined) return value;
    const record = this.records.get(name);
    if (record && record.state !== 'conditionFalse') return record.ref;
    // Validation found every name before creation began; this is a resource not created yet, i.e. an engine bug.
    throw errorAt(
      at,
      `Template format error: Unresolved resource dependencies [${name}] in the Resources block of the template`,
    );
  }

  getAtt(logicalId: string, attribute: string, at: Location): unknown {
    const record = this.records.get(logicalId);
    if (!record || record.state === 'conditionFalse') {
      throw errorAt(at, `Template error: instance of Fn::GetAtt references undefined resource ${logicalId}`);
    }
    if (record.state === 'skipped') return record.attribute(attribute);
    if (!Object.hasOwn(record.attributes, attribute)) {
      throw errorAt(
        at,
        `Template error: resource ${logicalId} does not support attribute type ${attribute} in Fn::GetAtt`,
      );
    }
    return record.attributes[attribute];
  }

  condition(name: string, at: Location): boolean {
    const value = this.conditions.get(name);
    if (value === undefined) throw errorAt(at, `the condition ${name} is not declared in Conditions`);
    return value;
  }

  mapping(name: string, topKey: string, secondKey: string, at: Location): unknown {
    const map = ownMember(this.document.mappings, name);
    if (!isRecord(map)) {
      throw errorAt(at, `Template error: Mapping named '${name}' is not present in the 'Mappings' section of template`);
    }
    const top = ownMember(map, topKey);
    // §2.3 [AWS-snap]: a missing top-level or second-level key, the same text.
    const value = isRecord(top) ? ownMember(top, secondKey) : undefined;
    if (value === undefined) {
      throw errorAt(at, `Template error: Unable to get mapping for ${name}::${topKey}::${secondKey}`);
    }
    return value;
  }

  importValue(name: string, at: Location): unknown {
    const found = this.input.registry.exportNamed(this.region, name);
    if (!found) throw errorAt(at, `No export named ${name} found`);
    return found.value;
  }

  /** Creates one resource (or records it as skipped), its properties resolved now that what it refers to exists. */
  create(resource: ResourceDeclaration, type: ResourceType | undefined): CreatedResource | undefined {
    const { logicalId } = resource;
    if (IGNORED_TYPES.has(resource.type)) return undefined;
    if (!type || this.uncreated.has(logicalId)) {
      this.records.set(logicalId, skippedPlaceholder(resource, this.context));
      return undefined;
    }
    const at: Location = { section: 'Resources', logicalId, path: ['Properties'] };
    const properties = resolveValue(resource.properties, this, at);
    let made: CreatedResource;
    try {
      made = type.create(
        { logicalId, type: resource.type, properties: properties as Record<string, unknown> },
        this.context,
      );
    } catch (error) {
      if (error instanceof TemplateError) throw error;
      throw new TemplateError(
        `resource ${logicalId} (${resource.type}) failed: ${(error as Error)?.message ?? String(error)}`,
        logicalId,
        undefined,
        { cause: error },
      );
    }
    this.records.set(logicalId, {
      state: 'created',
      type: resource.type,
      ref: made.ref,
      attributes: made.attributes,
      ...(made.view ? { view: made.view } : {}),
      ...(made.namedArn ? { namedArn: made.namedArn } : {}),
    });
    return made;
  }
}

/**
 * Every reference of the active resources checked before anything is created (§1.1), and what each must follow.
 * A reference to a resource whose condition is false is unresolved, as it is in CloudFormation.
 */
function checkedDependencies(active: readonly ResourceDeclaration[], names: TemplateNames): Map<string, Set<string>> {
  const unresolved: string[] = [];
  const dependencies = new Map<string, Set<string>>();
  for (const resource of active) {
    const needs = new Set<string>();
    const at: Location = { section: 'Resources', logicalId: resource.logicalId, path: ['Properties'] };
    for (const reference of collectReferences(resource.properties, names, at)) {
      if (reference.kind === 'Ref' && names.isParameterOrPseudo(reference.name)) continue;
      if (names.isActiveResource(reference.name)) needs.add(reference.name);
      else unresolvedReference(reference, unresolved);
    }
    for (const name of resource.dependsOn) {
      if (names.isActiveResource(name)) needs.add(name);
      else if (!unresolved.includes(name)) unresolved.push(name);
    }
    dependencies.set(resource.logicalId, needs);
  }
  if (unresolved.length > 0) {
    throw new TemplateError(
      `Template format error: Unresolved resource dependencies [${unresolved.join(', ')}] in the Resources block of ` +
        'the template',
    );
  }
  return dependencies;
}

/** Adds an unresolved `Ref` to the list; an undefined `Fn::GetAtt` target is an error of its own (§1.1). */
function unresolvedReference(reference: Reference, unresolved: string[]): void {
  if (reference.kind === 'GetAtt') {
    const text =
      reference.via === 'Fn::Sub'
        ? `Template error: instance of Fn::Sub references invalid resource attribute ${reference.name}`
        : `Template error: instance of Fn::GetAtt references undefined resource ${reference.name}`;
    throw errorAt(reference.at, text);
  }
  if (!unresolved.includes(reference.name)) unresolved.push(reference.name);
}

function activeOutputs(document: TemplateDocument, names: TemplateNames) {
  return document.outputs.filter(
    (output) =>
      output.condition === undefined ||
      names.condition(output.condition, { section: 'Outputs', logicalId: output.key, path: ['Condition'] }),
  );
}

function checkOutputReferences(document: TemplateDocument, names: TemplateNames): void {
  const unresolved: string[] = [];
  for (const output of activeOutputs(document, names)) {
    const at: Location = { section: 'Outputs', logicalId: output.key, path: ['Value'] };
    for (const reference of collectReferences(output.value, names, at)) {
      if (reference.kind === 'Ref' && names.isParameterOrPseudo(reference.name)) continue;
      if (!names.isActiveResource(reference.name)) unresolvedReference(reference, unresolved);
    }
    if (output.exportName !== undefined) checkExportName(output.key, output.exportName, names);
  }
  if (unresolved.length > 0) {
    throw new TemplateError(
      `Template format error: Unresolved resource dependencies [${unresolved.join(', ')}] in the Outputs block of ` +
        'the template',
    );
  }
}

/** An export's name may use parameters and pseudo parameters only (§1.4). */
function checkExportName(key: string, name: unknown, names: TemplateNames): void {
  const malformed = (): never => {
    throw new TemplateError(
      `Template format error: Output ${key} is malformed.  The Name field of Export must not depend on any ` +
        'resources, imported values, or Fn::GetAZs.',
      key,
    );
  };
  const at: Location = { section: 'Outputs', logicalId: key, path: ['Export', 'Name'] };
  const walk = {
    condition: (condition: string, where: Location) => names.condition(condition, where),
    onFunction: (fn: string) => {
      if (fn === 'Fn::ImportValue' || fn === 'Fn::GetAZs') malformed();
    },
  };
  for (const reference of collectReferences(name, walk, at)) {
    if (reference.kind === 'GetAtt' || !names.isParameterOrPseudo(reference.name)) malformed();
  }
}

function resolveOutputs(
  document: TemplateDocument,
  names: TemplateNames,
): { outputs: Record<string, string>; exports: Map<string, string> } {
  const outputs: Record<string, string> = {};
  const exports = new Map<string, string>();
  for (const output of activeOutputs(document, names)) {
    const at: Location = { section: 'Outputs', logicalId: output.key, path: [] };
    const value = outputText(resolveValue(output.value, names, below(at, 'Value')), below(at, 'Value'));
    outputs[output.key] = value;
    if (output.exportName === undefined) continue;
    const nameAt = below(below(at, 'Export'), 'Name');
    const name = outputText(resolveValue(output.exportName, names, nameAt), nameAt);
    if (exports.has(name)) throw errorAt(at, `Template error: the export name ${name} is used by two outputs`);
    exports.set(name, value);
  }
  return { outputs, exports };
}

/** An output's value is a string; a list (e.g. from Fn::GetAZs) is refused, as CloudFormation does. */
function outputText(value: unknown, at: Location): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === NO_VALUE) throw errorAt(at, 'Template error: an output value cannot be AWS::NoValue');
  throw errorAt(at, 'Template format error: The Value field of every Outputs member must evaluate to a String');
}

/**
 * A resource the mock does not create. References to it still resolve, to placeholders built the way CloudFormation
 * names things: `Ref` a generated physical name, `Arn` an ARN of the type's service holding that name, any other
 * attribute `<name>.<attribute>` (templates.md §2.1; the choice is the emulation's).
 */
function skippedPlaceholder(resource: ResourceDeclaration, context: ProvisionContext): StackResource {
  const physicalId = context.generatedName(resource.logicalId, 128);
  const service = resource.type.split('::')[1]?.toLowerCase() ?? 'unknown';
  return {
    state: 'skipped',
    type: resource.type,
    ref: physicalId,
    attribute: (name) =>
      name === 'Arn'
        ? `arn:${context.partition}:${service}:${context.region}:${context.accountId}:${physicalId}`
        : `${physicalId}.${name}`,
  };
}
