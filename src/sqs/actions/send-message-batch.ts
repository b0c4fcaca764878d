import type {
  SendMessageBatchCommandInput,
  SendMessageBatchResultEntry,
} from '@aws-sdk/client-sqs';
import { sqsErrors } from '../errors.js';
import type { SqsBackend } from '../sqs-backend.js';
import { batchOutput, runEntry, type BatchOutput, validateBatchEntries, type BatchResultErrorEntry } from './batch.js';
import { acceptMessage, sendResultDigests, type MessageInput } from './message-input.js';

/** The whole batch's payload limit, whatever the queue's MaximumMessageSize. */
const MAX_BATCH_BYTES = 1_048_576;

export function sendMessageBatch(
  backend: SqsBackend,
  input: Partial<SendMessageBatchCommandInput>,
): BatchOutput<SendMessageBatchResultEntry> {
  const queue = backend.queueByUrl(input.QueueUrl);
  const entries = validateBatchEntries<MessageInput & { Id?: unknown }>(input.Entries, 'SendMessageBatchRequestEntry');
  const total = entries.reduce((sum, entry) => sum + roughPayloadSize(entry), 0);
  if (total > MAX_BATCH_BYTES) throw sqsErrors.batchRequestTooLong(total);

  const successful: SendMessageBatchResultEntry[] = [];
  const failed: BatchResultErrorEntry[] = [];
  entries.forEach((entry, index) => {
    const result = runEntry(entry.Id, () => acceptMessage(queue, entry, backend.ids, backend.senderId, index));
    if ('failed' in result) return void failed.push(result.failed);
    const { content, delaySeconds } = result.ok;
    queue.send(content, delaySeconds);
    successful.push({ Id: entry.Id, MessageId: content.messageId, ...sendResultDigests(content) });
  });
  return batchOutput(successful, failed);
}

/** Body and attribute bytes as the batch limit counts them, before any entry is validated. */
function roughPayloadSize(entry: MessageInput): number {
  let size = typeof entry.MessageBody === 'string' ? Buffer.byteLength(entry.MessageBody) : 0;
  const attributes = entry.MessageAttributes;
  if (attributes && typeof attributes === 'object') {
    for (const [name, value] of Object.entries(attributes as Record<string, Record<string, unknown> | null>)) {
      size += Buffer.byteLength(name);
      if (!value) continue;
      if (typeof value.DataType === 'string') size += Buffer.byteLength(value.DataType);
      if (typeof value.StringValue === 'string') size += Buffer.byteLength(value.StringValue);
      if (value.BinaryValue instanceof Uint8Array) size += value.BinaryValue.byteLength;
    }
  }
  return size;
}
