import type { PulledAttribute, PulledMessage, PullSource } from '../../../core/pull.js';

/** A message attribute in Lambda's form (docs/aws-behaviour/lambda.md §1.3). */
export interface SqsRecordAttribute {
  stringValue?: string;
  /** Base64. */
  binaryValue?: string;
  stringListValues: string[];
  binaryListValues: string[];
  dataType: string;
}

/** One record of an `SQSEvent`, as Lambda builds it (docs/aws-behaviour/lambda.md §1.1). */
export interface SqsRecord {
  messageId: string;
  receiptHandle: string;
  body: string;
  attributes: Record<string, string>;
  messageAttributes: Record<string, SqsRecordAttribute>;
  md5OfMessageAttributes?: string | null;
  md5OfBody: string;
  eventSource: 'aws:sqs';
  eventSourceARN: string;
  awsRegion: string;
}

/**
 * The system attributes in the order AWS's recordings show them: the four every record has, then FIFO's three, then
 * the optional ones (lambda.md §1.2), as the pull seam answers them (src/core/pull.ts): ReceiveMessage's own.
 */
const ATTRIBUTE_ORDER = [
  'ApproximateReceiveCount',
  'SentTimestamp',
  'SenderId',
  'ApproximateFirstReceiveTimestamp',
  'SequenceNumber',
  'MessageGroupId',
  'MessageDeduplicationId',
  'AWSTraceHeader',
  'DeadLetterQueueSourceArn',
] as const;

/**
 * The record of one received message, as the queue answered it with every system and message attribute.
 * `nullMd5WithoutAttributes`: whether a record without message attributes says
 * `md5OfMessageAttributes: null` or leaves the key out. AWS was recorded doing both, null exactly for mappings with a
 * batching window and absent for those without (lambda.md §1.4, §7.4); we follow that correlation, the only evidence.
 */
export function sqsRecord(message: PulledMessage, queue: PullSource, nullMd5WithoutAttributes: boolean): SqsRecord {
  const system = message.Attributes ?? {};
  const attributes: Record<string, string> = {};
  for (const name of ATTRIBUTE_ORDER) {
    const value = system[name];
    if (value !== undefined) attributes[name] = value;
  }
  const record: SqsRecord = {
    messageId: message.MessageId!,
    receiptHandle: message.ReceiptHandle!,
    body: message.Body!,
    attributes,
    messageAttributes: lambdaAttributes(message.MessageAttributes),
    md5OfBody: message.MD5OfBody!,
    eventSource: 'aws:sqs',
    eventSourceARN: queue.arn,
    awsRegion: queue.region,
  };
  if (message.MD5OfMessageAttributes !== undefined) record.md5OfMessageAttributes = message.MD5OfMessageAttributes;
  else if (nullMd5WithoutAttributes) record.md5OfMessageAttributes = null;
  // Keys in the recorded order: md5OfMessageAttributes sits before md5OfBody.
  return reorder(record);
}

function reorder(record: SqsRecord): SqsRecord {
  if (!('md5OfMessageAttributes' in record)) return record;
  const { md5OfBody, eventSource, eventSourceARN, awsRegion, ...head } = record;
  return { ...head, md5OfBody, eventSource, eventSourceARN, awsRegion };
}

/**
 * Lambda's lower-camel attribute form, recorded 2025-11: the list keys always there and empty, no `binaryValue` key
 * on a string or number, a binary value in base64 (lambda.md §1.3). Built with `Object.fromEntries` so that an
 * attribute named `__proto__` stays an attribute.
 */
function lambdaAttributes(
  attributes: Readonly<Record<string, PulledAttribute>> | undefined,
): Record<string, SqsRecordAttribute> {
  if (attributes === undefined) return {};
  return Object.fromEntries(
    Object.entries(attributes).map(([name, value]) => {
      const converted: SqsRecordAttribute =
        value.BinaryValue !== undefined
          ? {
              binaryValue: Buffer.from(value.BinaryValue).toString('base64'),
              stringListValues: [],
              binaryListValues: [],
              dataType: value.DataType!,
            }
          : { stringValue: value.StringValue!, stringListValues: [], binaryListValues: [], dataType: value.DataType! };
      return [name, converted];
    }),
  );
}

/** The bytes a record adds to the invocation payload, for the 6 MB limit (lambda.md §2.4): its JSON and a comma. */
export function recordBytes(record: SqsRecord): number {
  return Buffer.byteLength(JSON.stringify(record), 'utf8') + 1;
}

/** JSON escapes a UTF-16 unit into at most 6 bytes (`\u0000`); a record's fixed keys and system attributes fit 2 KB. */
const MAX_BYTES_PER_UNIT = 6;
const RECORD_OVERHEAD_BYTES = 2048;

/**
 * An upper bound of `recordBytes` without serialising the record: what a batch counts while it is far from 6 MB, so
 * that only a batch near the limit pays for the exact size (the poller's Batch).
 */
export function recordBytesAtMost(record: SqsRecord): number {
  let units = record.body.length + record.receiptHandle.length;
  for (const name in record.messageAttributes) {
    const value = record.messageAttributes[name]!;
    units += name.length + value.dataType.length + (value.stringValue ?? value.binaryValue ?? '').length + 64;
  }
  return MAX_BYTES_PER_UNIT * units + RECORD_OVERHEAD_BYTES;
}
