import type { Target } from '@aws-sdk/client-eventbridge';
import type { BusEvent } from './event.js';
import { eventsErrors } from './errors.js';

/**
 * What a target receives instead of the whole event (docs/aws-behaviour/eventbridge.md §6): compiled once at
 * PutTargets, rendered per delivery. `render` answers the body, or undefined when AWS silently drops the event (a
 * transformed template that is not JSON, §6.3).
 */
export interface CompiledInput {
  render(event: BusEvent, context: InputContext): string | undefined;
}

export interface InputContext {
  readonly ruleArn: string;
  readonly ruleName: string;
  readonly ingestionTime: string;
}

const WHOLE_EVENT: CompiledInput = { render: (event) => JSON.stringify(event) };

/** §6.3 [Docs]: the variables every template may use without a path. */
const RESERVED = new Set([
  'aws.events.rule-arn',
  'aws.events.rule-name',
  'aws.events.event.ingestion-time',
  'aws.events.event',
  'aws.events.event.json',
]);

/** Checks a target's input fields (throwing PutTargets' errors) and compiles them. */
export function compileInput(target: Target): CompiledInput {
  const id = target.Id ?? '';
  const given = [target.Input, target.InputPath, target.InputTransformer].filter((field) => field !== undefined);
  if (given.length > 1) throw eventsErrors.oneInputKind(id);
  if (target.Input !== undefined) {
    const input = target.Input;
    return { render: () => input };
  }
  if (target.InputPath !== undefined) {
    const path = parsePath(target.InputPath);
    // §6.2: the JSON of the value found; a path that finds nothing delivers nothing (Emulation, UNVERIFIED).
    return { render: (event) => (path ? jsonOf(lookup(event, path)) : undefined) };
  }
  if (target.InputTransformer !== undefined) return compileTransformer(id, target.InputTransformer);
  return WHOLE_EVENT;
}

function jsonOf(value: unknown): string | undefined {
  return value === undefined ? undefined : JSON.stringify(value);
}

function compileTransformer(id: string, transformer: NonNullable<Target['InputTransformer']>): CompiledInput {
  const template = transformer.InputTemplate ?? '';
  const paths = new Map<string, readonly PathStep[] | undefined>();
  for (const [name, path] of Object.entries(transformer.InputPathsMap ?? {})) paths.set(name, parsePath(path));
  for (const [, name] of template.matchAll(PLACEHOLDER)) {
    if (!paths.has(name!) && !RESERVED.has(name!)) throw eventsErrors.invalidPlaceholder(id, name!);
  }
  const trimmed = template.trimStart();
  // §6.3.1: a template that is not a JSON object or array is a string template.
  const json = trimmed.startsWith('{') || trimmed.startsWith('[');
  return {
    render(event, context) {
      const value = (name: string): unknown => {
        if (RESERVED.has(name)) return reservedValue(name, event, context);
        const path = paths.get(name);
        return path ? lookup(event, path) : undefined;
      };
      if (!json) return template.replace(PLACEHOLDER, (_, name: string) => rawText(value(name)));
      const out = fillJsonTemplate(template, value);
      try {
        JSON.parse(out);
      } catch {
        return undefined; // §6.3.2: silently not delivered.
      }
      return out;
    },
  };
}

const PLACEHOLDER = /<([^<>\s"]+)>/g;
const PLACEHOLDER_AT = /<([^<>\s"]+)>/y;

/**
 * §6.3.2, §6.3.3: outside quotes a value is inserted as JSON (missing: `""`); inside quotes a string is inserted as
 * it is and any other value as its JSON (so an object there makes invalid JSON, as on AWS).
 */
function fillJsonTemplate(template: string, value: (name: string) => unknown): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < template.length; i++) {
    const c = template[i]!;
    if (inString && c === '\\') {
      out += c + (template[i + 1] ?? '');
      i++;
      continue;
    }
    if (c === '"') inString = !inString;
    if (c === '<') {
      PLACEHOLDER_AT.lastIndex = i;
      const found = PLACEHOLDER_AT.exec(template);
      if (found) {
        const inserted = value(found[1]!);
        if (!inString) out += inserted === undefined ? '""' : JSON.stringify(inserted);
        else if (inserted !== undefined) out += typeof inserted === 'string' ? inserted : JSON.stringify(inserted);
        i += found[0].length - 1;
        continue;
      }
    }
    out += c;
  }
  return out;
}

/** §6.3.1: a value in a string template: strings as they are, objects and lists without quotes. */
function rawText(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `[${value.map(rawText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, inner]) => `${key}:${rawText(inner)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function reservedValue(name: string, event: BusEvent, context: InputContext): unknown {
  switch (name) {
    case 'aws.events.rule-arn':
      return context.ruleArn;
    case 'aws.events.rule-name':
      return context.ruleName;
    case 'aws.events.event.ingestion-time':
      return context.ingestionTime;
    case 'aws.events.event.json':
      return event;
    default: {
      // §6.3.4 [AWS-snap]: without detail, and `detail-type` recorded as `detailType`.
      const { detail: _detail, 'detail-type': detailType, ...rest } = event;
      return { ...rest, detailType };
    }
  }
}

type PathStep = string | number;

/** `$.detail.items[0].id` (dot and bracket steps); undefined when it is not such a path. */
function parsePath(path: string): readonly PathStep[] | undefined {
  if (path === '$') return [];
  if (!path.startsWith('$')) return undefined;
  const steps: PathStep[] = [];
  const step = /\.([^.[\]]+)|\[(\d+)\]|\['([^']*)'\]/y;
  let at = 1;
  while (at < path.length) {
    step.lastIndex = at;
    const match = step.exec(path);
    if (!match) return undefined;
    steps.push(match[2] !== undefined ? Number(match[2]) : (match[1] ?? match[3])!);
    at = step.lastIndex;
  }
  return steps;
}

function lookup(root: unknown, path: readonly PathStep[]): unknown {
  let value: unknown = root;
  for (const step of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[step];
  }
  return value;
}
