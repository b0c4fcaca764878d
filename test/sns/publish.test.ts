import {
  BatchEntryIdsNotDistinctException,
  BatchRequestTooLongException,
  CreateTopicCommand,
  EmptyBatchRequestException,
  InvalidBatchEntryIdException,
  InvalidParameterValueException,
  PublishBatchCommand,
  PublishCommand,
  SNSServiceException,
  SubscribeCommand,
  TooManyEntriesInBatchRequestException,
  type PublishBatchRequestEntry,
  type PublishCommandInput,
  type SNSClient,
} from '@aws-sdk/client-sns';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import { rejectionOf } from '../helpers.js';
import { counts, createQueue, queueArn, T0 } from '../sqs/message-support.js';
import { expectInvalidParameter, expectNotFound, snsSetup } from './sns-support.js';

/** SNS MessageIds are lower-case UUIDs with version digit 5, as real ones are. */
const SNS_MESSAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const MAX = 262_144;

let aws: AwsMock;
let sns: SNSClient;
let sqs: SQSClient;
let topicArn: string;
let fifoTopicArn: string;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  ({ aws, sns, sqs } = snsSetup());
  topicArn = (await sns.send(new CreateTopicCommand({ Name: 'orders' }))).TopicArn!;
  fifoTopicArn = (await sns.send(new CreateTopicCommand({ Name: 'orders.fifo', Attributes: { FifoTopic: 'true' } })))
    .TopicArn!;
});
afterEach(() => vi.useRealTimers());

function publish(input: Record<string, unknown>) {
  return sns.send(new PublishCommand({ TopicArn: topicArn, Message: 'hello', ...input } as PublishCommandInput));
}

function publishBatch(entries: unknown[], arn = topicArn) {
  return sns.send(
    new PublishBatchCommand({ TopicArn: arn, PublishBatchRequestEntries: entries as PublishBatchRequestEntry[] }),
  );
}

type ErrorClass = abstract new (...args: never[]) => Error;

/** The SDK class, the query code, the HTTP status and the exact text. */
async function expectSnsError(
  promise: Promise<unknown>,
  Class: ErrorClass,
  code: string,
  message: string,
  status = 400,
): Promise<void> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(Class);
  expect({
    code: error['Code'],
    status: (error['$metadata'] as { httpStatusCode?: number }).httpStatusCode,
    message: error.message,
  }).toEqual({
    code,
    status,
    message,
  });
}

async function expectParameterValueInvalid(promise: Promise<unknown>, message: string): Promise<void> {
  await expectSnsError(promise, InvalidParameterValueException, 'ParameterValueInvalid', message);
}

/** ValidationError has no modelled class: the SDK's base class, named by the code [V]. */
async function expectValidationError(promise: Promise<unknown>, message: string): Promise<void> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(SNSServiceException);
  expect(error.name).toBe('ValidationError');
  await expectSnsError(Promise.reject(error), SNSServiceException, 'ValidationError', message);
}

function publishedCount(name = 'orders'): number {
  return aws.sns.topic(name).published().length;
}

describe('Publish output', () => {
  it('answers a MessageId only on a standard topic', async () => {
    const { $metadata, ...output } = await publish({});
    expect(output).toStrictEqual({ MessageId: expect.stringMatching(SNS_MESSAGE_ID) });
  });

  it('succeeds on a topic without subscribers and records the message', async () => {
    const { MessageId } = await publish({ Message: 'nobody listens' });
    const [published] = aws.sns.topic('orders').published();
    expect(published).toMatchObject({ messageId: MessageId, message: 'nobody listens', deliveries: [] });
    expect(published!.publishedAt).toEqual(new Date(T0));
  });

  it('answers a strictly increasing 20-digit SequenceNumber on a FIFO topic', async () => {
    const first = await publish({ TopicArn: fifoTopicArn, MessageGroupId: 'g', MessageDeduplicationId: 'a' });
    const second = await publish({ TopicArn: fifoTopicArn, MessageGroupId: 'h', MessageDeduplicationId: 'b' });
    const { $metadata, ...output } = first;
    expect(output).toStrictEqual({
      MessageId: expect.stringMatching(SNS_MESSAGE_ID),
      SequenceNumber: expect.stringMatching(/^\d{20}$/),
    });
    expect(BigInt(second.SequenceNumber!)).toBeGreaterThan(BigInt(first.SequenceNumber!));
    // Real FIFO topics start at …3000 and count in steps of 1000.
    expect([first.SequenceNumber, second.SequenceNumber]).toEqual(['10000000000000003000', '10000000000000004000']);
  });

  it('takes TargetArn as an alias of TopicArn', async () => {
    const { MessageId } = await sns.send(new PublishCommand({ TargetArn: topicArn, Message: 'via target' }));
    expect(aws.sns.topic('orders').published()[0]!.messageId).toBe(MessageId);
  });
});

describe('Publish destination', () => {
  it('needs TopicArn, TargetArn or PhoneNumber', async () => {
    await expectInvalidParameter(
      sns.send(new PublishCommand({ Message: 'x' })),
      'Invalid parameter: TopicArn or TargetArn Reason: no value for required parameter',
    );
  });

  it.each([
    ['randomstring', 1],
    ['randomstring:1', 2],
    ['', 1],
  ])('refuses the malformed ARN %j', async (arn, parts) => {
    await expectInvalidParameter(
      publish({ TopicArn: arn }),
      `Invalid parameter: TopicArn Reason: An ARN must have at least 6 elements, not ${parts}`,
    );
  });

  it('refuses a topic of another region', async () => {
    await expectInvalidParameter(
      publish({ TopicArn: topicArn.replace('us-east-1', 'eu-west-1') }),
      'Invalid parameter: TopicArn',
    );
  });

  it('answers NotFound for a topic that does not exist', async () => {
    await expectNotFound(publish({ TopicArn: `${topicArn}-fake` }), 'Topic does not exist');
  });

  it('finds no platform endpoint for a TargetArn', async () => {
    await expectInvalidParameter(
      sns.send(
        new PublishCommand({
          TargetArn: 'arn:aws:sns:us-east-1:000000000000:endpoint/APNS/app/0f7d5971-aa8b-4bd5-b585-0826e9f93a66',
          Message: 'x',
        }),
      ),
      'Invalid parameter: TargetArn Reason: No endpoint found for the target arn specified',
    );
  });

  it.each(['+1a234', 'NAA+15551234567'])('refuses the phone number %s', async (number) => {
    await expectInvalidParameter(
      sns.send(new PublishCommand({ PhoneNumber: number, Message: 'x' })),
      `Invalid parameter: PhoneNumber Reason: ${number} is not valid to publish to`,
    );
  });

  it('records an SMS, never sending it (test/sns/sms.test.ts has the rest)', async () => {
    const { MessageId } = await sns.send(new PublishCommand({ PhoneNumber: '+33000000000', Message: 'x' }));
    expect(aws.sns.sms()).toMatchObject([{ messageId: MessageId, phoneNumber: '+33000000000', message: 'x' }]);
  });
});

describe('Publish message checks', () => {
  it('refuses an empty Subject', async () => {
    await expectInvalidParameter(publish({ Subject: '' }), 'Invalid parameter: Subject');
  });

  it.each([
    ['a line break', 'line\nbreak'],
    ['a control character', 'bell\u0007'],
    ['101 characters', 'a'.repeat(101)],
    ['a leading space', ' subject'],
    ['a character beyond ASCII', 'Grüße'],
  ])('refuses a Subject with %s (text not recorded)', async (_case, subject) => {
    await expectInvalidParameter(publish({ Subject: subject }), 'Invalid parameter: Subject');
  });

  it('accepts a Subject of 100 characters and punctuation first', async () => {
    await publish({ Subject: 'a'.repeat(100) });
    await publish({ Subject: '[Subject] Test subject' });
    expect(publishedCount()).toBe(2);
  });

  it('refuses an empty Message and delivers nothing', async () => {
    const queueUrl = await createQueue(sqs, 'q');
    await sns.send(
      new SubscribeCommand({ TopicArn: topicArn, Protocol: 'sqs', Endpoint: await queueArn(sqs, queueUrl) }),
    );
    await expectInvalidParameter(publish({ Message: '' }), 'Invalid parameter: Empty message');
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
    expect(publishedCount()).toBe(0);
  });

  it('reports a missing Message as the request framework does', async () => {
    await expectValidationError(
      sns.send(new PublishCommand({ TopicArn: topicArn } as PublishCommandInput)),
      "1 validation error detected: Value null at 'message' failed to satisfy constraint: Member must not be null",
    );
  });
});

/** AWS's recorded texts for malformed attributes (LocalStack snapshot, recorded against AWS 2024-11). */
const ATTRIBUTE_ERRORS: Array<[string, Record<string, unknown>, string]> = [
  [
    'an empty string',
    { attr1: { DataType: 'String', StringValue: '' } },
    "The message attribute 'attr1' must contain non-empty message attribute value for message attribute type 'String'.",
  ],
  [
    'no value at all',
    { attr1: { DataType: 'String' } },
    "The message attribute 'attr1' must contain non-empty message attribute value for message attribute type 'String'.",
  ],
  [
    'empty bytes',
    { attr1: { DataType: 'Binary', BinaryValue: new Uint8Array() } },
    "The message attribute 'attr1' must contain non-empty message attribute value for message attribute type 'Binary'.",
  ],
  [
    'a String with bytes',
    { attr1: { DataType: 'String', BinaryValue: Uint8Array.of(1, 2, 3) } },
    "The message attribute 'attr1' with type 'String' must use field 'String'.",
  ],
  [
    'a Number with bytes',
    { attr1: { DataType: 'Number', BinaryValue: Uint8Array.of(1, 2, 3) } },
    "The message attribute 'attr1' with type 'Number' must use field 'String'.",
  ],
  [
    'a Binary with a string',
    { attr1: { DataType: 'Binary', StringValue: '123' } },
    "The message attribute 'attr1' with type 'Binary' must use field 'Binary'.",
  ],
  [
    'an unknown type',
    { attr1: { DataType: 'InvalidType', StringValue: '123' } },
    "The message attribute 'attr1' has an invalid message attribute type, the set of supported type prefixes is Binary, Number, and String.",
  ],
  [
    'a type ending in a dot',
    { attr1: { DataType: 'String.', StringValue: 'x' } },
    "The message attribute 'attr1' has an invalid message attribute type, the set of supported type prefixes is Binary, Number, and String.",
  ],
  [
    'a type without its dot',
    { attr1: { DataType: 'Stringprefixed', StringValue: 'x' } },
    "The message attribute 'attr1' has an invalid message attribute type, the set of supported type prefixes is Binary, Number, and String.",
  ],
  [
    'a 257-byte name',
    { ['a'.repeat(257)]: { DataType: 'String', StringValue: '123' } },
    'Length of message attribute name must be less than 256 bytes.',
  ],
  [
    'a 256-byte name',
    { ['a'.repeat(256)]: { DataType: 'String', StringValue: '123' } },
    'Length of message attribute name must be less than 256 bytes.',
  ],
  [
    'a bad character',
    { 'a^*?': { DataType: 'String', StringValue: '123' } },
    "Invalid non-alphanumeric character '#x5E' was found in the message attribute name. Can only include alphanumeric characters, hyphens, underscores, or dots.",
  ],
  [
    'a leading dot',
    { '.abc': { DataType: 'String', StringValue: '123' } },
    "Invalid message attribute name starting with character '.' was found.",
  ],
  [
    'a trailing dot',
    { 'abc.': { DataType: 'String', StringValue: '123' } },
    "Invalid message attribute name ending with character '.' was found.",
  ],
  [
    'successive dots',
    { 'a..bc': { DataType: 'String', StringValue: '123' } },
    "Message attribute name can not have successive '.' character.",
  ],
];

describe('Publish message attributes', () => {
  it.each(ATTRIBUTE_ERRORS)('refuses %s', async (_case, attributes, message) => {
    await expectParameterValueInvalid(publish({ MessageAttributes: attributes }), message);
  });

  it.each(ATTRIBUTE_ERRORS)(
    'refuses %s in a batch entry, failing the whole batch',
    async (_case, attributes, message) => {
      await expectParameterValueInvalid(
        publishBatch([
          { Id: '1', Message: 'test-batch', MessageAttributes: attributes },
          { Id: '3', Message: 'valid-batch' },
        ]),
        message,
      );
      expect(publishedCount()).toBe(0);
    },
  );

  it('reports a missing DataType as the request framework does, with the batch path in a batch', async () => {
    const attributes = { attr1: { StringValue: 'value' } };
    await expectValidationError(
      publish({ MessageAttributes: attributes }),
      "1 validation error detected: Value null at 'messageAttributes.attr1.member.dataType' failed to satisfy constraint: Member must not be null",
    );
    await expectValidationError(
      publishBatch([
        { Id: '1', Message: 'test-batch', MessageAttributes: attributes },
        { Id: '3', Message: 'valid-batch' },
      ]),
      "1 validation error detected: Value null at 'publishBatchRequestEntries.1.member.messageAttributes.attr1.member.dataType' failed to satisfy constraint: Member must not be null",
    );
  });

  it('names the first bad character by its code point, and takes letters of any script', async () => {
    await expectParameterValueInvalid(
      publish({ MessageAttributes: { 'ok-name_1.x y': { DataType: 'String', StringValue: 'v' } } }),
      "Invalid non-alphanumeric character '#x20' was found in the message attribute name. Can only include alphanumeric characters, hyphens, underscores, or dots.",
    );
    await publish({ MessageAttributes: { 'attr.1øßä': { DataType: 'String', StringValue: 'v' } } });
  });

  it('accepts custom types with a label after the dot', async () => {
    await publish({ MessageAttributes: { attr1: { DataType: 'String.prefixed', StringValue: 'prefixed-1' } } });
    await publish({ MessageAttributes: { attr1: { DataType: 'String.  prefixed.', StringValue: 'prefixed-1' } } });
    await publish({ MessageAttributes: { attr1: { DataType: 'Binary.jpeg', BinaryValue: Uint8Array.of(1) } } });
    expect(publishedCount()).toBe(3);
  });

  it.each(['abc', 'NaN', 'Infinity', '0x10', ' 1', '1e', '1e400', '1'.repeat(39)])(
    'refuses a Number attribute %j, on Publish and in a batch, and delivers nothing',
    async (value) => {
      const queueUrl = await createQueue(sqs, 'numbers');
      await sns.send(
        new SubscribeCommand({ TopicArn: topicArn, Protocol: 'sqs', Endpoint: await queueArn(sqs, queueUrl) }),
      );
      const text = "Could not cast message attribute 'price' value to number.";
      await expectParameterValueInvalid(
        publish({ MessageAttributes: { price: { DataType: 'Number', StringValue: value } } }),
        text,
      );
      await expectParameterValueInvalid(
        publishBatch([
          { Id: '1', Message: 'fine' },
          { Id: '2', Message: 'bad', MessageAttributes: { price: { DataType: 'Number.usd', StringValue: value } } },
        ]),
        text,
      );
      expect(publishedCount()).toBe(0);
      expect((await counts(sqs, queueUrl)).visible).toBe(0);
    },
  );

  it('takes the numbers a queue takes: signs, fractions, exponents, 38 digits', async () => {
    const values = ['-1', '+2.5', '.5', '5.', '3.015e2', '1E-5', '0.000', '1'.repeat(38), '1e126', '-1e128'];
    await publish({
      MessageAttributes: Object.fromEntries(values.map((v, i) => [`n${i}`, { DataType: 'Number', StringValue: v }])),
    });
    expect(publishedCount()).toBe(1);
  });

  it('has no limit of ten attributes', async () => {
    const attributes = Object.fromEntries(
      Array.from({ length: 11 }, (_, i) => [`a${i}`, { DataType: 'Number', StringValue: String(i) }]),
    );
    await publish({ MessageAttributes: attributes });
    expect(Object.keys(aws.sns.topic('orders').published()[0]!.messageAttributes)).toHaveLength(11);
  });
});

describe('Publish size', () => {
  it('counts the body in UTF-8 bytes: 262,144 pass and one more fails', async () => {
    await publish({ Message: 'a'.repeat(MAX - 2) + 'é' });
    await expectInvalidParameter(
      publish({ Message: 'a'.repeat(MAX - 1) + 'é' }),
      'Invalid parameter: Message too long',
    );
  });

  it('counts attribute names, types and values too', async () => {
    // attr1 + Number + 1 = 12 bytes, as in AWS's own boundary test.
    const attributes = { attr1: { DataType: 'Number', StringValue: '1' } };
    await expectInvalidParameter(
      publish({ Message: 'a'.repeat(MAX - 12 + 1), MessageAttributes: attributes }),
      'Invalid parameter: Message too long',
    );
    await publish({ Message: 'a'.repeat(MAX - 12), MessageAttributes: attributes });
    // Binary values count their bytes: bin + Binary + 4 bytes = 13.
    const binary = { bin: { DataType: 'Binary', BinaryValue: Uint8Array.of(1, 2, 3, 4) } };
    await expectInvalidParameter(
      publish({ Message: 'a'.repeat(MAX - 13 + 1), MessageAttributes: binary }),
      'Invalid parameter: Message too long',
    );
    await publish({ Message: 'a'.repeat(MAX - 13), MessageAttributes: binary });
  });
});

describe('Publish FIFO and standard rules', () => {
  it('requires MessageGroupId on a FIFO topic', async () => {
    await expectInvalidParameter(
      publish({ TopicArn: fifoTopicArn }),
      'Invalid parameter: The MessageGroupId parameter is required for FIFO topics',
    );
  });

  it('requires a deduplication id without ContentBasedDeduplication', async () => {
    await expectInvalidParameter(
      publish({ TopicArn: fifoTopicArn, MessageGroupId: 'g' }),
      'Invalid parameter: The topic should either have ContentBasedDeduplication enabled or MessageDeduplicationId provided explicitly',
    );
  });

  it('takes no deduplication id with ContentBasedDeduplication', async () => {
    const arn = (
      await sns.send(
        new CreateTopicCommand({
          Name: 'cbd.fifo',
          Attributes: { FifoTopic: 'true', ContentBasedDeduplication: 'true' },
        }),
      )
    ).TopicArn!;
    const { SequenceNumber } = await publish({ TopicArn: arn, MessageGroupId: 'g' });
    expect(SequenceNumber).toMatch(/^\d{20}$/);
    // The id the topic deduplicates on is the SHA-256 of the Message.
    expect(aws.sns.topic('cbd.fifo').published()[0]!.messageDeduplicationId).toBe(
      createHash('sha256').update('hello').digest('hex'),
    );
  });

  it('refuses MessageDeduplicationId on a standard topic', async () => {
    await expectInvalidParameter(
      publish({ MessageDeduplicationId: 'd' }),
      'Invalid parameter: MessageDeduplicationId Reason: The request includes MessageDeduplicationId parameter that is not valid for this topic type',
    );
  });

  it('accepts MessageGroupId on a standard topic', async () => {
    await publish({ MessageGroupId: 'my-group-id-1' });
    expect(aws.sns.topic('orders').published()[0]!.messageGroupId).toBe('my-group-id-1');
  });

  it('refuses a group id of 129 characters (text not recorded)', async () => {
    await expectInvalidParameter(
      publish({ TopicArn: fifoTopicArn, MessageGroupId: 'g'.repeat(129), MessageDeduplicationId: 'd' }),
      'Invalid parameter: MessageGroupId',
    );
  });

  it('applies the FIFO rules to an unknown topic by its name, before NotFound', async () => {
    await expectInvalidParameter(
      publish({ TopicArn: `${topicArn}-gone.fifo` }),
      'Invalid parameter: The MessageGroupId parameter is required for FIFO topics',
    );
    await expectNotFound(publish({ TopicArn: `${topicArn}-gone.fifo`, MessageGroupId: 'g' }), 'Topic does not exist');
  });
});

describe('Publish MessageStructure', () => {
  it('needs JSON', async () => {
    await expectInvalidParameter(
      publish({ MessageStructure: 'json', Message: '{"default": "This is a default message"} }' }),
      'Invalid parameter: Message Structure - JSON message body failed to parse',
    );
  });

  it('needs a default entry that is a string', async () => {
    const noDefault = 'Invalid parameter: Message Structure - No default entry in JSON message body';
    await expectInvalidParameter(
      publish({ MessageStructure: 'json', Message: JSON.stringify({ sqs: 'Test message' }) }),
      noDefault,
    );
    await expectInvalidParameter(
      publish({ MessageStructure: 'json', Message: JSON.stringify({ default: { object: 'test' } }) }),
      noDefault,
    );
  });

  it('accepts duplicate keys', async () => {
    await publish({
      MessageStructure: 'json',
      Message: '{"default": "This is a default message", "default": "Duplicate"}',
    });
    expect(publishedCount()).toBe(1);
  });
});

describe('Publish validation order', () => {
  it('checks the Subject before the Message', async () => {
    await expectInvalidParameter(publish({ Subject: '', Message: '' }), 'Invalid parameter: Subject');
  });

  it('checks the Message before its attributes', async () => {
    await expectInvalidParameter(
      publish({ Message: '', MessageAttributes: { '.a': { DataType: 'String', StringValue: 'x' } } }),
      'Invalid parameter: Empty message',
    );
  });

  it('checks attributes before the size', async () => {
    await expectParameterValueInvalid(
      publish({ Message: 'a'.repeat(MAX + 1), MessageAttributes: { '.a': { DataType: 'String', StringValue: 'x' } } }),
      "Invalid message attribute name starting with character '.' was found.",
    );
  });

  it('checks the size before the FIFO rules', async () => {
    await expectInvalidParameter(
      publish({ TopicArn: fifoTopicArn, Message: 'a'.repeat(MAX + 1) }),
      'Invalid parameter: Message too long',
    );
  });

  it('checks MessageStructure before the FIFO rules, as PublishBatch was recorded doing', async () => {
    await expectInvalidParameter(
      publish({ TopicArn: fifoTopicArn, MessageStructure: 'json', Message: '{' }),
      'Invalid parameter: Message Structure - JSON message body failed to parse',
    );
    await expectInvalidParameter(
      publish({ TopicArn: fifoTopicArn, MessageStructure: 'json', Message: JSON.stringify({ sqs: 'test sqs' }) }),
      'Invalid parameter: Message Structure - No default entry in JSON message body',
    );
    await expectInvalidParameter(
      publish({ TopicArn: fifoTopicArn, MessageStructure: 'json', Message: JSON.stringify({ default: 'd' }) }),
      'Invalid parameter: The MessageGroupId parameter is required for FIFO topics',
    );
  });

  it('checks MessageStructure before the topic exists', async () => {
    await expectInvalidParameter(
      publish({ TopicArn: `${topicArn}-gone`, MessageStructure: 'json', Message: '{' }),
      'Invalid parameter: Message Structure - JSON message body failed to parse',
    );
  });

  it('reports required members before anything else', async () => {
    await expectValidationError(
      sns.send(
        new PublishCommand({ TopicArn: 'bad', Subject: '', MessageAttributes: { a: { StringValue: 'x' } } } as never),
      ),
      "2 validation errors detected: Value null at 'message' failed to satisfy constraint: Member must not be null; " +
        "Value null at 'messageAttributes.a.member.dataType' failed to satisfy constraint: Member must not be null",
    );
  });
});

describe('PublishBatch', () => {
  it('answers Successful in request order and an empty Failed', async () => {
    const { $metadata, ...output } = await publishBatch([
      { Id: 'b', Message: 'two' },
      { Id: 'a', Message: 'one' },
    ]);
    expect(output).toStrictEqual({
      Successful: [
        { Id: 'b', MessageId: expect.stringMatching(SNS_MESSAGE_ID) },
        { Id: 'a', MessageId: expect.stringMatching(SNS_MESSAGE_ID) },
      ],
      Failed: [],
    });
    expect(
      aws.sns
        .topic('orders')
        .published()
        .map((p) => p.message),
    ).toEqual(['two', 'one']);
  });

  it('answers SequenceNumbers on a FIFO topic', async () => {
    const { Successful } = await publishBatch(
      [
        { Id: '1', Message: 'a', MessageGroupId: 'g', MessageDeduplicationId: 'd1' },
        { Id: '2', Message: 'b', MessageGroupId: 'g', MessageDeduplicationId: 'd2' },
      ],
      fifoTopicArn,
    );
    expect(Successful).toEqual([
      { Id: '1', MessageId: expect.stringMatching(SNS_MESSAGE_ID), SequenceNumber: '10000000000000003000' },
      { Id: '2', MessageId: expect.stringMatching(SNS_MESSAGE_ID), SequenceNumber: '10000000000000004000' },
    ]);
  });

  it('answers a republished FIFO batch with the original ids and publishes nothing', async () => {
    const entries = [
      { Id: '1', Message: 'a', MessageGroupId: 'g', MessageDeduplicationId: 'd1' },
      { Id: '2', Message: 'b', MessageGroupId: 'g', MessageDeduplicationId: 'd2' },
    ];
    const first = await publishBatch(entries, fifoTopicArn);
    const again = await publishBatch(entries, fifoTopicArn);
    expect(again.Successful).toEqual(first.Successful);
    expect(publishedCount('orders.fifo')).toBe(2);
  });

  it('refuses more than ten entries', async () => {
    const entries = Array.from({ length: 11 }, (_, i) => ({ Id: `Id_${i}`, Message: 'Too many messages' }));
    await expectSnsError(
      publishBatch(entries),
      TooManyEntriesInBatchRequestException,
      'TooManyEntriesInBatchRequest',
      'The batch request contains more entries than permissible.',
    );
  });

  it('refuses an empty batch', async () => {
    await expectSnsError(
      publishBatch([]),
      EmptyBatchRequestException,
      'EmptyBatchRequest',
      'The batch request does not contain any entries.',
    );
  });

  it('refuses two entries with one Id', async () => {
    await expectSnsError(
      publishBatch([
        { Id: '1', Message: 'x' },
        { Id: '1', Message: 'y' },
      ]),
      BatchEntryIdsNotDistinctException,
      'BatchEntryIdsNotDistinct',
      'Two or more batch entries in the request have the same Id.',
    );
  });

  it.each([
    ['message.id', 'The Id of a batch entry in the batch request contains an impermissible character: message.id'],
    ['msg@123#test', 'The Id of a batch entry in the batch request contains an impermissible character: msg@123#test'],
    ['a'.repeat(81), `The Id of a batch entry in the batch request is too long: ${'a'.repeat(81)}`],
  ])('refuses the Id %s', async (id, message) => {
    await expectSnsError(
      publishBatch([{ Id: id, Message: 'test message' }]),
      InvalidBatchEntryIdException,
      'InvalidBatchEntryId',
      message,
    );
  });

  it('accepts an Id of 80 characters with hyphens and underscores', async () => {
    const { Successful } = await publishBatch([
      { Id: 'a'.repeat(80), Message: 'x' },
      { Id: 'valid-message_123', Message: 'y' },
    ]);
    expect(Successful!.map((s) => s.Id)).toEqual(['a'.repeat(80), 'valid-message_123']);
  });

  it('limits all entries together to 262,144 bytes, attributes included', async () => {
    const tooLong = (): Promise<void> =>
      expectSnsError(
        publishBatch([
          { Id: '1', Message: 'a'.repeat(MAX / 2) },
          { Id: '2', Message: 'b'.repeat(1 + MAX / 2) },
        ]),
        BatchRequestTooLongException,
        'BatchRequestTooLong',
        'The length of all the messages put together is more than the limit.',
      );
    await tooLong();
    const attributes = { attr1: { DataType: 'Number', StringValue: '1' } };
    await expectSnsError(
      publishBatch([
        { Id: '1', Message: 'a'.repeat(MAX - 12), MessageAttributes: attributes },
        { Id: '2', Message: 'b' },
      ]),
      BatchRequestTooLongException,
      'BatchRequestTooLong',
      'The length of all the messages put together is more than the limit.',
    );
    await publishBatch([
      { Id: '1', Message: 'a'.repeat(MAX - 13), MessageAttributes: attributes },
      { Id: '2', Message: 'b' },
    ]);
  });

  it('fails the whole request for one FIFO entry without a group or a dedup id, or without a default', async () => {
    await expectInvalidParameter(
      publishBatch([{ Id: '1', Message: 'Test message without Group ID' }], fifoTopicArn),
      'Invalid parameter: The MessageGroupId parameter is required for FIFO topics',
    );
    await expectInvalidParameter(
      publishBatch(
        [{ Id: '1', Message: 'Test message without MessageDeduplicationId', MessageGroupId: 'msg1' }],
        fifoTopicArn,
      ),
      'Invalid parameter: The topic should either have ContentBasedDeduplication enabled or MessageDeduplicationId provided explicitly',
    );
    await expectInvalidParameter(
      publishBatch(
        [
          { Id: '1', Message: 'fine', MessageGroupId: 'g', MessageDeduplicationId: 'd' },
          {
            Id: '2',
            Message: JSON.stringify({ sqs: 'test sqs' }),
            MessageStructure: 'json',
            MessageGroupId: 'g',
            MessageDeduplicationId: 'e',
          },
        ],
        fifoTopicArn,
      ),
      'Invalid parameter: Message Structure - No default entry in JSON message body',
    );
    // Recorded: the entry has neither a default key nor a group id, and MessageStructure is what AWS reports [V].
    await expectInvalidParameter(
      publishBatch([{ Id: '1', Message: JSON.stringify({ sqs: 'test sqs' }), MessageStructure: 'json' }], fifoTopicArn),
      'Invalid parameter: Message Structure - No default entry in JSON message body',
    );
    expect(publishedCount('orders.fifo')).toBe(0);
  });

  it('answers NotFound for an unknown topic and refuses one of another region', async () => {
    await expectNotFound(publishBatch([{ Id: '1', Message: 'x' }], `${topicArn}-gone`), 'Topic does not exist');
    await expectInvalidParameter(
      publishBatch([{ Id: '1', Message: 'x' }], topicArn.replace('us-east-1', 'eu-west-1')),
      'Invalid parameter: TopicArn',
    );
  });

  it('reports missing required members with their batch paths', async () => {
    await expectValidationError(
      sns.send(new PublishBatchCommand({ PublishBatchRequestEntries: [{ Message: 'x' }, { Id: '2' }] } as never)),
      '3 validation errors detected: ' +
        [
          "Value null at 'topicArn' failed to satisfy constraint: Member must not be null",
          "Value null at 'publishBatchRequestEntries.1.member.id' failed to satisfy constraint: Member must not be null",
          "Value null at 'publishBatchRequestEntries.2.member.message' failed to satisfy constraint: Member must not be null",
        ].join('; '),
    );
  });
});
