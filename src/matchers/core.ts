/**
 * The assertions, framework-neutral (the delivery and order ones are in deliveries.ts and order.ts): each
 * takes what `expect()` received, the matcher's arguments and the framework's `equals`, and returns
 * `{ pass, message }` as `expect.extend` wants.
 * `message` always describes the failure of the assertion as written: when `pass` is true it is the
 * text for `.not` (the framework decides which one applies).
 *
 * Misuse (not a view, a count that is not a count, nothing to look for) throws instead of returning
 * `pass: false`, so that `.not` cannot turn a broken assertion into a passing one.
 */
import type { MessageState } from '../services/sqs/messages/message.js';
import { requireMatch } from './expected.js';
import { describeExpected, doesOrDo, listBodies, plural } from './format.js';
import { bodyMatches, type Equals } from './match.js';
import type { MatcherOutcome } from './outcome.js';
import { isCount, messageMatchOptions } from './options.js';
import { quoted, subjectOf } from './names.js';
import { asQueueView, asTopicView } from './received.js';
import { search } from './search.js';

export type { Equals, MessageMatch } from './match.js';
export { toHaveDeliveredTo, toHaveFilteredOut } from './deliveries.js';
export { toHaveMessagesInOrder } from './order.js';
export {
  toHaveBeenInvoked,
  toHaveBeenInvokedWithRecord,
  toHaveLastInvocationOutcome,
  toHaveSucceededEveryTime,
} from './invocations.js';

const STATES: readonly MessageState[] = ['visible', 'inFlight', 'delayed'];

/** The queue holds exactly `count` messages, of every state or of the one given. */
export function toHaveMessageCount(received: unknown, count: unknown, state?: unknown): MatcherOutcome {
  const queue = asQueueView(received, 'toHaveMessageCount');
  if (!isCount(count)) {
    throw new TypeError(
      `toHaveMessageCount: the count must be a whole number of 0 or more, got ${describeExpected(count)}`,
    );
  }
  if (state !== undefined && !STATES.includes(state as MessageState)) {
    throw new TypeError(
      `toHaveMessageCount: the state must be one of ${STATES.map((s) => `"${s}"`).join(', ')}, got ${describeExpected(state)}`,
    );
  }
  const all = queue.messages();
  const counted = state === undefined ? all : all.filter((m) => m.state === state);
  const bodies = counted.map((m) => m.body);
  const noun = state === undefined ? 'message' : `${state as string} message`;
  const subject = subjectOf('queue', queue);
  return {
    pass: counted.length === count,
    missing: counted.length < count,
    message: () =>
      counted.length === count
        ? `expected ${subject} not to hold ${plural(count, noun)}, but it does${bodies.length ? `: ${listBodies(bodies)}` : ''}`
        : `expected ${subject} to hold ${plural(count, noun)}, but it holds ${bodies.length ? `${bodies.length}: ${listBodies(bodies)}` : 'none'}` +
          (state === undefined ? '' : ` (${breakdown(all.map((m) => m.state))})`),
  };
}

/**
 * The queue holds a message whose body is the string, or is JSON containing the object (see `bodyMatches`), and
 * that carries the `attributes` given; with `times`, exactly that many such messages. With options, `expected`
 * may be `undefined`: any body.
 */
export function toContainMessage(
  received: unknown,
  expected: unknown,
  equals: Equals,
  options?: unknown,
): MatcherOutcome {
  const queue = asQueueView(received, 'toContainMessage');
  const settings = messageMatchOptions(options, 'toContainMessage');
  const wanted =
    expected === undefined && options !== undefined ? undefined : requireMatch(expected, 'toContainMessage');
  const messages = queue.messages().map((m) => ({ body: m.body, attributes: m.messageAttributes }));
  const subject = subjectOf('queue', queue);
  return search({ subject, verbPhrase: 'contain', verb: 'holds', noun: 'message' }, messages, wanted, settings, equals);
}

/**
 * The queue's dead-letter queue holds a message that came from this queue (its
 * DeadLetterQueueSourceArn), matching `expected` if given.
 */
export function toHaveDeadLetter(received: unknown, expected: unknown, equals: Equals): MatcherOutcome {
  const queue = asQueueView(received, 'toHaveDeadLetter');
  const wanted = expected === undefined ? undefined : requireMatch(expected, 'toHaveDeadLetter');
  const subject = subjectOf('queue', queue);
  const target = wanted === undefined ? 'a dead letter' : `a dead letter matching ${describeExpected(wanted)}`;
  const dlq = queue.deadLetterQueue();
  if (!dlq) {
    const message = `expected ${subject} to have ${target}, but it has no dead-letter queue (no RedrivePolicy, or its target queue does not exist)`;
    return { pass: false, message: () => message };
  }
  const held = dlq.messages();
  const fromQueue = held.filter((m) => m.deadLetterQueueSourceArn === queue.arn).map((m) => m.body);
  const matching = wanted === undefined ? fromQueue : fromQueue.filter((body) => bodyMatches(body, wanted, equals));
  const where = `its dead-letter queue ${quoted(dlq)}`;
  const others = held.length - fromQueue.length;
  const otherNote = others > 0 ? ` (and ${plural(others, 'other message')})` : '';
  const fromIt = fromQueue.length
    ? `${plural(fromQueue.length, 'message')} from it: ${listBodies(fromQueue)}`
    : 'none from it';
  return {
    pass: matching.length > 0,
    missing: matching.length === 0,
    message: () => {
      if (matching.length === 0)
        return `expected ${subject} to have ${target}, but ${where} holds ${fromIt}${otherNote}`;
      if (wanted === undefined) return `expected ${subject} not to have ${target}, but ${where} holds ${fromIt}`;
      return `expected ${subject} not to have ${target}, but ${where} holds ${plural(matching.length, 'such message')} from it: ${listBodies(matching)}`;
    },
  };
}

/**
 * The topic accepted a Publish (or PublishBatch entry) whose Message matches `expected` and that carries the
 * `attributes` given; with `times`, exactly that many. Without `expected`, any message.
 */
export function toHavePublished(
  received: unknown,
  expected: unknown,
  equals: Equals,
  options?: unknown,
): MatcherOutcome {
  const topic = asTopicView(received, 'toHavePublished');
  const settings = messageMatchOptions(options, 'toHavePublished');
  const subject = subjectOf('topic', topic);
  const published = topic.published().map((p) => ({ body: p.message, attributes: p.messageAttributes }));
  if (expected === undefined && options === undefined) {
    const bodies = published.map((p) => p.body);
    return {
      pass: bodies.length > 0,
      message: () =>
        bodies.length > 0
          ? `expected ${subject} not to have published a message, but it published ${plural(bodies.length, 'message')}: ${listBodies(bodies)}`
          : `expected ${subject} to have published a message, but it published none`,
    };
  }
  const wanted = expected === undefined ? undefined : requireMatch(expected, 'toHavePublished');
  const text = { subject, verbPhrase: 'have published', verb: 'published', noun: 'message' };
  return search(text, published, wanted, settings, equals);
}

/** `3 messages in all: 2 visible, 1 inFlight`. */
function breakdown(states: MessageState[]): string {
  const counts = STATES.map((state) => [state, states.filter((s) => s === state).length] as const).filter(
    ([, n]) => n > 0,
  );
  return `${plural(states.length, 'message')} in all${counts.length ? `: ${counts.map(([state, n]) => `${n} ${state}`).join(', ')}` : ''}`;
}
