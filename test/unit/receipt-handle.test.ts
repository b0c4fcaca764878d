import { describe, expect, it } from 'vitest';
import { createIdSource } from '../../src/core/ids.js';
import { ReceiptHandleCoder, type ReceiptHandleParts } from '../../src/services/sqs/receipt-handle.js';

const KEY = Uint8Array.from({ length: 16 }, (_, i) => i * 17);

/** The payload of a handle: what follows `AQEB`, decoded as Buffer decodes base64. */
function payloadOf(handle: string): string {
  return Buffer.from(handle.slice(4), 'base64').toString('utf8');
}

function handleOf(payload: string): string {
  return `AQEB${Buffer.from(payload, 'utf8').toString('base64')}`;
}

describe('receipt handles', () => {
  const ids = createIdSource(11);
  const coder = new ReceiptHandleCoder(KEY);

  it('are written as before, with a tag in place of the nonce: these exact handles', () => {
    // Pins the coding: a change to it changes every seeded run's handles.
    expect(coder.encode({ queueUid: 'q', messageId: 'm', receiveNumber: 1 })).toBe(
      'AQEBcXxtfDF8MGY2OTI3MTIyOGJiZTNjYw==',
    );
    expect(
      coder.encode({
        queueUid: '6f0c6c8e-1b55-4c4e-9d7e-0d1f0c7a1c11',
        messageId: '00000000-0000-4000-8000-000000000001',
        receiveNumber: 12,
      }),
    ).toBe(
      'AQEBNmYwYzZjOGUtMWI1NS00YzRlLTlkN2UtMGQxZjBjN2ExYzExfDAwMDAwMDAwLTAwMDAtNDAwMC04MDAwLTAwMDAwMDAwMDAwMXwxMnxkNDQ2MGE3MWZiOTgxNWZm',
    );
  });

  it('hold <queue uid>|<message id>|<receive number>|<16 hex digits> and decode back, for every payload length modulo 3', () => {
    for (let i = 0; i < 300; i++) {
      const parts = { queueUid: ids.uuid(), messageId: ids.uuid().slice(0, 30 + (i % 7)), receiveNumber: 1 + i * 7919 };
      const handle = coder.encode(parts);
      expect(payloadOf(handle)).toMatch(
        new RegExp(`^${parts.queueUid}\\|${parts.messageId}\\|${parts.receiveNumber}\\|[0-9a-f]{16}$`),
      );
      expect(coder.decode(handle)).toEqual(parts);
    }
  });

  it('code ids beyond ASCII as UTF-8', () => {
    const parts = { queueUid: 'ü-queue', messageId: 'id 😀', receiveNumber: 3 };
    const handle = coder.encode(parts);
    expect(payloadOf(handle)).toMatch(/^ü-queue\|id 😀\|3\|[0-9a-f]{16}$/);
    expect(coder.decode(handle)).toEqual(parts);
  });

  it('are the same for the same key and parts, and differ for another key', () => {
    const parts: ReceiptHandleParts = { queueUid: 'q', messageId: 'm', receiveNumber: 5 };
    const again = new ReceiptHandleCoder(Uint8Array.from(KEY));
    const other = new ReceiptHandleCoder(Uint8Array.from(KEY, (byte, i) => (i === 15 ? byte ^ 1 : byte)));
    expect(again.encode(parts)).toBe(coder.encode(parts));
    expect(other.encode(parts)).not.toBe(coder.encode(parts));
    expect(other.decode(coder.encode(parts))).toBeUndefined();
  });

  it('cannot be forged: a payload built by hand, or any edit of a real one, is not a handle', () => {
    const parts = { queueUid: ids.uuid(), messageId: ids.uuid(), receiveNumber: 2 };
    const payload = payloadOf(coder.encode(parts));
    const tag = payload.slice(payload.lastIndexOf('|') + 1);
    const forged = [
      `${parts.queueUid}|${parts.messageId}|2|${'0'.repeat(16)}`,
      `${parts.queueUid}|${parts.messageId}|2|${ids.uuid().replace(/-/g, '').slice(0, 16)}`,
      `${parts.queueUid}|${parts.messageId}|3|${tag}`,
      `${parts.queueUid}|${parts.messageId.slice(0, -1)}0|2|${tag}`,
      `${parts.queueUid}|${parts.messageId}|2|${tag.toUpperCase()}`,
      `${parts.queueUid}|${parts.messageId}|2|${tag}0`,
      `${parts.queueUid}|${parts.messageId}|2|${tag.slice(1)}`,
    ];
    for (let i = 0; i < 16; i++) {
      const digit = tag[i] === '0' ? '1' : '0';
      forged.push(`${parts.queueUid}|${parts.messageId}|2|${tag.slice(0, i)}${digit}${tag.slice(i + 1)}`);
    }
    for (const text of forged) expect(coder.decode(handleOf(text))).toBeUndefined();
    expect(coder.decode(handleOf(payload))).toEqual(parts);
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
    handleOf('nope|nope|1|00'),
    handleOf('x|y|0|0000000000000000'),
    handleOf('x|y|01|0000000000000000'),
    handleOf('x||1|0000000000000000'),
    handleOf('x|y|1|00|extra'),
    handleOf('|'),
    handleOf('0000000000000000'),
    `AQEB${Buffer.from([0x78, 0x7c, 0xff, 0x7c, 0x31, 0x7c, 0x30]).toString('base64')}`,
  ])('read %j as no handle', (handle) => {
    expect(coder.decode(handle)).toBeUndefined();
  });

  it('refuse malformed fields even under a valid tag', () => {
    // The tag covers the bytes, not their meaning: the fields are still checked.
    for (const parts of [
      { queueUid: 'x', messageId: 'y', receiveNumber: 0 },
      { queueUid: 'x', messageId: '', receiveNumber: 1 },
      { queueUid: '', messageId: 'y', receiveNumber: 1 },
      { queueUid: 'x|y', messageId: 'z', receiveNumber: 1 },
      { queueUid: 'x', messageId: 'y', receiveNumber: 1.5 },
    ]) {
      expect(coder.decode(coder.encode(parts))).toBeUndefined();
    }
  });

  it('keep trailing bits and padding as Buffer reads them', () => {
    const handle = coder.encode({ queueUid: 'x', messageId: 'y', receiveNumber: 7 });
    expect(coder.decode(handle.replace(/=+$/, ''))).toEqual({ queueUid: 'x', messageId: 'y', receiveNumber: 7 });
  });
});
