import { beforeEach, describe, expect, it } from 'vitest';
import { DeduplicationWindow, type AcceptedSend } from '../../src/core/messages/deduplication.js';
import { FifoMessageStore } from '../../src/services/sqs/messages/fifo-store.js';
import { formatSequenceNumber } from '../../src/core/messages/sequence-number.js';
import { QueuedMessage } from '../../src/services/sqs/messages/message.js';
import { reaches } from '../support/reaches.js';

const RETENTION = 1_000_000;
const FIVE_MINUTES = 5 * 60_000;

/** A message of `group` with queue order `sequence`, enqueued at `enqueuedAt`; its id is `m<sequence>`. */
function message(sequence: number, group: string, enqueuedAt = 0): QueuedMessage {
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
      messageGroupId: group,
      messageDeduplicationId: id,
      sequenceNumber: formatSequenceNumber(sequence),
    },
    sequence,
    enqueuedAt,
  );
}

let store: FifoMessageStore;
let nextSequence: number;

beforeEach(() => {
  store = new FifoMessageStore();
  nextSequence = 1;
});

/** Adds one message per group name, in order, visible at `now`; returns them. */
function send(groups: string[], now = 0): QueuedMessage[] {
  return groups.map((group) => {
    const m = message(nextSequence++, group, now);
    store.add(m, now, now);
    return m;
  });
}

/** Takes up to `max` receivable messages and puts them in flight until `until`, as a receive does. */
function receive(max: number, until = 1_000): string[] {
  const taken = store.takeReceivable(max);
  for (const m of taken) store.setInFlight(m, until);
  return taken.map((m) => m.messageId);
}

function counts() {
  return { size: store.size, visible: store.visibleCount, inFlight: store.inFlightCount, delayed: store.delayed };
}

describe('FifoMessageStore: order', () => {
  it('gives the visible messages of one group in send order before the next group', () => {
    send(['g1', 'g2', 'g1', 'g1']);
    expect(receive(10)).toEqual(['m1', 'm3', 'm4', 'm2']);
  });

  it('serves groups in the order their first messages were sent', () => {
    send(['g2', 'g1', 'g3']);
    expect(receive(10)).toEqual(['m1', 'm2', 'm3']);
  });

  it('stops within a group when `max` is reached', () => {
    send(['g1', 'g1', 'g1']);
    expect(receive(2)).toEqual(['m1', 'm2']);
  });

  it('takes nothing when there is no message', () => {
    expect(store.takeReceivable(10)).toEqual([]);
  });
});

describe('FifoMessageStore: group lock', () => {
  it('gives nothing of a group while its first message is in flight', () => {
    send(['g1', 'g1']);
    expect(receive(1)).toEqual(['m1']);
    expect(receive(10)).toEqual([]);
  });

  it('still gives other groups while one is locked', () => {
    send(['g1', 'g1', 'g2']);
    expect(receive(1)).toEqual(['m1']);
    expect(receive(10)).toEqual(['m3']);
  });

  it('counts messages waiting behind a message in flight as visible', () => {
    send(['g1', 'g1', 'g1']);
    receive(1);
    expect(counts()).toEqual({ size: 3, visible: 2, inFlight: 1, delayed: 0 });
  });

  it('gives only the visible prefix of a group whose later message is still in flight', () => {
    const [m1] = send(['g1', 'g1', 'g1']);
    receive(3, 1_000);
    store.setInFlight(m1!, 100);
    store.advance(100, RETENTION, 0);
    expect(receive(10)).toEqual(['m1']);
  });

  it('unlocks a group when its only message in flight is removed', () => {
    const [m1] = send(['g1', 'g1']);
    receive(1);
    store.remove(m1!);
    expect(receive(10)).toEqual(['m2']);
  });

  it('keeps a group locked while another of its messages is in flight', () => {
    const [m1] = send(['g1', 'g1', 'g1']);
    receive(2);
    store.remove(m1!);
    expect(receive(10)).toEqual([]);
  });

  it('forgets an emptied group, and takes it up again when a message of it arrives', () => {
    const [m1] = send(['g1']);
    receive(1);
    store.remove(m1!);
    expect(receive(10)).toEqual([]);
    send(['g1']);
    expect(receive(10)).toEqual(['m2']);
  });
});

describe('FifoMessageStore: order of groups after a lock', () => {
  it('puts a group whose messages came back from flight behind groups never received', () => {
    send(['g1', 'g1', 'g2', 'g3']);
    expect(receive(2, 1_000)).toEqual(['m1', 'm2']);
    expect(receive(1, 1_000)).toEqual(['m3']);
    store.advance(1_000, RETENTION, 0);
    expect(receive(10)).toEqual(['m4', 'm1', 'm2', 'm3']);
  });

  it('gives a group unlocked by removing its messages in flight the place of its next message', () => {
    // As recorded from AWS: g2 was sent before g1's third message, g3 after it.
    const sent = send(['g1', 'g2', 'g1', 'g2', 'g1', 'g1', 'g3']);
    expect(receive(2)).toEqual(['m1', 'm3']);
    store.remove(sent[0]!);
    store.remove(sent[2]!);
    expect(receive(10)).toEqual(['m2', 'm4', 'm5', 'm6', 'm7']);
  });

  it('puts a group whose first message was made visible again behind the groups already waiting', () => {
    const [m1] = send(['g1', 'g1', 'g2']);
    receive(2, 1_000);
    store.setInFlight(m1!, 0);
    store.advance(0, RETENTION, 0);
    expect(receive(10)).toEqual(['m3', 'm1']);
  });
});

describe('FifoMessageStore: visibility', () => {
  it('re-times a message in flight', () => {
    const [m1] = send(['g1']);
    receive(1, 1_000);
    store.setInFlight(m1!, 500);
    expect(store.nextVisibleAt()).toBe(500);
    store.advance(499, RETENTION, 0);
    expect(m1!.state).toBe('inFlight');
    expect(store.advance(500, RETENTION, 0)).toBe(1);
    expect(m1!.state).toBe('visible');
  });

  it('makes messages visible again in the order their timeouts end', () => {
    send(['g1', 'g2']);
    receive(10, 1_000);
    expect(store.nextVisibleAt()).toBe(1_000);
    expect(store.advance(1_000, RETENTION, 0)).toBe(2);
    expect(counts()).toEqual({ size: 2, visible: 2, inFlight: 0, delayed: 0 });
    expect(store.nextVisibleAt()).toBe(RETENTION);
  });
});

describe('FifoMessageStore: delay', () => {
  it('holds a message due later as delayed until the queue delay has passed since its send', () => {
    store.advance(0, RETENTION, 100);
    const m = message(1, 'g1', 0);
    store.add(m, 0, 100);
    expect(m.state).toBe('delayed');
    expect(counts()).toEqual({ size: 1, visible: 0, inFlight: 0, delayed: 1 });
    expect(store.nextVisibleAt()).toBe(100);
    store.advance(99, RETENTION, 100);
    expect(receive(10)).toEqual([]);
    store.advance(100, RETENTION, 100);
    expect(receive(10)).toEqual(['m1']);
  });

  it('releases delayed messages sooner when the queue delay is lowered', () => {
    store.advance(0, RETENTION, 100);
    store.add(message(1, 'g1', 0), 0, 100);
    store.advance(10, RETENTION, 20);
    expect(receive(10)).toEqual([]);
    store.advance(20, RETENTION, 20);
    expect(receive(10)).toEqual(['m1']);
  });

  it('holds delayed messages longer when the queue delay is raised', () => {
    store.advance(0, RETENTION, 100);
    store.add(message(1, 'g1', 0), 0, 100);
    store.advance(100 - 1, RETENTION, 300);
    expect(store.nextVisibleAt()).toBe(300);
    store.advance(299, RETENTION, 300);
    expect(counts().delayed).toBe(1);
    store.advance(300, RETENTION, 300);
    expect(counts()).toEqual({ size: 1, visible: 1, inFlight: 0, delayed: 0 });
  });

  it('puts a message due now behind delayed ones, so a group keeps its order', () => {
    store.advance(0, RETENTION, 100);
    store.add(message(1, 'g1', 0), 0, 100);
    const late = message(2, 'g1', 50);
    store.add(late, 50, 50);
    expect(late.state).toBe('delayed');
    store.advance(150, RETENTION, 100);
    expect(receive(10)).toEqual(['m1', 'm2']);
  });

  it('releases delayed messages into their groups in send order', () => {
    store.advance(0, RETENTION, 100);
    for (const [sequence, group] of [
      [1, 'g2'],
      [2, 'g1'],
      [3, 'g2'],
    ] as const)
      store.add(message(sequence, group, 0), 0, 100);
    store.advance(100, RETENTION, 100);
    expect(receive(10)).toEqual(['m1', 'm3', 'm2']);
  });

  it('reports the end of the oldest message’s retention, which may unlock its group', () => {
    send(['g1'], 0);
    send(['g1'], 50);
    receive(1, 10_000);
    store.advance(0, 100, 0);
    expect(store.nextVisibleAt()).toBe(100);
  });

  it('reports nothing for an empty store', () => {
    store.advance(0, 100, 100);
    expect(store.nextVisibleAt()).toBeUndefined();
  });

  it('reports the earlier of the next delay end and the next visibility timeout end', () => {
    send(['g1']);
    receive(1, 500);
    store.advance(0, RETENTION, 300);
    store.add(message(2, 'g2', 0), 0, 300);
    expect(store.nextVisibleAt()).toBe(300);
  });
});

describe('FifoMessageStore: removal', () => {
  it('drops messages whose retention ended, in flight or not, and unlocks their group', () => {
    send(['g1'], 0);
    send(['g1', 'g2'], 50);
    receive(1, 10_000);
    store.advance(100, 100, 0);
    expect(counts()).toEqual({ size: 2, visible: 2, inFlight: 0, delayed: 0 });
    expect(receive(10)).toEqual(['m2', 'm3']);
  });

  it('removes a delayed message', () => {
    store.advance(0, RETENTION, 100);
    const m = message(1, 'g1', 0);
    store.add(m, 0, 100);
    store.remove(m);
    expect(counts()).toEqual({ size: 0, visible: 0, inFlight: 0, delayed: 0 });
    expect(store.nextVisibleAt()).toBeUndefined();
  });

  it('ignores a message removed twice', () => {
    const [m1] = send(['g1', 'g1']);
    store.remove(m1!);
    store.remove(m1!);
    expect(counts().size).toBe(1);
    expect(receive(10)).toEqual(['m2']);
  });

  it('empties on clear and works afterwards', () => {
    send(['g1', 'g2']);
    receive(1);
    store.advance(0, RETENTION, 100);
    store.add(message(nextSequence++, 'g3', 0), 0, 100);
    store.clear();
    expect(counts()).toEqual({ size: 0, visible: 0, inFlight: 0, delayed: 0 });
    expect(store.nextVisibleAt()).toBeUndefined();
    store.advance(0, RETENTION, 0);
    send(['g1']);
    expect(receive(10)).toEqual(['m4']);
  });

  it('finds received messages by id and lists all of them in send order', () => {
    const [m1, m2] = send(['g2', 'g1']);
    expect(store.getReceived('m1')).toBeUndefined();
    store.setInFlight(m1!, 10);
    store.trackReceived(m1!);
    expect(store.getReceived('m1')).toBe(m1);
    expect(store.getReceived('nope')).toBeUndefined();
    expect(store.list()).toEqual([m1, m2]);
    store.remove(m1!);
    expect(store.getReceived('m1')).toBeUndefined();
    expect(store.list()).toEqual([m2]);
  });
});

/** A version-4 UUID made from `n`, as message ids are. */
function uuidFor(n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `0000${hex.slice(0, 4)}-0000-4000-8000-${hex}`;
}

describe('DeduplicationWindow', () => {
  const first: AcceptedSend = { messageId: 'id-1', sequenceNumber: formatSequenceNumber(1) };

  it('finds a deduplication id until five minutes after it was remembered', () => {
    const window = new DeduplicationWindow('queue');
    window.remember('g1', 'd1', first, 1_000);
    expect(window.find('g1', 'd1', 1_000 + FIVE_MINUTES - 1)).toMatchObject(first);
    expect(window.find('g1', 'd1', 1_000 + FIVE_MINUTES)).toBeUndefined();
  });

  it('does not find an id it was never given', () => {
    const window = new DeduplicationWindow('queue');
    window.remember('g1', 'd1', first, 0);
    expect(window.find('g1', 'd2', 0)).toBeUndefined();
  });

  it('treats the same id in another group as a duplicate with scope queue', () => {
    const window = new DeduplicationWindow('queue');
    window.remember('g1', 'd1', first, 0);
    expect(window.find('g2', 'd1', 0)).toMatchObject(first);
  });

  it('scopes ids to their group with scope messageGroup', () => {
    const window = new DeduplicationWindow('messageGroup');
    window.remember('g1', 'd1', first, 0);
    expect(window.find('g2', 'd1', 0)).toBeUndefined();
    expect(window.find('g1', 'd1', 0)).toMatchObject(first);
  });

  it('keeps only the ids of what it remembers, not the message', () => {
    const window = new DeduplicationWindow('queue');
    window.remember('g1', 'd1', { ...first, body: 'x'.repeat(1000) } as AcceptedSend, 0);
    expect(window.find('g1', 'd1', 0)).not.toHaveProperty('body');
  });

  it('expires older ids while keeping newer ones', () => {
    const window = new DeduplicationWindow('queue');
    window.remember('g1', 'd1', first, 0);
    window.remember('g1', 'd2', { messageId: 'id-2', sequenceNumber: formatSequenceNumber(2) }, 1_000);
    expect(window.find('g1', 'd1', FIVE_MINUTES)).toBeUndefined();
    expect(window.find('g1', 'd2', FIVE_MINUTES)).toMatchObject({ messageId: 'id-2' });
  });

  it('remembers an id afresh after it expired', () => {
    const window = new DeduplicationWindow('queue');
    window.remember('g1', 'd1', first, 0);
    expect(window.find('g1', 'd1', FIVE_MINUTES)).toBeUndefined();
    window.remember('g1', 'd1', { messageId: 'id-2', sequenceNumber: formatSequenceNumber(2) }, FIVE_MINUTES);
    expect(window.find('g1', 'd1', 2 * FIVE_MINUTES - 1)).toMatchObject({ messageId: 'id-2' });
  });

  it('answers a stored message by its ids, and keeps only them once it has left', () => {
    const window = new DeduplicationWindow('queue');
    const stored = message(7, 'g1', 1_000);
    window.rememberStored(stored);
    expect(window.find('g2', 'm7', 1_000)).toEqual({ messageId: 'm7', sequenceNumber: formatSequenceNumber(7) });
    expect(reaches(window, stored)).toBe(true);
    window.release(stored);
    expect(reaches(window, stored)).toBe(false);
    // Accepted when it was enqueued, released or not.
    expect(window.find('g1', 'm7', 1_000 + FIVE_MINUTES - 1)).toEqual({
      messageId: 'm7',
      sequenceNumber: formatSequenceNumber(7),
    });
    expect(window.find('g1', 'm7', 1_000 + FIVE_MINUTES)).toBeUndefined();
  });

  it('keeps no string of a released message whose ids are the queue’s own: a UUID and its count', () => {
    const window = new DeduplicationWindow('messageGroup');
    const id = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';
    const deduplicationId = 'a'.repeat(64);
    const stored = new QueuedMessage(
      { ...message(1, 'g1').content, messageId: id, messageDeduplicationId: deduplicationId },
      41,
      0,
      41,
    );
    window.rememberStored(stored);
    window.release(stored);
    expect(reaches(window, id) || reaches(window, deduplicationId) || reaches(window, 'g1')).toBe(false);
    expect(window.find('g1', deduplicationId, 0)).toEqual({ messageId: id, sequenceNumber: formatSequenceNumber(41) });
    expect(window.find('g2', deduplicationId, 0)).toBeUndefined();
    expect(window.find('g1', 'a'.repeat(63) + 'b', 0)).toBeUndefined();
  });

  it('leaves an entry alone when another message holds its id', () => {
    const window = new DeduplicationWindow('queue');
    const first = message(1, 'g1');
    window.rememberStored(first);
    const other = new QueuedMessage({ ...first.content, messageId: 'other' }, 2, 0, 2);
    window.release(other);
    expect(reaches(window, first)).toBe(true);
    expect(window.find('g1', 'm1', 0)).toEqual({ messageId: 'm1', sequenceNumber: formatSequenceNumber(1) });
  });

  it('remembers thousands of sends, in and out of the queue, and drops each at its five minutes', () => {
    const window = new DeduplicationWindow('messageGroup');
    const stored: QueuedMessage[] = [];
    for (let i = 1; i <= 3000; i++) {
      const at = 100 * i;
      if (i % 3 === 0)
        window.remember(`g${i % 7}`, `d${i}`, { messageId: `sns-${i}`, sequenceNumber: formatSequenceNumber(i) }, at);
      else {
        const m = new QueuedMessage(
          { ...message(i, `g${i % 7}`, at).content, messageId: uuidFor(i), messageDeduplicationId: `d${i}` },
          i,
          at,
          i,
        );
        window.rememberStored(m);
        stored.push(m);
      }
    }
    for (const m of stored.filter((_, j) => j % 2 === 0)) window.release(m);
    expect(window.size).toBe(3000);
    const now = 100 * 1500 + FIVE_MINUTES;
    for (const i of [1, 2, 3, 1500]) expect(window.find(`g${i % 7}`, `d${i}`, now)).toBeUndefined();
    expect(window.size).toBe(1500);
    for (const i of [1501, 1502, 1503, 2999, 3000]) {
      expect(window.find(`g${i % 7}`, `d${i}`, now)).toEqual({
        messageId: i % 3 === 0 ? `sns-${i}` : uuidFor(i),
        sequenceNumber: formatSequenceNumber(i),
      });
      expect(window.find(`g${(i + 1) % 7}`, `d${i}`, now)).toBeUndefined();
    }
    window.expire(100 * 3000 + FIVE_MINUTES);
    expect(window.size).toBe(0);
    expect(window.find('g1', 'd3000', 0)).toBeUndefined();
  });

  it('forgets everything on clear', () => {
    const window = new DeduplicationWindow('queue');
    window.remember('g1', 'd1', first, 0);
    window.clear();
    expect(window.find('g1', 'd1', 0)).toBeUndefined();
  });
});

describe('FifoMessageStore telling of messages that leave', () => {
  it('names every message removed, by delete or by retention, but not on clear', () => {
    const left: string[] = [];
    const watched = new FifoMessageStore((m) => left.push(m.messageId));
    const [a, b, c] = [message(1, 'g1', 0), message(2, 'g1', 10), message(3, 'g2', 20)];
    for (const m of [a, b, c]) watched.add(m!, 20, 20);
    watched.remove(b!);
    watched.advance(RETENTION + 5, RETENTION, 0);
    expect(left).toEqual(['m2', 'm1']);
    watched.clear();
    expect(left).toEqual(['m2', 'm1']);
  });
});

describe('formatSequenceNumber', () => {
  it('writes 20 decimal digits', () => {
    expect(formatSequenceNumber(1)).toBe('10000000000000000001');
    expect(formatSequenceNumber(123_456_789)).toMatch(/^\d{20}$/);
  });

  it('grows with the counter, also compared as numbers', () => {
    const numbers = [1, 2, 10, 1_000_000].map((n) => BigInt(formatSequenceNumber(n)));
    expect([...numbers].sort((a, b) => (a < b ? -1 : 1))).toEqual(numbers);
    expect(new Set(numbers).size).toBe(4);
  });

  it('is 10^19 plus the counter, however large the counter', () => {
    for (const n of [0, 9, 10, 2 ** 31, Number.MAX_SAFE_INTEGER]) {
      expect(formatSequenceNumber(n)).toBe((10n ** 19n + BigInt(n)).toString());
    }
  });
});
