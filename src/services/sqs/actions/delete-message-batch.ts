import type { DeleteMessageBatchCommandInput, DeleteMessageBatchRequestEntry } from '@aws-sdk/client-sqs';
import type { RequestContext } from '../../../core/request-context.js';
import type { SqsBackend } from '../sqs-backend.js';
import { batchOutput, runEntry, type BatchOutput, validateBatchEntries, type BatchResultErrorEntry } from './batch.js';
import { deleteByHandle } from './receipt.js';

export function deleteMessageBatch(
  backend: SqsBackend,
  input: Partial<DeleteMessageBatchCommandInput>,
  request: RequestContext,
): BatchOutput<{ Id: string }> {
  const queue = backend.queueByUrl(input.QueueUrl, request.region);
  const entries = validateBatchEntries<Partial<DeleteMessageBatchRequestEntry>>(
    input.Entries,
    'DeleteMessageBatchRequestEntry',
  );
  const successful: { Id: string }[] = [];
  const failed: BatchResultErrorEntry[] = [];
  // One request: a long poll woken by a FIFO group these deletes unlock is served once, after every entry.
  queue.batch(() => {
    for (const entry of entries) {
      const result = runEntry(entry.Id, () => deleteByHandle(queue, entry.ReceiptHandle));
      if ('failed' in result) failed.push(result.failed);
      else successful.push({ Id: entry.Id });
    }
  });
  return batchOutput(successful, failed);
}
