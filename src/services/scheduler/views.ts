import {
  displayName,
  INSPECT,
  NAME_OF,
  nameIn,
  type ResourceName,
  type ResourceNames,
} from '../../core/resource-names.js';
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
  constructor(
    readonly model: ScheduleModel,
    private readonly names?: ResourceNames,
  ) {}

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

  /** Its expression as CreateSchedule or UpdateSchedule gave it: `at(…)`, `rate(…)` or `cron(…)`. */
  get scheduleExpression(): string {
    return this.model.settings.expression.text;
  }

  /** The ARN of its target. */
  get targetArn(): string {
    return this.model.settings.target.Arn!;
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

  /** @internal The names of this schedule (its logical id, when a stack provisioned it), or of what an ARN names. */
  [NAME_OF](arn: string = this.model.arn): ResourceName {
    const names = nameIn(this.names, arn);
    return arn === this.model.arn ? { ...names, name: this.model.name } : names;
  }

  /**
   * What `console.log` and `util.inspect` print: `ScheduleView remind { group: default, state: ENABLED, expression:
   * at(2025-01-02T05:00:00), next: 2025-01-02T05:00:00.000Z, fired: 0 }`.
   */
  [INSPECT](): string {
    const { settings, group, fired } = this.model;
    const next = this.nextFireAt;
    return (
      `ScheduleView ${displayName(this[NAME_OF]())} { group: ${group.name}, state: ${settings.state}, ` +
      `expression: ${settings.expression.text}, next: ${next ? next.toISOString() : 'none'}, ` +
      `fired: ${fired.length} }`
    );
  }

  /** What `JSON.stringify` (and a test runner's printing of a value) shows: which schedule it is. */
  toJSON(): { name: string; group: string; arn: string } {
    return { name: this.name, group: this.group, arn: this.arn };
  }
}

function firedView({ at, target, delivered, reason }: Firing): FiredRecord {
  return { at, target, delivered, ...(reason !== undefined ? { reason } : {}) };
}
