import { AsyncResource } from 'node:async_hooks';
import { currentScope } from '../../../core/invocation/scope.js';
import { hostTimer } from './host-clock.js';

/**
 * Fake timers (vitest's, jest's, sinon's) run a callback in the context of the code that moves the clock, not of the
 * code that set the timer, as Node's own timers do: a timed-out handler's `setTimeout(() => sqs.send(...))` would then
 * not be known as the handler's. So while invocations run, the global timer functions in place (fake or real) are
 * wrapped: a callback set inside an invocation is bound to it (docs/aws-behaviour/lambda.md §5.8). A Proxy keeps every
 * property of the function it wraps (the fake clock's `clock` mark, `__promisify__`); the fake-timer library's
 * uninstall puts its saved originals back, as without the wrapper.
 */
const TIMER_FUNCTIONS = ['setTimeout', 'setInterval', 'setImmediate'] as const;
const wrappers = new WeakSet<object>();

/** Wraps the global timer functions now in place, unless they are wrapped already. Cheap when they are. */
export function carryScopeThroughTimers(): void {
  const globals = globalThis as unknown as Record<string, unknown>;
  for (const name of TIMER_FUNCTIONS) {
    const current = globals[name];
    if (typeof current !== 'function' || wrappers.has(current)) continue;
    const onHostClock = name !== 'setImmediate';
    const wrapper = new Proxy(current, {
      apply(target, thisArg, args: unknown[]) {
        if (typeof args[0] === 'function' && currentScope() !== undefined) {
          // A server's hosted invocation waits on the server's clock (host-clock.ts); setImmediate is not time.
          const hosted = onHostClock ? hostTimer(name === 'setInterval', args) : undefined;
          if (hosted !== undefined) return hosted;
          args[0] = AsyncResource.bind(args[0] as (...values: unknown[]) => unknown);
        }
        return Reflect.apply(target, thisArg, args) as unknown;
      },
    });
    wrappers.add(wrapper);
    globals[name] = wrapper;
  }
}
