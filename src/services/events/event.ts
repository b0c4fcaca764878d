/**
 * An event on a bus (docs/aws-behaviour/eventbridge.md §1.1): its fields in the order AWS writes them, and what
 * became of it, for `aws.events.bus().events()`.
 */
export interface BusEvent {
  readonly version: '0';
  readonly id: string;
  readonly 'detail-type': string;
  readonly source: string;
  readonly account: string;
  readonly time: string;
  readonly region: string;
  /** Only on a replayed event (§17.3): the replay's name, between `region` and `resources` as AWS writes it. */
  readonly 'replay-name'?: string;
  readonly resources: readonly string[];
  readonly detail: Readonly<Record<string, unknown>>;
}

/** One target of one matching rule, and whether the target's service accepted the event. */
export interface Route {
  /** The rule's name. */
  readonly rule: string;
  readonly ruleArn: string;
  readonly targetId: string;
  readonly targetArn: string;
  readonly delivered: boolean;
  /** Why it was not delivered (or, when it went to the target's dead-letter queue, why and where). */
  readonly reason?: string;
}

/** An event a bus accepted, as the views show it. */
export interface RecordedEvent {
  readonly id: string;
  readonly source: string;
  readonly detailType: string;
  readonly detail: Readonly<Record<string, unknown>>;
  readonly time: Date;
  readonly resources: readonly string[];
  readonly busArn: string;
  /** A replayed event (§17.3): the replay's name. */
  readonly replayName?: string;
  /** The event as targets receive it. */
  readonly event: BusEvent;
  /** Filled in as the rules deliver it: one entry per target of each matching rule. */
  readonly routes: Route[];
}

/** `YYYY-MM-DDThh:mm:ssZ`, no fraction (§1.3). */
export function eventTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
