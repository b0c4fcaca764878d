import type { AwsError } from '../../core/aws-error.js';
import { sqsErrors } from './errors.js';
import type { MessageAttributeValue } from '../../core/messages/md5.js';
import {
  hasOnlyValidCharacters,
  isPlainRecord,
  isValidNumberAttribute,
  setOwn,
} from '../../core/messages/attribute-rules.js';

/**
 * Validation of one message as SendMessage or one SendMessageBatch entry receives it (docs/aws-behaviour/sqs.md §4.7,
 * §4.8, §5). Every function throws an `AwsError` from `sqsErrors`; none of them keeps or mutates what the caller
 * passed.
 */

const MAX_MESSAGE_ATTRIBUTES = 10;
const MAX_ATTRIBUTE_NAME_LENGTH = 256;
const MAX_DATA_TYPE_LENGTH = 256;
const MAX_DELAY_SECONDS = 900;

/** Letters of any script (`attr.1øßä` is accepted by AWS), decimal digits, `_`, `-` and `.`. */
const ATTRIBUTE_NAME_CHARACTERS = /^[\p{L}\p{Nd}_.-]+$/u;
const RESERVED_ATTRIBUTE_NAME_PREFIX = /^(?:aws|amazon)\./i;
/** A base type, optionally followed by `.<custom label>`; the base is case-sensitive. */
const DATA_TYPE = /^(String|Number|Binary)(?:\.|$)/;
/** Alphanumerics and ASCII punctuation, 1 to 128 of them. */
const FIFO_IDENTIFIER = /^[A-Za-z0-9!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]{1,128}$/;

/** The shape AWS requires of MessageGroupId, MessageDeduplicationId and ReceiveRequestAttemptId. */
export function isFifoIdentifier(value: unknown): value is string {
  return typeof value === 'string' && FIFO_IDENTIFIER.test(value);
}

type BaseType = 'String' | 'Number' | 'Binary';
type AttributeKind = 'user' | 'system';

/** `null` counts as absent: the SDK's serializers drop null members, so AWS never sees them. */
function isAbsent(value: unknown): value is undefined | null {
  return value === undefined || value === null;
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
// Size (messagePayloadSize, in src/core/messages/attribute-rules.ts, measures)
// ---------------------------------------------------------------------------------------------------------------

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
