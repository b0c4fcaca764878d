import type { PublishEntry } from '../publish/entry.js';
import type { Notification } from '../publish/envelope.js';
import { messageForProtocol } from '../publish/message-structure.js';
import type { Delivery } from '../published.js';
import { pausedByReplay } from '../replay-policy.js';
import type { Protocol, Subscription } from '../subscription.js';
import type { Topic } from '../topic.js';
import type { DeliveryContext } from './context.js';
import { EndpointBodies } from './endpoint-body.js';
import { MessageFilter } from './filtering.js';
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
 * Each protocol's adapter. `sqs` and `lambda` deliver through the account's delivery seam (src/delivery.ts); an
 * SQS endpoint gets its body with the sizes and checks worked out once per message.
 */
const ENDPOINTS: Readonly<Record<Protocol, EndpointAdapter>> = {
  sqs: (subscription, bodies, message, context) =>
    deliverToSqs(context, subscription, bodies.prepared(subscription, message)),
  lambda: (subscription, bodies, message, context) => deliverToLambda(context, subscription, bodies, message),
  http: recorded,
  https: recorded,
  email: recorded,
  'email-json': recorded,
  sms: recorded,
  application: recorded,
  firehose: recorded,
};

/**
 * Offers one published message to every confirmed subscription of the topic, in subscription order (so all FIFO
 * queues see the same order; the order among subscriptions is ours, docs/aws-behaviour/sns.md §10.8). A pending
 * subscription gets nothing and no record (docs/aws-behaviour/sns.md §8); a filtered-out one gets a record saying so.
 * Only `sqs` and `lambda` endpoints are really delivered to; the others are recorded (ENDPOINTS). The topic's index
 * (subscription-index.ts) names the subscriptions that may take the message; the others are recorded as filtered
 * out without matching, as matching would have found them.
 */
export function fanOut(
  topic: Topic,
  notification: Notification,
  entry: PublishEntry,
  context: DeliveryContext,
): Delivery[] {
  const filter = new MessageFilter(entry.attributes);
  const bodies = new EndpointBodies(notification);
  const deliveries: Delivery[] = [];
  const { index } = topic.subscriptions;
  // Topics without pinned policies skip the index, and build the filter's input only if a policy asks.
  const candidates = index.pinsAny
    ? index.candidates(filter.input(entry.message), entry.structure !== undefined)
    : undefined;
  let next = 0;
  for (const subscription of topic.subscriptions.values()) {
    // Candidates come in the topic's order: each is the next subscription met that is one.
    const candidate = candidates === undefined || candidates[next] === subscription;
    if (candidate && candidates !== undefined) next++;
    if (subscription.pendingConfirmation) continue;
    // Past its replay's EndingPoint a subscription is paused [D]: like a pending one, it gets nothing and no record.
    // Only FIFO topics replay (replay-policy.ts), so standard topics skip the lookup.
    if (topic.fifo && pausedByReplay(topic.replays.get(subscription), notification.timestamp)) continue;
    deliveries.push(
      candidate || !index.leavesOut(subscription)
        ? offerTo(subscription, bodies, entry, filter, context)
        : filter.filteredOut(subscription, messageForProtocol(entry.message, entry.structure, subscription.protocol)),
    );
  }
  return deliveries;
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
  // With MessageStructure=json a lambda endpoint gets its `lambda` entry, else `default`, as sqs does (lambda.md §3.4).
  const message = messageForProtocol(entry.message, entry.structure, subscription.protocol);
  if (!filter.accepts(subscription, message)) return filter.filteredOut(subscription, message);
  return ENDPOINTS[subscription.protocol](subscription, bodies, message, context);
}
