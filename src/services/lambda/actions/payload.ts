import { readJson } from '../../../core/json/json-reader.js';
import { textOf } from '../../../core/util/text.js';
import { invokeErrors } from '../errors.js';

/**
 * Invoke's payload both ways. In: whatever the SDK's `BlobPayloadInputTypes` allow (a string, bytes, a Node stream
 * or a Blob), as the bytes the SDK would have sent. Out: the bytes the SDK's deserializer hands over, a Uint8Array
 * with `transformToString()` (its `Uint8ArrayBlobAdapter`; docs/aws-behaviour/sdk.md §3.6).
 */

/** The request body the SDK would send for `Payload`; nothing is an empty body. */
export function payloadBytes(payload: unknown): Uint8Array | Promise<Uint8Array> {
  if (payload === undefined || payload === null) return new Uint8Array(0);
  if (typeof payload === 'string') return Buffer.from(payload, 'utf8');
  if (payload instanceof Uint8Array) return payload;
  if (ArrayBuffer.isView(payload)) return new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength);
  if (payload instanceof ArrayBuffer) return new Uint8Array(payload);
  if (typeof Blob !== 'undefined' && payload instanceof Blob) {
    return payload.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  }
  if (isAsyncIterable(payload)) return collect(payload);
  throw new TypeError(
    `sqs-sns-mock: Invoke's Payload is a string, a Uint8Array, a Buffer, a Blob or a stream, got ${textOf(payload)}`,
  );
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function'
  );
}

async function collect(stream: AsyncIterable<unknown>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The event Lambda hands the function: the payload parsed as JSON, `{}` for an empty one (lambda.md §6). A payload
 * that is not JSON is refused with the JSON parser's (Jackson's) message, which the strict reader of the filter
 * policies reproduces; `JSON.parse` answers the common case.
 */
export function parsePayload(bytes: Uint8Array): unknown {
  if (bytes.length === 0) return {};
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw invokeErrors.payloadNotJson(invalidUtf8Detail(bytes));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invokeErrors.payloadNotJson(jacksonDetail(text));
  }
}

function jacksonDetail(text: string): string {
  try {
    readJson(text);
  } catch (error) {
    if (error instanceof Error) return error.message.replace(/^failed to parse JSON\. /, '');
  }
  // JSON.parse refused what Jackson reads (none known): say what JSON.parse said.
  return 'Unexpected end-of-input';
}

const REDACTED_SOURCE = '[Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled)';

/**
 * Jackson reads bytes: a byte that is no UTF-8 where a value starts is an unexpected character of its own code
 * (recorded: `\x99…` at column 1); inside a token, an invalid UTF-8 byte (recorded: `n\x87…`, column 3, one past the
 * byte). Both recorded 2025-11 (lambda.md §6.2); other positions follow the second form, unverified.
 */
function invalidUtf8Detail(bytes: Uint8Array): string {
  const { index, kind } = firstInvalidByte(bytes);
  let start = 0;
  while (start < bytes.length && isJsonSpace(bytes[start]!)) start++;
  if (index === start) {
    const latin1 = Buffer.from(bytes.subarray(0, index + 1)).toString('latin1');
    return jacksonDetail(latin1);
  }
  const line = 1 + countLines(bytes.subarray(0, index));
  const column = index - lastLineStart(bytes, index) + 2;
  return `Invalid UTF-8 ${kind} byte 0x${bytes[index]!.toString(16)}\n at ${REDACTED_SOURCE}; line: ${line}, column: ${column}]`;
}

function firstInvalidByte(bytes: Uint8Array): { index: number; kind: 'start' | 'middle' } {
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i]!;
    const extra =
      lead < 0x80 ? 0 : lead >= 0xc2 && lead < 0xe0 ? 1 : lead >= 0xe0 && lead < 0xf0 ? 2 : lead < 0xf5 ? 3 : -1;
    if (extra < 0 || (lead >= 0x80 && lead < 0xc2)) return { index: i, kind: 'start' };
    for (let k = 1; k <= extra; k++) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return { index: i + k, kind: 'middle' };
    }
    i += extra + 1;
  }
  return { index: bytes.length, kind: 'start' };
}

function isJsonSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

function countLines(bytes: Uint8Array): number {
  let lines = 0;
  for (const byte of bytes) if (byte === 0x0a) lines++;
  return lines;
}

function lastLineStart(bytes: Uint8Array, before: number): number {
  for (let i = before - 1; i >= 0; i--) if (bytes[i] === 0x0a) return i + 1;
  return 0;
}

/**
 * What the SDK's deserializer makes of a response body: bytes that also read as text (`transformToString`). Named as
 * the SDK's class is, which is how a test's output prints it.
 */
export class Uint8ArrayBlobAdapter extends Uint8Array {
  /** UTF-8 text, or `'base64'`; any other encoding reads as UTF-8, as the SDK's does. */
  transformToString(encoding = 'utf-8'): string {
    const buffer = Buffer.from(this.buffer, this.byteOffset, this.byteLength);
    return encoding === 'base64' ? buffer.toString('base64') : buffer.toString('utf8');
  }
}

export function responsePayload(text: string): Uint8ArrayBlobAdapter {
  const bytes = Buffer.from(text, 'utf8');
  const payload = new Uint8ArrayBlobAdapter(bytes.length);
  payload.set(bytes);
  return payload;
}
