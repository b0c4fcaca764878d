import type { LambdaErrorPayload, LambdaHandler } from '../handler-contract.js';
import type { ScopedVariables } from '../../../core/invocation/scope.js';

/**
 * One execution environment of a function (docs/aws-behaviour/lambda.md §5.8): its own instance of the code, its own
 * variables and log stream. It serves one invocation at a time and is reused while it lives; a timeout or a runtime
 * crash discards it.
 */
export class ExecutionEnvironment {
  /** The handler, once the environment's code is loaded. */
  handler: LambdaHandler | undefined;
  busy = false;
  /** How many invocations it has begun: the first is its cold start. */
  served = 0;
  /** Why it was discarded (`timed out`, ...), or undefined while it lives. */
  discardedBecause: string | undefined;
  /** Ends the invocation it serves now: a runtime crash takes it down. */
  current: ((error: LambdaErrorPayload, thrown: unknown) => void) | undefined;

  constructor(
    readonly id: string,
    readonly logStreamName: string,
    readonly variables: ScopedVariables,
  ) {}
}

/**
 * The environments of one function. `limit` is how many may live at once: 1 for a plain handler (one module instance
 * cannot be two sandboxes), unbounded for a loader. With no environment free and none to be made, an invocation waits
 * for the next one freed, in arrival order.
 */
export class EnvironmentPool {
  private readonly free: ExecutionEnvironment[] = [];
  private readonly waiting: ((environment: ExecutionEnvironment | undefined) => void)[] = [];
  private readonly roomListeners = new Set<() => void>();
  private readonly living = new Set<ExecutionEnvironment>();
  private made = 0;

  constructor(
    private readonly limit: number,
    private readonly make: (ordinal: number) => ExecutionEnvironment,
  ) {}

  /** Whether an invocation would get an environment at once. */
  get hasRoom(): boolean {
    return this.waiting.length === 0 && (this.free.length > 0 || this.living.size < this.limit);
  }

  /** How many invocations wait for an environment. */
  get queued(): number {
    return this.waiting.length;
  }

  /** An environment now (warm if one is free), or a promise of the next one freed; undefined after a reset. */
  acquire(): ExecutionEnvironment | Promise<ExecutionEnvironment | undefined> {
    return this.tryAcquire() ?? new Promise((resolve) => this.waiting.push(resolve));
  }

  /** An environment now, or undefined when none is free and none can be made. */
  tryAcquire(): ExecutionEnvironment | undefined {
    return this.waiting.length === 0 ? this.take() : undefined;
  }

  /** The invocation is done with its environment: the next waiting invocation gets it, or it waits warm. */
  release(environment: ExecutionEnvironment): void {
    environment.busy = false;
    environment.current = undefined;
    if (environment.discardedBecause !== undefined) return;
    this.free.push(environment);
    this.handOn();
  }

  /** The environment is gone (a timeout, a crash): it serves nothing more. */
  discard(environment: ExecutionEnvironment, because: string): void {
    if (environment.discardedBecause !== undefined) return;
    environment.discardedBecause = because;
    this.living.delete(environment);
    const at = this.free.indexOf(environment);
    if (at >= 0) this.free.splice(at, 1);
    this.handOn();
  }

  /** Calls `listener` once, the next time an invocation could get an environment at once; returns the way to stop. */
  onRoom(listener: () => void): () => void {
    this.roomListeners.add(listener);
    return () => this.roomListeners.delete(listener);
  }

  /** Every environment is discarded with `because` (a deleted function, a reset); waiting invocations get none. */
  reset(because: string): void {
    for (const resolve of this.waiting.splice(0)) resolve(undefined);
    this.roomListeners.clear();
    for (const environment of [...this.living]) this.discard(environment, because);
  }

  private take(): ExecutionEnvironment | undefined {
    // The most recently freed first: the warmest.
    let environment = this.free.pop();
    if (!environment) {
      if (this.living.size >= this.limit) return undefined;
      environment = this.make(++this.made);
      this.living.add(environment);
    }
    environment.busy = true;
    return environment;
  }

  private handOn(): void {
    while (this.waiting.length > 0) {
      const environment = this.take();
      if (!environment) return;
      this.waiting.shift()!(environment);
    }
    if (this.roomListeners.size === 0 || !this.hasRoom) return;
    const listeners = [...this.roomListeners];
    this.roomListeners.clear();
    for (const listener of listeners) listener();
  }
}
