import { topicRegion } from '../arn.js';
import { contentDeduplicationId } from '../publish/fifo-rules.js';
import type { PublishEntry } from '../publish/entry.js';
import { snsEndpointBase, type Notification } from '../publish/envelope.js';
import { snsMessageId } from '../publish/message-id.js';
import type { DeliverySender } from '../../../core/delivery.js';
import type { RequestContext } from '../../../core/request-context.js';
import { PublishedRecord } from '../published.js';
import type { SnsBackend } from '../sns-backend.js';
import type { Topic } from '../topic.js';
import { topicDisplayName, topicSignatureVersion } from '../topic-attributes.js';
import { rawDeliveryAttributes, snsSender, type DeliveryContext } from './context.js';
import { fanOut } from './fan-out.js';
import { recordPublished, recordTaken } from './journey-steps.js';

export interface PublishResult {
  readonly MessageId: string;
  readonly SequenceNumber?: string;
}

/** What every message of a topic has in common, worked out from its ARN on its first publish. */
interface TopicConstants {
  readonly sender: DeliverySender;
  readonly endpointBase: string;
}

const topicConstants = new WeakMap<Topic, TopicConstants>();

function constantsOf(topic: Topic): TopicConstants {
  let constants = topicConstants.get(topic);
  if (constants === undefined) {
    constants = { sender: snsSender(topic.arn, topic.fifo), endpointBase: snsEndpointBase(topicRegion(topic.arn)) };
    topicConstants.set(topic, constants);
  }
  return constants;
}

/**
 * What every endpoint of one message of `topic` has in common; replays (replay.ts) rebuild it the same way, with
 * the trace header of the publish request (the archive keeps it).
 */
export function deliveryContext(
  backend: SnsBackend,
  topic: Topic,
  entry: PublishEntry,
  deduplicationId: string | undefined,
  traceHeader: string | undefined,
): DeliveryContext {
  return {
    traceHeader,
    deliver: backend.delivery.deliver,
    sender: constantsOf(topic).sender,
    topicFifo: topic.fifo,
    messageGroupId: entry.messageGroupId,
    deduplicationId,
    attributes: entry.attributes,
    rawAttributes: rawDeliveryAttributes(entry.attributes),
    sms: backend.sms,
    mobile: backend.mobile,
    displayName: topicDisplayName(topic),
  };
}

/**
 * Publishes one accepted message to `topic`. The request's X-Ray trace header (`request.traceHeader`, see plugin.ts)
 * goes on to SQS deliveries as their AWSTraceHeader: a topic "passes through the tracing header it receives from an
 * Amazon SNS publisher to its subscriptions" [D]; with TracingConfig Active SNS also traces itself, which is not
 * emulated. On a FIFO topic a repeat of a deduplication id within five minutes, in any message group, answers the
 * original MessageId and SequenceNumber and delivers nothing (docs/aws-behaviour/sns.md §6.3); otherwise the message
 * gets its ids, goes to every subscription, and is recorded on the topic (and kept in its archive while an
 * ArchivePolicy is active).
 */
export function publishToTopic(
  backend: SnsBackend,
  topic: Topic,
  entry: PublishEntry,
  request: RequestContext,
): PublishResult {
  const now = backend.clock.now();
  const deduplicationId = topic.fifo
    ? (entry.messageDeduplicationId ?? contentDeduplicationId(entry.message))
    : undefined;
  if (deduplicationId !== undefined) {
    const original = topic.findDuplicate(deduplicationId, now);
    if (original) return { MessageId: original.messageId, SequenceNumber: original.sequenceNumber };
  }
  const messageId = snsMessageId(backend.ids);
  const sequenceNumber = topic.fifo ? topic.nextSequenceNumber() : undefined;
  if (deduplicationId !== undefined)
    topic.rememberSend(deduplicationId, { messageId, sequenceNumber: sequenceNumber! }, now);

  const notification: Notification = {
    messageId,
    sequenceNumber,
    topicArn: topic.arn,
    subject: entry.subject,
    timestamp: now,
    attributes: entry.attributes,
    signatureVersion: topic.fifo ? undefined : topicSignatureVersion(topic),
    endpointBase: constantsOf(topic).endpointBase,
  };
  const { traceHeader } = request;
  const { journeys } = backend;
  // `published` is recorded after the fan-out (it holds the deliveries) at a place reserved before it.
  const publishedSeq = journeys?.reserveSeq();
  const record = fanOut(
    topic,
    notification,
    entry,
    deliveryContext(backend, topic, entry, deduplicationId, traceHeader),
  );
  if (journeys) {
    recordPublished(journeys, topic.arn, messageId, entry.message, now, publishedSeq!, record);
    recordTaken(journeys, topic.arn, messageId, record, now, publishedSeq!);
  }
  topic.archiveAt(now).record({ notification, entry, deduplicationId, traceHeader });
  topic.published.push(
    new PublishedRecord(messageId, sequenceNumber, entry, deduplicationId ?? entry.messageDeduplicationId, now, record),
  );
  return { MessageId: messageId, ...(sequenceNumber !== undefined ? { SequenceNumber: sequenceNumber } : {}) };
}
