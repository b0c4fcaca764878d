import type {
  ChangeMessageVisibilityBatchCommandInput,
  ChangeMessageVisibilityBatchRequestEntry,
} from '@aws-sdk/client-sqs';
import { SQS_RANGE_REASONS } from '../errors.js';
import type { RequestContext } from '../../../core/request-context.js';
import type { SqsBackend } from '../sqs-backend.js';
import { batchOutput, runEntry, type BatchOutput, validateBatchEntries, type BatchResultErrorEntry } from './batch.js';
import { changeVisibilityByHandle, visibilityTimeoutParam } from './receipt.js';

export function changeMessageVisibilityBatch(
  backend: SqsBackend,
  input: Partial<ChangeMessageVisibilityBatchCommandInput>,
  request: RequestContext,
): BatchOutput<{ Id: string }> {
  const queue = backend.queueByUrl(input.QueueUrl, request.region);
  const entries = validateBatchEntries<Partial<ChangeMessageVisibilityBatchRequestEntry>>(
    input.Entries,
    'ChangeMessageVisibilityBatchRequestEntry',
  );
  const successful: { Id: string }[] = [];
  const failed: BatchResultErrorEntry[] = [];
  // One request: waiting long polls are served once, after every entry. Served between entries, a poll could take
  // a message an entry released, and a later entry with an older handle of it would release it again while the poll
  // holds it: two consumers within one visibility timeout.
  queue.batch(() =>
    entries.forEach((entry, index) => {
      const result = runEntry(entry.Id, () => {
        const seconds = visibilityTimeoutParam(
          entry.VisibilityTimeout,
          `ChangeMessageVisibilityBatchRequestEntry.${index + 1}.VisibilityTimeout`,
          SQS_RANGE_REASONS.changeVisibilityTimeoutInBatch,
        );
        changeVisibilityByHandle(queue, entry.ReceiptHandle, seconds);
      });
      if ('failed' in result) failed.push(result.failed);
      else successful.push({ Id: entry.Id });
    }),
  );
  return batchOutput(successful, failed);
}
