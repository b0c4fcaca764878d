/**
 * Catches a synchronous fake-timer advance (`vi.advanceTimersByTime`, `jest.advanceTimersByTime`, `clock.tick`, the
 * `runAllTimers` family) that runs the mock's timers over Lambda handlers it started. Such an advance runs one timer
 * after another with no promise job in between, so a handler started (or handed its batch) by one timer runs only
 * once the advance has returned, after everything the later timers did: a failing mapping dead-letters its message
 * after one run and runs the other invocations afterwards, at the advanced instant, and the end state looks right
 * (docs/aws-behaviour/sdk.md §5.2).
 *
 * Between two of the mock's timers the async forms (`advanceTimersByTimeAsync`, `runAllTimersAsync`, `tickAsync`,
 * `aws.runUntilIdle`) yield to a real timer, and real timers run promise jobs after each callback: either way the
 * promise jobs run. So an invocation starting sets a flag that a promise job clears, and one of the mock's timers
 * firing while the flag is still up was reached with no promise job since: a synchronous advance. A promise job, not
 * `queueMicrotask`, which jest's fake timers replace and run between the timers of a synchronous advance. O(1): a
 * flag read per timer, one promise job per group of invocations started together.
 */
import { currentRunner } from './runner.js';
import { mistakeTexts, type AdvanceHelper } from './texts.js';
import { warnOnce } from './warn-once.js';

let invocationUnsettled = false;

function settled(): void {
  invocationUnsettled = false;
}

/** A Lambda invocation starts now, or is handed to a promise job to start (a mapping's batch). */
export function noteInvocationStarting(): void {
  if (invocationUnsettled) return;
  invocationUnsettled = true;
  void Promise.resolve().then(settled);
}

/**
 * One of the mock's timers fires, on the global timers or on an injected clock: warns once when an invocation started
 * since the last promise job.
 */
export function checkTimerFiring(clock: 'global' | 'injected'): void {
  if (!invocationUnsettled) return;
  warnOnce('synchronousAdvance', mistakeTexts.synchronousAdvance(advanceHelper(clock)));
}

function advanceHelper(clock: 'global' | 'injected'): AdvanceHelper {
  return clock === 'injected' ? 'clock' : (currentRunner() ?? 'clock');
}
