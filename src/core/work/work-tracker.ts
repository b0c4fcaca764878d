import { setImmediate as realSetImmediate, setTimeout as realSetTimeout } from 'node:timers';
import type { Clock } from '../clock.js';
import { noteInvocationStarting } from '../diagnostics/synchronous-advance.js';
import { mistakeTexts } from '../diagnostics/texts.js';
import { textOf } from '../util/text.js';

/**
 * Something of the account's that will act later on its own: a poller waiting for a hidden message to come back, a
 * batching window, an asynchronous retry. `nextAt` says when it will next act (epoch ms on the account's clock), or
 * undefined when it waits for nothing time brings (an empty queue, a disabled mapping).
 */
export interface TimedWork {
  nextAt(): number | undefined;
  /**
   * When its next recurring firing is due (a scheduled rule, a rate or cron schedule), if it has them. Recurring
   * firings are not work that keeps `runUntilIdle` going: it fires the ones due before the work that is ends.
   */
  nextRecurringAt?(): number | undefined;
  /** Its recurring sources that have a next firing: what `runUntilIdle` leaves for the test to reach. */
  recurringSources?(): Iterable<RecurringSource>;
}

/**
 * A scheduled rule or a recurring schedule, with its next firing: what a failure about a queue or function that only
 * it feeds reads to say that the firing was not reached (`WorkTracker.recurringSources()`).
 */
export interface RecurringSource {
  /** An EventBridge scheduled rule, or an EventBridge Scheduler schedule (rate or cron). */
  readonly kind: 'rule' | 'schedule';
  /** The rule's or schedule's name. */
  readonly name: string;
  readonly arn: string;
  /** `rate(1 minute)`, `cron(0 2 * * ? *)`, as it was given. */
  readonly expression: string;
  /** The scheduled time of its next firing (`nextFireAt` of its view). */
  readonly nextFireAt: Date;
  /** The ARNs of the targets that firing goes to. */
  readonly targets: readonly string[];
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
  /** How it may wait on real work (a handler's run); absent for work that never does. */
  readonly realWork?: RealWorkWaiter;
}

/** What `runUntilIdle` asks of a handler's run before it moves fake time past it (its `realTimeWait`). */
export interface RealWorkWaiter {
  /** Whom its warning names, once per `runUntilIdle`: `function order-worker`. */
  readonly owner: string;
  /**
   * The work under way that is not on the mock's clock (sockets waiting for an answer, real timers, child processes)
   * that it may be waiting on; empty when there is none.
   */
  inFlight(): ReadonlySet<object>;
}

export interface RunUntilIdleOptions {
  /** Moves the test's time by `ms`, running its timers: e.g. `(ms) => vi.advanceTimersByTimeAsync(ms)`. */
  advance?: (ms: number) => unknown;
  /** The most time to move, in ms. Default: 15 minutes. */
  maxTime?: number;
  /**
   * How long, in real ms, to wait for a handler that waits on something other than the mock's clock (a real socket, a
   * real timer, a child process) before fake time moves past it, each time. Default 5,000; 0 never waits.
   */
  realTimeWait?: number;
}

/** One runUntilIdle's real-time waits: how long each may last, whom it warned about, what it gave up on. */
interface RealWait {
  readonly ms: number;
  readonly warned: Set<string>;
  readonly ignored: WeakSet<object>;
}

const DEFAULT_MAX_TIME_MS = 15 * 60_000;
const DEFAULT_REAL_TIME_WAIT_MS = 5_000;
/** The longest real wait a timer of Node keeps: 2^31 - 1 ms. */
const MAX_REAL_TIME_WAIT_MS = 2 ** 31 - 1;
/** How often, in real ms, a real-time wait looks whether the handler still waits on real work. */
const REAL_WAIT_POLL_MS = 2;
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
    for (const work of this.timed) next = earliest(next, work.nextAt());
    for (const work of this.running) next = earliest(next, work.deadline);
    return next;
  }

  /** When the next recurring firing is due (a scheduled rule, a rate or cron schedule), or undefined. */
  nextRecurringAt(): number | undefined {
    let next: number | undefined;
    for (const work of this.timed) next = earliest(next, work.nextRecurringAt?.());
    return next;
  }

  /**
   * The scheduled rules and recurring schedules that have a next firing, with it and their targets: what
   * `runUntilIdle` does not move time to on its own. Read when a failure is worded, not on a hot path.
   */
  recurringSources(): RecurringSource[] {
    return [...this.timed].flatMap((work) => [...(work.recurringSources?.() ?? [])]);
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
   * resolves to the milliseconds moved. Recurring firings are not work: the ones due before the work ends fire on the
   * way, and once only they are left it stops. A handler waiting on real work is waited for in real time first.
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
    const realTimeWait = options.realTimeWait ?? DEFAULT_REAL_TIME_WAIT_MS;
    if (typeof realTimeWait !== 'number' || !(realTimeWait >= 0) || realTimeWait === Number.POSITIVE_INFINITY) {
      throw new TypeError(
        `sqs-sns-mock: runUntilIdle's realTimeWait is a number of ms, 0 or more, got ${textOf(realTimeWait)}`,
      );
    }
    const realWait: RealWait = {
      ms: Math.min(realTimeWait, MAX_REAL_TIME_WAIT_MS),
      warned: new Set(),
      ignored: new WeakSet(),
    };
    let advanced = 0;
    let emptySteps = 0;
    for (;;) {
      await this.settle();
      await this.loaded();
      const next = this.nextAt();
      // A running handler may wait on a timer of its own (a sleep, a retry): time moves to it, not past it.
      const handlerTimer = this.running.size > 0 ? nextTimerOf(this.fakeClock()) : undefined;
      const workNext = earliest(next, handlerTimer);
      const now = this.clock.now();
      // Recurring firings are not work: one due by the work's next step (by now, once none is left) fires on the way,
      // a later one is left for the test to reach.
      const recurring = this.nextRecurringAt();
      const until = recurring !== undefined && recurring <= (workNext ?? now) ? recurring : workNext;
      if (until === undefined) {
        if (this.running.size === 0) return advanced;
        // Work without a deadline that has no timer yet (a retry whose SDK class still loads): wait for it in real
        // time, as idle() does.
        await Promise.race([...[...this.running].map((work) => work.done), realDelay(50)]).catch(() => undefined);
        continue;
      }
      const step = Math.min(Math.max(0, until - now), maxTime - advanced);
      if (step <= 0 && advanced >= maxTime) return advanced;
      if (step > 0 && realWait.ms > 0 && (await this.waitForRealWork(realWait))) continue;
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
   * Before fake time moves: while handlers run and real work they may wait on is under way (a socket, a real timer, a
   * child process), waits in real time, up to `wait.ms`, for that work to end or a handler to end or start. Resolves
   * true when one did (look again), false when there was nothing to wait for or the wait ran out: it then warns, once
   * per owner, and that work is not waited for again in this run.
   */
  private async waitForRealWork(wait: RealWait): Promise<boolean> {
    let inFlight = this.realWorkInFlight(wait.ignored);
    if (inFlight.size === 0) return false;
    const changes = this.changes;
    const ranOut = realFlagAfter(wait.ms);
    while (!ranOut.raised) {
      const running = [...this.running].map((work) => work.done);
      await Promise.race([...running, realDelay(REAL_WAIT_POLL_MS)]).catch(() => undefined);
      if (this.changes !== changes) return true;
      inFlight = this.realWorkInFlight(wait.ignored);
      if (inFlight.size === 0) return true;
    }
    for (const resource of inFlight) wait.ignored.add(resource);
    for (const work of this.running) {
      const owner = work.realWork?.owner;
      if (owner === undefined || wait.warned.has(owner)) continue;
      wait.warned.add(owner);
      console.warn(mistakeTexts.realTimeWaitRanOut(work.label, wait.ms));
    }
    return false;
  }

  /** The real work under way that running handlers may wait on, less what a wait of this run gave up on. */
  private realWorkInFlight(ignored: WeakSet<object>): Set<object> {
    const sources = new Set<() => ReadonlySet<object>>();
    for (const work of this.running) if (work.realWork) sources.add(work.realWork.inFlight);
    const inFlight = new Set<object>();
    for (const source of sources) for (const resource of source()) if (!ignored.has(resource)) inFlight.add(resource);
    return inFlight;
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
    if (typeof at === 'number') next = earliest(next, at);
  }
  return next;
}

function earliest(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined || (b !== undefined && b < a) ? b : a;
}

function realDelay(ms: number): Promise<void> {
  return new Promise((resolve) => realSetTimeout(resolve, ms).unref());
}
