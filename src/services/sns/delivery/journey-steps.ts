import {
  bodyPreview,
  type JourneyRecorder,
  type JourneyService,
  type RecordedStep,
} from '../../../core/journeys/index.js';
import type { Delivery } from '../published.js';
import type { FanOutRecord } from './fan-out-record.js';

/**
 * `published`, recorded after the fan-out at the place `seq` reserved before it (so it reads before what the
 * endpoints recorded meanwhile, a queue's `sent`). Its filtered-out subscriptions are not recorded one by one: the
 * step's `more` builds their `filteredOut` steps (and words their reasons) from the fan-out's record when a journey
 * is read; a filtered-out record lets go of its body when the topic's history does (published.ts).
 */
export function recordPublished(
  journeys: JourneyRecorder,
  topic: string,
  messageId: string,
  message: string,
  at: number,
  seq: number,
  record: FanOutRecord,
): void {
  journeys.record({
    at,
    service: 'sns',
    kind: 'published',
    where: topic,
    messageId,
    seq,
    note: bodyPreview(message),
    more: record.filteredAny ? () => filteredOutSteps(topic, messageId, record, at, seq) : undefined,
  });
}

/** Where delivery `index` of `count` is placed: between `published` and what the endpoints recorded. */
function placeOf(seq: number, index: number, count: number, deadLetter = false): number {
  return seq + (2 * index + (deadLetter ? 2 : 1)) / (2 * count + 3);
}

/** The `filteredOut` steps of a publish, built when read: each with the filter's reason, worded then. */
function filteredOutSteps(
  topic: string,
  messageId: string,
  record: FanOutRecord,
  at: number,
  seq: number,
): RecordedStep[] {
  const { records, places } = record.filteredOut();
  const count = record.offered;
  return records.map((delivery, i) => {
    const { filterReason } = delivery as { filterReason?: unknown };
    return {
      at,
      service: 'sns',
      kind: 'filteredOut',
      seq: placeOf(seq, places[i]!, count),
      where: delivery.endpoint,
      messageId,
      source: topic,
      endpointService: ENDPOINT_SERVICES[delivery.protocol],
      filterReason: typeof filterReason === 'string' ? filterReason : undefined,
    };
  });
}

/** The steps of the subscriptions that took a published message (fan-out-record.ts), at their places. */
export function recordTaken(
  journeys: JourneyRecorder,
  topic: string,
  messageId: string,
  record: FanOutRecord,
  at: number,
  publishedSeq: number,
): void {
  const { taken, takenAt, offered } = record;
  for (let k = 0; k < taken.length; k++)
    recordDelivery(journeys, topic, messageId, taken[k]!, at, publishedSeq, takenAt[k]!, offered, undefined);
}

/**
 * The journey steps of the subscriptions that were offered a published message and not filtered out, from its
 * delivery records: `delivered` (naming the queue's copy or the Lambda request) or `refused` (the endpoint did not
 * take it), and `deadLettered` when the subscription's dead-letter queue took it instead (naming that copy).
 * Recorded by the publisher after the fan-out, so delivery itself knows nothing of journeys; filtered-out ones are
 * `recordPublished`'s, built when read.
 */
export function recordDeliveries(
  journeys: JourneyRecorder,
  topic: string,
  messageId: string,
  deliveries: readonly Delivery[],
  at: number,
  publishedSeq: number,
  /** `replayed`: a FIFO topic's replay redelivered it (the first delivery was recorded at its Publish). */
  note?: string,
): void {
  const count = deliveries.length;
  for (let index = 0; index < count; index++)
    recordDelivery(journeys, topic, messageId, deliveries[index]!, at, publishedSeq, index, count, note);
}

/** The steps of delivery `index` of `count` of a message; a filtered-out one only with a `note` (a replay's). */
function recordDelivery(
  journeys: JourneyRecorder,
  topic: string,
  messageId: string,
  delivery: Delivery,
  at: number,
  publishedSeq: number,
  index: number,
  count: number,
  note: string | undefined,
): void {
  if (delivery.filteredOut && note === undefined) return;
  // The endpoint's ARN: its name is taken from it when the step is read, not on every publish.
  const where = delivery.endpoint;
  const endpointService = ENDPOINT_SERVICES[delivery.protocol];
  const seq = placeOf(publishedSeq, index, count);
  if (delivery.filteredOut) {
    const { filterReason } = delivery as { filterReason?: unknown };
    journeys.record({
      at,
      service: 'sns',
      kind: 'filteredOut',
      seq,
      where,
      messageId,
      source: topic,
      endpointService,
      filterReason: typeof filterReason === 'string' ? filterReason : undefined,
      note,
    });
  } else if (delivery.delivered) {
    journeys.record({
      at,
      service: 'sns',
      kind: 'delivered',
      seq,
      where,
      messageId,
      source: topic,
      endpointService,
      nextMessageId: delivery.queueMessageId,
      requestId: delivery.requestId,
      note,
    });
  } else {
    journeys.record({
      at,
      service: 'sns',
      kind: 'refused',
      seq,
      where,
      messageId,
      source: topic,
      endpointService,
      error: {
        name: delivery.refusedBy === 'queuePolicy' ? 'QueuePolicy' : 'DeliveryFailed',
        message: delivery.failure ?? '',
      },
      note,
    });
    if (delivery.deadLettered || delivery.deadLetterFailure)
      journeys.record({
        at,
        service: 'sns',
        kind: 'deadLettered',
        seq: placeOf(publishedSeq, index, count, true),
        where,
        messageId,
        source: topic,
        endpointService,
        nextMessageId: delivery.deadLetterMessageId,
        note: delivery.deadLettered
          ? "to the subscription's dead-letter queue"
          : `the subscription's dead-letter queue refused it too: ${delivery.deadLetterFailure}`,
      });
  }
}

/** The service behind each protocol SNS really delivers to. */
const ENDPOINT_SERVICES: Readonly<Record<string, JourneyService>> = { sqs: 'sqs', lambda: 'lambda' };

/**
 * A Publish straight to a phone number or a platform endpoint: `published` there, then `delivered`, or `refused` with
 * why SNS would not deliver it (an opted-out or, in the SMS sandbox, unverified number).
 */
export function recordDirect(
  journeys: JourneyRecorder,
  where: string,
  messageId: string,
  message: string,
  at: number,
  outcome: { readonly delivered: boolean; readonly reason?: string },
): void {
  journeys.record({ at, service: 'sns', kind: 'published', where, messageId, note: bodyPreview(message) });
  if (outcome.delivered) journeys.record({ at, service: 'sns', kind: 'delivered', where, messageId });
  else
    journeys.record({
      at,
      service: 'sns',
      kind: 'refused',
      where,
      messageId,
      error: { name: 'NotDelivered', message: outcome.reason ?? '' },
    });
}
