import {
  BatchEntryIdsNotDistinct,
  BatchRequestTooLong,
  EmptyBatchRequest,
  InvalidBatchEntryId,
  InvalidMessageContents,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  TooManyEntriesInBatchRequest,
  type MessageAttributeValue,
  type SendMessageBatchRequestEntry,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sqsSetup } from '../helpers.js';
import { expectAsTheSdk } from '../support/as-the-sdk.js';
import {
  counts,
  createQueue,
  expectInvalidParameterValue,
  expectMissingParameter,
  expectSqsError,
  INVALID_CHARACTERS_TEXT,
  receive,
  receiveOne,
  setAttributes,
  T0,
  UUID_V4,
} from './message-support.js';

const MIB = 1_048_576;

/** The attribute set of AWS's MessageAttributeNames snapshot; digest 4c360f3f… (docs/aws-behaviour/sqs.md §5.4). */
const KENOBI: Record<string, MessageAttributeValue> = {
  'Help.Me': { DataType: 'String', StringValue: 'Me' },
  Hello: { DataType: 'String', StringValue: 'There' },
  General: { DataType: 'String', StringValue: 'Kenobi' },
};
const KENOBI_MD5 = '4c360f3fdafd970e05fae2f149d997f5';

const TRACE_HEADER = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';
const TRACE_HEADER_MD5 = '5ae4d5d7636402d80f4eb6d213245a88';

/** `k`/`String`/`x`: 8 bytes toward the size limit, as in AWS's own oversize test. */
const SMALL_ATTRIBUTE = { k: { DataType: 'String', StringValue: 'x' } };

let sqs: SQSClient;
let queueUrl: string;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  ({ sqs } = sqsSetup());
  queueUrl = await createQueue(sqs, 'q');
});
afterEach(() => vi.useRealTimers());

function send(input: Record<string, unknown>) {
  return sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, ...input } as never));
}

function sendBatch(entries: unknown[]) {
  return sqs.send(
    new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries as SendMessageBatchRequestEntry[] }),
  );
}

describe('SendMessage output', () => {
  it('answers a UUID v4 MessageId and the MD5 of the UTF-8 body, and nothing else', async () => {
    const { $metadata, ...output } = await send({ MessageBody: 'message' });
    expect(output).toStrictEqual({
      MessageId: expect.stringMatching(UUID_V4),
      MD5OfMessageBody: '78e731027d8fd50ed642340b7c9a63b3',
    });
  });

  it('gives every message its own MessageId', async () => {
    const first = await send({ MessageBody: 'a' });
    const second = await send({ MessageBody: 'a' });
    expect(first.MessageId).not.toBe(second.MessageId);
  });

  it('digests a multi-byte body as UTF-8', async () => {
    // The SDK's own MD5 validator would reject a wrong digest; this pins the value as well.
    const output = await send({ MessageBody: 'héllo 😀' });
    expect(output.MD5OfMessageBody).toBe('207dd4f0cd7a4f13b4932646cd1f8f2b');
    expect((await receiveOne(sqs, queueUrl)).Body).toBe('héllo 😀');
  });

  it('answers MD5OfMessageAttributes over the sent attributes', async () => {
    const output = await send({ MessageBody: 'msg', MessageAttributes: KENOBI });
    expect(output.MD5OfMessageAttributes).toBe(KENOBI_MD5);
    expect(output).not.toHaveProperty('MD5OfMessageSystemAttributes');
  });

  it('digests Binary, Number and custom-typed attributes as the SDKs verify them', async () => {
    // Vector of aws-sdk-ruby's checksum tests (docs/aws-behaviour/sdk.md §2.2).
    const output = await send({
      MessageBody: 'msg',
      MessageAttributes: {
        ccc: { DataType: 'String', StringValue: 'test' },
        aaa: { DataType: 'Binary', BinaryValue: Uint8Array.of(2, 3, 4) },
        zzz: { DataType: 'Number', StringValue: '0230.01' },
        öther_encodings: { DataType: 'String', StringValue: 'Tüst' },
      },
    });
    expect(output.MD5OfMessageAttributes).toBe('756d7f4338696745d063b420a2f7e502');
  });

  it('leaves out both attribute digests when no attributes are sent, even as empty maps', async () => {
    const { $metadata, ...output } = await send({
      MessageBody: 'msg',
      MessageAttributes: {},
      MessageSystemAttributes: {},
    });
    expect(Object.keys(output).sort()).toEqual(['MD5OfMessageBody', 'MessageId']);
  });

  it('answers MD5OfMessageSystemAttributes for AWSTraceHeader without changing MD5OfMessageAttributes', async () => {
    const output = await send({
      MessageBody: 'msg',
      MessageAttributes: KENOBI,
      MessageSystemAttributes: { AWSTraceHeader: { DataType: 'String', StringValue: TRACE_HEADER } },
    });
    expect(output.MD5OfMessageSystemAttributes).toBe(TRACE_HEADER_MD5);
    expect(output.MD5OfMessageAttributes).toBe(KENOBI_MD5);
  });

  describe('inside AWS Lambda, where the SDK sends the X-Ray trace id as X-Amzn-Trace-Id', () => {
    beforeEach(() => {
      vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'orders-handler');
      vi.stubEnv('_X_AMZN_TRACE_ID', TRACE_HEADER);
    });
    afterEach(() => vi.unstubAllEnvs());

    it('keeps it as the AWSTraceHeader system attribute, for SendMessage and every batch entry', async () => {
      const output = await send({ MessageBody: 'msg' });
      expect(output.MD5OfMessageSystemAttributes).toBe(TRACE_HEADER_MD5);
      const batch = await sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: [
            { Id: 'a', MessageBody: 'a' },
            { Id: 'b', MessageBody: 'b' },
          ],
        }),
      );
      expect(batch.Successful?.map((entry) => entry.MD5OfMessageSystemAttributes)).toEqual([
        TRACE_HEADER_MD5,
        TRACE_HEADER_MD5,
      ]);
      const { Messages = [] } = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: queueUrl,
          MaxNumberOfMessages: 10,
          MessageSystemAttributeNames: ['AWSTraceHeader'],
        }),
      );
      expect(Messages.map((m) => m.Attributes)).toEqual(
        Array.from({ length: 3 }, () => ({ AWSTraceHeader: TRACE_HEADER })),
      );
    });

    it('lets an AWSTraceHeader given in MessageSystemAttributes win (precedence not recorded)', async () => {
      await send({
        MessageBody: 'msg',
        MessageSystemAttributes: { AWSTraceHeader: { DataType: 'String', StringValue: 'Root=1-0-0' } },
      });
      const { Messages = [] } = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl: queueUrl, MessageSystemAttributeNames: ['AWSTraceHeader'] }),
      );
      expect(Messages[0]?.Attributes).toEqual({ AWSTraceHeader: 'Root=1-0-0' });
    });

    it('adds nothing outside Lambda (no function name)', async () => {
      vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', '');
      const output = await send({ MessageBody: 'msg' });
      expect(output).not.toHaveProperty('MD5OfMessageSystemAttributes');
    });
  });

  it('has no SequenceNumber on a standard queue', async () => {
    const output = await send({ MessageBody: 'msg', MessageGroupId: 'g' });
    expect(output).not.toHaveProperty('SequenceNumber');
  });
});

describe('SendMessage body', () => {
  it('rejects a missing body with MissingParameter', async () => {
    await expectMissingParameter(send({}), 'MessageBody');
  });

  it('rejects an empty body with MissingParameter', async () => {
    await expectMissingParameter(send({ MessageBody: '' }), 'MessageBody');
  });

  it.each([
    ['NUL', '\u0000'],
    ['a control character', 'a\u0008b'],
    ['a lone high surrogate', 'x\uD800y'],
    ['a lone low surrogate', '\uDC00'],
    ['U+FFFE', '\uFFFE'],
    ['U+FFFF', '\uFFFF'],
  ])('rejects a body with %s as InvalidMessageContents', async (_, body) => {
    // The query serializer of the SDKs before 3.447.0 refuses a lone surrogate itself (URIError): so does the mocked
    // client there (docs/aws-behaviour/sdk.md §3.5).
    await expectAsTheSdk(
      sqs,
      () => new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }),
      (sending) => expectSqsError(sending, InvalidMessageContents, 'InvalidMessageContents', INVALID_CHARACTERS_TEXT),
    );
  });

  it('accepts tab, line feed, carriage return, U+FFFD and astral characters, and returns them unchanged', async () => {
    const body = '\t\n\r \uD7FF\uE000\uFFFD😀\u{10FFFF}';
    await send({ MessageBody: body });
    expect((await receiveOne(sqs, queueUrl)).Body).toBe(body);
  });

  it('enqueues nothing when a send fails', async () => {
    await expectMissingParameter(send({ MessageBody: '' }), 'MessageBody');
    await expectSqsError(
      send({ MessageBody: '\u0000' }),
      InvalidMessageContents,
      'InvalidMessageContents',
      INVALID_CHARACTERS_TEXT,
    );
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });
});

describe('SendMessage size limit', () => {
  it('accepts body plus attributes of exactly MaximumMessageSize bytes', async () => {
    await send({ MessageBody: 'a'.repeat(MIB - 8), MessageAttributes: SMALL_ATTRIBUTE });
    expect((await counts(sqs, queueUrl)).visible).toBe(1);
  });

  it('rejects one byte over MaximumMessageSize, attributes included', async () => {
    await expectInvalidParameterValue(
      send({ MessageBody: 'a'.repeat(MIB - 7), MessageAttributes: SMALL_ATTRIBUTE }),
      'One or more parameters are invalid. Reason: Message must be shorter than 1048576 bytes.',
    );
  });

  it('counts the body in UTF-8 bytes', async () => {
    await send({ MessageBody: 'é'.repeat(MIB / 2) });
    await expectInvalidParameterValue(
      send({ MessageBody: `${'é'.repeat(MIB / 2)}a` }),
      'One or more parameters are invalid. Reason: Message must be shorter than 1048576 bytes.',
    );
  });

  it('does not count AWSTraceHeader toward the size', async () => {
    await send({
      MessageBody: 'a'.repeat(MIB),
      MessageSystemAttributes: { AWSTraceHeader: { DataType: 'String', StringValue: TRACE_HEADER } },
    });
    expect((await counts(sqs, queueUrl)).visible).toBe(1);
  });

  it('applies a lowered MaximumMessageSize to later sends', async () => {
    await setAttributes(sqs, queueUrl, { MaximumMessageSize: '1024' });
    await send({ MessageBody: 'a'.repeat(1024) });
    await expectInvalidParameterValue(
      send({ MessageBody: 'a'.repeat(1024 - 7), MessageAttributes: SMALL_ATTRIBUTE }),
      'One or more parameters are invalid. Reason: Message must be shorter than 1024 bytes.',
    );
  });
});

describe('SendMessage message attributes', () => {
  it('rejects more than 10 attributes', async () => {
    const attributes = Object.fromEntries(
      Array.from({ length: 11 }, (_, i) => [`a${i}`, { DataType: 'String', StringValue: 'v' }]),
    );
    await expectInvalidParameterValue(
      send({ MessageBody: 'msg', MessageAttributes: attributes }),
      'Number of message attributes [11] exceeds the allowed maximum [10].',
    );
  });

  it('rejects an empty String value', async () => {
    await expectInvalidParameterValue(
      send({ MessageBody: 'msg', MessageAttributes: { a: { DataType: 'String', StringValue: '' } } }),
      "Message (user) attribute 'a' must contain a non-empty value of type 'String'.",
    );
  });

  it('rejects a name with a reserved prefix', async () => {
    await expectInvalidParameterValue(
      send({ MessageBody: 'msg', MessageAttributes: { 'aws.x': { DataType: 'String', StringValue: 'v' } } }),
      "You can't use message attribute names beginning with 'AWS.' or 'Amazon'. These strings are reserved for internal use.",
    );
  });

  it('rejects an unsupported DataType', async () => {
    await expectInvalidParameterValue(
      send({ MessageBody: 'msg', MessageAttributes: { a: { DataType: 'Text', StringValue: 'v' } } }),
      "The type of message (user) attribute 'a' is invalid. You must use only the following supported type prefixes: Binary, Number, String.",
    );
  });

  it('rejects a Number that is not a number', async () => {
    await expectInvalidParameterValue(
      send({ MessageBody: 'msg', MessageAttributes: { n: { DataType: 'Number', StringValue: 'twelve' } } }),
      "Can't cast the value of message (user) attribute 'n' to a number.",
    );
  });

  it('rejects invalid characters in a String value as InvalidParameterValue, not InvalidMessageContents', async () => {
    await expectInvalidParameterValue(
      send({ MessageBody: 'msg', MessageAttributes: { a: { DataType: 'String', StringValue: '\u0000' } } }),
      INVALID_CHARACTERS_TEXT,
    );
  });

  it('rejects list values', async () => {
    await expectInvalidParameterValue(
      send({ MessageBody: 'msg', MessageAttributes: { a: { DataType: 'String', StringListValues: ['x'] } } }),
      'Message attribute list values in SendMessage operation are not supported.',
    );
  });

  it('rejects a system attribute other than AWSTraceHeader', async () => {
    await expectInvalidParameterValue(
      send({ MessageBody: 'msg', MessageSystemAttributes: { SenderId: { DataType: 'String', StringValue: 'me' } } }),
      "Message system attribute name 'SenderId' is invalid.",
    );
  });
});

describe('SendMessage DelaySeconds', () => {
  it.each([-1, 901])('rejects DelaySeconds %i', async (delay) => {
    await expectInvalidParameterValue(
      send({ MessageBody: 'msg', DelaySeconds: delay }),
      `Value ${delay} for parameter DelaySeconds is invalid. Reason: DelaySeconds must be >= 0 and <= 900.`,
    );
  });

  it('accepts DelaySeconds 900', async () => {
    await send({ MessageBody: 'msg', DelaySeconds: 900 });
    expect((await counts(sqs, queueUrl)).delayed).toBe(1);
  });
});

describe('SendMessage FIFO parameters on a standard queue', () => {
  it('accepts MessageGroupId and returns it as a system attribute (fair queues)', async () => {
    await send({ MessageBody: 'message', MessageGroupId: 'test' });
    const message = await receiveOne(sqs, queueUrl, { MessageSystemAttributeNames: ['All'] });
    expect(message.Attributes).toStrictEqual({
      SenderId: '000000000000',
      SentTimestamp: String(T0),
      ApproximateFirstReceiveTimestamp: String(T0),
      ApproximateReceiveCount: '1',
      MessageGroupId: 'test',
    });
  });

  it.each([
    ['empty', ''],
    ['too long', 'a'.repeat(129)],
    ['with spaces', 'group 123'],
  ])('rejects a MessageGroupId that is %s', async (_, groupId) => {
    await expectInvalidParameterValue(
      send({ MessageBody: 'message', MessageGroupId: groupId }),
      `Value ${groupId} for parameter MessageGroupId is invalid. Reason: MessageGroupId can only include alphanumeric and punctuation characters. 1 to 128 in length.`,
    );
  });

  it('rejects MessageDeduplicationId', async () => {
    await expectInvalidParameterValue(
      send({ MessageBody: 'message', MessageDeduplicationId: 'd1' }),
      'Value d1 for parameter MessageDeduplicationId is invalid. Reason: The request include parameter that is not valid for this queue type.',
    );
  });
});

describe('SendMessage AWSTraceHeader', () => {
  it('returns the sent AWSTraceHeader as a system attribute', async () => {
    await send({
      MessageBody: 'msg',
      MessageSystemAttributes: { AWSTraceHeader: { DataType: 'String', StringValue: TRACE_HEADER } },
    });
    const message = await receiveOne(sqs, queueUrl, { MessageSystemAttributeNames: ['AWSTraceHeader'] });
    expect(message.Attributes).toStrictEqual({ AWSTraceHeader: TRACE_HEADER });
  });

  it('has no AWSTraceHeader when none was sent', async () => {
    await send({ MessageBody: 'msg' });
    const message = await receiveOne(sqs, queueUrl, { MessageSystemAttributeNames: ['All'] });
    expect(message.Attributes).not.toHaveProperty('AWSTraceHeader');
  });

  it('rejects an AWSTraceHeader that is not of type String', async () => {
    await expectInvalidParameterValue(
      send({
        MessageBody: 'msg',
        MessageSystemAttributes: { AWSTraceHeader: { DataType: 'Number', StringValue: '1' } },
      }),
      "The type of message (system) attribute 'AWSTraceHeader' is invalid. You must use only the following supported type prefixes: String.",
    );
  });
});

describe('SendMessageBatch whole-request errors', () => {
  it('rejects an empty batch', async () => {
    await expectSqsError(
      sendBatch([]),
      EmptyBatchRequest,
      'AWS.SimpleQueueService.EmptyBatchRequest',
      'There should be at least one SendMessageBatchRequestEntry in the request.',
    );
  });

  it('rejects 11 entries', async () => {
    const entries = Array.from({ length: 11 }, (_, i) => ({ Id: `m${i}`, MessageBody: 'x' }));
    await expectSqsError(
      sendBatch(entries),
      TooManyEntriesInBatchRequest,
      'AWS.SimpleQueueService.TooManyEntriesInBatchRequest',
      'Maximum number of entries per request are 10. You have sent 11.',
    );
  });

  it.each([
    ['empty', ''],
    ['81 characters long', 'a'.repeat(81)],
    ['with a colon', 'invalid:id'],
  ])('rejects an entry Id that is %s', async (_, id) => {
    await expectSqsError(
      sendBatch([
        { Id: 'ok', MessageBody: 'x' },
        { Id: id, MessageBody: 'x' },
      ]),
      InvalidBatchEntryId,
      'AWS.SimpleQueueService.InvalidBatchEntryId',
      'A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long.',
    );
  });

  it('accepts an 80-character Id of letters, digits, hyphens and underscores', async () => {
    const id = `${'a'.repeat(77)}_-1`;
    const output = await sendBatch([{ Id: id, MessageBody: 'x' }]);
    expect(output.Successful?.[0]?.Id).toBe(id);
  });

  it('rejects duplicate Ids', async () => {
    await expectSqsError(
      sendBatch([
        { Id: 'a', MessageBody: 'x' },
        { Id: 'b', MessageBody: 'x' },
        { Id: 'a', MessageBody: 'y' },
      ]),
      BatchEntryIdsNotDistinct,
      'AWS.SimpleQueueService.BatchEntryIdsNotDistinct',
      'Id a repeated.',
    );
  });

  it('rejects a batch whose bodies and attributes total more than 1 MiB, and enqueues nothing', async () => {
    await expectSqsError(
      sendBatch([
        { Id: '1', MessageBody: 'a'.repeat(MIB - 8), MessageAttributes: SMALL_ATTRIBUTE },
        { Id: '2', MessageBody: 'a' },
      ]),
      BatchRequestTooLong,
      'AWS.SimpleQueueService.BatchRequestTooLong',
      'Batch requests cannot be longer than 1048576 bytes. You have sent 1048577 bytes.',
    );
    expect((await counts(sqs, queueUrl)).visible).toBe(0);
  });

  it('accepts a batch of exactly 1 MiB', async () => {
    const output = await sendBatch([
      { Id: '1', MessageBody: 'a'.repeat(MIB / 2) },
      { Id: '2', MessageBody: 'a'.repeat(MIB / 2) },
    ]);
    expect(output.Successful).toHaveLength(2);
  });

  it('counts the batch limit over raw entries, before any entry is validated', async () => {
    // The second entry is invalid in several ways; its bytes still count toward the batch total.
    await expectSqsError(
      sendBatch([
        { Id: '1', MessageBody: 'a'.repeat(MIB) },
        { Id: '2', MessageBody: '\u0000', MessageAttributes: { 'AWS.x': { DataType: 'Bogus', StringValue: 'v' } } },
      ]),
      BatchRequestTooLong,
      'AWS.SimpleQueueService.BatchRequestTooLong',
      `Batch requests cannot be longer than 1048576 bytes. You have sent ${MIB + 1 + 5 + 5 + 1} bytes.`,
    );
  });

  it('ignores values of the wrong type when counting the batch limit', async () => {
    await expectSqsError(
      sendBatch([
        { Id: '1', MessageBody: 'a'.repeat(MIB) },
        { Id: '2', MessageBody: 42, MessageAttributes: { n: null, s: { DataType: 7, StringValue: 'ab' } } },
      ]),
      BatchRequestTooLong,
      'AWS.SimpleQueueService.BatchRequestTooLong',
      `Batch requests cannot be longer than 1048576 bytes. You have sent ${MIB + 1 + 1 + 2} bytes.`,
    );
  });
});

describe('SendMessageBatch results', () => {
  it('answers Successful in entry order, with no Failed key when every entry succeeds', async () => {
    const { $metadata, ...output } = await sendBatch([
      { Id: 'z', MessageBody: 'message', MessageAttributes: KENOBI },
      { Id: 'a', MessageBody: 'test' },
      {
        Id: 'm',
        MessageBody: 'test',
        MessageSystemAttributes: { AWSTraceHeader: { DataType: 'String', StringValue: TRACE_HEADER } },
      },
    ]);
    expect(output).toStrictEqual({
      Successful: [
        {
          Id: 'z',
          MessageId: expect.stringMatching(UUID_V4),
          MD5OfMessageBody: '78e731027d8fd50ed642340b7c9a63b3',
          MD5OfMessageAttributes: KENOBI_MD5,
        },
        { Id: 'a', MessageId: expect.stringMatching(UUID_V4), MD5OfMessageBody: '098f6bcd4621d373cade4e832627b4f6' },
        {
          Id: 'm',
          MessageId: expect.stringMatching(UUID_V4),
          MD5OfMessageBody: '098f6bcd4621d373cade4e832627b4f6',
          MD5OfMessageSystemAttributes: TRACE_HEADER_MD5,
        },
      ],
    });
  });

  it('enqueues each successful entry as its own message', async () => {
    const output = await sendBatch([
      { Id: 'a', MessageBody: 'one' },
      { Id: 'b', MessageBody: 'two' },
    ]);
    const received = await receive(sqs, queueUrl, { MaxNumberOfMessages: 10 });
    expect(received.map((m) => [m.MessageId, m.Body]).sort()).toEqual(
      output.Successful!.map((s, i) => [s.MessageId, ['one', 'two'][i]]).sort(),
    );
  });

  it('fails an entry over MaximumMessageSize with the batch wording and sends the others', async () => {
    await setAttributes(sqs, queueUrl, { MaximumMessageSize: '1024' });
    const { $metadata, ...output } = await sendBatch([
      { Id: 'fits', MessageBody: 'a'.repeat(1024) },
      { Id: 'big', MessageBody: 'a'.repeat(1025) },
    ]);
    expect(output).toStrictEqual({
      Successful: [{ Id: 'fits', MessageId: expect.stringMatching(UUID_V4), MD5OfMessageBody: expect.any(String) }],
      Failed: [
        {
          Id: 'big',
          SenderFault: true,
          Code: 'InvalidParameterValue',
          Message: 'One or more parameters cannot be validated. Reason: Message must be shorter than 1024 bytes.',
        },
      ],
    });
    expect((await counts(sqs, queueUrl)).visible).toBe(1);
  });

  it('counts attributes toward an entry’s size: exactly at the limit succeeds', async () => {
    await setAttributes(sqs, queueUrl, { MaximumMessageSize: '2048' });
    const output = await sendBatch([
      { Id: '1', MessageBody: 'a'.repeat(2048 - 8), MessageAttributes: SMALL_ATTRIBUTE },
      { Id: '2', MessageBody: 'a' },
    ]);
    expect(output.Successful?.map((s) => s.Id)).toEqual(['1', '2']);
    expect(output.Successful?.[0]?.MD5OfMessageAttributes).toBe('a45daa70926828a2f0a1db3418e6feb4');
    expect(output).not.toHaveProperty('Failed');
  });

  it('fails an entry with invalid characters as InvalidMessageContents', async () => {
    const output = await sendBatch([
      { Id: 'ok', MessageBody: 'fine' },
      { Id: 'bad', MessageBody: 'a\u0000' },
    ]);
    expect(output.Failed).toStrictEqual([
      { Id: 'bad', SenderFault: true, Code: 'InvalidMessageContents', Message: INVALID_CHARACTERS_TEXT },
    ]);
    expect(output.Successful?.map((s) => s.Id)).toEqual(['ok']);
  });

  it('fails an entry with an empty body with MissingParameter naming the entry', async () => {
    const output = await sendBatch([
      { Id: 'ok', MessageBody: 'fine' },
      { Id: 'empty', MessageBody: '' },
      { Id: 'missing' },
    ]);
    expect(output.Failed).toStrictEqual([
      {
        Id: 'empty',
        SenderFault: true,
        Code: 'MissingParameter',
        Message: 'The request must contain the parameter SendMessageBatchRequestEntry.2.MessageBody.',
      },
      {
        Id: 'missing',
        SenderFault: true,
        Code: 'MissingParameter',
        Message: 'The request must contain the parameter SendMessageBatchRequestEntry.3.MessageBody.',
      },
    ]);
  });

  it('fails an entry with an invalid attribute or DelaySeconds', async () => {
    const output = await sendBatch([
      { Id: 'attr', MessageBody: 'x', MessageAttributes: { a: { DataType: 'String', StringValue: '' } } },
      { Id: 'delay', MessageBody: 'x', DelaySeconds: 901 },
      { Id: 'dedup', MessageBody: 'x', MessageDeduplicationId: 'd' },
    ]);
    expect(output).not.toHaveProperty('Successful');
    expect(output.Failed).toStrictEqual([
      {
        Id: 'attr',
        SenderFault: true,
        Code: 'InvalidParameterValue',
        Message: "Message (user) attribute 'a' must contain a non-empty value of type 'String'.",
      },
      {
        Id: 'delay',
        SenderFault: true,
        Code: 'InvalidParameterValue',
        Message: 'Value 901 for parameter DelaySeconds is invalid. Reason: DelaySeconds must be >= 0 and <= 900.',
      },
      {
        Id: 'dedup',
        SenderFault: true,
        Code: 'InvalidParameterValue',
        Message:
          'Value d for parameter MessageDeduplicationId is invalid. Reason: The request include parameter that is not valid for this queue type.',
      },
    ]);
    expect((await counts(sqs, queueUrl)).visible).toBe(0);
  });

  it('applies each entry’s own DelaySeconds', async () => {
    await sendBatch([
      { Id: 'now', MessageBody: 'now' },
      { Id: 'later', MessageBody: 'later', DelaySeconds: 5 },
    ]);
    expect(await counts(sqs, queueUrl)).toEqual({ visible: 1, inFlight: 0, delayed: 1 });
  });
});
