/**
 * S3's steps in a journey (docs/guide/journeys.md): `published` when a request's event is queued for its
 * destinations (the request id is the journey's id), `delivered` / `refused` per destination when it is handed over,
 * and `read` when a GetObject or HeadObject reads the object version the event announced, from inside a function's
 * invocation or not: the journey runs from the PutObject to the handler that read the object again.
 */
import { handOverMark, recordHandOver, type HandOver } from '../../../core/journeys/hand-over.js';
import type { JourneyRecorder } from '../../../core/journeys/recorder.js';
import type { DeliveryResult } from '../../../core/delivery.js';
import type { S3Event } from './records.js';

export class S3Steps {
  constructor(private readonly journeys: JourneyRecorder) {}

  published(event: S3Event): void {
    this.journeys.record({
      at: this.journeys.now(),
      service: 's3',
      kind: 'published',
      where: event.bucket.arn,
      messageId: event.id,
      note: `${event.name} ${JSON.stringify(event.key)}${event.size !== undefined ? ` (${event.size} bytes)` : ''}`,
    });
  }

  /** Where the hand-over's step goes: before what the target records. */
  mark(): number {
    return handOverMark(this.journeys);
  }

  delivered(bucketArn: string, eventId: string, targetArn: string, result: DeliveryResult, mark: number): void {
    const from: HandOver = { journeys: this.journeys, service: 's3', source: bucketArn, messageId: eventId };
    recordHandOver(
      from,
      targetArn,
      result.accepted
        ? result
        : { accepted: false, error: { name: result.byPolicy ? 'AccessDenied' : 'Refused', message: result.reason } },
      mark,
    );
  }

  /** A read of the object version `eventId` announced; `by` names the invocation it came from, if any. */
  read(bucketArn: string, eventId: string, action: string, key: string, by: string | undefined): void {
    this.journeys.record({
      at: this.journeys.now(),
      service: 's3',
      kind: 'read',
      where: bucketArn,
      messageId: eventId,
      by,
      note: `${action} ${JSON.stringify(key)}`,
    });
  }
}
