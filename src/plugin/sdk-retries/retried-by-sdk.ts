import type { Clock } from '../../core/clock.js';
import { outsideBackoff, withBackoffOn } from './backoff-clock.js';
import type { StackMiddleware } from './retry-middleware.js';

export interface SdkRetry<Result> {
  /** The client's retry middleware (retryMiddlewareOf). */
  readonly retryMiddleware: StackMiddleware;
  /** The SDK's handler context of the command, as the retry middleware would see it below the mock. */
  readonly context: object;
  readonly args: unknown;
  /** The SDK exception the first attempt answered. */
  readonly firstError: Error;
  /** One more attempt: the mock answering the command afresh, a new request as the SDK's would be. */
  readonly attempt: () => Promise<Result>;
  readonly clock: Clock;
}

/**
 * Hands an error the mock answered to the client's own retry middleware, as if the middleware had just had it from
 * the network: the middleware classifies it, asks the client's retry strategy, waits out its backoff (on the mock's
 * clock), tries again through `attempt` while the strategy allows, and writes `$metadata.attempts` and
 * `totalRetryDelay` on the answer it lets through (docs/aws-behaviour/sdk.md §3.4.1). Entered only after an error:
 * a command answered at the first attempt never comes here.
 */
export function retriedBySdk<Result>(retry: SdkRetry<Result>): Promise<Result> {
  let answered = false;
  const next = (): Promise<unknown> => {
    if (!answered) {
      answered = true;
      return Promise.reject(retry.firstError);
    }
    return outsideBackoff(retry.attempt);
  };
  const run = (): Promise<Result> => retry.retryMiddleware(next, retry.context)(retry.args) as Promise<Result>;
  return retry.clock.sharesGlobalTimers ? run() : withBackoffOn(retry.clock, run);
}
