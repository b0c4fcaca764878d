import { TemplateError } from '../../core/provisioning/resource-type.js';
import { isIntrinsic, isRecord } from './values.js';

/**
 * SAM's `Globals` section (docs/aws-behaviour/templates.md §5.3): `Globals.Function` gives every
 * `AWS::Serverless::Function` its properties, merged under the function's own. Every function property may be
 * global except these.
 */
const NOT_GLOBAL = ['Role', 'Policies', 'FunctionName', 'Events'];

/** The global function properties of a template, checked. */
export function functionGlobals(template: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const globals = template['Globals'];
  if (globals === undefined) return {};
  if (!isRecord(globals)) throw globalsError('It must be a non-empty dictionary');
  const section = globals['Function'];
  if (section === undefined) return {};
  if (!isRecord(section)) throw globalsError('Value of Function must be a dictionary');
  for (const key of Object.keys(section)) {
    if (NOT_GLOBAL.includes(key)) throw globalsError(`'${key}' is not a supported property of 'Function'.`);
  }
  return section;
}

function globalsError(detail: string): TemplateError {
  return new TemplateError(`Structure of the SAM template is invalid. 'Globals' section is invalid. ${detail}`);
}

/**
 * The merge: the local value wins for scalars, intrinsic functions (which resolve to scalars) and values of different
 * kinds; maps merge key by key; lists are the global items then the local ones.
 */
export function mergeGlobal(global: unknown, local: unknown): unknown {
  const kind = (value: unknown): 'list' | 'map' | 'scalar' =>
    Array.isArray(value) ? 'list' : isRecord(value) && !isIntrinsic(value) ? 'map' : 'scalar';
  const globalKind = kind(global);
  if (globalKind !== kind(local) || globalKind === 'scalar') return local;
  if (globalKind === 'list') return [...(global as unknown[]), ...(local as unknown[])];
  const merged: Record<string, unknown> = { ...(global as Record<string, unknown>) };
  for (const [key, value] of Object.entries(local as Record<string, unknown>)) {
    merged[key] = Object.hasOwn(merged, key) ? mergeGlobal(merged[key], value) : value;
  }
  return merged;
}

/**
 * A function's properties with the globals merged in, except those its `IgnoreGlobals` resource attribute names
 * (`'*'` for all).
 */
export function withGlobals(
  globals: Readonly<Record<string, unknown>>,
  properties: Readonly<Record<string, unknown>>,
  ignore: unknown,
): Record<string, unknown> {
  if (ignore === '*') return { ...properties };
  const ignored = new Set(Array.isArray(ignore) ? ignore : typeof ignore === 'string' ? [ignore] : []);
  const applied = Object.fromEntries(Object.entries(globals).filter(([key]) => !ignored.has(key)));
  return mergeGlobal(applied, properties) as Record<string, unknown>;
}
