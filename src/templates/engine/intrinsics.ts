/**
 * Resolves the intrinsic functions of a value: Ref, Fn::GetAtt, Fn::Sub, Fn::Join, Fn::Select, Fn::Split,
 * Fn::GetAZs, Fn::ImportValue, Fn::Base64, Fn::FindInMap and Fn::If (docs/aws-behaviour/templates.md §2.2).
 * What a name stands for (a parameter, a resource, an export) is the scope's business.
 */
import { below, errorAt, type Location } from './location.js';
import { parseSub, splitAttributeReference } from './sub-template.js';

/** What `{"Ref": "AWS::NoValue"}` gives: the enclosing property or list item is removed (§1.3). */
export const NO_VALUE: unique symbol = Symbol('AWS::NoValue');

export interface Scope {
  /** The stack's region, for `Fn::GetAZs ""`. */
  readonly region: string;
  /** A parameter's, pseudo parameter's or resource's value; `NO_VALUE` for `AWS::NoValue`. */
  ref(name: string, at: Location): unknown;
  getAtt(logicalId: string, attribute: string, at: Location): unknown;
  condition(name: string, at: Location): boolean;
  mapping(name: string, topKey: string, secondKey: string, at: Location): unknown;
  importValue(name: string, at: Location): unknown;
}

/** The functions allowed only in the Conditions section (§1.3). */
export const CONDITION_FUNCTIONS = new Set(['Fn::Equals', 'Fn::Not', 'Fn::And', 'Fn::Or']);

/** Functions CloudFormation has that the emulation does not evaluate (§2.2; §1.1 for the language extensions). */
const NOT_EMULATED = new Set([
  'Fn::Cidr',
  'Fn::Transform',
  'Fn::Length',
  'Fn::ToJsonString',
  'Fn::GetStackOutput',
  'Fn::Contains',
  'Fn::EachMemberEquals',
  'Fn::EachMemberIn',
  'Fn::RefAll',
  'Fn::ValueOf',
  'Fn::ValueOfAll',
]);

/** The function name of a one-key object `{"Ref": …}` / `{"Fn::X": …}`, else undefined. */
export function intrinsicName(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1) return undefined;
  const key = keys[0]!;
  return key === 'Ref' || key.startsWith('Fn::') ? key : undefined;
}

/** Throws the error for a function that is not one of §2.2's, or is not allowed where it is. */
export function refuseFunction(name: string, at: Location): never {
  if (CONDITION_FUNCTIONS.has(name)) throw errorAt(at, `${name} can be used only in the Conditions section`);
  if (NOT_EMULATED.has(name) || name.startsWith('Fn::ForEach')) {
    throw errorAt(at, `${name} is not emulated by sqs-sns-mock`);
  }
  throw errorAt(at, `unknown intrinsic function ${name}`);
}

type Handler = (argument: unknown, scope: Scope, at: Location) => unknown;

const OWN_MEMBER = { enumerable: true, writable: true, configurable: true } as const;

/** Resolves every intrinsic function in `value`; `NO_VALUE` when the whole value is removed. */
export function resolveValue(value: unknown, scope: Scope, at: Location): unknown {
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    value.forEach((item, index) => {
      const resolved = resolveValue(item, scope, below(at, index));
      if (resolved !== NO_VALUE) items.push(resolved);
    });
    return items;
  }
  if (typeof value !== 'object' || value === null) return value;
  const name = intrinsicName(value);
  if (name !== undefined) {
    const handler = HANDLERS[name];
    const fnAt = below(at, name);
    if (!handler) refuseFunction(name, fnAt);
    return handler((value as Record<string, unknown>)[name], scope, fnAt);
  }
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    const resolved = resolveValue(member, scope, below(at, key));
    if (resolved === NO_VALUE) continue;
    // Defined, not assigned: a key `__proto__` is the template's, not the object's prototype.
    if (key === '__proto__') Object.defineProperty(out, key, { value: resolved, ...OWN_MEMBER });
    else out[key] = resolved;
  }
  return out;
}

/** A resolved value as text: strings as they are, numbers and booleans as CloudFormation writes them (§2.2). */
function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function resolveText(value: unknown, scope: Scope, at: Location, fail: () => never): string {
  const text = asText(resolveValue(value, scope, at));
  return text ?? fail();
}

function resolveList(value: unknown, scope: Scope, at: Location, fail: () => never): unknown[] {
  const resolved = resolveValue(value, scope, at);
  return Array.isArray(resolved) ? resolved : fail();
}

function pair(argument: unknown, length: number): unknown[] | undefined {
  return Array.isArray(argument) && argument.length === length ? argument : undefined;
}

const GET_ATT_SHAPE =
  'Template error: every Fn::GetAtt object requires two non-empty parameters, the resource name and the resource ' +
  'attribute';
const JOIN_SHAPE =
  'Template error: every Fn::Join object requires two parameters, (1) a string delimiter and (2) a list of strings ' +
  'to be joined or a function that returns a list of strings (such as Fn::GetAZs) to be joined.';
const SPLIT_SHAPE =
  'Template error: every Fn::Split object requires two parameters, (1) a string delimiter and (2) a string to be ' +
  'split or a function that returns a string to be split.';
const SELECT_SHAPE =
  'Template error: Fn::Select requires a list argument with two elements: an integer index and a list';
const FIND_IN_MAP_SHAPE =
  'Template error: every Fn::FindInMap object requires three parameters, the map name, map key and the attribute ' +
  'for return value';
const IF_SHAPE =
  'Template error: every Fn::If object requires three parameters: a condition name, a value if true, and a value ' +
  'if false';
const SUB_SHAPE =
  "Template error: One or more Fn::Sub intrinsic functions don't specify expected arguments. Specify a string as " +
  'first argument, and an optional second argument to specify a mapping of values to replace in the string';

const HANDLERS: Readonly<Record<string, Handler>> = {
  Ref(argument, scope, at) {
    if (typeof argument !== 'string')
      throw errorAt(at, 'Template format error: Every Ref object must have a single String value.');
    return scope.ref(argument, at);
  },

  'Fn::GetAtt'(argument, scope, at) {
    const fail = (): never => {
      throw errorAt(at, GET_ATT_SHAPE);
    };
    let logicalId: unknown;
    let attribute: unknown;
    if (typeof argument === 'string') [logicalId, attribute] = splitAttributeReference(argument) ?? fail();
    else [logicalId, attribute] = pair(argument, 2) ?? fail();
    if (typeof logicalId !== 'string' || logicalId === '') fail();
    const name = resolveText(attribute, scope, below(at, 1), fail);
    if (name === '') fail();
    return scope.getAtt(logicalId as string, name, at);
  },

  'Fn::Sub'(argument, scope, at) {
    const fail = (): never => {
      throw errorAt(at, SUB_SHAPE);
    };
    const [template, variables] =
      typeof argument === 'string' ? [argument, undefined] : (pair(argument, 2) ?? pair(argument, 1) ?? fail());
    if (typeof template !== 'string') fail();
    let given: Record<string, unknown> = {};
    if (variables !== undefined) {
      if (typeof variables !== 'object' || variables === null || Array.isArray(variables)) fail();
      given = variables as Record<string, unknown>;
    }
    let parts;
    try {
      parts = parseSub(template as string);
    } catch (error) {
      throw errorAt(at, (error as Error).message);
    }
    return parts
      .map((part) => {
        if ('text' in part) return part.text;
        const name = part.variable;
        const value = Object.hasOwn(given, name)
          ? resolveValue(given[name], scope, below(below(at, 1), name))
          : subVariable(name, scope, at);
        const text = asText(value);
        if (text === undefined) {
          throw errorAt(at, `Template error: variable ${name} in Fn::Sub expression does not resolve to a string`);
        }
        return text;
      })
      .join('');
  },

  'Fn::Join'(argument, scope, at) {
    const fail = (): never => {
      throw errorAt(at, JOIN_SHAPE);
    };
    const [delimiter, list] = pair(argument, 2) ?? fail();
    if (typeof delimiter !== 'string') fail();
    const items = resolveList(list, scope, below(at, 1), fail);
    return items.map((item) => asText(item) ?? fail()).join(delimiter as string);
  },

  'Fn::Select'(argument, scope, at) {
    const fail = (): never => {
      throw errorAt(at, SELECT_SHAPE);
    };
    const [indexValue, list] = pair(argument, 2) ?? fail();
    const indexText = resolveText(indexValue, scope, below(at, 0), fail);
    if (!/^\d+$/.test(indexText)) fail();
    const index = Number(indexText);
    const items = resolveList(list, scope, below(at, 1), fail);
    const item = items[index];
    if (index >= items.length || item === null || item === undefined) {
      throw errorAt(at, `Template error: Fn::Select cannot select nonexistent value at index ${index}`);
    }
    return item;
  },

  'Fn::Split'(argument, scope, at) {
    const fail = (): never => {
      throw errorAt(at, SPLIT_SHAPE);
    };
    const [delimiter, source] = pair(argument, 2) ?? fail();
    if (typeof delimiter !== 'string' || delimiter === '') fail();
    return resolveText(source, scope, below(at, 1), fail).split(delimiter as string);
  },

  'Fn::GetAZs'(argument, scope, at) {
    const region = resolveText(argument, scope, at, () => {
      throw errorAt(at, 'Template error: Fn::GetAZs requires a region name, or "" for the stack\'s region');
    });
    return availabilityZones(region === '' ? scope.region : region);
  },

  'Fn::ImportValue'(argument, scope, at) {
    const name = resolveText(argument, scope, at, () => {
      throw errorAt(at, 'Template error: Fn::ImportValue requires the name of an export, a string');
    });
    return scope.importValue(name, at);
  },

  'Fn::Base64'(argument, scope, at) {
    const text = resolveText(argument, scope, at, () => {
      throw errorAt(at, 'Template error: Fn::Base64 requires a string');
    });
    return Buffer.from(text, 'utf8').toString('base64');
  },

  'Fn::FindInMap'(argument, scope, at) {
    const fail = (): never => {
      throw errorAt(at, FIND_IN_MAP_SHAPE);
    };
    const keys = pair(argument, 3) ?? fail();
    const [map, top, second] = keys.map((key, index) => resolveText(key, scope, below(at, index), fail)) as [
      string,
      string,
      string,
    ];
    return scope.mapping(map, top, second, at);
  },

  'Fn::If'(argument, scope, at) {
    const fail = (): never => {
      throw errorAt(at, IF_SHAPE);
    };
    const [condition, whenTrue, whenFalse] = pair(argument, 3) ?? fail();
    if (typeof condition !== 'string') fail();
    return scope.condition(condition as string, at)
      ? resolveValue(whenTrue, scope, below(at, 1))
      : resolveValue(whenFalse, scope, below(at, 2));
  },
};

/** `${Name}` is what Ref gives, `${Name.Attr}` what Fn::GetAtt gives (§2.2). */
function subVariable(name: string, scope: Scope, at: Location): unknown {
  const attribute = splitAttributeReference(name);
  return attribute ? scope.getAtt(attribute[0], attribute[1], at) : scope.ref(name, at);
}

/**
 * The region's Availability Zones. An approximation: every region is given three, `<region>a` to `<region>c`,
 * where AWS lists the zones the account can use (§2.2).
 */
export function availabilityZones(region: string): string[] {
  return ['a', 'b', 'c'].map((letter) => `${region}${letter}`);
}
