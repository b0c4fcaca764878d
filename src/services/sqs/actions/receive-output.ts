import type { Message, MessageAttributeValue as SdkMessageAttributeValue } from '@aws-sdk/client-sqs';
import { md5OfMessageAttributes, type MessageAttributeValue } from '../../../core/messages/md5.js';
import { NO_ATTRIBUTES } from '../../../core/messages/attribute-rules.js';
import { copyAttributeValue, type QueuedMessage } from '../messages/message.js';
import type { ReceivedMessage } from '../queue.js';

/** System attributes a receive can ask for, and how each is read off a message (undefined: left out). */
const SYSTEM_ATTRIBUTES: Readonly<Record<string, (m: QueuedMessage) => string | undefined>> = {
  SenderId: (m) => m.content.senderId,
  ApproximateFirstReceiveTimestamp: (m) => String(m.firstReceiveTimestamp),
  ApproximateReceiveCount: (m) => String(m.receiveCount),
  SentTimestamp: (m) => String(m.content.sentTimestamp),
  AWSTraceHeader: (m) => m.content.systemAttributes['AWSTraceHeader']?.StringValue,
  DeadLetterQueueSourceArn: (m) => m.deadLetterQueueSourceArn,
  MessageDeduplicationId: (m) => m.content.messageDeduplicationId,
  MessageGroupId: (m) => m.content.messageGroupId,
  SequenceNumber: (m) => m.content.sequenceNumber,
};

/**
 * Builds the `Message` a receive returns, with the system attributes and message attributes the
 * request asked for. Filters are parsed once per request, not per message.
 */
export function messageShaper(
  systemAttributeNames: readonly string[],
  messageAttributeNames: readonly string[],
): (received: ReceivedMessage) => Message {
  // Most receives ask for no attribute: they share one shaper.
  if (systemAttributeNames.length === 0 && messageAttributeNames.length === 0) return PLAIN_SHAPER;
  return shaperFor(systemAttributeNames, messageAttributeNames);
}

function shaperFor(
  systemAttributeNames: readonly string[],
  messageAttributeNames: readonly string[],
): (received: ReceivedMessage) => Message {
  const readers = pickSystemAttributes(systemAttributeNames);
  const wantsAttribute = messageAttributeFilter(messageAttributeNames);
  return ({ message, receiptHandle }: ReceivedMessage): Message => {
    const attributes = readSystemAttributes(message, readers);
    const selected = selectAttributes(message.content.messageAttributes, wantsAttribute);
    const md5 = selected && md5OfMessageAttributes(selected);
    const shaped: Message = {
      MessageId: message.messageId,
      ReceiptHandle: receiptHandle,
      MD5OfBody: message.content.md5OfBody,
      Body: message.content.body,
    };
    if (attributes) shaped.Attributes = attributes;
    if (md5) shaped.MD5OfMessageAttributes = md5;
    if (selected) shaped.MessageAttributes = toSdkAttributes(selected);
    return shaped;
  };
}

const ALL_SYSTEM_ATTRIBUTES = Object.entries(SYSTEM_ATTRIBUTES);

function pickSystemAttributes(names: readonly string[]): readonly [string, (m: QueuedMessage) => string | undefined][] {
  if (names.length === 0) return [];
  if (names.includes('All')) return ALL_SYSTEM_ATTRIBUTES;
  // Unknown names are ignored, as SQS does.
  return ALL_SYSTEM_ATTRIBUTES.filter(([name]) => names.includes(name));
}

function readSystemAttributes(
  message: QueuedMessage,
  readers: readonly [string, (m: QueuedMessage) => string | undefined][],
): Record<string, string> | undefined {
  let attributes: Record<string, string> | undefined;
  for (const [name, read] of readers) {
    const value = read(message);
    if (value !== undefined) (attributes ??= {})[name] = value;
  }
  return attributes;
}

/** `All`, `*` and `.*` select every attribute; `prefix.*` those starting with prefix; others by exact name. */
const NONE = (): boolean => false;
const EVERY = (): boolean => true;

function messageAttributeFilter(names: readonly string[]): (name: string) => boolean {
  if (names.length === 0) return NONE;
  if (names.some((n) => n === 'All' || n === '*' || n === '.*')) return EVERY;
  const exact = new Set(names.filter((n) => !n.endsWith('.*')));
  const prefixes = names.filter((n) => n.endsWith('.*')).map((n) => n.slice(0, -2));
  return (name) => exact.has(name) || prefixes.some((p) => name.startsWith(p));
}

/**
 * The attributes `wanted` keeps, or undefined when it keeps none. Built with `Object.fromEntries`, which defines
 * properties: assigning would turn a legal attribute named `__proto__` into the object's prototype and lose it.
 */
function selectAttributes(
  attributes: Readonly<Record<string, MessageAttributeValue>>,
  wanted: (name: string) => boolean,
): Record<string, MessageAttributeValue> | undefined {
  if (wanted === NONE || attributes === NO_ATTRIBUTES) return undefined;
  const selected = Object.entries(attributes).filter(([name]) => wanted(name));
  return selected.length > 0 ? Object.fromEntries(selected) : undefined;
}

/** Fresh objects every time: the caller may change what it receives without touching the queue. */
function toSdkAttributes(attributes: Record<string, MessageAttributeValue>): Record<string, SdkMessageAttributeValue> {
  return Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name, copyAttributeValue(value)]));
}

/** The shaper of a receive that asks for no attribute (made last: it uses the constants above). */
const PLAIN_SHAPER = shaperFor([], []);
