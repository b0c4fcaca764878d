import { asyncWrapProviders, createHook } from 'node:async_hooks';
import { currentScope } from '../../../core/invocation/scope.js';

/**
 * The real work that invocations' code started and that is still under way: a socket waiting for an answer, a real
 * timer, a child process, a file request. `aws.runUntilIdle()` waits for it in real time before it moves fake time past
 * a handler (docs/guide/clock.md, "What runUntilIdle waits for in real time").
 *
 * Node's async hooks see each native resource as it is made, in the context of the code that makes it: one made while
 * an invocation's code runs is kept here, weakly. Whether it is still under way is asked only when runUntilIdle is
 * about to move time: a timer that has neither fired nor been cleared, or a handle or request among the process's
 * active ones. A connection pool's idle socket is unref'd (Node's http agent and fetch's pool both do so) and an
 * active one ref'd, so only a request in flight counts, even on a socket an earlier invocation opened. Which
 * invocation waits on which resource cannot be told (a pooled socket serves them in turn): any in flight counts for
 * every running handler.
 */

/** The native resource types (libuv handles and requests, Node's timers) that are real work. */
const REAL_TYPES = new Set([...Object.keys(asyncWrapProviders), 'Timeout', 'Immediate']);
REAL_TYPES.delete('PROMISE');

/** How many kept resources before the ones collected are dropped (then twice the number left). */
const FIRST_PRUNE_AT = 256;

interface RealWorkState {
  readonly kept: WeakRef<object>[];
  pruneAt: number;
}

/** One list for the whole process, as the invocation scope is one: hung on a Node class every copy shares. */
const SHARED = Symbol.for('sqs-sns-mock.real-work');

function state(): RealWorkState | undefined {
  return (createHook as unknown as { [SHARED]?: RealWorkState })[SHARED];
}

/**
 * Starts keeping the native resources invocations make, once per process. A Node without the hook option
 * `trackPromises` calls the hook for every promise too: a call that returns at once (AsyncLocalStorage, which the
 * invocation scope rests on, hooks every promise there already).
 */
export function watchRealWork(): void {
  const holder = createHook as unknown as { [SHARED]?: RealWorkState };
  if (holder[SHARED] !== undefined) return;
  const shared: RealWorkState = { kept: [], pruneAt: FIRST_PRUNE_AT };
  holder[SHARED] = shared;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (!REAL_TYPES.has(type) || currentScope() === undefined) return;
      shared.kept.push(new WeakRef(resource));
      if (shared.kept.length >= shared.pruneAt) prune(shared, () => true);
    },
    trackPromises: false,
  } as Parameters<typeof createHook>[0]);
  hook.enable();
}

/** The real work invocations started that is under way now (none at once when none was ever started). */
export function realWorkInFlight(): Set<object> {
  const inFlight = new Set<object>();
  const shared = state();
  if (shared === undefined || shared.kept.length === 0) return inFlight;
  const active = activeResources();
  prune(shared, (resource) => {
    const { under, ended } = standing(resource, active);
    if (under) inFlight.add(resource);
    return !ended;
  });
  return inFlight;
}

/** Drops the kept resources that were collected, or that `keep` says have ended; sets the next prune. */
function prune(shared: RealWorkState, keep: (resource: object) => boolean): void {
  const { kept } = shared;
  let length = 0;
  for (const ref of kept) {
    const resource = ref.deref();
    if (resource !== undefined && keep(resource)) kept[length++] = ref;
  }
  kept.length = length;
  shared.pruneAt = Math.max(FIRST_PRUNE_AT, 2 * length);
}

interface TimerLike {
  _destroyed?: unknown;
  hasRef?: () => boolean;
}

/**
 * Whether a kept resource is real work under way (a pending ref'd timer, or an active ref'd handle or request), and
 * whether it has ended for good (a timer that fired or was cleared). A handle that is not active now (an idle pooled
 * socket, unref'd) may be used again, so it is kept until collected.
 */
function standing(resource: object, active: ReadonlySet<unknown>): { under: boolean; ended: boolean } {
  const timer = resource as TimerLike;
  if ('_destroyed' in timer && typeof timer.hasRef === 'function') {
    if (timer._destroyed === true) return { under: false, ended: true };
    return { under: timer.hasRef(), ended: false };
  }
  // An http agent's reused socket is announced again as a wrapper of its handle.
  const handle = (resource as { handle?: unknown }).handle;
  return { under: active.has(resource) || (handle !== undefined && active.has(handle)), ended: false };
}

/**
 * The process's active ref'd handles (a socket's own handle beside the socket Node lists) and requests. Node keeps no
 * public list of them as objects, only their type names (`process.getActiveResourcesInfo()`): without the two
 * long-standing internal lists, no real work is seen and time moves as before.
 */
function activeResources(): Set<unknown> {
  const node = process as unknown as { _getActiveHandles?: () => unknown[]; _getActiveRequests?: () => unknown[] };
  const active = new Set<unknown>();
  for (const handle of node._getActiveHandles?.() ?? []) {
    active.add(handle);
    const own = (handle as { _handle?: unknown } | null)?._handle;
    if (own !== undefined && own !== null) active.add(own);
  }
  for (const request of node._getActiveRequests?.() ?? []) active.add(request);
  return active;
}
