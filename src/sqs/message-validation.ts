import type { AwsError } from '../aws-error.js';
import { sqsErrors } from './errors.js';
import type { MessageAttributeValue } from './md5.js';

/**
 * Validation of one message as SendMessage or one SendMessageBatch entry receives it (docs/aws-behaviour/sqs.md §4.7,
 * §4.8, §5). Every function throws an `AwsError` from `sqsErrors`; none of them keeps or mutates what the caller
 * passed.
 */

const MAX_MESSAGE_ATTRIBUTES = 10;
const MAX_ATTRIBUTE_NAME_LENGTH = 256;
const MAX_DATA_TYPE_LENGTH = 256;
const MAX_DELAY_SECONDS = 900;
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

/** Letters of any script (`attr.1øßä` is accepted by AWS), decimal digits, `_`, `-` and `.`. */
const ATTRIBUTE_NAME_CHARACTERS = /^[\p{L}\p{Nd}_.-]+$/u;
const RESERVED_ATTRIBUTE_NAME_PREFIX = /^(?:aws|amazon)\./i;
/** A base type, optionally followed by `.<custom label>`; the base is case-sensitive. */
const DATA_TYPE = /^(String|Number|Binary)(?:\.|$)/;
/** Decimal notation with an optional exponent, as a BigDecimal-style parser accepts it. No whitespace, no NaN. */
const NUMBER_SYNTAX = /^[+-]?(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:[eE]([+-]?\d+))?$/;
/** Alphanumerics and ASCII punctuation, 1 to 128 of them. */
const FIFO_IDENTIFIER = /^[A-Za-z0-9!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]{1,128}$/;

/** The shape AWS requires of MessageGroupId, MessageDeduplicationId and ReceiveRequestAttemptId. */
export function isFifoIdentifier(value: unknown): value is string {
  return typeof value === 'string' && FIFO_IDENTIFIER.test(value);
}

type BaseType = 'String' | 'Number' | 'Binary';
type AttributeKind = 'user' | 'system';

/** Whether SQS accepts `text` in a message body or a String attribute value (SNS deliveries are held to it too). */
export function hasOnlyValidCharacters(text: string): boolean {
  return !INVALID_CHARACTER.test(text);
}

/** `null` counts as absent: the SDK's serializers drop null members, so AWS never sees them. */
function isAbsent(value: unknown): value is undefined | null {
  return value === undefined || value === null;
}

function isPlainRecord(value: unknown): value is Readonly<Record<string, unknown>> {
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

// ---------------------------------------------------------------------------------------------------------------
// Body, delay, FIFO identifiers
// ---------------------------------------------------------------------------------------------------------------

/**
 * Returns the body unchanged when SQS would accept it. `parameterName` lets a batch name the entry, e.g.
 * `SendMessageBatchRequestEntry.3.MessageBody`.
 */
export function validateMessageBody(body: unknown, parameterName = 'MessageBody'): string {
  if (isAbsent(body) || body === '') throw sqsErrors.missingParameter(parameterName);
  if (typeof body !== 'string') throw sqsErrors.wrongParameterType(parameterName, 'a string');
  if (!hasOnlyValidCharacters(body)) throw sqsErrors.invalidMessageContents();
  return body;
}

/** The per-message delay, or `undefined` when the request has none (the queue's DelaySeconds then applies). */
export function validateDelaySeconds(value: unknown): number | undefined {
  if (isAbsent(value)) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_DELAY_SECONDS) {
    throw sqsErrors.delaySecondsOutOfRange(value);
  }
  return value;
}

/** Format check only; whether the queue type allows the parameter is the caller's business. */
export function validateGroupOrDedupId(
  name: 'MessageGroupId' | 'MessageDeduplicationId',
  value: unknown,
): string | undefined {
  if (isAbsent(value)) return undefined;
  if (typeof value !== 'string' || !FIFO_IDENTIFIER.test(value)) throw sqsErrors.invalidFifoIdentifier(name, value);
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// Size
// ---------------------------------------------------------------------------------------------------------------

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
 * SendMessage throws this; a batch reports it as the entry's failure (different wording, docs/aws-behaviour/sqs.md
 * §4.8).
 */
export function messageTooLong(limit: number, inBatch: boolean): AwsError {
  return sqsErrors.messageTooLong(limit, inBatch);
}

// ---------------------------------------------------------------------------------------------------------------
// Attributes
// ---------------------------------------------------------------------------------------------------------------

function attributeEntries(attrs: unknown, parameterName: string): Array<[string, unknown]> {
  if (isAbsent(attrs)) return [];
  if (!isPlainRecord(attrs)) throw sqsErrors.wrongParameterType(parameterName, 'a map');
  return Object.entries(attrs);
}

/** Counts code points without materialising them; stops as soon as the limit is passed. */
function exceedsCodePoints(text: string, limit: number): boolean {
  if (text.length <= limit) return false;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // The high half of a surrogate pair starts a code point; the low half that follows it does not.
    const isLowHalfOfPair = unit >= 0xdc00 && unit <= 0xdfff && i > 0 && isHighSurrogate(text.charCodeAt(i - 1));
    if (!isLowHalfOfPair && ++count > limit) return true;
  }
  return false;
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

/**
 * Name rules of docs/aws-behaviour/sqs.md §5.3, cheapest and most general first, so the error names the most basic
 * problem.
 */
function validateAttributeName(name: string): void {
  if (name === '') throw sqsErrors.emptyMessageAttributeName();
  if (exceedsCodePoints(name, MAX_ATTRIBUTE_NAME_LENGTH)) throw sqsErrors.messageAttributeNameTooLong();
  if (!ATTRIBUTE_NAME_CHARACTERS.test(name)) throw sqsErrors.invalidMessageAttributeNameCharacters();
  if (RESERVED_ATTRIBUTE_NAME_PREFIX.test(name)) throw sqsErrors.reservedMessageAttributeName();
  if (name.startsWith('.') || name.endsWith('.')) throw sqsErrors.messageAttributeNameEdgePeriod();
  if (name.includes('..')) throw sqsErrors.messageAttributeNameSuccessivePeriods();
}

/** An empty list is what a serializer produces for "no list", so only a non-empty one counts as list values. */
function hasListValues(raw: Readonly<Record<string, unknown>>): boolean {
  const present = (list: unknown): boolean => !isAbsent(list) && !(Array.isArray(list) && list.length === 0);
  return present(raw['StringListValues']) || present(raw['BinaryListValues']);
}

function baseTypeOf(dataType: unknown): BaseType | undefined {
  if (typeof dataType !== 'string') return undefined;
  return DATA_TYPE.exec(dataType)?.[1] as BaseType | undefined;
}

/** StringValue of a String or Number attribute: present, a string, non-empty. */
function requireStringValue(kind: AttributeKind, name: string, baseType: BaseType, value: unknown): string {
  if (isAbsent(value) || value === '') throw sqsErrors.emptyMessageAttributeValue(kind, name, baseType);
  if (typeof value !== 'string') {
    const parameter = kind === 'user' ? 'MessageAttributes' : 'MessageSystemAttributes';
    throw sqsErrors.wrongParameterType(`${parameter}.${name}.StringValue`, 'a string');
  }
  return value;
}

/**
 * A fresh copy of the bytes, so later changes to the caller's buffer cannot reach a stored message. A string is
 * taken as UTF-8, which is what the SDK's blob serializer would send for it.
 */
function copyBytes(value: unknown): Uint8Array | undefined {
  if (value instanceof Uint8Array) return new Uint8Array(value);
  if (typeof value === 'string') return new Uint8Array(Buffer.from(value, 'utf8'));
  return undefined;
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

/**
 * One user attribute, checked in this order: value is an object → no list values → DataType present → DataType
 * has a supported prefix → DataType length → the value its base type needs (and its content). The order follows the
 * structure of the request, from the outside in; AWS's own order is not documented.
 * Only the value that matches the DataType is kept, so size and MD5 describe exactly what is stored.
 */
function normalizeUserAttribute(name: string, raw: unknown): MessageAttributeValue {
  if (!isPlainRecord(raw)) throw sqsErrors.messageAttributeValueMissing(name);
  if (hasListValues(raw)) throw sqsErrors.messageAttributeListValuesNotSupported();
  const dataType = raw['DataType'];
  if (isAbsent(dataType) || dataType === '') {
    const noValue = isAbsent(raw['StringValue']) && isAbsent(raw['BinaryValue']);
    throw noValue ? sqsErrors.messageAttributeValueMissing(name) : sqsErrors.messageAttributeTypeMissing(name);
  }
  const baseType = baseTypeOf(dataType);
  if (baseType === undefined || typeof dataType !== 'string') throw sqsErrors.invalidMessageAttributeType(name);
  if (dataType.length > MAX_DATA_TYPE_LENGTH) throw sqsErrors.messageAttributeTypeTooLong();

  if (baseType === 'Binary') {
    const bytes = copyBytes(raw['BinaryValue']);
    if (bytes === undefined || bytes.byteLength === 0)
      throw sqsErrors.emptyMessageAttributeValue('user', name, baseType);
    return { DataType: dataType, BinaryValue: bytes };
  }
  const value = requireStringValue('user', name, baseType, raw['StringValue']);
  if (baseType === 'Number') {
    if (!isValidNumberAttribute(value)) throw sqsErrors.messageAttributeNotANumber(name);
  } else if (!hasOnlyValidCharacters(value)) {
    // Not InvalidMessageContents: AWS answers InvalidParameterValue for bad characters in an attribute [AWS-test].
    throw sqsErrors.invalidAttributeValueCharacters();
  }
  return { DataType: dataType, StringValue: value };
}

/**
 * `MessageAttributes` of SendMessage or a batch entry, returned as a normalized deep copy (absent → `{}`).
 *
 * Order of checks: the map itself (an object, at most 10 entries: AWS reports the count without looking at the
 * entries), then each attribute in the caller's key order, name first (`validateAttributeName`) and value second
 * (`normalizeUserAttribute`). The first failure is thrown.
 */
export function validateMessageAttributes(attrs: unknown): Record<string, MessageAttributeValue> {
  const entries = attributeEntries(attrs, 'MessageAttributes');
  if (entries.length > MAX_MESSAGE_ATTRIBUTES) throw sqsErrors.tooManyMessageAttributes(entries.length);
  const result: Record<string, MessageAttributeValue> = {};
  for (const [name, raw] of entries) {
    validateAttributeName(name);
    setOwn(result, name, normalizeUserAttribute(name, raw));
  }
  return result;
}

const SYSTEM_ATTRIBUTE_NAMES: ReadonlySet<string> = new Set(['AWSTraceHeader']);

/** AWSTraceHeader must be a non-empty String (docs: "Its type must be String"); its X-Ray format is not checked. */
function normalizeSystemAttribute(name: string, raw: unknown): MessageAttributeValue {
  if (!isPlainRecord(raw)) throw sqsErrors.emptyMessageAttributeValue('system', name, 'String');
  if (hasListValues(raw)) throw sqsErrors.messageAttributeListValuesNotSupported();
  if (raw['DataType'] !== 'String') throw sqsErrors.invalidMessageSystemAttributeType(name);
  const value = requireStringValue('system', name, 'String', raw['StringValue']);
  if (!hasOnlyValidCharacters(value)) throw sqsErrors.invalidAttributeValueCharacters();
  return { DataType: 'String', StringValue: value };
}

/**
 * `MessageSystemAttributes`, returned as a normalized deep copy (absent → `{}`). Only `AWSTraceHeader` may be sent;
 * each entry is checked name first, then shape, DataType and value.
 */
export function validateMessageSystemAttributes(attrs: unknown): Record<string, MessageAttributeValue> {
  const result: Record<string, MessageAttributeValue> = {};
  for (const [name, raw] of attributeEntries(attrs, 'MessageSystemAttributes')) {
    if (!SYSTEM_ATTRIBUTE_NAMES.has(name)) throw sqsErrors.invalidMessageSystemAttributeName(name);
    setOwn(result, name, normalizeSystemAttribute(name, raw));
  }
  return result;
}
