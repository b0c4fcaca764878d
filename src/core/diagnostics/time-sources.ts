/**
 * Which of the global time sources a test has faked, told by the marks the fake-timer libraries leave:
 * `@sinonjs/fake-timers` (which `vi.useFakeTimers()` and jest's modern timers install) puts the installing clock on
 * each function it replaces as `clock`; jest's legacy timers replace `setTimeout` with a jest mock function
 * (`_isMockFunction`) whose implementation is their bound `_fakeSetTimeout`, and never touch `Date`. A spy
 * (`vi.spyOn(globalThis, 'setTimeout')`) is a mock function too: it is judged by what it wraps when it says, and
 * is otherwise `unknown`, of which nothing is concluded. Measured: docs/aws-behaviour/sdk.md §5.1.
 */

export type TimeSource =
  | { readonly kind: 'real' }
  | { readonly kind: 'legacy' }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'fake'; clock: unknown };

const REAL: TimeSource = { kind: 'real' };
const LEGACY: TimeSource = { kind: 'legacy' };
const UNKNOWN: TimeSource = { kind: 'unknown' };
/** The name of jest's legacy fake setTimeout's implementation (`@jest/fake-timers`, `_createMocks`). */
const JEST_LEGACY_SET_TIMEOUT = 'bound _fakeSetTimeout';

interface Marked {
  clock?: unknown;
  _isMockFunction?: unknown;
  getMockImplementation?: unknown;
}

export function timeSourceOf(fn: unknown, depth = 0): TimeSource {
  if (typeof fn !== 'function') return REAL;
  const marked = fn as Marked;
  if (marked.clock !== undefined && marked.clock !== null) return { kind: 'fake', clock: marked.clock };
  if (marked._isMockFunction !== true) return REAL;
  const implementation: unknown =
    typeof marked.getMockImplementation === 'function' ? marked.getMockImplementation.call(fn) : undefined;
  if (typeof implementation !== 'function' || depth > 3) return UNKNOWN;
  if (implementation.name === JEST_LEGACY_SET_TIMEOUT) return LEGACY;
  return timeSourceOf(implementation, depth + 1);
}

/** How the global timers and `Date` stand to each other. */
export type TimeSourcesVerdict =
  | 'consistent'
  /** `setTimeout` is faked and `Date` is real: advancing the fake timers does not move the mock's time. */
  | 'timersFakeDateReal'
  /** `Date` is faked and `setTimeout` is real: the mock's timers run in real time while its time is fake. */
  | 'dateFakeTimersReal'
  /** Both faked, by two different clocks. */
  | 'twoClocks';

export function compareTimeSources(setTimeoutFn: unknown, dateClass: unknown): TimeSourcesVerdict {
  const timers = timeSourceOf(setTimeoutFn);
  const date = timeSourceOf(dateClass);
  if (timers.kind === 'unknown' || date.kind === 'unknown') return 'consistent';
  if (timers.kind === 'real') return date.kind === 'real' ? 'consistent' : 'dateFakeTimersReal';
  if (date.kind === 'real') return 'timersFakeDateReal';
  return timers.kind === 'fake' && date.kind === 'fake' && timers.clock !== date.clock ? 'twoClocks' : 'consistent';
}

/** Whether the global `setTimeout` is the runtime's own. */
export function realTimers(): boolean {
  return timeSourceOf(globalThis.setTimeout).kind === 'real';
}
