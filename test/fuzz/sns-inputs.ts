import fc from 'fast-check';
import { ref } from './sqs-inputs.js';
import { NOT_NUMBERS, SMS_ATTRIBUTE_NAMES } from './refusals.js';
import {
  badString,
  choice,
  deepJson,
  field,
  list,
  map,
  mapKey,
  numberAround,
  oddString,
  optional,
  oversizeString,
  record,
  wrongType,
  type Gen,
} from './values.js';

/**
 * One fast-check arbitrary per emulated SNS command, from the members of its `*CommandInput`
 * (node_modules/@aws-sdk/client-sns/dist-types/commands/*.d.ts), written out by hand.
 */

const topicArn = field(ref('topicArn'), fc.oneof(badString, ref('queueArn'), ref('subscriptionArn')), { valid: 14 });
const subscriptionArn = field(ref('subscriptionArn'), fc.oneof(badString, ref('topicArn')), { valid: 12 });
const nextToken = optional(fc.constantFrom('MQ==', 'MTAw', 'LTE=', 'eA==', 'MS41'), badString);

const topicTags = list(
  choice(
    {
      weight: 6,
      gen: record({
        Key: field(fc.constantFrom('team', 'env', 'k'), oddString),
        Value: field(fc.constantFrom('fuzz', '', 'v'), oddString),
      }),
    },
    { weight: 1, gen: { clean: fc.constant({ Key: 'team', Value: 'x' }), messy: wrongType } },
  ),
  { maxLength: 3, tooMany: 51 },
);

const jsonText = fc.oneof(
  fc.constantFrom('{}', '[]', 'null', '{', '{"a":1}', '""', '{"a":1} x', '{"a":1,"a":2}'),
  deepJson,
  fc.json({ maxDepth: 2 }),
);

/** Data protection policies (sns.md §15): Audit alone (kept), Deny or Deidentify (not emulated), malformed ones. */
const dataProtectionStatement = (operation: string) => ({
  Sid: 's',
  DataDirection: 'Inbound',
  Principal: ['*'],
  DataIdentifier: ['arn:aws:dataprotection::aws:data-identifier/EmailAddress'],
  Operation: { [operation]: {} },
});
const dataProtectionPolicy = fc.oneof(
  fc.constantFrom(
    ...['Audit', 'Deny', 'Deidentify', 'Other'].map((operation) =>
      JSON.stringify({ Name: 'p', Version: '2021-06-01', Statement: [dataProtectionStatement(operation)] }),
    ),
    '{"Statement":[]}',
    '{"Statement":[{"DataDirection":"Sideways","DataIdentifier":["x"],"Operation":{"Audit":{}}}]}',
    `{"Statement":[],"pad":"${'x'.repeat(30_720)}"}`,
  ),
  jsonText,
);

const filterPolicy = fc.oneof(
  fc.constantFrom(
    '',
    '{}',
    '{"kind":["order"]}',
    '{"kind":[{"prefix":"or"}]}',
    '{"n":[{"numeric":[">",0,"<=",5]}]}',
    '{"kind":[{"anything-but":["x"]}]}',
    '{"a":{"b":["c"]}}',
    '{"kind":[]}',
    '{"kind":"order"}',
    '{"n":[{"numeric":["<",1e400]}]}',
    '{"kind":[{"exists":true}]}',
    '{"ip":[{"cidr":"10.0.0.0/24"}]}',
    '{"kind":[{"wildcard":"o*r"}]}',
    '{"$or":[{"a":["1"]},{"b":["2"]}]}',
  ),
  // Policies that have tripped up matchers: prototype keys, odd operators and operands, deep or wide ones.
  fc.constantFrom(
    '{"__proto__":["a"]}',
    '{"constructor":[{"prefix":"a"}]}',
    '{"toString":[{"exists":false}]}',
    '{"kind":[null]}',
    '{"kind":[{"exists":"yes"}]}',
    '{"kind":[{"anything-but":{"prefix":"x"}}]}',
    '{"kind":[{"anything-but":{"suffix":""}}]}',
    '{"kind":[{"suffix":""}]}',
    '{"kind":[{"equals-ignore-case":"ORDER"}]}',
    '{"kind":[{"wildcard":"***"}]}',
    '{"ip":[{"cidr":"999.0.0.0/99"}]}',
    '{"ip":[{"cidr":"::1/129"}]}',
    '{"n":[{"numeric":[">",1,">",2]}]}',
    '{"n":[{"numeric":["=","1"]}]}',
    '{"n":[{"numeric":[">=",-1e9,"<",1e9]}]}',
    '{"n":[{"numeric":["<",1e400]}]}',
    '{"$or":[]}',
    '{"$or":[{"$or":[{"a":["1"]}]}]}',
    `{"kind":[${Array.from({ length: 160 }, (_, i) => `"v${i}"`).join(',')}]}`,
    `${'{"a":'.repeat(60)}["x"]${'}'.repeat(60)}`,
    '{"kind":["\u0000","\ud800"]}',
    `{"kind":["${'x'.repeat(300)}"]}`,
    '{"kind":[{"prefix":{"equals-ignore-case":"OR"}}]}',
  ),
  fc.json({ maxDepth: 3 }),
);

const topicAttributeNames = [
  'DisplayName',
  'Policy',
  'DeliveryPolicy',
  'SignatureVersion',
  'TracingConfig',
  'KmsMasterKeyId',
  'ContentBasedDeduplication',
  'ArchivePolicy',
  'FifoThroughputScope',
  'FifoTopic',
  'SQSSuccessFeedbackSampleRate',
  'HTTPFailureFeedbackRoleArn',
];
const topicAttributeValue = fc.oneof(
  fc.constantFrom(
    '',
    'true',
    'false',
    '1',
    '2',
    '3',
    'Active',
    'PassThrough',
    'Topic',
    'MessageGroup',
    'alias/aws/sns',
    '{"MessageRetentionPeriod":"30"}',
    '{"MessageRetentionPeriod":"0"}',
    '{"MessageRetentionPeriod":30}',
    'x'.repeat(101),
  ),
  fc.constantFrom(
    '100',
    '101',
    '{"http":{"defaultRequestPolicy":{"headerContentType":"text/csv"}}}',
    '{"http":[]}',
    '{"http":{"disableSubscriptionOverrides":true}}',
  ),
  jsonText,
  badString,
);

const subscriptionAttributeNames = [
  'DeliveryPolicy',
  'FilterPolicy',
  'FilterPolicyScope',
  'RawMessageDelivery',
  'RedrivePolicy',
  'SubscriptionRoleArn',
  'ReplayPolicy',
];
const subscriptionAttributeValue = fc.oneof(
  { weight: 3, arbitrary: filterPolicy },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'true',
      'false',
      'True',
      'MessageBody',
      'MessageAttributes',
      '{"deadLetterTargetArn":"arn:aws:sqs:us-east-1:000000000000:dlq"}',
      '{"deadLetterTargetArn":"arn:aws:sqs:us-east-1:000000000000:dlq.fifo"}',
      '{"deadLetterTargetArn":"nope"}',
      '{"PointType":"Timestamp","StartingPoint":"2025-01-01T11:00:00.000Z"}',
      '{"PointType":"Timestamp","StartingPoint":"2030-01-01T00:00:00.000Z"}',
      '{"PointType":"Other"}',
      'arn:aws:iam::000000000000:role/r',
      '{"requestPolicy":{"headerContentType":"text/csv"}}',
      '{"healthyRetryPolicy":null,"guaranteed":true}',
    ),
  },
  { weight: 1, arbitrary: jsonText },
  { weight: 1, arbitrary: badString },
);

const protocol = field(
  fc.constantFrom('sqs', 'sqs', 'http', 'https', 'email', 'email-json', 'sms', 'lambda', 'firehose', 'application'),
  fc.constantFrom('SQS', 'ftp', '', 'sqs ', 'constructor', '__proto__'),
);
const endpoint = field(fc.oneof(ref('queueArn'), ref('endpoint')), badString);

const snsDataType = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('String', 'Number', 'Binary', 'String.Array', 'String.x', 'Number.int') },
  { weight: 1, arbitrary: fc.constantFrom('', 'String.', 'Stringx', 'string', 'Boolean') },
  { weight: 1, arbitrary: oddString },
);
const snsStringValue = fc.oneof(
  fc.constantFrom('order', 'x', '1', '-3.5', '["a","b"]', '[1,2]', '[', '1e400', `1${'0'.repeat(20)}`),
  oddString,
  oversizeString,
);
/** A Number attribute: mostly a number, now and then text AWS refuses as one (refusals.ts). */
const snsNumberType = fc.constantFrom('Number', 'Number.float');
const snsNumberText = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('1', '-3.5', '1e9') },
  { weight: 1, arbitrary: fc.constantFrom(...NOT_NUMBERS) },
);
const snsMessageAttributes = map(
  mapKey(['kind', 'n', 'attr.1', 'ip']),
  choice(
    {
      weight: 3,
      gen: record({
        DataType: field(fc.constantFrom('String', 'String.Array'), snsDataType),
        StringValue: field(fc.constantFrom('order', 'x', '["a","b"]'), snsStringValue),
      }),
    },
    {
      weight: 2,
      gen: record({ DataType: field(snsNumberType, snsDataType), StringValue: field(snsNumberText, snsStringValue) }),
    },
    {
      weight: 1,
      gen: record({
        DataType: field(fc.constantFrom('Binary'), snsDataType),
        BinaryValue: field(fc.uint8Array({ minLength: 1, maxLength: 8 }), fc.string()),
      }),
    },
    {
      weight: 2,
      gen: {
        clean: fc.constant({ DataType: 'String', StringValue: 'order' }),
        messy: record({
          DataType: field(snsDataType),
          StringValue: optional(snsStringValue),
          BinaryValue: optional(fc.uint8Array({ maxLength: 8 }), fc.string()),
        }).messy,
      },
    },
    { weight: 1, gen: { clean: fc.constant({ DataType: 'Number', StringValue: '3' }), messy: wrongType } },
  ),
  { maxKeys: 4, tooMany: 12, cleanKeys: fc.constantFrom('kind', 'n', 'attr.1', 'ip') },
);

const message = field(
  fc.oneof(
    fc.constantFrom('hello', '{"kind":"order"}', '{"default":"d","sqs":"s"}', '{"default":{"a":1}}', '{"sqs":"only"}'),
    fc.string({ maxLength: 30 }),
    oddString, // SNS takes any text; whether the queues it delivers to take it is another matter
    deepJson,
  ),
  fc.oneof(badString, oversizeString),
);
const fifoId = fc.oneof(
  { weight: 5, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/) },
  { weight: 1, arbitrary: fc.constantFrom('', 'a'.repeat(129), 'é', 'g\u0000') },
);
const entryMembers = {
  Message: message,
  Subject: optional(
    fc.constantFrom('Hi', 'Subject line', 'x'.repeat(100), 'שלום \u{1F600}'),
    fc.oneof(fc.constantFrom('x'.repeat(101), ' lead', 'a\nb', ''), badString),
  ),
  MessageStructure: optional(fc.constant('json'), fc.oneof(fc.constantFrom('JSON', 'raw', ''), badString)),
  MessageAttributes: optional(snsMessageAttributes),
  MessageDeduplicationId: optional(fifoId),
  MessageGroupId: optional(fifoId),
};

// SMS and mobile push: phone numbers and tokens of every shape, attribute maps with odd and prototype-named keys.

const phoneNumber = field(
  fc.constantFrom('+15555550100', '+430000000000', '+4411111111', '15555550100', '+12025550199'),
  fc.oneof(
    badString,
    fc.constantFrom('+1a234', 'NAA+15551234567', 'invalid', '+', '+0123', '+1234567890123456', '555', '+1555555010x'),
    fc.constantFrom('+１５５５', '+1 555 555 0100', '+1-555-555-0100', '\u202E+15555550100', `+${'9'.repeat(400)}`),
  ),
);
const sandboxNumber = field(
  fc.constantFrom('+15555550100', '+15555550101', '123456789', '+9411223344667788990'),
  fc.oneof(
    badString,
    fc.constantFrom('invalid phone number', '1234567890', `+${'4'.repeat(44)}`, '+1234567', '0123456789'),
  ),
);
const oneTimePassword = field(
  fc.oneof(fc.stringMatching(/^[0-9]{6}$/), fc.constantFrom('123456', '00000', '12345678')),
  fc.oneof(badString, fc.constantFrom('12a', '1234', '123456789', '１２３４５６')),
);
const maxResults = (max: number) => optional(fc.integer({ min: 1, max }), numberAround(1, max));

const smsAttributeNames = [...SMS_ATTRIBUTE_NAMES, 'DefaultSendID'];
const smsAttributeValue = field(
  fc.constantFrom('1', '0', '100', '101', 'Promotional', 'Transactional', 'LSTest', 'testSenderID', '123456789', ''),
  badString,
);

const platforms = ['ADM', 'APNS', 'APNS_SANDBOX', 'GCM', 'BAIDU', 'WNS', 'MPNS', 'MACOS', 'APNS_VOIP'];
const applicationAttributeNames = [
  'PlatformCredential',
  'PlatformPrincipal',
  'EventEndpointCreated',
  'EventDeliveryFailure',
  'SuccessFeedbackRoleArn',
  'SuccessFeedbackSampleRate',
  'ApplePlatformTeamID',
  'Enabled',
];
const applicationAttributeValue = field(
  fc.constantFrom('secret', 'id', '50', '101', '-1', 'arn:aws:sns:us-east-1:000000000000:events', 'true'),
  badString,
);
const endpointAttributeNames = ['CustomUserData', 'Enabled', 'Token', 'PlatformPrincipal'];
const endpointAttributeValue = field(
  fc.constantFrom('data', 'true', 'false', 'FALSE', 'device-2', 'device-1', '', 'A'.repeat(2049)),
  fc.oneof(badString, fc.constantFrom('€'.repeat(683), 'yes')),
);
const token = field(
  fc.constantFrom('device-1', 'device-2', 'a'.repeat(64), 'APA91bETzEWr7i-1yUGWpgPsu'),
  fc.oneof(badString, fc.constantFrom('', ' ', 'ZZZZ', 'a'.repeat(5000))),
);
const applicationArn = field(ref('applicationArn'), fc.oneof(badString, ref('endpointArn'), ref('topicArn')), {
  valid: 12,
});
const endpointArn = field(ref('endpointArn'), fc.oneof(badString, ref('applicationArn'), ref('topicArn')), {
  valid: 12,
});
const attributeMap = (names: readonly string[], value: Gen) =>
  map(mapKey(names), value, { maxKeys: 3, cleanKeys: fc.constantFrom(...names) });

const commands = {
  CreateTopic: record({
    Name: field(
      fc.constantFrom(
        'events',
        'events.fifo',
        'quiet',
        'new-topic',
        'new.fifo',
        'a'.repeat(256),
        `${'b'.repeat(251)}.fifo`,
      ),
      badString,
    ),
    Attributes: optional(
      map(mapKey(topicAttributeNames), topicAttributeValue, {
        maxKeys: 3,
        cleanKeys: fc.constantFrom(...topicAttributeNames),
      }),
    ),
    Tags: optional(topicTags),
    DataProtectionPolicy: optional(dataProtectionPolicy, badString),
  }),
  DeleteTopic: record({ TopicArn: topicArn }),
  ListTopics: record({ NextToken: nextToken }),
  GetTopicAttributes: record({ TopicArn: topicArn }),
  SetTopicAttributes: record({
    TopicArn: topicArn,
    AttributeName: field(fc.constantFrom(...topicAttributeNames), badString),
    AttributeValue: optional(topicAttributeValue),
  }),
  TagResource: record({ ResourceArn: topicArn, Tags: field(topicTags) }),
  UntagResource: record({
    ResourceArn: topicArn,
    TagKeys: field(list(fc.oneof(fc.constantFrom('team', 'env', 'nope'), oddString), { maxLength: 3 })),
  }),
  ListTagsForResource: record({ ResourceArn: topicArn }),
  Subscribe: record({
    TopicArn: topicArn,
    Protocol: protocol,
    Endpoint: endpoint,
    Attributes: optional(
      map(mapKey(subscriptionAttributeNames), subscriptionAttributeValue, {
        maxKeys: 3,
        cleanKeys: fc.constantFrom(...subscriptionAttributeNames),
      }),
    ),
    ReturnSubscriptionArn: optional(fc.boolean()),
  }),
  ConfirmSubscription: record({
    TopicArn: topicArn,
    Token: field(ref('token'), badString),
    AuthenticateOnUnsubscribe: optional(fc.constantFrom('true', 'false'), badString),
  }),
  Unsubscribe: record({ SubscriptionArn: subscriptionArn }),
  GetSubscriptionAttributes: record({ SubscriptionArn: subscriptionArn }),
  SetSubscriptionAttributes: record({
    SubscriptionArn: subscriptionArn,
    AttributeName: field(fc.constantFrom(...subscriptionAttributeNames), badString),
    AttributeValue: optional(subscriptionAttributeValue),
  }),
  ListSubscriptions: record({ NextToken: nextToken }),
  ListSubscriptionsByTopic: record({ TopicArn: topicArn, NextToken: nextToken }),
  Publish: record({
    TopicArn: field(ref('topicArn'), fc.oneof(badString, ref('queueArn')), { valid: 10, absent: 3 }),
    TargetArn: optional(fc.oneof(ref('topicArn'), ref('endpointArn')), badString),
    PhoneNumber: optional(phoneNumber),
    ...entryMembers,
  }),
  AddPermission: record({
    TopicArn: topicArn,
    Label: field(
      fc.oneof(fc.constantFrom('perm1', 'perm2', '__default_statement_ID'), fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/)),
      badString,
    ),
    AWSAccountId: field(list(fc.constantFrom('111111111111', '000000000000', '123'), { maxLength: 3 })),
    ActionName: field(
      list(fc.constantFrom('Publish', 'Subscribe', 'Receive', 'DeleteTopic', 'InvalidAction', 'CreateTopic'), {
        maxLength: 3,
      }),
    ),
  }),
  RemovePermission: record({
    TopicArn: topicArn,
    Label: field(fc.constantFrom('perm1', 'perm2', '__default_statement_ID', 'nope'), badString),
  }),
  PublishBatch: record({
    TopicArn: topicArn,
    PublishBatchRequestEntries: field(
      list(
        record({
          Id: field(fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/), fc.constantFrom('', 'a'.repeat(81), 'a b')),
          ...entryMembers,
        }),
        {
          maxLength: 4,
          tooMany: 11,
        },
      ),
    ),
  }),
  SetSMSAttributes: record({ attributes: field(attributeMap(smsAttributeNames, smsAttributeValue)) }),
  GetSMSAttributes: record({
    attributes: optional(list(fc.oneof(fc.constantFrom(...smsAttributeNames), oddString), { maxLength: 3 })),
  }),
  CheckIfPhoneNumberIsOptedOut: record({ phoneNumber }),
  ListPhoneNumbersOptedOut: record({ nextToken }),
  OptInPhoneNumber: record({ phoneNumber }),
  GetSMSSandboxAccountStatus: record({}),
  CreateSMSSandboxPhoneNumber: record({
    PhoneNumber: sandboxNumber,
    LanguageCode: optional(fc.constantFrom('en-US', 'de-DE', 'zh-TW'), fc.oneof(badString, fc.constantFrom('en-us'))),
  }),
  VerifySMSSandboxPhoneNumber: record({ PhoneNumber: sandboxNumber, OneTimePassword: oneTimePassword }),
  DeleteSMSSandboxPhoneNumber: record({ PhoneNumber: sandboxNumber }),
  ListSMSSandboxPhoneNumbers: record({ NextToken: nextToken, MaxResults: maxResults(100) }),
  ListOriginationNumbers: record({ NextToken: nextToken, MaxResults: maxResults(30) }),
  CreatePlatformApplication: record({
    Name: field(
      fc.constantFrom('fuzz-app', 'fuzz-fcm', 'ios.app_1', 'new-app', 'x'.repeat(256)),
      fc.oneof(badString, fc.constantFrom('', '@name', 'a'.repeat(257), 'constructor', '__proto__')),
    ),
    Platform: field(fc.constantFrom(...platforms), fc.oneof(badString, fc.constantFrom('AAA', 'gcm', 'FCM', 'Baidu'))),
    Attributes: field(attributeMap(applicationAttributeNames, applicationAttributeValue)),
  }),
  GetPlatformApplicationAttributes: record({ PlatformApplicationArn: applicationArn }),
  SetPlatformApplicationAttributes: record({
    PlatformApplicationArn: applicationArn,
    Attributes: field(attributeMap(applicationAttributeNames, applicationAttributeValue)),
  }),
  ListPlatformApplications: record({ NextToken: nextToken }),
  DeletePlatformApplication: record({ PlatformApplicationArn: applicationArn }),
  CreatePlatformEndpoint: record({
    PlatformApplicationArn: applicationArn,
    Token: token,
    CustomUserData: optional(fc.constantFrom('data', 'other'), fc.oneof(badString, fc.constantFrom('B'.repeat(2049)))),
    Attributes: optional(attributeMap(endpointAttributeNames, endpointAttributeValue)),
  }),
  GetEndpointAttributes: record({ EndpointArn: endpointArn }),
  SetEndpointAttributes: record({
    EndpointArn: endpointArn,
    Attributes: field(attributeMap(endpointAttributeNames, endpointAttributeValue)),
  }),
  ListEndpointsByPlatformApplication: record({ PlatformApplicationArn: applicationArn, NextToken: nextToken }),
  DeleteEndpoint: record({ EndpointArn: endpointArn }),
  PutDataProtectionPolicy: record({
    ResourceArn: topicArn,
    DataProtectionPolicy: field(dataProtectionPolicy, badString),
  }),
  GetDataProtectionPolicy: record({ ResourceArn: topicArn }),
};

export const snsInputs: Readonly<Record<string, fc.Arbitrary<Record<string, unknown>>>> = Object.fromEntries(
  Object.entries(commands).map(([name, gen]) => [name, gen.input]),
);

/** Input for a command the emulation does not answer: any record of members. */
export const genericInput: fc.Arbitrary<Record<string, unknown>> = fc
  .dictionary(
    mapKey(['TopicArn', 'PhoneNumber', 'Name', 'Attributes', 'NextToken']),
    fc.oneof(wrongType, badString, numberAround(0, 10)),
    { maxKeys: 4 },
  )
  .map((input) => ({ ...input }));
