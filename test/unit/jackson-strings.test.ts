import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonString } from '../../src/services/sns/publish/jackson.js';

/**
 * Jackson's string rule, one character at a time (src/services/sns/publish/jackson.ts): the reference the fast paths
 * keep.
 */
function jacksonReference(text: string): string {
  const short: Record<string, string> = {
    '"': '\\"',
    '\\': '\\\\',
    '\b': '\\b',
    '\t': '\\t',
    '\n': '\\n',
    '\f': '\\f',
    '\r': '\\r',
  };
  let out = '"';
  for (const c of text) {
    const code = c.charCodeAt(0);
    if (short[c] !== undefined) out += short[c];
    else if (c.length === 1 && code < 0x20) out += `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
    else out += c;
  }
  return `${out}"`;
}

describe('JSON strings as SNS writes them', () => {
  it('escape quotes, backslashes and control characters as Jackson does, whichever way they are written', () => {
    const characters = fc.oneof(
      fc.constantFrom('"', '\\', '/', '\b', '\t', '\n', '\u000b', '\f', '\r', '\u0000', '\u001f', '\u007f', 'é', '€'),
      fc.constantFrom('\ud83d\ude00', '\ud800', '\udc00'),
      fc.string({ maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(characters, { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        expect(jsonString(text)).toBe(jacksonReference(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('write a lone surrogate and a vertical tab as Jackson does, unlike JSON.stringify', () => {
    expect(jsonString('"\ud800"')).toBe('"\\"\ud800\\""');
    expect(jsonString('"\u000b"')).toBe('"\\"\\u000B\\""');
  });
});
