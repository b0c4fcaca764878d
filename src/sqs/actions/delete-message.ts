import type { DeleteMessageCommandInput } from '@aws-sdk/client-sqs';
import type { SqsBackend } from '../sqs-backend.js';
import { deleteByHandle } from './receipt.js';

export function deleteMessage(backend: SqsBackend, input: Partial<DeleteMessageCommandInput>): object {
  deleteByHandle(backend.queueByUrl(input.QueueUrl), input.ReceiptHandle);
  return {};
}
