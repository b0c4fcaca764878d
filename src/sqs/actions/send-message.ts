import type { SendMessageCommandInput, SendMessageCommandOutput } from '@aws-sdk/client-sqs';
import type { SqsBackend } from '../sqs-backend.js';
import { acceptMessage, deliverAccepted } from './message-input.js';

export function sendMessage(backend: SqsBackend, input: Partial<SendMessageCommandInput>): Omit<SendMessageCommandOutput, '$metadata'> {
  const queue = backend.queueByUrl(input.QueueUrl);
  return deliverAccepted(queue, acceptMessage(queue, input, backend.ids, backend.senderId));
}
