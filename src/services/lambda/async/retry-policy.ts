/**
 * When Lambda tries an asynchronous event again (docs/aws-behaviour/lambda.md §4). The current guide says "a one-minute
 * wait between the first two attempts, and two minutes between the second and third" [Docs]; recorded runs were
 * looser (one attempt by ~30 s, two by ~92 s, three by ~214 s). The emulation takes the documented figures exactly,
 * so a test can advance by them.
 */
export const RETRY_DELAYS_AFTER_ERROR_MS: readonly number[] = [60_000, 120_000];

/** A throttled event goes back to the queue: 1 s at first, doubling, at most 5 min between tries (lambda.md §4). */
const FIRST_THROTTLE_BACKOFF_MS = 1_000;
const MAX_THROTTLE_BACKOFF_MS = 5 * 60_000;

/** The wait before retry number `retry` (0 for the first) after a function error or timeout. */
export function retryDelayAfterError(retry: number): number {
  return RETRY_DELAYS_AFTER_ERROR_MS[Math.min(retry, RETRY_DELAYS_AFTER_ERROR_MS.length - 1)]!;
}

/** The wait after the event's `throttles`-th throttle in a row (0 for the first). */
export function throttleBackoff(throttles: number): number {
  return Math.min(FIRST_THROTTLE_BACKOFF_MS * 2 ** Math.min(throttles, 30), MAX_THROTTLE_BACKOFF_MS);
}

/**
 * Whether an event first queued at `enqueuedAt` is too old to be tried at `at`. Lambda gives up before the age is
 * over: with MaximumEventAgeInSeconds 60 an event whose handler failed at once got no retry, the retry being due a
 * minute later (lambda.md §4). So a try due exactly at the limit does not happen.
 */
export function tooOldAt(at: number, enqueuedAt: number, maximumEventAgeInSeconds: number): boolean {
  return at - enqueuedAt >= maximumEventAgeInSeconds * 1000;
}
