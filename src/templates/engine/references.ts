/**
 * The names a value refers to, found without resolving it: what orders the resources (docs/aws-behaviour/
 * templates.md §1.7) and what template validation checks before anything is created (§1.1). An `Fn::If` counts only
 * through the branch its condition picks, as CloudFormation resolves it.
 */
import { intrinsicName } from './intrinsics.js';
import { below, errorAt, type Location } from './location.js';
import { parseSub, splitAttributeReference } from './sub-template.js';

export interface Reference {
  /** `Ref` and `${Name}` name a parameter, pseudo parameter or resource; `GetAtt` (and `${Name.Attr}`) a resource. */
  readonly kind: 'Ref' | 'GetAtt';
  /** For Fn::Sub, `Sub`: its errors name the function. */
  readonly via: 'Ref' | 'Fn::GetAtt' | 'Fn::Sub';
  readonly name: string;
  readonly at: Location;
}

export interface ReferenceWalk {
  /** The value of a declared condition; throws for an undeclared one. */
  condition(name: string, at: Location): boolean;
  /** Called for every function found, e.g. to refuse `Fn::ImportValue` where it may not be used. */
  onFunction?(name: string, at: Location): void;
}

export function collectReferences(
  value: unknown,
  walk: ReferenceWalk,
  at: Location,
  into: Reference[] = [],
): Reference[] {
  if (Array.isArray(value)) {
    value.forEach((item, index) => collectReferences(item, walk, below(at, index), into));
    return into;
  }
  if (typeof value !== 'object' || value === null) return into;
  const name = intrinsicName(value);
  if (name === undefined) {
    for (const [key, member] of Object.entries(value)) collectReferences(member, walk, below(at, key), into);
    return into;
  }
  const argument = (value as Record<string, unknown>)[name];
  const fnAt = below(at, name);
  walk.onFunction?.(name, fnAt);
  switch (name) {
    case 'Ref':
      if (typeof argument === 'string') into.push({ kind: 'Ref', via: 'Ref', name: argument, at: fnAt });
      return into;
    case 'Fn::GetAtt': {
      const target = Array.isArray(argument)
        ? argument[0]
        : typeof argument === 'string'
          ? splitAttributeReference(argument)?.[0]
          : undefined;
      if (typeof target === 'string') into.push({ kind: 'GetAtt', via: 'Fn::GetAtt', name: target, at: fnAt });
      if (Array.isArray(argument)) collectReferences(argument[1], walk, below(fnAt, 1), into);
      return into;
    }
    case 'Fn::Sub':
      return collectSubReferences(argument, walk, fnAt, into);
    case 'Fn::If': {
      if (!Array.isArray(argument) || typeof argument[0] !== 'string') return into;
      const branch = walk.condition(argument[0], fnAt) ? 1 : 2;
      return collectReferences(argument[branch], walk, below(fnAt, branch), into);
    }
    default:
      return collectReferences(argument, walk, fnAt, into);
  }
}

function collectSubReferences(argument: unknown, walk: ReferenceWalk, at: Location, into: Reference[]): Reference[] {
  const [template, variables] = Array.isArray(argument) ? argument : [argument, undefined];
  if (typeof template !== 'string') return into;
  const given =
    typeof variables === 'object' && variables !== null && !Array.isArray(variables)
      ? (variables as Record<string, unknown>)
      : {};
  collectReferences(given, walk, below(at, 1), into);
  let parts;
  try {
    parts = parseSub(template);
  } catch (error) {
    throw errorAt(at, (error as Error).message);
  }
  for (const part of parts) {
    if (!('variable' in part) || Object.hasOwn(given, part.variable)) continue;
    const attribute = splitAttributeReference(part.variable);
    into.push(
      attribute
        ? { kind: 'GetAtt', via: 'Fn::Sub', name: attribute[0], at }
        : { kind: 'Ref', via: 'Fn::Sub', name: part.variable, at },
    );
  }
  return into;
}
