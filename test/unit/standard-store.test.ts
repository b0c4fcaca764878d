import { beforeEach, describe, expect, it } from 'vitest';
import { QueuedMessage } from '../../src/services/sqs/messages/message.js';
import { StandardMessageStore } from '../../src/services/sqs/messages/standard-store.js';

const RETENTION = 1_000_000;

/** A message with queue order `sequence`, enqueued at `enqueuedAt`; its id is `m<sequence>`. */
function message(sequence: number, enqueuedAt = 0): QueuedMessage {
  const id = `m${sequence}`;
  return new QueuedMessage(
    {
      messageId: id,
      body: id,
      md5OfBody: '',
      messageAttributes: {},
      md5OfMessageAttributes: undefined,
      systemAttributes: {},
      md5OfMessageSystemAttributes: undefined,
      sentTimestamp: enqueuedAt,
      senderId: '000000000000',
      messageGroupId: undefined,
      messageDeduplicationId: undefined,
      sequenceNumber: undefined,
    },
    sequence,
    enqueuedAt,
  );
}

let store: StandardMessageStore;

beforeEach(() => {
  store = new StandardMessageStore();
});

function counts() {
  return { size: store.size, visible: store.visibleCount, inFlight: store.inFlightCount, delayed: store.delayed };
}

function takeAll(): string[] {
  const ids: string[] = [];
  for (let m = store.takeVisible(); m; m = store.takeVisible()) ids.push(m.messageId);
  return ids;
}

describe('adding', () => {
  it('makes a message due now visible', () => {
    const m = message(1);
    store.add(m, 100, 100);
    expect(m.state).toBe('visible');
    expect(counts()).toEqual({ size: 1, visible: 1, inFlight: 0, delayed: 0 });
    expect(store.list()).toEqual([m]);
  });

  it('makes a message due later delayed until then', () => {
    const m = message(1);
    store.add(m, 100, 150);
    expect(m.state).toBe('delayed');
    expect(m.hiddenUntil).toBe(150);
    expect(counts()).toEqual({ size: 1, visible: 0, inFlight: 0, delayed: 1 });
    expect(store.nextVisibleAt()).toBe(150);
    expect(store.takeVisible()).toBeUndefined();
  });
});

describe('ordering', () => {
  it('hands out visible messages oldest first, whatever the order they were added in', () => {
    for (const sequence of [3, 1, 4, 2]) store.add(message(sequence), 0, 0);
    expect(takeAll()).toEqual(['m1', 'm2', 'm3', 'm4']);
  });

  it('puts a message that reappears back in queue order, before younger visible ones', () => {
    const old = message(1);
    store.add(old, 0, 50);
    store.add(message(2), 0, 0);
    store.advance(50, RETENTION);
    expect(takeAll()).toEqual(['m1', 'm2']);
  });

  it('lists every message oldest first, in any state', () => {
    store.add(message(3), 0, 0);
    store.add(message(1), 0, 10);
    const inFlight = message(2);
    store.add(inFlight, 0, 0);
    store.setInFlight(inFlight, 30);
    expect(store.list().map((m) => [m.messageId, m.state])).toEqual([
      ['m1', 'delayed'],
      ['m2', 'inFlight'],
      ['m3', 'visible'],
    ]);
  });
});

describe('advance', () => {
  it('shows only the hidden messages that are due, and says how many', () => {
    store.add(message(1), 0, 10);
    store.add(message(2), 0, 20);
    store.add(message(3), 0, 21);
    expect(store.advance(20, RETENTION)).toBe(2);
    expect(counts()).toEqual({ size: 3, visible: 2, inFlight: 0, delayed: 1 });
    expect(store.nextVisibleAt()).toBe(21);
    expect(store.advance(20, RETENTION)).toBe(0);
  });

  it('shows messages hidden until the same moment in queue order', () => {
    store.add(message(2), 0, 10);
    store.add(message(1), 0, 10);
    store.advance(10, RETENTION);
    expect(takeAll()).toEqual(['m1', 'm2']);
  });

  it('moves nothing before its time', () => {
    const m = message(1);
    store.add(m, 0, 10);
    expect(store.advance(9, RETENTION)).toBe(0);
    expect(m.state).toBe('delayed');
  });
});

describe('in flight', () => {
  it('hides a taken message until the given time, then shows it again', () => {
    store.add(message(1), 0, 0);
    const m = store.takeVisible()!;
    store.setInFlight(m, 30);
    expect(m.state).toBe('inFlight');
    expect(counts()).toEqual({ size: 1, visible: 0, inFlight: 1, delayed: 0 });
    store.advance(29, RETENTION);
    expect(m.state).toBe('inFlight');
    store.advance(30, RETENTION);
    expect(m.state).toBe('visible');
    expect(counts()).toEqual({ size: 1, visible: 1, inFlight: 0, delayed: 0 });
  });

  it('takes a visible message out of the visible set when it is hidden without being taken', () => {
    const m = message(1);
    store.add(m, 0, 0);
    store.setInFlight(m, 30);
    expect(counts()).toEqual({ size: 1, visible: 0, inFlight: 1, delayed: 0 });
    expect(store.takeVisible()).toBeUndefined();
  });

  it('re-times an in-flight message, earlier or later', () => {
    store.add(message(1), 0, 0);
    store.add(message(2), 0, 0);
    const [a, b] = [store.takeVisible()!, store.takeVisible()!];
    store.setInFlight(a, 100);
    store.setInFlight(b, 50);
    store.setInFlight(a, 10);
    expect(store.nextVisibleAt()).toBe(10);
    store.setInFlight(a, 200);
    expect(store.nextVisibleAt()).toBe(50);
    expect(store.inFlightCount).toBe(2);
    expect(store.advance(50, RETENTION)).toBe(1);
    expect(b.state).toBe('visible');
  });

  it('turns a delayed message into an in-flight one without leaving it counted as delayed', () => {
    const m = message(1);
    store.add(m, 0, 100);
    store.setInFlight(m, 30);
    expect(counts()).toEqual({ size: 1, visible: 0, inFlight: 1, delayed: 0 });
  });
});

describe('remove', () => {
  it('removes a message in any state and keeps the counts right', () => {
    const visible = message(1);
    const delayed = message(2);
    const inFlight = message(3);
    store.add(visible, 0, 0);
    store.add(delayed, 0, 10);
    store.add(inFlight, 0, 0);
    store.setInFlight(inFlight, 10);
    store.remove(delayed);
    expect(counts()).toEqual({ size: 2, visible: 1, inFlight: 1, delayed: 0 });
    store.remove(inFlight);
    store.remove(visible);
    expect(counts()).toEqual({ size: 0, visible: 0, inFlight: 0, delayed: 0 });
    expect(store.list()).toEqual([]);
    expect(store.nextVisibleAt()).toBeUndefined();
  });

  it('removes a taken message', () => {
    store.add(message(1), 0, 0);
    const m = store.takeVisible()!;
    store.remove(m);
    expect(counts()).toEqual({ size: 0, visible: 0, inFlight: 0, delayed: 0 });
  });

  it('ignores a second removal', () => {
    const m = message(1);
    store.add(m, 0, 10);
    store.add(message(2), 0, 10);
    store.remove(m);
    store.remove(m);
    expect(counts()).toEqual({ size: 1, visible: 0, inFlight: 0, delayed: 1 });
  });

  it('leaves the others in order', () => {
    const messages = [1, 2, 3, 4, 5].map((sequence) => message(sequence));
    for (const m of messages) store.add(m, 0, 0);
    store.remove(messages[1]!);
    store.remove(messages[3]!);
    expect(takeAll()).toEqual(['m1', 'm3', 'm5']);
  });
});

describe('retention', () => {
  it('drops messages whose retention ended, in every state, and keeps the younger ones', () => {
    const visible = message(1, 0);
    const inFlight = message(2, 0);
    const delayed = message(3, 0);
    const young = message(4, 50);
    store.add(visible, 0, 0);
    store.add(inFlight, 0, 0);
    store.setInFlight(inFlight, 500);
    store.add(delayed, 0, 500);
    store.add(young, 50, 50);
    store.advance(99, 100);
    expect(store.size).toBe(4);
    expect(store.advance(100, 100)).toBe(0);
    expect(store.list()).toEqual([young]);
    expect(counts()).toEqual({ size: 1, visible: 1, inFlight: 0, delayed: 0 });
    store.advance(150, 100);
    expect(counts()).toEqual({ size: 0, visible: 0, inFlight: 0, delayed: 0 });
  });

  it('drops a due message whose retention also ended instead of showing it', () => {
    store.add(message(1, 0), 0, 100);
    expect(store.advance(100, 100)).toBe(0);
    expect(store.size).toBe(0);
  });

  it('counts retention from the enqueue time, not from when the message was added', () => {
    // A dead-letter queue adds a message with the enqueue time it had in its source queue.
    const moved = message(1, 0);
    store.add(moved, 500, 500);
    store.advance(999, 1_000);
    expect(store.size).toBe(1);
    store.advance(1_000, 1_000);
    expect(store.size).toBe(0);
  });

  it('drops messages in enqueue order, whatever their queue order', () => {
    store.add(message(1, 30), 30, 30);
    store.add(message(2, 10), 30, 30);
    store.advance(110, 100);
    expect(store.list().map((m) => m.messageId)).toEqual(['m1']);
  });
});

describe('clear', () => {
  it('empties every state', () => {
    store.add(message(1), 0, 0);
    store.add(message(2), 0, 10);
    const m = message(3);
    store.add(m, 0, 0);
    store.setInFlight(m, 10);
    store.clear();
    expect(counts()).toEqual({ size: 0, visible: 0, inFlight: 0, delayed: 0 });
    expect(store.nextVisibleAt()).toBeUndefined();
    expect(store.list()).toEqual([]);
    expect(store.advance(1_000, RETENTION)).toBe(0);
  });

  it('accepts new messages afterwards', () => {
    store.add(message(1), 0, 0);
    store.clear();
    store.add(message(2), 0, 0);
    expect(takeAll()).toEqual(['m2']);
  });
});

describe('finding received messages by id', () => {
  it('finds a message only once a receive handed it out, and no longer once it is removed', () => {
    const m = message(1);
    store.add(m, 0, 0);
    expect(store.getReceived('m1')).toBeUndefined();
    const taken = store.takeVisible()!;
    store.setInFlight(taken, 10);
    store.trackReceived(taken);
    expect(store.getReceived('m1')).toBe(m);
    store.advance(10, RETENTION);
    expect(m.state).toBe('visible');
    expect(store.getReceived('m1')).toBe(m); // visible again, its old receipt handles still name it
    store.remove(m);
    expect(store.getReceived('m1')).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('forgets a received message that retention drops, and everything on clear', () => {
    const [m1, m2] = [message(1, 0), message(2, 5)];
    for (const m of [m1, m2]) {
      store.add(m, 0, 0);
      store.setInFlight(m, 1_000);
      store.trackReceived(m);
    }
    store.advance(RETENTION, RETENTION);
    expect(store.getReceived('m1')).toBeUndefined();
    expect(store.getReceived('m2')).toBe(m2);
    store.clear();
    expect(store.getReceived('m2')).toBeUndefined();
  });

  it('does not forget another message of the same id when a stale one is removed twice', () => {
    const first = message(1);
    store.add(first, 0, 0);
    store.remove(first);
    const again = message(1);
    store.add(again, 0, 0);
    store.setInFlight(again, 10);
    store.trackReceived(again);
    store.remove(first);
    expect(store.getReceived('m1')).toBe(again);
  });
});

describe('one slot for the visible and the hidden heap', () => {
  it('moves messages between visible, delayed and in flight without losing their places', () => {
    const messages = [1, 2, 3, 4, 5, 6].map((sequence) => message(sequence));
    messages.forEach((m, i) => store.add(m, 0, i % 2 === 0 ? 0 : 10));
    expect(counts()).toEqual({ size: 6, visible: 3, inFlight: 0, delayed: 3 });
    store.setInFlight(messages[0]!, 20); // visible → in flight
    store.setInFlight(messages[1]!, 5); // delayed → in flight, earlier
    store.setInFlight(messages[1]!, 30); // re-timed in flight
    expect(counts()).toEqual({ size: 6, visible: 2, inFlight: 2, delayed: 2 });
    store.remove(messages[2]!);
    store.remove(messages[3]!);
    expect(counts()).toEqual({ size: 4, visible: 1, inFlight: 2, delayed: 1 });
    expect(store.advance(10, RETENTION)).toBe(1);
    expect(store.nextVisibleAt()).toBe(20);
    expect(store.advance(30, RETENTION)).toBe(2);
    expect(takeAll()).toEqual(['m1', 'm2', 'm5', 'm6']);
  });
});
