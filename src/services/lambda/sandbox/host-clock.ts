import { AsyncResource } from 'node:async_hooks';
import type { InjectedClock } from '../../../core/clock.js';
import { hostClock } from '../../../core/invocation/host.js';
import { currentScope } from '../../../core/invocation/scope.js';

/**
 * Inside an invocation that a server hosts on its manual clock, the handler's `Date` and timers follow that clock
 * (docs/aws-behaviour/wire.md §14.8), as an in-process handler's follow the test's fake timers: `new Date()`,
 * `Date()` and `Date.now()` read the clock, and `setTimeout` and `setInterval` wait on it, so moving the server's
 * clock moves the handler's time, and a handler that waits 10 minutes on a timer waits 10 minutes of that clock.
 * Outside such invocations every call passes through to what it wraps. Installed once per process for each
 * function in place (fake timers may put other ones in place later); never removed, as code may hold `Date`.
 */

const views = new WeakSet<object>();

function nowOf(clock: InjectedClock): number {
  return typeof clock.now === 'function' ? clock.now() : clock.now;
}

/** Puts the views of `Date`, `clearTimeout` and `clearInterval` in place, unless they are already. */
export function followHostClocks(): void {
  const globals = globalThis as unknown as Record<string, unknown>;
  if (!views.has(globalThis.Date)) {
    const view = dateView(globalThis.Date);
    views.add(view);
    globals['Date'] = view;
  }
  for (const name of ['clearTimeout', 'clearInterval'] as const) {
    const current = globals[name];
    if (typeof current !== 'function' || views.has(current)) continue;
    const view = new Proxy(current, {
      apply(target, thisArg, args: unknown[]) {
        const timer = hostTimerOf(args[0]);
        if (timer !== undefined) return timer.close();
        return Reflect.apply(target, thisArg, args) as unknown;
      },
    });
    views.add(view);
    globals[name] = view;
  }
}

/** A Proxy keeps every property of the class it wraps (a fake clock's marks), `instanceof` and subclassing. */
function dateView(wrapped: DateConstructor): DateConstructor {
  const now = (): number => {
    const clock = hostClock();
    return clock === undefined ? wrapped.now() : nowOf(clock);
  };
  return new Proxy(wrapped, {
    construct(target, args: unknown[], newTarget) {
      const clock = args.length === 0 ? hostClock() : undefined;
      return Reflect.construct(target, clock === undefined ? args : [nowOf(clock)], newTarget) as object;
    },
    apply(target, thisArg, args: unknown[]) {
      const clock = hostClock();
      return clock === undefined
        ? (Reflect.apply(target, thisArg, args) as unknown)
        : new target(nowOf(clock)).toString();
    },
    get(target, key, receiver) {
      return key === 'now' ? now : (Reflect.get(target, key, receiver) as unknown);
    },
  });
}

/** Node's bounds for a delay (`after *= 1`): anything else, or below 1 ms, is 1 ms. */
const MAX_DELAY = 2 ** 31 - 1;

function delayOf(ms: unknown): number {
  const after = Number(ms);
  return after >= 1 && after <= MAX_DELAY ? after : 1;
}

/** The handles given out whose number was asked for (`+timer`), for `clearTimeout(number)`. */
const byNumber = new Map<number, HostTimer>();
let numbers = 0;

function hostTimerOf(handle: unknown): HostTimer | undefined {
  if (handle instanceof HostTimer) return handle;
  return typeof handle === 'number' || typeof handle === 'string' ? byNumber.get(Number(handle)) : undefined;
}

/**
 * A handler's timer on the host's clock, shaped as Node's `Timeout` (`ref`, `unref`, `hasRef`, `refresh`, `close`,
 * a number). Its callback runs in the invocation's context; an error it throws is the invocation's uncaught
 * exception (lambda.md §5.3), as Node would raise it, and leaves the server and its clock running.
 */
export class HostTimer {
  #armed: unknown;
  #number: number | undefined;
  #closed = false;
  readonly #run: () => void;

  constructor(
    private readonly clock: InjectedClock,
    callback: (...args: unknown[]) => unknown,
    private readonly delay: number,
    private readonly repeat: boolean,
    args: readonly unknown[],
  ) {
    this.#run = AsyncResource.bind(() => {
      if (this.#closed) return;
      if (this.repeat) this.#arm();
      else this.#forget();
      try {
        callback(...args);
      } catch (error) {
        currentScope()?.crashed(error, 'uncaughtException');
      }
    });
    this.#arm();
  }

  #arm(): void {
    this.#armed = this.clock.setTimeout(this.#run, this.delay);
  }

  #forget(): void {
    this.#closed = true;
    if (this.#number !== undefined) byNumber.delete(this.#number);
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  hasRef(): boolean {
    return !this.#closed;
  }

  refresh(): this {
    if (this.#closed) return this;
    this.clock.clearTimeout(this.#armed as never);
    this.#arm();
    return this;
  }

  close(): this {
    if (this.#closed) return this;
    this.clock.clearTimeout(this.#armed as never);
    this.#forget();
    return this;
  }

  [Symbol.toPrimitive](): number {
    if (this.#number === undefined) {
      this.#number = ++numbers;
      if (!this.#closed) byNumber.set(this.#number, this);
    }
    return this.#number;
  }
}

/** `setTimeout` or `setInterval` of a hosted invocation's code, when its host has a clock; else undefined. */
export function hostTimer(repeat: boolean, args: readonly unknown[]): HostTimer | undefined {
  const clock = hostClock();
  if (clock === undefined || typeof args[0] !== 'function') return undefined;
  return new HostTimer(clock, args[0] as (...values: unknown[]) => unknown, delayOf(args[1]), repeat, args.slice(2));
}
