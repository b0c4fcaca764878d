import type { RecordedEvent } from './event.js';
import type { Rule } from './rule.js';

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
