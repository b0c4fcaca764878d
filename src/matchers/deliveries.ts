/**
 * Where a topic's messages went: `expect(topic).toHaveDeliveredTo(queue)` and `toHaveFilteredOut(queue)`, read
 * from each published message's deliveries (`TopicView.published()`), so they see what SNS did at publish time,
 * whatever the queue's consumers did since. Same conventions as core.ts.
 */
import type { Delivery } from '../sns/published.js';
import type { MatcherOutcome } from './outcome.js';
import { requireMatch } from './expected.js';
import { describeExpected, listBodies, plural } from './format.js';
import { bodyMatches, type Equals, type MessageMatch } from './match.js';
import { subjectOf } from './names.js';
import { asTopicView, queueTarget, type QueueTarget } from './received.js';

/** One published message, and what happened to it at the subscriptions of the queue in question. */
interface Offer {
  readonly body: string;
  readonly deliveries: readonly Delivery[];
}

/** Some published message (matching `expected`, if given) reached the queue through a subscription. */
export function toHaveDeliveredTo(
  received: unknown,
  queue: unknown,
  expected: unknown,
  equals: Equals,
): MatcherOutcome {
  const matcher = 'toHaveDeliveredTo';
  const { subject, target, what, offers, notOffered } = read(received, queue, expected, equals, matcher);
  const delivered = offers.filter((offer) => offer.deliveries.some((d) => d.delivered));
  const expectation = `have delivered a message${what} to ${target.label}`;
  return {
    pass: delivered.length > 0,
    message: () => {
      if (delivered.length > 0) {
        return `expected ${subject} not to ${expectation}, but it delivered ${plural(delivered.length, 'message')}: ${listBodies(delivered.map((o) => o.body))}`;
      }
      if (notOffered) return `expected ${subject} to ${expectation}, but ${notOffered}`;
      const filtered = offers.filter((offer) => offer.deliveries.every((d) => d.filteredOut));
      const failed = offers.filter((offer) => offer.deliveries.some((d) => d.failed));
      const reasons = [
        filtered.length
          ? `${filtered.length} filtered out by its filter policy (${listBodies(filtered.map((o) => o.body))})${filteredBecause(filtered)}`
          : '',
        failed.length
          ? `${failed.length} failed (${failed[0]!.deliveries.find((d) => d.failed)?.failure ?? 'delivery failed'})`
          : '',
      ].filter(Boolean);
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
  const { subject, target, what, offers, notOffered } = read(received, queue, expected, equals, matcher);
  const filtered = offers.filter((offer) => offer.deliveries.some((d) => d.filteredOut));
  const expectation = `have filtered out a message${what} from ${target.label}`;
  return {
    pass: filtered.length > 0,
    message: () => {
      if (filtered.length > 0) {
        return `expected ${subject} not to ${expectation}, but its filter policy kept ${plural(filtered.length, 'message')} from it: ${listBodies(filtered.map((o) => o.body))}`;
      }
      if (notOffered) return `expected ${subject} to ${expectation}, but ${notOffered}`;
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
  const offers: Offer[] = published
    .map((p) => ({ body: p.message, deliveries: p.deliveries.filter((d) => isTo(d, target.arn)) }))
    .filter((offer) => offer.deliveries.length > 0);
  let notOffered: string | undefined;
  if (offers.length === 0) {
    const subscriptions = topic.subscriptions().filter((s) => s.protocol === 'sqs' && s.endpoint === target.arn);
    notOffered =
      published.length === 0
        ? `it published no messages${what}`
        : subscriptions.length === 0
          ? `it has no subscription for that queue (it published ${plural(published.length, 'message')}${what})`
          : subscriptions.every((s) => s.pendingConfirmation)
            ? 'its subscription for that queue is pending confirmation'
            : `none of its ${plural(published.length, 'message')}${what} was published while the queue was subscribed`;
  }
  return { subject: subjectOf('topic', topic), target, what, offers, notOffered };
}

/** Why the first of the filtered-out messages was filtered out (its record's `filterReason`), when it says. */
function filteredBecause(filtered: readonly Offer[]): string {
  const reason = filtered[0]?.deliveries.find((d) => d.filterReason !== undefined)?.filterReason;
  if (reason === undefined) return '';
  return `${filtered.length === 1 ? '' : ', the first'} because ${reason}`;
}

function isTo(delivery: Delivery, queueArn: string): boolean {
  return delivery.protocol === 'sqs' && delivery.endpoint === queueArn;
}
