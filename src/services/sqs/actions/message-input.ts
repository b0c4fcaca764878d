import type { AcceptedSend } from '../../../core/messages/deduplication.js';
import { messageContent, withTraceHeader, type MessageDraft } from '../messages/message.js';
import { messagePayloadSize } from '../../../core/messages/attribute-rules.js';
import {
  messageTooLong,
  validateDelaySeconds,
  validateGroupOrDedupId,
  validateMessageAttributes,
  validateMessageBody,
  validateMessageSystemAttributes,
} from '../message-validation.js';
import { sqsErrors } from '../errors.js';
import type { Queue } from '../queue.js';
import type { RequestContext } from '../../../core/request-context.js';
import { isPresent } from './params.js';

/** One message as SendMessage or a SendMessageBatch entry carries it. */
export interface MessageInput {
  MessageBody?: unknown;
  DelaySeconds?: unknown;
  MessageAttributes?: unknown;
  MessageSystemAttributes?: unknown;
  MessageDeduplicationId?: unknown;
  MessageGroupId?: unknown;
}

export interface AcceptedMessage {
  /** What the queue makes the message of (deliverAccepted): no message object is made before it is stored. */
  draft: MessageDraft;
  delaySeconds: number | undefined;
  /** FIFO: an earlier send with the same deduplication id within the window; nothing is enqueued. */
  duplicateOf: AcceptedSend | undefined;
}

/** The queue's FIFO rules on one message (Queue.fifoSendViolation), before anything else about it is checked. */
export function throwIfFifoViolation(queue: Queue, input: MessageInput, inBatch: boolean): void {
  const error = queue.fifoSendViolation(
    input.DelaySeconds,
    isPresent(input.MessageGroupId),
    isPresent(input.MessageDeduplicationId),
    inBatch,
  );
  if (error) throw error;
}

/**
 * Validates one message for `queue` and builds what the queue stores: sent by the request's caller (its SenderId),
 * with the request's trace header, and a MessageId of the account's `ids`. The checks and their order are shared by
 * SendMessage and SendMessageBatch; only the texts of a few errors differ in a batch.
 */
export function acceptMessage(
  queue: Queue,
  input: MessageInput,
  request: RequestContext,
  ids: { uuid(): string },
  batchIndex?: number,
): AcceptedMessage {
  const inBatch = batchIndex !== undefined;
  const bodyParameter = inBatch ? `SendMessageBatchRequestEntry.${batchIndex + 1}.MessageBody` : 'MessageBody';
  if (!isPresent(input.MessageBody) || input.MessageBody === '') throw sqsErrors.missingParameter(bodyParameter);
  const delaySeconds = validateDelaySeconds(input.DelaySeconds);
  throwIfFifoViolation(queue, input, inBatch);
  const messageAttributes = validateMessageAttributes(input.MessageAttributes);
  const systemAttributes = withTraceHeader(
    validateMessageSystemAttributes(input.MessageSystemAttributes),
    request.traceHeader,
  );
  const messageGroupId = validateGroupOrDedupId('MessageGroupId', input.MessageGroupId);
  const messageDeduplicationId = validateGroupOrDedupId('MessageDeduplicationId', input.MessageDeduplicationId);
  if (messageDeduplicationId !== undefined && !queue.fifo) {
    throw sqsErrors.parameterNotValidForQueueType('MessageDeduplicationId', messageDeduplicationId);
  }
  if (typeof input.MessageBody === 'string') {
    const size = messagePayloadSize(input.MessageBody, messageAttributes);
    if (size > queue.settings.maximumMessageSize) throw messageTooLong(queue.settings.maximumMessageSize, inBatch);
  }
  const body = validateMessageBody(input.MessageBody, bodyParameter);
  const deduplicationId = queue.deduplicationIdFor(body, messageDeduplicationId);
  return {
    delaySeconds,
    duplicateOf: deduplicationId === undefined ? undefined : queue.findDuplicate(messageGroupId!, deduplicationId),
    draft: {
      messageId: ids.uuid(),
      body,
      messageAttributes,
      systemAttributes,
      sentTimestamp: queue.now(),
      senderId: request.callerAccount,
      messageGroupId,
      messageDeduplicationId: deduplicationId,
    },
  };
}

/** What a send answers for one message. */
export interface SendAnswer {
  MessageId: string;
  MD5OfMessageBody: string;
  MD5OfMessageAttributes?: string;
  MD5OfMessageSystemAttributes?: string;
  SequenceNumber?: string;
}

/**
 * Enqueues an accepted message, or for a FIFO duplicate nothing at all, and returns what the send
 * answers: a duplicate gets the original MessageId and SequenceNumber with the MD5s of what was sent.
 * Attribute digests are there only when attributes were sent.
 */
export function deliverAccepted(queue: Queue, accepted: AcceptedMessage): SendAnswer {
  const { draft, delaySeconds, duplicateOf } = accepted;
  // The digests are of what was sent: the stored message's, or for a duplicate (nothing is stored) the draft's.
  const sent = duplicateOf === undefined ? queue.send(draft, delaySeconds) : messageContent(draft);
  const stored = duplicateOf ?? sent;
  const answer: SendAnswer = { MessageId: stored.messageId, MD5OfMessageBody: sent.md5OfBody };
  const md5OfMessageAttributes = sent.md5OfMessageAttributes;
  if (md5OfMessageAttributes) answer.MD5OfMessageAttributes = md5OfMessageAttributes;
  const md5OfMessageSystemAttributes = sent.md5OfMessageSystemAttributes;
  if (md5OfMessageSystemAttributes) answer.MD5OfMessageSystemAttributes = md5OfMessageSystemAttributes;
  if (stored.sequenceNumber !== undefined) answer.SequenceNumber = stored.sequenceNumber;
  return answer;
}
