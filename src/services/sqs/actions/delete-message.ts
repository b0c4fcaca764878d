import type { DeleteMessageCommandInput } from '@aws-sdk/client-sqs';
import type { RequestContext } from '../../../core/request-context.js';
import type { SqsBackend } from '../sqs-backend.js';
import { deleteByHandle } from './receipt.js';

export function deleteMessage(
  backend: SqsBackend,
  input: Partial<DeleteMessageCommandInput>,
  request: RequestContext,
): object {
  deleteByHandle(backend.queueByUrl(input.QueueUrl, request.region), input.ReceiptHandle);
  return {};
}
