import { jacksonLocation } from './jackson-location.js';
import { unreachable } from '../util/unreachable.js';

/**
 * A strict JSON reader for the JSON documents AWS reads with Jackson (SNS's filter, redrive, delivery and replay
 * policies, Lambda's event patterns and Invoke payloads).
 * `JSON.parse` is not enough here, for three reasons:
 * - AWS reports malformed JSON as `failed to parse JSON. <Jackson message>\n at [Source: REDACTED …; line: L,
 *   column: C]`, so errors need Jackson's wording and its location. This reader follows the error paths of Jackson
 *   2.18's `ReaderBasedJsonParser` as `ObjectMapper.readTree` drives it, with its 2.17+ columns: the column of the
 *   offending character for an unexpected one, the position after what was consumed otherwise (a bad token, the
 *   end of the input).
 * - event-ruler quotes the *source text* of numbers in its messages (`Bad value in numeric range: 30`,
 *   `Invalid member in numeric match: 1.50`), which `JSON.parse` throws away; and it reports where its parser stood
 *   when it refused a policy, which every node's `start` and `end` give (`afterToken`).
 * - event-ruler validates a policy as it streams it, so repeated keys are all checked, in document order;
 *   the tree keeps every entry, duplicates included.
 *
 * Message bodies are not read with this: they only need values, and `JSON.parse` is much faster.
 */

interface Span {
  /** Offset of the node's first character. */
  readonly start: number;
  /** Offset just after its last character (after the closing quote or bracket). */
  readonly end: number;
}

export type JsonNode = Span &
  (
    | { readonly kind: 'object'; readonly entries: readonly JsonEntry[] }
    | { readonly kind: 'array'; readonly items: readonly JsonNode[] }
    | { readonly kind: 'string'; readonly value: string }
    | { readonly kind: 'number'; readonly value: number; readonly text: string }
    | { readonly kind: 'boolean'; readonly value: boolean }
    | { readonly kind: 'null' }
  );

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
    default:
      return unreachable(node);
  }
}

/**
 * Where a streaming Jackson parser stands once `nextToken()` has returned the token that starts `node` (or, for a
 * field name, the name whose value is `node`): past a bracket, past the opening quote of a string (its text is read
 * only when asked for; then the parser is at `node.end`), past a whole number or literal.
 */
export function afterToken(node: JsonNode): number {
  return node.kind === 'object' || node.kind === 'array' || node.kind === 'string' ? node.start + 1 : node.end;
}

/**
 * Jackson's refusal of a text that is not JSON: `failed to parse JSON. <Jackson message>`, with Jackson's location line
 * where Jackson gives one. Callers put the message into their service's own error.
 */
export class JsonSyntaxError extends Error {
  override readonly name = 'JsonSyntaxError';
}

/** Parses `text`; throws a JsonSyntaxError `failed to parse JSON. <Jackson message>` when it is not JSON. */
export function readJson(text: string): JsonNode {
  return new JsonReader(text).readDocument();
}

/** Jackson's default `StreamReadConstraints` nesting limit; it also keeps this recursive reader off the stack limit. */
const MAX_NESTING_DEPTH = 1000;
/** `ErrorReportConfiguration.DEFAULT_MAX_ERROR_TOKEN_LENGTH`: how much of a bad token a message quotes. */
const MAX_TOKEN_QUOTE = 256;
const VALID_VALUES = "(JSON String, Number, Array, Object or token 'null', 'true' or 'false')";
const NON_NUMERIC = 'enable `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to allow';
const END = -1;

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
  UpperI: 73,
  UpperN: 78,
  OpenBracket: 91,
  Backslash: 92,
  CloseBracket: 93,
  LowerE: 101,
  LowerF: 102,
  LowerN: 110,
  LowerT: 116,
  LowerU: 117,
  OpenBrace: 123,
  CloseBrace: 125,
} as const;

/** Jackson's parsing context: the root, or an open array or object and where its bracket is. */
type Context = { readonly kind: 'root' } | { readonly kind: 'Array' | 'Object'; readonly start: number };
const ROOT: Context = { kind: 'root' };

/**
 * What the end of the input means where white space is skipped: before a token (`'token'`: a missing close marker,
 * except at the root) or after a name or a comma (`'entry'`: `Unexpected end-of-input within/between … entries`).
 */
type EndOfInput = 'token' | 'entry';

class JsonReader {
  /** Offset of the next character to read, as Jackson's `_inputPtr`. */
  private pos = 0;

  constructor(private readonly text: string) {}

  readDocument(): JsonNode {
    const first = this.nextNonSpace(ROOT, 'token');
    // databind's message; the token location of a parser that read nothing is line 1, column 1.
    if (first === END) throw this.error('No content to map due to end-of-input', 0);
    // Anything after the root value is ignored: readTree does not check for trailing tokens by default.
    if (first === Ch.CloseBrace || first === Ch.CloseBracket) throw this.mismatchedClose(first, ROOT);
    return this.readValue(first, ROOT, 0);
  }

  /** A value whose first character, `code`, has just been consumed. */
  private readValue(code: number, context: Context, depth: number): JsonNode {
    const start = this.pos - 1;
    switch (code) {
      case Ch.Quote:
        return { kind: 'string', value: this.readString('string value'), start, end: this.pos };
      case Ch.OpenBracket:
        return this.readArray(start, depth + 1);
      case Ch.OpenBrace:
        return this.readObject(start, depth + 1);
      case Ch.CloseBrace:
        throw this.unexpected(code, 'expected a value');
      case Ch.LowerT:
        this.matchToken('true', 1, start);
        return { kind: 'boolean', value: true, start, end: this.pos };
      case Ch.LowerF:
        this.matchToken('false', 1, start);
        return { kind: 'boolean', value: false, start, end: this.pos };
      case Ch.LowerN:
        this.matchToken('null', 1, start);
        return { kind: 'null', start, end: this.pos };
      case Ch.Minus:
        return this.readSignedNumber(start, context);
      default:
        if (code >= Ch.Zero && code <= Ch.Nine) return this.readNumber(start, start, context);
        throw this.oddValue(code, start);
    }
  }

  /** Jackson's `_handleOddValue`: NaN and Infinity, a plus sign, a bare word, or any other character. */
  private oddValue(code: number, start: number): JsonSyntaxError {
    if (code === Ch.UpperN || code === Ch.UpperI) {
      const word = code === Ch.UpperN ? 'NaN' : 'Infinity';
      this.matchToken(word, 1, start);
      return this.error(`Non-standard token '${word}': ${NON_NUMERIC}`);
    }
    if (code === Ch.Plus) return this.invalidNumberStart(false);
    if (isIdentifierStart(code)) return this.invalidToken(start);
    return this.unexpected(code, `expected a valid value ${VALID_VALUES}`);
  }

  private readArray(start: number, depth: number): JsonNode {
    this.checkDepth(depth);
    const context: Context = { kind: 'Array', start };
    const items: JsonNode[] = [];
    let code = this.nextNonSpace(context, 'token');
    while (code !== Ch.CloseBracket) {
      if (code === Ch.CloseBrace) throw this.mismatchedClose(code, context);
      if (items.length > 0) code = this.afterComma(code, context);
      items.push(this.readValue(code, context, depth));
      code = this.nextNonSpace(context, 'token');
    }
    return { kind: 'array', items, start, end: this.pos };
  }

  private readObject(start: number, depth: number): JsonNode {
    this.checkDepth(depth);
    const context: Context = { kind: 'Object', start };
    const entries: JsonEntry[] = [];
    let code = this.nextNonSpace(context, 'token');
    while (code !== Ch.CloseBrace) {
      if (code === Ch.CloseBracket) throw this.mismatchedClose(code, context);
      if (entries.length > 0) code = this.afterComma(code, context);
      if (code !== Ch.Quote) throw this.unexpected(code, 'was expecting double-quote to start field name');
      const key = this.readString('name');
      const colon = this.nextNonSpace(context, 'entry');
      if (colon !== Ch.Colon) throw this.unexpected(colon, 'was expecting a colon to separate field name and value');
      entries.push({ key, value: this.readValue(this.nextNonSpace(context, 'entry'), context, depth) });
      code = this.nextNonSpace(context, 'token');
    }
    return { kind: 'object', entries, start, end: this.pos };
  }

  /** `code` must be the comma between two entries; answers the first character after it. */
  private afterComma(code: number, context: Context): number {
    if (code !== Ch.Comma) throw this.unexpected(code, `was expecting comma to separate ${context.kind} entries`);
    return this.nextNonSpace(context, 'entry');
  }

  /**
   * Jackson's `_parseName` and `_finishString`: the string whose opening quote was just consumed, escapes decoded.
   * `what` completes the messages, which differ between names and values.
   */
  private readString(what: 'string value' | 'name'): string {
    const text = this.text;
    let pos = this.pos;
    let out = '';
    let runStart = pos;
    for (;;) {
      if (pos >= text.length) {
        this.pos = pos;
        throw this.error(
          what === 'name'
            ? 'Unexpected end-of-input in field name'
            : 'Unexpected end-of-input: was expecting closing quote for a string value',
        );
      }
      const code = text.charCodeAt(pos++);
      if (code === Ch.Quote) {
        this.pos = pos;
        return out + text.slice(runStart, pos - 1);
      }
      if (code < Ch.Space) {
        this.pos = pos;
        throw this.errorBefore(
          `Illegal unquoted character (${describeChar(code)}): has to be escaped using backslash to be included in ${what}`,
        );
      }
      if (code !== Ch.Backslash) continue;
      out += text.slice(runStart, pos - 1);
      this.pos = pos;
      out += this.readEscape();
      pos = this.pos;
      runStart = pos;
    }
  }

  /** Jackson's `_decodeEscaped`: the escape whose backslash was just consumed. */
  private readEscape(): string {
    const escape = this.read();
    if (escape === END) throw this.error('Unexpected end-of-input in character escape sequence');
    const simple = SIMPLE_ESCAPES.get(escape);
    if (simple !== undefined) return simple;
    if (escape !== Ch.LowerU) throw this.errorBefore(`Unrecognized character escape ${describeChar(escape)}`);
    let unit = 0;
    for (let i = 0; i < 4; i++) {
      const code = this.read();
      if (code === END) throw this.error('Unexpected end-of-input in character escape sequence');
      const digit = hexValue(code);
      if (digit < 0) throw this.unexpected(code, 'expected a hex-digit for character escape sequence');
      unit = unit * 16 + digit;
    }
    return String.fromCharCode(unit);
  }

  /** `_parseSignedNumber`: the minus sign at `start` was just consumed. */
  private readSignedNumber(start: number, context: Context): JsonNode {
    const code = this.read();
    if (code === END) throw this.error('Unexpected end-of-inputNo digit following sign');
    if (code >= Ch.Zero && code <= Ch.Nine) return this.readNumber(start, this.pos - 1, context);
    // A leading decimal point is not allowed by default: answered as for a value that starts with '.'.
    if (code === Ch.Dot) throw this.unexpected(code, `expected a valid value ${VALID_VALUES}`);
    this.pos--;
    throw this.invalidNumberStart(true);
  }

  /**
   * `_handleInvalidNumberStart` after a sign: `-INF`, `-Infinity` (or with `+`) are non-standard tokens; anything else
   * is an unexpected character, reported at the character after the sign (for `+`, the message names the `+`).
   */
  private invalidNumberStart(negative: boolean): JsonSyntaxError {
    const start = this.pos - 1;
    let code = this.read();
    if (code === END) return this.error('Unexpected end-of-input in a Number value');
    if (code === Ch.UpperI) {
      code = this.read();
      if (code === END) return this.error('Unexpected end-of-input in a Number value');
      if (code === Ch.UpperN || code === Ch.LowerN) {
        const word = `${negative ? '-' : '+'}${code === Ch.UpperN ? 'INF' : 'Infinity'}`;
        this.matchToken(word, 3, start);
        return this.error(`Non-standard token '${word}': ${NON_NUMERIC}`);
      }
    }
    if (!negative) {
      return this.errorBefore(
        "Unexpected character ('+' (code 43)) in numeric value: JSON spec does not allow numbers to have plus signs: " +
          'enable `JsonReadFeature.ALLOW_LEADING_PLUS_SIGN_FOR_NUMBERS` to allow',
      );
    }
    return this.numberError(code, 'expected digit (0-9) to follow minus sign, for valid numeric value');
  }

  /**
   * `_parseNumber2`: a number whose first digit is at `digitsStart` (after any sign at `start`), that digit already
   * consumed. The character after the number is left unread; at the root it must be white space.
   */
  private readNumber(start: number, digitsStart: number, context: Context): JsonNode {
    const text = this.text;
    if (text.charCodeAt(digitsStart) === Ch.Zero && isDigit(text.charCodeAt(this.pos))) {
      throw this.error('Invalid numeric value: Leading zeroes not allowed');
    }
    let code = this.readDigits();
    if (code === Ch.Dot) {
      const next = this.read();
      // At the end of the input Jackson names the point itself, the last character it read.
      if (!isDigit(next)) throw this.numberError(next === END ? Ch.Dot : next, 'Decimal point not followed by a digit');
      code = this.readDigits();
    }
    if (code === Ch.LowerE || code === Ch.UpperE) {
      let exponent = this.read();
      if (exponent === Ch.Minus || exponent === Ch.Plus) exponent = this.read();
      if (exponent === END) throw this.error('Unexpected end-of-inputexpected a digit for number exponent');
      if (!isDigit(exponent)) throw this.numberError(exponent, 'Exponent indicator not followed by a digit');
      code = this.readDigits();
    }
    if (code !== END) {
      this.pos--;
      if (context.kind === 'root') this.checkRootSpace(code);
    }
    const numberText = text.slice(start, this.pos);
    return { kind: 'number', value: Number(numberText), text: numberText, start, end: this.pos };
  }

  /** Consumes digits and then the character after them, which it answers (END at the end of the input). */
  private readDigits(): number {
    for (;;) {
      const code = this.read();
      if (!isDigit(code)) return code;
    }
  }

  /** `_verifyRootSpace`: a root-level number must be followed by white space (or nothing). */
  private checkRootSpace(code: number): void {
    if (code === Ch.Space || code === Ch.Tab || code === Ch.LineFeed || code === Ch.CarriageReturn) return;
    this.pos++;
    throw this.unexpected(code, 'Expected space separating root-level values');
  }

  /**
   * `_matchToken`: the input from `start` must spell `word`, whose first `matched` characters are consumed, and not
   * go on with a character of an identifier.
   */
  private matchToken(word: string, matched: number, start: number): void {
    for (let i = matched; i < word.length; i++) {
      if (this.text.charCodeAt(this.pos) !== word.charCodeAt(i)) throw this.invalidToken(start);
      this.pos++;
    }
    const next = this.text.charCodeAt(this.pos);
    if (next >= Ch.Zero && next !== Ch.CloseBracket && next !== Ch.CloseBrace && isIdentifierPart(next)) {
      throw this.invalidToken(start);
    }
  }

  /**
   * `_reportInvalidToken`: the token from `start` to the current position, and then as long as the input goes on
   * with identifier characters, quoted up to 256 characters (then `...`), reported where the parser stopped.
   */
  private invalidToken(start: number): JsonSyntaxError {
    while (this.pos - start < MAX_TOKEN_QUOTE && isIdentifierPart(this.text.charCodeAt(this.pos))) this.pos++;
    const token = this.text.slice(start, this.pos);
    const quoted = token.length >= MAX_TOKEN_QUOTE ? `${token}...` : token;
    return this.error(`Unrecognized token '${quoted}': was expecting ${VALID_VALUES}`);
  }

  /**
   * Jackson's white-space skipping: answers the next other character, consumed, or END. Control characters other
   * than tab, CR and LF are refused, comments are not allowed, and `atEnd` says what the end of the input means here.
   */
  private nextNonSpace(context: Context, atEnd: EndOfInput): number {
    for (;;) {
      const code = this.read();
      if (code === END) {
        if (context.kind === 'root') return END;
        if (atEnd === 'entry') throw this.error(`Unexpected end-of-input within/between ${context.kind} entries`);
        throw this.error(
          `Unexpected end-of-input: expected close marker for ${context.kind} (start marker at ${this.contextStart(context)})`,
        );
      }
      if (code > Ch.Space) {
        if (code === Ch.Slash) {
          throw this.errorBefore(
            "Unexpected character ('/' (code 47)): maybe a (non-standard) comment? (not recognized as one since Feature 'ALLOW_COMMENTS' not enabled for parser)",
          );
        }
        return code;
      }
      if (code !== Ch.Space && code !== Ch.LineFeed && code !== Ch.CarriageReturn && code !== Ch.Tab) {
        throw this.error(
          `Illegal character (${describeChar(code)}): only regular white space (\\r, \\n, \\t) is allowed between tokens`,
        );
      }
    }
  }

  private read(): number {
    return this.pos < this.text.length ? this.text.charCodeAt(this.pos++) : END;
  }

  private checkDepth(depth: number): void {
    if (depth > MAX_NESTING_DEPTH) {
      // A StreamConstraintsException: Jackson gives it no location.
      throw new JsonSyntaxError(
        `failed to parse JSON. Document nesting depth (${depth}) exceeds the maximum allowed (${MAX_NESTING_DEPTH}, from \`StreamReadConstraints.getMaxNestingDepth()\`)`,
      );
    }
  }

  /** `_reportMismatchedEndMarker`, for the close marker just consumed. */
  private mismatchedClose(code: number, context: Context): JsonSyntaxError {
    const expected = code === Ch.CloseBrace ? ']' : '}';
    return this.errorBefore(
      `Unexpected close marker '${String.fromCharCode(code)}': expected '${expected}' (for ${context.kind} starting at ${this.contextStart(context)})`,
    );
  }

  /** Where a context began: its bracket, or line 1, column 0 for the root. */
  private contextStart(context: Context): string {
    if (context.kind === 'root')
      return '[Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 1, column: 0]';
    return jacksonLocation(this.text, context.start, 'redacted');
  }

  /** `_reportUnexpectedChar` for the character just consumed, located at that character. */
  private unexpected(code: number, expectation: string): JsonSyntaxError {
    return this.errorBefore(`Unexpected character (${describeChar(code)}): ${expectation}`);
  }

  /** `_reportUnexpectedNumberChar` for the character just consumed. */
  private numberError(code: number, problem: string): JsonSyntaxError {
    return this.errorBefore(`Unexpected character (${describeChar(code)}) in numeric value: ${problem}`);
  }

  /** An error located at the last character consumed (Jackson's `_currentLocationMinusOne`). */
  private errorBefore(jacksonMessage: string): JsonSyntaxError {
    return this.error(jacksonMessage, this.pos - 1);
  }

  /** An error located where the parser stands (Jackson's `currentLocation`), or at `offset`. */
  private error(jacksonMessage: string, offset = this.pos): JsonSyntaxError {
    return new JsonSyntaxError(
      `failed to parse JSON. ${jacksonMessage}\n at ${jacksonLocation(this.text, offset, 'redacted')}`,
    );
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

/** Java's `Character.isJavaIdentifierPart`, the ignorable control and format characters included. */
function isIdentifierPart(code: number): boolean {
  if (code < 128)
    return isIdentifierStart(code) || isDigit(code) || code <= 8 || (code >= 14 && code <= 27) || code === 127;
  return IDENTIFIER_PART.test(String.fromCharCode(code));
}

const IDENTIFIER_START = /^[\p{L}\p{Nl}\p{Sc}\p{Pc}]$/u;
const IDENTIFIER_PART = /^[\p{L}\p{Nl}\p{Sc}\p{Pc}\p{Nd}\p{Mn}\p{Mc}\p{Cf}\u0080-\u009F]$/u;

/** Jackson's `_getCharDesc`: `'x' (code 120)`, `(CTRL-CHAR, code 10)`, or with a hex code above 255. */
function describeChar(code: number): string {
  if (code < 32 || (code >= 127 && code <= 159)) return `(CTRL-CHAR, code ${code})`;
  const ch = String.fromCharCode(code);
  if (code > 255) return `'${ch}' (code ${code} / 0x${code.toString(16)})`;
  return `'${ch}' (code ${code})`;
}
