import { createHash } from 'node:crypto';
import type { Deliver, DeliveryResult, DeliverySender } from '../../../core/delivery.js';
import type { LambdaFunction } from '../lambda-function.js';
import type { DestinationMessage } from './invocation-record.js';

/** Where given-up asynchronous events go: an SQS queue or an SNS topic of the account, by ARN. */
export interface DestinationSender {
  /**
   * Whether the destination took the message (and the id it took it under, which links the event's journey to the
   * destination's message); a missing or refusing one drops it.
   */
  send(targetArn: string, message: DestinationMessage, fn: LambdaFunction): DeliveryResult;
}

/** Lambda's service principal: the sending service of its destinations. */
const LAMBDA_PRINCIPAL = 'lambda.amazonaws.com';

/**
 * Sends through the account's delivery seam (src/core/delivery.ts): to queues with the queue's own size, delay and FIFO
 * rules (a FIFO queue refuses, having no group id, as AWS allows only standard queues as destinations, lambda.md §4)
 * and to topics through Publish. Lambda calls with the function's execution role, so no resource policy is asked.
 */
export function serviceDestinations(deliver: Deliver): DestinationSender {
  return {
    send(targetArn, message, fn) {
      return deliver(targetArn, { body: message.body, attributes: message.attributes, sender: destinationSender(fn) });
    },
  };
}

function destinationSender(fn: LambdaFunction): DeliverySender {
  return { principal: LAMBDA_PRINCIPAL, authority: 'role', sourceArn: fn.arn, senderId: executionRoleSenderId(fn) };
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
