import { isValidNumberAttribute, setOwn } from '../../../core/messages/attribute-rules.js';
import { snsErrors } from '../errors.js';

/**
 * SNS message attributes (docs/aws-behaviour/sns.md §3): the checks Publish and PublishBatch make, with AWS's texts
 * (`ParameterValueInvalid`, class InvalidParameterValueException), and the validated form the rest of the
 * emulation uses. Only the value the DataType needs is kept, so size, envelope and raw delivery describe
 * exactly what SNS took.
 */
export interface SnsMessageAttribute {
  readonly DataType: string;
  readonly StringValue?: string;
  readonly BinaryValue?: Uint8Array;
}

/** Attributes by name, in the order the request gave them (the envelope's order is derived from it). */
export type SnsMessageAttributes = Readonly<Record<string, SnsMessageAttribute>>;

const MAX_NAME_BYTES = 255;
/** Letters of any script, decimal digits, `_`, `-` and `.`: the set of SQS's validator, which SNS's texts match. */
const NAME_CHARACTER = /[\p{L}\p{Nd}_.-]/u;
/** The same, for a whole name: most are fine, and are then checked in one step rather than a character at a time. */
const NAME = /^[\p{L}\p{Nd}_.-]*$/u;
/** A base type, optionally followed by `.` and a non-empty label: `String.` and `Stringx` are refused [V]. */
const DATA_TYPE = /^(String|Number|Binary)(?:\..+)?$/s;

/** The base type of a valid DataType (undefined otherwise); a plain base type is found without a match object. */
function baseType(dataType: string): string | undefined {
  if (dataType === 'String' || dataType === 'Number' || dataType === 'Binary') return dataType;
  return DATA_TYPE.exec(dataType)?.[1];
}

const invalid = snsErrors.parameterValueInvalid;

function checkName(name: string): void {
  if (Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES)
    throw invalid('Length of message attribute name must be less than 256 bytes.');
  if (!NAME.test(name)) {
    for (const character of name) {
      if (!NAME_CHARACTER.test(character)) {
        const hex = character.codePointAt(0)!.toString(16).toUpperCase();
        throw invalid(
          `Invalid non-alphanumeric character '#x${hex}' was found in the message attribute name. ` +
            'Can only include alphanumeric characters, hyphens, underscores, or dots.',
        );
      }
    }
  }
  if (name.startsWith('.')) throw invalid("Invalid message attribute name starting with character '.' was found.");
  if (name.endsWith('.')) throw invalid("Invalid message attribute name ending with character '.' was found.");
  if (name.includes('..')) throw invalid("Message attribute name can not have successive '.' character.");
}

/** A blob as the SDK would send it: a string goes as its UTF-8 bytes. Copied, so later changes cannot reach us. */
function bytesOf(value: unknown): Uint8Array | undefined {
  if (value instanceof Uint8Array) return new Uint8Array(value);
  if (typeof value === 'string') return new Uint8Array(Buffer.from(value, 'utf8'));
  return undefined;
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null;
}

function emptyValue(name: string, base: string) {
  return invalid(
    `The message attribute '${name}' must contain non-empty message attribute value for message attribute type '${base}'.`,
  );
}

function checkValue(name: string, raw: Readonly<Record<string, unknown>>): SnsMessageAttribute {
  const dataType = raw['DataType'];
  const base = typeof dataType === 'string' ? baseType(dataType) : undefined;
  if (typeof dataType !== 'string' || base === undefined) {
    throw invalid(
      `The message attribute '${name}' has an invalid message attribute type, the set of supported type prefixes is Binary, Number, and String.`,
    );
  }
  const field = base === 'Binary' ? 'Binary' : 'String';
  const own = field === 'Binary' ? raw['BinaryValue'] : raw['StringValue'];
  const other = field === 'Binary' ? raw['StringValue'] : raw['BinaryValue'];
  // Only the other field given: "must use field"; nothing, or an empty value: "must contain non-empty" [V].
  if (isAbsent(own) && !isAbsent(other))
    throw invalid(`The message attribute '${name}' with type '${base}' must use field '${field}'.`);
  if (field === 'Binary') {
    const bytes = bytesOf(own);
    if (!bytes || bytes.byteLength === 0) throw emptyValue(name, base);
    return { DataType: dataType, BinaryValue: bytes };
  }
  if (typeof own !== 'string' || own === '') throw emptyValue(name, base);
  // SNS validates that a Number is a number [D]; the bounds are SQS's, so that whatever SNS takes a queue takes too.
  if (base === 'Number' && !isValidNumberAttribute(own)) throw snsErrors.messageAttributeNotANumber(name);
  return { DataType: dataType, StringValue: own };
}

/**
 * Validates `MessageAttributes` (absent → none), each attribute name first and value second, in request order;
 * the first failure is thrown. A missing DataType never gets here: the request framework reports it first
 * (RequiredMembers). SNS sets no limit on the number of attributes; only raw SQS delivery does
 * (docs/aws-behaviour/sns.md §4).
 */
export function validateMessageAttributes(attributes: unknown): SnsMessageAttributes {
  const result: Record<string, SnsMessageAttribute> = {};
  if (attributes === undefined || attributes === null) return result;
  // Object.keys, not entries: no pair array per attribute.
  for (const name of Object.keys(attributes)) {
    const raw: unknown = (attributes as Record<string, unknown>)[name];
    checkName(name);
    const value = checkValue(name, (raw ?? {}) as Readonly<Record<string, unknown>>);
    // Defined rather than assigned: a legal name such as `__proto__` must not reach the prototype.
    setOwn(result, name, value);
  }
  return result;
}

/** The bytes of an attribute's value: UTF-8 of the string, or the binary itself. */
export function valueBytes(attribute: SnsMessageAttribute): number {
  return attribute.BinaryValue
    ? attribute.BinaryValue.byteLength
    : Buffer.byteLength(attribute.StringValue ?? '', 'utf8');
}
