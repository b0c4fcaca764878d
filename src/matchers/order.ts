/**
 * `expect(queue).toHaveMessagesInOrder(['a', 'b'], { group: 'g' })`: the queue's messages (of one FIFO message group,
 * when given), in queue order and of every state, are exactly these, each matched as toContainMessage matches a
 * body. Same conventions as core.ts.
 */
import type { MatcherOutcome } from './outcome.js';
import { requireMatch } from './expected.js';
import { describeExpected, listBodies, plural } from './format.js';
import { bodyMatches, type Equals } from './match.js';
import { subjectOf } from './names.js';
import { orderOptions } from './options.js';
import { asQueueView } from './received.js';

export function toHaveMessagesInOrder(
  received: unknown,
  expected: unknown,
  equals: Equals,
  options?: unknown,
): MatcherOutcome {
  const matcher = 'toHaveMessagesInOrder';
  const queue = asQueueView(received, matcher);
  if (!Array.isArray(expected)) {
    throw new TypeError(
      `${matcher}: expected an array of bodies (strings, objects or asymmetric matchers), got ${describeExpected(expected)}`,
    );
  }
  const wanted = expected.map((item: unknown) => requireMatch(item, matcher));
  const { group } = orderOptions(options, matcher);
  const bodies = queue
    .messages()
    .filter((m) => group === undefined || m.messageGroupId === group)
    .map((m) => m.body);
  const length = Math.max(bodies.length, wanted.length);
  let differsAt = -1;
  for (let i = 0; i < length && differsAt < 0; i++) {
    if (i >= bodies.length || i >= wanted.length || !bodyMatches(bodies[i]!, wanted[i]!, equals)) differsAt = i;
  }
  const where = group === undefined ? '' : ` in group ${JSON.stringify(group)}`;
  const subject = subjectOf('queue', queue);
  const expectation = `hold${where}, in this order, messages matching ${describeExpected(wanted)}`;
  const holds = bodies.length ? `${plural(bodies.length, 'message')}: ${listBodies(bodies)}` : 'none';
  return {
    pass: differsAt < 0,
    missing: differsAt >= 0,
    message: () =>
      differsAt < 0
        ? `expected ${subject} not to ${expectation}, but it does: ${listBodies(bodies)}`
        : `expected ${subject} to ${expectation}, but it holds${where} ${holds}; they differ from position ${differsAt + 1}`,
  };
}
