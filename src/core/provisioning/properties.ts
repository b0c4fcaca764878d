import { TemplateError, type ResourceRequest } from './resource-type.js';

/**
 * How a resource type's properties are checked before any call: the registry schema's names, required keys and
 * value types, answered in CloudFormation's own words ("Properties validation failed for resource <id> with message:
 * #: extraneous key [X] is not permitted", docs/aws-behaviour/templates.md §3.10), then turned into the strings the
 * service's API takes. Templates write numbers and booleans either as JSON values or as strings (§3.10).
 */

/**
 * `integer` and `boolean` become the API's strings (SQS and SNS attributes), `integerValue` and `booleanValue` the
 * JSON number and boolean (Lambda's members); `string` takes any scalar; `json` takes an object (serialised) or
 * a string (as given); `list` and `object` are checked for shape and handed on as they are; `any` is not checked
 * (properties accepted and not emulated, such as Lambda's `Code`).
 */
export type PropertyKind =
  'string' | 'integer' | 'boolean' | 'integerValue' | 'booleanValue' | 'json' | 'list' | 'object' | 'any';

/** Properties accepted as they are: those the emulation has no use for, or that the model behind judges. */
export function unchecked(names: readonly string[]): Record<string, PropertyKind> {
  return Object.fromEntries(names.map((name): [string, PropertyKind] => [name, 'any']));
}

export interface PropertySchema {
  readonly properties: Readonly<Record<string, PropertyKind>>;
  readonly required?: readonly string[];
}

/** The name the schema validator gives a value's JSON type. */
function foundType(value: unknown): string {
  if (Array.isArray(value)) return 'JSONArray';
  if (value === null) return 'Null';
  switch (typeof value) {
    case 'string':
      return 'String';
    case 'boolean':
      return 'Boolean';
    case 'number':
      return Number.isInteger(value) ? 'Integer' : 'Number';
    default:
      return 'JSONObject';
  }
}

export function validationError(request: ResourceRequest, detail: string, property?: string): TemplateError {
  return new TemplateError(
    `Properties validation failed for resource ${request.logicalId} with message: ${detail}`,
    request.logicalId,
    property,
  );
}

function typeError(request: ResourceRequest, name: string, expected: string, value: unknown): TemplateError {
  return validationError(request, `#/${name}: expected type: ${expected}, found: ${foundType(value)}`, name);
}

const EXPECTED: Readonly<Record<PropertyKind, string>> = {
  string: 'String',
  integer: 'Integer',
  boolean: 'Boolean',
  integerValue: 'Integer',
  booleanValue: 'Boolean',
  json: 'JSONObject',
  list: 'JSONArray',
  object: 'JSONObject',
  any: '',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** One property's value as the service's API takes it; throws the schema's type error. */
function converted(request: ResourceRequest, name: string, kind: PropertyKind, value: unknown): unknown {
  const wrong = (): TemplateError => typeError(request, name, EXPECTED[kind], value);
  switch (kind) {
    case 'string':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      throw wrong();
    case 'integer':
      if (typeof value === 'number' && Number.isInteger(value)) return String(value);
      if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return value.trim();
      throw wrong();
    case 'boolean':
      if (typeof value === 'boolean') return String(value);
      if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase();
      throw wrong();
    case 'integerValue':
      return Number(converted(request, name, 'integer', value));
    case 'booleanValue':
      return converted(request, name, 'boolean', value) === 'true';
    case 'json':
      if (typeof value === 'string') return value;
      if (isRecord(value)) return JSON.stringify(value);
      throw wrong();
    case 'list':
      if (Array.isArray(value)) return value;
      throw wrong();
    case 'object':
      if (isRecord(value)) return value;
      throw wrong();
    case 'any':
      return value;
  }
}

/**
 * The request's properties checked against `schema` and converted; absent (undefined) ones are left out, as
 * `AWS::NoValue` leaves them.
 */
export function readProperties(request: ResourceRequest, schema: PropertySchema): Record<string, unknown> {
  const given = request.properties;
  for (const name of Object.keys(given)) {
    if (given[name] !== undefined && !Object.hasOwn(schema.properties, name)) {
      throw validationError(request, `#: extraneous key [${name}] is not permitted`, name);
    }
  }
  for (const name of schema.required ?? []) {
    if (given[name] === undefined) throw validationError(request, `#: required key [${name}] not found`, name);
  }
  const read: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(schema.properties)) {
    const value = given[name];
    if (value !== undefined) read[name] = converted(request, name, kind, value);
  }
  return read;
}

/** A `[{Key, Value}]` tag list (the shape every resource here takes) as a map. */
export function tagMap(request: ResourceRequest, name: string, value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (!Array.isArray(value)) throw typeError(request, name, 'JSONArray', value);
  const tags: Record<string, string> = {};
  value.forEach((tag: unknown, index) => {
    const at = `${name}/${index}`;
    if (!isRecord(tag)) throw typeError(request, at, 'JSONObject', tag);
    for (const key of ['Key', 'Value']) {
      if (tag[key] === undefined) throw validationError(request, `#/${at}: required key [${key}] not found`, name);
      if (typeof tag[key] !== 'string') throw typeError(request, `${at}/${key}`, 'String', tag[key]);
    }
    tags[tag['Key'] as string] = tag['Value'] as string;
  });
  return tags;
}

/** The list items of a `list` property that must each be a string (queue URLs, topic ARNs). */
export function stringItems(request: ResourceRequest, name: string, value: unknown): string[] {
  const items = Array.isArray(value) ? value : [];
  return items.map((item: unknown, index) => {
    if (typeof item !== 'string') throw typeError(request, `${name}/${index}`, 'String', item);
    return item;
  });
}

/** The items of a `list` property that must each be an object. */
export function objectItems(request: ResourceRequest, name: string, value: unknown): Record<string, unknown>[] {
  const items = Array.isArray(value) ? value : [];
  return items.map((item: unknown, index) => {
    if (!isRecord(item)) throw typeError(request, `${name}/${index}`, 'JSONObject', item);
    return item;
  });
}
