import { AsyncLocalStorage } from 'node:async_hooks';
import type { Clock } from '../../core/clock.js';

/**
 * Puts the SDK's retry backoff on an injected clock. The SDK sleeps between attempts with the global `setTimeout`,
 * looked up at each call (docs/aws-behaviour/sdk.md §3.4.1): with the global clock (faked or not) that already is
 * the mock's time, but an injected clock leaves the globals real. While a retry of such a mock is under way, the
 * global `setTimeout` is wrapped: a call made inside that retry's own async context (the SDK's retry middleware and
 * strategy) is put on the injected clock, every other call goes to the function it wraps, untouched. The wrapper
 * is in place only while such a retry runs.
 */
const backoffClock = new AsyncLocalStorage<Clock>();

type SetTimeout = (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => unknown;

let wrapped: { readonly original: SetTimeout; readonly wrapper: SetTimeout } | undefined;
let running = 0;

function wrap(): void {
  const original = globalThis.setTimeout as unknown as SetTimeout;
  const wrapper: SetTimeout = function (this: unknown, callback, ms, ...args) {
    const clock = backoffClock.getStore();
    if (clock === undefined || typeof callback !== 'function') return original.call(this, callback, ms, ...args);
    return clock.setTimeout(() => callback(...args), Number(ms ?? 0) || 0);
  };
  // What libraries read off the global (util.promisify's custom form, a fake clock's `clock`) stays readable.
  for (const key of Reflect.ownKeys(original)) {
    if (key === 'length' || key === 'name' || key === 'prototype') continue;
    const descriptor = Object.getOwnPropertyDescriptor(original, key);
    if (descriptor) Object.defineProperty(wrapper, key, descriptor);
  }
  globalThis.setTimeout = wrapper as unknown as typeof setTimeout;
  wrapped = { original, wrapper };
}

function unwrap(): void {
  // A fake-timer library installed meanwhile replaced the wrapper and will put it back on uninstall: it then only
  // forwards (no retry runs), so it is left to that library.
  if (wrapped && globalThis.setTimeout === (wrapped.wrapper as unknown)) {
    globalThis.setTimeout = wrapped.original as unknown as typeof setTimeout;
  }
  wrapped = undefined;
}

/** Runs `retry` with the SDK's timers inside it on `clock`. */
export async function withBackoffOn<T>(clock: Clock, retry: () => Promise<T>): Promise<T> {
  if (running++ === 0) wrap();
  try {
    return await backoffClock.run(clock, retry);
  } finally {
    if (--running === 0) unwrap();
  }
}

/** Runs `attempt` (the mock answering, and whatever user code that starts) outside any retry's backoff clock. */
export function outsideBackoff<T>(attempt: () => T): T {
  return backoffClock.exit(attempt);
}
