/**
 * How many batches one SQS mapping keeps in flight at once (docs/aws-behaviour/lambda.md §2.5): 5 to start; while
 * messages keep it at that bound, 300 more for every minute it stays busy, up to 1,250 (the newest docs' figures);
 * back to 5 as soon as it finds the queue empty. `ScalingConfig.MaximumConcurrency` caps it. What AWS does on
 * function errors (it scales down, except with ReportBatchItemFailures) is not modelled. FIFO queues are bounded
 * further by their message groups: the queue gives no second batch of a group while one is in flight.
 */
export const INITIAL_CONCURRENT_BATCHES = 5;
export const SCALE_UP_PER_MINUTE = 300;
export const MAX_CONCURRENT_BATCHES = 1250;
const MINUTE_MS = 60_000;

export class ConcurrencyScaling {
  /** When the poller was first found at its bound with messages left, since it last found the queue empty. */
  private busySince: number | undefined;

  /** The bound at `now`, under `cap` (MaximumConcurrency, if set). */
  bound(now: number, cap: number | undefined): number {
    const ceiling = Math.min(cap ?? MAX_CONCURRENT_BATCHES, MAX_CONCURRENT_BATCHES);
    const minutes = this.busySince === undefined ? 0 : Math.floor((now - this.busySince) / MINUTE_MS);
    return Math.min(ceiling, INITIAL_CONCURRENT_BATCHES + SCALE_UP_PER_MINUTE * minutes);
  }

  /** The poller is at its bound: it scales up from now on. */
  atBound(now: number): void {
    this.busySince ??= now;
  }

  /** The poller found the queue empty: it scales back down. */
  drained(): void {
    this.busySince = undefined;
  }

  /** When the bound next grows, if it can grow under `cap`. */
  nextStepAt(now: number, cap: number | undefined): number | undefined {
    if (this.busySince === undefined) return undefined;
    if (this.bound(now, cap) >= Math.min(cap ?? MAX_CONCURRENT_BATCHES, MAX_CONCURRENT_BATCHES)) return undefined;
    const minutes = Math.floor((now - this.busySince) / MINUTE_MS);
    return this.busySince + (minutes + 1) * MINUTE_MS;
  }
}
