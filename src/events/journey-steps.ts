/**
 * EventBridge's steps in a message's journey (docs/guide/journeys.md): `published` when a bus takes an event (its
 * EventId the step's id), `routed` per rule whose pattern matched, `scheduled` per firing of a scheduled rule, then
 * per target `delivered` / `refused` and `deadLettered` (src/journeys/hand-over.ts). A rule that did not match
 * records nothing: the matchers word why when a test asks (src/matchers/events.ts).
 */
import type { PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import {
  handOverMark,
  recordDeadLetter,
  recordHandOver,
  type HandOver,
  type HandOverResult,
} from '../journeys/hand-over.js';
import { bodyPreview, shortName, type JourneyRecorder } from '../journeys/index.js';
import type { EventBus, Rule } from './bus.js';
import type { TargetResult } from './delivery.js';
import type { BusEvent } from './event.js';

export class EventSteps {
  constructor(private readonly journeys: JourneyRecorder) {}

  /** A bus took the event: what it is, and the rule of another bus that forwarded it, if one did. */
  published(bus: EventBus, event: BusEvent, detailText: string, forwardedBy: string | undefined): void {
    // A rule's ARN ends in `rule/<name>`, or `rule/<bus>/<name>` on a custom bus.
    const from = forwardedBy === undefined ? '' : `forwarded by rule ${forwardedBy.split('/').at(-1)}, `;
    this.journeys.record({
      at: this.journeys.now(),
      service: 'events',
      kind: 'published',
      where: bus.name,
      messageId: event.id,
      note: `${from}${event.source} / ${event['detail-type']} ${bodyPreview(detailText)}`,
    });
  }

  /** §2.3: PutEvents to a bus that does not exist answers an EventId and drops the event. */
  dropped(region: string, entry: PutEventsRequestEntry, eventId: string): void {
    const bus = entry.EventBusName || 'default';
    this.journeys.record({
      at: this.journeys.now(),
      service: 'events',
      kind: 'published',
      where: bus,
      messageId: eventId,
      note:
        `dropped: no event bus ${JSON.stringify(shortName(bus))} in ${region} ` +
        `(PutEvents answers an EventId all the same, as AWS does)`,
    });
  }

  routed(rule: Rule, event: BusEvent): void {
    const targets = [...rule.targets.values()].map(({ target }) => shortName(target.Arn!));
    this.journeys.record({
      at: this.journeys.now(),
      service: 'events',
      kind: 'routed',
      where: rule.name,
      messageId: event.id,
      note: `on bus ${rule.bus.name}, ${targets.length === 0 ? 'no targets' : `to ${targets.join(', ')}`}`,
    });
  }

  /** §8.3: a scheduled rule fired its Scheduled Event. */
  scheduled(rule: Rule, event: BusEvent, scheduledAt: number): void {
    this.journeys.record({
      at: this.journeys.now(),
      service: 'events',
      kind: 'scheduled',
      where: rule.name,
      messageId: event.id,
      note: `${rule.settings.schedule?.text ?? ''} at ${new Date(scheduledAt).toISOString()}`,
    });
  }

  /** Where the step of the hand-over about to happen goes: before what the target records. */
  mark(): number {
    return handOverMark(this.journeys);
  }

  delivery(rule: Rule, event: BusEvent, targetArn: string, result: TargetResult | NotJson, seq: number): void {
    recordHandOver(this.from(rule, event), targetArn, handOverResult(result), seq);
  }

  deadLetter(
    rule: Rule,
    event: BusEvent,
    targetArn: string,
    deadLetterArn: string,
    result: TargetResult,
    seq: number,
  ): void {
    const outcome = result.accepted ? result : { accepted: false as const, reason: result.reason };
    recordDeadLetter(
      this.from(rule, event),
      targetArn,
      deadLetterArn,
      outcome,
      seq,
      "to the target's dead-letter queue",
    );
  }

  private from(rule: Rule, event: BusEvent): HandOver {
    return { journeys: this.journeys, service: 'events', source: rule.name, messageId: event.id };
  }
}

/** §6.3: a transformed input that is not JSON is not delivered, and not dead-lettered. */
export interface NotJson {
  readonly accepted: false;
  readonly notJson: true;
  readonly reason: string;
}

function handOverResult(result: TargetResult | NotJson): HandOverResult {
  if (result.accepted) return result;
  // The code EventBridge writes on a dead-letter message names the kind of failure (§5.4).
  const name = 'notJson' in result ? 'InvalidInput' : result.errorCode;
  return { accepted: false, error: { name, message: result.reason } };
}
