import type { DeliveryPermission, DeliveryPort, DeliverySender } from '../../core/delivery.js';
import type { PolicyMode } from '../../core/policies/mode.js';
import { serviceDeliveryVerdict, type DeliveryVerdict } from '../../core/policies/sns-delivery.js';
import { deliverFromService } from './external-delivery.js';
import type { Queue, QueueDirectory } from './queue.js';

/** The action a service principal calls to put a message into a queue, which the queue's Policy must allow. */
const SEND_ACTION = 'sqs:SendMessage';

/**
 * SQS's inbound port: a message another service of the account puts into a queue, with the queue's own rules
 * (external-delivery.ts) and, under createAwsMock's `policies: 'enforce'`, its Policy for a sender that calls as its
 * service principal (docs/aws-behaviour/sns.md §7.1). A sender with a role (a Lambda destination) is IAM's business,
 * which the emulation does not check.
 */
export function sqsDeliveryPort(queues: QueueDirectory, ids: { uuid(): string }, policies: PolicyMode): DeliveryPort {
  return {
    deliver(arn, message) {
      const queue = queues.findByArn(arn);
      if (!queue) return { accepted: false, reason: `the queue ${arn} does not exist` };
      if (message.sender.authority === 'resourcePolicy' && policies === 'enforce') {
        const verdict = queueVerdict(queue, message.sender);
        if (!verdict.allowed) return { accepted: false, reason: verdict.reason, byPolicy: true };
      }
      return deliverFromService(queue, message, ids);
    },
    permits(arn, sender): DeliveryPermission {
      const queue = queues.findByArn(arn);
      if (!queue) return { allowed: false, reason: `the queue ${arn} does not exist`, missing: true };
      return queueVerdict(queue, sender);
    },
  };
}

function queueVerdict(queue: Queue, sender: DeliverySender): DeliveryVerdict {
  return serviceDeliveryVerdict(queue, 'queue', SEND_ACTION, sender);
}
