import { contentDeduplicationId } from '../util/content-deduplication.js';
import type { MessageAttributeValue } from './md5.js';
import { messageContent } from './messages/message.js';
import { messagePayloadSize } from './message-validation.js';
import type { Queue } from './queue.js';

/**
 * A message another AWS service (SNS) puts into a queue of the same account. The service has already made the
 * message; what remains are the queue's own rules: its MaximumMessageSize, its DelaySeconds, and on FIFO queues
 * MessageGroupId, deduplication and ordering. Nothing here throws: a refusal is the sending service's business
 * (SNS then tries the subscription's dead-letter queue).
 */
export interface ServiceMessage {
  readonly body: string;
  readonly messageAttributes: Readonly<Record<string, MessageAttributeValue>>;
  /** The sending service's principal, as ReceiveMessage shows it in SenderId. */
  readonly senderId: string;
  /** FIFO queues need one; standard queues keep it too (fair queues). */
  readonly messageGroupId: string | undefined;
  /** FIFO queues only; without one the queue's content-based deduplication must supply it. */
  readonly messageDeduplicationId: string | undefined;
}

export type ServiceDeliveryResult =
  | { readonly accepted: true; readonly messageId: string; readonly duplicate: boolean }
  | { readonly accepted: false; readonly reason: string };

export function deliverFromService(queue: Queue, message: ServiceMessage, ids: { uuid(): string }): ServiceDeliveryResult {
  const size = messagePayloadSize(message.body, message.messageAttributes);
  if (size > queue.settings.maximumMessageSize) {
    return { accepted: false, reason: `the message is ${size} bytes, over the queue's MaximumMessageSize of ${queue.settings.maximumMessageSize}` };
  }
  let deduplicationId: string | undefined;
  if (queue.fifo) {
    if (message.messageGroupId === undefined) return { accepted: false, reason: 'a FIFO queue needs a MessageGroupId' };
    deduplicationId =
      message.messageDeduplicationId ??
      // Content-based deduplication hashes the body only, as for SendMessage.
      (queue.settings.contentBasedDeduplication ? contentDeduplicationId(message.body) : undefined);
    if (deduplicationId === undefined) return { accepted: false, reason: 'the FIFO queue needs a MessageDeduplicationId' };
    const duplicate = queue.findDuplicate(message.messageGroupId, deduplicationId);
    // A duplicate is accepted and dropped, as SQS answers SendMessage.
    if (duplicate) return { accepted: true, messageId: duplicate.messageId, duplicate: true };
  }
  const stored = queue.send(
    messageContent({
      messageId: ids.uuid(),
      body: message.body,
      messageAttributes: message.messageAttributes,
      systemAttributes: {},
      sentTimestamp: queue.now(),
      senderId: message.senderId,
      messageGroupId: message.messageGroupId,
      messageDeduplicationId: deduplicationId,
    }),
    // The queue's own delay applies.
    undefined,
  );
  return { accepted: true, messageId: stored.messageId, duplicate: false };
}
