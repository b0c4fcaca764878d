/**
 * What a topic offered one endpoint (a queue, a function) and what became of each message there, read from each
 * published message's deliveries (`TopicView.published()`): the words `toHaveDeliveredTo` and a queue matcher's
 * "where the messages offered to it went" (feeds.ts) share.
 */
import type { Delivery } from '../services/sns/published.js';
import type { TopicView } from '../services/sns/views.js';
import { listBodies, plural } from './format.js';

/** One published message, and what happened to it at the endpoint's subscriptions. */
export interface Offer {
  readonly messageId: string;
  readonly body: string;
  readonly deliveries: readonly Delivery[];
}

/** The SNS protocols whose endpoint is a resource of the account. */
export type EndpointProtocol = 'sqs' | 'lambda';

/** The messages of `published` offered to the endpoint: those with a delivery record for one of its subscriptions. */
export function offersTo(
  published: ReturnType<TopicView['published']>,
  endpoint: string,
  protocol: EndpointProtocol,
): Offer[] {
  return published
    .map((p) => ({
      messageId: p.messageId,
      body: p.message,
      deliveries: p.deliveries.filter((d) => d.protocol === protocol && d.endpoint === endpoint),
    }))
    .filter((offer) => offer.deliveries.length > 0);
}

/** Why the topic offered the endpoint none of the `published` messages (`what`: ` matching {…}`, or ''). */
export function notOffered(
  topic: TopicView,
  published: number,
  endpoint: string,
  protocol: EndpointProtocol,
  what: string,
): string {
  const noun = protocol === 'sqs' ? 'queue' : 'function';
  const subscriptions = topic.subscriptions().filter((s) => s.protocol === protocol && s.endpoint === endpoint);
  if (published === 0) return `it published no messages${what}`;
  if (subscriptions.length === 0) {
    return `it has no subscription for that ${noun} (it published ${plural(published, 'message')}${what})`;
  }
  if (subscriptions.every((s) => s.pendingConfirmation))
    return `its subscription for that ${noun} is pending confirmation`;
  return `none of its ${plural(published, 'message')}${what} was published while the ${noun} was subscribed`;
}

/**
 * What became of the offers: `1 delivered`, `2 filtered out by its filter policy ("a", "b"), the first because …`,
 * `1 failed (…)`; those of none are left out, and `delivered` only when asked.
 */
export function offerFates(offers: readonly Offer[], withDelivered: boolean): string[] {
  const delivered = offers.filter((offer) => offer.deliveries.some((d) => d.delivered));
  const filtered = offers.filter((offer) => offer.deliveries.every((d) => d.filteredOut));
  const failed = offers.filter((offer) => offer.deliveries.some((d) => d.failed));
  return [
    withDelivered && delivered.length ? `${delivered.length} delivered` : '',
    filtered.length
      ? `${filtered.length} filtered out by its filter policy (${listBodies(filtered.map((o) => o.body))})${filteredBecause(filtered)}`
      : '',
    failed.length
      ? `${failed.length} failed (${failed[0]!.deliveries.find((d) => d.failed)?.failure ?? 'delivery failed'})`
      : '',
  ].filter(Boolean);
}

/** The offers that did not reach the endpoint: filtered out, or failed. */
export function missedOffers(offers: readonly Offer[]): Offer[] {
  return offers.filter((offer) => !offer.deliveries.some((d) => d.delivered));
}

/** Why the first of the filtered-out messages was filtered out (its record's `filterReason`), when it says. */
function filteredBecause(filtered: readonly Offer[]): string {
  const reason = filtered[0]?.deliveries.find((d) => d.filterReason !== undefined)?.filterReason;
  if (reason === undefined) return '';
  return `${filtered.length === 1 ? '' : ', the first'} because ${reason}`;
}
