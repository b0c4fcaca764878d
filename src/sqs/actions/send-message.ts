import type { SendMessageCommandInput, SendMessageCommandOutput } from '@aws-sdk/client-sqs';
import type { SqsBackend } from '../sqs-backend.js';
import { acceptMessage, sendResultDigests } from './message-input.js';

export function sendMessage(backend: SqsBackend, input: Partial<SendMessageCommandInput>): Omit<SendMessageCommandOutput, '$metadata'> {
  const queue = backend.queueByUrl(input.QueueUrl);
  const { content, delaySeconds } = acceptMessage(queue, input, backend.ids, backend.senderId);
  queue.send(content, delaySeconds);
  return { MessageId: content.messageId, ...sendResultDigests(content) };
}
