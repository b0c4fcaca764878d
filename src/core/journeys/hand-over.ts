/**
 * The steps of a sender that hands a message to a target through the delivery seam (EventBridge's rules, Scheduler's
 * schedules): `delivered` naming the id the target gave it, or `refused` with why, and `deadLettered` when the
 * sender's dead-letter queue took it instead. Shared so both read alike; SNS records its own from its delivery records.
 */
import { arnService } from '../delivery.js';
import type { JourneyRecorder } from './recorder.js';
import type { JourneyService, StepError } from './step.js';

/** Who hands the message on: the service, the rule or schedule (`source` of its steps), and the message's id. */
export interface HandOver {
  readonly journeys: JourneyRecorder;
  readonly service: JourneyService;
  readonly source: string;
  readonly messageId: string;
}

/** What the target made of it: accepted (with the id it gave), or refused with the error the step shows. */
export type HandOverResult =
  | { readonly accepted: true; readonly messageId?: string | undefined }
  | { readonly accepted: false; readonly error: StepError };

/** Read before a hand-over: where its step goes (see `placed`). */
export function handOverMark(journeys: JourneyRecorder): number {
  return journeys.nextSeq;
}

/**
 * The `seq` of a hand-over's step, recorded after the target recorded its own (a queue's `sent`): just before those,
 * or, when the target recorded nothing, none (the next in order), so that two steps never share a place.
 */
function placed(journeys: JourneyRecorder, mark: number): number | undefined {
  return journeys.nextSeq === mark ? undefined : mark - 0.5;
}

/**
 * `delivered` (naming the queue's copy, the topic's MessageId, the bus's event in `nextMessageId`; a function's
 * request id in `requestId`, and in `nextMessageId` too, as the link to the invocation's steps) or `refused`.
 */
export function recordHandOver(from: HandOver, targetArn: string, result: HandOverResult, mark: number): void {
  const endpointService = from.journeys.vocabulary.endpointService(arnService(targetArn));
  const base = {
    at: from.journeys.now(),
    service: from.service,
    where: targetArn,
    messageId: from.messageId,
    source: from.source,
    endpointService,
    seq: placed(from.journeys, mark),
  };
  if (!result.accepted) {
    from.journeys.record({ ...base, kind: 'refused', error: result.error });
    return;
  }
  const requestId = endpointService === 'lambda' ? result.messageId : undefined;
  from.journeys.record({ ...base, kind: 'delivered', nextMessageId: result.messageId, requestId });
}

/** `deadLettered`: to the sender's dead-letter queue (its copy's id in `nextMessageId`), or refused there too. */
export function recordDeadLetter(
  from: HandOver,
  targetArn: string,
  deadLetterArn: string,
  result:
    | { readonly accepted: true; readonly messageId?: string | undefined }
    | { readonly accepted: false; readonly reason: string },
  mark: number,
  note?: string,
): void {
  from.journeys.record({
    at: from.journeys.now(),
    service: from.service,
    kind: 'deadLettered',
    where: targetArn,
    messageId: from.messageId,
    source: from.source,
    target: deadLetterArn.split(':').at(-1),
    nextMessageId: result.accepted ? result.messageId : undefined,
    note: result.accepted ? note : `the dead-letter queue refused it too: ${result.reason}`,
    seq: placed(from.journeys, mark),
  });
}
