import { createHash } from 'node:crypto';
import { deliverFromService } from '../../sqs/external-delivery.js';
import type { Queue } from '../../sqs/queue.js';
import type { LambdaFunction } from '../lambda-function.js';
import type { DestinationMessage } from './invocation-record.js';

/** Where given-up asynchronous events go: an SQS queue or an SNS topic of the account, by ARN. */
export interface DestinationSender {
  /** Whether the destination took the message; a missing or refusing one drops it. */
  send(targetArn: string, message: DestinationMessage, fn: LambdaFunction): boolean;
}

/** What the sender needs of the account's other services. */
export interface DestinationServices {
  readonly findQueue: (arn: string) => Queue | undefined;
  /** Publishes through SNS's own checks: whether the topic took the message. */
  readonly publishToTopic: (topicArn: string, message: DestinationMessage) => boolean;
  readonly ids: { uuid(): string };
}

/**
 * Sends to queues as SNS does (the queue's own size, delay and FIFO rules: a FIFO queue refuses, having no group id,
 * as AWS allows only standard queues as destinations, lambda.md §4) and to topics through Publish.
 */
export function serviceDestinations(services: DestinationServices): DestinationSender {
  return {
    send(targetArn, message, fn) {
      const service = targetArn.split(':')[2];
      if (service === 'sns') return services.publishToTopic(targetArn, message);
      const queue = service === 'sqs' ? services.findQueue(targetArn) : undefined;
      if (!queue) return false;
      const result = deliverFromService(
        queue,
        {
          body: message.body,
          messageAttributes: message.attributes,
          senderId: executionRoleSenderId(fn),
          messageGroupId: undefined,
          messageDeduplicationId: undefined,
          traceHeader: undefined,
        },
        services.ids,
      );
      return result.accepted;
    },
  };
}

/**
 * Lambda sends to destinations with the function's execution role, in a session named after the function [3P], so
 * SQS shows the role session's id: `AROA<id>:<function name>`. The role has no id in the emulation: one is made from
 * the function's ARN, stable for the same function. That AWS shows exactly this form is not recorded.
 */
function executionRoleSenderId(fn: LambdaFunction): string {
  const digest = createHash('sha256').update(fn.arn).digest();
  const base32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let id = 'AROA';
  for (let i = 0; i < 17; i++) id += base32[digest[i]! % 32];
  return `${id}:${fn.name}`;
}
