import { describe, it, expect } from 'vitest';
import {
  compileFilterPolicy,
  FilterPolicyError,
  MAX_POLICY_BYTES,
  type FilterPolicyScope,
} from '../../../src/services/sns/filter-policy/index.js';

/**
 * The whole message `compileFilterPolicy` fails with, location line included, or undefined when it accepts the policy.
 */
function located(policy: string, scope: FilterPolicyScope = 'MessageAttributes'): string | undefined {
  try {
    compileFilterPolicy(policy, scope);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(FilterPolicyError);
    return (error as FilterPolicyError).message;
  }
}

/** The first line of that message, without Jackson's location line (jackson-locations.test.ts checks those). */
function rejection(policy: string, scope: FilterPolicyScope = 'MessageAttributes'): string | undefined {
  return located(policy, scope)?.split('\n')[0];
}

/** Jackson's location line as event-ruler writes it, the policy quoted. */
const at = (policy: string, line: number, column: number): string =>
  `\n at [Source: (String)"${policy}"; line: ${line}, column: ${column}]`;
/** The same, as SNS's own JSON reading writes it (Jackson 2.16+). */
const REDACTED = 'REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled)';
const redactedAt = (line: number, column: number): string =>
  `\n at [Source: ${REDACTED}; line: ${line}, column: ${column}]`;

function errorOf(policy: string, scope: FilterPolicyScope = 'MessageAttributes'): FilterPolicyError {
  try {
    compileFilterPolicy(policy, scope);
  } catch (error) {
    if (error instanceof FilterPolicyError) return error;
    throw error;
  }
  throw new Error(`accepted: ${policy}`);
}

const json = (value: unknown): string => JSON.stringify(value);
const values = (count: number): string[] => Array.from({ length: count }, (_, i) => `value${i}`);

/**
 * docs/aws-behaviour/sns.md §10.6, every verified row (LocalStack snapshots recorded against AWS, 2024). A syntax error
 * is reported before the scope is considered, so each row gives the same message under both scopes.
 */
const VERIFIED_MESSAGES: readonly (readonly [string, string])[] = [
  ['{"key":[["value"]]}', 'Match value must be String, number, true, false, or null'],
  ['{"key":[{"wrong-operator":true}]}', 'Unrecognized match type wrong-operator'],
  ['{"key":[{"suffix":"v","prefix":"v2"}]}', 'Only one key allowed in match expression'],
  ['{"key":[]}', 'Empty arrays are not allowed'],
  ['{"key":[{"suffix":100}]}', 'suffix match pattern must be a string'],
  ['{"key":[{"suffix":null}]}', 'suffix match pattern must be a string'],
  ['{"key":[{"suffix":[]}]}', 'suffix match pattern must be a string'],
  ['{"key":[{"suffix":["a","b"]}]}', 'suffix match pattern must be a string'],
  ['{"key":{"suffix":"value"}}', '"suffix" must be an object or an array'],
  ['{"key":{"suffix":"value","prefix":"value"}}', '"suffix" must be an object or an array'],
  ['{"key_a":"value_one"}', '"key_a" must be an object or an array'],
  ['{"key":{"not-an-operator":"value"}}', '"not-an-operator" must be an object or an array'],
  ['{"key":[{"cidr":["bad-filter"]}]}', 'prefix match pattern must be a string'],
  ['{"key":[{"cidr":"bad-filter"}]}', "Malformed CIDR, one '/' required"],
  ['{"key":[{"cidr":"bad-filter/64"}]}', 'Nonstandard IP address: bad-filter'],
  ['{"key":[{"cidr":"bad-/64filter"}]}', 'Malformed CIDR, mask bits must be an integer'],
  ['{"key":[{"cidr":"xx.11.xx/8"}]}', 'Nonstandard IP address: xx.11.xx'],
  ['{"key":[{"cidr":"xxxx:db8:1234:1a00::/64"}]}', 'Nonstandard IP address: xxxx:db8:1234:1a00::'],
  ['{"key":[{"numeric":[]}]}', 'Invalid member in numeric match: ]'],
  ['{"key":[{"numeric":["operator"]}]}', 'Unrecognized numeric range operator: operator'],
  ['{"key":[{"numeric":[1,"<="]}]}', 'Invalid member in numeric match: 1'],
  ['{"key":[{"numeric":["=","000"]}]}', 'Value of equals must be numeric'],
  ['{"key":[{"numeric":[">="]}]}', 'Value of >= must be numeric'],
  ['{"key":[{"numeric":["<",100,">",10]}]}', 'Too many elements in numeric expression'],
  ['{"key":[{"numeric":[">=",1,">",2]}]}', 'Bad numeric range operator: >'],
  ['{"key":[{"numeric":[">",3,"<",1]}]}', 'Bottom must be less than top'],
  ['{"key":[{"numeric":[">",20,"<="]}]}', 'Value of <= must be numeric'],
  ['{"key":[{"numeric":[">",20,30]}]}', 'Bad value in numeric range: 30'],
  ['{"key":[{"numeric":[">",20,"test"]}]}', 'Bad numeric range operator: test'],
  ['{"key":[{"numeric":[">","20","<","30"]}]}', 'Value of > must be numeric'],
  ['{"key":[{"numeric":[">",20,"<","30"]}]}', 'Value of < must be numeric'],
  ['{"key":[{"numeric":[">",20,"<",30,"<",50]}]}', 'Too many terms in numeric range expression'],
  ['{"key":[{"exists":null}]}', 'exists match pattern must be either true or false.'],
  ['{"key":[{"exists":"no"}]}', 'exists match pattern must be either true or false.'],
  ['{"key":[{"anything-but":{"wrong-operator":null}}]}', 'Unsupported anything-but pattern: wrong-operator'],
  ['{"key":[{"anything-but":{"suffix":"test"}}]}', 'Unsupported anything-but pattern: suffix'],
  ['{"key":[{"anything-but":{"exists":false}}]}', 'Unsupported anything-but pattern: exists'],
  ['{"key":[{"anything-but":{"prefix":false}}]}', 'prefix match pattern must be a string'],
];

/** Messages and orderings taken from event-ruler's compiler, not yet recorded from SNS (inferred). */
const EVENT_RULER_MESSAGES: readonly (readonly [string, string])[] = [
  ['{}', 'Empty objects are not allowed'],
  ['{"a":{}}', 'Empty objects are not allowed'],
  ['[{"a":["b"]}]', 'Filter is not an object'],
  ['"policy"', 'Filter is not an object'],
  ['{"key":[{}]}', 'Match expression name not found'],
  ['{"key":[{"suffix":100,"prefix":"x"}]}', 'suffix match pattern must be a string'],
  ['{"key":[{"equals-ignore-case":5}]}', 'equals-ignore-case match pattern must be a string'],
  ['{"key":[{"prefix":{"equals-ignore-case":"a"}}]}', 'prefix match pattern must be a string'],
  ['{"key":[{"exists":true,"prefix":"a"}]}', 'Only one key allowed in match expression'],
  ['{"key":[{"wildcard":"a*b"}]}', 'Unrecognized match type wildcard'],
  ['{"key":[{"exactly":"a"}]}', 'Unrecognized match type exactly'],
  ['{"key":[{"numeric":5}]}', 'Value of numeric must be an array.'],
  ['{"key":[{"numeric":[{"a":1}]}]}', 'Invalid member in numeric match: {'],
  ['{"key":[{"numeric":[1.50]}]}', 'Invalid member in numeric match: 1.50'],
  ['{"key":[{"numeric":["=",5,6]}]}', 'Too many elements in numeric expression'],
  ['{"key":[{"numeric":["<=",5,"x"]}]}', 'Too many elements in numeric expression'],
  ['{"key":[{"numeric":["=",5],"prefix":"a"}]}', 'Too many elements in numeric expression'],
  ['{"key":[{"numeric":[">",1,"<",2.50,"x"]}]}', 'Too many terms in numeric range expression'],
  ['{"key":[{"numeric":[">",1,null]}]}', 'Bad value in numeric range: null'],
  ['{"key":[{"anything-but":null}]}', 'Value of anything-but must be an array or single string/number value.'],
  ['{"key":[{"anything-but":true}]}', 'Value of anything-but must be an array or single string/number value.'],
  ['{"key":[{"anything-but":[true]}]}', 'Inside anything but list, start|null|boolean is not supported.'],
  [
    '{"key":[{"anything-but":["a",1]}]}',
    'Inside anything but list, either all values are number or string, mixed type is not supported',
  ],
  [
    '{"key":[{"anything-but":[]}]}',
    'Inside anything but list, either all values are number or string, mixed type is not supported',
  ],
  ['{"key":[{"anything-but":"a","prefix":"b"}]}', 'Too many elements in numeric expression'],
  ['{"key":[{"anything-but":{}}]}', 'Anything-But expression name not found'],
  ['{"key":[{"anything-but":{"prefix":""}}]}', 'Null prefix not allowed'],
  ['{"key":[{"anything-but":{"prefix":"a","suffix":"b"}}]}', 'Only one key allowed in match expression'],
  ['{"key":[{"anything-but":{"prefix":"a"},"suffix":"b"}]}', 'Only one key allowed in match expression'],
  ['{"key":[{"anything-but":{"equals-ignore-case":"a"}}]}', 'Unsupported anything-but pattern: equals-ignore-case'],
  ['{"key":[{"anything-but":{"wildcard":"a*"}}]}', 'Unsupported anything-but pattern: wildcard'],
  ['{"key":[{"cidr":"10.0.0.0/"}]}', "Malformed CIDR, one '/' required"],
  ['{"key":[{"cidr":"10.0.0.0/8/8"}]}', "Malformed CIDR, one '/' required"],
  ['{"key":[{"cidr":"10.0.0.0/99999999999"}]}', 'Malformed CIDR, mask bits must be an integer'],
  ['{"key":[{"cidr":"10.0.0.0/-1"}]}', 'Malformed CIDR, mask bits must not be negative'],
  ['{"key":[{"cidr":"10.0.0.256/24"}]}', 'Invalid IP address: 10.0.0.256'],
  ['{"key":[{"cidr":"1:2:3/64"}]}', 'Invalid IP address: 1:2:3'],
  ['{"key":[{"cidr":"/24"}]}', 'Nonstandard IP address: '],
  ['{"key":[{"cidr":"10.0.0.0/32"}]}', 'IPv4 mask bits must be < 32'],
  ['{"key":[{"cidr":"::/128"}]}', 'IPv6 mask bits must be < 128'],
  ['{"key":[{"cidr":"10.0.0.0/8","prefix":"1"}]}', 'Only one key allowed in match expression'],
  // The first problem in document order wins, duplicated keys included.
  ['{"key":["ok"],"key":[{"suffix":1}]}', 'suffix match pattern must be a string'],
  ['{"a":[{"suffix":1}],"b":[]}', 'suffix match pattern must be a string'],
  // `$or` is an OR only with ≥ 2 objects and no reserved keys; otherwise it is an ordinary key [D].
  ['{"$or":[{"a":["1"]}]}', 'Unrecognized match type a'],
  ['{"$or":[{"a":["1"]},"b"]}', 'Unrecognized match type a'],
  ['{"$or":[{"numeric":123},{"prefix":"abc"}]}', 'Value of numeric must be an array.'],
  ['{"$or":[{"a":["1"]},{}]}', 'Empty objects are not allowed'],
  ['{"$or":[{"a":["1"]},{"b":[]}]}', 'Empty arrays are not allowed'],
];

/**
 * Numbers outside SNS's documented ±1e9 in `numeric` and `anything-but` (docs/aws-behaviour/sns.md §12 Q6):
 * event-ruler's message with SNS's bounds, and its `Range` order check first (inferred).
 */
const RANGE_MESSAGES: readonly (readonly [string, string])[] = [
  ['{"key":[{"numeric":["=",1000000001]}]}', 'Value must be between -1.0E9 and 1.0E9, inclusive'],
  ['{"key":[{"numeric":["<",2e9]}]}', 'Value must be between -1.0E9 and 1.0E9, inclusive'],
  ['{"key":[{"numeric":[">",-2e9]}]}', 'Value must be between -1.0E9 and 1.0E9, inclusive'],
  ['{"key":[{"numeric":[">",0,"<",2e9]}]}', 'Value must be between -1.0E9 and 1.0E9, inclusive'],
  ['{"key":[{"numeric":[">",2e9]}]}', 'Bottom must be less than top'],
  ['{"key":[{"numeric":[">=",1e9]}]}', 'Bottom must be less than top'],
  ['{"key":[{"numeric":["<",-1e9]}]}', 'Bottom must be less than top'],
  ['{"key":[{"anything-but":5000000000}]}', 'Value must be between -1.0E9 and 1.0E9, inclusive'],
  ['{"key":[{"anything-but":[1,5000000000]}]}', 'Value must be between -1.0E9 and 1.0E9, inclusive'],
];

describe('validation messages (docs/aws-behaviour/sns.md §10.6)', () => {
  describe.each<FilterPolicyScope>(['MessageAttributes', 'MessageBody'])('scope %s', (scope) => {
    it.each(VERIFIED_MESSAGES)('%s → %s', (policy, message) => {
      expect(rejection(policy, scope)).toBe(message);
    });

    it.each(EVENT_RULER_MESSAGES)('[inferred] %s → %s', (policy, message) => {
      expect(rejection(policy, scope)).toBe(message);
    });

    it.each(RANGE_MESSAGES)('[inferred] %s → %s', (policy, message) => {
      expect(rejection(policy, scope)).toBe(message);
    });
  });

  /**
   * Where event-ruler's parser stands at each kind of refusal (inferred from its streaming code, checked against the
   * recorded cases): on the token it just read, past a string once its text is read, past the close marker it read.
   */
  it.each([
    ['{}', 'Empty objects are not allowed', 3],
    ['[{"a":["b"]}]', 'Filter is not an object', 2],
    ['"policy"', 'Filter is not an object', 2],
    ['{"key":[{}]}', 'Match expression name not found', 11],
    ['{"key":[{"numeric":5}]}', 'Value of numeric must be an array.', 21],
    ['{"key":[{"numeric":["=",5,6]}]}', 'Too many elements in numeric expression', 28],
    ['{"key":[{"numeric":["=",1000000001]}]}', 'Value must be between -1.0E9 and 1.0E9, inclusive', 36],
    ['{"key":[{"numeric":["=",5],"prefix":"a"}]}', 'Too many elements in numeric expression', 38],
    [
      '{"key":[{"anything-but":["a",1]}]}',
      'Inside anything but list, either all values are number or string, mixed type is not supported',
      32,
    ],
    ['{"key":[{"anything-but":[1,5000000000]}]}', 'Value must be between -1.0E9 and 1.0E9, inclusive', 38],
    ['{"key":[{"anything-but":{"prefix":""}}]}', 'Null prefix not allowed', 37],
    ['{"key":[{"anything-but":{}}]}', 'Anything-But expression name not found', 27],
  ])('[inferred] reports %s where event-ruler stood', (policy, message, column) => {
    expect(located(policy)).toBe(message + at(policy, 1, column));
  });

  it('[inferred] reports a refusal inside an anything-but list with its location twice, as EventBridge was recorded', () => {
    // event-ruler catches the refusal in its list loop and raises it again with the located message
    // (docs/aws-behaviour/eventbridge.md §7.7); SNS runs the same loop.
    const policy = '{"key":[{"anything-but":[true]}]}';
    const message = 'Inside anything but list, start|null|boolean is not supported.';
    expect(located(policy)).toBe(message + at(policy, 1, 30) + at(policy, 1, 30));
  });

  it.each([
    ['{"key":[{"cidr":"10.0.0.0/"}]}', "Malformed CIDR, one '/' required"],
    ['{"key":[{"anything-but":5000000000}]}', 'Value must be between -1.0E9 and 1.0E9, inclusive'],
  ])('[inferred] reports %s without a location, as a refusal from outside the parser', (policy, message) => {
    expect(located(policy)).toBe(message);
  });

  it('counts lines and columns after line breaks, and escapes a tab in the quoted policy', () => {
    const policy = '{\n\t"key": [[1]]\n}';
    expect(located(policy)).toBe(
      'Match value must be String, number, true, false, or null\n at [Source: (String)"{\n\\u0009\"key\": [[1]]\n}"; line: 2, column: 11]',
    );
  });

  it('quotes at most 500 characters of a long policy, then says how many it left out', () => {
    const policy = JSON.stringify({ key: [['x']], pad: ['p'.repeat(600)] });
    expect(located(policy)).toBe(
      `Match value must be String, number, true, false, or null\n at [Source: (String)"${policy.slice(0, 500)}"[truncated ${policy.length - 500} chars]; line: 1, column: 10]`,
    );
  });

  it.each([
    '{"key":[{"anything-but":{"prefix":"test-"}}]}',
    '{"key":[{"anything-but":["test","test2"]}]}',
    '{"key":[{"anything-but":"test"}]}',
  ])('accepts %s [V]', (policy) => {
    expect(rejection(policy)).toBeUndefined();
  });

  it.each([
    ['exact numbers outside ±1e9 (LocalStack saw AWS accept them)', '{"account":[123456789012]}'],
    ['a numeric range up to the limit', '{"k":[{"numeric":[">=",-1e9,"<=",1e9]}]}'],
    ['an empty prefix', '{"k":[{"prefix":""}]}'],
    ['cidr /0 and /31', '{"k":[{"cidr":"0.0.0.0/0"},{"cidr":"10.0.0.0/31"},{"cidr":"2001:db8::/127"}]}'],
    [
      'every operator side by side',
      json({
        k: [
          's',
          1,
          true,
          false,
          null,
          { prefix: 'p' },
          { suffix: 's' },
          { 'equals-ignore-case': 'E' },
          { exists: true },
        ],
      }),
    ],
    ['trailing content after the root object (Jackson ignores it)', '{"k":["v"]} trailing'],
  ])('accepts %s', (_, policy) => {
    expect(rejection(policy)).toBeUndefined();
  });
});

describe('JSON syntax errors (docs/aws-behaviour/sns.md §10.6: "failed to parse JSON. <Jackson message>", then its location)', () => {
  const VALID = "(JSON String, Number, Array, Object or token 'null', 'true' or 'false')";
  it.each([
    ['invalid', `Unrecognized token 'invalid': was expecting ${VALID}`, 1, 8],
    ['{invalid}', "Unexpected character ('i' (code 105)): was expecting double-quote to start field name", 1, 2],
    ["{'a':['b']}", "Unexpected character (''' (code 39)): was expecting double-quote to start field name", 1, 2],
    [
      '{"a" ["b"]}',
      "Unexpected character ('[' (code 91)): was expecting a colon to separate field name and value",
      1,
      6,
    ],
    [
      '{"a":["b"] "c":["d"]}',
      "Unexpected character ('\"' (code 34)): was expecting comma to separate Object entries",
      1,
      12,
    ],
    ['{"a":["b" "c"]}', "Unexpected character ('\"' (code 34)): was expecting comma to separate Array entries", 1, 11],
    ['{"a":["b",]}', `Unexpected character (']' (code 93)): expected a valid value ${VALID}`, 1, 11],
    ['{"a":["b"],}', "Unexpected character ('}' (code 125)): was expecting double-quote to start field name", 1, 12],
    ['{"a":[tru]}', `Unrecognized token 'tru': was expecting ${VALID}`, 1, 10],
    ['{"a":[“x”]}', `Unexpected character ('“' (code 8220 / 0x201c)): expected a valid value ${VALID}`, 1, 7],
    ['{"a":[01]}', 'Invalid numeric value: Leading zeroes not allowed', 1, 8],
    [
      '{"a":[1.]}',
      "Unexpected character (']' (code 93)) in numeric value: Decimal point not followed by a digit",
      1,
      9,
    ],
    [
      '{"a":[-x]}',
      "Unexpected character ('x' (code 120)) in numeric value: expected digit (0-9) to follow minus sign, for valid numeric value",
      1,
      8,
    ],
    ['{"a":["\\q"]}', "Unrecognized character escape 'q' (code 113)", 1, 9],
    [
      '{"a":["\n"]}',
      'Illegal unquoted character ((CTRL-CHAR, code 10)): has to be escaped using backslash to be included in string value',
      1,
      8,
    ],
    [
      '{"a":["b"',
      `Unexpected end-of-input: expected close marker for Array (start marker at [Source: ${REDACTED}; line: 1, column: 6])`,
      1,
      10,
    ],
    [
      '{"a":["b"]',
      `Unexpected end-of-input: expected close marker for Object (start marker at [Source: ${REDACTED}; line: 1, column: 1])`,
      1,
      11,
    ],
    ['{"a":["b', 'Unexpected end-of-input: was expecting closing quote for a string value', 1, 9],
    ['   ', 'No content to map due to end-of-input', 1, 1],
    [
      '// x\n{}',
      "Unexpected character ('/' (code 47)): maybe a (non-standard) comment? (not recognized as one since Feature 'ALLOW_COMMENTS' not enabled for parser)",
      1,
      1,
    ],
    // Jackson 2.18's other paths, as ReaderBasedJsonParser takes them (inferred: not recorded from AWS).
    ['{"a"', 'Unexpected end-of-input within/between Object entries', 1, 5],
    ['{"a":', 'Unexpected end-of-input within/between Object entries', 1, 6],
    ['{"a":1,', 'Unexpected end-of-input within/between Object entries', 1, 8],
    ['[1,', 'Unexpected end-of-input within/between Array entries', 1, 4],
    ['{"a', 'Unexpected end-of-input in field name', 1, 4],
    ['{"a\\', 'Unexpected end-of-input in character escape sequence', 1, 5],
    ['{"a":}', "Unexpected character ('}' (code 125)): expected a value", 1, 6],
    [
      '[}',
      `Unexpected close marker '}': expected ']' (for Array starting at [Source: ${REDACTED}; line: 1, column: 1])`,
      1,
      2,
    ],
    [
      '{]',
      `Unexpected close marker ']': expected '}' (for Object starting at [Source: ${REDACTED}; line: 1, column: 1])`,
      1,
      2,
    ],
    [
      '}',
      `Unexpected close marker '}': expected ']' (for root starting at [Source: ${REDACTED}; line: 1, column: 0])`,
      1,
      1,
    ],
    ['{"a":[NaN]}', "Non-standard token 'NaN': enable `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to allow", 1, 10],
    [
      '{"a":[-Infinity]}',
      "Non-standard token '-Infinity': enable `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to allow",
      1,
      16,
    ],
    [
      '{"a":[+1]}',
      "Unexpected character ('+' (code 43)) in numeric value: JSON spec does not allow numbers to have plus signs: enable `JsonReadFeature.ALLOW_LEADING_PLUS_SIGN_FOR_NUMBERS` to allow",
      1,
      8,
    ],
    ['{"a":[-.5]}', `Unexpected character ('.' (code 46)): expected a valid value ${VALID}`, 1, 8],
    [
      '{"a":[1e]}',
      "Unexpected character (']' (code 93)) in numeric value: Exponent indicator not followed by a digit",
      1,
      9,
    ],
    ['{"a":[1.', "Unexpected character ('.' (code 46)) in numeric value: Decimal point not followed by a digit", 1, 8],
    ['{"a":[1e', 'Unexpected end-of-inputexpected a digit for number exponent', 1, 9],
    ['{"a":[-', 'Unexpected end-of-inputNo digit following sign', 1, 8],
    [
      '{"a":\u0001[1]}',
      'Illegal character ((CTRL-CHAR, code 1)): only regular white space (\\r, \\n, \\t) is allowed between tokens',
      1,
      7,
    ],
    ['truex', `Unrecognized token 'truex': was expecting ${VALID}`, 1, 6],
    ['12x', "Unexpected character ('x' (code 120)): Expected space separating root-level values", 1, 3],
    ['{\n"a":\n[x]}', `Unrecognized token 'x': was expecting ${VALID}`, 3, 3],
    [
      '{\r\n"a"x',
      "Unexpected character ('x' (code 120)): was expecting a colon to separate field name and value",
      2,
      4,
    ],
    ['x'.repeat(300), `Unrecognized token '${'x'.repeat(256)}...': was expecting ${VALID}`, 1, 257],
  ])('%j', (policy, jacksonMessage, line, column) => {
    expect(located(policy)).toBe(`failed to parse JSON. ${jacksonMessage}${redactedAt(line, column)}`);
  });

  it('limits nesting to Jackson’s default depth of 1000, with no location', () => {
    const deep = '{"a":' + '['.repeat(1000) + ']'.repeat(1000) + '}';
    expect(located(deep)).toBe(
      'failed to parse JSON. Document nesting depth (1001) exceeds the maximum allowed (1000, from `StreamReadConstraints.getMaxNestingDepth()`)',
    );
  });
});

describe('scope (docs/aws-behaviour/sns.md §10.1)', () => {
  const nested = '{"object":{"key":[{"prefix":"auto-"}]}}';
  const scopeMessage = 'Filter policy scope MessageAttributes does not support nested filter policy';

  it('refuses a nested policy under MessageAttributes, without the FilterPolicy label [V]', () => {
    const error = errorOf(nested, 'MessageAttributes');
    expect(error.message).toBe(scopeMessage);
    expect(error.labelled).toBe(false);
    // After each action's prefix (through the SDK: test/sns/subscriptions.test.ts).
    expect(error.reason).toBe(scopeMessage);
  });

  it('accepts the same policy under MessageBody [V]', () => {
    expect(rejection(nested, 'MessageBody')).toBeUndefined();
  });

  it('refuses nesting inside an $or branch under MessageAttributes', () => {
    expect(rejection('{"$or":[{"a":["1"]},{"b":{"c":["2"]}}]}')).toBe(scopeMessage);
  });

  it('accepts a flat $or under MessageAttributes [V]', () => {
    expect(rejection('{"source":["a"],"$or":[{"m":["1"]},{"n":["2"]}]}')).toBeUndefined();
  });
});

// The action's prefix before it (`Invalid parameter: `, `Invalid parameter: Attributes Reason: `) is
// subscription-attributes.ts's, tested through the SDK in test/sns/jackson-locations.test.ts and errors.test.ts.
describe('the FilterPolicy label of the reason (docs/aws-behaviour/sns.md §10.6)', () => {
  it('FilterPolicy: … [V]', () => {
    expect(errorOf('{"key":[["value"]]}').reason).toBe(
      'FilterPolicy: Match value must be String, number, true, false, or null' + at('{"key":[["value"]]}', 1, 10),
    );
    expect(errorOf('{"key_a":"value_one"}').reason).toBe(
      'FilterPolicy: "key_a" must be an object or an array' + at('{"key_a":"value_one"}', 1, 11),
    );
    expect(errorOf('invalid').reason).toMatch(/^FilterPolicy: failed to parse JSON\. Unrecognized token 'invalid': /);
  });
});

describe('limits (docs/aws-behaviour/sns.md §10.5)', () => {
  const tooManyKeys = 'Filter policy can not have more than 5 keys';
  const tooComplex = 'Filter policy is too complex';

  it('allows 5 keys and refuses 6 [V]', () => {
    const keys = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`key_${i}`, [`v${i}`]]));
    expect(rejection(json(keys(5)))).toBeUndefined();
    expect(rejection(json(keys(6)))).toBe(tooManyKeys);
    expect(rejection(json(keys(6)), 'MessageBody')).toBe(tooManyKeys);
  });

  it('counts only top-level keys of a nested policy [D]', () => {
    // The "Filter policy constraints" example: 4 top-level keys, 6 leaf keys.
    const policy = {
      state: ['SUCCESS'],
      severity: [{ exists: true }],
      message: [{ exists: true }],
      finding: { standard_control: [{ exists: true }], region: [{ exists: true }], account: [{ exists: true }] },
    };
    expect(rejection(json(policy), 'MessageBody')).toBeUndefined();
  });

  it('[inferred] counts $or as one top-level key, whatever its branches hold (docs/aws-behaviour/sns.md §12 Q5)', () => {
    const policy = { a: ['1'], b: ['1'], c: ['1'], d: ['1'], $or: [{ e: ['1'] }, { f: ['1'], g: ['1'] }] };
    expect(rejection(json(policy))).toBeUndefined();
    expect(rejection(json({ ...policy, h: ['1'] }))).toBe(tooManyKeys);
  });

  it('multiplies the values of flat keys: 150 passes, 151 and 100 × 51 fail [V]', () => {
    expect(rejection(json({ key: values(150) }))).toBeUndefined();
    expect(rejection(json({ key: values(151) }))).toBe(tooComplex);
    expect(rejection(json({ key1: values(100), key2: values(51) }))).toBe(tooComplex);
    expect(rejection(json({ key1: values(50), key2: values(3) }))).toBeUndefined();
  });

  it('weights nested arrays by depth: 3·4 × 2·3 × 1·3 = 216 fails [V]', () => {
    const policy = {
      key_a: { key_b: { key_c: ['value_one', 'value_two', 'value_three', 'value_four'] } },
      key_d: { key_e: ['value_one', 'value_two', 'value_three'] },
      key_f: ['value_one', 'value_two', 'value_three'],
    };
    expect(rejection(json(policy), 'MessageBody')).toBe(tooComplex);
    // 3·4 × 2·3 = 72 without key_f
    const { key_f: _, ...smaller } = policy;
    expect(rejection(json(smaller), 'MessageBody')).toBeUndefined();
  });

  it('adds the branches of $or: 24 + 64 + 64 = 152 fails, 18 + 48 + 84 = 150 passes [V]', () => {
    const failing = {
      source: ['aws.cloudwatch', 'aws.events', 'aws.test', 'aws.test2'],
      $or: [
        { metricName: ['CPUUtilization', 'ReadLatency', 't1', 't2', 't3', 't4'] },
        {
          metricType: ['MetricType', 'TestType', 'TestType2', 'TestType3'],
          $or: [{ metricId: [1234, 4321, 5678, 9012] }, { spaceId: [1, 2, 3, 4] }],
        },
      ],
    };
    const passing = {
      source: ['aws.cloudwatch', 'aws.events', 'aws.test'],
      $or: [
        { metricName: ['CPUUtilization', 'ReadLatency', 'TestVal', 'TestVal2', 'TestVal3', 'TestVal4'] },
        {
          metricType: ['MetricType', 'TestType', 'TestType2', 'TestType3'],
          $or: [{ metricId: [1234, 4321, 5678, 9012] }, { spaceId: [1, 2, 3, 4, 5, 6, 7] }],
        },
      ],
    };
    expect(rejection(json(failing))).toBe(tooComplex);
    expect(rejection(json(passing))).toBeUndefined();
  });

  it('weights $or inside a nested object by its depth: 24 + 72 + 16 + 48 = 160 fails [V]', () => {
    const policy = {
      $or: [{ metricName: ['CPUUtilization', 'ReadLatency', 'TestValue'] }, { namespace: ['AWS/EC2', 'AWS/ES'] }],
      detail: {
        scope: ['Service', 'Test'],
        $or: [{ source: ['aws.cloudwatch'] }, { type: ['CloudWatch Alarm State Change', 'TestValue', 'TestValue2'] }],
      },
    };
    expect(rejection(json(policy), 'MessageBody')).toBe(tooComplex);
  });

  it('checks the scope before the limits', () => {
    const nestedAndComplex = { a: { b: values(151) } };
    expect(rejection(json(nestedAndComplex))).toBe(
      'Filter policy scope MessageAttributes does not support nested filter policy',
    );
    expect(rejection(json(nestedAndComplex), 'MessageBody')).toBe(tooComplex);
  });

  it('[inferred message] allows 256 KB of UTF-8 and refuses one byte more', () => {
    const overhead = '{"k":["'.length + '"]}'.length;
    const ascii = (bytes: number) => `{"k":["${'a'.repeat(bytes - overhead)}"]}`;
    expect(rejection(ascii(MAX_POLICY_BYTES))).toBeUndefined();
    expect(rejection(ascii(MAX_POLICY_BYTES + 1))).toBe('Filter policy is too large');
    // Two bytes per character: the limit is in bytes, not characters.
    const accented = (count: number) => `{"k":["${'é'.repeat(count)}"]}`;
    expect(rejection(accented((MAX_POLICY_BYTES - overhead) / 2))).toBeUndefined();
    expect(rejection(accented((MAX_POLICY_BYTES - overhead) / 2 + 1))).toBe('Filter policy is too large');
  });
});
