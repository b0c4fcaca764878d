import { describe, expect, it } from 'vitest';
import { setOwn } from '../../src/core/messages/attribute-rules.js';

describe('setOwn', () => {
  it('makes own, enumerable properties, Object.prototype names included, in the usual key order', () => {
    const target: Record<string, number> = {};
    for (const [key, value] of [
      ['b', 1],
      ['__proto__', 2],
      ['toString', 3],
      ['1', 4],
      ['constructor', 5],
    ] as const)
      setOwn(target, key, value);
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(Object.keys(target)).toEqual(['1', 'b', '__proto__', 'toString', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(target, '__proto__')).toEqual({
      value: 2,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    expect(Object.getOwnPropertyDescriptor(target, 'b')).toEqual({
      value: 1,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });
});
