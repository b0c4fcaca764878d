import { mistakeTexts } from './texts.js';

/** Empty short polls in a row at one instant after which a receive loop is taken for a busy loop. */
export const BUSY_LOOP_RECEIVES = 1_000;

/**
 * One queue's count of empty short polls in a row at the same instant of the clock. A loop that receives without
 * awaiting a timer never lets fake time move, so it spins for ever and the runner only reports a timeout; counting
 * lets the 1,000th such receive say why instead. Costs a comparison and an increment per receive.
 */
export class EmptyShortPolls {
  private at = Number.NaN;
  private count = 0;

  /** A short poll returned messages: the loop is doing work. */
  reset(): void {
    this.count = 0;
  }

  /** A short poll at `now` found nothing; throws once there were too many in a row at this instant. */
  recordEmpty(now: number, queueName: string): void {
    if (now !== this.at) {
      this.at = now;
      this.count = 1;
      return;
    }
    this.count += 1;
    if (this.count >= BUSY_LOOP_RECEIVES) throw new Error(mistakeTexts.busyLoop(queueName, this.count));
  }
}
