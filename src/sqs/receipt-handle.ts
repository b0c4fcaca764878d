/**
 * Receipt handles: opaque to users, but they name the queue incarnation, the message and the receive
 * they came from, so a handle finds its message in O(1) and a stale or foreign handle is recognised.
 */
export interface ReceiptHandleParts {
  queueUid: string;
  messageId: string;
  receiveNumber: number;
}

// Real handles start with this marker; ours do too, so they look familiar in logs.
const PREFIX = 'AQEB';

export function encodeReceiptHandle(parts: ReceiptHandleParts, nonce: Uint8Array): string {
  const payload = `${parts.queueUid}|${parts.messageId}|${parts.receiveNumber}|${Buffer.from(nonce).toString('hex')}`;
  return PREFIX + Buffer.from(payload, 'utf8').toString('base64');
}

export function decodeReceiptHandle(handle: string): ReceiptHandleParts | undefined {
  if (!handle.startsWith(PREFIX)) return undefined;
  const encoded = handle.slice(PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return undefined;
  const fields = Buffer.from(encoded, 'base64').toString('utf8').split('|');
  if (fields.length !== 4) return undefined;
  const [queueUid, messageId, receiveNumber] = fields as [string, string, string, string];
  if (!/^[1-9][0-9]*$/.test(receiveNumber) || !queueUid || !messageId) return undefined;
  return { queueUid, messageId, receiveNumber: Number(receiveNumber) };
}
