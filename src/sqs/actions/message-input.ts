import { md5Hex, md5OfMessageAttributes } from '../md5.js';
import type { MessageContent } from '../messages/message.js';
import {
  messagePayloadSize,
  messageTooLong,
  validateDelaySeconds,
  validateGroupOrDedupId,
  validateMessageAttributes,
  validateMessageBody,
  validateMessageSystemAttributes,
} from '../message-validation.js';
import { sqsErrors } from '../errors.js';
import type { Queue } from '../queue.js';
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
  content: MessageContent;
  delaySeconds: number | undefined;
}

/**
 * Validates one message for `queue` and builds what the queue stores. The checks and their order
 * are shared by SendMessage and SendMessageBatch; only the texts of a few errors differ in a batch.
 */
export function acceptMessage(
  queue: Queue,
  input: MessageInput,
  ids: { uuid(): string },
  senderId: string,
  batchIndex?: number,
): AcceptedMessage {
  const inBatch = batchIndex !== undefined;
  const bodyParameter = inBatch ? `SendMessageBatchRequestEntry.${batchIndex + 1}.MessageBody` : 'MessageBody';
  if (!isPresent(input.MessageBody) || input.MessageBody === '') throw sqsErrors.missingParameter(bodyParameter);
  const delaySeconds = validateDelaySeconds(input.DelaySeconds);
  const messageAttributes = validateMessageAttributes(input.MessageAttributes);
  const systemAttributes = validateMessageSystemAttributes(input.MessageSystemAttributes);
  const messageGroupId = validateGroupOrDedupId('MessageGroupId', input.MessageGroupId);
  const messageDeduplicationId = validateGroupOrDedupId('MessageDeduplicationId', input.MessageDeduplicationId);
  if (messageDeduplicationId !== undefined && !queue.fifo) {
    throw sqsErrors.invalidParameter(
      'MessageDeduplicationId',
      messageDeduplicationId,
      'The request include parameter that is not valid for this queue type.',
    );
  }
  if (typeof input.MessageBody === 'string') {
    const size = messagePayloadSize(input.MessageBody, messageAttributes);
    if (size > queue.settings.maximumMessageSize) throw messageTooLong(queue.settings.maximumMessageSize, inBatch);
  }
  const body = validateMessageBody(input.MessageBody, bodyParameter);
  return {
    delaySeconds,
    content: {
      messageId: ids.uuid(),
      body,
      md5OfBody: md5Hex(body),
      messageAttributes,
      md5OfMessageAttributes: md5OfMessageAttributes(messageAttributes),
      systemAttributes,
      md5OfMessageSystemAttributes: md5OfMessageAttributes(systemAttributes),
      sentTimestamp: queue.now(),
      senderId,
      messageGroupId,
      messageDeduplicationId,
      sequenceNumber: undefined,
    },
  };
}

/** The MD5 fields of a send's answer: attribute digests only when attributes were sent. */
export function sendResultDigests(content: MessageContent) {
  return {
    MD5OfMessageBody: content.md5OfBody,
    ...(content.md5OfMessageAttributes ? { MD5OfMessageAttributes: content.md5OfMessageAttributes } : {}),
    ...(content.md5OfMessageSystemAttributes ? { MD5OfMessageSystemAttributes: content.md5OfMessageSystemAttributes } : {}),
  };
}
