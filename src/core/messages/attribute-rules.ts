/**
 * The rules of a message's body and attributes that SQS holds a message to and SNS holds its publishes and deliveries
 * to (docs/aws-behaviour/sqs.md §5, docs/aws-behaviour/sns.md): characters, Number values, the payload's size. Each
 * answers a fact; the service whose rule it is turns a failure into its own error.
 */
import type { MessageAttributeValue } from './md5.js';

const MAX_NUMBER_SIGNIFICANT_DIGITS = 38;
/**
 * Largest decimal exponent a Number attribute may reach: 10^126 above zero, -10^128 below (docs/aws-behaviour/sqs.md
 * §5.3).
 */
const MAX_POSITIVE_NUMBER_EXPONENT = 126;
const MAX_NEGATIVE_NUMBER_EXPONENT = 128;

/**
 * Anything outside `#x9 | #xA | #xD | #x20–#xD7FF | #xE000–#xFFFD | #x10000–#x10FFFF`. With the `u` flag a lone
 * surrogate is its own code point, outside every allowed range, so it is caught too. One regex scan is a few ms
 * for a 1 MiB body and allocates nothing per character.
 */
const INVALID_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** Decimal notation with an optional exponent, as a BigDecimal-style parser accepts it. No whitespace, no NaN. */
const NUMBER_SYNTAX = /^[+-]?(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:[eE]([+-]?\d+))?$/;

/** Whether SQS accepts `text` in a message body or a String attribute value (SNS deliveries are held to it too). */
export function hasOnlyValidCharacters(text: string): boolean {
  return !INVALID_CHARACTER.test(text);
}

/** A JSON object: not null, not an array, not bytes. */
export function isPlainRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}

/**
 * Sets an own property, also for a legal attribute name such as `__proto__`, which assignment would send to the
 * prototype.
 */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  // Only names Object.prototype has need defining (`__proto__`; others in case it is frozen): for the rest assignment
  // does the same, without defineProperty's slow path.
  if (key in Object.prototype)
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * The attributes of every message sent without any: one frozen object shared by all of them, rather than an empty
 * object per message (a queue of a million messages would otherwise hold two million empty objects).
 */
export const NO_ATTRIBUTES: Readonly<Record<string, MessageAttributeValue>> = Object.freeze({});

/** UTF-8 bytes of a string, bytes of a Uint8Array; anything else (a wrong type in a raw request) counts 0. */
function byteLengthOf(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (value instanceof Uint8Array) return value.byteLength;
  return 0;
}

function valueByteLength(value: Readonly<Record<string, unknown>>): number {
  let bytes = byteLengthOf(value['StringValue']) + byteLengthOf(value['BinaryValue']);
  for (const list of [value['StringListValues'], value['BinaryListValues']]) {
    if (Array.isArray(list)) for (const item of list) bytes += byteLengthOf(item);
  }
  return bytes;
}

/**
 * The size SQS compares with MaximumMessageSize and sums for BatchRequestTooLong (docs/aws-behaviour/sqs.md §5.1):
 * UTF-8 body bytes plus, per message attribute, name + DataType + value bytes. System attributes are not part of it, so
 * they are not taken.
 *
 * The batch limit is checked before any entry is validated, so this also takes raw request values: members of a
 * wrong type count 0 and every value present counts, whatever the DataType (what AWS counts for such a malformed
 * entry is unknown; the entry fails validation anyway). For validated attributes, which keep only the value their
 * DataType needs, the two readings agree.
 */
export function messagePayloadSize(body: unknown, attrs: unknown): number {
  let bytes = byteLengthOf(body);
  if (!isPlainRecord(attrs)) return bytes;
  // Object.keys, not entries: no pair array per attribute on this hot path.
  for (const name of Object.keys(attrs)) {
    const value = attrs[name];
    bytes += Buffer.byteLength(name, 'utf8');
    if (isPlainRecord(value)) bytes += byteLengthOf(value['DataType']) + valueByteLength(value);
  }
  return bytes;
}

/**
 * Whether a Number attribute's text is one SQS stores: decimal syntax, at most 38 significant digits, and within
 * −10^128 … 10^126 (docs/aws-behaviour/sqs.md §5.3). Works on the digits, never on a float, so precision cannot blur
 * the limits.
 */
export function isValidNumberAttribute(text: string): boolean {
  if (isShortInteger(text)) return true;
  const match = NUMBER_SYNTAX.exec(text);
  if (match === null) return false;
  const integerDigits = match[1] ?? '';
  const fractionDigits = match[2] ?? match[3] ?? '';
  const digits = integerDigits + fractionDigits;
  const first = digits.search(/[1-9]/);
  if (first === -1) return true; // zero, however written
  let last = digits.length - 1;
  while (digits[last] === '0') last--;
  const significant = digits.slice(first, last + 1);
  if (significant.length > MAX_NUMBER_SIGNIFICANT_DIGITS) return false;
  // value = significant × 10^scale; an absurdly long exponent becomes ±Infinity, which compares correctly.
  const scale = Number(match[4] ?? '0') - fractionDigits.length + (digits.length - 1 - last);
  const exponent = scale + significant.length - 1; // value = d.ddd × 10^exponent
  const limit = text.startsWith('-') ? MAX_NEGATIVE_NUMBER_EXPONENT : MAX_POSITIVE_NUMBER_EXPONENT;
  return exponent < limit || (exponent === limit && significant === '1');
}

/**
 * Whether `text` is a plain integer of at most 15 digits (an optional `-`), as most Number attributes are: always
 * valid, far within the digit and exponent limits, so the full parse is not needed.
 */
function isShortInteger(text: string): boolean {
  const start = text.charCodeAt(0) === 0x2d ? 1 : 0;
  const length = text.length;
  if (length === start || length - start > 15) return false;
  for (let i = start; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}
