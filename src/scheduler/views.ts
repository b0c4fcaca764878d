import type { Firing, ScheduleModel, ScheduleState } from './schedule.js';

/** One invocation of a schedule's target, as `fired()` shows it. */
export interface FiredRecord {
  /** When the target was invoked: the scheduled time, moved within a flexible window. */
  readonly at: Date;
  /** The target's ARN. */
  readonly target: string;
  /** The target's service took it, at the first attempt or a retry. */
  readonly delivered: boolean;
  /** Why it was refused, and whether it went to the dead-letter queue. */
  readonly reason?: string;
}

/** A schedule: `aws.scheduler.schedule(name)` in the default group, or `aws.scheduler.schedule(name, { group })`. */
export class ScheduleView {
  /** @internal */
  constructor(readonly model: ScheduleModel) {}

  get name(): string {
    return this.model.name;
  }

  get arn(): string {
    return this.model.arn;
  }

  get group(): string {
    return this.model.group.name;
  }

  get state(): ScheduleState {
    return this.model.settings.state;
  }

  /** The scheduled time of its next firing (a flexible window may run it later); none when it has none left. */
  get nextFireAt(): Date | undefined {
    const next = this.model.next;
    return next === undefined ? undefined : new Date(next.scheduled);
  }

  /** Every firing so far, oldest first. */
  fired(): FiredRecord[] {
    return this.model.fired.map(firedView);
  }
}

function firedView({ at, target, delivered, reason }: Firing): FiredRecord {
  return { at, target, delivered, ...(reason !== undefined ? { reason } : {}) };
}
