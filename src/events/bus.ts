import type { Target } from '@aws-sdk/client-eventbridge';
import type { EventPattern } from '../event-patterns/index.js';
import type { Schedule } from '../schedules/expression.js';
import type { RecordedEvent } from './event.js';
import type { CompiledInput } from './input.js';

/** An event bus of one region (docs/aws-behaviour/eventbridge.md §3): its rules, and the events it accepted. */
export class EventBus {
  readonly rules = new Map<string, Rule>();
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

  constructor(
    readonly name: string,
    readonly arn: string,
    readonly bus: EventBus,
    public settings: RuleSettings,
  ) {}

  get enabled(): boolean {
    return this.settings.state !== 'DISABLED';
  }
}

export function ruleArn(bus: EventBus, name: string): string {
  const path = bus.name === 'default' ? name : `${bus.name}/${name}`;
  return `arn:aws:events:${bus.region}:${bus.accountId}:rule/${path}`;
}
