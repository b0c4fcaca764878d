/**
 * A template's sections, checked for shape (docs/aws-behaviour/templates.md §1.1, §1.7): what the engine reads.
 * Metadata and Rules are accepted and not read (§1.4, §1.5).
 */
import { TemplateError } from '../../core/provisioning/resource-type.js';

export interface ResourceDeclaration {
  readonly logicalId: string;
  readonly type: string;
  readonly properties: unknown;
  readonly condition: string | undefined;
  readonly dependsOn: readonly string[];
}

export interface OutputDeclaration {
  readonly key: string;
  readonly value: unknown;
  readonly condition: string | undefined;
  /** The `Export.Name` expression, when the output is exported. */
  readonly exportName: unknown;
}

export interface TemplateDocument {
  readonly parameters: Readonly<Record<string, unknown>>;
  readonly mappings: Readonly<Record<string, unknown>>;
  readonly conditions: Readonly<Record<string, unknown>>;
  /** In template order. */
  readonly resources: readonly ResourceDeclaration[];
  readonly outputs: readonly OutputDeclaration[];
}

const SECTIONS = new Set([
  'AWSTemplateFormatVersion',
  'Description',
  'Metadata',
  'Parameters',
  'Rules',
  'Mappings',
  'Conditions',
  'Transform',
  'Resources',
  'Outputs',
]);

const LOGICAL_ID = /^[A-Za-z0-9]+$/;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `record[key]` if the template wrote it: a template's keys are data, so `__proto__`, `constructor` or `toString`
 * never reach `Object.prototype` (CloudFormation has no such members).
 */
export function ownMember(record: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function section(template: Record<string, unknown>, name: string): Record<string, unknown> {
  const value = template[name];
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) throw new TemplateError(`Template format error: ${name} must be an object`);
  return value;
}

export function readTemplate(template: unknown): TemplateDocument {
  if (!isRecord(template)) throw new TemplateError('Template format error: the template must be a JSON or YAML object');
  const unknown = Object.keys(template).filter((key) => !SECTIONS.has(key));
  if (unknown.length > 0) {
    throw new TemplateError(`Invalid template property or properties [${unknown.join(', ')}]`);
  }
  const version = template['AWSTemplateFormatVersion'];
  if (version !== undefined && String(version) !== '2010-09-09') {
    throw new TemplateError(`Template format error: '${String(version)}' is not a supported AWSTemplateFormatVersion`);
  }
  const resources = section(template, 'Resources');
  if (Object.keys(resources).length === 0) {
    throw new TemplateError('Template format error: At least one Resources member must be defined.');
  }
  const parameters = section(template, 'Parameters');
  for (const name of Object.keys(parameters)) {
    // §1.2 [AWS-snap]: a parameter's name is a logical id.
    if (!LOGICAL_ID.test(name))
      throw new TemplateError(`Template format error: Parameter name ${name} is non alphanumeric.`, name);
  }
  const mappings = section(template, 'Mappings');
  checkMappings(mappings);
  // A name is a parameter or a resource, never both (§1.7): `Ref` could not tell them apart.
  const both = Object.keys(resources).filter((logicalId) => Object.hasOwn(parameters, logicalId));
  if (both.length > 0) {
    throw new TemplateError(
      `Template format error: the logical ids [${both.join(', ')}] name both a parameter and a resource`,
      both[0],
    );
  }
  return {
    parameters,
    mappings,
    conditions: section(template, 'Conditions'),
    resources: Object.entries(resources).map(([logicalId, declaration]) => readResource(logicalId, declaration)),
    outputs: Object.entries(section(template, 'Outputs')).map(([key, declaration]) => readOutput(key, declaration)),
  };
}

/**
 * §1.4: each map holds top-level keys, each of them a map of second-level keys to a string or a list (a number or a
 * boolean is read as its text). Nothing in Mappings is resolved, so a `Ref` there is a map of the wrong kind.
 */
function checkMappings(mappings: Readonly<Record<string, unknown>>): void {
  for (const [name, map] of Object.entries(mappings)) {
    // Emulation: a map that is not one is refused in the words AWS uses for a top-level key's.
    if (!isRecord(map)) throw new TemplateError(`Template format error: Every Mappings member ${name} must be a map`);
    for (const [topKey, attributes] of Object.entries(map)) {
      if (!isRecord(attributes))
        throw new TemplateError(`Template format error: Every Mappings member ${topKey} must be a map`);
      for (const value of Object.values(attributes)) {
        if (isRecord(value) || value === null || value === undefined)
          throw new TemplateError('Template format error: Every Mappings attribute must be a String or a List.');
      }
    }
  }
}

function readResource(logicalId: string, declaration: unknown): ResourceDeclaration {
  if (!LOGICAL_ID.test(logicalId)) {
    throw new TemplateError(`Template format error: Resource name ${logicalId} is non alphanumeric.`, logicalId);
  }
  if (!isRecord(declaration)) {
    throw new TemplateError('Template format error: Every Resources member must be an object.', logicalId);
  }
  if (typeof declaration['Type'] !== 'string') {
    throw new TemplateError(
      `Template format error: [/Resources/${logicalId}] Every Resources object must contain a Type member.`,
      logicalId,
    );
  }
  const properties = declaration['Properties'] ?? {};
  if (!isRecord(properties)) {
    throw new TemplateError(`Template format error: [/Resources/${logicalId}/Properties] must be an object`, logicalId);
  }
  const dependsOn = declaration['DependsOn'];
  const dependencies = dependsOn === undefined ? [] : Array.isArray(dependsOn) ? dependsOn : [dependsOn];
  if (!dependencies.every((name): name is string => typeof name === 'string')) {
    throw new TemplateError(
      `Template format error: DependsOn of resource ${logicalId} must be a string or a list of strings`,
      logicalId,
    );
  }
  return {
    logicalId,
    type: declaration['Type'],
    properties,
    condition: conditionName(declaration['Condition'], `resource ${logicalId}`, logicalId),
    dependsOn: dependencies,
  };
}

function readOutput(key: string, declaration: unknown): OutputDeclaration {
  if (!isRecord(declaration) || declaration['Value'] === undefined) {
    throw new TemplateError(`Template format error: Every Outputs member must contain a Value object`, key);
  }
  const exported = declaration['Export'];
  if (exported !== undefined && (!isRecord(exported) || exported['Name'] === undefined)) {
    throw new TemplateError(`Template format error: Output ${key} is malformed. Export must contain a Name`, key);
  }
  return {
    key,
    value: declaration['Value'],
    condition: conditionName(declaration['Condition'], `output ${key}`, key),
    exportName: isRecord(exported) ? exported['Name'] : undefined,
  };
}

function conditionName(value: unknown, owner: string, logicalId: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw new TemplateError(`Template format error: the Condition of ${owner} must be a condition name`, logicalId);
  }
  return value;
}
