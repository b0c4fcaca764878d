import type { Target } from '@aws-sdk/client-eventbridge';
import type { EventPattern } from '../../core/event-patterns/index.js';
import type { Schedule } from '../../core/schedules/expression.js';
import { HistoryRing } from '../../core/util/history-ring.js';
import type { BusPolicy } from './bus-policy.js';
import type { RecordedEvent } from './event.js';
import type { CompiledInput } from './input.js';
import { RuleIndex } from './rule-index.js';

/** An event bus of one region (docs/aws-behaviour/eventbridge.md §3): its rules, and the events it accepted. */
export class EventBus {
  readonly rules = new BusRules();
  /** The events it accepted: every one, or with createAwsMock's `eventHistory` the last N (its rules keep as many). */
  readonly events: HistoryRing<RecordedEvent>;
  lastModified: number;
  /** Its resource policy (§15), set by PutPermission or a template; undefined without one. */
  policy: BusPolicy | undefined;
  /** A partner event bus (§18.3): the partner event source it was created for. */
  eventSource: string | undefined;
  /** §3.1: its settings, stored and answered back; nothing in the emulation encrypts, logs or dead-letters by them. */
  settings: BusSettings = {};

  constructor(
    readonly name: string,
    readonly arn: string,
    readonly region: string,
    readonly accountId: string,
    readonly creationTime: number,
    public description: string | undefined,
    eventHistory?: number,
  ) {
    this.lastModified = creationTime;
    this.events = new HistoryRing(eventHistory);
  }
}

/**
 * A bus's rules by name, in the order they were created (PutRule on an existing rule keeps its place; a rule deleted
 * and created again goes last): the order routes follow (§2.3). Every change keeps `index` up to date, so a rule's
 * pattern or state changed anywhere (PutRule, EnableRule, DisableRule, templates) is filed afresh.
 */
export class BusRules extends Map<string, Rule> {
  /** The enabled rules with a pattern, by the `source` or `detail-type` they require (rule-index.ts). */
  readonly index = new RuleIndex<Rule>();
  private readonly places = new Map<string, number>();
  private nextPlace = 0;

  override set(name: string, rule: Rule): this {
    const previous = super.get(name);
    if (previous !== undefined && previous !== rule) this.index.remove(previous);
    super.set(name, rule);
    this.reindex(rule);
    return this;
  }

  override delete(name: string): boolean {
    const rule = super.get(name);
    if (rule !== undefined) this.index.remove(rule);
    this.places.delete(name);
    return super.delete(name);
  }

  override clear(): void {
    this.index.clear();
    this.places.clear();
    super.clear();
  }

  /** Files `rule` again after its settings changed; a rule not (or no longer) of this bus is left out. */
  reindex(rule: Rule): void {
    if (super.get(rule.name) !== rule) return;
    let place = this.places.get(rule.name);
    if (place === undefined) this.places.set(rule.name, (place = this.nextPlace++));
    this.index.update(rule, place);
  }
}

/** §3.1: what CreateEventBus and UpdateEventBus set on a bus besides its name, each absent until set. */
export interface BusSettings {
  readonly kmsKeyIdentifier?: string;
  readonly deadLetterArn?: string;
  readonly logConfig?: { readonly IncludeDetail?: string; readonly Level?: string };
}

export const DEFAULT_BUS = 'default';

export function busArn(region: string, accountId: string, name: string): string {
  return `arn:aws:events:${region}:${accountId}:event-bus/${name}`;
}

/** The parts of an event bus's ARN (`arn:aws:events:<region>:<account>:event-bus/<name>`); undefined for another. */
export interface BusAddress {
  readonly region: string;
  readonly account: string;
  readonly name: string;
}

const BUS_ARN = /^arn:[a-z-]+:events:([a-z0-9-]+):(\d{12}):event-bus\/(.+)$/;

export function parseBusArn(arn: string | undefined): BusAddress | undefined {
  const found = arn === undefined ? null : BUS_ARN.exec(arn);
  return found ? { region: found[1]!, account: found[2]!, name: found[3]! } : undefined;
}

export const RULE_STATES = ['DISABLED', 'ENABLED', 'ENABLED_WITH_ALL_CLOUDTRAIL_MANAGEMENT_EVENTS'] as const;
export type RuleState = (typeof RULE_STATES)[number];

/** A target as PutTargets stored it (echoed by ListTargetsByRule), with its input compiled once. */
export interface StoredTarget {
  readonly target: Target;
  readonly input: CompiledInput;
}

/** What PutRule sets. */
export interface RuleSettings {
  readonly eventPattern: { readonly text: string; readonly compiled: EventPattern } | undefined;
  readonly schedule: { readonly text: string; readonly parsed: Schedule } | undefined;
  readonly state: RuleState;
  readonly description: string | undefined;
  readonly roleArn: string | undefined;
}

/**
 * Where a managed rule sends what it matches instead of its targets: an archive (§16.2). Kept structural so that the
 * bus imports nothing of the archive.
 */
export interface RuleSink {
  readonly arn: string;
  /** `detailText`: the event's Detail as PutEvents gave it, when it did. */
  record(event: RecordedEvent, detailText: string | undefined): void;
}

/** A rule of one bus (docs/aws-behaviour/eventbridge.md §4), its targets (§5) and the events it matched. */
export class Rule {
  readonly targets = new Map<string, StoredTarget>();
  /** The service managing it (DescribeRule's `ManagedBy`, §16.2): an archive's rule. */
  managedBy: string | undefined;
  /** An archive's rule records into its archive rather than deliver to its target (§16.2). */
  sink: RuleSink | undefined;
  /** What it matched or fired: every event, or as many of the last as its bus keeps (`eventHistory`). */
  readonly matched: HistoryRing<RecordedEvent>;
  /** When PutRule last set a schedule: a rate counts from here (§8.2). */
  scheduledFrom = 0;
  /** The time of its schedule's next firing, while one is armed (the backend sets it). */
  nextFiring: number | undefined;
  private current: RuleSettings;

  constructor(
    readonly name: string,
    readonly arn: string,
    readonly bus: EventBus,
    settings: RuleSettings,
  ) {
    this.current = settings;
    this.matched = new HistoryRing(bus.events.limit);
  }

  get settings(): RuleSettings {
    return this.current;
  }

  /** New settings re-file the rule in its bus's index. */
  set settings(settings: RuleSettings) {
    this.current = settings;
    this.bus.rules.reindex(this);
  }

  get enabled(): boolean {
    return this.settings.state !== 'DISABLED';
  }
}

export function ruleArn(bus: EventBus, name: string): string {
  const path = bus.name === 'default' ? name : `${bus.name}/${name}`;
  return `arn:aws:events:${bus.region}:${bus.accountId}:rule/${path}`;
}
