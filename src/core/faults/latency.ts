import type { Clock, TimerHandle } from '../clock.js';
import { abortError, type AbortSignalLike } from '../request-context.js';

/**
 * Commands waiting out an injected latency, in the mock's time: one clock timer each (the clock's timers never
 * keep the process alive). A reset ends every wait at once, so no timer and no command outlives it.
 */
export class PendingLatencies {
  private readonly cancels = new Set<() => void>();

  constructor(private readonly clock: Clock) {}

  /**
   * Resolves after `ms` of the mock's time. Rejects, and the command then never runs, if the SDK's abortSignal
   * fires first (with the error the SDK's HTTP handler gives an aborted request) or the mock is reset.
   */
  wait(ms: number, what: string, signal: AbortSignalLike | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(abortError(signal));
      let timer: TimerHandle;
      const settle = (): void => {
        this.clock.clearTimeout(timer);
        this.cancels.delete(cancel);
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = (): void => {
        settle();
        reject(abortError(signal));
      };
      const cancel = (): void => {
        settle();
        reject(
          new Error(`sqs-sns-mock: the mock was reset while ${what} waited out its injected latency; it did not run.`),
        );
      };
      signal?.addEventListener('abort', onAbort);
      this.cancels.add(cancel);
      timer = this.clock.setTimeout(() => {
        settle();
        resolve();
      }, ms);
    });
  }

  /** Ends every wait: each rejects, and its command does not run. */
  cancelAll(): void {
    for (const cancel of [...this.cancels]) cancel();
  }
}
