/**
 * The one source of time. By default it reads the global timers at the moment of each call, so
 * `vi.useFakeTimers()`, jest's fake timers or `FakeTimers.install()` take effect whether they were
 * installed before or after the mock was created. Never cache `Date.now` or `setTimeout` anywhere else.
 * The global clock also catches the set-up mistakes that would otherwise end in a test timeout
 * (src/core/diagnostics): timers and `Date` faked apart, a long poll on real timers inside a test runner. Every timer
 * of either clock checks, as it fires, that no synchronous advance ran it over Lambda handlers not yet run.
 */
import { checkBeforeRead, checkBeforeTimer } from './diagnostics/global-time-check.js';
import { currentRunner, RUNNER_DEFAULT_TEST_TIMEOUT_MS } from './diagnostics/runner.js';
import { mistakeTexts } from './diagnostics/texts.js';
import { checkTimerFiring } from './diagnostics/synchronous-advance.js';
import { realTimers } from './diagnostics/time-sources.js';
import { warnOnce } from './diagnostics/warn-once.js';
import { runOutsideScope } from './invocation/scope.js';

export type TimerHandle = unknown;

export interface Clock {
  now(): number;
  /** A timer that never keeps the process alive. */
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  /**
   * Whether its timers are the global ones (faked or not), which the SDK's own timers (its retry backoff) use too;
   * false for an injected clock.
   */
  readonly sharesGlobalTimers: boolean;
  /**
   * Called when a ReceiveMessage is about to wait `seconds` for messages: throws when the wait could never wake
   * as it should, and warns once when it will outlast the test runner's default timeout. Only the global clock
   * has anything to check; an injected clock is its own timers and time.
   */
  beforeLongPoll?(seconds: number): void;
}

/** The subset of an `@sinonjs/fake-timers` clock that the emulation uses. */
export interface InjectedClock {
  now: number | (() => number);
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: never): void;
  /** sinon's async tick: `aws.runUntilIdle()`'s default `advance` with this clock. */
  tickAsync?(ms: number): unknown;
}

function unref(handle: unknown): unknown {
  if (handle !== null && typeof handle === 'object' && 'unref' in handle) {
    const maybeUnref = (handle as { unref?: unknown }).unref;
    if (typeof maybeUnref === 'function') maybeUnref.call(handle);
  }
  return handle;
}

function firing(callback: () => void, clock: 'global' | 'injected'): () => void {
  return () => {
    checkTimerFiring(clock);
    callback();
  };
}

export function globalClock(): Clock {
  return {
    sharesGlobalTimers: true,
    now: () => {
      checkBeforeRead();
      return globalThis.Date.now();
    },
    setTimeout: (callback, ms) => {
      checkBeforeTimer();
      // The mock's own timers belong to no invocation, even when a handler's call set them (a send's delay).
      return unref(runOutsideScope(() => globalThis.setTimeout(firing(callback, 'global'), ms)));
    },
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    beforeLongPoll: (seconds) => {
      checkBeforeTimer();
      const runner = currentRunner();
      if (runner && realTimers() && seconds * 1000 >= RUNNER_DEFAULT_TEST_TIMEOUT_MS) {
        warnOnce('longPollOnRealTimers', mistakeTexts.longPollOnRealTimers(seconds, runner));
      }
    },
  };
}

export function injectedClock(clock: InjectedClock): Clock {
  return {
    sharesGlobalTimers: false,
    // sinon's clock exposes `now` as a number property that advances as it ticks.
    now: () => (typeof clock.now === 'function' ? clock.now() : clock.now),
    setTimeout: (callback, ms) => unref(clock.setTimeout(firing(callback, 'injected'), ms)),
    clearTimeout: (handle) => clock.clearTimeout(handle as never),
  };
}
