/**
 * The one pass over a raw template, before anything else reads it: is it something CloudFormation could receive as
 * JSON? No cycle, no value JSON cannot hold (BigInt, NaN, a function, a Date, a Map, ...), no deeper than
 * `MAX_DEPTH`, no more values than a 1 MB template can hold (docs/aws-behaviour/templates.md §7.4). The walk keeps
 * its own stack, so a template nested thousands deep is refused rather than overflowing the call stack.
 */
import { TemplateError } from '../../core/provisioning/resource-type.js';
import { propertyOf, type Location } from './location.js';

/** The deepest nesting read: the template object is the first level (an emulation bound, §7.4). */
export const MAX_DEPTH = 100;
/** More values than a 1 MB template's JSON text can hold, a shared object counted at each place it is used (§7.4). */
export const MAX_VALUES = 524_288;

/** Where a value sits: its parent and key, so that a path is spelled only when an error needs it. */
interface Place {
  readonly value: unknown;
  readonly parent: Place | undefined;
  readonly key: string | number;
  /** The number of objects and lists from the root down to this one. */
  readonly depth: number;
  readonly inList: boolean;
}

/** What a value is, and what to write instead when that is worth saying. */
interface Problem {
  readonly what: string;
  readonly hint?: string;
}

/** Marks the end of an object's members on the walk's stack: it is no longer on the path. */
interface Leave {
  readonly leave: object;
}

export function checkTemplateShape(template: unknown): void {
  const onPath = new Set<object>();
  const stack: (Place | Leave)[] = [{ value: template, parent: undefined, key: '', depth: 1, inList: false }];
  let count = 0;
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ('leave' in item) {
      onPath.delete(item.leave);
      continue;
    }
    if (++count > MAX_VALUES) {
      throw new TemplateError(
        `Template format error: the template holds more than ${MAX_VALUES} values (an object used at several places ` +
          'counts at each), more than a 1 MB template can hold',
      );
    }
    const { value } = item;
    if (typeof value !== 'object' || value === null) {
      const problem = scalarProblem(value, item.inList);
      if (problem) throw shapeError(item, `is ${problem.what}, which JSON cannot hold${hinted(problem)}`);
      continue;
    }
    if (onPath.has(value)) {
      const ancestor = describe(ancestorHolding(item, value));
      throw shapeError(item, `refers back to ${ancestor}: the template is cyclic, which JSON cannot hold`);
    }
    if (item.depth > MAX_DEPTH) {
      throw shapeError(item, `nests more than ${MAX_DEPTH} levels deep, the most sqs-sns-mock reads`, true);
    }
    const problem = objectProblem(value);
    if (problem) throw shapeError(item, `is ${problem.what}, not a JSON object or list${hinted(problem)}`);
    onPath.add(value);
    stack.push({ leave: value });
    const depth = item.depth + 1;
    if (Array.isArray(value)) {
      // Pushed last to first, so that the first fault in template order is the one reported.
      for (let index = value.length - 1; index >= 0; index--) {
        stack.push({ value: value[index], parent: item, key: index, depth, inList: true });
      }
    } else {
      const keys = Object.keys(value);
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index]!;
        stack.push({ value: (value as Record<string, unknown>)[key], parent: item, key, depth, inList: false });
      }
    }
  }
}

/**
 * What is wrong with a value that is no object, if anything. `undefined` as a member's value means absent, as
 * `JSON.stringify` leaves it out; in a list it would silently become `null`, so it is refused there.
 */
function scalarProblem(value: unknown, inList: boolean): Problem | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'object': // null
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : { what: String(value) };
    case 'undefined':
      return inList ? { what: 'undefined inside a list', hint: 'JSON.stringify would write null there' } : undefined;
    case 'bigint':
      return { what: `a BigInt (${value}n)`, hint: 'write a number or a string' };
    case 'function':
      return { what: 'a function', hint: "a handler goes in provision's functions option, by logical id" };
    default:
      return { what: `a ${typeof value}` };
  }
}

/** Why an object is not a JSON object or list: its class, if it has one (a Date, a Map, an instance). */
function objectProblem(value: object): Problem | undefined {
  if (Array.isArray(value)) return undefined;
  const prototype: unknown = Object.getPrototypeOf(value);
  // A plain object has Object.prototype, or none, or (from another realm) a prototype whose own prototype is null.
  if (prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null) {
    return undefined;
  }
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  const kind = typeof name === 'string' && name !== '' ? name : 'an object with a class';
  const article = /^[AEIOU]/.test(kind) ? 'an' : 'a';
  return value instanceof Date
    ? { what: 'a Date', hint: 'write its text, date.toISOString()' }
    : { what: `${article} ${kind}` };
}

function hinted(problem: Problem): string {
  return problem.hint ? `: ${problem.hint}` : '';
}

function ancestorHolding(place: Place, value: object): Place {
  let ancestor = place.parent;
  while (ancestor && ancestor.value !== value) ancestor = ancestor.parent;
  return ancestor!;
}

function pathOf(place: Place): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Place | undefined = place; at?.parent; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** `Resources.Orders.Properties.Tags[3]`; a long path keeps its first 12 steps (`…` for the rest). */
function spelled(path: readonly (string | number)[], shorten = false): string {
  const steps = shorten && path.length > 12 ? path.slice(0, 12) : path;
  const text = steps.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`));
  return text.join('') + (steps.length < path.length ? '…' : '');
}

function describe(place: Place): string {
  return place.parent ? spelled(pathOf(place)) : 'the template itself';
}

const SECTIONS = new Set<string>(['Resources', 'Outputs', 'Conditions', 'Parameters']);

/** An error about the value at `place`, with the logical id and property when it is inside a resource. */
function shapeError(place: Place, text: string, shorten = false): TemplateError {
  const path = pathOf(place);
  const where = path.length === 0 ? 'The template' : spelled(path, shorten);
  const message = `Template format error: ${where} ${text}`;
  const [section, logicalId, ...below] = path;
  if (typeof section !== 'string' || !SECTIONS.has(section) || typeof logicalId !== 'string') {
    return new TemplateError(message);
  }
  const at: Location = { section: section as Location['section'], logicalId, path: below };
  return new TemplateError(message, logicalId, propertyOf(at));
}
