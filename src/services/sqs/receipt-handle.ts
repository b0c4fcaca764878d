/**
 * Receipt handles: opaque to users, but they name the queue incarnation, the message and the receive
 * they came from, so a handle finds its message in O(1) and a stale or foreign handle is recognised.
 *
 * A handle is `AQEB` followed by the base64 of `<queue uid>|<message id>|<receive number>|<tag>`, where the tag is
 * 16 hex digits of a keyed hash of everything before it, keyed by the account (ReceiptHandleCoder). A handle built
 * by hand, or edited, fails the check and is as invalid as a malformed one. The hash is not cryptographic: the aim is
 * that a test cannot make a valid handle by accident or by editing one, not to resist someone who reads this file.
 * Every receive makes a handle and every delete or visibility change reads one, so both go through one reused buffer
 * and the hash runs over its bytes.
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
const SEPARATOR = 0x7c; // '|'
const TAG_DIGITS = 16;
/** The ASCII codes of the lowercase hex digits. */
const HEX_CODES = Uint8Array.from('0123456789abcdef', (c) => c.charCodeAt(0));

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

/** The two 32-bit halves of the last `tagOf`. */
let tagHigh = 0;
let tagLow = 0;

/**
 * A keyed 64-bit hash of `bytes[0, length)`: two multiply-rotate lanes (MurmurHash3's mixing steps) started from and
 * finished with the key's words. A few nanoseconds per byte, where `crypto.createHmac` costs microseconds per handle.
 */
function tagOf(key: Int32Array, bytes: Uint8Array, length: number): void {
  let a = key[0]!;
  let b = key[1]!;
  for (let i = 0; i < length; i++) {
    const c = bytes[i]!;
    a = Math.imul(a ^ c, 0xcc9e2d51);
    a = (a << 15) | (a >>> 17);
    b = Math.imul(b + c, 0x1b873593) ^ a;
    b = (b << 13) | (b >>> 19);
  }
  a = finalMix(a ^ key[2]! ^ length);
  b = finalMix(b ^ key[3]! ^ a);
  tagHigh = finalMix(a ^ b);
  tagLow = b;
}

/** MurmurHash3's finaliser: every input bit affects every output bit. */
function finalMix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Writes the last tag as 16 lowercase hex digits at `offset`. */
function writeTag(bytes: Uint8Array, offset: number): void {
  for (let i = 0; i < 8; i++) {
    bytes[offset + i] = HEX_CODES[(tagHigh >>> (28 - 4 * i)) & 15]!;
    bytes[offset + 8 + i] = HEX_CODES[(tagLow >>> (28 - 4 * i)) & 15]!;
  }
}

function tagMatches(bytes: Uint8Array, offset: number): boolean {
  for (let i = 0; i < 8; i++) {
    if (bytes[offset + i] !== HEX_CODES[(tagHigh >>> (28 - 4 * i)) & 15]) return false;
    if (bytes[offset + 8 + i] !== HEX_CODES[(tagLow >>> (28 - 4 * i)) & 15]) return false;
  }
  return true;
}

/**
 * How many handles a coder remembers having made, in each of its two generations: a DeleteMessage usually follows its
 * receive closely, and a remembered handle is read with one map lookup instead of being decoded and checked.
 */
const REMEMBERED_HANDLES = 512;

/** Makes and reads the receipt handles of one account, whose key they are checked with. */
export class ReceiptHandleCoder {
  private readonly key = new Int32Array(4);
  /**
   * The handles made lately and their parts, in two generations: when the newer is full it becomes the older and the
   * older is dropped, so the memory stays bounded with no per-handle bookkeeping. A handle not found here (older, or
   * made by hand) is decoded and checked as always; one found here is one this coder made, so its parts are known.
   * A delete lets go of its handle; the handles of messages that leave otherwise stay until their generation goes
   * (at most 2 × REMEMBERED_HANDLES of them, some 250 KB).
   */
  private newer = new Map<string, Readonly<ReceiptHandleParts>>();
  private older = new Map<string, Readonly<ReceiptHandleParts>>();

  /** @param key at least 16 bytes, drawn from the account's id source (so a seeded mock makes the same handles). */
  constructor(key: Uint8Array) {
    if (key.length < 16) throw new RangeError('a receipt-handle key needs 16 bytes');
    const view = new DataView(key.buffer, key.byteOffset, key.byteLength);
    for (let i = 0; i < 4; i++) this.key[i] = view.getInt32(4 * i, true);
  }

  /** The handle of `parts`, which the coder keeps (to read the handle back without decoding it): do not change them. */
  encode(parts: Readonly<ReceiptHandleParts>): string {
    const checked = `${parts.queueUid}|${parts.messageId}|${parts.receiveNumber}|`;
    // UTF-8 takes at most 3 bytes per UTF-16 code unit.
    const buffer = scratchFor(3 * checked.length + TAG_DIGITS);
    const length = buffer.write(checked, 0, 'utf8');
    tagOf(this.key, buffer, length);
    writeTag(buffer, length);
    const handle = PREFIX + buffer.toString('base64', 0, length + TAG_DIGITS);
    this.remember(handle, parts);
    return handle;
  }

  /** The parts a handle names, or undefined when it is malformed or its tag is not this account's. */
  decode(handle: string): Readonly<ReceiptHandleParts> | undefined {
    const remembered = this.newer.get(handle) ?? this.older.get(handle);
    if (remembered !== undefined) return remembered;
    if (!handle.startsWith(PREFIX)) return undefined;
    const encoded = handle.slice(PREFIX.length);
    if (!BASE64_PAYLOAD.test(encoded)) return undefined;
    // Decoded as Buffer decodes base64: whole bytes only, trailing bits dropped.
    const buffer = scratchFor(encoded.length);
    const length = buffer.write(encoded, 0, 'base64');
    const checkedLength = length - TAG_DIGITS;
    if (checkedLength < 1 || buffer[checkedLength - 1] !== SEPARATOR) return undefined;
    tagOf(this.key, buffer, checkedLength);
    if (!tagMatches(buffer, checkedLength)) return undefined;
    const fields = buffer.toString('utf8', 0, checkedLength - 1).split('|');
    if (fields.length !== 3) return undefined;
    const [queueUid, messageId, receiveNumber] = fields as [string, string, string];
    if (!/^[1-9][0-9]*$/.test(receiveNumber) || !queueUid || !messageId) return undefined;
    return { queueUid, messageId, receiveNumber: Number(receiveNumber) };
  }

  /** Lets go of a handle whose message is gone, so that the memory keeps no id of a deleted message. */
  forget(handle: string): void {
    if (!this.newer.delete(handle)) this.older.delete(handle);
  }

  private remember(handle: string, parts: Readonly<ReceiptHandleParts>): void {
    // Only parts that decoding would give back: the memory must not accept a handle that decoding refuses.
    if (!wellFormed(parts)) return;
    if (this.newer.size >= REMEMBERED_HANDLES) {
      this.older = this.newer;
      this.newer = new Map();
    }
    this.newer.set(handle, parts);
  }
}

function wellFormed({ queueUid, messageId, receiveNumber }: Readonly<ReceiptHandleParts>): boolean {
  return (
    Number.isSafeInteger(receiveNumber) &&
    receiveNumber >= 1 &&
    queueUid !== '' &&
    messageId !== '' &&
    !queueUid.includes('|') &&
    !messageId.includes('|')
  );
}
