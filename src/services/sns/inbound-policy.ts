import type { DeliverySender } from '../../core/delivery.js';
import { serviceDeliveryVerdict, type DeliveryVerdict, type PolicyHolder } from '../../core/policies/sns-delivery.js';
import type { Topic } from './topic.js';
import { topicPolicy } from './topic-attributes.js';

/** The action a service principal calls to publish to a topic, which the topic's Policy must allow. */
const PUBLISH_ACTION = 'sns:Publish';

/** One holder per topic, so that the seam's verdict cache (policies/sns-delivery.ts) keeps its entries. */
const holders = new WeakMap<Topic, PolicyHolder>();

/**
 * Whether a service principal that publishes on its own authority (EventBridge's rules, `authority: 'resourcePolicy'`)
 * may publish to the topic: the topic's Policy, or SNS's default one, must allow it sns:Publish
 * (docs/aws-behaviour/eventbridge.md §5.5). SNS's default policy allows `{"AWS": "*"}` only under
 * `AWS:SourceOwner`, which such a delivery does not carry, so it admits no service.
 */
export function topicPublishVerdict(topic: Topic, accountId: string, sender: DeliverySender): DeliveryVerdict {
  let holder = holders.get(topic);
  if (holder === undefined) {
    holder = {
      arn: topic.arn,
      settings: {
        get policy() {
          return topicPolicy(topic, accountId);
        },
      },
    };
    holders.set(topic, holder);
  }
  return serviceDeliveryVerdict(holder, 'topic', PUBLISH_ACTION, sender);
}
