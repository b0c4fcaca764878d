import { describe, expect, it } from 'vitest';
import { createIdSource } from '../../src/ids.js';
import { decodeReceiptHandle, encodeReceiptHandle, type ReceiptHandleParts } from '../../src/sqs/receipt-handle.js';

/** The encoding as it was done through Buffer: handles and their reading must not change. */
function referenceEncode(parts: ReceiptHandleParts, nonce: Uint8Array): string {
  const payload = `${parts.queueUid}|${parts.messageId}|${parts.receiveNumber}|${Buffer.from(nonce).toString('hex')}`;
  return 'AQEB' + Buffer.from(payload, 'utf8').toString('base64');
}

function referenceDecode(handle: string): ReceiptHandleParts | undefined {
  if (!handle.startsWith('AQEB')) return undefined;
  const encoded = handle.slice(4);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return undefined;
  const fields = Buffer.from(encoded, 'base64').toString('utf8').split('|');
  if (fields.length !== 4) return undefined;
  const [queueUid, messageId, receiveNumber] = fields as [string, string, string, string];
  if (!/^[1-9][0-9]*$/.test(receiveNumber) || !queueUid || !messageId) return undefined;
  return { queueUid, messageId, receiveNumber: Number(receiveNumber) };
}

describe('receipt handles', () => {
  const ids = createIdSource(11);

  it('encode as before and decode back, for every payload length modulo 3', () => {
    for (let i = 0; i < 300; i++) {
      const parts = { queueUid: ids.uuid(), messageId: ids.uuid().slice(0, 30 + (i % 7)), receiveNumber: 1 + i * 7919 };
      const nonce = ids.bytes(16);
      const handle = encodeReceiptHandle(parts, nonce);
      expect(handle).toBe(referenceEncode(parts, nonce));
      expect(decodeReceiptHandle(handle)).toEqual(parts);
    }
  });

  it('encode ids beyond ASCII the same way too', () => {
    const parts = { queueUid: 'ü-queue', messageId: 'id 😀', receiveNumber: 3 };
    const nonce = Uint8Array.of(0, 255);
    const handle = encodeReceiptHandle(parts, nonce);
    expect(handle).toBe(referenceEncode(parts, nonce));
    expect(decodeReceiptHandle(handle)).toEqual(parts);
  });

  it.each([
    '',
    'AQEB',
    'AQEB=',
    'AQEB==',
    'AQEB===',
    'AQEBQQ===',
    'AQEBQ=Q=',
    'AQEB QQ==',
    'AQEBgarbage',
    'AQEB====',
    'aqebQQ==',
    'AQEB-_-_',
    'AQEBé',
    `AQEB${Buffer.from('nope|nope|1|00', 'utf8').toString('base64')}`,
    `AQEB${Buffer.from('x|y|0|00', 'utf8').toString('base64')}`,
    `AQEB${Buffer.from('x|y|01|00', 'utf8').toString('base64')}`,
    `AQEB${Buffer.from('x||1|00', 'utf8').toString('base64')}`,
    `AQEB${Buffer.from('x|y|1|00|extra', 'utf8').toString('base64')}`,
    `AQEB${Buffer.from('ü|y|12|00', 'utf8').toString('base64')}`,
    `AQEB${Buffer.from([0x78, 0x7c, 0xff, 0x7c, 0x31, 0x7c, 0x30]).toString('base64')}`,
    `AQEB${Buffer.from('x|y|7|ab', 'utf8').toString('base64').replace(/=+$/, '')}`,
    `AQEB${Buffer.from('x|y|7|ab', 'utf8').toString('base64')}Q`,
    `AQEB${Buffer.from('x|y|7|ab', 'utf8').toString('base64')}QQ`,
  ])('read %j as they were read before', (handle) => {
    expect(decodeReceiptHandle(handle)).toEqual(referenceDecode(handle));
  });

  it('read random base64 text as before', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/|=';
    for (let i = 0; i < 2000; i++) {
      let text = 'AQEB';
      const length = Math.floor(ids.random() * 24);
      for (let j = 0; j < length; j++) text += alphabet[Math.floor(ids.random() * alphabet.length)];
      expect(decodeReceiptHandle(text)).toEqual(referenceDecode(text));
      const payload = `${ids.uuid().slice(0, 4)}|${ids.uuid().slice(0, 3)}|${Math.floor(ids.random() * 30)}|${'ab'.repeat(i % 3)}`;
      const handle = `AQEB${Buffer.from(payload, 'utf8').toString('base64')}`;
      expect(decodeReceiptHandle(handle)).toEqual(referenceDecode(handle));
    }
  });
});
