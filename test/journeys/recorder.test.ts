import { describe, expect, it } from 'vitest';
import { bodyPreview, JourneyRecorder } from '../../src/core/journeys/index.js';
import { BODY_PREVIEW_CHARS } from '../../src/core/journeys/step.js';
import type { Clock } from '../../src/core/clock.js';
import { JOURNEY_VOCABULARY } from '../../src/account/services.js';

function clockAt(start = Date.UTC(2024, 0, 1)): Clock & { move(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    setTimeout: () => undefined,
    clearTimeout: () => undefined,
    sharesGlobalTimers: false,
    move: (ms: number) => (now += ms),
  };
}

describe('JourneyRecorder', () => {
  it('follows a message from Publish through its queue copy, both ways, and renders one line per step', () => {
    const clock = clockAt();
    const recorder = new JourneyRecorder(100, clock, JOURNEY_VOCABULARY);
    const at = () => clock.now();
    recorder.record({ at: at(), service: 'sns', kind: 'published', where: 'orders', messageId: 'sns-1' });
    recorder.record({
      at: at(),
      service: 'sns',
      kind: 'delivered',
      where: 'orders-q',
      messageId: 'sns-1',
      nextMessageId: 'sqs-1',
      source: 'orders',
    });
    recorder.record({ at: at(), service: 'sqs', kind: 'sent', where: 'orders-q', messageId: 'sqs-1' });
    recorder.record({ at: at(), service: 'sqs', kind: 'sent', where: 'other', messageId: 'sqs-2' });
    clock.move(60_000);
    recorder.record({
      at: at(),
      service: 'sqs',
      kind: 'visibleAgain',
      where: 'orders-q',
      messageId: 'sqs-1',
      receiveCount: 1,
      maxReceiveCount: 3,
    });
    for (const id of ['sns-1', 'sqs-1']) {
      const journey = recorder.journey(id);
      expect(journey.steps.map((s) => s.kind)).toEqual(['published', 'delivered', 'sent', 'visibleAgain']);
    }
    expect(String(recorder.journey('sqs-1'))).toBe(
      [
        '+0.000s   sns     orders    published',
        '+0.000s   sns     orders-q  delivered     from topic orders, as sqs-1',
        '+0.000s   sqs     orders-q  sent',
        '+60.000s  sqs     orders-q  visibleAgain  receive count 1 of 3',
      ].join('\n'),
    );
    expect(recorder.timeline().steps).toHaveLength(5);
  });

  it('orders steps by time, a step recorded late for an earlier moment in its place', () => {
    const clock = clockAt();
    const recorder = new JourneyRecorder(100, clock, JOURNEY_VOCABULARY);
    const t0 = clock.now();
    recorder.record({ at: t0, service: 'sqs', kind: 'received', where: 'q', messageId: 'm' });
    recorder.record({ at: t0 + 30_000, service: 'sqs', kind: 'deleted', where: 'q', messageId: 'm' });
    recorder.record({ at: t0 + 10_000, service: 'sqs', kind: 'visibleAgain', where: 'q', messageId: 'm' });
    expect(recorder.journey('m').steps.map((s) => s.kind)).toEqual(['received', 'visibleAgain', 'deleted']);
  });

  it('finds a batch by its request id without one message of the batch pulling in the others', () => {
    const recorder = new JourneyRecorder(100, clockAt(), JOURNEY_VOCABULARY);
    for (const id of ['a', 'b']) {
      recorder.record({ at: 0, service: 'lambda', kind: 'invoked', where: 'fn', messageId: id, requestId: 'r1' });
    }
    expect(recorder.journey('r1').steps.map((s) => s.messageId)).toEqual(['a', 'b']);
    expect(recorder.journey('a').steps.map((s) => s.messageId)).toEqual(['a']);
  });

  it('keeps the last `limit` steps, and forgets the index of the ones it drops', () => {
    const recorder = new JourneyRecorder(3, clockAt(), JOURNEY_VOCABULARY);
    for (let i = 0; i < 10; i++) {
      recorder.record({ at: i, service: 'sqs', kind: 'sent', where: 'q', messageId: `m${i}` });
    }
    expect(recorder.size).toBe(3);
    expect(recorder.timeline().steps.map((s) => s.messageId)).toEqual(['m7', 'm8', 'm9']);
    expect(recorder.journey('m1').found).toBe(false);
    expect(String(recorder.journey('m1'))).toMatch(/no steps recorded for "m1".*keeps the last 3/);
  });

  it('forgets a dropped step under every id it named, whether the id named one step or several', () => {
    const recorder = new JourneyRecorder(4, clockAt(), JOURNEY_VOCABULARY);
    const sent = (at: number, messageId: string) =>
      recorder.record({ at, service: 'sqs', kind: 'sent', where: 'q', messageId });
    sent(0, 'a');
    sent(1, 'b');
    recorder.record({ at: 2, service: 'sqs', kind: 'received', where: 'q', messageId: 'a', requestId: 'r' });
    recorder.record({ at: 3, service: 'sqs', kind: 'deleted', where: 'q', messageId: 'a', requestId: 'r' });
    expect(recorder.journey('a').steps.map((s) => s.kind)).toEqual(['sent', 'received', 'deleted']);
    expect(recorder.journey('r').steps.map((s) => s.kind)).toEqual(['sent', 'received', 'deleted']);
    sent(4, 'c'); // drops a's `sent`
    sent(5, 'd'); // drops b's only step
    expect(recorder.journey('a').steps.map((s) => s.kind)).toEqual(['received', 'deleted']);
    expect(recorder.journey('b').found).toBe(false);
    sent(6, 'e'); // drops a's `received`, under `a` and under `r`
    expect(recorder.journey('r').steps.map((s) => s.kind)).toEqual(['deleted']);
    sent(7, 'f'); // drops a's last step
    expect(recorder.journey('a').found).toBe(false);
    expect(recorder.journey('r').found).toBe(false);
    expect(recorder.timeline().steps.map((s) => s.messageId)).toEqual(['c', 'd', 'e', 'f']);
  });

  it('files steps in the index when a journey is read: steps that left the ring unread are not found', () => {
    const recorder = new JourneyRecorder(3, clockAt(), JOURNEY_VOCABULARY);
    const sent = (at: number, messageId: string) =>
      recorder.record({ at, service: 'sqs', kind: 'sent', where: 'q', messageId });
    sent(0, 'a');
    sent(1, 'b');
    expect(recorder.journey('a').found).toBe(true);
    for (const [at, id] of ['c', 'd', 'e', 'f'].entries()) sent(2 + at, id);
    for (const id of ['a', 'b', 'c']) expect(recorder.journey(id).found).toBe(false);
    for (const id of ['d', 'e', 'f']) expect(recorder.journey(id).steps.map((s) => s.messageId)).toEqual([id]);
    recorder.clear();
    sent(9, 'a');
    expect(recorder.journey('a').steps.map((s) => s.at.valueOf())).toEqual([9]);
    expect(recorder.journey('d').found).toBe(false);
  });

  it('previews each body as its own text, a body sent again included', () => {
    for (const body of ['hello', 'hello', 'other', 'hello', 'x'.repeat(50), 'x'.repeat(50), '"quoted"']) {
      const expected = body.length <= BODY_PREVIEW_CHARS ? JSON.stringify(body) : undefined;
      if (expected !== undefined) expect(bodyPreview(body)).toBe(expected);
      else expect(bodyPreview(body)).toBe(`${JSON.stringify(body.slice(0, BODY_PREVIEW_CHARS))}… (50 chars)`);
    }
  });

  it('previews a long body from the start its sender gives, the same text, and from the body when that is short', () => {
    const head = '{"Type" : "Notification", "MessageId" : "0123456789abcdef", ';
    const body = head + '"UnsubscribeURL" : "x"}';
    expect(bodyPreview(body, head)).toBe(bodyPreview(body));
    expect(bodyPreview(body, '{"Ty')).toBe(bodyPreview(body));
    // Shared by the copies of one publish: the same start and length, the same text.
    expect(bodyPreview(head + '"UnsubscribeURL" : "y"}', head)).toBe(bodyPreview(body, head));
    expect(bodyPreview(head + '"UnsubscribeURL" : "yy"}', head)).toMatch(/\(84 chars\)$/);
  });

  it('answers an empty journey that says so for an unknown id, and records nothing at 0', () => {
    const off = new JourneyRecorder(0, clockAt(), JOURNEY_VOCABULARY);
    off.record({ at: 0, service: 'sqs', kind: 'sent', where: 'q', messageId: 'm' });
    expect(off.journey('m').steps).toEqual([]);
    expect(String(off.journey('m'))).toMatch(/journeys are off/);
    expect(String(new JourneyRecorder(5, clockAt(), JOURNEY_VOCABULARY).journey('nope'))).toMatch(
      /no steps recorded for "nope"/,
    );
  });

  it('renders a Mermaid sequence diagram with an arrow for each hand-over', () => {
    const recorder = new JourneyRecorder(100, clockAt(), JOURNEY_VOCABULARY);
    recorder.record({ at: 0, service: 'sns', kind: 'published', where: 'orders', messageId: 's' });
    recorder.record({
      at: 0,
      service: 'sns',
      kind: 'delivered',
      where: 'q',
      messageId: 's',
      nextMessageId: 'm',
      source: 'orders',
      endpointService: 'sqs',
    });
    recorder.record({ at: 5, service: 'sqs', kind: 'deadLettered', where: 'q', messageId: 'm', target: 'dlq' });
    expect(recorder.journey('m').toMermaid()).toBe(
      [
        'sequenceDiagram',
        '  participant p1 as sns orders',
        '  Note over p1: +0.000s published',
        '  participant p2 as sqs q',
        '  p1->>p2: +0.000s delivered from topic orders, as m',
        '  participant p3 as sqs dlq',
        '  p2->>p3: +0.005s deadLettered to dlq',
      ].join('\n'),
    );
  });
});
