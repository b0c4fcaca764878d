import { describe, expect, it } from 'vitest';
import { FifoMessageStore } from '../../src/services/sqs/messages/fifo-store.js';
import { formatSequenceNumber } from '../../src/core/messages/sequence-number.js';
import { QueuedMessage } from '../../src/services/sqs/messages/message.js';

function message(sequence: number, group: string): QueuedMessage {
  const id = `m${sequence}`;
  return new QueuedMessage(
    {
      messageId: id,
      body: id,
      messageAttributes: {},
      systemAttributes: {},
      sentTimestamp: 0,
      senderId: '000000000000',
      messageGroupId: group,
      messageDeduplicationId: id,
      sequenceNumber: formatSequenceNumber(sequence),
    },
    sequence,
    0,
  );
}

const ids = (messages: readonly QueuedMessage[]): string[] => messages.map((m) => m.messageId);

describe('FifoMessageStore.putBack (MessageStore: what a receive took and did not use)', () => {
  it('makes the groups of messages taken and not used receivable again, in their old order', () => {
    const store = new FifoMessageStore();
    [message(1, 'a'), message(2, 'b'), message(3, 'a'), message(4, 'c')].forEach((m) => store.add(m, 0, 0));
    const taken = store.takeReceivable(10);
    expect(ids(taken)).toEqual(['m1', 'm3', 'm2', 'm4']);
    expect(store.takeReceivable(10)).toEqual([]);
    store.putBack(taken);
    expect(ids(store.takeReceivable(10))).toEqual(['m1', 'm3', 'm2', 'm4']);
  });

  it('leaves a group out while a message taken with it is in flight', () => {
    const store = new FifoMessageStore();
    [message(1, 'a'), message(2, 'a'), message(3, 'b')].forEach((m) => store.add(m, 0, 0));
    const [first, second, third] = store.takeReceivable(10);
    store.setInFlight(first!, 1000);
    store.putBack([second!, third!]);
    expect(ids(store.takeReceivable(10))).toEqual(['m3']);
  });
});
