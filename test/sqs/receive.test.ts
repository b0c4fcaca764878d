import {
  ChangeMessageVisibilityBatchCommand,
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  type MessageAttributeValue,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sqsSetup } from '../helpers.js';
import { createQueue, deepFreeze, expectInvalidParameterValue, receive, receiveOne, T0 } from './message-support.js';

const KENOBI: Record<string, MessageAttributeValue> = {
  'Help.Me': { DataType: 'String', StringValue: 'Me' },
  Hello: { DataType: 'String', StringValue: 'There' },
  General: { DataType: 'String', StringValue: 'Kenobi' },
};

let sqs: SQSClient;
let queueUrl: string;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  ({ sqs } = sqsSetup());
  queueUrl = await createQueue(sqs, 'q');
});
afterEach(() => vi.useRealTimers());

function send(body: string, extra: Record<string, unknown> = {}) {
  return sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body, ...extra }));
}

describe('ReceiveMessage basics', () => {
  it('answers without a Messages key when nothing is receivable', async () => {
    const output = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl }));
    expect(output).not.toHaveProperty('Messages');
  });

  it('answers MessageId, ReceiptHandle, MD5OfBody and Body, and nothing else when nothing more was asked', async () => {
    const { MessageId } = await send('message');
    const message = await receiveOne(sqs, queueUrl);
    expect(message).toStrictEqual({
      MessageId,
      ReceiptHandle: expect.any(String),
      MD5OfBody: '78e731027d8fd50ed642340b7c9a63b3',
      Body: 'message',
    });
  });

  it('receives one message by default', async () => {
    for (const body of ['a', 'b', 'c']) await send(body);
    expect(await receive(sqs, queueUrl)).toHaveLength(1);
  });

  it('receives up to MaxNumberOfMessages', async () => {
    for (let i = 0; i < 12; i++) await send(`m${i}`);
    expect(await receive(sqs, queueUrl, { MaxNumberOfMessages: 10 })).toHaveLength(10);
    expect(await receive(sqs, queueUrl, { MaxNumberOfMessages: 10 })).toHaveLength(2);
  });

  it('gives a new receipt handle on every receive', async () => {
    await send('m');
    const first = await receiveOne(sqs, queueUrl, { VisibilityTimeout: 0 });
    const second = await receiveOne(sqs, queueUrl, { VisibilityTimeout: 0 });
    expect(second.ReceiptHandle).not.toBe(first.ReceiptHandle);
  });
});

describe('ReceiveMessage parameter ranges', () => {
  it.each([0, 11, -1])('rejects MaxNumberOfMessages %i', async (max) => {
    await expectInvalidParameterValue(
      receive(sqs, queueUrl, { MaxNumberOfMessages: max }),
      `Value ${max} for parameter MaxNumberOfMessages is invalid. Reason: Must be between 1 and 10, if provided.`,
    );
  });

  it.each([-1, 21])('rejects WaitTimeSeconds %i', async (wait) => {
    await expectInvalidParameterValue(
      sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: wait })),
      `Value ${wait} for parameter WaitTimeSeconds is invalid. Reason: Must be >= 0 and <= 20, if provided.`,
    );
  });

  it.each([-1, 43_201])('rejects VisibilityTimeout %i', async (timeout) => {
    await expectInvalidParameterValue(
      receive(sqs, queueUrl, { VisibilityTimeout: timeout }),
      `Value ${timeout} for parameter VisibilityTimeout is invalid. Reason: Must be >= 0 and <= 43200, if provided.`,
    );
  });

  it('leaves the message in the queue when the request is rejected', async () => {
    await send('m');
    await expectInvalidParameterValue(
      receive(sqs, queueUrl, { MaxNumberOfMessages: 11 }),
      'Value 11 for parameter MaxNumberOfMessages is invalid. Reason: Must be between 1 and 10, if provided.',
    );
    expect((await receiveOne(sqs, queueUrl, { AttributeNames: ['ApproximateReceiveCount'] })).Attributes).toEqual({
      ApproximateReceiveCount: '1',
    });
  });
});

describe('ReceiveMessage system attributes', () => {
  it('answers every standard-queue system attribute for All, as strings', async () => {
    await send('m');
    const message = await receiveOne(sqs, queueUrl, { MessageSystemAttributeNames: ['All'] });
    expect(message.Attributes).toStrictEqual({
      SenderId: '000000000000',
      SentTimestamp: String(T0),
      ApproximateFirstReceiveTimestamp: String(T0),
      ApproximateReceiveCount: '1',
    });
  });

  it('answers only the attributes named', async () => {
    await send('m');
    const message = await receiveOne(sqs, queueUrl, {
      MessageSystemAttributeNames: ['SenderId', 'ApproximateReceiveCount'],
    });
    expect(message.Attributes).toStrictEqual({ SenderId: '000000000000', ApproximateReceiveCount: '1' });
  });

  it('accepts the deprecated AttributeNames alike', async () => {
    await send('m');
    const message = await receiveOne(sqs, queueUrl, { AttributeNames: ['SentTimestamp'] });
    expect(message.Attributes).toStrictEqual({ SentTimestamp: String(T0) });
  });

  it('answers the union of AttributeNames and MessageSystemAttributeNames', async () => {
    await send('m');
    const message = await receiveOne(sqs, queueUrl, {
      AttributeNames: ['SenderId'],
      MessageSystemAttributeNames: ['SentTimestamp'],
    });
    expect(message.Attributes).toStrictEqual({ SenderId: '000000000000', SentTimestamp: String(T0) });
  });

  it('answers everything when All is in either list', async () => {
    await send('m');
    const message = await receiveOne(sqs, queueUrl, {
      AttributeNames: ['SenderId'],
      MessageSystemAttributeNames: ['All'],
    });
    expect(Object.keys(message.Attributes ?? {}).sort()).toEqual([
      'ApproximateFirstReceiveTimestamp',
      'ApproximateReceiveCount',
      'SenderId',
      'SentTimestamp',
    ]);
  });

  it('ignores unknown names and attributes a standard message does not have', async () => {
    await send('m');
    const message = await receiveOne(sqs, queueUrl, {
      MessageSystemAttributeNames: [
        'Foo',
        'SequenceNumber',
        'MessageDeduplicationId',
        'DeadLetterQueueSourceArn',
        'SenderId',
      ],
    });
    expect(message.Attributes).toStrictEqual({ SenderId: '000000000000' });
  });

  it('leaves out Attributes when none of the names apply', async () => {
    await send('m');
    const message = await receiveOne(sqs, queueUrl, { MessageSystemAttributeNames: ['Foo', 'SequenceNumber'] });
    expect(message).not.toHaveProperty('Attributes');
  });

  it('reads SentTimestamp and ApproximateFirstReceiveTimestamp off the fake clock, in ms', async () => {
    await send('m');
    await vi.advanceTimersByTimeAsync(1_234);
    const message = await receiveOne(sqs, queueUrl, { MessageSystemAttributeNames: ['All'] });
    expect(message.Attributes).toMatchObject({
      SentTimestamp: String(T0),
      ApproximateFirstReceiveTimestamp: String(T0 + 1_234),
    });
  });

  it('keeps ApproximateFirstReceiveTimestamp at the first receive while ApproximateReceiveCount climbs', async () => {
    await send('m');
    const seen: Record<string, string>[] = [];
    for (let i = 0; i < 3; i++) {
      const message = await receiveOne(sqs, queueUrl, {
        VisibilityTimeout: 1,
        MessageSystemAttributeNames: ['ApproximateFirstReceiveTimestamp', 'ApproximateReceiveCount'],
      });
      seen.push(message.Attributes!);
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(seen).toEqual([
      { ApproximateFirstReceiveTimestamp: String(T0), ApproximateReceiveCount: '1' },
      { ApproximateFirstReceiveTimestamp: String(T0), ApproximateReceiveCount: '2' },
      { ApproximateFirstReceiveTimestamp: String(T0), ApproximateReceiveCount: '3' },
    ]);
  });

  it('counts receives made with VisibilityTimeout 0', async () => {
    await send('m');
    await receiveOne(sqs, queueUrl, { VisibilityTimeout: 0 });
    const message = await receiveOne(sqs, queueUrl, {
      VisibilityTimeout: 0,
      AttributeNames: ['ApproximateReceiveCount'],
    });
    expect(message.Attributes).toEqual({ ApproximateReceiveCount: '2' });
  });

  it('uses the account id as SenderId', async () => {
    const other = sqsSetup({ accountId: '123456789012' }).sqs;
    const url = await createQueue(other, 'q');
    await other.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'm' }));
    expect((await receiveOne(other, url, { AttributeNames: ['SenderId'] })).Attributes).toEqual({
      SenderId: '123456789012',
    });
  });
});

describe('ReceiveMessage MessageAttributeNames', () => {
  beforeEach(async () => {
    await send('msg', { MessageAttributes: KENOBI });
  });

  async function receiveWith(names: string[] | undefined) {
    return receiveOne(sqs, queueUrl, { VisibilityTimeout: 0, ...(names ? { MessageAttributeNames: names } : {}) });
  }

  it('answers no message attributes and no digest when none are asked for', async () => {
    for (const names of [undefined, []]) {
      const message = await receiveWith(names);
      expect(message).not.toHaveProperty('MessageAttributes');
      expect(message).not.toHaveProperty('MD5OfMessageAttributes');
    }
  });

  it.each([['All'], ['*'], ['.*']])('answers every attribute for %s', async (filter) => {
    const message = await receiveWith([filter]);
    expect(message.MessageAttributes).toStrictEqual(KENOBI);
    expect(message.MD5OfMessageAttributes).toBe('4c360f3fdafd970e05fae2f149d997f5');
  });

  it('answers exactly the named attributes, digested over that subset', async () => {
    const message = await receiveWith(['Hello', 'General']);
    expect(message.MessageAttributes).toStrictEqual({ Hello: KENOBI['Hello'], General: KENOBI['General'] });
    expect(message.MD5OfMessageAttributes).toBe('fca026605781cb4126a1e9044df24232');
  });

  it('skips named attributes the message does not have', async () => {
    const message = await receiveWith(['Foo', 'Hello']);
    expect(message.MessageAttributes).toStrictEqual({ Hello: KENOBI['Hello'] });
    expect(message.MD5OfMessageAttributes).toBe('a311262e065454b75da111d535b8dacd');
  });

  it('matches prefix.* by name prefix', async () => {
    const message = await receiveWith(['Hel.*']);
    expect(message.MessageAttributes).toStrictEqual({ Hello: KENOBI['Hello'], 'Help.Me': KENOBI['Help.Me'] });
    expect(message.MD5OfMessageAttributes).toBe('83fee93c1bcd8b9a5a923ffacdc636c7');
  });

  it.each([[['Foo', 'Help']], [['AWS.']], [['..foo']]])(
    'answers no attributes, and no error, for %j',
    async (names) => {
      const message = await receiveWith(names);
      expect(message).not.toHaveProperty('MessageAttributes');
      expect(message).not.toHaveProperty('MD5OfMessageAttributes');
    },
  );
});

describe('ReceiveMessage values', () => {
  it('returns a BinaryValue as a Uint8Array with the sent bytes and DataType', async () => {
    await send('m', {
      MessageAttributes: { b: { DataType: 'Binary.gif', BinaryValue: Uint8Array.of(0, 1, 254, 255) } },
    });
    const message = await receiveOne(sqs, queueUrl, { MessageAttributeNames: ['All'] });
    const value = message.MessageAttributes?.['b'];
    expect(value?.BinaryValue).toBeInstanceOf(Uint8Array);
    expect(value).toStrictEqual({ DataType: 'Binary.gif', BinaryValue: Uint8Array.of(0, 1, 254, 255) });
  });

  it('returns Number attributes as sent, custom type label included', async () => {
    await send('m', { MessageAttributes: { n: { DataType: 'Number.float', StringValue: '0230.01' } } });
    const message = await receiveOne(sqs, queueUrl, { MessageAttributeNames: ['n'] });
    expect(message.MessageAttributes).toStrictEqual({ n: { DataType: 'Number.float', StringValue: '0230.01' } });
  });

  it('returns an attribute named __proto__ like any other', async () => {
    const attributes = {
      ['__proto__']: { DataType: 'String', StringValue: 'p' },
      plain: { DataType: 'String', StringValue: 'q' },
    };
    expect(Object.keys(attributes)).toEqual(['__proto__', 'plain']);
    const sent = await send('m', { MessageAttributes: attributes });
    const message = await receiveOne(sqs, queueUrl, { MessageAttributeNames: ['All'], VisibilityTimeout: 0 });
    expect(Object.keys(message.MessageAttributes ?? {}).sort()).toEqual(['__proto__', 'plain']);
    expect(Object.getPrototypeOf(message.MessageAttributes)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(message.MessageAttributes, '__proto__')?.value).toStrictEqual(
      attributes['__proto__'],
    );
    expect(message.MD5OfMessageAttributes).toBe(sent.MD5OfMessageAttributes);
    const named = await receiveOne(sqs, queueUrl, { MessageAttributeNames: ['__proto__'] });
    expect(Object.keys(named.MessageAttributes ?? {})).toEqual(['__proto__']);
  });

  it('is not changed by changes to what a receive returned', async () => {
    await send('m', {
      MessageAttributes: {
        s: { DataType: 'String', StringValue: 'original' },
        b: { DataType: 'Binary', BinaryValue: Uint8Array.of(1, 2, 3) },
      },
    });
    const first = await receiveOne(sqs, queueUrl, {
      VisibilityTimeout: 1,
      MessageAttributeNames: ['All'],
      AttributeNames: ['All'],
    });
    first.MessageAttributes!['s']!.StringValue = 'changed';
    first.MessageAttributes!['b']!.BinaryValue!.fill(9);
    delete first.MessageAttributes!['b'];
    first.Attributes!['SenderId'] = 'someone else';

    await vi.advanceTimersByTimeAsync(1_000);
    const second = await receiveOne(sqs, queueUrl, { MessageAttributeNames: ['All'], AttributeNames: ['SenderId'] });
    expect(second.MessageAttributes).toStrictEqual({
      s: { DataType: 'String', StringValue: 'original' },
      b: { DataType: 'Binary', BinaryValue: Uint8Array.of(1, 2, 3) },
    });
    expect(second.Attributes).toEqual({ SenderId: '000000000000' });
  });

  it('is not changed when the sender later changes the bytes it sent', async () => {
    const bytes = Uint8Array.of(1, 2, 3);
    await send('m', { MessageAttributes: { b: { DataType: 'Binary', BinaryValue: bytes } } });
    bytes.fill(0);
    const message = await receiveOne(sqs, queueUrl, { MessageAttributeNames: ['All'] });
    expect(message.MessageAttributes?.['b']?.BinaryValue).toEqual(Uint8Array.of(1, 2, 3));
  });
});

describe('inputs', () => {
  it('never mutates deep-frozen inputs of the message actions', async () => {
    const bytes = Uint8Array.of(7, 8);
    const sendInput = deepFreeze({
      QueueUrl: queueUrl,
      MessageBody: 'm',
      DelaySeconds: 0,
      MessageGroupId: 'g',
      MessageAttributes: { s: { DataType: 'String', StringValue: 'v' }, b: { DataType: 'Binary', BinaryValue: bytes } },
      MessageSystemAttributes: { AWSTraceHeader: { DataType: 'String', StringValue: 'Root=1-0-0' } },
    });
    const batchInput = deepFreeze({
      QueueUrl: queueUrl,
      Entries: [
        { Id: 'a', MessageBody: 'a', MessageAttributes: { s: { DataType: 'String', StringValue: 'v' } } },
        { Id: 'bad', MessageBody: '' },
      ],
    });
    const receiveInput = deepFreeze({
      QueueUrl: queueUrl,
      MaxNumberOfMessages: 10,
      VisibilityTimeout: 5,
      WaitTimeSeconds: 0,
      AttributeNames: ['All' as const],
      MessageSystemAttributeNames: ['SenderId' as const],
      MessageAttributeNames: ['All'],
    });
    const sendCopy = structuredClone(sendInput);
    const batchCopy = structuredClone(batchInput);
    const receiveCopy = structuredClone(receiveInput);

    await sqs.send(new SendMessageCommand(sendInput));
    await sqs.send(new SendMessageBatchCommand(batchInput));
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand(receiveInput));
    expect(Messages).toHaveLength(2);

    const changeInput = deepFreeze({
      QueueUrl: queueUrl,
      Entries: Messages.map((m, i) => ({ Id: `c${i}`, ReceiptHandle: m.ReceiptHandle!, VisibilityTimeout: 10 })),
    });
    const deleteInput = deepFreeze({
      QueueUrl: queueUrl,
      Entries: Messages.map((m, i) => ({ Id: `d${i}`, ReceiptHandle: m.ReceiptHandle! })),
    });
    const changeCopy = structuredClone(changeInput);
    const deleteCopy = structuredClone(deleteInput);
    await sqs.send(new ChangeMessageVisibilityBatchCommand(changeInput));
    await sqs.send(new DeleteMessageBatchCommand(deleteInput));

    expect(sendInput).toStrictEqual(sendCopy);
    expect(batchInput).toStrictEqual(batchCopy);
    expect(receiveInput).toStrictEqual(receiveCopy);
    expect(changeInput).toStrictEqual(changeCopy);
    expect(deleteInput).toStrictEqual(deleteCopy);
    expect(bytes).toEqual(Uint8Array.of(7, 8));
  });
});
