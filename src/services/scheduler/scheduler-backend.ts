import type { Clock, TimerHandle } from '../../core/clock.js';
import type { Deliver } from '../../core/delivery.js';
import type { IdSource } from '../../core/ids.js';
import { TimerSet } from '../../core/timer-set.js';
import { nextFiring } from '../../core/schedules/expression.js';
import type { RecurringSource, WorkTracker } from '../../core/work/work-tracker.js';
import { invokeTarget, renderInput, type Invocation } from './delivery.js';
import type { JourneyRecorder } from '../../core/journeys/recorder.js';
import { ScheduleSteps, type DeadLetterOutcome } from './journey-steps.js';
import { DEFAULT_GROUP, groupArn, ScheduleGroup, type Firing, type ScheduleModel } from './schedule.js';

const MINUTE_MS = 60_000;
/** **Emulation:** Scheduler's backoff intervals are not documented (§13.8): 1 s doubling, at most 5 minutes. */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 300_000;

/**
 * EventBridge Scheduler of one account: schedule groups by region, their schedules, and their firings on the
 * account's clock. Each enabled schedule has one timer, at its next firing (docs/aws-behaviour/eventbridge.md §13.6),
 * and each failed invocation one timer for its retry, so an idle day costs a step per firing.
 */
export class SchedulerBackend {
  private readonly regions = new Map<string, Map<string, ScheduleGroup>>();
  /** Tags by schedule group ARN (schedules have none, §13.1). */
  readonly tags = new Map<string, Map<string, string>>();
  private readonly timers: TimerSet;
  /**
   * Every armed timer (a schedule's next firing, a retry) and when it runs, for runUntilIdle: a rate or cron
   * schedule's firing is `recurring`, not work that keeps it going; an at() firing and a retry are work.
   */
  private readonly pending = new Map<object, { at: number; handle: TimerHandle; recurring: boolean }>();
  private removeWork: (() => void) | undefined;
  /** The journey steps of firings (docs/guide/journeys.md); undefined when the account records none. */
  private readonly steps: ScheduleSteps | undefined;

  constructor(
    readonly accountId: string,
    readonly clock: Clock,
    readonly ids: IdSource,
    private readonly work: WorkTracker,
    private readonly deliver: Deliver,
    journeys?: JourneyRecorder,
  ) {
    this.timers = new TimerSet(clock);
    this.steps = journeys && new ScheduleSteps(journeys);
  }

  /** The groups of a region, the default one always among them (§13.2). */
  groups(region: string): Map<string, ScheduleGroup> {
    let groups = this.regions.get(region);
    if (!groups) {
      groups = new Map();
      groups.set(
        DEFAULT_GROUP,
        new ScheduleGroup(DEFAULT_GROUP, groupArn(region, this.accountId, DEFAULT_GROUP), region, this.clock.now()),
      );
      this.regions.set(region, groups);
    }
    return groups;
  }

  allGroups(): ScheduleGroup[] {
    return [...this.regions.values()].flatMap((groups) => [...groups.values()]);
  }

  createGroup(region: string, name: string): ScheduleGroup {
    const group = new ScheduleGroup(name, groupArn(region, this.accountId, name), region, this.clock.now());
    this.groups(region).set(name, group);
    return group;
  }

  /** §13.9: deleting a group deletes its schedules. */
  deleteGroup(group: ScheduleGroup): void {
    for (const schedule of [...group.schedules.values()]) this.deleteSchedule(schedule);
    this.groups(group.region).delete(group.name);
    this.tags.delete(group.arn);
  }

  deleteSchedule(schedule: ScheduleModel): void {
    this.disarm(schedule);
    schedule.group.schedules.delete(schedule.name);
  }

  /**
   * (Re)arms a schedule after CreateSchedule or UpdateSchedule, or after a firing: one timer at its next firing
   * strictly after `after` (§13.3, §13.4), moved within its flexible window (§13.5). A schedule with none left has
   * completed: ActionAfterCompletion DELETE deletes it (§13.6).
   */
  arm(schedule: ScheduleModel, after: number): void {
    this.disarm(schedule);
    const { settings } = schedule;
    if (settings.state === 'DISABLED' || schedule.group.schedules.get(schedule.name) !== schedule) return;
    const scheduled = this.nextScheduled(schedule, after);
    if (scheduled === undefined) {
      if (schedule.lastScheduled !== undefined && settings.actionAfterCompletion === 'DELETE')
        this.deleteSchedule(schedule);
      return;
    }
    const now = this.clock.now();
    // §13.5 Emulation: a time drawn evenly within the window, from the account's (seedable) randomness.
    const shift = Math.floor(this.ids.random() * settings.windowMinutes * MINUTE_MS);
    const at = Math.max(now, scheduled + shift);
    schedule.next = { scheduled, at };
    const recurring = settings.expression.parsed.kind !== 'at';
    this.setTimer(
      schedule,
      at,
      () => {
        schedule.next = undefined;
        this.fire(schedule, scheduled);
      },
      recurring,
    );
  }

  private nextScheduled(schedule: ScheduleModel, after: number): number | undefined {
    const { expression, zone, startDate, endDate } = schedule.settings;
    const parsed = expression.parsed;
    // §13.4: StartDate and EndDate do not apply to at().
    if (parsed.kind === 'at') return nextFiring(parsed, 0, after, zone);
    let next: number | undefined;
    if (parsed.kind === 'rate') {
      // §13.4: a rate runs from its StartDate, else from when it was set, the first time at once.
      const start = startDate ?? schedule.lastModified;
      next = after < start ? start : nextFiring(parsed, start, after);
    } else {
      const from = startDate === undefined ? after : Math.max(after, startDate - 1);
      next = nextFiring(parsed, 0, from, zone);
    }
    return next === undefined || (endDate !== undefined && next > endDate) ? undefined : next;
  }

  private disarm(schedule: ScheduleModel): void {
    schedule.next = undefined;
    this.clearTimer(schedule);
  }

  private fire(schedule: ScheduleModel, scheduled: number): void {
    schedule.lastScheduled = scheduled;
    const { target } = schedule.settings;
    const firing: Firing = {
      at: new Date(this.clock.now()),
      scheduledAt: new Date(scheduled),
      target: target.Arn!,
      delivered: false,
      attempts: 0,
    };
    schedule.fired.push(firing);
    this.attempt(schedule, firing);
    this.arm(schedule, scheduled);
  }

  /** §13.8: one invocation; a refusal is retried with backoff until the retry policy runs out, then dead-lettered. */
  private attempt(schedule: ScheduleModel, firing: Firing): void {
    const { target } = schedule.settings;
    firing.attempts++;
    const now = this.clock.now();
    const executionId = this.ids.uuid();
    // A firing's journey goes by its first attempt's execution id.
    if (firing.journeyId === undefined) {
      firing.journeyId = executionId;
      this.steps?.scheduled(schedule, firing, executionId);
    }
    const invocation: Invocation = {
      scheduleArn: schedule.arn,
      scheduledTime: isoSeconds(firing.scheduledAt.getTime()),
      executionId,
      attempt: firing.attempts,
      accountId: this.accountId,
      region: schedule.group.region,
      eventId: this.ids.uuid(),
      now: isoSeconds(now),
    };
    const body = renderInput(target.Input, invocation);
    const seq = this.steps?.mark() ?? 0;
    const result = invokeTarget(this.deliver, target, body, invocation);
    this.steps?.attempt(schedule, firing, firing.journeyId, result, seq);
    if (result.accepted) {
      firing.delivered = true;
      delete firing.reason;
      return;
    }
    firing.reason = result.reason;
    const { MaximumRetryAttempts = 185, MaximumEventAgeInSeconds = 86_400 } = target.RetryPolicy ?? {};
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (firing.attempts - 1));
    const age = now + delay - firing.at.getTime();
    if (firing.attempts <= MaximumRetryAttempts && age <= MaximumEventAgeInSeconds * 1000) {
      const key = {};
      this.steps?.retried(schedule, firing, firing.journeyId, now + delay);
      this.setTimer(key, now + delay, () => this.attempt(schedule, firing), false);
      return;
    }
    this.deadLetter(schedule, firing, body, invocation);
  }

  /**
   * §13.8: the dead-letter event to the target's standard queue. **Emulation:** its body and attributes are not
   * documented: the input that was sent, with the schedule, the attempt and the error as attributes.
   */
  private deadLetter(schedule: ScheduleModel, firing: Firing, body: string, invocation: Invocation): void {
    const arn = schedule.settings.target.DeadLetterConfig?.Arn;
    if (arn === undefined) {
      firing.reason = `${firing.reason}; dropped after ${firing.attempts} attempts`;
      this.steps?.gaveUp(schedule, firing, firing.journeyId!, undefined);
      return;
    }
    const seq = this.steps?.mark() ?? 0;
    const attribute = (value: string) => ({ DataType: 'String', StringValue: value });
    const result = this.deliver(arn, {
      body,
      attributes: {
        'X-Amz-Scheduler-Attempt': attribute(String(invocation.attempt)),
        'X-Amz-Scheduler-Schedule-Arn': attribute(schedule.arn),
        'X-Amz-Scheduler-Group': attribute(schedule.group.name),
        ERROR_MESSAGE: attribute(firing.reason ?? ''),
        TARGET_ARN: attribute(firing.target),
      },
      sender: {
        principal: 'scheduler.amazonaws.com',
        authority: 'role',
        sourceArn: schedule.arn,
        senderId: 'scheduler.amazonaws.com',
      },
      via: schedule.arn,
    });
    const deadLetter: DeadLetterOutcome = { arn, result, seq };
    this.steps?.gaveUp(schedule, firing, firing.journeyId!, deadLetter);
    firing.reason = result.accepted
      ? `${firing.reason}; sent to the dead-letter queue ${arn} after ${firing.attempts} attempts`
      : `${firing.reason}; the dead-letter queue ${arn} refused it too: ${result.reason}`;
  }

  private setTimer(key: object, at: number, run: () => void, recurring: boolean): void {
    this.clearTimer(key);
    const handle = this.timers.set(() => {
      this.pending.delete(key);
      run();
    }, at - this.clock.now());
    this.pending.set(key, { at, handle, recurring });
    this.removeWork ??= this.work.addTimed({
      nextAt: () => this.nextAt(false),
      nextRecurringAt: () => this.nextAt(true),
      recurringSources: () => this.recurringSources(),
    });
  }

  private clearTimer(key: object): void {
    const armed = this.pending.get(key);
    if (!armed) return;
    this.timers.clear(armed.handle);
    this.pending.delete(key);
  }

  /** When the next armed timer of the kind runs: a recurring firing, or work (an at() firing, a retry). */
  private nextAt(recurring: boolean): number | undefined {
    let next: number | undefined;
    for (const armed of this.pending.values()) {
      if (armed.recurring === recurring && (next === undefined || armed.at < next)) next = armed.at;
    }
    return next;
  }

  private *recurringSources(): Iterable<RecurringSource> {
    for (const [key, armed] of this.pending) {
      const schedule = key as ScheduleModel;
      if (!armed.recurring || schedule.next === undefined) continue;
      yield {
        kind: 'schedule',
        name: schedule.name,
        arn: schedule.arn,
        expression: schedule.settings.expression.text,
        nextFireAt: new Date(schedule.next.scheduled),
        targets: [schedule.settings.target.Arn!],
      };
    }
  }

  reset(): void {
    this.timers.reset();
    this.pending.clear();
    this.removeWork?.();
    this.removeWork = undefined;
    this.regions.clear();
    this.tags.clear();
  }
}

/** `2022-03-22T18:59:43Z`: the form of `<aws.scheduler.scheduled-time>` (§13.7). */
function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
