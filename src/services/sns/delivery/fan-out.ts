import type { PublishEntry } from '../publish/entry.js';
import type { Notification } from '../publish/envelope.js';
import { messageForProtocol } from '../publish/message-structure.js';
import type { Delivery } from '../published.js';
import { pausedByReplay } from '../replay-policy.js';
import type { Protocol, Subscription } from '../subscription.js';
import type { OfferedSubscription } from '../subscription-snapshot.js';
import type { Topic } from '../topic.js';
import type { DeliveryContext } from './context.js';
import { EndpointBodies } from './endpoint-body.js';
import { FanOutRecord } from './fan-out-record.js';
import { MessageFilter } from './filtering.js';
import { deliverPush, deliverSms } from './handsets.js';
import { deliverToLambda } from './lambda-endpoint.js';
import { deliverToSqs } from './sqs-endpoint.js';

/**
 * How one protocol's endpoint gets a message the subscription's filter let through: `message` is the text for the
 * protocol (with MessageStructure=json, its own entry), `bodies` the message's bodies shared by all its subscriptions.
 */
type EndpointAdapter = (
  subscription: Subscription,
  bodies: EndpointBodies,
  message: string,
  context: DeliveryContext,
) => Delivery;

/** The endpoints the emulation does not reach: the body they would receive is recorded, as delivered. */
const recorded: EndpointAdapter = (subscription, bodies, message) => ({
  subscriptionArn: subscription.arn,
  protocol: subscription.protocol,
  endpoint: subscription.endpoint,
  delivered: true,
  body: bodies.body(subscription, message),
});

/**
 * Each protocol's adapter. `sqs` and `lambda` deliver through the account's delivery seam (src/core/delivery.ts); an
 * SQS endpoint gets its body with the sizes and checks worked out once per message. `sms` and `application` are
 * recorded on the account's phones and devices (handsets.ts), never sent.
 */
const ENDPOINTS: Readonly<Record<Protocol, EndpointAdapter>> = {
  sqs: (subscription, bodies, message, context) =>
    deliverToSqs(context, subscription, bodies.prepared(subscription, message)),
  lambda: (subscription, bodies, message, context) => deliverToLambda(context, subscription, bodies, message),
  http: recorded,
  https: recorded,
  email: recorded,
  'email-json': recorded,
  sms: deliverSms,
  application: deliverPush,
  firehose: recorded,
};

/**
 * Offers one published message to every confirmed subscription of the topic, in subscription order (so all FIFO
 * queues see the same order; the order among subscriptions is ours, docs/aws-behaviour/sns.md §10.8). A pending
 * subscription gets nothing and no record (docs/aws-behaviour/sns.md §8); a filtered-out one gets a record saying so.
 * Only `sqs` and `lambda` endpoints are really delivered to; the others are recorded (ENDPOINTS). The topic's index
 * (subscription-index.ts) names the subscriptions that may take the message; only those, and those it cannot leave
 * out, are matched. The others filtered it out, as matching would have found: like every subscription that filtered
 * it out they are recorded only by their absence from the answer's taken ones, whose records are made when read
 * (fan-out-record.ts).
 */
export function fanOut(
  topic: Topic,
  notification: Notification,
  entry: PublishEntry,
  context: DeliveryContext,
): FanOutRecord {
  const snapshot = topic.subscriptions.snapshot();
  const { confirmed, places, alwaysOffered } = snapshot;
  // Past its replay's EndingPoint a subscription is paused [D]: like a pending one, it gets nothing and no record.
  // Only FIFO topics replay (replay-policy.ts), so standard topics skip the lookup.
  const paused = topic.fifo ? pausedPlaces(topic, confirmed, notification.timestamp) : undefined;
  const filter = new MessageFilter(entry.attributes);
  const bodies = new EndpointBodies(notification);
  const { index } = topic.subscriptions;
  // Topics without pinned policies skip the index, and build the filter's input only if a policy asks.
  const candidates = index.pinsAny
    ? index.candidates(filter.input(entry.message), entry.structure !== undefined)
    : undefined;
  const taken: Delivery[] = [];
  const takenAt: number[] = [];
  // The places to match, ascending: the merge of the candidates' places (a pending candidate has none) and of
  // those always offered, both in the topic's order; a subscription without a pinned key is in both.
  const end = confirmed.length;
  const candidateList = candidates ?? NO_CANDIDATES;
  let nextCandidate = placedFrom(candidateList, 0, places);
  let candidatePlace = places.get(candidateList[nextCandidate]!) ?? end;
  let nextAlways = 0;
  for (;;) {
    const alwaysPlace = nextAlways < alwaysOffered.length ? alwaysOffered[nextAlways]! : end;
    const place = Math.min(candidatePlace, alwaysPlace);
    if (place === end) break;
    if (alwaysPlace === place) nextAlways++;
    if (candidatePlace === place) {
      nextCandidate = placedFrom(candidateList, nextCandidate + 1, places);
      candidatePlace = places.get(candidateList[nextCandidate]!) ?? end;
    }
    if (paused !== undefined && paused.includes(place)) continue;
    const { subscription } = confirmed[place]!;
    const message = messageForProtocol(entry.message, entry.structure, subscription.structureKey);
    if (!filter.accepts(subscription, message)) continue;
    taken.push(ENDPOINTS[subscription.protocol](subscription, bodies, message, context));
    takenAt.push(paused === undefined ? place : place - paused.filter((p) => p < place).length);
  }
  return new FanOutRecord(snapshot, paused, taken, takenAt, entry, notification);
}

const NO_CANDIDATES: readonly Subscription[] = [];

/** The first of `candidates` from `from` on that has a place (a pending one has none), or their count. */
function placedFrom(
  candidates: readonly Subscription[],
  from: number,
  places: ReadonlyMap<Subscription, number>,
): number {
  let next = from;
  while (next < candidates.length && !places.has(candidates[next]!)) next++;
  return next;
}

/** The places of the confirmed subscriptions a replay pauses at `timestamp`, if any. */
function pausedPlaces(
  topic: Topic,
  confirmed: readonly OfferedSubscription[],
  timestamp: number,
): number[] | undefined {
  let paused: number[] | undefined;
  for (let place = 0; place < confirmed.length; place++)
    if (pausedByReplay(topic.replays.get(confirmed[place]!.subscription), timestamp)) (paused ??= []).push(place);
  return paused;
}

/**
 * One message offered to one subscription: its filter policy decides, then its endpoint gets the body its
 * protocol and RawMessageDelivery call for. Replays (replay.ts) go through here too. `bodies`, `filter` and
 * `context` are the message's, shared by all its subscriptions.
 */
export function offerTo(
  subscription: Subscription,
  bodies: EndpointBodies,
  entry: PublishEntry,
  filter: MessageFilter,
  context: DeliveryContext,
): Delivery {
  // With MessageStructure=json a lambda endpoint gets its `lambda` entry, else `default`, as sqs does (lambda.md §3.4);
  // a platform endpoint its platform's.
  const message = messageForProtocol(entry.message, entry.structure, subscription.structureKey);
  if (!filter.accepts(subscription, message)) return filter.filteredOut(subscription, message);
  return ENDPOINTS[subscription.protocol](subscription, bodies, message, context);
}
