import { describe, expect, it } from 'vitest';
import { canonicalString, stubSignature, type SignedFields } from '../../src/services/sns/publish/signature.js';

const fields: SignedFields = {
  Message: 'hello',
  MessageId: '6f0c6c8e-1b55-4c4e-9d7e-0d1f0c7a1c11',
  Subject: undefined,
  Timestamp: '2026-01-02T03:04:05.678Z',
  TopicArn: 'arn:aws:sns:us-east-1:000000000000:orders',
  Type: 'Notification',
};

describe('the stand-in signature', () => {
  it('signs the canonical string AWS signs: names in order, Subject only when present', () => {
    expect(canonicalString(fields)).toBe(
      'Message\nhello\nMessageId\n6f0c6c8e-1b55-4c4e-9d7e-0d1f0c7a1c11\nTimestamp\n2026-01-02T03:04:05.678Z\n' +
        'TopicArn\narn:aws:sns:us-east-1:000000000000:orders\nType\nNotification\n',
    );
    expect(canonicalString({ ...fields, Subject: 'hi' })).toContain(
      'MessageId\n6f0c6c8e-1b55-4c4e-9d7e-0d1f0c7a1c11\nSubject\nhi\nTimestamp\n',
    );
  });

  it('is the base64 of 256 bytes, stable for a notification and different for another', () => {
    const signature = stubSignature(fields, '1');
    expect(signature).toMatch(/^[A-Za-z0-9+/]{342}==$/);
    expect(Buffer.from(signature, 'base64')).toHaveLength(256);
    expect(stubSignature({ ...fields }, '1')).toBe(signature);
    const others = [
      stubSignature(fields, '2'),
      stubSignature({ ...fields, Message: 'hellp' }, '1'),
      stubSignature({ ...fields, Subject: 'hi' }, '1'),
      stubSignature({ ...fields, MessageId: fields.MessageId.replace('6f', '6e') }, '1'),
    ];
    expect(new Set([signature, ...others]).size).toBe(5);
  });

  it('looks random: its bytes take many values and are not mostly one', () => {
    const bytes = Buffer.from(stubSignature(fields, '1'), 'base64');
    expect(new Set(bytes).size).toBeGreaterThan(100);
  });
});
