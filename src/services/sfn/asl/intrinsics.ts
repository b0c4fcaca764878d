/**
 * The intrinsic functions of JSONPath states (docs/aws-behaviour/stepfunctions.md §2.5): `States.Format('{}', $.x)` in
 * a `.$` field, parsed once into a call, evaluated against the state's input, the context object and the variables.
 * A wrong argument at run time fails the state with `States.IntrinsicFailure`.
 */
import { hashOf, seededRandom, type Randomness } from './function-rules.js';
import { compilePath, evaluatePath, type CompiledPath } from './jsonpath.js';
import { isObject, jsonEquals, type Json } from './json.js';

export type IntrinsicArgument =
  | { readonly kind: 'literal'; readonly value: Json }
  | { readonly kind: 'path'; readonly path: CompiledPath }
  | { readonly kind: 'call'; readonly call: IntrinsicCall };

export interface IntrinsicCall {
  readonly name: string;
  readonly args: readonly IntrinsicArgument[];
}

/** A function failed for its arguments: `States.IntrinsicFailure` with this cause. */
export class IntrinsicFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IntrinsicFailure';
  }
}

/** What an intrinsic reads its path arguments from. */
export type PathReader = (path: CompiledPath) => Json;

/** Whether `text` reads as an intrinsic function call. */
export function looksLikeIntrinsic(text: string): boolean {
  return text.startsWith('States.');
}

/** The call `text` is, or undefined when it is not one (unknown function, bad syntax). */
export function parseIntrinsic(text: string): IntrinsicCall | undefined {
  try {
    const parser = new IntrinsicParser(text);
    const call = parser.call();
    parser.end();
    return call;
  } catch {
    return undefined;
  }
}

class IntrinsicParser {
  private at = 0;
  constructor(private readonly text: string) {}

  call(): IntrinsicCall {
    const match = /^States\.[A-Za-z0-9]+/.exec(this.text.slice(this.at));
    if (!match || !Object.prototype.hasOwnProperty.call(FUNCTIONS, match[0])) throw new Error('unknown function');
    this.at += match[0].length;
    this.spaces();
    this.expect('(');
    const args: IntrinsicArgument[] = [];
    this.spaces();
    if (this.text[this.at] !== ')') {
      for (;;) {
        this.spaces();
        args.push(this.argument());
        this.spaces();
        if (this.text[this.at] === ',') {
          this.at++;
          continue;
        }
        break;
      }
    }
    this.expect(')');
    return { name: match[0], args };
  }

  end(): void {
    this.spaces();
    if (this.at !== this.text.length) throw new Error('trailing text');
  }

  private argument(): IntrinsicArgument {
    const c = this.text[this.at];
    if (c === "'") return { kind: 'literal', value: this.string() };
    if (c === '$') {
      const start = this.at;
      let depth = 0;
      let quote = false;
      while (this.at < this.text.length) {
        const ch = this.text[this.at]!;
        if (quote) {
          if (ch === "'") quote = false;
        } else if (ch === "'") quote = true;
        else if (ch === '[' || ch === '(') depth++;
        else if (ch === ']' || ch === ')') {
          if (depth === 0) break;
          depth--;
        } else if ((ch === ',' || ch === ' ') && depth === 0) break;
        this.at++;
      }
      const path = compilePath(this.text.slice(start, this.at));
      if (!path) throw new Error('bad path');
      return { kind: 'path', path };
    }
    if (this.text.startsWith('States.', this.at)) return { kind: 'call', call: this.call() };
    const literal = /^(?:-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null)/.exec(this.text.slice(this.at));
    if (!literal) throw new Error('bad argument');
    this.at += literal[0].length;
    return { kind: 'literal', value: JSON.parse(literal[0]) as Json };
  }

  /** A single-quoted string; `\'`, `\{`, `\}` and `\\` escape (§2.5). */
  private string(): string {
    this.at++;
    let out = '';
    while (this.at < this.text.length && this.text[this.at] !== "'") {
      const c = this.text[this.at]!;
      if (c === '\\') {
        const next = this.text[this.at + 1];
        if (next === undefined) throw new Error('dangling escape');
        // `\{` and `\}` stay escaped for States.Format, which reads them as literal braces.
        out += next === '{' || next === '}' ? `\\${next}` : next;
        this.at += 2;
        continue;
      }
      out += c;
      this.at++;
    }
    this.expect("'");
    return out;
  }

  private expect(c: string): void {
    if (this.text[this.at] !== c) throw new Error(`expected ${c}`);
    this.at++;
  }

  private spaces(): void {
    while (this.text[this.at] === ' ') this.at++;
  }
}

export type { Randomness } from './function-rules.js';

/** Evaluates a call: its arguments first (paths through `read`), then the function. */
export function evaluateIntrinsic(call: IntrinsicCall, read: PathReader, ids: Randomness): Json {
  const args = call.args.map((arg): Json => {
    if (arg.kind === 'literal') return arg.value;
    if (arg.kind === 'path') return read(arg.path);
    return evaluateIntrinsic(arg.call, read, ids);
  });
  const fn = FUNCTIONS[call.name as keyof typeof FUNCTIONS];
  return fn(args, call, ids);
}

type Fn = (args: Json[], call: IntrinsicCall, ids: Randomness) => Json;

function fail(call: IntrinsicCall, text: string): never {
  throw new IntrinsicFailure(`The function '${call.name}' ${text}`);
}

function count(call: IntrinsicCall, args: Json[], min: number, max = min): void {
  if (args.length < min || args.length > max) {
    fail(
      call,
      `requires ${min === max ? min : `${min} to ${max}`} argument${max === 1 ? '' : 's'}, got ${args.length}`,
    );
  }
}

function arrayArg(call: IntrinsicCall, value: Json | undefined, index: number): Json[] {
  if (!Array.isArray(value)) fail(call, `argument ${index + 1} must be an array`);
  return value;
}

function stringArg(call: IntrinsicCall, value: Json | undefined, index: number): string {
  if (typeof value !== 'string') fail(call, `argument ${index + 1} must be a string`);
  return value.replace(/\\([{}])/g, '$1');
}

function numberArg(call: IntrinsicCall, value: Json | undefined, index: number): number {
  if (typeof value !== 'number') fail(call, `argument ${index + 1} must be a number`);
  return value;
}

function integerArg(call: IntrinsicCall, value: Json | undefined, index: number): number {
  const number = numberArg(call, value, index);
  if (!Number.isInteger(number)) fail(call, `argument ${index + 1} must be an integer`);
  return number;
}

/** §2.5: MathAdd rounds a decimal half up (away from zero for .5 on the positive side, towards it on the negative). */
function roundHalfUp(value: number): number {
  return Math.floor(value + 0.5);
}

const MAX_INT = 2_147_483_647;
const MIN_INT = -2_147_483_648;
const MAX_ENCODE_CHARS = 10_000;

const FUNCTIONS = {
  'States.Format': (args, call) => {
    if (args.length === 0) fail(call, 'requires at least 1 argument');
    const template = args[0];
    if (typeof template !== 'string') fail(call, 'argument 1 must be a string');
    const values = args.slice(1);
    let used = 0;
    let out = '';
    for (let i = 0; i < template.length; i++) {
      const c = template[i]!;
      if (c === '\\' && (template[i + 1] === '{' || template[i + 1] === '}')) {
        out += template[i + 1];
        i++;
      } else if (c === '{' && template[i + 1] === '}') {
        if (used >= values.length) fail(call, 'has more placeholders than arguments');
        const value = values[used++]!;
        out += typeof value === 'string' ? value : JSON.stringify(value);
        i++;
      } else out += c;
    }
    if (used !== values.length) fail(call, 'has more arguments than placeholders');
    return out;
  },
  'States.StringToJson': (args, call) => {
    count(call, args, 1);
    const text = stringArg(call, args[0], 0);
    try {
      return JSON.parse(text) as Json;
    } catch {
      return fail(call, `could not parse '${text}' as JSON`);
    }
  },
  'States.JsonToString': (args, call) => {
    count(call, args, 1);
    return JSON.stringify(args[0]);
  },
  'States.Array': (args) => args,
  'States.ArrayPartition': (args, call) => {
    count(call, args, 2);
    const array = arrayArg(call, args[0], 0);
    const size = integerArg(call, args[1], 1);
    if (size <= 0) fail(call, 'requires a chunk size greater than 0');
    const out: Json[] = [];
    for (let i = 0; i < array.length; i += size) out.push(array.slice(i, i + size));
    return out;
  },
  'States.ArrayContains': (args, call) => {
    count(call, args, 2);
    return arrayArg(call, args[0], 0).some((item) => jsonEquals(item, args[1]!));
  },
  'States.ArrayRange': (args, call) => {
    count(call, args, 3);
    const start = integerArg(call, args[0], 0);
    const end = integerArg(call, args[1], 1);
    const stepBy = integerArg(call, args[2], 2);
    if (stepBy === 0) fail(call, 'requires a step other than 0');
    const out: number[] = [];
    for (let value = start; stepBy > 0 ? value <= end : value >= end; value += stepBy) {
      out.push(value);
      if (out.length > 1000) fail(call, 'would return more than 1000 items');
    }
    return out;
  },
  'States.ArrayGetItem': (args, call) => {
    count(call, args, 2);
    const array = arrayArg(call, args[0], 0);
    const index = integerArg(call, args[1], 1);
    if (index < 0 || index >= array.length) fail(call, `was given an index out of range: ${index}`);
    return array[index]!;
  },
  'States.ArrayLength': (args, call) => {
    count(call, args, 1);
    return arrayArg(call, args[0], 0).length;
  },
  'States.ArrayUnique': (args, call) => {
    count(call, args, 1);
    const out: Json[] = [];
    for (const item of arrayArg(call, args[0], 0)) if (!out.some((seen) => jsonEquals(seen, item))) out.push(item);
    return out;
  },
  'States.Base64Encode': (args, call) => {
    count(call, args, 1);
    const text = stringArg(call, args[0], 0);
    if (text.length > MAX_ENCODE_CHARS) fail(call, `input must be at most ${MAX_ENCODE_CHARS} characters`);
    return Buffer.from(text, 'utf8').toString('base64');
  },
  'States.Base64Decode': (args, call) => {
    count(call, args, 1);
    const text = stringArg(call, args[0], 0);
    if (text.length > MAX_ENCODE_CHARS) fail(call, `input must be at most ${MAX_ENCODE_CHARS} characters`);
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) fail(call, 'was given a string that is not base64');
    return Buffer.from(text, 'base64').toString('utf8');
  },
  'States.Hash': (args, call) => {
    count(call, args, 2);
    const data = args[0];
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    if (text.length > MAX_ENCODE_CHARS) fail(call, `input must be at most ${MAX_ENCODE_CHARS} characters`);
    const algorithm = stringArg(call, args[1], 1);
    const digest = hashOf(text, algorithm);
    if (digest === undefined) fail(call, `does not support the algorithm '${algorithm}'`);
    return digest;
  },
  'States.JsonMerge': (args, call) => {
    count(call, args, 3);
    const [a, b, deep] = args;
    if (!isObject(a) || !isObject(b)) fail(call, 'requires two JSON objects');
    if (deep !== false) fail(call, 'supports only a shallow merge: its third argument must be false');
    return { ...a, ...b };
  },
  'States.MathRandom': (args, call, ids) => {
    count(call, args, 2, 3);
    const start = integerArg(call, args[0], 0);
    const end = integerArg(call, args[1], 1);
    if (end <= start) fail(call, 'requires an end greater than its start');
    const draw = args.length === 3 ? seededRandom(integerArg(call, args[2], 2)) : ids.random();
    return start + Math.floor(draw * (end - start));
  },
  'States.MathAdd': (args, call) => {
    count(call, args, 2);
    const sum = roundHalfUp(numberArg(call, args[0], 0)) + roundHalfUp(numberArg(call, args[1], 1));
    if (sum > MAX_INT || sum < MIN_INT) fail(call, 'result is out of the integer range');
    return sum;
  },
  'States.StringSplit': (args, call) => {
    count(call, args, 2);
    const text = stringArg(call, args[0], 0);
    const delimiters = new Set(stringArg(call, args[1], 1));
    const out: string[] = [];
    let piece = '';
    for (const c of text) {
      if (delimiters.has(c)) {
        if (piece) out.push(piece);
        piece = '';
      } else piece += c;
    }
    if (piece) out.push(piece);
    return out;
  },
  'States.UUID': (args, call, ids) => {
    count(call, args, 0);
    return ids.uuid();
  },
} satisfies Record<string, Fn>;

export const INTRINSIC_NAMES: readonly string[] = Object.keys(FUNCTIONS);
