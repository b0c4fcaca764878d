import { setImmediate as realSetImmediate, setTimeout as realSetTimeout } from 'node:timers';
import type { Clock } from '../clock.js';
import { noteInvocationStarting } from '../diagnostics/synchronous-advance.js';
import { textOf } from '../util/text.js';

/**
 * Something of the account's that will act later on its own: a poller waiting for a hidden message to come back, a
 * batching window, an asynchronous retry. `nextAt` says when it will next act (epoch ms on the account's clock), or
 * undefined when it waits for nothing time brings (an empty queue, a disabled mapping).
 */
export interface TimedWork {
  nextAt(): number | undefined;
}

/** A cold start's `load()` in progress: real work (module I/O) that time on the clock does not move. */
export interface LoadingWork {
  readonly label: string;
  readonly done: Promise<unknown>;
}

/** A handler run in progress, as the tracker sees it. */
export interface RunningWork {
  /** For messages: `function order-worker, request 1b2c…`. */
  readonly label: string;
  /**
   * When it ends at the latest: its timeout. Undefined when it ends once a timer of its own fires (a command waiting
   * out the SDK's retry backoff): `runUntilIdle` then moves time to the fake clock's next timer.
   */
  readonly deadline: number | undefined;
  readonly done: Promise<unknown>;
}

export interface RunUntilIdleOptions {
  /** Moves the test's time by `ms`, running its timers: e.g. `(ms) => vi.advanceTimersByTimeAsync(ms)`. */
  advance?: (ms: number) => unknown;
  /** The most time to move, in ms. Default: 15 minutes. */
  maxTime?: number;
}

const DEFAULT_MAX_TIME_MS = 15 * 60_000;
/** idle() gives up on a handler waiting on fake time after this long in real time (see `idle`). */
const STUCK_AFTER_REAL_MS = 2_000;
/** How long runUntilIdle waits in real time for code to load before it says the load seems to wait on fake time. */
const LOAD_STUCK_AFTER_REAL_MS = 10_000;
/** How many turns of the real event loop without a change count as settled. */
const SETTLED_TURNS = 3;
/** A guard against a loop that advances by nothing and changes nothing. */
const MAX_EMPTY_STEPS = 1_000;

/**
 * The account's background work, for `aws.idle()` and `aws.runUntilIdle()`. Event-driven: it never polls time, and it
 * asks each piece of work when it next acts, so a day with nothing to do costs one step, not a day of ticks.
 * Real `setImmediate` (from node:timers, which fake timers leave alone) lets handlers' promises and I/O progress.
 */
export class WorkTracker {
  private readonly timed = new Set<TimedWork>();
  private readonly running = new Set<RunningWork>();
  private readonly loading = new Set<LoadingWork>();
  /** Counts every start and end, to tell a settled account from a busy one. */
  private changes = 0;

  constructor(
    private readonly clock: Clock,
    /** The injected clock's own advance, when there is one: `runUntilIdle`'s default. */
    private readonly defaultAdvance: ((ms: number) => unknown) | undefined,
    /**
     * The fake clock the account's time comes from, when it can be told (an injected clock, or the faked global
     * timers): a handler may then wait on time only the test moves, and its next timer says when it will go on.
     */
    private readonly fakeClock: () => unknown,
  ) {}

  /** Registers timed work; the returned function removes it. */
  addTimed(work: TimedWork): () => void {
    this.timed.add(work);
    return () => this.timed.delete(work);
  }

  /** Registers a handler run until it ends. */
  addRunning(work: RunningWork): void {
    noteInvocationStarting();
    this.track(this.running, work);
  }

  /** Whether a handler runs (or loads) now. */
  get busy(): boolean {
    return this.running.size > 0 || this.loading.size > 0;
  }

  /** Registers a cold start's load until it settles: neither idle() nor runUntilIdle() moves on before it does. */
  addLoading(work: LoadingWork): void {
    this.track(this.loading, work);
  }

  /** Keeps `work` in `set` until it settles, counting both changes. */
  private track<Work extends { readonly done: Promise<unknown> }>(set: Set<Work>, work: Work): void {
    set.add(work);
    this.changes++;
    const end = (): void => {
      set.delete(work);
      this.changes++;
    };
    work.done.then(end, end);
  }

  /** Forgets every piece of work: the account was reset (their timers were cleared by their owners). */
  reset(): void {
    this.timed.clear();
    this.running.clear();
    this.loading.clear();
    this.changes++;
  }

  /** When the next timed work acts, or a running handler times out: the earliest, or undefined. */
  nextAt(): number | undefined {
    let next: number | undefined;
    for (const work of this.timed) {
      const at = work.nextAt();
      if (at !== undefined && (next === undefined || at < next)) next = at;
    }
    for (const work of this.running) {
      if (work.deadline !== undefined && (next === undefined || work.deadline < next)) next = work.deadline;
    }
    return next;
  }

  /**
   * Resolves, without moving time, once no handler runs and nothing is ready to run now. A handler still running
   * after two seconds of real time, while the account's time is fake, waits on time only the test can move: idle()
   * then rejects, naming it, rather than hang the test.
   */
  async idle(): Promise<void> {
    const stuck = realFlagAfter(STUCK_AFTER_REAL_MS);
    for (;;) {
      await this.settle();
      await this.loaded();
      if (this.running.size === 0) return;
      if (stuck.raised && this.fakeClock() !== undefined) {
        const names = [...this.running].map((work) => work.label).join('; ');
        throw new Error(
          `sqs-sns-mock: aws.idle() waited ${STUCK_AFTER_REAL_MS / 1000} s of real time for handlers that are still ` +
            `running (${names}). They seem to wait on fake time, which idle() does not move: ` +
            'use `await aws.runUntilIdle({ advance })`.',
        );
      }
      await Promise.race([...[...this.running].map((work) => work.done), realDelay(50)]).catch(() => undefined);
    }
  }

  /**
   * Moves time, with `advance`, to each next thing the account will do, until nothing is left or `maxTime` has passed;
   * resolves to the milliseconds moved.
   */
  async runUntilIdle(options: RunUntilIdleOptions = {}): Promise<number> {
    const advance = options.advance ?? this.defaultAdvance;
    if (typeof advance !== 'function') {
      throw new TypeError(
        "sqs-sns-mock: runUntilIdle needs `advance`, the function that moves the test's fake time, e.g. " +
          '`{ advance: (ms) => vi.advanceTimersByTimeAsync(ms) }` (an injected clock provides its own)',
      );
    }
    const maxTime = options.maxTime ?? DEFAULT_MAX_TIME_MS;
    if (typeof maxTime !== 'number' || !(maxTime >= 0)) {
      throw new TypeError(`sqs-sns-mock: runUntilIdle's maxTime is a number of ms, 0 or more, got ${textOf(maxTime)}`);
    }
    let advanced = 0;
    let emptySteps = 0;
    for (;;) {
      await this.settle();
      await this.loaded();
      const next = this.nextAt();
      // A running handler may wait on a timer of its own (a sleep, a retry): time moves to it, not past it.
      const handlerTimer = this.running.size > 0 ? nextTimerOf(this.fakeClock()) : undefined;
      const until = handlerTimer !== undefined && (next === undefined || handlerTimer < next) ? handlerTimer : next;
      if (until === undefined) {
        if (this.running.size === 0) return advanced;
        // Work without a deadline that has no timer yet (a retry whose SDK class still loads): wait for it in real
        // time, as idle() does.
        await Promise.race([...[...this.running].map((work) => work.done), realDelay(50)]).catch(() => undefined);
        continue;
      }
      const now = this.clock.now();
      const step = Math.min(Math.max(0, until - now), maxTime - advanced);
      if (step <= 0 && advanced >= maxTime) return advanced;
      const before = this.changes;
      await advance(step);
      advanced += Math.max(0, this.clock.now() - now);
      if (step === 0 && this.changes === before && ++emptySteps > MAX_EMPTY_STEPS) {
        throw new Error(
          'sqs-sns-mock: runUntilIdle made no progress: `advance` does not seem to run the timers of the mock ' +
            '(is it the clock the mock was given, or the faked global timers?)',
        );
      }
      if (step > 0) emptySteps = 0;
    }
  }

  /**
   * Waits for cold starts' loads: module I/O that no clock moves. Time must not pass while one loads (its invocation
   * would time out before its handler ran); a load still pending after LOAD_STUCK_AFTER_REAL_MS of real time waits on
   * something only the test can move, and is named.
   */
  private async loaded(): Promise<void> {
    while (this.loading.size > 0) {
      const pending = [...this.loading];
      const stuck = realFlagAfter(LOAD_STUCK_AFTER_REAL_MS);
      await Promise.race([Promise.allSettled(pending.map((work) => work.done)), realDelay(LOAD_STUCK_AFTER_REAL_MS)]);
      if (stuck.raised && pending.some((work) => this.loading.has(work))) {
        throw new Error(
          `sqs-sns-mock: code still loading after ${LOAD_STUCK_AFTER_REAL_MS / 1000} s of real time ` +
            `(${pending.map((work) => work.label).join('; ')}): a load() that waits on fake time never ends here.`,
        );
      }
      await this.settle();
    }
  }

  /** Lets promises and I/O run until a few turns of the event loop pass with no handler starting or ending. */
  private async settle(): Promise<void> {
    let quiet = 0;
    let seen = this.changes;
    while (quiet < SETTLED_TURNS) {
      await new Promise<void>((resolve) => realSetImmediate(resolve));
      if (this.changes === seen) quiet++;
      else {
        seen = this.changes;
        quiet = 0;
      }
    }
  }
}

/** A flag raised after `ms` of real time: node:timers' own setTimeout, which fake timers leave alone. */
function realFlagAfter(ms: number): { raised: boolean } {
  const flag = { raised: false };
  realSetTimeout(() => (flag.raised = true), ms).unref();
  return flag;
}

/**
 * When the earliest timer of a `@sinonjs/fake-timers` clock (which vitest and jest fake the globals with) is due: its
 * `timers` table (a Map since version 15, an object before). Undefined for anything else.
 */
function nextTimerOf(clock: unknown): number | undefined {
  const timers = (clock as { timers?: unknown } | undefined)?.timers;
  if (timers === null || typeof timers !== 'object') return undefined;
  // A Map since fake-timers 15, a plain object before.
  const entries = timers instanceof Map ? [...timers.values()] : Object.values(timers);
  let next: number | undefined;
  for (const timer of entries as ({ callAt?: unknown } | undefined)[]) {
    const at = timer?.callAt;
    if (typeof at === 'number' && (next === undefined || at < next)) next = at;
  }
  return next;
}

function realDelay(ms: number): Promise<void> {
  return new Promise((resolve) => realSetTimeout(resolve, ms).unref());
}
