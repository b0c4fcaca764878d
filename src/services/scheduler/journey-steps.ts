/**
 * Scheduler's steps in a message's journey (docs/guide/journeys.md): `scheduled` per firing (its id the first
 * attempt's execution id), then per attempt `delivered` / `refused` (src/core/journeys/hand-over.ts), `retried` while
 * the retry policy lasts, and `deadLettered` at the end.
 */
import type { DeliveryResult } from '../../core/delivery.js';
import { handOverMark, recordDeadLetter, recordHandOver, type HandOver } from '../../core/journeys/hand-over.js';
import type { JourneyRecorder } from '../../core/journeys/index.js';
import type { Firing, ScheduleModel } from './schedule.js';

export class ScheduleSteps {
  constructor(private readonly journeys: JourneyRecorder) {}

  /** The schedule fired: its scheduled time, and how much later it ran (a flexible window, a late clock). */
  scheduled(schedule: ScheduleModel, firing: Firing, id: string): void {
    const scheduled = firing.scheduledAt.getTime();
    const late = firing.at.getTime() - scheduled;
    this.journeys.record({
      at: firing.at.getTime(),
      service: 'scheduler',
      kind: 'scheduled',
      where: schedule.arn,
      messageId: id,
      note:
        `${schedule.settings.expression.text}, scheduled for ${new Date(scheduled).toISOString()}` +
        (late > 0 ? `, ran ${late / 1000}s later` : ', on time'),
    });
  }

  mark(): number {
    return handOverMark(this.journeys);
  }

  attempt(schedule: ScheduleModel, firing: Firing, id: string, result: DeliveryResult, seq: number): void {
    const outcome = result.accepted
      ? result
      : {
          accepted: false as const,
          error: { name: result.byPolicy ? 'AccessDenied' : 'DeliveryFailed', message: result.reason },
        };
    recordHandOver(this.from(schedule, id), firing.target, outcome, seq);
  }

  retried(schedule: ScheduleModel, firing: Firing, id: string, at: number): void {
    this.journeys.record({
      at: this.journeys.now(),
      service: 'scheduler',
      kind: 'retried',
      where: schedule.arn,
      messageId: id,
      visibleAt: at,
      note: `after ${firing.attempts} ${firing.attempts === 1 ? 'attempt' : 'attempts'}`,
    });
  }

  /** The retry policy ran out: to the dead-letter queue, or dropped when there is none. */
  gaveUp(schedule: ScheduleModel, firing: Firing, id: string, deadLetter: DeadLetterOutcome | undefined): void {
    const after = `after ${firing.attempts} ${firing.attempts === 1 ? 'attempt' : 'attempts'}`;
    if (deadLetter === undefined) {
      this.journeys.record({
        at: this.journeys.now(),
        service: 'scheduler',
        kind: 'deadLettered',
        where: schedule.arn,
        messageId: id,
        note: `given up ${after}, no dead-letter queue: the invocation is lost`,
      });
      return;
    }
    const { arn, result, seq } = deadLetter;
    recordDeadLetter(this.from(schedule, id), firing.target, arn, result, seq, `given up ${after}`);
  }

  private from(schedule: ScheduleModel, id: string): HandOver {
    return { journeys: this.journeys, service: 'scheduler', source: schedule.arn, messageId: id };
  }
}

export interface DeadLetterOutcome {
  readonly arn: string;
  readonly result: DeliveryResult;
  readonly seq: number;
}
