import type { PublishEntry } from '../publish/entry.js';
import type { Notification } from '../publish/envelope.js';
import { messageForProtocol } from '../publish/message-structure.js';
import type { Delivery } from '../published.js';
import { pausedByReplay } from '../replay-policy.js';
import type { Subscription } from '../subscription.js';
import type { Topic } from '../topic.js';
import { EndpointBodies } from './endpoint-body.js';
import { MessageFilter } from './filtering.js';
import { deliverToLambda, type LambdaEndpoints } from './lambda-endpoint.js';
import { deliverToSqs, type SqsDeliveryContext } from './sqs-endpoint.js';

/**
 * Offers one published message to every confirmed subscription of the topic, in subscription order (so all FIFO
 * queues see the same order). A pending subscription gets nothing and no record (docs/aws-behaviour/sns.md §8); a
 * filtered-out one gets a record saying so. Only `sqs` and `lambda` endpoints are really delivered to; the others are
 * recorded.
 */
export function fanOut(
  topic: Topic,
  notification: Notification,
  entry: PublishEntry,
  sqs: SqsDeliveryContext,
  functions: LambdaEndpoints,
): Delivery[] {
  const filter = new MessageFilter(entry.attributes);
  const bodies = new EndpointBodies(notification);
  const deliveries: Delivery[] = [];
  for (const subscription of topic.subscriptions.values()) {
    if (subscription.pendingConfirmation) continue;
    // Past its replay's EndingPoint a subscription is paused [D]: like a pending one, it gets nothing and no record.
    // Only FIFO topics replay (replay-policy.ts), so standard topics skip the lookup.
    if (topic.fifo && pausedByReplay(topic.replays.get(subscription), notification.timestamp)) continue;
    deliveries.push(offerTo(subscription, bodies, entry, filter, sqs, functions));
  }
  return deliveries;
}

/**
 * One message offered to one subscription: its filter policy decides, then its endpoint gets the body its
 * protocol and RawMessageDelivery call for. Replays (replay.ts) go through here too. `bodies`, `filter` and `sqs`
 * are the message's, shared by all its subscriptions.
 */
export function offerTo(
  subscription: Subscription,
  bodies: EndpointBodies,
  entry: PublishEntry,
  filter: MessageFilter,
  sqs: SqsDeliveryContext,
  functions: LambdaEndpoints,
): Delivery {
  // With MessageStructure=json a lambda endpoint gets its `lambda` entry, else `default`, as sqs does (lambda.md §3.4).
  const message = messageForProtocol(entry.message, entry.structure, subscription.protocol);
  if (!filter.accepts(subscription, message)) return filter.filteredOut(subscription, message);
  if (subscription.protocol === 'sqs') return deliverToSqs(sqs, subscription, bodies.prepared(subscription, message));
  if (subscription.protocol === 'lambda') return deliverToLambda(functions, subscription, bodies, message, sqs);
  const body = bodies.body(subscription, message);
  return {
    subscriptionArn: subscription.arn,
    protocol: subscription.protocol,
    endpoint: subscription.endpoint,
    delivered: true,
    body,
  };
}
