import { setTimeout as realTimeout } from 'node:timers';

/**
 * Guards for the fuzz tests that run on fake timers: an input that makes a command or a clock advance never settle
 * (a timer re-armed at the same instant for ever, the SDK waiting out a retry on the faked clock) must fail its run
 * with the seed that replays it, not run into the test's timeout with nothing to replay. Node's own `timers` module
 * is not faked, so these wait in real time.
 */

/** Real milliseconds one call or one advance may take before it counts as hung: far above any run seen. */
const HUNG_AFTER_MS = 10_000;

/** `pending`, or a rejection naming `what` once it has not settled for HUNG_AFTER_MS of real time. */
export async function settles<T>(pending: Promise<T>, what: () => string): Promise<T> {
  let timer: ReturnType<typeof realTimeout> | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = realTimeout(
      () => reject(new Error(`did not settle in ${HUNG_AFTER_MS} ms of real time: ${what()}`)),
      HUNG_AFTER_MS,
    );
  });
  try {
    return await Promise.race([pending, hung]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * fast-check options that end a check before the test's own timeout (`testTimeout` ms), as a failure with its seed
 * and the smallest counterexample found so far, shrinking included.
 */
export function endsBefore(testTimeout: number): { interruptAfterTimeLimit: number; markInterruptAsFailure: true } {
  return { interruptAfterTimeLimit: Math.max(testTimeout - 15_000, testTimeout / 2), markInterruptAsFailure: true };
}
