import { createHash, hash } from 'node:crypto';

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

/**
 * `crypto.hash` (Node 20.12+; undefined before, in the package's CommonJS build): a one-shot digest, several times
 * cheaper than a Hash object for small inputs. A named import: a default import of `node:crypto` costs the package's
 * `require` a copy of the module's every export (docs/speed.md).
 */
const oneShotHash = hash as typeof hash | undefined;
/** Past this size a Hash object is as fast or faster (one-shot hashing of long strings converts them slowly). */
const ONE_SHOT_MAX_LENGTH = 4096;

/**
 * The last short text hashed and its digest. A message's body is hashed when it is sent and again each time it is
 * received (the digest is kept on the message only for long bodies, message.ts), and tests often send one body many
 * times: comparing with the last text is a fraction of an MD5's cost. Bounded by ONE_SHOT_MAX_LENGTH, so what it keeps
 * alive is at most one short string.
 */
let lastText: string | undefined;
let lastTextDigest = '';

/** Hex MD5 of `data`; strings are hashed as UTF-8, as SQS does for `MD5OfMessageBody`. */
export function md5Hex(data: string | Uint8Array): string {
  if (typeof data === 'string') {
    if (data === lastText) return lastTextDigest;
    if (data.length > ONE_SHOT_MAX_LENGTH || !oneShotHash) return createHash('md5').update(data).digest('hex');
    lastTextDigest = oneShotHash('md5', data, 'hex');
    lastText = data;
    return lastTextDigest;
  }
  if (oneShotHash && data.byteLength <= ONE_SHOT_MAX_LENGTH) return oneShotHash('md5', data, 'hex');
  return createHash('md5').update(data).digest('hex');
}

/** Transport-type markers of the attribute MD5 encoding (docs/aws-behaviour/sdk.md §2.2). */
const TRANSPORT_STRING = 1;
const TRANSPORT_BINARY = 2;
const TRANSPORT_STRING_LIST = 3;
const TRANSPORT_BINARY_LIST = 4;

/**
 * The bytes the attribute digest covers, written into one buffer and hashed once: a Hash object fed piece by piece
 * costs a call into C++ per length prefix.
 */
class DigestInput {
  private buffer = Buffer.allocUnsafe(256);
  length = 0;

  reset(): void {
    this.length = 0;
  }

  byte(value: number): void {
    this.reserve(1);
    this.buffer[this.length++] = value;
  }

  /** `bytes` prefixed by their length as a 4-byte big-endian unsigned integer. */
  lengthPrefixed(bytes: string | Uint8Array): void {
    if (typeof bytes === 'string') {
      const byteLength = Buffer.byteLength(bytes, 'utf8');
      this.reserve(4 + byteLength);
      this.buffer.writeUInt32BE(byteLength, this.length);
      this.length += 4 + this.buffer.write(bytes, this.length + 4, 'utf8');
    } else {
      this.reserve(4 + bytes.byteLength);
      this.buffer.writeUInt32BE(bytes.byteLength, this.length);
      this.buffer.set(bytes, this.length + 4);
      this.length += 4 + bytes.byteLength;
    }
  }

  digest(): string {
    return md5Hex(this.buffer.subarray(0, this.length));
  }

  private reserve(more: number): void {
    if (this.length + more <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(2 * this.buffer.length, this.length + more));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
}

/** Reused: digests are computed one at a time, and the buffer only grows to the largest attribute set seen. */
const digestInput = new DigestInput();

function writeValue(input: DigestInput, value: MessageAttributeValue): void {
  // Same precedence as the SDKs that verify this digest: a scalar value wins over list values.
  if (value.StringValue !== undefined) {
    input.byte(TRANSPORT_STRING);
    input.lengthPrefixed(value.StringValue);
  } else if (value.BinaryValue !== undefined) {
    input.byte(TRANSPORT_BINARY);
    input.lengthPrefixed(value.BinaryValue);
  } else if (value.StringListValues !== undefined && value.StringListValues.length > 0) {
    input.byte(TRANSPORT_STRING_LIST);
    for (const item of value.StringListValues) input.lengthPrefixed(item);
  } else if (value.BinaryListValues !== undefined && value.BinaryListValues.length > 0) {
    input.byte(TRANSPORT_BINARY_LIST);
    for (const item of value.BinaryListValues) input.lengthPrefixed(item);
  }
}

/**
 * `MD5OfMessageAttributes` / `MD5OfMessageSystemAttributes` (docs/aws-behaviour/sdk.md §2.2); `undefined` when there is
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
  const input = digestInput;
  input.reset();
  for (const name of names) {
    const value = attrs[name];
    if (value === undefined) continue;
    input.lengthPrefixed(name);
    input.lengthPrefixed(value.DataType);
    writeValue(input, value);
  }
  return input.digest();
}
