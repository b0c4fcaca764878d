/**
 * The one source of time. By default it reads the global timers at the moment of each call, so
 * `vi.useFakeTimers()`, jest's fake timers or `FakeTimers.install()` take effect whether they were
 * installed before or after the mock was created. Never cache `Date.now` or `setTimeout` anywhere else.
 */
export type TimerHandle = unknown;

export interface Clock {
  now(): number;
  /** A timer that never keeps the process alive. */
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** The subset of an `@sinonjs/fake-timers` clock that the emulation uses. */
export interface InjectedClock {
  now: number | (() => number);
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: never): void;
}

function unref(handle: unknown): unknown {
  if (handle !== null && typeof handle === 'object' && 'unref' in handle) {
    const maybeUnref = (handle as { unref?: unknown }).unref;
    if (typeof maybeUnref === 'function') maybeUnref.call(handle);
  }
  return handle;
}

export function globalClock(): Clock {
  return {
    now: () => globalThis.Date.now(),
    setTimeout: (callback, ms) => unref(globalThis.setTimeout(callback, ms)),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}

export function injectedClock(clock: InjectedClock): Clock {
  return {
    // sinon's clock exposes `now` as a number property that advances as it ticks.
    now: () => (typeof clock.now === 'function' ? clock.now() : clock.now),
    setTimeout: (callback, ms) => unref(clock.setTimeout(callback, ms)),
    clearTimeout: (handle) => clock.clearTimeout(handle as never),
  };
}
