import type { PutEventsRequestEntry, PutEventsResultEntry } from '@aws-sdk/client-eventbridge';
import type { Clock, TimerHandle } from '../../core/clock.js';
import { flattenEvent } from '../../core/event-patterns/index.js';
import type { IdSource } from '../../core/ids.js';
import { TimerSet } from '../../core/timer-set.js';
import { nextFiring } from '../../core/schedules/expression.js';
import type { RecurringSource, WorkTracker } from '../../core/work/work-tracker.js';
import { busArn, DEFAULT_BUS, EventBus, parseBusArn, type BusAddress, type Rule, type StoredTarget } from './bus.js';
import type { DeliveryResult } from '../../core/delivery.js';
import type { PolicyMode } from '../../core/policies/mode.js';
import { eventsAccount } from './accounts.js';
import type { PutEventsCaller } from './bus-policy.js';
import { ENTRY_ERRORS } from './errors.js';
import type { FindSource } from '../../core/pull.js';
import { deliverToTarget, type DeliverySeam, type TargetMessage, type TargetResult } from './delivery.js';
import { eventTime, type BusEvent, type RecordedEvent, type Route } from './event.js';
import type { JourneyRecorder } from '../../core/journeys/recorder.js';
import { EventSteps } from './journey-steps.js';
import { ApiDestinationRegistry, isApiDestinationArn } from './api-destinations.js';
import { ApiDispatcher } from './api-dispatch.js';
import { Archive, archiveArn, type ArchiveSettings } from './archive.js';
import { Replays } from './replay.js';
import { PartnerSources, type Offer } from './partner-sources.js';
import { GlobalEndpoints } from './endpoints.js';

/**
 * Forwarding between buses can loop (a rule whose target is its own bus); AWS warns of such loops and lets them
 * run. **Emulation:** an event is forwarded at most this many times.
 */
const MAX_FORWARDS = 10;
/**
 * How many forwards between buses the delivery now running is into (see MAX_FORWARDS), counted across accounts: a
 * loop may run through another account's bus (§15.4).
 */
let forwards = 0;

/** EventBridge of one account: buses by region, their rules, routing and scheduled rules. */
export class EventsBackend {
  private readonly regions = new Map<string, Map<string, EventBus>>();
  private readonly archivesByRegion = new Map<string, Map<string, Archive>>();
  /** Tags by resource ARN (buses and rules). */
  readonly tags = new Map<string, Map<string, string>>();
  private readonly timers: TimerSet;
  private readonly firings = new Map<Rule, { at: number; handle: TimerHandle }>();
  private removeWork: (() => void) | undefined;
  /** The journey steps of events (docs/guide/journeys.md); undefined when the account records none. */
  private readonly steps: EventSteps | undefined;
  /** Connections and API destinations (§14), and the calls to them. */
  readonly apiDestinations = new ApiDestinationRegistry();
  private readonly dispatcher: ApiDispatcher;
  /** The account's replays (§17), by region. */
  readonly replays: Replays;
  /** The partner event sources it created, and those offered to it (§18). */
  readonly partnerSources = new PartnerSources();
  /** Its global endpoints (§19), by region. */
  readonly endpoints = new GlobalEndpoints();

  constructor(
    readonly accountId: string,
    readonly clock: Clock,
    readonly ids: IdSource,
    private readonly work: WorkTracker,
    private readonly seam: DeliverySeam,
    /** The account's queues by ARN, as PutTargets looks at a FIFO target (§5.3). */
    readonly findSource: FindSource,
    journeys?: JourneyRecorder,
    /** createAwsMock's `policies`: whether a bus's policy decides what other accounts put on it (§15.3). */
    private readonly policies: PolicyMode = 'ignore',
    /** createAwsMock's `eventHistory`: how many events each bus and rule keeps; undefined keeps all. */
    private readonly eventHistory?: number,
  ) {
    this.timers = new TimerSet(clock);
    this.steps = journeys && new EventSteps(journeys);
    this.dispatcher = new ApiDispatcher(
      this.apiDestinations,
      clock,
      work,
      (rule, event, targetArn, deadLetterArn, failure, extra) =>
        this.sendToDeadLetter(rule, event, targetArn, deadLetterArn, failure, extra),
      journeys,
    );
    this.replays = new Replays(this, this.timers, work);
  }

  /** §17.3: a replayed event on its bus, for the rules the replay names (or all); its journey names the replay. */
  replayEvent(bus: EventBus, event: BusEvent, replayArn: string, onlyRules: ReadonlySet<string> | undefined) {
    return this.accept(bus, event, undefined, replayArn, onlyRules);
  }

  /** The buses of a region, the default one always among them (§3). */
  buses(region: string): Map<string, EventBus> {
    let buses = this.regions.get(region);
    if (!buses) {
      buses = new Map();
      const now = this.clock.now();
      buses.set(
        DEFAULT_BUS,
        new EventBus(
          DEFAULT_BUS,
          busArn(region, this.accountId, DEFAULT_BUS),
          region,
          this.accountId,
          now,
          undefined,
          this.eventHistory,
        ),
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
      this.eventHistory,
    );
    this.buses(region).set(name, bus);
    return bus;
  }

  deleteBus(bus: EventBus): void {
    for (const rule of bus.rules.values()) this.forgetRule(rule);
    this.partnerSources.busDeleted(bus);
    this.buses(bus.region).delete(bus.name);
    this.tags.delete(bus.arn);
  }

  /** The archives of a region (§16), by name. */
  archives(region: string): Map<string, Archive> {
    let archives = this.archivesByRegion.get(region);
    if (!archives) this.archivesByRegion.set(region, (archives = new Map()));
    return archives;
  }

  /** §16.1: an archive of `bus`, with its managed rule on the bus (§16.2). */
  createArchive(name: string, bus: EventBus, settings: ArchiveSettings): Archive {
    const arn = archiveArn(bus.region, this.accountId, name);
    const archive = new Archive(name, arn, bus, this.clock.now(), settings, this.clock);
    this.archives(bus.region).set(name, archive);
    bus.rules.set(archive.rule.name, archive.rule);
    return archive;
  }

  /** §16.1: the archive and its managed rule go; the events it held with it. */
  deleteArchive(archive: Archive): void {
    this.archives(archive.bus.region).delete(archive.name);
    if (archive.bus.rules.get(archive.rule.name) === archive.rule) this.forgetRule(archive.rule);
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
    const address = parseBusArn(entry.EventBusName);
    if (address !== undefined && address.account !== this.accountId)
      return this.putToAccount(region, entry, detail, id, address);
    const bus = this.findBus(region, entry.EventBusName);
    if (!bus) {
      this.steps?.dropped(region, entry, id);
      return { EventId: id };
    }
    this.accept(bus, this.eventOf(entry, detail, id, bus.region), entry.Detail);
    return { EventId: id };
  }

  /** The event a PutEvents entry makes, from this account (§1.1). */
  private eventOf(entry: PutEventsRequestEntry, detail: Record<string, unknown>, id: string, region: string): BusEvent {
    // An invalid Date travels as `null` (the SDK writes epoch seconds, NaN in JSON), which AWS reads as no Time.
    const given = entry.Time === undefined ? Number.NaN : new Date(entry.Time).getTime();
    const at = Number.isNaN(given) ? this.clock.now() : given;
    return {
      version: '0',
      id,
      'detail-type': entry.DetailType!,
      source: entry.Source!,
      account: this.accountId,
      time: eventTime(at),
      region,
      resources: entry.Resources ?? [],
      detail,
    };
  }

  /**
   * §15.3: PutEvents naming another account's bus by ARN. The event keeps this account as its `account`; the bus's
   * policy decides under that account's `policies: 'enforce'`. A bus no account of the process has takes the entry
   * and drops the event, as a missing bus does (§2.3).
   */
  private putToAccount(
    region: string,
    entry: PutEventsRequestEntry,
    detail: Record<string, unknown>,
    id: string,
    to: BusAddress,
  ): PutEventsResultEntry {
    const other = eventsAccount(to.account);
    const arn = entry.EventBusName!;
    if (other === undefined) {
      this.steps?.dropped(region, entry, id, `account ${to.account} is not an account of this process`);
      return { EventId: id };
    }
    const event = this.eventOf(entry, detail, id, to.region);
    const caller = this.callerOf(event, undefined, undefined);
    const result = other.receiveFromAccount(arn, event, caller, undefined);
    if (result.accepted || !result.byPolicy) return { EventId: id };
    return ENTRY_ERRORS.notAuthorized(caller.arn, arn);
  }

  /** Who this account puts an event on another account's bus as (§15.3). */
  private callerOf(event: BusEvent, roleArn: string | undefined, sourceArn: string | undefined): PutEventsCaller {
    return {
      account: this.accountId,
      arn: roleArn ?? `arn:aws:iam::${this.accountId}:root`,
      sourceArn,
      source: event.source,
      detailType: event['detail-type'],
    };
  }

  /**
   * §15.3: an event another account puts on this account's bus `arn` (PutEvents by ARN, or a rule's target). Under
   * `policies: 'enforce'` the bus's policy must let the caller events:PutEvents.
   */
  receiveFromAccount(
    arn: string,
    event: BusEvent,
    caller: PutEventsCaller,
    forwardedBy: string | undefined,
  ): DeliveryResult {
    const bus = this.findBus('', arn);
    if (!bus) return { accepted: false, reason: `the event bus ${arn} does not exist` };
    if (this.policies === 'enforce') {
      const verdict = bus.policy?.allows(bus.arn, caller) ?? { allowed: false, reason: 'the bus has no policy' };
      if (!verdict.allowed) {
        const reason =
          `the event bus policy of ${bus.arn} does not allow ${caller.arn} (account ${caller.account}) to ` +
          `events:PutEvents: ${verdict.reason}`;
        return { accepted: false, reason, byPolicy: true };
      }
    }
    this.accept(bus, event, undefined, forwardedBy);
    return { accepted: true, messageId: event.id };
  }

  /**
   * Records `event` on `bus` and delivers it to every target of every enabled rule whose pattern matches it.
   * `detailText`: the Detail as PutEvents gave it, for the journey; `forwardedBy`: the rule of another bus.
   */
  private accept(
    bus: EventBus,
    event: BusEvent,
    detailText?: string,
    forwardedBy?: string,
    onlyRules?: ReadonlySet<string>,
  ): RecordedEvent {
    const recorded = recordOf(event, bus.arn);
    bus.events.push(recorded);
    this.steps?.published(bus, event, detailText ?? JSON.stringify(event.detail), forwardedBy);
    const text = JSON.stringify(event);
    const fields = flattenEvent(text);
    // Only the rules that can match it, in the bus's rule order (rule-index.ts): a scan of every rule, minus misses.
    for (const rule of bus.rules.index.candidates(fields)) {
      const pattern = rule.settings.eventPattern;
      if (!rule.enabled || pattern === undefined || !pattern.compiled.matches(fields)) continue;
      // §17.1: a replay to the rules it names reaches no other.
      if (onlyRules !== undefined && !onlyRules.has(rule.arn)) continue;
      rule.matched.push(recorded);
      this.steps?.routed(rule, event);
      // §16.2: an archive's rule archives what it matches, while it has its target.
      if (rule.sink !== undefined) {
        if (rule.targets.size === 0) continue;
        rule.sink.record(recorded, detailText);
        this.steps?.archived(rule, event, rule.sink.arn);
      } else this.deliverToTargets(rule, event, recorded);
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
    // §14.4: an API destination is EventBridge's own target, called over HTTP (api-dispatch.ts).
    if (isApiDestinationArn(target.Arn!))
      return this.dispatcher.deliver(rule, target, event, body, { ...base, delivered: false });
    const address = parseBusArn(target.Arn);
    const result =
      address !== undefined
        ? this.forward(rule, stored, event, body, address)
        : deliverToTarget(this.seam, target.Arn!, {
            body,
            ruleArn: rule.arn,
            messageGroupId: target.SqsParameters?.MessageGroupId,
          } satisfies TargetMessage);
    this.steps?.delivery(rule, event, target.Arn!, result, seq);
    if (result.accepted) return { ...base, delivered: true };
    const deadLetterArn = target.DeadLetterConfig?.Arn;
    if (deadLetterArn === undefined) return { ...base, delivered: false, reason: result.reason };
    // §5.4: not retried; the event, with what went wrong, to the target's dead-letter queue.
    const where = this.sendToDeadLetter(rule, event, target.Arn!, deadLetterArn, result, {});
    return { ...base, delivered: false, reason: `${result.reason}; ${where}` };
  }

  /**
   * §5.4: the event, with the attributes saying what went wrong (and `extra`, after retries), to a target's
   * dead-letter queue; answers where it went, for the route's reason.
   */
  private sendToDeadLetter(
    rule: Rule,
    event: BusEvent,
    targetArn: string,
    deadLetterArn: string,
    failure: { readonly errorCode: string; readonly reason: string },
    extra: Readonly<Record<string, string>>,
  ): string {
    const deadLetterSeq = this.steps?.mark() ?? 0;
    const deadLetter = deliverToTarget(this.seam, deadLetterArn, {
      body: JSON.stringify(event),
      ruleArn: rule.arn,
      attributes: {
        RULE_ARN: rule.arn,
        TARGET_ARN: targetArn,
        ERROR_CODE: failure.errorCode,
        ERROR_MESSAGE: failure.reason,
        ...extra,
      },
    });
    this.steps?.deadLetter(rule, event, targetArn, deadLetterArn, deadLetter, deadLetterSeq);
    return deadLetter.accepted
      ? `sent to the dead-letter queue ${deadLetterArn}`
      : `the dead-letter queue ${deadLetterArn} refused it too: ${deadLetter.reason}`;
  }

  /**
   * A rule's target that is an event bus (§5.2, §15.4): the event, or the rule's transformed input if that is a whole
   * event, put on that bus. It keeps its fields (§1.1); across regions it gets a new id. A bus of another account is
   * reached through the process's accounts, and its policy decides there.
   */
  private forward(rule: Rule, stored: StoredTarget, event: BusEvent, body: string, to: BusAddress): TargetResult {
    const arn = stored.target.Arn!;
    const given = passesWholeEvent(stored) ? event : eventIn(body);
    if (given === undefined)
      return { accepted: false, reason: 'the forwarded input is not an event', errorCode: 'SDK_CLIENT_ERROR' };
    const next = to.region === rule.bus.region ? given : { ...given, id: this.ids.uuid() };
    if (forwards >= MAX_FORWARDS) return { accepted: true };
    forwards++;
    try {
      if (to.account === this.accountId) {
        const bus = this.buses(to.region).get(to.name);
        if (!bus) return { accepted: false, reason: `the event bus ${arn} does not exist`, errorCode: 'NO_RESOURCE' };
        this.accept(bus, next, undefined, rule.arn);
        return { accepted: true, messageId: next.id };
      }
      // §15.4 [Docs]: an event another account sent here goes no further to a third account.
      if (event.account !== this.accountId && event.account !== to.account) {
        const reason = `an event from account ${event.account} is not sent on to another account (${to.account})`;
        return { accepted: false, reason, errorCode: 'NO_PERMISSIONS' };
      }
      const other = eventsAccount(to.account);
      if (other === undefined) {
        const reason = `account ${to.account} is not an account of this process (no createAwsMock({ accountId }))`;
        return { accepted: false, reason, errorCode: 'NO_RESOURCE' };
      }
      const result = other.receiveFromAccount(
        arn,
        next,
        this.callerOf(next, stored.target.RoleArn, rule.arn),
        rule.arn,
      );
      if (result.accepted) return { accepted: true, messageId: result.messageId };
      return { accepted: false, reason: result.reason, errorCode: result.byPolicy ? 'NO_PERMISSIONS' : 'NO_RESOURCE' };
    } finally {
      forwards--;
    }
  }

  /**
   * EventBridge's inbound port (§5.2): another service (a schedule's target) puts an event on a bus of this account.
   * The body is the event; its fields are kept (§1.1).
   */
  deliverToBus(arn: string, body: string, forwardedBy?: string): DeliveryResult {
    const bus = this.findBus('', arn);
    if (!bus) return { accepted: false, reason: `the event bus ${arn} does not exist` };
    const event = eventIn(body);
    if (event === undefined) return { accepted: false, reason: 'the forwarded input is not an event' };
    if (forwards >= MAX_FORWARDS) return { accepted: true };
    forwards++;
    try {
      this.accept(bus, event, undefined, forwardedBy);
    } finally {
      forwards--;
    }
    return { accepted: true, messageId: event.id };
  }

  /** §18.1: a partner offers this account an event source (AccountEvents). */
  offerSource(offer: Offer): void {
    this.partnerSources.offered(offer.region).set(offer.name, offer);
  }

  /** §18.2: DELETED where the account made its bus; otherwise the offer is gone. */
  withdrawSource(offer: Offer): void {
    if (offer.bus !== undefined) offer.deleted = true;
    else if (this.partnerSources.offered(offer.region).get(offer.name) === offer)
      this.partnerSources.offered(offer.region).delete(offer.name);
  }

  /** §18.4: a partner's event for a source offered here, put on its partner bus while the source is ACTIVE. */
  receivePartnerEvent(offer: Offer, event: BusEvent): void {
    if (offer.state !== 'ACTIVE' || offer.bus === undefined) return;
    this.accept(offer.bus, event, undefined, offer.arn);
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
    rule.nextFiring = at;
    // A scheduled rule's firings recur: not work that keeps runUntilIdle going (docs/guide/clock.md).
    this.removeWork ??= this.work.addTimed({
      nextAt: () => undefined,
      nextRecurringAt: () => this.nextFiringAt(),
      recurringSources: () => this.recurringSources(),
    });
  }

  private unschedule(rule: Rule): void {
    rule.nextFiring = undefined;
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

  private *recurringSources(): Iterable<RecurringSource> {
    for (const [rule, { at }] of this.firings) {
      yield {
        kind: 'rule',
        name: rule.name,
        arn: rule.arn,
        expression: rule.settings.schedule!.text,
        nextFireAt: new Date(at),
        targets: [...rule.targets.values()].map(({ target }) => target.Arn!),
      };
    }
  }

  /** §8.3: the Scheduled Event, to every target, then the next firing. */
  private fire(rule: Rule, at: number): void {
    this.firings.delete(rule);
    rule.nextFiring = undefined;
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
    this.dispatcher.reset();
    this.apiDestinations.reset();
    this.timers.reset();
    this.firings.clear();
    this.removeWork?.();
    this.removeWork = undefined;
    this.regions.clear();
    this.archivesByRegion.clear();
    this.replays.reset();
    this.partnerSources.reset();
    this.endpoints.reset();
    this.tags.clear();
  }
}

/** Whether a target gets the event itself, untransformed (§6): then a bus target takes the event object as it is. */
function passesWholeEvent({ target }: StoredTarget): boolean {
  return target.Input === undefined && target.InputPath === undefined && target.InputTransformer === undefined;
}

/** A body that is a whole event (§5.2): a JSON object with a `source`. */
function eventIn(body: string): BusEvent | undefined {
  let event: unknown;
  try {
    event = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof event !== 'object' || event === null || typeof (event as BusEvent).source !== 'string') return undefined;
  return event as BusEvent;
}

function recordOf(event: BusEvent, busArn: string): RecordedEvent {
  const replayName = event['replay-name'];
  return {
    ...(replayName !== undefined ? { replayName } : {}),
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
