import { describe, expect, it } from 'vitest';
import { describeValue, textOf } from '../../src/core/util/text.js';

/** Values that make String() or JSON.stringify() throw, or show nothing. */
function oddValues(): [string, unknown][] {
  const bare = Object.create(null) as Record<string, unknown>;
  bare['n'] = 5n;
  const cycle: Record<string, unknown> = { a: 1 };
  cycle['self'] = cycle;
  const { proxy: revoked, revoke } = Proxy.revocable({}, {});
  revoke();
  const trapping = new Proxy(
    {},
    {
      get: () => {
        throw new Error('trap');
      },
      ownKeys: () => {
        throw new Error('trap');
      },
    },
  );
  return [
    ['a BigInt', 5n],
    ['a huge BigInt', 2n ** 80n],
    ['a Symbol', Symbol('s')],
    ['a function', () => 1],
    ['a cycle', cycle],
    ['an object without a prototype', bare],
    ['an empty object without a prototype', Object.create(null)],
    ['an object whose toString is not a function', { toString: 0 }],
    [
      'a throwing toJSON',
      {
        toJSON: () => {
          throw new Error('toJSON');
        },
      },
    ],
    [
      'a throwing getter',
      Object.defineProperty({}, 'x', {
        enumerable: true,
        get: () => {
          throw new Error('getter');
        },
      }),
    ],
    ['a revoked Proxy', revoked],
    ['a Proxy whose traps throw', trapping],
    ['undefined', undefined],
    ['NaN', Number.NaN],
  ];
}

describe.each([
  ['describeValue', describeValue],
  ['textOf', textOf],
])('%s', (_name, convert) => {
  it.each(oddValues())('never throws for %s', (_kind, value) => {
    expect(typeof convert(value)).toBe('string');
  });

  it('gives a string as it is', () => {
    expect(convert('a "b"')).toBe('a "b"');
  });
});

describe('describeValue', () => {
  it('shows JSON where JSON can show the value', () => {
    expect(describeValue({ a: [1, 'x', null] })).toBe('{"a":[1,"x",null]}');
    expect(describeValue({ n: 5n, big: 2n ** 80n })).toBe('{"n":5,"big":"1208925819614629174706176"}');
    const cycle: unknown[] = ['x'];
    cycle.push(cycle);
    expect(describeValue(cycle)).toBe('["x","[Circular]"]');
  });

  it('shows what String shows where JSON shows nothing', () => {
    expect(describeValue(Symbol('s'))).toBe('Symbol(s)');
    expect(describeValue(undefined)).toBe('undefined');
  });
});

describe('textOf', () => {
  it('shows what String shows, as the SDK query serializer writes a member', () => {
    expect(textOf(5n)).toBe('5');
    expect(textOf({ a: 1 })).toBe('[object Object]');
    expect(textOf([1, 2])).toBe('1,2');
  });

  it('describes a value String cannot convert', () => {
    expect(textOf({ toString: 0 })).toBe('{"toString":0}');
    const bare = Object.create(null) as Record<string, unknown>;
    bare['n'] = 5n;
    expect(textOf(bare)).toBe('{"n":5}');
  });
});
