import type { RequestContext } from '../../../core/request-context.js';
import type { SendMessageCommandInput, SendMessageCommandOutput } from '@aws-sdk/client-sqs';
import type { SqsBackend } from '../sqs-backend.js';
import { acceptMessage, deliverAccepted } from './message-input.js';

export function sendMessage(
  backend: SqsBackend,
  input: Partial<SendMessageCommandInput>,
  request: RequestContext,
): Omit<SendMessageCommandOutput, '$metadata'> {
  const queue = backend.queueByUrl(input.QueueUrl, request.region);
  return deliverAccepted(queue, acceptMessage(queue, input, request, backend.ids));
}
