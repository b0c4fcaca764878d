/**
 * JSONPath as Step Functions reads it (docs/aws-behaviour/stepfunctions.md §2.2): Jayway's dialect, with `$` the
 * input, `$$` the context object and `$name` a variable as roots. A definite path (names and indexes) gives one value
 * or an error saying what was missing, in Jayway's words; an indefinite one (wildcards, slices, unions, deep scans,
 * filters) gives the array of what it matched, empty when nothing did.
 */
import { isObject, jsonEquals, type Json } from './json.js';

type Segment =
  | { readonly kind: 'name'; readonly name: string }
  | { readonly kind: 'index'; readonly index: number }
  | { readonly kind: 'wildcard' }
  | { readonly kind: 'slice'; readonly start?: number; readonly end?: number; readonly step?: number }
  | { readonly kind: 'names'; readonly names: readonly string[] }
  | { readonly kind: 'indexes'; readonly indexes: readonly number[] }
  | { readonly kind: 'deep'; readonly name: string | undefined }
  | { readonly kind: 'filter'; readonly test: FilterExpression };

/** `$` the input, `$$` the context object, or a variable by name. */
export type PathRoot =
  { readonly kind: 'input' } | { readonly kind: 'context' } | { readonly kind: 'variable'; readonly name: string };

export interface CompiledPath {
  readonly text: string;
  readonly root: PathRoot;
  readonly segments: readonly Segment[];
  readonly definite: boolean;
}

/** What a definite path did not find: Jayway's text. */
export class PathMissing extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PathMissing';
  }
}

const cache = new Map<string, CompiledPath | null>();

/** The path, parsed once; undefined for what is no JSONPath. */
export function compilePath(text: string): CompiledPath | undefined {
  let compiled = cache.get(text);
  if (compiled === undefined) {
    try {
      compiled = new Parser(text).path();
    } catch {
      compiled = null;
    }
    if (cache.size > 10_000) cache.clear();
    cache.set(text, compiled);
  }
  return compiled ?? undefined;
}

/** A reference path (ResultPath, ItemsPath...): names and indexes only. */
export function isReferencePath(path: CompiledPath): boolean {
  return path.definite;
}

/** Whether `text` reads as a JSONPath of Step Functions: `$`, `$.x`, `$[...]`, `$$...` or `$name...`. */
export function looksLikePath(text: string): boolean {
  return text.startsWith('$');
}

/** The value `path` selects from its root's value. Throws PathMissing for a definite path that misses. */
export function evaluatePath(path: CompiledPath, rootValue: Json): Json {
  if (path.definite) {
    let current: Json = rootValue;
    for (let i = 0; i < path.segments.length; i++) {
      const segment = path.segments[i]!;
      if (segment.kind === 'name') {
        if (!isObject(current) || !Object.prototype.hasOwnProperty.call(current, segment.name)) {
          const leaf = i === path.segments.length - 1;
          const shown = normalized(path, leaf ? path.segments.length : i + 1);
          throw new PathMissing(leaf ? `No results for path: ${shown}` : `Missing property in path ${shown}`);
        }
        current = current[segment.name]!;
      } else if (segment.kind === 'index') {
        if (!Array.isArray(current)) {
          throw new PathMissing(
            `Filter: [${segment.index}] can only be applied to arrays. Current context is: ${JSON.stringify(current)}`,
          );
        }
        const at = segment.index < 0 ? current.length + segment.index : segment.index;
        if (at < 0 || at >= current.length) {
          throw new PathMissing(`Index out of bounds when evaluating path ${normalized(path, i + 1)}`);
        }
        current = current[at]!;
      }
    }
    return current;
  }
  let nodes: Json[] = [rootValue];
  for (const segment of path.segments) nodes = nodes.flatMap((node) => step(node, segment));
  return nodes;
}

/** Jayway's normalized form of the first `count` segments: `$['a'][0]`. */
function normalized(path: CompiledPath, count: number): string {
  const head = path.root.kind === 'context' ? '$$' : path.root.kind === 'variable' ? `$${path.root.name}` : '$';
  return (
    head +
    path.segments
      .slice(0, count)
      .map((segment) =>
        segment.kind === 'name' ? `['${segment.name}']` : segment.kind === 'index' ? `[${segment.index}]` : '[*]',
      )
      .join('')
  );
}

function step(node: Json, segment: Segment): Json[] {
  switch (segment.kind) {
    case 'name':
      return isObject(node) && Object.prototype.hasOwnProperty.call(node, segment.name) ? [node[segment.name]!] : [];
    case 'index': {
      if (!Array.isArray(node)) return [];
      const at = segment.index < 0 ? node.length + segment.index : segment.index;
      return at >= 0 && at < node.length ? [node[at]!] : [];
    }
    case 'wildcard':
      return Array.isArray(node) ? [...node] : isObject(node) ? Object.values(node) : [];
    case 'names':
      return isObject(node) ? segment.names.filter((name) => name in node).map((name) => node[name]!) : [];
    case 'indexes':
      return Array.isArray(node)
        ? segment.indexes.flatMap((index) => {
            const at = index < 0 ? node.length + index : index;
            return at >= 0 && at < node.length ? [node[at]!] : [];
          })
        : [];
    case 'slice': {
      if (!Array.isArray(node)) return [];
      const length = node.length;
      const stepBy = segment.step ?? 1;
      const clamp = (value: number) => (value < 0 ? Math.max(0, length + value) : Math.min(length, value));
      const start = segment.start === undefined ? 0 : clamp(segment.start);
      const end = segment.end === undefined ? length : clamp(segment.end);
      const out: Json[] = [];
      if (stepBy > 0) for (let i = start; i < end; i += stepBy) out.push(node[i]!);
      return out;
    }
    case 'deep': {
      const out: Json[] = [];
      const visit = (value: Json): void => {
        if (isObject(value)) {
          for (const [key, child] of Object.entries(value)) {
            if (segment.name === undefined || key === segment.name) out.push(child);
          }
          for (const child of Object.values(value)) visit(child);
        } else if (Array.isArray(value)) {
          if (segment.name === undefined) out.push(...value);
          for (const child of value) visit(child);
        }
      };
      visit(node);
      return out;
    }
    case 'filter':
      if (Array.isArray(node)) return node.filter((item) => segment.test(item));
      if (isObject(node)) return Object.values(node).filter((item) => segment.test(item));
      return [];
  }
}

type FilterExpression = (item: Json) => boolean;

class Parser {
  private at = 0;
  constructor(private readonly text: string) {}

  path(): CompiledPath {
    const { text } = this;
    if (!text.startsWith('$')) throw new Error('no root');
    let root: PathRoot;
    if (text.startsWith('$$')) {
      root = { kind: 'context' };
      this.at = 2;
    } else {
      const name = /^\$([A-Za-z_][A-Za-z0-9_]*)/.exec(text);
      if (name) {
        root = { kind: 'variable', name: name[1]! };
        this.at = name[0].length;
      } else {
        root = { kind: 'input' };
        this.at = 1;
      }
    }
    const segments: Segment[] = [];
    while (this.at < text.length) segments.push(this.segment());
    const definite = segments.every((segment) => segment.kind === 'name' || segment.kind === 'index');
    return { text, root, segments, definite };
  }

  private segment(): Segment {
    const { text } = this;
    if (text.startsWith('..', this.at)) {
      this.at += 2;
      if (text[this.at] === '*') {
        this.at++;
        return { kind: 'deep', name: undefined };
      }
      if (text[this.at] === '[') {
        const inner = this.bracket();
        if (inner.kind === 'name') return { kind: 'deep', name: inner.name };
        if (inner.kind === 'wildcard') return { kind: 'deep', name: undefined };
        throw new Error('deep scan');
      }
      return { kind: 'deep', name: this.name() };
    }
    if (text[this.at] === '.') {
      this.at++;
      if (text[this.at] === '*') {
        this.at++;
        return { kind: 'wildcard' };
      }
      if (text[this.at] === '[') return this.bracket();
      return { kind: 'name', name: this.name() };
    }
    if (text[this.at] === '[') return this.bracket();
    throw new Error(`unexpected ${text[this.at]}`);
  }

  private name(): string {
    const match = /^[^.[\]\s]+/.exec(this.text.slice(this.at));
    if (!match) throw new Error('empty name');
    this.at += match[0].length;
    return match[0];
  }

  private bracket(): Segment {
    const { text } = this;
    this.at++; // [
    this.spaces();
    let segment: Segment;
    if (text[this.at] === '*') {
      this.at++;
      segment = { kind: 'wildcard' };
    } else if (text[this.at] === "'" || text[this.at] === '"') {
      const names = [this.quoted()];
      this.spaces();
      while (text[this.at] === ',') {
        this.at++;
        this.spaces();
        names.push(this.quoted());
        this.spaces();
      }
      segment = names.length === 1 ? { kind: 'name', name: names[0]! } : { kind: 'names', names };
    } else if (text[this.at] === '?') {
      this.at++;
      if (text[this.at] !== '(') throw new Error('filter');
      const end = this.matching(this.at);
      const body = text.slice(this.at + 1, end);
      this.at = end + 1;
      segment = { kind: 'filter', test: filterOf(body) };
    } else {
      const close = text.indexOf(']', this.at);
      if (close < 0) throw new Error('unclosed');
      const inner = text.slice(this.at, close).trim();
      this.at = close;
      if (inner.includes(':')) {
        const [start, end, stepBy] = inner.split(':').map((part) => (part.trim() === '' ? undefined : integer(part)));
        segment = {
          kind: 'slice',
          ...(start !== undefined ? { start } : {}),
          ...(end !== undefined ? { end } : {}),
          ...(stepBy !== undefined ? { step: stepBy } : {}),
        };
      } else if (inner.includes(',')) {
        segment = { kind: 'indexes', indexes: inner.split(',').map(integer) };
      } else {
        segment = { kind: 'index', index: integer(inner) };
      }
    }
    this.spaces();
    if (text[this.at] !== ']') throw new Error('unclosed');
    this.at++;
    return segment;
  }

  private quoted(): string {
    const quote = this.text[this.at]!;
    let out = '';
    this.at++;
    while (this.at < this.text.length && this.text[this.at] !== quote) {
      if (this.text[this.at] === '\\') this.at++;
      out += this.text[this.at];
      this.at++;
    }
    if (this.text[this.at] !== quote) throw new Error('unclosed quote');
    this.at++;
    return out;
  }

  private matching(open: number): number {
    let depth = 0;
    let quote: string | undefined;
    for (let i = open; i < this.text.length; i++) {
      const c = this.text[i]!;
      if (quote) {
        if (c === quote) quote = undefined;
      } else if (c === "'" || c === '"') quote = c;
      else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return i;
    }
    throw new Error('unclosed filter');
  }

  private spaces(): void {
    while (this.text[this.at] === ' ') this.at++;
  }
}

function integer(text: string): number {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) throw new Error('not an integer');
  return Number(trimmed);
}

/**
 * A filter's expression, `@.price < 10 && @.ok`, over one item: comparisons of `@` paths and literals, existence,
 * `&&`, `||` and parentheses.
 */
function filterOf(body: string): FilterExpression {
  const tokens =
    body.match(
      /@[^\s=!<>&|()]*|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|==|!=|<=|>=|<|>|&&|\|\||\(|\)|true|false|null|\S/g,
    ) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const operand = (): ((item: Json) => Json | undefined) => {
    const token = tokens[at++];
    if (token === undefined) throw new Error('filter ends early');
    if (token.startsWith('@')) {
      const path = compilePath(`$${token.slice(1)}`);
      if (!path) throw new Error('filter path');
      return (item) => {
        try {
          const value = evaluatePath(path, item);
          return path.definite ? value : (value as Json[])[0];
        } catch {
          return undefined;
        }
      };
    }
    if (token.startsWith("'") || token.startsWith('"')) {
      const value = token.slice(1, -1).replace(/\\(.)/g, '$1');
      return () => value;
    }
    if (token === 'true' || token === 'false' || token === 'null') {
      const value = JSON.parse(token) as Json;
      return () => value;
    }
    if (/^-?\d/.test(token)) {
      const value = Number(token);
      return () => value;
    }
    throw new Error(`filter token ${token}`);
  };
  const comparison = (): FilterExpression => {
    if (peek() === '(') {
      at++;
      const inner = disjunction();
      if (tokens[at++] !== ')') throw new Error('filter parenthesis');
      return inner;
    }
    const left = operand();
    const op = peek();
    if (op === undefined || !['==', '!=', '<', '<=', '>', '>='].includes(op)) {
      return (item) => {
        const value = left(item);
        return value !== undefined && value !== null && value !== false;
      };
    }
    at++;
    const right = operand();
    return (item) => compare(op, left(item), right(item));
  };
  const conjunction = (): FilterExpression => {
    let test = comparison();
    while (peek() === '&&') {
      at++;
      const left = test;
      const right = comparison();
      test = (item) => left(item) && right(item);
    }
    return test;
  };
  const disjunction = (): FilterExpression => {
    let test = conjunction();
    while (peek() === '||') {
      at++;
      const left = test;
      const right = conjunction();
      test = (item) => left(item) || right(item);
    }
    return test;
  };
  const test = disjunction();
  if (at !== tokens.length) throw new Error('filter trailing tokens');
  return test;
}

function compare(op: string, left: Json | undefined, right: Json | undefined): boolean {
  if (left === undefined || right === undefined) return op === '!=' && left !== right;
  switch (op) {
    case '==':
      return jsonEquals(left, right);
    case '!=':
      return !jsonEquals(left, right);
  }
  if (typeof left !== typeof right || (typeof left !== 'number' && typeof left !== 'string')) return false;
  const [a, b] = [left as number | string, right as number | string];
  return op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : a >= b;
}
