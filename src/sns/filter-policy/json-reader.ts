import { FilterPolicyError } from './errors.js';

/**
 * A strict JSON reader for filter policies. `JSON.parse` is not enough here, for three reasons:
 * - AWS reports malformed JSON as `failed to parse JSON. <Jackson message>`, so errors need Jackson's wording.
 * - event-ruler quotes the *source text* of numbers in its messages (`Bad value in numeric range: 30`,
 *   `Invalid member in numeric match: 1.50`), which `JSON.parse` throws away.
 * - event-ruler validates a policy as it streams it, so repeated keys are all checked, in document order;
 *   the tree keeps every entry, duplicates included.
 *
 * Message bodies are not read with this: they only need values, and `JSON.parse` is much faster.
 */

export type JsonNode =
  | { readonly kind: 'object'; readonly entries: readonly JsonEntry[] }
  | { readonly kind: 'array'; readonly items: readonly JsonNode[] }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'number'; readonly value: number; readonly text: string }
  | { readonly kind: 'boolean'; readonly value: boolean }
  | { readonly kind: 'null' };

export interface JsonEntry {
  readonly key: string;
  readonly value: JsonNode;
}

/**
 * What Jackson's `getText()` returns for the token that starts `node`; `undefined` stands for the end of the
 * enclosing array, whose text is `]`. event-ruler puts this text into several messages.
 */
export function tokenText(node: JsonNode | undefined): string {
  if (node === undefined) return ']';
  switch (node.kind) {
    case 'object':
      return '{';
    case 'array':
      return '[';
    case 'string':
      return node.value;
    case 'number':
      return node.text;
    case 'boolean':
      return node.value ? 'true' : 'false';
    case 'null':
      return 'null';
  }
}

/** Parses `text`; throws a FilterPolicyError `failed to parse JSON. <Jackson-style message>` when it is not JSON. */
export function readJson(text: string): JsonNode {
  return new JsonReader(text).readDocument();
}

/** Jackson's default `StreamReadConstraints` nesting limit; it also keeps this recursive reader off the stack limit. */
const MAX_NESTING_DEPTH = 1000;
/** Jackson quotes at most this many characters of the source in a location. */
const MAX_SOURCE_SNIPPET = 500;
const MAX_TOKEN_QUOTE = 256;
const VALID_VALUES = "(JSON String, Number, Array, Object or token 'null', 'true' or 'false')";

/** Character codes the reader compares against. */
const Ch = {
  Tab: 9,
  LineFeed: 10,
  CarriageReturn: 13,
  Space: 32,
  Quote: 34,
  Plus: 43,
  Comma: 44,
  Minus: 45,
  Dot: 46,
  Slash: 47,
  Zero: 48,
  Nine: 57,
  Colon: 58,
  UpperE: 69,
  OpenBracket: 91,
  Backslash: 92,
  CloseBracket: 93,
  LowerE: 101,
  OpenBrace: 123,
  CloseBrace: 125,
} as const;

type Container = { readonly kind: 'Object' | 'Array'; readonly start: number };

class JsonReader {
  private pos = 0;

  constructor(private readonly text: string) {}

  readDocument(): JsonNode {
    this.skipWhitespace();
    if (this.pos >= this.text.length) throw this.error('No content to map due to end-of-input');
    // Anything after the root value is ignored: Jackson's readTree does not check for trailing tokens by default,
    // and event-ruler's compiler stops reading at the end of the root object.
    return this.readValue(undefined, 0);
  }

  private readValue(container: Container | undefined, depth: number): JsonNode {
    const code = this.text.charCodeAt(this.pos);
    if (Number.isNaN(code)) throw this.endOfInput(container);
    if (code === Ch.OpenBrace) return this.readObject(depth + 1);
    if (code === Ch.OpenBracket) return this.readArray(depth + 1);
    if (code === Ch.Quote) return { kind: 'string', value: this.readString('string value') };
    if (code === Ch.Minus || (code >= Ch.Zero && code <= Ch.Nine)) return this.readNumber();
    if (isIdentifierStart(code)) return this.readKeyword();
    throw this.unexpected(code, `expected a valid value ${VALID_VALUES}`);
  }

  private readObject(depth: number): JsonNode {
    const container: Container = { kind: 'Object', start: this.pos };
    this.checkDepth(depth);
    this.pos++;
    const entries: JsonEntry[] = [];
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === Ch.CloseBrace) {
      this.pos++;
      return { kind: 'object', entries };
    }
    for (;;) {
      const nameStart = this.text.charCodeAt(this.pos);
      if (Number.isNaN(nameStart)) throw this.endOfInput(container);
      if (nameStart !== Ch.Quote) throw this.unexpected(nameStart, 'was expecting double-quote to start field name');
      const key = this.readString('name');
      this.skipWhitespace();
      const colon = this.text.charCodeAt(this.pos);
      if (Number.isNaN(colon)) throw this.endOfInput(container);
      if (colon !== Ch.Colon) throw this.unexpected(colon, 'was expecting a colon to separate field name and value');
      this.pos++;
      this.skipWhitespace();
      entries.push({ key, value: this.readValue(container, depth) });
      this.skipWhitespace();
      const next = this.text.charCodeAt(this.pos);
      if (next === Ch.Comma) {
        this.pos++;
        this.skipWhitespace();
        continue;
      }
      if (next === Ch.CloseBrace) {
        this.pos++;
        return { kind: 'object', entries };
      }
      if (Number.isNaN(next)) throw this.endOfInput(container);
      throw this.unexpected(next, 'was expecting comma to separate Object entries');
    }
  }

  private readArray(depth: number): JsonNode {
    const container: Container = { kind: 'Array', start: this.pos };
    this.checkDepth(depth);
    this.pos++;
    const items: JsonNode[] = [];
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === Ch.CloseBracket) {
      this.pos++;
      return { kind: 'array', items };
    }
    for (;;) {
      items.push(this.readValue(container, depth));
      this.skipWhitespace();
      const next = this.text.charCodeAt(this.pos);
      if (next === Ch.Comma) {
        this.pos++;
        this.skipWhitespace();
        continue;
      }
      if (next === Ch.CloseBracket) {
        this.pos++;
        return { kind: 'array', items };
      }
      if (Number.isNaN(next)) throw this.endOfInput(container);
      throw this.unexpected(next, 'was expecting comma to separate Array entries');
    }
  }

  /** Reads a string whose opening quote is at `pos`; `what` completes Jackson's control-character message. */
  private readString(what: 'string value' | 'name'): string {
    const text = this.text;
    let pos = this.pos + 1;
    let out = '';
    let runStart = pos;
    for (;;) {
      const code = text.charCodeAt(pos);
      if (Number.isNaN(code)) {
        this.pos = pos;
        throw this.error(`Unexpected end-of-input: was expecting closing quote for a ${what}`);
      }
      if (code === Ch.Quote) {
        this.pos = pos + 1;
        return out + text.slice(runStart, pos);
      }
      if (code < Ch.Space) {
        this.pos = pos;
        throw this.error(
          `Illegal unquoted character (${describeChar(code)}): has to be escaped using backslash to be included in ${what}`,
        );
      }
      if (code !== Ch.Backslash) {
        pos++;
        continue;
      }
      out += text.slice(runStart, pos);
      const escape = text.charCodeAt(pos + 1);
      if (Number.isNaN(escape)) {
        this.pos = pos + 1;
        throw this.error(`Unexpected end-of-input: was expecting closing quote for a ${what}`);
      }
      const simple = SIMPLE_ESCAPES.get(escape);
      if (simple !== undefined) {
        out += simple;
        pos += 2;
      } else if (escape === 0x75 /* u */) {
        let unit = 0;
        for (let i = 2; i < 6; i++) {
          const digit = hexValue(text.charCodeAt(pos + i));
          if (digit < 0) {
            this.pos = pos + i;
            const bad = text.charCodeAt(pos + i);
            if (Number.isNaN(bad)) throw this.error('Unexpected end-of-input in character escape sequence');
            throw this.error(
              `Unexpected character (${describeChar(bad)}): expected a hex-digit for character escape sequence`,
            );
          }
          unit = unit * 16 + digit;
        }
        out += String.fromCharCode(unit);
        pos += 6;
      } else {
        this.pos = pos + 1;
        throw this.error(`Unrecognized character escape ${describeChar(escape)}`);
      }
      runStart = pos;
    }
  }

  private readNumber(): JsonNode {
    const text = this.text;
    const start = this.pos;
    let pos = start;
    if (text.charCodeAt(pos) === Ch.Minus) {
      pos++;
      if (!isDigit(text.charCodeAt(pos))) {
        throw this.numberError(pos, 'expected digit (0-9) to follow minus sign, for valid numeric value');
      }
    }
    if (text.charCodeAt(pos) === Ch.Zero && isDigit(text.charCodeAt(pos + 1))) {
      this.pos = pos;
      throw this.error('Invalid numeric value: Leading zeroes not allowed');
    }
    while (isDigit(text.charCodeAt(pos))) pos++;
    if (text.charCodeAt(pos) === Ch.Dot) {
      pos++;
      if (!isDigit(text.charCodeAt(pos))) throw this.numberError(pos, 'Decimal point not followed by a digit');
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    const e = text.charCodeAt(pos);
    if (e === Ch.LowerE || e === Ch.UpperE) {
      pos++;
      const sign = text.charCodeAt(pos);
      if (sign === Ch.Plus || sign === Ch.Minus) pos++;
      if (!isDigit(text.charCodeAt(pos))) throw this.numberError(pos, 'Exponent indicator not followed by a digit');
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    this.pos = pos;
    const numberText = text.slice(start, pos);
    return { kind: 'number', value: Number(numberText), text: numberText };
  }

  /** `true`, `false`, `null`, or Jackson's "Unrecognized token" for any other bare word. */
  private readKeyword(): JsonNode {
    const start = this.pos;
    let pos = start + 1;
    while (isIdentifierPart(this.text.charCodeAt(pos))) pos++;
    const word = this.text.slice(start, pos);
    this.pos = pos;
    if (word === 'true') return { kind: 'boolean', value: true };
    if (word === 'false') return { kind: 'boolean', value: false };
    if (word === 'null') return { kind: 'null' };
    // Jackson quotes at most 256 characters of the offending token.
    const quoted = word.length > MAX_TOKEN_QUOTE ? `${word.slice(0, MAX_TOKEN_QUOTE)}...` : word;
    throw this.error(`Unrecognized token '${quoted}': was expecting ${VALID_VALUES}`);
  }

  private skipWhitespace(): void {
    const text = this.text;
    let pos = this.pos;
    for (;;) {
      const code = text.charCodeAt(pos);
      if (code === Ch.Space || code === Ch.LineFeed || code === Ch.CarriageReturn || code === Ch.Tab) pos++;
      else break;
    }
    this.pos = pos;
  }

  private checkDepth(depth: number): void {
    if (depth > MAX_NESTING_DEPTH) {
      throw this.error(
        `Document nesting depth (${depth}) exceeds the maximum allowed (${MAX_NESTING_DEPTH}, from \`StreamReadConstraints.getMaxNestingDepth()\`)`,
      );
    }
  }

  private unexpected(code: number, expectation: string): FilterPolicyError {
    if (code === Ch.Slash) {
      return this.error(
        "Unexpected character ('/' (code 47)): maybe a (non-standard) comment? (not recognized as one since Feature 'ALLOW_COMMENTS' not enabled for parser)",
      );
    }
    return this.error(`Unexpected character (${describeChar(code)}): ${expectation}`);
  }

  private numberError(pos: number, problem: string): FilterPolicyError {
    this.pos = pos;
    const code = this.text.charCodeAt(pos);
    if (Number.isNaN(code)) return this.error(`Unexpected end-of-input in numeric value: ${problem}`);
    return this.error(`Unexpected character (${describeChar(code)}) in numeric value: ${problem}`);
  }

  private endOfInput(container: Container | undefined): FilterPolicyError {
    if (container === undefined) return this.error('No content to map due to end-of-input');
    return this.error(
      `Unexpected end-of-input: expected close marker for ${container.kind} (start marker at ${this.location(container.start)})`,
    );
  }

  /** Jackson's `[Source: (String)"..."; line: L, column: C]`, with its 500-character snippet limit. */
  private location(offset: number): string {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < offset; i++) {
      if (this.text.charCodeAt(i) === Ch.LineFeed) {
        line++;
        lineStart = i + 1;
      }
    }
    const snippet =
      this.text.length > MAX_SOURCE_SNIPPET
        ? `"${this.text.slice(0, MAX_SOURCE_SNIPPET)}"[truncated ${this.text.length - MAX_SOURCE_SNIPPET} chars]`
        : `"${this.text}"`;
    return `[Source: (String)${snippet}; line: ${line}, column: ${offset - lineStart + 1}]`;
  }

  private error(jacksonMessage: string): FilterPolicyError {
    return new FilterPolicyError(`failed to parse JSON. ${jacksonMessage}`);
  }
}

const SIMPLE_ESCAPES: ReadonlyMap<number, string> = new Map<number, string>([
  [Ch.Quote, '"'],
  [Ch.Backslash, '\\'],
  [Ch.Slash, '/'],
  [0x62, '\b'],
  [0x66, '\f'],
  [0x6e, '\n'],
  [0x72, '\r'],
  [0x74, '\t'],
]);

function isDigit(code: number): boolean {
  return code >= Ch.Zero && code <= Ch.Nine;
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

/** Java's `Character.isJavaIdentifierStart`: letters, letter numbers, currency symbols and connectors like `_`. */
function isIdentifierStart(code: number): boolean {
  if (code < 128) return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 36;
  return IDENTIFIER_START.test(String.fromCharCode(code));
}

/** Java's `Character.isJavaIdentifierPart`, less the ignorable control characters. */
function isIdentifierPart(code: number): boolean {
  if (code < 128) return isIdentifierStart(code) || isDigit(code);
  return IDENTIFIER_PART.test(String.fromCharCode(code));
}

const IDENTIFIER_START = /^[\p{L}\p{Nl}\p{Sc}\p{Pc}]$/u;
const IDENTIFIER_PART = /^[\p{L}\p{Nl}\p{Sc}\p{Pc}\p{Nd}\p{Mn}\p{Mc}]$/u;

/** Jackson's `_getCharDesc`: `'x' (code 120)`, `(CTRL-CHAR, code 10)`, or with a hex code above 255. */
function describeChar(code: number): string {
  if (code < 32 || (code >= 127 && code <= 159)) return `(CTRL-CHAR, code ${code})`;
  const ch = String.fromCharCode(code);
  if (code > 255) return `'${ch}' (code ${code} / 0x${code.toString(16)})`;
  return `'${ch}' (code ${code})`;
}
