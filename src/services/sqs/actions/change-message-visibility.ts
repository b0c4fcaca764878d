import type { ChangeMessageVisibilityCommandInput } from '@aws-sdk/client-sqs';
import { SQS_RANGE_REASONS } from '../errors.js';
import type { RequestContext } from '../../../core/request-context.js';
import type { SqsBackend } from '../sqs-backend.js';
import { changeVisibilityByHandle, visibilityTimeoutParam } from './receipt.js';

export function changeMessageVisibility(
  backend: SqsBackend,
  input: Partial<ChangeMessageVisibilityCommandInput>,
  request: RequestContext,
): object {
  const queue = backend.queueByUrl(input.QueueUrl, request.region);
  const seconds = visibilityTimeoutParam(
    input.VisibilityTimeout,
    'VisibilityTimeout',
    SQS_RANGE_REASONS.changeVisibilityTimeout,
  );
  changeVisibilityByHandle(queue, input.ReceiptHandle, seconds);
  return {};
}
