/**
 * The SQS and SNS records of an invocation's event, as the body and attribute matchers see a message: the SQS
 * record's `body` and `messageAttributes` (docs/aws-behaviour/lambda.md §1.1, §1.3), the SNS record's `Sns.Message`
 * and `Sns.MessageAttributes` (§3.2, §3.4). Attributes come in the SQS and SNS APIs' form (`DataType`,
 * `StringValue`, `BinaryValue` as bytes), whatever the event's casing, so that a test writes `attributes` the same
 * way for toContainMessage, toHavePublished and toHaveBeenInvokedWithRecord. An event of any other shape (an
 * Invoke's own payload) has no records.
 */
import type { AttributeValueLike } from './match.js';
import type { Candidate } from './search.js';

export function recordsOf(event: unknown): Candidate[] {
  const records = isObject(event) && Array.isArray(event.Records) ? (event.Records as unknown[]) : [];
  return records.flatMap((record) => {
    const read = sqsRecord(record) ?? snsRecord(record);
    return read ? [read] : [];
  });
}

/** `{ body, messageAttributes: { name: { stringValue?, binaryValue? (base64), dataType } } }`. */
function sqsRecord(record: unknown): Candidate | undefined {
  if (!isObject(record) || record.eventSource !== 'aws:sqs' || typeof record.body !== 'string') return undefined;
  const attributes = mapAttributes(record.messageAttributes, (value) => ({
    DataType: stringOr(value.dataType, 'String'),
    ...(typeof value.stringValue === 'string' ? { StringValue: value.stringValue } : {}),
    ...(typeof value.binaryValue === 'string' ? { BinaryValue: fromBase64(value.binaryValue) } : {}),
  }));
  return { body: record.body, attributes };
}

/** `{ Sns: { Message, MessageAttributes: { name: { Type, Value } } } }`; a Binary value is base64 text. */
function snsRecord(record: unknown): Candidate | undefined {
  if (!isObject(record) || record.EventSource !== 'aws:sns' || !isObject(record.Sns)) return undefined;
  const { Message, MessageAttributes } = record.Sns;
  if (typeof Message !== 'string') return undefined;
  const attributes = mapAttributes(MessageAttributes, (value) => {
    const DataType = stringOr(value.Type, 'String');
    const text = stringOr(value.Value, '');
    return DataType.startsWith('Binary')
      ? { DataType, BinaryValue: fromBase64(text) }
      : { DataType, StringValue: text };
  });
  return { body: Message, attributes };
}

function mapAttributes(
  attributes: unknown,
  convert: (value: Record<string, unknown>) => AttributeValueLike,
): Record<string, AttributeValueLike> {
  if (!isObject(attributes)) return {};
  return Object.fromEntries(
    Object.entries(attributes).flatMap(([name, value]) => (isObject(value) ? [[name, convert(value)]] : [])),
  );
}

function fromBase64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'));
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
