/**
 * Receipt handles: opaque to users, but they name the queue incarnation, the message and the receive
 * they came from, so a handle finds its message in O(1) and a stale or foreign handle is recognised.
 *
 * A handle is `AQEB` followed by the base64 of `<queue uid>|<message id>|<receive number>|<hex nonce>`. Every receive
 * makes one and every delete or visibility change reads one, so both go through one reused buffer.
 */
export interface ReceiptHandleParts {
  queueUid: string;
  messageId: string;
  receiveNumber: number;
}

// Real handles start with this marker; ours do too, so they look familiar in logs.
const PREFIX = 'AQEB';
/** What follows the prefix: base64 characters, then at most two `=`. */
const BASE64_PAYLOAD = /^[A-Za-z0-9+/]+={0,2}$/;
const HEX = '0123456789abcdef';

/**
 * One reused buffer for a handle's payload bytes (a handle is about 150 characters): Buffer's own base64 and UTF-8
 * coding of it is native and allocates only the resulting string, where a Buffer per call, or building the string a
 * character code at a time, cost several times more on every receive and delete.
 */
let scratch = Buffer.alloc(512);

function scratchFor(bytes: number): Buffer {
  if (scratch.length < bytes) scratch = Buffer.alloc(2 * bytes);
  return scratch;
}

export function encodeReceiptHandle(parts: ReceiptHandleParts, nonce: Uint8Array): string {
  let hex = '';
  for (const byte of nonce) hex += HEX[byte >> 4]! + HEX[byte & 15]!;
  const payload = `${parts.queueUid}|${parts.messageId}|${parts.receiveNumber}|${hex}`;
  // UTF-8 takes at most 3 bytes per UTF-16 code unit.
  const buffer = scratchFor(3 * payload.length);
  return PREFIX + buffer.toString('base64', 0, buffer.write(payload, 0, 'utf8'));
}

export function decodeReceiptHandle(handle: string): ReceiptHandleParts | undefined {
  if (!handle.startsWith(PREFIX)) return undefined;
  const encoded = handle.slice(PREFIX.length);
  if (!BASE64_PAYLOAD.test(encoded)) return undefined;
  // Decoded as Buffer decodes base64: whole bytes only, trailing bits dropped; then read as UTF-8.
  const buffer = scratchFor(encoded.length);
  const fields = buffer.toString('utf8', 0, buffer.write(encoded, 0, 'base64')).split('|');
  if (fields.length !== 4) return undefined;
  const [queueUid, messageId, receiveNumber] = fields as [string, string, string, string];
  if (!/^[1-9][0-9]*$/.test(receiveNumber) || !queueUid || !messageId) return undefined;
  return { queueUid, messageId, receiveNumber: Number(receiveNumber) };
}
