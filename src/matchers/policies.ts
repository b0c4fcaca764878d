/**
 * Whether AWS would let SNS deliver a topic's messages into a queue: `expect(topic).toBeAllowedToDeliverTo(queue)`,
 * read from `TopicView.deliveryCheck` (the queue exists and its Policy allows sns.amazonaws.com to sqs:SendMessage
 * from the topic), whatever createAwsMock's `policies`. Same conventions as core.ts.
 */
import { snsAllowStatement } from '../core/policies/sns-delivery.js';
import type { DeliveryVerdict } from '../core/policies/sns-delivery.js';
import type { MatcherOutcome } from './outcome.js';
import { subjectOf } from './names.js';
import { asTopicView, queueTarget } from './received.js';

export function toBeAllowedToDeliverTo(received: unknown, queue: unknown): MatcherOutcome {
  const matcher = 'toBeAllowedToDeliverTo';
  const topic = asTopicView(received, matcher);
  const target = queueTarget(queue, matcher, topic);
  const check = (topic as { deliveryCheck?: unknown }).deliveryCheck;
  if (typeof check !== 'function')
    throw new TypeError(`${matcher}: this topic view comes from a version of sqs-sns-mock without queue policies`);
  const verdict = check.call(topic, target.arn) as DeliveryVerdict;
  const subject = subjectOf('topic', topic);
  const expectation = `be allowed to deliver to ${target.label}`;
  return {
    pass: verdict.allowed,
    message: () => {
      if (verdict.allowed) return `expected ${subject} not to ${expectation}, but ${verdict.reason}`;
      if (verdict.missingQueue) return `expected ${subject} to ${expectation}, but ${verdict.reason}`;
      const statement = JSON.stringify(snsAllowStatement(target.arn, topic.arn));
      return `expected ${subject} to ${expectation}, but ${verdict.reason}. The queue's Policy needs a statement such as ${statement}`;
    },
  };
}
