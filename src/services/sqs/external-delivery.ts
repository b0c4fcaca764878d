import type { DeliveryMessage, DeliveryResult } from '../../core/delivery.js';
import type { MessageAttributeValue } from '../../core/messages/md5.js';
import { hasOnlyValidCharacters, messagePayloadSize, NO_ATTRIBUTES } from '../../core/messages/attribute-rules.js';
import { withTraceHeader } from './messages/message.js';
import type { Queue } from './queue.js';

/**
 * A message another AWS service (SNS, a Lambda destination) puts into a queue of the same account, through SQS's
 * port of the delivery seam (delivery-port.ts). The service has already made the message; what remains are the
 * queue's own rules: its MaximumMessageSize, its DelaySeconds, and on FIFO queues MessageGroupId, deduplication and
 * ordering. A standard queue keeps a MessageGroupId (fair queues) and ignores a deduplication id. The neutral
 * attributes are SQS's own shape, stored as given: never changed afterwards. What the sender `measured` (a fan-out,
 * once for all its queues) replaces the size and character checks. Nothing here throws: a refusal is the sending
 * service's business (SNS then tries the subscription's dead-letter queue).
 */
export function deliverFromService(queue: Queue, message: DeliveryMessage, ids: { uuid(): string }): DeliveryResult {
  // SNS passes on any text, but SQS stores only the characters SendMessage accepts (NUL, U+FFFE or a lone surrogate
  // are refused there with InvalidMessageContents / InvalidParameterValue), so such a delivery fails.
  const checked = message.measured;
  // The neutral attribute is SQS's own shape.
  const attributes = message.attributes as Readonly<Record<string, MessageAttributeValue>>;
  const storable = checked
    ? checked.storable
    : hasOnlyValidCharacters(message.body) && !hasInvalidStringValue(attributes);
  if (!storable) return { accepted: false, reason: 'the message contains characters SQS does not accept' };
  const size = checked ? checked.payloadBytes : messagePayloadSize(message.body, attributes);
  if (size > queue.settings.maximumMessageSize) {
    return {
      accepted: false,
      reason: `the message is ${size} bytes, over the queue's MaximumMessageSize of ${queue.settings.maximumMessageSize}`,
    };
  }
  let deduplicationId: string | undefined;
  if (queue.fifo) {
    if (message.messageGroupId === undefined) return { accepted: false, reason: 'a FIFO queue needs a MessageGroupId' };
    // As for SendMessage: the given id, or with content-based deduplication the body's.
    deduplicationId = queue.deduplicationIdFor(message.body, message.deduplicationId);
    if (deduplicationId === undefined)
      return { accepted: false, reason: 'the FIFO queue needs a MessageDeduplicationId' };
    const duplicate = queue.findDuplicate(message.messageGroupId, deduplicationId);
    // A duplicate is accepted and dropped, as SQS answers SendMessage.
    if (duplicate) return { accepted: true, messageId: duplicate.messageId, duplicate: true };
  }
  const stored = queue.send(
    {
      messageId: ids.uuid(),
      body: message.body,
      messageAttributes: attributes,
      systemAttributes: withTraceHeader(NO_ATTRIBUTES, message.traceHeader),
      sentTimestamp: queue.now(),
      senderId: message.sender.senderId,
      messageGroupId: message.messageGroupId,
      messageDeduplicationId: deduplicationId,
    },
    // The queue's own delay applies.
    undefined,
    checked?.bodyStart,
  );
  return { accepted: true, messageId: stored.messageId, duplicate: false };
}

function hasInvalidStringValue(attributes: Readonly<Record<string, MessageAttributeValue>>): boolean {
  for (const name in attributes) {
    const value = attributes[name]!.StringValue;
    if (value !== undefined && !hasOnlyValidCharacters(value)) return true;
  }
  return false;
}
