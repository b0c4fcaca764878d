import fc from 'fast-check';
import {
  badString,
  choice,
  deepJson,
  field,
  list,
  map,
  mapKey,
  numberAround,
  numericText,
  oddString,
  optional,
  oversizeString,
  record,
  wrongJsonType,
  wrongType,
  type Gen,
} from './values.js';
import { NOT_NUMBERS } from './refusals.js';
import { Ref, type RefKind } from './world.js';

/**
 * One fast-check arbitrary per SQS command, from the members of its `*CommandInput`
 * (node_modules/@aws-sdk/client-sqs/dist-types/commands/*.d.ts), written out by hand.
 */

/** Mostly one of the real values of `kind` (the latest likeliest), sometimes a look-alike. */
export const ref = (kind: RefKind): fc.Arbitrary<Ref> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.nat({ max: 3 }).map((index) => new Ref(kind, index)) },
    { weight: 2, arbitrary: fc.nat({ max: 40 }).map((index) => new Ref(kind, index)) },
    { weight: 1, arbitrary: fc.nat({ max: 40 }).map((index) => new Ref(kind, index, false)) },
  );

// ---------------------------------------------------------------------------------------------------------------
// Members shared by several commands

const queueUrl = field(ref('queueUrl'), fc.oneof(badString, ref('queueArn'), ref('queueName')), { valid: 14 });
const queueArn = field(ref('queueArn'), fc.oneof(badString, ref('queueUrl')));
/** A real handle, now and then one forged from a real one (World.forge), which AWS would refuse. */
const receiptHandle = field(
  fc.oneof(
    { weight: 5, arbitrary: ref('receiptHandle') },
    { weight: 2, arbitrary: fc.nat({ max: 60 }).map((index) => new Ref('forgedReceiptHandle', index)) },
  ),
  fc.oneof(badString, ref('taskHandle')),
  { valid: 12 },
);
const nextToken = optional(fc.constantFrom('eyJhZnRlciI6InN0ZCJ9', 'eyJhZnRlciI6MX0=', 'bnVsbA=='), badString);
const maxResults = optional(numberAround(1, 1000), numericText(1, 1000));

const accountId = fc.oneof(fc.constantFrom('000000000000', '111111111111', '123'), fc.stringMatching(/^\d{12}$/));
const batchId = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', 'a'.repeat(80), 'a'.repeat(81), 'a b', 'é', '__proto__', 'constructor', 'a.b'),
  },
);
const fifoId = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z0-9!#$%&()*+,.:;=?@^_`{|}~-]{1,10}$/) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', 'a'.repeat(128), 'a'.repeat(129), 'é', 'g\u0000', 'g\uD800') },
);

// ---------------------------------------------------------------------------------------------------------------
// Queue attributes (CreateQueue, SetQueueAttributes, GetQueueAttributes)

const ATTRIBUTE_NAMES = [
  'DelaySeconds',
  'MaximumMessageSize',
  'MessageRetentionPeriod',
  'ReceiveMessageWaitTimeSeconds',
  'VisibilityTimeout',
  'KmsDataKeyReusePeriodSeconds',
  'Policy',
  'RedrivePolicy',
  'RedriveAllowPolicy',
  'KmsMasterKeyId',
  'SqsManagedSseEnabled',
  'FifoQueue',
  'ContentBasedDeduplication',
  'DeduplicationScope',
  'FifoThroughputLimit',
];
const READ_ONLY_NAMES = [
  'All',
  'QueueArn',
  'ApproximateNumberOfMessages',
  'ApproximateNumberOfMessagesNotVisible',
  'ApproximateNumberOfMessagesDelayed',
  'CreatedTimestamp',
  'LastModifiedTimestamp',
];

const redrivePolicyText = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(
        'arn:aws:sqs:us-east-1:000000000000:dlq',
        'arn:aws:sqs:us-east-1:000000000000:dlq.fifo',
        'arn:aws:sqs:us-east-1:000000000000:std',
        'arn:aws:sqs:us-east-1:000000000000:missing',
        'arn:aws:sns:us-east-1:000000000000:events',
        'dummy',
        '',
      ),
      fc.oneof(numberAround(1, 1000), numericText(1, 1000), wrongJsonType),
    )
    .map(([deadLetterTargetArn, maxReceiveCount]) => JSON.stringify({ deadLetterTargetArn, maxReceiveCount }) ?? ''),
  fc.constantFrom(
    '',
    '{}',
    '[]',
    'null',
    '{"maxReceiveCount":1}',
    '{"deadLetterTargetArn":"x","maxReceiveCount":1,"extra":1}',
    '{',
    '"x"',
  ),
);
const redriveAllowText = fc.oneof(
  fc
    .record({
      redrivePermission: fc.constantFrom('allowAll', 'denyAll', 'byQueue', 'other'),
      sourceQueueArns: fc.option(
        fc.array(fc.constantFrom('arn:aws:sqs:us-east-1:000000000000:std', 'x'), { maxLength: 12 }),
      ),
    })
    .map((policy) => JSON.stringify(policy)),
  fc.constantFrom('', '{}', '[]', '{"redrivePermission":"byQueue","sourceQueueArns":[]}', 'nope'),
);
const policyText = fc.oneof(
  fc.constantFrom(
    '',
    '{}',
    '{"Version":"2012-10-17","Statement":[]}',
    '{"Statement":{"Sid":"perm1"}}',
    '[]',
    'not json',
    '{"Statement":[1]}',
    `{"Sid":"${'s'.repeat(8200)}"}`,
  ),
  deepJson,
);

const attributeValue = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '0',
      '1',
      '20',
      '30',
      '60',
      '900',
      '1024',
      '86400',
      '1048576',
      '1209600',
      'true',
      'false',
      'TRUE',
      'queue',
      'messageGroup',
      'perQueue',
      'perMessageGroupId',
      'alias/x',
    ),
  },
  { weight: 2, arbitrary: numericText(0, 1_300_000) },
  { weight: 2, arbitrary: redrivePolicyText },
  { weight: 1, arbitrary: redriveAllowText },
  { weight: 1, arbitrary: policyText },
  { weight: 1, arbitrary: numberAround(0, 1_300_000) },
  { weight: 1, arbitrary: badString },
  { weight: 1, arbitrary: fc.boolean() },
);
const queueAttributes = map(mapKey(ATTRIBUTE_NAMES), attributeValue, {
  maxKeys: 5,
  tooMany: 6,
  cleanKeys: fc.constantFrom(...ATTRIBUTE_NAMES),
});
const attributeNames = list(fc.constantFrom(...ATTRIBUTE_NAMES, ...READ_ONLY_NAMES, 'Bogus', '', 'all'), {
  maxLength: 6,
  tooMany: 30,
});

const tags = map(
  fc.oneof(fc.constantFrom('team', 'env', 'owner', 'aws:x', ''), mapKey()),
  {
    clean: fc.constantFrom('fuzz', '', 'v'.repeat(256)),
    messy: fc.oneof(fc.constantFrom('fuzz', '', 'v'.repeat(256), 'v'.repeat(257)), oddString),
  },
  { maxKeys: 4, tooMany: 51, cleanKeys: fc.constantFrom('team', 'env', 'owner') },
);

// ---------------------------------------------------------------------------------------------------------------
// Messages (SendMessage, SendMessageBatch entries)

const bytes = fc.oneof(fc.uint8Array({ maxLength: 16 }), fc.constant(new Uint8Array(0)));
const dataType = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('String', 'Number', 'Binary', 'String.custom', 'Number.int', 'Binary.jpeg') },
  { weight: 1, arbitrary: fc.constantFrom('', 'string', 'Str', 'String.', 'Boolean', `String.${'x'.repeat(260)}`) },
  { weight: 1, arbitrary: oddString },
);
const stringValue = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'x',
      '1',
      '-1.5e3',
      '0',
      '1e126',
      '1e127',
      '-1e128',
      '-1e129',
      `1${'0'.repeat(40)}`,
      '12345678901234567890123456789012345678',
      '123456789012345678901234567890123456789',
      '0x10',
      'NaN',
      ' 1',
      '.5',
      '5.',
    ),
  },
  { weight: 3, arbitrary: oddString },
  { weight: 1, arbitrary: oversizeString },
);
/** A Number attribute's text: mostly a number, now and then text AWS refuses as one (refusals.ts). */
const numberText = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('1', '-1.5e3', '0') },
  { weight: 1, arbitrary: fc.constantFrom(...NOT_NUMBERS) },
);
const messageAttributeValue = choice(
  {
    weight: 8,
    gen: choice(
      {
        weight: 2,
        gen: record({
          DataType: field(fc.constantFrom('String', 'String.custom')),
          StringValue: field(fc.constantFrom('order', 'x', 'שלום', '\u{1F600}'), stringValue),
        }),
      },
      {
        weight: 2,
        gen: record({
          DataType: field(fc.constantFrom('Number', 'Number.int')),
          StringValue: field(numberText, stringValue),
        }),
      },
      {
        weight: 1,
        gen: record({
          DataType: field(fc.constantFrom('Binary', 'Binary.jpeg')),
          BinaryValue: field(fc.uint8Array({ minLength: 1, maxLength: 8 }), fc.oneof(bytes, fc.string())),
        }),
      },
    ),
  },
  {
    weight: 2,
    gen: {
      clean: fc.constant({ DataType: 'String', StringValue: 'x' }),
      messy: record({
        DataType: field(dataType),
        StringValue: optional(stringValue),
        BinaryValue: optional(bytes, fc.string()),
      }).messy,
    },
  },
  {
    weight: 1,
    gen: {
      clean: fc.constant({ DataType: 'Number', StringValue: '2' }),
      messy: record({
        DataType: field(dataType),
        StringListValues: field(fc.array(fc.string(), { maxLength: 2 })),
        BinaryListValues: optional(fc.array(bytes, { maxLength: 2 })),
      }).messy,
    },
  },
  {
    weight: 1,
    gen: { clean: fc.constant({ DataType: 'Binary', BinaryValue: new Uint8Array([7]) }), messy: wrongType },
  },
);
const messageAttributes = map(mapKey(['kind', 'n', 'attr.1', 'b_2', 'x-y']), messageAttributeValue, {
  maxKeys: 4,
  tooMany: 11,
  cleanKeys: fc.constantFrom('kind', 'n', 'attr.1', 'b_2', 'x-y'),
});
const systemAttributes = map(
  fc.constantFrom('AWSTraceHeader', 'AWSTraceHeader', 'Other', ''),
  choice(
    {
      weight: 4,
      gen: record({
        DataType: field(fc.constantFrom('String'), fc.constantFrom('Number', 'Binary')),
        StringValue: field(fc.constantFrom('Root=1-5759e988-bd862e3fe1be46a994272793;Sampled=1'), stringValue),
      }),
    },
    { weight: 1, gen: { clean: fc.constant({ DataType: 'String', StringValue: 'Root=1' }), messy: wrongType } },
  ),
  { maxKeys: 1, tooMany: 2, cleanKeys: fc.constant('AWSTraceHeader') },
);
const messageBody = field(
  fc.oneof(
    fc.constantFrom('hello', '{"orderId":7}', 'x'),
    fc.string({ minLength: 1, maxLength: 30 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }),
  ),
  fc.oneof(badString, oversizeString),
);
const messageMembers = {
  MessageBody: messageBody,
  DelaySeconds: optional(numberAround(0, 900), numericText(0, 900)),
  MessageAttributes: optional(messageAttributes),
  MessageSystemAttributes: optional(systemAttributes),
  MessageDeduplicationId: optional(fifoId),
  MessageGroupId: optional(fifoId),
};

const batchEntries = (entry: Gen) => list(entry, { maxLength: 4, tooMany: 11 });

// ---------------------------------------------------------------------------------------------------------------
// The commands

const commands = {
  CreateQueue: record({
    QueueName: field(ref('queueName'), fc.oneof(badString, ref('queueUrl'))),
    Attributes: optional(queueAttributes),
    tags: optional(tags),
  }),
  DeleteQueue: record({ QueueUrl: queueUrl }),
  GetQueueUrl: record({
    QueueName: field(ref('queueName'), badString),
    QueueOwnerAWSAccountId: optional(accountId, badString),
  }),
  ListQueues: record({
    QueueNamePrefix: optional(fc.constantFrom('', 's', 'std', 'fifo', 'dlq', 'fresh'), badString),
    NextToken: nextToken,
    MaxResults: maxResults,
  }),
  GetQueueAttributes: record({ QueueUrl: queueUrl, AttributeNames: optional(attributeNames) }),
  SetQueueAttributes: record({ QueueUrl: queueUrl, Attributes: field(queueAttributes) }),
  SendMessage: record({ QueueUrl: queueUrl, ...messageMembers }),
  SendMessageBatch: record({
    QueueUrl: queueUrl,
    Entries: field(batchEntries(record({ Id: field(batchId), ...messageMembers }))),
  }),
  ReceiveMessage: record({
    QueueUrl: queueUrl,
    AttributeNames: optional(
      list(fc.constantFrom('All', 'SenderId', 'ApproximateReceiveCount', 'Bogus', 'SequenceNumber'), { maxLength: 3 }),
    ),
    MessageSystemAttributeNames: optional(
      list(fc.constantFrom('All', 'AWSTraceHeader', 'MessageGroupId', 'x'), { maxLength: 3 }),
    ),
    MessageAttributeNames: optional(
      list(fc.oneof(fc.constantFrom('All', '*', '.*', 'kind', 'k.*', ''), oddString), { maxLength: 3 }),
    ),
    MaxNumberOfMessages: optional(numberAround(1, 10), numericText(1, 10)),
    VisibilityTimeout: optional(numberAround(0, 43_200), numericText(0, 43_200)),
    WaitTimeSeconds: optional(numberAround(0, 20), numericText(0, 20)),
    ReceiveRequestAttemptId: optional(fifoId),
  }),
  DeleteMessage: record({ QueueUrl: queueUrl, ReceiptHandle: receiptHandle }),
  DeleteMessageBatch: record({
    QueueUrl: queueUrl,
    Entries: field(batchEntries(record({ Id: field(batchId), ReceiptHandle: receiptHandle }))),
  }),
  ChangeMessageVisibility: record({
    QueueUrl: queueUrl,
    ReceiptHandle: receiptHandle,
    VisibilityTimeout: field(numberAround(0, 43_200), numericText(0, 43_200)),
  }),
  ChangeMessageVisibilityBatch: record({
    QueueUrl: queueUrl,
    Entries: field(
      batchEntries(
        record({
          Id: field(batchId),
          ReceiptHandle: receiptHandle,
          VisibilityTimeout: field(numberAround(0, 43_200), numericText(0, 43_200)),
        }),
      ),
    ),
  }),
  PurgeQueue: record({ QueueUrl: queueUrl }),
  ListDeadLetterSourceQueues: record({ QueueUrl: queueUrl, NextToken: nextToken, MaxResults: maxResults }),
  TagQueue: record({ QueueUrl: queueUrl, Tags: field(tags) }),
  UntagQueue: record({
    QueueUrl: queueUrl,
    TagKeys: field(list(fc.oneof(fc.constantFrom('team', 'env', 'nope'), oddString), { maxLength: 3 })),
  }),
  ListQueueTags: record({ QueueUrl: queueUrl }),
  AddPermission: record({
    QueueUrl: queueUrl,
    Label: field(
      fc.oneof(fc.constantFrom('perm1', 'perm2', 'p-3'), fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/)),
      badString,
    ),
    AWSAccountIds: field(list(accountId, { maxLength: 3 })),
    Actions: field(
      list(
        fc.constantFrom(
          'SendMessage',
          'ReceiveMessage',
          '*',
          'DeleteQueue',
          'Bogus',
          'SendMessageBatch',
          'GetQueueUrl',
        ),
        { maxLength: 3, tooMany: 8 },
      ),
    ),
  }),
  RemovePermission: record({ QueueUrl: queueUrl, Label: field(fc.constantFrom('perm1', 'perm2', 'nope'), badString) }),
  StartMessageMoveTask: record({
    SourceArn: queueArn,
    DestinationArn: optional(ref('queueArn'), badString),
    MaxNumberOfMessagesPerSecond: optional(numberAround(1, 500), numericText(1, 500)),
  }),
  ListMessageMoveTasks: record({ SourceArn: queueArn, MaxResults: optional(numberAround(1, 10), numericText(1, 10)) }),
  CancelMessageMoveTask: record({ TaskHandle: field(ref('taskHandle'), badString) }),
};

export const sqsInputs: Readonly<Record<string, fc.Arbitrary<Record<string, unknown>>>> = Object.fromEntries(
  Object.entries(commands).map(([name, gen]) => [name, gen.input]),
);
