/**
 * The Parameters section: each parameter's value, from the caller or its Default, checked against its constraints
 * (docs/aws-behaviour/templates.md §1.2). CloudFormation's texts are used where they are recorded.
 */
import { TemplateError } from '../../core/provisioning/resource-type.js';
import { describeValue } from '../../core/util/text.js';

/** A parameter's value: a string, or a list of strings for the list types. */
export type ParameterValue = string | readonly string[];

/** What `Ref` gives for a parameter: its value, or (for a value only AWS could supply) the reason there is none. */
export type ParameterLookup = { readonly value: ParameterValue } | { readonly missing: string };

const LIST_TYPES = /^(CommaDelimitedList|List<.+>)$/;
const SSM_TYPE = /^AWS::SSM::Parameter::Value<(.+)>$/;
const AWS_SPECIFIC_TYPE = /^(List<)?AWS::[A-Za-z0-9]+::[A-Za-z0-9:]+>?$/;

/** The value a caller may give: text, a number, or (for the list types) a list. */
export type GivenParameter = string | number | boolean | readonly (string | number)[];

export function resolveParameters(
  declarations: Readonly<Record<string, unknown>>,
  given: Readonly<Record<string, GivenParameter>> = {},
): Map<string, ParameterLookup> {
  if (Object.keys(declarations).length === 0 && Object.keys(given).length > 0) {
    throw new TemplateError('Parameter values specified for a template which does not require them.');
  }
  const undeclared = Object.keys(given).filter((name) => !Object.hasOwn(declarations, name));
  if (undeclared.length > 0)
    throw new TemplateError(`Parameters: [${undeclared.join(', ')}] do not exist in the template`);

  const values = new Map<string, ParameterLookup>();
  const withoutValue: string[] = [];
  for (const [name, declaration] of Object.entries(declarations)) {
    const spec = parameterSpec(name, declaration);
    // An SSM parameter's Default is a Parameter Store key, not its value (§1.2): only a given value counts.
    const fallback = SSM_TYPE.test(spec.Type) ? undefined : spec.Default;
    const raw = Object.hasOwn(given, name) ? given[name] : fallback;
    if (raw === undefined || raw === null) {
      const reason = valueAwsWouldSupply(name, spec);
      if (reason) values.set(name, { missing: reason });
      else withoutValue.push(name);
      continue;
    }
    values.set(name, { value: checkedValue(name, spec, raw) });
  }
  if (withoutValue.length > 0) throw new TemplateError(`Parameters: [${withoutValue.join(', ')}] must have values`);
  return values;
}

interface ParameterSpec {
  readonly Type: string;
  readonly Default?: unknown;
  readonly AllowedValues?: unknown;
  readonly AllowedPattern?: unknown;
  readonly MinLength?: unknown;
  readonly MaxLength?: unknown;
  readonly MinValue?: unknown;
  readonly MaxValue?: unknown;
  readonly ConstraintDescription?: unknown;
}

function parameterSpec(name: string, declaration: unknown): ParameterSpec {
  if (typeof declaration !== 'object' || declaration === null || Array.isArray(declaration)) {
    throw new TemplateError(`Template format error: Parameter ${name} must be an object`, name);
  }
  const spec = declaration as Record<string, unknown>;
  if (typeof spec['Type'] !== 'string') {
    throw new TemplateError(`Template format error: Every Parameters object must contain a Type member.`, name);
  }
  const type = spec['Type'];
  if (
    !['String', 'Number'].includes(type) &&
    !LIST_TYPES.test(type) &&
    !SSM_TYPE.test(type) &&
    !AWS_SPECIFIC_TYPE.test(type)
  ) {
    throw new TemplateError(`Template format error: Unrecognized parameter type: ${type}`, name);
  }
  if (spec['AllowedValues'] !== undefined && !Array.isArray(spec['AllowedValues'])) {
    throw new TemplateError('Template format error: Every AllowedValues member must be a list.', name);
  }
  return spec as unknown as ParameterSpec;
}

/**
 * A parameter without a value that only AWS could fill in: an SSM parameter (its value is read from Parameter
 * Store; CDK's `BootstrapVersion`, which only Rules use) and the legacy CDK `AssetParameters…` (§1.5). The stack
 * provisions; a `Ref` to it fails with this reason.
 */
function valueAwsWouldSupply(name: string, spec: ParameterSpec): string | undefined {
  if (SSM_TYPE.test(spec.Type)) {
    return (
      `parameter ${name} is read from SSM Parameter Store, which sqs-sns-mock does not emulate: ` +
      `give its value in provision's parameters`
    );
  }
  if (name.startsWith('AssetParameters')) {
    return `parameter ${name} is a CDK asset parameter: give its value in provision's parameters`;
  }
  return undefined;
}

function checkedValue(name: string, spec: ParameterSpec, raw: unknown): ParameterValue {
  const list = LIST_TYPES.test(spec.Type);
  const items = list ? listItems(name, raw) : [scalarText(name, raw)];
  const constraintFailed = (text: string): never => {
    const description = typeof spec.ConstraintDescription === 'string' ? spec.ConstraintDescription : undefined;
    throw new TemplateError(
      description ? `Parameter ${name} failed to satisfy constraint: ${description}` : text,
      name,
    );
  };
  const numeric = spec.Type === 'Number' || spec.Type === 'List<Number>';
  for (const item of items) {
    if (numeric && !isNumber(item)) constraintFailed(`Parameter '${name}' must be a number`);
    checkConstraints(name, spec, item, numeric, constraintFailed);
  }
  return list ? items : items[0]!;
}

function checkConstraints(
  name: string,
  spec: ParameterSpec,
  item: string,
  numeric: boolean,
  fail: (text: string) => never,
): void {
  const allowed = spec.AllowedValues as unknown[] | undefined;
  if (allowed && !allowed.some((value) => scalarText(name, value) === item)) {
    fail(`Parameter '${name}' must be one of AllowedValues`);
  }
  if (typeof spec.AllowedPattern === 'string' && !new RegExp(`^(?:${spec.AllowedPattern})$`).test(item)) {
    fail(`Parameter ${name} must match pattern ${spec.AllowedPattern}`);
  }
  const minLength = bound(spec.MinLength);
  if (minLength !== undefined && item.length < minLength) {
    fail(`Parameter '${name}' must contain at least ${minLength} characters`);
  }
  const maxLength = bound(spec.MaxLength);
  if (maxLength !== undefined && item.length > maxLength) {
    fail(`Parameter '${name}' must contain at most ${maxLength} characters`);
  }
  if (!numeric) return;
  const minValue = bound(spec.MinValue);
  if (minValue !== undefined && Number(item) < minValue) {
    fail(`Parameter '${name}' must be a number not less than ${minValue}`);
  }
  const maxValue = bound(spec.MaxValue);
  if (maxValue !== undefined && Number(item) > maxValue) {
    fail(`Parameter '${name}' must be a number not greater than ${maxValue}`);
  }
}

function bound(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

function isNumber(text: string): boolean {
  return text.trim() !== '' && Number.isFinite(Number(text));
}

/** A Number parameter's `Ref` is a string (§1.2): values are kept as text. */
function scalarText(name: string, raw: unknown): string {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  throw new TemplateError(`Parameter '${name}' must be a string, got ${describeValue(raw)}`, name);
}

/** `"80, 20"` → `["80", "20"]`: items trimmed of spaces (§1.2); a given list is taken as it is. */
function listItems(name: string, raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.map((item) => scalarText(name, item));
  return scalarText(name, raw)
    .split(',')
    .map((item) => item.trim());
}
