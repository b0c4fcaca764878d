/**
 * Receipt handles: opaque to users, but they name the queue incarnation, the message and the receive
 * they came from, so a handle finds its message in O(1) and a stale or foreign handle is recognised.
 *
 * A handle is `AQEB` followed by the base64 of `<queue uid>|<message id>|<receive number>|<hex nonce>`. Every receive
 * makes one and every delete or visibility change reads one, so both are done here in plain JavaScript over the ASCII
 * text they always are, without a round trip through Buffer; anything else takes the general path.
 */
export interface ReceiptHandleParts {
  queueUid: string;
  messageId: string;
  receiveNumber: number;
}

// Real handles start with this marker; ours do too, so they look familiar in logs.
const PREFIX = 'AQEB';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const ENCODE = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));
/** The 6-bit value of each base64 character code, -1 for any other. */
const DECODE = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;
const PAD = 0x3d; // '='
const SEPARATOR = 0x7c; // '|'
const HEX = '0123456789abcdef';

/** Scratch space for one handle's payload bytes and its base64 characters (a handle is about 150 characters). */
let bytes = new Uint8Array(256);
let chars = new Uint8Array(344);

export function encodeReceiptHandle(parts: ReceiptHandleParts, nonce: Uint8Array): string {
  let hex = '';
  for (const byte of nonce) hex += HEX[byte >> 4]! + HEX[byte & 15]!;
  const payload = `${parts.queueUid}|${parts.messageId}|${parts.receiveNumber}|${hex}`;
  return PREFIX + (base64OfAscii(payload) ?? Buffer.from(payload, 'utf8').toString('base64'));
}

export function decodeReceiptHandle(handle: string): ReceiptHandleParts | undefined {
  if (!handle.startsWith(PREFIX)) return undefined;
  const fields = payloadFields(handle);
  if (fields === undefined || fields.length !== 4) return undefined;
  const [queueUid, messageId, receiveNumber] = fields as [string, string, string, string];
  if (!/^[1-9][0-9]*$/.test(receiveNumber) || !queueUid || !messageId) return undefined;
  return { queueUid, messageId, receiveNumber: Number(receiveNumber) };
}

/** Standard base64, with padding, of an ASCII text; undefined when the text is not ASCII. */
function base64OfAscii(text: string): string | undefined {
  const length = text.length;
  if (bytes.length < length) bytes = new Uint8Array(2 * length);
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return undefined;
    bytes[i] = code;
  }
  const size = 4 * Math.ceil(length / 3);
  if (chars.length < size) chars = new Uint8Array(2 * size);
  let out = 0;
  let i = 0;
  for (; i + 2 < length; i += 3) {
    const triple = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    chars[out++] = ENCODE[triple >> 18]!;
    chars[out++] = ENCODE[(triple >> 12) & 63]!;
    chars[out++] = ENCODE[(triple >> 6) & 63]!;
    chars[out++] = ENCODE[triple & 63]!;
  }
  if (i < length) {
    const rest = length - i;
    const triple = (bytes[i]! << 16) | (rest === 2 ? bytes[i + 1]! << 8 : 0);
    chars[out++] = ENCODE[triple >> 18]!;
    chars[out++] = ENCODE[(triple >> 12) & 63]!;
    chars[out++] = rest === 2 ? ENCODE[(triple >> 6) & 63]! : PAD;
    chars[out++] = PAD;
  }
  return String.fromCharCode.apply(null, chars.subarray(0, out) as unknown as number[]);
}

/**
 * The `|`-separated fields of a handle's payload, or undefined when what follows the prefix is not base64 (one or
 * more alphabet characters, then at most two `=`). Decoded as Buffer decodes base64: whole bytes only, trailing bits
 * dropped. A payload with bytes beyond ASCII goes through Buffer, for its UTF-8 reading.
 */
function payloadFields(handle: string): string[] | undefined {
  const end = handle.length;
  let dataEnd = end;
  while (dataEnd > PREFIX.length && handle.charCodeAt(dataEnd - 1) === PAD && end - dataEnd < 2) dataEnd--;
  if (dataEnd === PREFIX.length) return undefined;
  const size = Math.floor(((dataEnd - PREFIX.length) * 6) / 8);
  if (bytes.length < size) bytes = new Uint8Array(2 * size);
  let bits = 0;
  let bitCount = 0;
  let written = 0;
  let ascii = true;
  for (let i = PREFIX.length; i < dataEnd; i++) {
    const code = handle.charCodeAt(i);
    const value = code < 128 ? DECODE[code]! : -1;
    if (value < 0) return undefined;
    bits = ((bits << 6) | value) & 0xffffff;
    bitCount += 6;
    if (bitCount >= 8) {
      bitCount -= 8;
      const byte = (bits >> bitCount) & 0xff;
      if (byte > 0x7f) ascii = false;
      bytes[written++] = byte;
    }
  }
  if (!ascii) return Buffer.from(handle.slice(PREFIX.length), 'base64').toString('utf8').split('|');
  const fields: string[] = [];
  let start = 0;
  for (let i = 0; i <= written; i++) {
    if (i === written || bytes[i] === SEPARATOR) {
      fields.push(String.fromCharCode.apply(null, bytes.subarray(start, i) as unknown as number[]));
      start = i + 1;
    }
  }
  return fields;
}
