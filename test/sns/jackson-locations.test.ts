import {
  CreateTopicCommand,
  SetSubscriptionAttributesCommand,
  SubscribeCommand,
  type SNSClient,
} from '@aws-sdk/client-sns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueue, queueArn, T0 } from '../sqs/message-support.js';
import { expectInvalidParameter, snsSetup } from './sns-support.js';

/**
 * Every message LocalStack recorded from AWS with Jackson's location line (`\n at [Source: …; line: L, column: C]`),
 * in its SNS snapshot files (tests/aws/services/sns/test_sns.snapshot.json and test_sns_filter_policy.snapshot.json;
 * file, test and key name each row), sent again through the SDK: the action, the attribute, the text given, and
 * AWS's whole message.
 *
 * Two families (docs/aws-behaviour/sns.md §10.6): SNS's own JSON reading of a policy that is not JSON describes its
 * source as REDACTED (Jackson 2.16+, recorded 2025-10 and 2026-01) with the column of the offending character (2.17+);
 * event-ruler's refusals of a well-formed policy quote it, `(String)"…"` (recorded 2024), at the column after what its
 * streaming parser had read.
 */
type Action = 'Subscribe' | 'SetSubscriptionAttributes';
type Row = readonly [
  file: string,
  test: string,
  key: string,
  action: Action,
  attribute: string,
  text: string,
  message: string,
];

const RECORDED: readonly Row[] = [
  [
    'test_sns',
    'test_validate_set_sub_attributes',
    'invalid-json-redrive-policy',
    'SetSubscriptionAttributes',
    'RedrivePolicy',
    '{invalidjson}',
    "Invalid parameter: RedrivePolicy: failed to parse JSON. Unexpected character ('i' (code 105)): was expecting double-quote to start field name\n at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 1, column: 2]",
  ],
  [
    'test_sns',
    'test_validate_set_sub_attributes',
    'invalid-json-filter-policy',
    'SetSubscriptionAttributes',
    'FilterPolicy',
    '{invalidjson}',
    "Invalid parameter: FilterPolicy: failed to parse JSON. Unexpected character ('i' (code 105)): was expecting double-quote to start field name\n at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 1, column: 2]",
  ],
  [
    'test_sns',
    'test_subscribe_invalid_filter_policy',
    'subscribe-invalid-filter-policy',
    'Subscribe',
    'FilterPolicy',
    'invalid-json',
    "Invalid parameter: Attributes Reason: FilterPolicy: failed to parse JSON. Unrecognized token 'invalid': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')\n at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 1, column: 8]",
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy',
    'error-condition-list',
    'Subscribe',
    'FilterPolicy',
    '{"key":[["value"]]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: Match value must be String, number, true, false, or null\n at [Source: (String)"{"key":[["value"]]}"; line: 1, column: 10]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy',
    'error-condition-operator',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"wrong-operator":true}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: Unrecognized match type wrong-operator\n at [Source: (String)"{"key":[{"wrong-operator":true}]}"; line: 1, column: 31]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy',
    'error-condition-two-operators',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"suffix":"value","prefix":"value2"}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: Only one key allowed in match expression\n at [Source: (String)"{"key":[{"suffix":"value","prefix":"value2"}]}"; line: 1, column: 37]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_string_operators',
    'error-condition-empty-array',
    'Subscribe',
    'FilterPolicy',
    '{"key":[]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: Empty arrays are not allowed\n at [Source: (String)"{"key":[]}"; line: 1, column: 10]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_string_operators',
    'error-condition-is-numeric',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"suffix":100}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: suffix match pattern must be a string\n at [Source: (String)"{"key":[{"suffix":100}]}"; line: 1, column: 22]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_string_operators',
    'error-condition-is-none',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"suffix":null}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: suffix match pattern must be a string\n at [Source: (String)"{"key":[{"suffix":null}]}"; line: 1, column: 23]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_string_operators',
    'error-condition-is-not-list-and-operator',
    'Subscribe',
    'FilterPolicy',
    '{"key":{"suffix":"value"}}',
    'Invalid parameter: Attributes Reason: FilterPolicy: "suffix" must be an object or an array\n at [Source: (String)"{"key":{"suffix":"value"}}"; line: 1, column: 19]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_string_operators',
    'error-condition-empty-list',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"suffix":[]}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: suffix match pattern must be a string\n at [Source: (String)"{"key":[{"suffix":[]}]}"; line: 1, column: 20]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_string_operators',
    'error-condition-list-wrong-type',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"suffix":["test","test2"]}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: suffix match pattern must be a string\n at [Source: (String)"{"key":[{"suffix":["test","test2"]}]}"; line: 1, column: 20]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_string_operators',
    'error-condition-is-not-list-two-ops',
    'Subscribe',
    'FilterPolicy',
    '{"key":{"suffix":"value","prefix":"value"}}',
    'Invalid parameter: Attributes Reason: FilterPolicy: "suffix" must be an object or an array\n at [Source: (String)"{"key":{"suffix":"value","prefix":"value"}}"; line: 1, column: 19]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_string_operators',
    'error-condition-is-not-list-and-no-operator',
    'Subscribe',
    'FilterPolicy',
    '{"key":{"not-an-operator":"value"}}',
    'Invalid parameter: Attributes Reason: FilterPolicy: "not-an-operator" must be an object or an array\n at [Source: (String)"{"key":{"not-an-operator":"value"}}"; line: 1, column: 28]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_string_operators',
    'error-condition-bad-type',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"cidr":["bad-filter"]}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: prefix match pattern must be a string\n at [Source: (String)"{"key":[{"cidr":["bad-filter"]}]}"; line: 1, column: 18]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_numeric_operator',
    'error-numeric-empty',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"numeric":[]}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: Invalid member in numeric match: ]\n at [Source: (String)"{"key":[{"numeric":[]}]}"; line: 1, column: 22]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_numeric_operator',
    'error-numeric-wrong-operator',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"numeric":["operator"]}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: Unrecognized numeric range operator: operator\n at [Source: (String)"{"key":[{"numeric":["operator"]}]}"; line: 1, column: 32]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_numeric_operator',
    'error-numeric-operator-order',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"numeric":[1,"<="]}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: Invalid member in numeric match: 1\n at [Source: (String)"{"key":[{"numeric":[1,"<="]}]}"; line: 1, column: 22]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_numeric_operator',
    'error-numeric-type',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"numeric":["=","000"]}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: Value of equals must be numeric\n at [Source: (String)"{"key":[{"numeric":["=","000"]}]}"; line: 1, column: 26]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_numeric_operator',
    'error-numeric-missing-value',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"numeric":[">="]}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: Value of >= must be numeric\n at [Source: (String)"{"key":[{"numeric":[">="]}]}"; line: 1, column: 26]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_numeric_operator',
    'error-numeric-wrong-range-order',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"numeric":["<",100,">",10]}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: Too many elements in numeric expression\n at [Source: (String)"{"key":[{"numeric":["<",100,">",10]}]}"; line: 1, column: 30]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_numeric_operator',
    'error-numeric-wrong-range-operators',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"numeric":[">=",1,">",2]}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: Bad numeric range operator: >\n at [Source: (String)"{"key":[{"numeric":[">=",1,">",2]}]}"; line: 1, column: 31]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_numeric_operator',
    'error-numeric-wrong-value-order',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"numeric":[">",3,"<",1]}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: Bottom must be less than top\n at [Source: (String)"{"key":[{"numeric":[">",3,"<",1]}]}"; line: 1, column: 33]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_numeric_operator',
    'error-numeric-missing-range-value',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"numeric":[">",20,"<="]}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: Value of <= must be numeric\n at [Source: (String)"{"key":[{"numeric":[">",20,"<="]}]}"; line: 1, column: 33]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_numeric_operator',
    'error-numeric-missing-range-operator',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"numeric":[">",20,30]}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: Bad value in numeric range: 30\n at [Source: (String)"{"key":[{"numeric":[">",20,30]}]}"; line: 1, column: 30]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_numeric_operator',
    'error-numeric-wrong-second-range-operator',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"numeric":[">",20,"test"]}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: Bad numeric range operator: test\n at [Source: (String)"{"key":[{"numeric":[">",20,"test"]}]}"; line: 1, column: 34]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_numeric_operator',
    'error-numeric-wrong-range-value-1-type',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"numeric":[">","20","<","30"]}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: Value of > must be numeric\n at [Source: (String)"{"key":[{"numeric":[">","20","<","30"]}]}"; line: 1, column: 26]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_numeric_operator',
    'error-numeric-wrong-range-value-2-type',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"numeric":[">",20,"<","30"]}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: Value of < must be numeric\n at [Source: (String)"{"key":[{"numeric":[">",20,"<","30"]}]}"; line: 1, column: 33]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_numeric_operator',
    'error-numeric-too-many-range',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"numeric":[">",20,"<",30,"<",50]}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: Too many terms in numeric range expression\n at [Source: (String)"{"key":[{"numeric":[">",20,"<",30,"<",50]}]}"; line: 1, column: 36]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_exists_operator',
    'error-condition-none',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"exists":null}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: exists match pattern must be either true or false.\n at [Source: (String)"{"key":[{"exists":null}]}"; line: 1, column: 23]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_exists_operator',
    'error-condition-string',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"exists":"no"}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: exists match pattern must be either true or false.\n at [Source: (String)"{"key":[{"exists":"no"}]}"; line: 1, column: 20]',
  ],
  [
    'test_sns_filter_policy',
    'test_sub_filter_policy_nested_property_constraints',
    'sub-filter-policy-rule-no-list',
    'SetSubscriptionAttributes',
    'FilterPolicy',
    '{"key_a":"value_one"}',
    'Invalid parameter: FilterPolicy: "key_a" must be an object or an array\n at [Source: (String)"{"key_a":"value_one"}"; line: 1, column: 11]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_nested_anything_but_operator',
    'error-condition-wrong-operator',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"anything-but":{"wrong-operator":null}}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: Unsupported anything-but pattern: wrong-operator\n at [Source: (String)"{"key":[{"anything-but":{"wrong-operator":null}}]}"; line: 1, column: 47]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_nested_anything_but_operator',
    'error-condition-anything-but-suffix',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"anything-but":{"suffix":"test"}}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: Unsupported anything-but pattern: suffix\n at [Source: (String)"{"key":[{"anything-but":{"suffix":"test"}}]}"; line: 1, column: 36]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_nested_anything_but_operator',
    'error-condition-anything-but-exists',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"anything-but":{"exists":false}}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: Unsupported anything-but pattern: exists\n at [Source: (String)"{"key":[{"anything-but":{"exists":false}}]}"; line: 1, column: 40]',
  ],
  [
    'test_sns_filter_policy',
    'test_validate_policy_nested_anything_but_operator',
    'error-condition-anything-but-prefix-wrong-type',
    'Subscribe',
    'FilterPolicy',
    '{"key":[{"anything-but":{"prefix":false}}]}',
    'Invalid parameter: Attributes Reason: FilterPolicy: prefix match pattern must be a string\n at [Source: (String)"{"key":[{"anything-but":{"prefix":false}}]}"; line: 1, column: 40]',
  ],
];

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

async function attempt(
  sns: SNSClient,
  topicArn: string,
  endpoint: string,
  action: Action,
  name: string,
  value: string,
): Promise<unknown> {
  if (action === 'Subscribe') {
    return sns.send(
      new SubscribeCommand({ TopicArn: topicArn, Protocol: 'sqs', Endpoint: endpoint, Attributes: { [name]: value } }),
    );
  }
  const { SubscriptionArn } = await sns.send(
    new SubscribeCommand({ TopicArn: topicArn, Protocol: 'sqs', Endpoint: endpoint, ReturnSubscriptionArn: true }),
  );
  return sns.send(
    new SetSubscriptionAttributesCommand({ SubscriptionArn, AttributeName: name, AttributeValue: value }),
  );
}

describe('Jackson location lines, as recorded from AWS', () => {
  it('has the 36 recorded messages', () => {
    expect(RECORDED).toHaveLength(36);
  });

  it.each(RECORDED)('%s %s %s', async (_file, _test, _key, action, attribute, text, message) => {
    const { sns, sqs } = snsSetup();
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'located' }));
    const endpoint = await queueArn(sqs, await createQueue(sqs, 'q'));
    await expectInvalidParameter(
      attempt(sns, TopicArn!, endpoint, action, attribute, text) as Promise<unknown>,
      message,
    );
  });
});
