import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NO_ATTRIBUTES } from '../../src/core/messages/attribute-rules.js';
import {
  contentWith,
  messageContent,
  QueuedMessage,
  type MessageDraft,
} from '../../src/services/sqs/messages/message.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

function draft(body: string, overrides: Partial<MessageDraft> = {}): MessageDraft {
  return {
    messageId: 'm1',
    body,
    messageAttributes: {},
    systemAttributes: {},
    sentTimestamp: 1_700_000_000_000,
    senderId: '000000000000',
    messageGroupId: undefined,
    messageDeduplicationId: undefined,
    ...overrides,
  };
}

describe('a stored message', () => {
  it('derives its digests, and shares one empty attribute object when it has none', () => {
    const content = messageContent(draft('hello'));
    expect(content.md5OfBody).toBe(md5('hello'));
    expect(content.md5OfMessageAttributes).toBeUndefined();
    expect(content.md5OfMessageSystemAttributes).toBeUndefined();
    expect(content.messageAttributes).toBe(NO_ATTRIBUTES);
    expect(Object.isFrozen(NO_ATTRIBUTES)).toBe(true);
    const message = new QueuedMessage(content, 1, content.sentTimestamp);
    expect(message.messageAttributes).toBe(NO_ATTRIBUTES);
    expect(message.systemAttributes).toBe(NO_ATTRIBUTES);
    expect(message.md5OfBody).toBe(md5('hello'));
    expect(message.content).toBe(message);
  });

  it('digests the attributes it has, as SQS answers them', () => {
    const attributes = { a: { DataType: 'String', StringValue: 'x' } };
    const content = messageContent(
      draft('hello', {
        messageAttributes: attributes,
        systemAttributes: { AWSTraceHeader: { DataType: 'String', StringValue: 'Root=1' } },
      }),
    );
    expect(content.messageAttributes).toBe(attributes);
    expect(content.md5OfMessageAttributes).toMatch(/^[0-9a-f]{32}$/);
    expect(content.md5OfMessageSystemAttributes).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keeps the digest of a large body once computed, and passes it on to a copy', () => {
    const body = 'x'.repeat(5000);
    const content = messageContent(draft(body));
    expect(content.md5OfBody).toBe(md5(body));
    const message = new QueuedMessage(content, 1, content.sentTimestamp);
    expect(message.md5OfBody).toBe(md5(body));
    expect(contentWith(message, { messageId: 'm2' }).md5OfBody).toBe(md5(body));
  });

  it('derives its digest from its body even when the content it was made of carried another', () => {
    const message = new QueuedMessage({ ...draft('hello'), md5OfBody: '' }, 1, 0);
    expect(message.md5OfBody).toBe(md5('hello'));
  });

  it('has no receive history until received, then counts receives and visibility changes', () => {
    const content = messageContent(draft('hello'));
    const message = new QueuedMessage(content, 1, content.sentTimestamp);
    expect([message.receiveCount, message.receivesHere, message.receiveNumber, message.visibilityChanges]).toEqual([
      0, 0, 0, 0,
    ]);
    expect([message.firstReceiveTimestamp, message.lastReceivedAt, message.deadLetterQueueSourceArn]).toEqual([
      undefined,
      0,
      undefined,
    ]);
    expect(message.enqueuedAt).toBe(content.sentTimestamp);
    expect(message.recordReceive(10)).toBe(1);
    message.recordVisibilityChange();
    expect(message.recordReceive(20)).toBe(2);
    expect([message.receiveCount, message.receivesHere, message.visibilityChanges]).toEqual([2, 2, 0]);
    expect([message.firstReceiveTimestamp, message.lastReceivedAt]).toEqual([10, 20]);
    message.recordVisibilityChange();
    expect(message.visibilityChanges).toBe(1);
  });

  it('keeps an enqueue time other than its send time, and a dead-letter history', () => {
    const content = messageContent(draft('hello'));
    const moved = new QueuedMessage(content, 7, content.sentTimestamp + 5_000, '10000000000000000007');
    expect(moved.enqueuedAt).toBe(content.sentTimestamp + 5_000);
    expect(moved.sentTimestamp).toBe(content.sentTimestamp);
    expect(moved.sequenceNumber).toBe('10000000000000000007');
    moved.receiveCount = 3;
    moved.firstReceiveTimestamp = 42;
    moved.deadLetterQueueSourceArn = 'arn:aws:sqs:us-east-1:000000000000:source';
    expect([moved.receiveCount, moved.receivesHere, moved.firstReceiveTimestamp]).toEqual([3, 0, 42]);
    expect(moved.deadLetterQueueSourceArn).toBe('arn:aws:sqs:us-east-1:000000000000:source');
  });

  it('copies with a new id and send time, the rest unchanged', () => {
    const content = messageContent(draft('hello', { messageGroupId: 'g', messageDeduplicationId: 'd' }));
    const copy = contentWith(content, { messageId: 'm9', sentTimestamp: 5 });
    expect(copy).toMatchObject({
      messageId: 'm9',
      sentTimestamp: 5,
      body: 'hello',
      messageGroupId: 'g',
      messageDeduplicationId: 'd',
      sequenceNumber: undefined,
    });
  });
});
