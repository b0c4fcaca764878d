/**
 * Where a topic's messages went: `expect(topic).toHaveDeliveredTo(queue)` and `toHaveFilteredOut(queue)`, read
 * from each published message's deliveries (`TopicView.published()`, offers.ts), so they see what SNS did at publish
 * time, whatever the queue's consumers did since. Same conventions as core.ts.
 */
import type { MatcherOutcome } from './outcome.js';
import { requireMatch } from './expected.js';
import { describeExpected, listBodies, plural } from './format.js';
import { bodyMatches, type Equals, type MessageMatch } from './match.js';
import { subjectOf } from './names.js';
import { notOffered, offerFates, offersTo } from './offers.js';
import { asTopicView, queueTarget, type QueueTarget } from './received.js';

/** Some published message (matching `expected`, if given) reached the queue through a subscription. */
export function toHaveDeliveredTo(
  received: unknown,
  queue: unknown,
  expected: unknown,
  equals: Equals,
): MatcherOutcome {
  const matcher = 'toHaveDeliveredTo';
  const { subject, target, what, offers, none } = read(received, queue, expected, equals, matcher);
  const delivered = offers.filter((offer) => offer.deliveries.some((d) => d.delivered));
  const expectation = `have delivered a message${what} to ${target.label}`;
  return {
    pass: delivered.length > 0,
    message: () => {
      if (delivered.length > 0) {
        return `expected ${subject} not to ${expectation}, but it delivered ${plural(delivered.length, 'message')}: ${listBodies(delivered.map((o) => o.body))}`;
      }
      if (none) return `expected ${subject} to ${expectation}, but ${none}`;
      const reasons = offerFates(offers, false);
      const why = reasons.length ? reasons.join(' and ') : 'none was delivered';
      return `expected ${subject} to ${expectation}, but of the ${plural(offers.length, 'message')} offered to it, ${why}`;
    },
  };
}

/** Some published message (matching `expected`, if given) was kept from the queue by a subscription's filter policy. */
export function toHaveFilteredOut(
  received: unknown,
  queue: unknown,
  expected: unknown,
  equals: Equals,
): MatcherOutcome {
  const matcher = 'toHaveFilteredOut';
  const { subject, target, what, offers, none } = read(received, queue, expected, equals, matcher);
  const filtered = offers.filter((offer) => offer.deliveries.some((d) => d.filteredOut));
  const expectation = `have filtered out a message${what} from ${target.label}`;
  return {
    pass: filtered.length > 0,
    message: () => {
      if (filtered.length > 0) {
        return `expected ${subject} not to ${expectation}, but its filter policy kept ${plural(filtered.length, 'message')} from it: ${listBodies(filtered.map((o) => o.body))}`;
      }
      if (none) return `expected ${subject} to ${expectation}, but ${none}`;
      return `expected ${subject} to ${expectation}, but every one of the ${plural(offers.length, 'message')} offered to it passed the filter policy: ${listBodies(offers.map((o) => o.body))}`;
    },
  };
}

/** What both matchers read, and why no message was offered to the queue at all, when none was. */
function read(received: unknown, queue: unknown, expected: unknown, equals: Equals, matcher: string) {
  const topic = asTopicView(received, matcher);
  const target: QueueTarget = queueTarget(queue, matcher, topic);
  const wanted: MessageMatch | undefined = expected === undefined ? undefined : requireMatch(expected, matcher);
  const what = wanted === undefined ? '' : ` matching ${describeExpected(wanted)}`;
  const published = topic.published().filter((p) => wanted === undefined || bodyMatches(p.message, wanted, equals));
  const offers = offersTo(published, target.arn, 'sqs');
  const none = offers.length === 0 ? notOffered(topic, published.length, target.arn, 'sqs', what) : undefined;
  return { subject: subjectOf('topic', topic), target, what, offers, none };
}
