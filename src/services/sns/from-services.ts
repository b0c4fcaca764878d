import { AwsError } from '../../core/aws-error.js';
import type { DeliveryMessage, DeliveryPermission, DeliveryResult, DeliverySender } from '../../core/delivery.js';
import type { DeliveryVerdict } from '../../core/policies/sns-delivery.js';
import { internalRequest } from '../../core/request-context.js';
import { publish } from './actions/publish.js';
import { topicRegion } from './arn.js';
import { snsSender } from './delivery/context.js';
import { topicPublishVerdict } from './inbound-policy.js';
import type { SnsBackend } from './sns-backend.js';

/**
 * What `aws.sns` (sns-mock.ts) answers through the backend for the account's other services and for its own views:
 * here, in SNS's part (part.ts), so that the facade loads none of Publish's code before SNS is used.
 */

/**
 * Another service of the account publishes to a topic (a Lambda function's on-failure destination or dead-letter
 * topic, an EventBridge target) through Publish's own checks, as the account's caller. A missing topic or a refused
 * message is answered as a refusal, the sending service's business, as for SNS's own deliveries into SQS.
 */
export function publishFromService(
  backend: SnsBackend,
  account: Parameters<typeof internalRequest>[0],
  topicArn: string,
  message: DeliveryMessage,
): DeliveryResult {
  backend.expireUnconfirmed();
  const topic = backend.findTopicByArn(topicArn);
  if (!topic) return { accepted: false, reason: `the topic ${topicArn} does not exist` };
  // A service publishing on its own authority (EventBridge) needs the topic's Policy under `policies: 'enforce'`.
  if (message.sender.authority === 'resourcePolicy' && backend.policies === 'enforce') {
    const verdict = topicPublishVerdict(topic, backend.scope.accountId, message.sender);
    if (!verdict.allowed) return { accepted: false, reason: verdict.reason, byPolicy: true };
  }
  const request = internalRequest(account, topicRegion(topicArn));
  try {
    const { MessageId } = publish(
      backend,
      {
        TopicArn: topicArn,
        Message: message.body,
        ...(message.subject !== undefined ? { Subject: message.subject } : {}),
        MessageAttributes: { ...message.attributes },
        ...(message.messageGroupId !== undefined ? { MessageGroupId: message.messageGroupId } : {}),
        ...(message.deduplicationId !== undefined ? { MessageDeduplicationId: message.deduplicationId } : {}),
      },
      request,
    );
    return { accepted: true, ...(MessageId !== undefined ? { messageId: MessageId } : {}) };
  } catch (error) {
    if (error instanceof AwsError) return { accepted: false, reason: `Publish refused it: ${error.message}` };
    throw error;
  }
}

/** Whether the topic's Policy lets a service principal publish to it, whatever createAwsMock's `policies`. */
export function publishPermission(backend: SnsBackend, topicArn: string, sender: DeliverySender): DeliveryPermission {
  const topic = backend.findTopicByArn(topicArn);
  if (!topic) return { allowed: false, reason: `the topic ${topicArn} does not exist`, missing: true };
  return topicPublishVerdict(topic, backend.scope.accountId, sender);
}

/** Whether the seam lets SNS deliver the topic's messages into the queue, whatever createAwsMock's `policies`. */
export function queueVerdict(backend: SnsBackend, queueArn: string, topicArn: string): DeliveryVerdict {
  const { allowed, reason, missing } = backend.delivery.permits(queueArn, snsSender(topicArn, false));
  return missing ? { allowed, reason, missingQueue: true } : { allowed, reason };
}
