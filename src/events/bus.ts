import type { Target } from '@aws-sdk/client-eventbridge';
import type { EventPattern } from '../event-patterns/index.js';
import type { Schedule } from '../schedules/expression.js';
import type { RecordedEvent } from './event.js';
import type { CompiledInput } from './input.js';
import { RuleIndex } from './rule-index.js';

/** An event bus of one region (docs/aws-behaviour/eventbridge.md §3): its rules, and the events it accepted. */
export class EventBus {
  readonly rules = new BusRules();
  readonly events: RecordedEvent[] = [];
  lastModified: number;

  constructor(
    readonly name: string,
    readonly arn: string,
    readonly region: string,
    readonly accountId: string,
    readonly creationTime: number,
    public description: string | undefined,
  ) {
    this.lastModified = creationTime;
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

export const DEFAULT_BUS = 'default';

export function busArn(region: string, accountId: string, name: string): string {
  return `arn:aws:events:${region}:${accountId}:event-bus/${name}`;
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

/** A rule of one bus (docs/aws-behaviour/eventbridge.md §4), its targets (§5) and the events it matched. */
export class Rule {
  readonly targets = new Map<string, StoredTarget>();
  readonly matched: RecordedEvent[] = [];
  /** When PutRule last set a schedule: a rate counts from here (§8.2). */
  scheduledFrom = 0;
  private current: RuleSettings;

  constructor(
    readonly name: string,
    readonly arn: string,
    readonly bus: EventBus,
    settings: RuleSettings,
  ) {
    this.current = settings;
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
