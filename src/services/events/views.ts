import { flattenEvent } from '../../core/event-patterns/fields.js';
import type { JourneyRecorder } from '../../core/journeys/recorder.js';
import {
  displayName,
  INSPECT,
  NAME_OF,
  nameIn,
  type ResourceName,
  type ResourceNames,
} from '../../core/resource-names.js';
import type { RecordedEvent, Route } from './event.js';
import type { EventBus, Rule, RuleState } from './bus.js';

/** An event as the views show it: what PutEvents put, and where the rules sent it. */
export interface EventRecord {
  readonly id: string;
  readonly source: string;
  readonly detailType: string;
  /** The entry's Detail, parsed. */
  readonly detail: Readonly<Record<string, unknown>>;
  readonly time: Date;
  readonly resources: readonly string[];
  /** A replayed event (docs/guide/eventbridge.md, "Archives and replays"): the name of the replay that sent it. */
  readonly replayName?: string;
  /**
   * One per target of each rule that matched it, in rule order; `delivered`: the target's service accepted it, else
   * `reason` says why not (and whether it went to the target's dead-letter queue).
   */
  readonly routes: readonly Route[];
}

export function recordView(event: RecordedEvent): EventRecord {
  const { id, source, detailType, detail, time, resources, routes, replayName } = event;
  return {
    id,
    source,
    detailType,
    detail,
    time,
    resources,
    ...(replayName !== undefined ? { replayName } : {}),
    routes: [...routes],
  };
}

/** What a view needs of the account beyond its model: names of provisioned resources, and journeys. */
export interface ViewContext {
  readonly names?: ResourceNames | undefined;
  readonly journeys?: JourneyRecorder | undefined;
}

/** Characters of a rule's pattern its one-line summary shows. */
const PATTERN_CHARS = 60;

/** An event bus: `aws.events.bus()` (the default one) or `aws.events.bus(nameOrArn)`. */
export class BusView {
  /** @internal */
  constructor(
    readonly model: EventBus,
    private readonly context: ViewContext = {},
  ) {}

  get name(): string {
    return this.model.name;
  }

  get arn(): string {
    return this.model.arn;
  }

  /**
   * Every event PutEvents (or another bus's rule) put on it, oldest first; failed entries are not events. With
   * createAwsMock's `eventHistory`, the last N only.
   */
  events(): EventRecord[] {
    return this.model.events.map(recordView);
  }

  /** Its rules, in the order they were created. */
  rules(): RuleView[] {
    return [...this.model.rules.values()].map((rule) => new RuleView(rule, this.context));
  }

  /** @internal The account's journeys, for the EventBridge matchers' failure messages. */
  eventJournal(): JourneyRecorder | undefined {
    return this.context.journeys;
  }

  /** @internal The names of this bus, or of the resource an ARN points at (matchers, journeys). */
  [NAME_OF](arn: string = this.model.arn): ResourceName {
    return arn === this.model.arn
      ? { ...nameIn(this.context.names, arn), name: this.model.name }
      : nameIn(this.context.names, arn);
  }

  /** What `console.log` and `util.inspect` print: `BusView default { rules: 2, events: 5 }`. */
  [INSPECT](): string {
    return `BusView ${displayName(this[NAME_OF]())} { rules: ${this.model.rules.size}, events: ${this.model.events.length} }`;
  }

  /** What `JSON.stringify` (and a test runner's printing of a value) shows: which bus it is. */
  toJSON(): { name: string; arn: string } {
    return { name: this.name, arn: this.arn };
  }
}

/** A rule: `aws.events.rule(name)` on the default bus, or `aws.events.rule(name, { bus })`. */
export class RuleView {
  /** @internal */
  constructor(
    readonly model: Rule,
    private readonly context: ViewContext = {},
  ) {}

  get name(): string {
    return this.model.name;
  }

  get arn(): string {
    return this.model.arn;
  }

  get state(): RuleState {
    return this.model.settings.state;
  }

  /** Its schedule expression (`rate(5 minutes)`, `cron(…)`) as PutRule gave it; undefined for a rule with a pattern. */
  get scheduleExpression(): string | undefined {
    return this.model.settings.schedule?.text;
  }

  /**
   * The time of its schedule's next firing; undefined for a rule with a pattern, a disabled one, or one with no firing
   * left. `runUntilIdle` does not move time to it on its own (docs/guide/eventbridge.md, "Scheduled rules").
   */
  get nextFireAt(): Date | undefined {
    const next = this.model.nextFiring;
    return next === undefined ? undefined : new Date(next);
  }

  /** The name of its bus. */
  get bus(): string {
    return this.model.bus.name;
  }

  /** @internal The ARN of its bus: the matchers name it (by its logical id, when a stack provisioned it). */
  get busArn(): string {
    return this.model.bus.arn;
  }

  /**
   * The events its pattern matched (and, for a scheduled rule, the Scheduled Events it fired), oldest first. With
   * createAwsMock's `eventHistory`, the last N only.
   */
  matched(): EventRecord[] {
    return this.model.matched.map(recordView);
  }

  /** @internal The events of its bus, oldest first: what `toHaveMatched`'s failure picks the closest from. */
  busEvents(): EventRecord[] {
    return this.model.bus.events.map(recordView);
  }

  /** The ARNs of its targets, in the order PutTargets added them. */
  targetArns(): string[] {
    return [...this.model.targets.values()].map(({ target }) => target.Arn!);
  }

  /**
   * Why its pattern does not match the event of its bus with this id: the first failing field, in the pattern
   * engine's words (`detail.orderId: 1 is not > 5`); undefined when it matches. Worded only when asked, from the
   * pattern the rule has now. A rule without a pattern (a scheduled one) or a disabled one says so.
   */
  missReason(eventId: string): string | undefined {
    const { settings, bus } = this.model;
    const pattern = settings.eventPattern;
    if (pattern === undefined) return `it has no event pattern (${settings.schedule?.text ?? 'a scheduled rule'})`;
    let event: RecordedEvent | undefined;
    for (const kept of bus.events) if (kept.id === eventId) event = kept;
    if (event === undefined) return `no event ${eventId} on its bus ${bus.name}`;
    const reason = pattern.compiled.explainMiss(flattenEvent(JSON.stringify(event.event)));
    if (reason !== undefined) return reason;
    return this.model.enabled ? undefined : 'its pattern matches, but the rule is DISABLED';
  }

  /** @internal The account's journeys, for the EventBridge matchers' failure messages. */
  eventJournal(): JourneyRecorder | undefined {
    return this.context.journeys;
  }

  /** @internal The names of this rule (its logical id, when a stack provisioned it), or of what an ARN points at. */
  [NAME_OF](arn: string = this.model.arn): ResourceName {
    return arn === this.model.arn
      ? { ...nameIn(this.context.names, arn), name: this.model.name }
      : nameIn(this.context.names, arn);
  }

  /**
   * What `console.log` and `util.inspect` print: `RuleView orders-to-queue { bus: default, state: ENABLED, pattern:
   * {"source":["shop"]}, targets: 1, matched: 3 }` (a scheduled rule: `schedule: rate(5 minutes)`).
   */
  [INSPECT](): string {
    const { settings, targets, matched, bus } = this.model;
    const what =
      settings.eventPattern !== undefined
        ? `pattern: ${cut(settings.eventPattern.text)}`
        : `schedule: ${settings.schedule?.text ?? 'none'}`;
    return (
      `RuleView ${displayName(this[NAME_OF]())} { bus: ${bus.name}, state: ${settings.state}, ${what}, ` +
      `targets: ${targets.size}, matched: ${matched.length} }`
    );
  }

  /** What `JSON.stringify` (and a test runner's printing of a value) shows: which rule it is. */
  toJSON(): { name: string; arn: string; bus: string } {
    return { name: this.name, arn: this.arn, bus: this.bus };
  }
}

function cut(text: string): string {
  const folded = text.replace(/\s+/g, ' ');
  return folded.length <= PATTERN_CHARS ? folded : `${folded.slice(0, PATTERN_CHARS - 1)}…`;
}
