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
  /** One per target of each rule that matched it, in rule order; `delivered`: the target's service accepted it. */
  readonly routes: readonly Route[];
}

function recordView(event: RecordedEvent): EventRecord {
  const { id, source, detailType, detail, time, resources, routes } = event;
  return { id, source, detailType, detail, time, resources, routes: [...routes] };
}

/** An event bus: `aws.events.bus()` (the default one) or `aws.events.bus(nameOrArn)`. */
export class BusView {
  /** @internal */
  constructor(readonly model: EventBus) {}

  get name(): string {
    return this.model.name;
  }

  get arn(): string {
    return this.model.arn;
  }

  /** Every event PutEvents (or another bus's rule) put on it, oldest first; failed entries are not events. */
  events(): EventRecord[] {
    return this.model.events.map(recordView);
  }
}

/** A rule: `aws.events.rule(name)` on the default bus, or `aws.events.rule(name, { bus })`. */
export class RuleView {
  /** @internal */
  constructor(readonly model: Rule) {}

  get name(): string {
    return this.model.name;
  }

  get arn(): string {
    return this.model.arn;
  }

  get state(): RuleState {
    return this.model.settings.state;
  }

  /** The events its pattern matched (and, for a scheduled rule, the Scheduled Events it fired), oldest first. */
  matched(): EventRecord[] {
    return this.model.matched.map(recordView);
  }
}
