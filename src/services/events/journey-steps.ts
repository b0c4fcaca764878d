/**
 * EventBridge's steps in a message's journey (docs/guide/journeys.md): `published` when a bus takes an event (its
 * EventId the step's id), `routed` per rule whose pattern matched, `scheduled` per firing of a scheduled rule, then
 * per target `delivered` / `refused` and `deadLettered` (src/core/journeys/hand-over.ts). A rule that did not match
 * records nothing: the matchers word why when a test asks (src/matchers/events.ts).
 */
import type { PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import {
  handOverMark,
  recordDeadLetter,
  recordHandOver,
  type HandOver,
  type HandOverResult,
} from '../../core/journeys/hand-over.js';
import { bodyPreview, shortName, type JourneyRecorder } from '../../core/journeys/index.js';
import type { EventBus, Rule } from './bus.js';
import type { TargetResult } from './delivery.js';
import type { BusEvent } from './event.js';

export class EventSteps {
  constructor(private readonly journeys: JourneyRecorder) {}

  /**
   * A bus took the event: what it is, and what put it there when it was not PutEvents: the rule of another bus that
   * forwarded it (the step's source), the replay that sent it again (§17.3) or the partner event source (§18.4).
   */
  published(bus: EventBus, event: BusEvent, detailText: string, forwardedBy: string | undefined): void {
    const what = `${event.source} / ${event['detail-type']} ${bodyPreview(detailText)}`;
    const origin = forwardedBy === undefined ? undefined : originOf(forwardedBy);
    this.journeys.record({
      at: this.journeys.now(),
      service: 'events',
      kind: 'published',
      where: bus.arn,
      messageId: event.id,
      source: origin === undefined ? forwardedBy : undefined,
      note: origin === undefined ? what : `${origin}, ${what}`,
    });
  }

  /**
   * §2.3: PutEvents to a bus that does not exist answers an EventId and drops the event; `why`, when the bus is of an
   * account the process does not have (§15.3).
   */
  dropped(region: string, entry: PutEventsRequestEntry, eventId: string, why?: string): void {
    const bus = entry.EventBusName || 'default';
    this.journeys.record({
      at: this.journeys.now(),
      service: 'events',
      kind: 'published',
      where: bus,
      messageId: eventId,
      note:
        `dropped: ${why ?? `no event bus ${JSON.stringify(shortName(bus))} in ${region}`} ` +
        `(PutEvents answers an EventId all the same, as AWS does)`,
    });
  }

  /** Places are ARNs, named when the step is read: a provisioned rule, bus or target by its logical id. */
  routed(rule: Rule, event: BusEvent): void {
    this.journeys.record({
      at: this.journeys.now(),
      service: 'events',
      kind: 'routed',
      where: rule.arn,
      messageId: event.id,
      source: rule.bus.arn,
      targets: [...rule.targets.values()].map(({ target }) => target.Arn!),
    });
  }

  /** §16.2: an archive's rule matched the event, which its archive took. */
  archived(rule: Rule, event: BusEvent, archiveArn: string): void {
    recordHandOver(this.from(rule, event), archiveArn, { accepted: true }, this.mark());
  }

  /** §8.3: a scheduled rule fired its Scheduled Event. */
  scheduled(rule: Rule, event: BusEvent, scheduledAt: number): void {
    this.journeys.record({
      at: this.journeys.now(),
      service: 'events',
      kind: 'scheduled',
      where: rule.arn,
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
    return { journeys: this.journeys, service: 'events', source: rule.arn, messageId: event.id };
  }
}

/** How a replay's or a partner source's event names where it came from; undefined for a rule's. */
function originOf(arn: string): string | undefined {
  const resource = arn.split(':')[5] ?? '';
  if (resource.startsWith('replay/')) return `replayed by ${resource.slice('replay/'.length)}`;
  if (resource.startsWith('event-source/')) return 'a partner event';
  return undefined;
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
