import type { PublishEntry } from '../publish/entry.js';
import type { Notification } from '../publish/envelope.js';
import { messageForProtocol } from '../publish/message-structure.js';
import type { Delivery } from '../published.js';
import type { Topic } from '../topic.js';
import { endpointBody } from './endpoint-body.js';
import { MessageFilter } from './filtering.js';
import { deliverToSqs, type SqsDeliveryContext } from './sqs-endpoint.js';

/**
 * Offers one published message to every confirmed subscription of the topic, in subscription order (so all FIFO
 * queues see the same order). A pending subscription gets nothing and no record (spec §8); a filtered-out one gets
 * a record saying so. Only `sqs` endpoints are really delivered to; the others are recorded.
 */
export function fanOut(topic: Topic, notification: Notification, entry: PublishEntry, sqs: SqsDeliveryContext): Delivery[] {
  const filter = new MessageFilter(entry.attributes);
  const deliveries: Delivery[] = [];
  for (const subscription of topic.subscriptions.values()) {
    if (subscription.pendingConfirmation) continue;
    const message = messageForProtocol(entry.message, entry.structure, subscription.protocol);
    if (!filter.accepts(subscription, message)) {
      deliveries.push({
        subscriptionArn: subscription.arn,
        protocol: subscription.protocol,
        endpoint: subscription.endpoint,
        delivered: false,
        filteredOut: true,
      });
      continue;
    }
    const body = endpointBody(notification, subscription, message);
    deliveries.push(
      subscription.protocol === 'sqs'
        ? deliverToSqs(sqs, subscription, body)
        : { subscriptionArn: subscription.arn, protocol: subscription.protocol, endpoint: subscription.endpoint, delivered: true, body },
    );
  }
  return deliveries;
}
