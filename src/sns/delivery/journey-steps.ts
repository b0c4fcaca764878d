import { bodyPreview, type JourneyRecorder, type JourneyService } from '../../journeys/index.js';
import type { Delivery } from '../published.js';

/** `published`, recorded before the fan-out: answers its place in the order of recording. */
export function recordPublished(
  journeys: JourneyRecorder,
  topic: string,
  messageId: string,
  message: string,
  at: number,
): number {
  return journeys.record({
    at,
    service: 'sns',
    kind: 'published',
    where: topic,
    messageId,
    note: bodyPreview(message),
  });
}

/**
 * The journey steps of one published message, from its delivery records, after `published`: for each
 * subscription `delivered` (naming the queue's copy or the Lambda request), `filteredOut` (with the filter's reason
 * when the record has one) or `refused` (the endpoint did not take it), and `deadLettered` when the subscription's
 * dead-letter queue took it instead. Recorded by the publisher after the fan-out, so delivery itself knows nothing
 * of journeys.
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
  // Placed between `published` and what the endpoints recorded during the fan-out (a queue's `sent`).
  const step = 1 / (2 * deliveries.length + 2);
  let seq = publishedSeq;
  for (const delivery of deliveries) {
    // The endpoint's ARN: its name is taken from it when the step is read, not on every publish.
    const where = delivery.endpoint;
    const endpointService = ENDPOINT_SERVICES[delivery.protocol];
    if (delivery.filteredOut) {
      const { filterReason } = delivery as { filterReason?: unknown };
      journeys.record({
        at,
        service: 'sns',
        kind: 'filteredOut',
        seq: (seq += step),
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
        seq: (seq += step),
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
        seq: (seq += step),
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
          seq: (seq += step),
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
}

/** The service behind each protocol SNS really delivers to. */
const ENDPOINT_SERVICES: Readonly<Record<string, JourneyService>> = { sqs: 'sqs', lambda: 'lambda' };
