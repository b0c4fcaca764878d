import type { DeliveryVerdict } from './sns-delivery.js';

/** A subscription SNS would not deliver through in AWS, and why. */
export interface DeliveryProblem {
  readonly subscriptionArn: string;
  readonly topicArn: string;
  /** The subscription's queue ARN. */
  readonly endpoint: string;
  /** Which queue would refuse: the endpoint itself, or the subscription's RedrivePolicy dead-letter queue. */
  readonly queue: 'endpoint' | 'deadLetterQueue';
  readonly queueArn: string;
  readonly reason: string;
}

/** What the check reads of a subscription. */
export interface CheckedSubscription {
  readonly arn: string;
  readonly topicArn: string;
  readonly protocol: string;
  readonly endpoint: string;
  readonly pendingConfirmation: boolean;
  readonly redrivePolicy?: { readonly deadLetterTargetArn: string } | undefined;
}

/**
 * Whether SNS may deliver a message of the topic into the queue: it must exist, and its Policy must allow it
 * (sns-delivery.ts), as the account's delivery seam answers it.
 */
export type QueueVerdict = (queueArn: string, topicArn: string) => DeliveryVerdict;

/**
 * Every confirmed `sqs` subscription whose queue, or whose dead-letter queue, AWS would not let SNS deliver into,
 * whatever createAwsMock's `policies`: the wiring a test can assert before it relies on deliveries.
 */
export function deliveryProblems(
  subscriptions: Iterable<CheckedSubscription>,
  verdictOf: QueueVerdict,
): DeliveryProblem[] {
  const problems: DeliveryProblem[] = [];
  for (const subscription of subscriptions) {
    if (subscription.protocol !== 'sqs' || subscription.pendingConfirmation) continue;
    const check = (queue: DeliveryProblem['queue'], queueArn: string) => {
      const verdict = verdictOf(queueArn, subscription.topicArn);
      if (verdict.allowed) return;
      const { arn: subscriptionArn, topicArn, endpoint } = subscription;
      problems.push({ subscriptionArn, topicArn, endpoint, queue, queueArn, reason: verdict.reason });
    };
    check('endpoint', subscription.endpoint);
    const deadLetterArn = subscription.redrivePolicy?.deadLetterTargetArn;
    if (deadLetterArn !== undefined) check('deadLetterQueue', deadLetterArn);
  }
  return problems;
}
