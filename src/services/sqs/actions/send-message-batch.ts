import type { RequestContext } from '../../../core/request-context.js';
import type { SendMessageBatchCommandInput, SendMessageBatchResultEntry } from '@aws-sdk/client-sqs';
import { sqsErrors } from '../errors.js';
import { messagePayloadSize } from '../../../core/messages/attribute-rules.js';
import type { Queue } from '../queue.js';
import type { SqsBackend } from '../sqs-backend.js';
import { batchOutput, runEntry, type BatchOutput, validateBatchEntries, type BatchResultErrorEntry } from './batch.js';
import { acceptMessage, deliverAccepted, throwIfFifoViolation, type MessageInput } from './message-input.js';

/** The whole batch's payload limit, whatever the queue's MaximumMessageSize. */
const MAX_BATCH_BYTES = 1_048_576;

type SendEntry = MessageInput & { Id?: unknown };

/**
 * The checks that fail a SendMessageBatch as a whole, before any entry is sent: the queue, the entries' count and
 * Ids, the batch's total size, and the FIFO rules on group and deduplication ids.
 */
export function checkSendMessageBatch(
  backend: SqsBackend,
  input: Partial<SendMessageBatchCommandInput>,
  region = backend.scope.region,
): { queue: Queue; entries: (SendEntry & { Id: string })[] } {
  const queue = backend.queueByUrl(input.QueueUrl, region);
  const entries = validateBatchEntries<SendEntry>(input.Entries, 'SendMessageBatchRequestEntry');
  // Counted over the raw entries: an oversized batch fails as a whole, whatever its entries' own faults.
  const total = entries.reduce((sum, entry) => sum + messagePayloadSize(entry.MessageBody, entry.MessageAttributes), 0);
  if (total > MAX_BATCH_BYTES) throw sqsErrors.batchRequestTooLong(total);

  for (const entry of entries) throwIfFifoViolation(queue, entry, true);
  return { queue, entries };
}

export function sendMessageBatch(
  backend: SqsBackend,
  input: Partial<SendMessageBatchCommandInput>,
  request: RequestContext,
): BatchOutput<SendMessageBatchResultEntry> {
  const { queue, entries } = checkSendMessageBatch(backend, input, request.region);
  const successful: SendMessageBatchResultEntry[] = [];
  const failed: BatchResultErrorEntry[] = [];
  // Entries are enqueued in order, so FIFO entries keep their order and a later duplicate is caught.
  queue.batch(() =>
    entries.forEach((entry, index) => {
      const result = runEntry(entry.Id, () =>
        deliverAccepted(queue, acceptMessage(queue, entry, request, backend.ids, index)),
      );
      if ('failed' in result) failed.push(result.failed);
      else successful.push({ Id: entry.Id, ...result.ok });
    }),
  );
  return batchOutput(successful, failed);
}
