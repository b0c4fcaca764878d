import { describe, it, expect } from 'vitest';
import { AwsError } from '../../src/core/aws-error.js';
import type { MessageAttributeValue } from '../../src/core/messages/md5.js';
import { messagePayloadSize } from '../../src/core/messages/attribute-rules.js';
import {
  messageTooLong,
  validateDelaySeconds,
  validateGroupOrDedupId,
  validateMessageAttributes,
  validateMessageBody,
  validateMessageSystemAttributes,
} from '../../src/services/sqs/message-validation.js';

// ---- helpers ----------------------------------------------------------------------------------------------------

interface ExpectedError {
  code: string;
  shape: string | undefined;
  message: string;
}

function thrownBy(fn: () => unknown): AwsError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AwsError) return error;
    throw error;
  }
  throw new Error('expected an AwsError, but nothing was thrown');
}

function expectAwsError(fn: () => unknown, expected: ExpectedError): void {
  const error = thrownBy(fn);
  expect({ code: error.code, shape: error.shape, message: error.message }).toEqual(expected);
}

const invalidParameterValue = (message: string): ExpectedError => ({
  code: 'InvalidParameterValue',
  shape: undefined,
  message,
});

const INVALID_CHARACTERS_TEXT =
  'Invalid characters found. Valid unicode characters are #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF';

const invalidMessageContents: ExpectedError = {
  code: 'InvalidMessageContents',
  shape: 'InvalidMessageContents',
  message: INVALID_CHARACTERS_TEXT,
};

const str = (StringValue: string, DataType = 'String'): { DataType: string; StringValue: string } => ({
  DataType,
  StringValue,
});

/** Freezes every object and array reachable from `value`. Typed arrays cannot be frozen, so they stay as they are. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function validateOne(name: string, value: unknown): MessageAttributeValue | undefined {
  return validateMessageAttributes({ [name]: value })[name];
}

const attributesWithCount = (count: number): Record<string, unknown> =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`attr${i}`, str(`v${i}`)]));

// ---- body -------------------------------------------------------------------------------------------------------

describe('validateMessageBody', () => {
  it('returns the body unchanged when every character is allowed', () => {
    const body = 'tab\t lf\n cr\r \u0020 \uD7FF \uE000 \uFFFD 😀 \u{10FFFF} øßä {"a":1} &amp;';
    expect(validateMessageBody(body)).toBe(body);
  });

  it.each([undefined, null, ''])('a missing or empty body (%j) is MissingParameter', (body) => {
    expectAwsError(() => validateMessageBody(body), {
      code: 'MissingParameter',
      shape: undefined,
      message: 'The request must contain the parameter MessageBody.',
    });
  });

  it('names the batch entry when given a parameter name', () => {
    expectAwsError(() => validateMessageBody('', 'SendMessageBatchRequestEntry.2.MessageBody'), {
      code: 'MissingParameter',
      shape: undefined,
      message: 'The request must contain the parameter SendMessageBatchRequestEntry.2.MessageBody.',
    });
  });

  it.each([0, 42, true, {}, ['a']])('a non-string body (%j) is InvalidParameterValue', (body) => {
    expectAwsError(
      () => validateMessageBody(body),
      invalidParameterValue('Value for parameter MessageBody is invalid. Reason: Must be a string.'),
    );
  });

  it.each([
    ['NUL', '\u0000'],
    ['backspace', '\u0008'],
    ['vertical tab', '\u000B'],
    ['form feed', '\u000C'],
    ['unit separator', '\u001F'],
    ['U+FFFE', '\uFFFE'],
    ['U+FFFF', '\uFFFF'],
    ['lone high surrogate', '\uD800'],
    ['lone low surrogate', '\uDC00'],
    ['surrogates in the wrong order', '\uDE00\uD83D'],
  ])('a body with %s is InvalidMessageContents', (_label, character) => {
    expectAwsError(() => validateMessageBody(`before${character}after`), invalidMessageContents);
  });

  it('rejects the body AWS rejects in LocalStack’s validated test', () => {
    const body = `Invalid-${String.fromCharCode(0)}-${String.fromCharCode(8)}-${String.fromCharCode(19)}-${String.fromCharCode(65535)}`;
    expectAwsError(() => validateMessageBody(body), invalidMessageContents);
  });

  it('checks a 1 MiB body quickly, and finds a bad character at its very end', () => {
    const big = 'aé€😀'.repeat(1 << 17); // 1 MiB of UTF-16 code units, mixed widths
    const started = performance.now();
    expect(validateMessageBody(big)).toBe(big);
    expectAwsError(() => validateMessageBody(`${big}\u0000`), invalidMessageContents);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

// ---- delay and FIFO identifiers ---------------------------------------------------------------------------------

describe('validateDelaySeconds', () => {
  it('is undefined when absent', () => {
    expect(validateDelaySeconds(undefined)).toBeUndefined();
    expect(validateDelaySeconds(null)).toBeUndefined();
  });

  it.each([0, 1, 900])('accepts %d', (value) => {
    expect(validateDelaySeconds(value)).toBe(value);
  });

  it.each([-1, 901, -234, 1000, 1.5, Number.NaN, '5'])('rejects %j', (value) => {
    expectAwsError(
      () => validateDelaySeconds(value),
      invalidParameterValue(
        `Value ${String(value)} for parameter DelaySeconds is invalid. Reason: DelaySeconds must be >= 0 and <= 900.`,
      ),
    );
  });
});

describe('validateGroupOrDedupId', () => {
  const names = ['MessageGroupId', 'MessageDeduplicationId'] as const;
  const allPunctuation = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

  it.each(names)('%s: absent is undefined', (name) => {
    expect(validateGroupOrDedupId(name, undefined)).toBeUndefined();
    expect(validateGroupOrDedupId(name, null)).toBeUndefined();
  });

  it.each(names)('%s: accepts alphanumerics, all ASCII punctuation and 128 characters', (name) => {
    expect(validateGroupOrDedupId(name, `aZ09${allPunctuation}`)).toBe(`aZ09${allPunctuation}`);
    expect(validateGroupOrDedupId(name, 'a'.repeat(128))).toBe('a'.repeat(128));
  });

  describe.each(names)('%s', (name) => {
    // '', 'group 123' and 129 characters are the AWS snapshot cases.
    it.each(['', 'group 123', 'a'.repeat(129), 'grüppe', 'tab\tgroup', 42])('rejects %j', (value) => {
      expectAwsError(
        () => validateGroupOrDedupId(name, value),
        invalidParameterValue(
          `Value ${String(value)} for parameter ${name} is invalid. Reason: ${name} can only include alphanumeric and punctuation characters. 1 to 128 in length.`,
        ),
      );
    });
  });
});

// ---- size -------------------------------------------------------------------------------------------------------

describe('messagePayloadSize', () => {
  it('counts the UTF-8 bytes of the body', () => {
    expect(messagePayloadSize('héllo😀', {})).toBe(1 + 2 + 3 + 4);
  });

  it('adds name, DataType and value bytes of every attribute', () => {
    const attrs: Record<string, MessageAttributeValue> = {
      né: { DataType: 'String', StringValue: 'vé' }, // 3 + 6 + 3
      n: { DataType: 'Number.int', StringValue: '12' }, // 1 + 10 + 2
      b: { DataType: 'Binary', BinaryValue: Uint8Array.of(1, 2, 3) }, // 1 + 6 + 3
    };
    expect(messagePayloadSize('abc', attrs)).toBe(3 + 12 + 13 + 10);
  });
});

describe('messageTooLong', () => {
  it('uses the SendMessage wording', () => {
    expectAwsError(() => {
      throw messageTooLong(1024, false);
    }, invalidParameterValue('One or more parameters are invalid. Reason: Message must be shorter than 1024 bytes.'));
  });

  it('uses the batch-entry wording', () => {
    expectAwsError(() => {
      throw messageTooLong(1048576, true);
    }, invalidParameterValue('One or more parameters cannot be validated. Reason: Message must be shorter than 1048576 bytes.'));
  });
});

// ---- message attributes -----------------------------------------------------------------------------------------

describe('validateMessageAttributes: accepted input', () => {
  it('returns {} when absent', () => {
    expect(validateMessageAttributes(undefined)).toEqual({});
    expect(validateMessageAttributes(null)).toEqual({});
    expect(validateMessageAttributes({})).toEqual({});
  });

  it('returns the three base types and custom types, normalized', () => {
    const result = validateMessageAttributes({
      s: str('text'),
      n: str('-12.5e3', 'Number.float'),
      b: { DataType: 'Binary.gif', BinaryValue: Buffer.from([1, 2, 3]) },
      j: str('{}', 'String.json'),
    });
    expect(result).toEqual({
      s: { DataType: 'String', StringValue: 'text' },
      n: { DataType: 'Number.float', StringValue: '-12.5e3' },
      b: { DataType: 'Binary.gif', BinaryValue: Uint8Array.of(1, 2, 3) },
      j: { DataType: 'String.json', StringValue: '{}' },
    });
    expect(result['b']?.BinaryValue).toBeInstanceOf(Uint8Array);
  });

  it.each(['attr.1øßä', 'AWSfoo', 'amazonfoo', 'aws-foo', 'trace.id', 'Foo_Bar-1.2', 'a'.repeat(256), 'Ünïcödé'])(
    'accepts the name %j',
    (name) => {
      expect(validateOne(name, str('v'))).toEqual(str('v'));
    },
  );

  it('accepts ten attributes', () => {
    expect(Object.keys(validateMessageAttributes(attributesWithCount(10)))).toHaveLength(10);
  });

  it('accepts a DataType of 256 characters', () => {
    const dataType = `String.${'a'.repeat(256 - 'String.'.length)}`;
    expect(validateOne('attr', str('v', dataType))).toEqual(str('v', dataType));
  });

  it('keeps only the value that matches the DataType', () => {
    expect(validateOne('a', { DataType: 'String', StringValue: 'x', BinaryValue: Uint8Array.of(1) })).toEqual(str('x'));
    expect(validateOne('a', { DataType: 'Binary', StringValue: 'x', BinaryValue: Uint8Array.of(1) })).toEqual({
      DataType: 'Binary',
      BinaryValue: Uint8Array.of(1),
    });
  });

  it('ignores empty list values next to a scalar value', () => {
    expect(validateOne('a', { ...str('x'), StringListValues: [], BinaryListValues: [] })).toEqual(str('x'));
  });

  it('takes a string BinaryValue as its UTF-8 bytes', () => {
    expect(validateOne('a', { DataType: 'Binary', BinaryValue: 'é' })).toEqual({
      DataType: 'Binary',
      BinaryValue: Uint8Array.of(0xc3, 0xa9),
    });
  });

  it('stores a name `__proto__` as an own attribute without touching the prototype', () => {
    const input = JSON.parse('{"__proto__": {"DataType": "String", "StringValue": "v"}}') as unknown;
    const result = validateMessageAttributes(input);
    expect(Object.keys(result)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value).toEqual(str('v'));
  });
});

describe('validateMessageAttributes: Number values', () => {
  it.each([
    '0',
    '-0',
    '0.000',
    '+1',
    '0230.01',
    '1.',
    '.5',
    '1493147359900',
    '-12.5E-3',
    '1e126',
    '1' + '0'.repeat(126), // 10^126 written out
    '-1e128',
    '1e-300',
    '1' + '0'.repeat(60), // trailing zeros are not significant digits
    '1'.repeat(38), // 38 significant digits
    '0.000' + '9'.repeat(38),
    '9'.repeat(38) + 'e88', // 9.99…e125
  ])('accepts %s', (value) => {
    expect(validateOne('n', str(value, 'Number'))).toEqual(str(value, 'Number'));
  });

  it.each([
    'world',
    ' 1',
    '1 ',
    '1e',
    '.',
    '-',
    '1.2.3',
    '1,5',
    '0x10',
    'NaN',
    'Infinity',
    '1'.repeat(39), // 39 significant digits
    '1.' + '0'.repeat(36) + '1e126', // just above 10^126
    '2e126',
    '1e127',
    '1' + '0'.repeat(127),
    '-1.1e128',
    '-1e129',
    '1e99999999999999999999999',
  ])('rejects %s', (value) => {
    expectAwsError(
      () => validateOne('Hello', str(value, 'Number')),
      invalidParameterValue("Can't cast the value of message (user) attribute 'Hello' to a number."),
    );
  });
});

describe('validateMessageAttributes: errors', () => {
  it.each([11, 12])('rejects %d attributes, naming the count', (count) => {
    expectAwsError(
      () => validateMessageAttributes(attributesWithCount(count)),
      invalidParameterValue(`Number of message attributes [${count}] exceeds the allowed maximum [10].`),
    );
  });

  it('rejects a non-object map', () => {
    expectAwsError(
      () => validateMessageAttributes('attrs'),
      invalidParameterValue('Value for parameter MessageAttributes is invalid. Reason: Must be a map.'),
    );
  });

  it('rejects an empty name', () => {
    expectAwsError(
      () => validateOne('', str('some value')),
      invalidParameterValue('The request must contain non-empty message (user) attribute names.'),
    );
  });

  it('rejects a name of 257 characters', () => {
    expectAwsError(
      () => validateOne('L'.repeat(257), str('Valid')),
      invalidParameterValue('Message (user) attribute name must be shorter than 256 bytes.'),
    );
  });

  it.each(['!', '"', '§', '(', '?', ' ', '@', ':', '/', '😀'])('rejects the character %j in a name', (character) => {
    expectAwsError(
      () => validateOne(`Invalid-${character}-attr`, str('Valid')),
      invalidParameterValue(
        'Message (user) attributes name can only contain upper and lower score characters, digits, periods, hyphens and underscores. ',
      ),
    );
  });

  it.each(['AWS.Hello', 'aWs.-Invalid-attr', 'amazon.Hello', 'AMAZON.-Invalid-attr', 'Amazon.trace'])(
    'rejects the reserved name %j',
    (name) => {
      expectAwsError(
        () => validateOne(name, str('Valid')),
        invalidParameterValue(
          "You can't use message attribute names beginning with 'AWS.' or 'Amazon'. These strings are reserved for internal use.",
        ),
      );
    },
  );

  it.each(['.-Invalid-attr', 'Invalid.'])('rejects the name %j, which starts or ends with a period', (name) => {
    expectAwsError(
      () => validateOne(name, str('Valid')),
      invalidParameterValue(
        "You can't use message attribute names beginning with 'AWS.' or 'Amazon.'. These strings are reserved for internal use. Additionally, they cannot start or end with '.'.",
      ),
    );
  });

  it('rejects successive periods in a name', () => {
    expectAwsError(
      () => validateOne('Invalid..Name', str('Valid')),
      invalidParameterValue("Message attribute name can not have successive '.' character."),
    );
  });

  it.each([{}, null, 'value', 5])('rejects the attribute value %j, which has neither value nor type', (value) => {
    expectAwsError(
      () => validateOne('Hello', value),
      invalidParameterValue("The message (user) attribute 'Hello' must contain a non-empty message attribute value."),
    );
  });

  it('rejects a value without a DataType', () => {
    expectAwsError(
      () => validateOne('Hello', { StringValue: 'World' }),
      invalidParameterValue("The message (user) attribute 'Hello' must contain a non-empty message attribute type."),
    );
  });

  it.each(['Invalid', 'InvalidType', 'string', 'Str', 'Strings', 'StringList', 'int', 7])(
    'rejects the DataType %j',
    (dataType) => {
      expectAwsError(
        () => validateOne('Hello', { DataType: dataType, StringValue: 'some value' }),
        invalidParameterValue(
          "The type of message (user) attribute 'Hello' is invalid. You must use only the following supported type prefixes: Binary, Number, String.",
        ),
      );
    },
  );

  it('rejects a DataType of 257 characters', () => {
    expectAwsError(
      () => validateOne('Attribute_name', str('Valid', `Number.${'L'.repeat(250)}`)),
      invalidParameterValue('Message (user) attribute type must be shorter than 256 bytes.'),
    );
  });

  it.each([
    ['an empty String value', 'String', { StringValue: '' }],
    ['a String without StringValue', 'String', {}],
    ['a String with only a BinaryValue', 'String', { BinaryValue: Uint8Array.of(1) }],
    ['a custom String type without value', 'String.json', {}],
    ['an empty Number value', 'Number', { StringValue: '' }],
    ['a Number without StringValue', 'Number.int', {}],
    ['a Binary without BinaryValue', 'Binary', { StringValue: 'x' }],
    ['an empty BinaryValue', 'Binary', { BinaryValue: new Uint8Array(0) }],
    ['a BinaryValue of the wrong type', 'Binary.gif', { BinaryValue: 5 }],
  ])('rejects %s', (_label, dataType, value) => {
    const baseType = dataType.split('.')[0] ?? dataType;
    expectAwsError(
      () => validateOne('ErrorDetails', { DataType: dataType, ...value }),
      invalidParameterValue(
        `Message (user) attribute 'ErrorDetails' must contain a non-empty value of type '${baseType}'.`,
      ),
    );
  });

  it('rejects a non-string StringValue', () => {
    expectAwsError(
      () => validateOne('attr', { DataType: 'String', StringValue: 2345 }),
      invalidParameterValue(
        'Value for parameter MessageAttributes.attr.StringValue is invalid. Reason: Must be a string.',
      ),
    );
  });

  it('rejects invalid characters in a String value with InvalidParameterValue, not InvalidMessageContents', () => {
    expectAwsError(
      () => validateOne('attr1', str(`Invalid-${String.fromCharCode(8)},${String.fromCharCode(11)}`)),
      invalidParameterValue(INVALID_CHARACTERS_TEXT),
    );
    expectAwsError(() => validateOne('attr1', str('lone \uD800')), invalidParameterValue(INVALID_CHARACTERS_TEXT));
  });

  it.each([
    ['StringListValues', { DataType: 'StringList', StringListValues: ['World'] }],
    ['BinaryListValues', { DataType: 'BinaryList', BinaryListValues: [Buffer.from('World')] }],
    ['StringListValues next to a StringValue', { DataType: 'String', StringValue: 'x', StringListValues: ['y'] }],
  ])('rejects %s', (_label, value) => {
    expectAwsError(
      () => validateOne('Hello', value),
      invalidParameterValue('Message attribute list values in SendMessage operation are not supported.'),
    );
  });
});

describe('validateMessageAttributes: order of checks', () => {
  it('checks the count before any attribute', () => {
    const attrs = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`AWS.${i}`, { DataType: 'Bad' }]));
    expectAwsError(
      () => validateMessageAttributes(attrs),
      invalidParameterValue('Number of message attributes [11] exceeds the allowed maximum [10].'),
    );
  });

  it('checks an attribute’s name before its value', () => {
    expectAwsError(
      () => validateOne('AWS.x', { DataType: 'Bad' }),
      invalidParameterValue(
        "You can't use message attribute names beginning with 'AWS.' or 'Amazon'. These strings are reserved for internal use.",
      ),
    );
  });

  it('checks the DataType prefix before the value', () => {
    expectAwsError(
      () => validateOne('a', { DataType: 'Bad', StringValue: '' }),
      invalidParameterValue(
        "The type of message (user) attribute 'a' is invalid. You must use only the following supported type prefixes: Binary, Number, String.",
      ),
    );
  });

  it('reports the first bad attribute in the caller’s order', () => {
    expectAwsError(
      () => validateMessageAttributes({ good: str('v'), first: str(''), second: str('', 'Number') }),
      invalidParameterValue("Message (user) attribute 'first' must contain a non-empty value of type 'String'."),
    );
  });
});

describe('validateMessageAttributes: copies', () => {
  it('does not mutate deep-frozen input and shares no references with it', () => {
    const bytes = Buffer.from([1, 2, 3]);
    const input = deepFreeze({
      s: { DataType: 'String', StringValue: 'v' },
      b: { DataType: 'Binary', BinaryValue: bytes },
      e: { DataType: 'String', StringValue: 'x', StringListValues: [] as string[] },
    });

    const result = validateMessageAttributes(input);

    expect(result).not.toBe(input);
    for (const name of ['s', 'b', 'e'] as const) expect(result[name]).not.toBe(input[name]);
    expect(result['e']).toEqual(str('x'));
    const copied = result['b']?.BinaryValue;
    expect(copied).toEqual(Uint8Array.of(1, 2, 3));
    expect(copied).not.toBe(bytes);
    expect(copied?.buffer).not.toBe(bytes.buffer);

    bytes[0] = 99; // the caller reuses its buffer after sending
    expect(copied).toEqual(Uint8Array.of(1, 2, 3));
    expect(input.s).toEqual(str('v'));
  });

  it('returns a new object on every call', () => {
    const input = deepFreeze({ s: str('v') });
    const first = validateMessageAttributes(input);
    const second = validateMessageAttributes(input);
    expect(first).toEqual(second);
    expect(first).not.toBe(second);
    expect(first['s']).not.toBe(second['s']);
  });
});

// ---- system attributes ------------------------------------------------------------------------------------------

describe('validateMessageSystemAttributes', () => {
  const traceHeader = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';

  it('returns {} when absent', () => {
    expect(validateMessageSystemAttributes(undefined)).toEqual({});
    expect(validateMessageSystemAttributes(null)).toEqual({});
    expect(validateMessageSystemAttributes({})).toEqual({});
  });

  it('accepts AWSTraceHeader as a String and returns a copy (deep-frozen input)', () => {
    const input = deepFreeze({ AWSTraceHeader: { DataType: 'String', StringValue: traceHeader } });
    const result = validateMessageSystemAttributes(input);
    expect(result).toEqual({ AWSTraceHeader: str(traceHeader) });
    expect(result).not.toBe(input);
    expect(result['AWSTraceHeader']).not.toBe(input.AWSTraceHeader);
  });

  it.each(['Hello', 'SentTimestamp', 'awstraceheader'])('rejects the name %j', (name) => {
    expectAwsError(
      () => validateMessageSystemAttributes({ [name]: str('World') }),
      invalidParameterValue(`Message system attribute name '${name}' is invalid.`),
    );
  });

  it.each(['Number', 'Binary', 'String.custom', undefined])('rejects AWSTraceHeader of DataType %j', (dataType) => {
    expectAwsError(
      () => validateMessageSystemAttributes({ AWSTraceHeader: { DataType: dataType, StringValue: traceHeader } }),
      invalidParameterValue(
        "The type of message (system) attribute 'AWSTraceHeader' is invalid. You must use only the following supported type prefixes: String.",
      ),
    );
  });

  it.each([{ DataType: 'String', StringValue: '' }, { DataType: 'String' }, null])(
    'rejects an AWSTraceHeader without a value (%j)',
    (value) => {
      expectAwsError(
        () => validateMessageSystemAttributes({ AWSTraceHeader: value }),
        invalidParameterValue(
          "Message (system) attribute 'AWSTraceHeader' must contain a non-empty value of type 'String'.",
        ),
      );
    },
  );

  it('rejects invalid characters in AWSTraceHeader', () => {
    expectAwsError(
      () => validateMessageSystemAttributes({ AWSTraceHeader: str('Root=\u0000') }),
      invalidParameterValue(INVALID_CHARACTERS_TEXT),
    );
  });

  it('rejects list values', () => {
    expectAwsError(
      () => validateMessageSystemAttributes({ AWSTraceHeader: { DataType: 'String', StringListValues: ['a'] } }),
      invalidParameterValue('Message attribute list values in SendMessage operation are not supported.'),
    );
  });
});
