import { createHash } from 'node:crypto';
import { describe, it, expect } from 'vitest';
import { md5Hex, md5OfMessageAttributes, type MessageAttributeValue } from '../../src/core/messages/md5.js';

const str = (StringValue: string, DataType = 'String'): MessageAttributeValue => ({ DataType, StringValue });
const bin = (bytes: number[], DataType = 'Binary'): MessageAttributeValue => ({
  DataType,
  BinaryValue: Uint8Array.from(bytes),
});

describe('md5Hex (MD5OfMessageBody / MD5OfBody)', () => {
  // docs/aws-behaviour/sqs.md §5.4 and sdk.md §2.2
  it.each([
    ['message', '78e731027d8fd50ed642340b7c9a63b3'],
    ['test', '098f6bcd4621d373cade4e832627b4f6'],
    ['{"message_index":1}', '4504dd781f625d681c31cda87e260702'],
  ])('md5(%j) = %s', (body, expected) => {
    expect(md5Hex(body)).toBe(expected);
  });

  it('hashes strings as UTF-8, the same as their bytes', () => {
    const text = 'Tüst 😀';
    expect(md5Hex(text)).toBe(md5Hex(new Uint8Array(Buffer.from(text, 'utf8'))));
  });

  it('answers each text its own digest when texts repeat, alternate or are long (the last digest is reused)', () => {
    const long = 'x'.repeat(5000);
    const expected = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
    for (const text of ['message', 'message', 'test', 'message', long, long, 'test', '', '']) {
      expect(md5Hex(text)).toBe(expected(text));
    }
  });
});

describe('md5OfMessageAttributes', () => {
  it('is undefined for absent or empty attributes (SQS leaves the field out)', () => {
    expect(md5OfMessageAttributes(undefined)).toBeUndefined();
    expect(md5OfMessageAttributes({})).toBeUndefined();
  });

  // sqs.md §5.4 (AWS snapshots)
  it('matches AWS for three String attributes and for a subset of them', () => {
    expect(md5OfMessageAttributes({ 'Help.Me': str('Me'), Hello: str('There'), General: str('Kenobi') })).toBe(
      '4c360f3fdafd970e05fae2f149d997f5',
    );
    expect(md5OfMessageAttributes({ Hello: str('There'), General: str('Kenobi') })).toBe(
      'fca026605781cb4126a1e9044df24232',
    );
  });

  it('does not depend on the order the names are given in', () => {
    expect(md5OfMessageAttributes({ General: str('Kenobi'), Hello: str('There'), 'Help.Me': str('Me') })).toBe(
      '4c360f3fdafd970e05fae2f149d997f5',
    );
  });

  // sdk.md §2.2 table
  it('aws-sdk-ruby: String, Binary, Number and non-ASCII values', () => {
    expect(
      md5OfMessageAttributes({
        ccc: str('test'),
        aaa: bin([2, 3, 4]),
        zzz: str('0230.01', 'Number'),
        öther_encodings: str('Tüst'),
      }),
    ).toBe('756d7f4338696745d063b420a2f7e502');
  });

  it('aws-sdk-ruby: custom type labels are part of the digested DataType', () => {
    expect(
      md5OfMessageAttributes({
        ccc: str('test', 'String.test'),
        aaa: bin([2, 3, 4], 'Binary.test'),
        zzz: str('0230.01', 'Number.test'),
        öther_encodings: str('Tüst', 'String.test'),
      }),
    ).toBe('5b7ef6c8a8d46001c7cdadaeea917aa4');
  });

  it('aws-sdk-java-v2: String, Binary, string list and binary list transport types', () => {
    expect(
      md5OfMessageAttributes({
        String: str('Value'),
        Binary: bin([5]),
        StringList: { DataType: 'String', StringListValues: ['ListValue'] },
        ByteList: { DataType: 'Binary', BinaryListValues: [Uint8Array.of(3)] },
      }),
    ).toBe('4b6959cf7735fdade89bc099b85b3234');
  });

  it('LocalStack: a Number attribute', () => {
    expect(md5OfMessageAttributes({ timestamp: str('1493147359900', 'Number') })).toBe(
      '235c5c510d26fb653d073faed50ae77c',
    );
  });

  it('LocalStack against AWS: the AWSTraceHeader system attribute (MD5OfMessageSystemAttributes)', () => {
    expect(
      md5OfMessageAttributes({
        AWSTraceHeader: str('Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1'),
      }),
    ).toBe('5ae4d5d7636402d80f4eb6d213245a88');
  });

  it('sqslite: a single String attribute', () => {
    expect(md5OfMessageAttributes({ 'test-key': str('test-value') })).toBe('befa18540a897f7d022bf07057754a03');
  });

  it('accepts a Buffer as BinaryValue and digests its bytes', () => {
    const fromBuffer = md5OfMessageAttributes({ aaa: { DataType: 'Binary', BinaryValue: Buffer.from([2, 3, 4]) } });
    expect(fromBuffer).toBe(md5OfMessageAttributes({ aaa: bin([2, 3, 4]) }));
  });

  it('does not modify the attributes it digests', () => {
    const attrs = Object.freeze({ b: Object.freeze(str('2')), a: Object.freeze(str('1')) });
    expect(() => md5OfMessageAttributes(attrs)).not.toThrow();
    expect(Object.keys(attrs)).toEqual(['b', 'a']);
  });
});
