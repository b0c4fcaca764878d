import type { ChangeMessageVisibilityCommandInput } from '@aws-sdk/client-sqs';
import type { SqsBackend } from '../sqs-backend.js';
import { changeVisibilityByHandle, visibilityTimeoutParam } from './receipt.js';

export function changeMessageVisibility(backend: SqsBackend, input: Partial<ChangeMessageVisibilityCommandInput>): object {
  const queue = backend.queueByUrl(input.QueueUrl);
  const seconds = visibilityTimeoutParam(input.VisibilityTimeout, 'VisibilityTimeout', 'Must be between 0 and 43200.');
  changeVisibilityByHandle(queue, input.ReceiptHandle, seconds);
  return {};
}
