import fc from 'fast-check';

/**
 * The building blocks of the fuzz inputs: values of the wrong JSON type, oversize strings, out-of-range numbers and
 * odd unicode, mixed with valid values by `field` and `record`.
 */

/** Marks a member left out of the input (as opposed to one given as `undefined` or `null`). */
export const ABSENT: unique symbol = Symbol('absent');
export type Maybe<T> = T | typeof ABSENT;

// ---------------------------------------------------------------------------------------------------------------
// Strings

/** Characters that have tripped up emulators: control and non-characters, surrogates, bidi, emoji, combining marks. */
export const ODD_CHARACTERS: readonly string[] = [
  '\u0000', // NUL
  '\u0001',
  '\u0008',
  '\u000B',
  '\u001F',
  '\u007F',
  '\u0085',
  '\uD800', // lone high surrogate
  '\uDBFF',
  '\uDC00', // lone low surrogate
  '\uDFFF',
  '\uFFFE', // non-characters
  '\uFFFF',
  '\uFEFF', // BOM
  '\uFFFD',
  '\u200B', // zero-width space
  '\u200D',
  '\u202E', // right-to-left override
  '\u2066',
  '\u0645\u0631\u062D\u0628\u0627', // Arabic, RTL
  '\u05E9\u05DC\u05D5\u05DD', // Hebrew, RTL
  '\u{1F600}', // emoji (surrogate pair)
  '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}', // ZWJ family
  '\u{1F1FA}\u{1F1F8}', // flag
  'e\u0301', // combining accent
  '\u{10FFFF}',
  '\u{E0001}',
  '\u00A0',
  '\u3000',
  '\r\n',
  '\t',
  '%',
  '%E0%A4%A', // malformed percent-encoding
  '%00',
  '../',
  '/',
  ':',
  '\\',
  '"',
  "'",
  '<',
  '&',
  '{',
  '}',
  '.',
  '*',
  '|',
  ' ',
  'ß',
  'ø',
  'İ',
];

const oddUnit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ODD_CHARACTERS) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }).map((code) => String.fromCodePoint(code)) },
  { weight: 3, arbitrary: fc.constantFrom('a', 'Z', '0', '9', '-', '_') },
);

/** Short strings full of odd unicode. */
export const oddString = fc.string({ unit: oddUnit, maxLength: 12 });

/** Long strings, built once: generating a MiB per run would dominate the run time. */
const MiB = 1_048_576;
const KiB256 = 262_144;
export const OVERSIZE_STRINGS: readonly string[] = [
  'a'.repeat(MiB), // exactly the SQS limit
  'a'.repeat(MiB + 1), // one byte over
  '\u00E9'.repeat(MiB / 2 + 1), // 2-byte characters: fewer characters than bytes
  '\u{1F600}'.repeat(MiB / 4 + 1), // 4-byte characters
  'x'.repeat(KiB256), // exactly the SNS limit
  'x'.repeat(KiB256 + 1),
  '\u20AC'.repeat(KiB256 / 3 + 1), // 3-byte characters, just over 256 KiB
  'q'.repeat(81), // over the queue-name / batch-id limit
  'q'.repeat(129), // over the FIFO id limit
  'k'.repeat(257), // over attribute name / tag value limits
  'n'.repeat(1025),
  `${'a'.repeat(MiB - 1)}\uD800`, // invalid character at the very end of a long body
];
export const oversizeString = fc.constantFrom(...OVERSIZE_STRINGS);

/** JSON nested deeper than parsers allow (Jackson: 1000) or than a recursive walk survives. */
export const DEEP_JSON: readonly string[] = [
  `${'['.repeat(1001)}${']'.repeat(1001)}`,
  `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
  `{"a":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
  `{"Statement":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
  `{"kind":${'['.repeat(998)}"order"${']'.repeat(998)}}`,
];
export const deepJson = fc.constantFrom(...DEEP_JSON);

/** Any string-shaped bad value. */
export const badString = fc.oneof(
  { weight: 4, arbitrary: oddString },
  { weight: 1, arbitrary: oversizeString },
  { weight: 1, arbitrary: deepJson },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\n', 'null', 'undefined', 'true', '0', '-1', 'NaN', '[]', '{}') },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

// ---------------------------------------------------------------------------------------------------------------
// Numbers

export const ODD_NUMBERS: readonly number[] = [
  -1,
  -0,
  0,
  1,
  0.5,
  1.5,
  -0.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER,
  2 ** 31,
  2 ** 32,
  -(2 ** 31) - 1,
  1e21,
  1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.EPSILON,
];

/** Numbers just inside and just outside [min, max], and the generally odd ones. */
export function numberAround(min: number, max: number): fc.Arbitrary<number> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min, max }) },
    { weight: 2, arbitrary: fc.constantFrom(min - 1, min, max, max + 1, min + 0.5, max - 0.5, -max) },
    { weight: 2, arbitrary: fc.constantFrom(...ODD_NUMBERS) },
    { weight: 1, arbitrary: fc.double() },
  );
}

/** A number sent as text, as a loosely typed caller might. */
export function numericText(min: number, max: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.integer({ min, max }).map(String),
    fc.constantFrom(
      `${min - 1}`,
      `${max + 1}`,
      ` ${min}`,
      `${max}.0`,
      `+${max}`,
      '1e3',
      '0x10',
      '',
      'NaN',
      'Infinity',
      '١٢',
    ),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Wrong JSON types

const leaf = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 8 }),
  fc.constantFrom(...ODD_NUMBERS),
);

/** Any JSON-ish value, nested a little: a value of whatever type the member does not take. */
export const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(mapKey(), tie('value'), { maxKeys: 4 }) },
  ),
})).value;

/** Wrong-type values JSON can hold (and a typed array, which the SDK sends as base64). */
export const wrongJsonType: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(null, undefined, true, false, 0, 1, -1, Number.NaN, '', [], {}, [''], {
      '': '',
    }),
  },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(new Uint8Array([1, 2, 3]), new Uint8Array(0)) },
  { weight: 3, arbitrary: anyJson },
);

// ---------------------------------------------------------------------------------------------------------------
// Values JSON cannot hold

/**
 * Stands for the object or list it is put in: World.resolve, which copies every input, puts that container itself
 * there, so that the input holds a cycle wherever a member can be.
 */
export const SELF: unique symbol = Symbol('self');

/** A copy of `value` whose objects have no prototype (as `Object.create(null)` makes them), lists left as they are. */
export function withoutPrototypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPrototypes);
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return value;
  const bare = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value)) bare[key] = withoutPrototypes((value as Record<string, unknown>)[key]);
  return bare;
}

/**
 * What a loosely typed caller can pass that no JSON holds: BigInts, Symbols, functions, classes, cycles (SELF, or an
 * object or list holding itself), and objects without a prototype, which neither String() nor a template literal
 * can convert.
 */
export const nonJson: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      0n,
      5n,
      -(2n ** 70n),
      Symbol('odd'),
      Symbol.iterator,
      () => 'fn',
      async () => 0,
      class Odd {},
    ),
  },
  { weight: 2, arbitrary: fc.constant(SELF) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('object', 'list').map((kind) => {
      const container: unknown[] | Record<string, unknown> = kind === 'list' ? ['x'] : { a: 1 };
      if (Array.isArray(container)) container.push(container);
      else container['self'] = container;
      return container;
    }),
  },
  { weight: 2, arbitrary: anyJson.map(withoutPrototypes) },
  { weight: 1, arbitrary: fc.constant(null).map(() => Object.assign(Object.create(null) as object, { n: 5n })) },
);

/** The wrong-type values every member gets now and then: JSON of the wrong type, and now and then no JSON at all. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: wrongJsonType },
  { weight: 1, arbitrary: nonJson },
);

/** Now and then true: an input object or map made without a prototype. */
const rarely = fc.nat({ max: 11 }).map((n) => n === 0);

/** Keys for maps: ordinary, prototype-ish, empty, odd and oversize. */
export function mapKey(valid: readonly string[] = []): fc.Arbitrary<string> {
  const arbitraries: fc.WeightedArbitrary<string>[] = [
    {
      weight: 2,
      arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', 'valueOf'),
    },
    { weight: 2, arbitrary: oddString },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '.', 'a.', '.a', 'a..b', 'AWS.x', 'amazon.y', 'aws:tag') },
    { weight: 1, arbitrary: fc.constantFrom('q'.repeat(129), 'k'.repeat(257)) },
    { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z][A-Za-z0-9_.-]{0,12}$/) },
  ];
  if (valid.length > 0) arbitraries.push({ weight: 6, arbitrary: fc.constantFrom(...valid) });
  return fc.oneof(...arbitraries);
}

// ---------------------------------------------------------------------------------------------------------------
// Members and records

/**
 * A generator with two faces: `clean` values a well-behaved caller would send (valid or plausibly wrong), and `messy`
 * ones that add wrong types, odd unicode, oversize and out-of-range values. A record is now and then made of clean
 * members only, so that runs also succeed and build up state for later calls to trip over.
 */
export interface Gen {
  readonly clean: fc.Arbitrary<unknown>;
  readonly messy: fc.Arbitrary<unknown>;
}

type GenLike = Gen | fc.Arbitrary<unknown>;

function isGen(value: GenLike): value is Gen {
  return 'clean' in value && 'messy' in value;
}

export function asGen(value: GenLike): Gen {
  return isGen(value) ? value : { clean: value, messy: value };
}

/**
 * One member of an input: mostly `valid`, sometimes left out, `undefined` or `null`, sometimes of a wrong type,
 * sometimes one of `bad` (oversize, out of range, odd unicode).
 */
export function field(
  valid: GenLike,
  bad?: fc.Arbitrary<unknown>,
  weights: { valid?: number; absent?: number } = {},
): Gen {
  const { clean, messy } = asGen(valid);
  const arbitraries: fc.WeightedArbitrary<unknown>[] = [
    { weight: weights.valid ?? 8, arbitrary: messy },
    { weight: weights.absent ?? 2, arbitrary: fc.constant(ABSENT) },
    { weight: 2, arbitrary: wrongType },
  ];
  if (bad) arbitraries.push({ weight: 3, arbitrary: bad });
  return { clean, messy: fc.oneof(...arbitraries) };
}

/** A member that is usually left out (optional members of the request). */
export function optional(valid: GenLike, bad?: fc.Arbitrary<unknown>): Gen {
  const { clean, messy } = field(valid, bad, { valid: 4, absent: 8 });
  return { clean: fc.oneof({ weight: 1, arbitrary: clean }, { weight: 2, arbitrary: fc.constant(ABSENT) }), messy };
}

function build(
  values: Record<string, unknown>,
  extra: [string, unknown] | null,
  bare = false,
): Record<string, unknown> {
  const input: Record<string, unknown> = bare ? (Object.create(null) as Record<string, unknown>) : {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== ABSENT)
      Object.defineProperty(input, key, { value, enumerable: true, writable: true, configurable: true });
  }
  if (extra)
    Object.defineProperty(input, extra[0], { value: extra[1], enumerable: true, writable: true, configurable: true });
  return input;
}

/**
 * An input object: the members' generated values, absent ones left out, and now and then an extra member the
 * command does not have. Some records have clean members only, more have one member that is not.
 */
export function record(members: Record<string, Gen>): Gen & { readonly input: fc.Arbitrary<Record<string, unknown>> } {
  const pick = (face: 'clean' | 'messy') =>
    Object.fromEntries(Object.entries(members).map(([key, gen]) => [key, gen[face]]));
  const keys = Object.keys(members);
  const clean = fc.record(pick('clean')).map((values) => build(values, null));
  const extraValue = fc.oneof({ weight: 4, arbitrary: anyJson }, { weight: 1, arbitrary: nonJson });
  const messy = fc
    .tuple(
      fc.record(pick('messy')),
      fc.option(fc.tuple(mapKey(['Extra', 'queueUrl', 'QueueURL']), extraValue), { freq: 12 }),
      rarely,
    )
    .map(([values, extra, bare]) => build(values, extra, bare));
  // Clean but for one member: the bad value reaches its own check instead of hiding behind another member's error.
  // Now and then the object itself is the odd one: no prototype, members as valid as a clean record's.
  const oneBad = fc
    .tuple(fc.record(pick('clean')), fc.record(pick('messy')), fc.nat({ max: Math.max(0, keys.length - 1) }), rarely)
    .map(([cleanValues, messyValues, index, bare]) =>
      bare
        ? build(cleanValues, null, true)
        : build({ ...cleanValues, [keys[index]!]: messyValues[keys[index]!] }, null),
    );
  return {
    clean,
    messy,
    input: fc.oneof({ weight: 2, arbitrary: messy }, { weight: 1, arbitrary: clean }, { weight: 3, arbitrary: oneBad }),
  };
}

/** A list of `item`, usually of a length the command takes, sometimes empty or too long, sometimes not a list. */
export function list(item: GenLike, options: { maxLength: number; tooMany?: number }): Gen {
  const { clean, messy } = asGen(item);
  const tooMany = options.tooMany ?? options.maxLength + 1;
  return {
    clean: fc.array(clean, { minLength: 1, maxLength: options.maxLength }),
    messy: fc.oneof(
      { weight: 8, arbitrary: fc.array(messy, { minLength: 1, maxLength: options.maxLength }) },
      { weight: 1, arbitrary: fc.constant([]) },
      { weight: 1, arbitrary: fc.array(clean, { minLength: tooMany, maxLength: tooMany + 2 }) },
      { weight: 1, arbitrary: fc.array(wrongType, { minLength: 1, maxLength: 3 }) },
      { weight: 1, arbitrary: messy.map((value) => ({ 0: value })) }, // an object where a list belongs
    ),
  };
}

/** A map of `value` under `keys`, now and then odd keys, too many keys, or not a map at all. */
export function map(
  keys: fc.Arbitrary<string>,
  value: GenLike,
  options: { maxKeys: number; tooMany?: number; cleanKeys?: fc.Arbitrary<string> },
): Gen {
  const { clean, messy } = asGen(value);
  const tooMany = options.tooMany ?? options.maxKeys + 1;
  return {
    clean: dictionary(options.cleanKeys ?? keys, clean, 1, options.maxKeys),
    messy: fc.oneof(
      { weight: 8, arbitrary: dictionary(keys, messy, 1, options.maxKeys) },
      { weight: 1, arbitrary: dictionary(mapKey(), messy, 1, 3) },
      { weight: 1, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: dictionary(fc.stringMatching(/^[A-Za-z]{1,6}$/), clean, tooMany, tooMany + 2) },
      { weight: 1, arbitrary: fc.array(messy, { maxLength: 2 }) }, // a list where a map belongs
      { weight: 1, arbitrary: dictionary(keys, wrongType, 1, 3) },
    ),
  };
}

/** One of several generators, clean from the clean ones and messy from the messy ones. */
export function choice(...options: { weight: number; gen: GenLike }[]): Gen {
  const gens = options.map(({ weight, gen }) => ({ weight, gen: asGen(gen) }));
  return {
    clean: fc.oneof(...gens.map(({ weight, gen }) => ({ weight, arbitrary: gen.clean }))),
    messy: fc.oneof(...gens.map(({ weight, gen }) => ({ weight, arbitrary: gen.messy }))),
  };
}

/** A dictionary whose keys are defined as own properties (so `__proto__` is a key, as JSON.parse makes it). */
function dictionary(
  keys: fc.Arbitrary<string>,
  value: fc.Arbitrary<unknown>,
  minKeys: number,
  maxKeys: number,
): fc.Arbitrary<Record<string, unknown>> {
  const entries = fc.uniqueArray(fc.tuple(keys, value), {
    minLength: minKeys,
    maxLength: maxKeys,
    selector: ([key]) => key,
  });
  return fc.tuple(entries, rarely).map(([entries, bare]) => {
    const result: Record<string, unknown> = bare ? (Object.create(null) as Record<string, unknown>) : {};
    for (const [key, v] of entries)
      Object.defineProperty(result, key, { value: v, enumerable: true, writable: true, configurable: true });
    return result;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Freezing

/**
 * Freezes `value` and everything it holds, so any change the mock or the SDK tries throws. Typed arrays with
 * elements cannot be frozen; `snapshot` catches changes to those.
 */
export function deepFreeze<T>(value: T, seen = new WeakSet<object>()): T {
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value) || seen.has(value)) return value;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key], seen);
  return Object.freeze(value);
}

/** A deep copy to compare with after the call: typed arrays included, cycles and missing prototypes kept. */
export function snapshot(value: unknown, copies = new Map<object, unknown>()): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (copies.has(value)) return copies.get(value);
  if (ArrayBuffer.isView(value)) return { typedArray: Array.from(value as Uint8Array) };
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    copies.set(value, copy);
    for (const item of value) copy.push(snapshot(item, copies));
    return copy;
  }
  const copy = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>;
  copies.set(value, copy);
  for (const key of Object.keys(value)) {
    Object.defineProperty(copy, key, {
      value: snapshot((value as Record<string, unknown>)[key], copies),
      enumerable: true,
    });
  }
  return copy;
}
