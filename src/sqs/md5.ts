import { createHash, type Hash } from 'node:crypto';

/**
 * A message (or message system) attribute as the emulation stores it. Our own shape, deliberately close to the SDK's
 * `MessageAttributeValue` so that values can be handed back to the SDK unchanged.
 */
export interface MessageAttributeValue {
  DataType: string;
  StringValue?: string;
  BinaryValue?: Uint8Array;
  StringListValues?: string[];
  BinaryListValues?: Uint8Array[];
}

/** Hex MD5 of `data`; strings are hashed as UTF-8, as SQS does for `MD5OfMessageBody`. */
export function md5Hex(data: string | Uint8Array): string {
  return createHash('md5').update(data).digest('hex');
}

/** Transport-type markers of the attribute MD5 encoding (shared/spec/sdk.md §2.2). */
const TRANSPORT_STRING = 1;
const TRANSPORT_BINARY = 2;
const TRANSPORT_STRING_LIST = 3;
const TRANSPORT_BINARY_LIST = 4;

/** Feeds `bytes` prefixed by their length as a 4-byte big-endian unsigned integer. */
function updateLengthPrefixed(hash: Hash, bytes: string | Uint8Array): void {
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.byteLength);
  hash.update(length);
  hash.update(data);
}

function updateValue(hash: Hash, value: MessageAttributeValue): void {
  // Same precedence as the SDKs that verify this digest: a scalar value wins over list values.
  if (value.StringValue !== undefined) {
    hash.update(Uint8Array.of(TRANSPORT_STRING));
    updateLengthPrefixed(hash, value.StringValue);
  } else if (value.BinaryValue !== undefined) {
    hash.update(Uint8Array.of(TRANSPORT_BINARY));
    updateLengthPrefixed(hash, value.BinaryValue);
  } else if (value.StringListValues !== undefined && value.StringListValues.length > 0) {
    hash.update(Uint8Array.of(TRANSPORT_STRING_LIST));
    for (const item of value.StringListValues) updateLengthPrefixed(hash, item);
  } else if (value.BinaryListValues !== undefined && value.BinaryListValues.length > 0) {
    hash.update(Uint8Array.of(TRANSPORT_BINARY_LIST));
    for (const item of value.BinaryListValues) updateLengthPrefixed(hash, item);
  }
}

/**
 * `MD5OfMessageAttributes` / `MD5OfMessageSystemAttributes` (shared/spec/sdk.md §2.2); `undefined` when there is
 * nothing to digest, because SQS then leaves the field out of its answer.
 */
export function md5OfMessageAttributes(
  attrs: Readonly<Record<string, MessageAttributeValue>> | undefined,
): string | undefined {
  if (attrs === undefined) return undefined;
  const names = Object.keys(attrs);
  if (names.length === 0) return undefined;
  // Default sort = UTF-16 code-unit order, which is Java's String order (what the Java SDK verifies against).
  // It equals UTF-8 byte order for every name that has no astral-plane characters.
  names.sort();
  const hash = createHash('md5');
  for (const name of names) {
    const value = attrs[name];
    if (value === undefined) continue;
    updateLengthPrefixed(hash, name);
    updateLengthPrefixed(hash, value.DataType);
    updateValue(hash, value);
  }
  return hash.digest('hex');
}
