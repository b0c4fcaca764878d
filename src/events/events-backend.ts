import type { PutEventsRequestEntry, PutEventsResultEntry } from '@aws-sdk/client-eventbridge';
import type { Clock, TimerHandle } from '../clock.js';
import { flattenEvent } from '../event-patterns/index.js';
import type { IdSource } from '../ids.js';
import { TimerSet } from '../lambda/runtime.js';
import { nextFiring } from '../schedules/expression.js';
import type { WorkTracker } from '../work/work-tracker.js';
import { busArn, DEFAULT_BUS, EventBus, type Rule, type StoredTarget } from './bus.js';
import type { DeliveryResult } from '../delivery.js';
import type { Queue } from '../sqs/queue.js';
import { deliverToTarget, type DeliverySeam, type TargetMessage } from './delivery.js';
import { eventTime, type BusEvent, type RecordedEvent, type Route } from './event.js';
import type { JourneyRecorder } from '../journeys/recorder.js';
import { EventSteps } from './journey-steps.js';

/**
 * Forwarding between buses can loop (a rule whose target is its own bus); AWS warns of such loops and lets them
 * run. **Emulation:** an event is forwarded at most this many times.
 */
const MAX_FORWARDS = 10;

/** EventBridge of one account: buses by region, their rules, routing and scheduled rules. */
export class EventsBackend {
  private readonly regions = new Map<string, Map<string, EventBus>>();
  /** Tags by resource ARN (buses and rules). */
  readonly tags = new Map<string, Map<string, string>>();
  private readonly timers: TimerSet;
  private readonly firings = new Map<Rule, { at: number; handle: TimerHandle }>();
  private removeWork: (() => void) | undefined;
  /** How many forwards between buses the delivery now running is into (see MAX_FORWARDS). */
  private forwards = 0;
  /** The journey steps of events (docs/guide/journeys.md); undefined when the account records none. */
  private readonly steps: EventSteps | undefined;

  constructor(
    readonly accountId: string,
    readonly clock: Clock,
    readonly ids: IdSource,
    private readonly work: WorkTracker,
    private readonly seam: DeliverySeam,
    /** The account's queues by ARN, as PutTargets looks at a FIFO target (§5.3). */
    readonly findQueue: (arn: string) => Queue | undefined,
    journeys?: JourneyRecorder,
  ) {
    this.timers = new TimerSet(clock);
    this.steps = journeys && new EventSteps(journeys);
  }

  /** The buses of a region, the default one always among them (§3). */
  buses(region: string): Map<string, EventBus> {
    let buses = this.regions.get(region);
    if (!buses) {
      buses = new Map();
      const now = this.clock.now();
      buses.set(
        DEFAULT_BUS,
        new EventBus(DEFAULT_BUS, busArn(region, this.accountId, DEFAULT_BUS), region, this.accountId, now, undefined),
      );
      this.regions.set(region, buses);
    }
    return buses;
  }

  /** A bus by name (in `region`) or ARN (in its own region); undefined when there is none. */
  findBus(region: string, ref: string | undefined): EventBus | undefined {
    if (ref === undefined || ref === '') return this.buses(region).get(DEFAULT_BUS);
    if (ref.startsWith('arn:')) {
      const [, , service, arnRegion, account, resource] = ref.split(':');
      if (service !== 'events' || account !== this.accountId || !resource?.startsWith('event-bus/')) return undefined;
      return this.buses(arnRegion!).get(resource.slice('event-bus/'.length));
    }
    return this.buses(region).get(ref);
  }

  allBuses(): EventBus[] {
    return [...this.regions.values()].flatMap((buses) => [...buses.values()]);
  }

  createBus(region: string, name: string, description: string | undefined): EventBus {
    const bus = new EventBus(
      name,
      busArn(region, this.accountId, name),
      region,
      this.accountId,
      this.clock.now(),
      description,
    );
    this.buses(region).set(name, bus);
    return bus;
  }

  deleteBus(bus: EventBus): void {
    for (const rule of bus.rules.values()) this.forgetRule(rule);
    this.buses(bus.region).delete(bus.name);
    this.tags.delete(bus.arn);
  }

  forgetRule(rule: Rule): void {
    this.unschedule(rule);
    rule.bus.rules.delete(rule.name);
    this.tags.delete(rule.arn);
  }

  /**
   * One PutEvents entry, already checked: the event it makes, recorded on its bus and routed at once (§2.3). A bus
   * that does not exist takes the entry and drops the event.
   */
  putEntry(region: string, entry: PutEventsRequestEntry, detail: Record<string, unknown>): PutEventsResultEntry {
    const id = this.ids.uuid();
    const bus = this.findBus(region, entry.EventBusName);
    if (!bus) {
      this.steps?.dropped(region, entry, id);
      return { EventId: id };
    }
    // An invalid Date travels as `null` (the SDK writes epoch seconds, NaN in JSON), which AWS reads as no Time.
    const given = entry.Time === undefined ? Number.NaN : new Date(entry.Time).getTime();
    const at = Number.isNaN(given) ? this.clock.now() : given;
    const event: BusEvent = {
      version: '0',
      id,
      'detail-type': entry.DetailType!,
      source: entry.Source!,
      account: this.accountId,
      time: eventTime(at),
      region: bus.region,
      resources: entry.Resources ?? [],
      detail,
    };
    this.accept(bus, event, entry.Detail);
    return { EventId: id };
  }

  /**
   * Records `event` on `bus` and delivers it to every target of every enabled rule whose pattern matches it.
   * `detailText`: the Detail as PutEvents gave it, for the journey; `forwardedBy`: the rule of another bus.
   */
  private accept(bus: EventBus, event: BusEvent, detailText?: string, forwardedBy?: string): RecordedEvent {
    const recorded = recordOf(event, bus.arn);
    bus.events.push(recorded);
    this.steps?.published(bus, event, detailText ?? JSON.stringify(event.detail), forwardedBy);
    const text = JSON.stringify(event);
    const fields = flattenEvent(text);
    // Only the rules that can match it, in the bus's rule order (rule-index.ts): a scan of every rule, minus misses.
    for (const rule of bus.rules.index.candidates(fields)) {
      const pattern = rule.settings.eventPattern;
      if (!rule.enabled || pattern === undefined || !pattern.compiled.matches(fields)) continue;
      rule.matched.push(recorded);
      this.steps?.routed(rule, event);
      this.deliverToTargets(rule, event, recorded);
    }
    return recorded;
  }

  private deliverToTargets(rule: Rule, event: BusEvent, recorded: RecordedEvent | undefined): void {
    const ingestionTime = new Date(this.clock.now()).toISOString();
    for (const stored of rule.targets.values()) {
      const route = this.deliverOne(rule, stored, event, ingestionTime);
      recorded?.routes.push(route);
    }
  }

  private deliverOne(rule: Rule, stored: StoredTarget, event: BusEvent, ingestionTime: string): Route {
    const { target } = stored;
    const base = { rule: rule.name, ruleArn: rule.arn, targetId: target.Id!, targetArn: target.Arn! };
    const body = stored.input.render(event, { ruleArn: rule.arn, ruleName: rule.name, ingestionTime });
    const seq = this.steps?.mark() ?? 0;
    // §6.3: a transformed input that is not JSON is silently not delivered.
    if (body === undefined) {
      const reason = 'the transformed input is not valid JSON';
      this.steps?.delivery(rule, event, target.Arn!, { accepted: false, notJson: true, reason }, seq);
      return { ...base, delivered: false, reason };
    }
    const message: TargetMessage = { body, ruleArn: rule.arn, messageGroupId: target.SqsParameters?.MessageGroupId };
    const result = deliverToTarget(this.seam, target.Arn!, message);
    this.steps?.delivery(rule, event, target.Arn!, result, seq);
    if (result.accepted) return { ...base, delivered: true };
    const deadLetterArn = target.DeadLetterConfig?.Arn;
    if (deadLetterArn === undefined) return { ...base, delivered: false, reason: result.reason };
    const deadLetterSeq = this.steps?.mark() ?? 0;
    // §5.4: not retried; the event, with what went wrong, to the target's dead-letter queue.
    const deadLetter = deliverToTarget(this.seam, deadLetterArn, {
      body: JSON.stringify(event),
      ruleArn: rule.arn,
      attributes: {
        RULE_ARN: rule.arn,
        TARGET_ARN: target.Arn!,
        ERROR_CODE: result.errorCode,
        ERROR_MESSAGE: result.reason,
      },
    });
    this.steps?.deadLetter(rule, event, target.Arn!, deadLetterArn, deadLetter, deadLetterSeq);
    const where = deadLetter.accepted
      ? `sent to the dead-letter queue ${deadLetterArn}`
      : `the dead-letter queue ${deadLetterArn} refused it too: ${deadLetter.reason}`;
    return { ...base, delivered: false, reason: `${result.reason}; ${where}` };
  }

  /**
   * EventBridge's inbound port (§5.2): a rule of another bus forwards an event here. The body is the event (or the
   * rule's transformed input, which must then be a whole event to be one); its fields are kept (§1.1).
   */
  deliverToBus(arn: string, body: string, forwardedBy?: string): DeliveryResult {
    const bus = this.findBus('', arn);
    if (!bus) return { accepted: false, reason: `the event bus ${arn} does not exist` };
    let event: BusEvent;
    try {
      event = JSON.parse(body) as BusEvent;
    } catch {
      return { accepted: false, reason: 'the forwarded input is not an event' };
    }
    if (typeof event !== 'object' || event === null || typeof event.source !== 'string')
      return { accepted: false, reason: 'the forwarded input is not an event' };
    if (this.forwards >= MAX_FORWARDS) return { accepted: true };
    this.forwards++;
    try {
      this.accept(bus, { ...event, region: bus.region }, undefined, forwardedBy);
    } finally {
      this.forwards--;
    }
    return { accepted: true, messageId: event.id };
  }

  /** (Re)arms a rule's schedule after PutRule, EnableRule or DisableRule (§8.2): one timer at its next firing. */
  schedule(rule: Rule): void {
    this.unschedule(rule);
    const schedule = rule.settings.schedule;
    if (!schedule || !rule.enabled || !rule.bus.rules.has(rule.name)) return;
    const now = this.clock.now();
    const at = nextFiring(schedule.parsed, rule.scheduledFrom, now);
    if (at === undefined) return;
    const handle = this.timers.set(() => this.fire(rule, at), at - now);
    this.firings.set(rule, { at, handle });
    this.removeWork ??= this.work.addTimed({ nextAt: () => this.nextFiringAt() });
  }

  private unschedule(rule: Rule): void {
    const firing = this.firings.get(rule);
    if (!firing) return;
    this.timers.clear(firing.handle);
    this.firings.delete(rule);
  }

  private nextFiringAt(): number | undefined {
    let next: number | undefined;
    for (const { at } of this.firings.values()) if (next === undefined || at < next) next = at;
    return next;
  }

  /** §8.3: the Scheduled Event, to every target, then the next firing. */
  private fire(rule: Rule, at: number): void {
    this.firings.delete(rule);
    const event: BusEvent = {
      version: '0',
      id: this.ids.uuid(),
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      account: this.accountId,
      time: eventTime(at),
      region: rule.bus.region,
      resources: [rule.arn],
      detail: {},
    };
    const recorded = recordOf(event, rule.bus.arn);
    rule.matched.push(recorded);
    this.steps?.scheduled(rule, event, at);
    this.deliverToTargets(rule, event, recorded);
    this.schedule(rule);
  }

  reset(): void {
    this.timers.reset();
    this.firings.clear();
    this.removeWork?.();
    this.removeWork = undefined;
    this.regions.clear();
    this.tags.clear();
  }
}

function recordOf(event: BusEvent, busArn: string): RecordedEvent {
  return {
    id: event.id,
    source: event.source,
    detailType: event['detail-type'],
    detail: event.detail,
    time: new Date(event.time),
    resources: event.resources,
    busArn,
    event,
    routes: [],
  };
}
