import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the code of one running invocation is tied to: its execution environment's variables, and whether the
 * invocation may still act on AWS. Set with AsyncLocalStorage, so it follows the handler through every `await`,
 * promise and timer it starts (fake timers through timer-scope.ts), and two invocations that interleave each see
 * their own.
 */
export interface InvocationScope {
  readonly functionName: string;
  readonly requestId: string;
  /**
   * The account whose function runs (an `Account`, held as a key: the account's clock depends on this module): a
   * server that hosts the account's invocations is found by it (host.ts).
   */
  readonly account?: object;
  /** The environment's variables over the test's own (see process-env.ts). */
  readonly variables: ScopedVariables;
  /** Why a command from this invocation must not take effect now, or undefined while it may. */
  ended(): string | undefined;
  /** A command the invocation sent after it ended: recorded on its invocation. */
  lateCommand(service: string, command: string): void;
  /** An uncaught exception or unhandled rejection was raised in the invocation's code (lambda.md §5.3). */
  crashed(error: unknown, origin: 'uncaughtException' | 'unhandledRejection'): void;
}

/** An environment's variables: set ones, and ones the handler deleted (`null`), over the process's. */
export type ScopedVariables = Map<string, string | null>;

export interface SharedScope {
  readonly storage: AsyncLocalStorage<InvocationScope>;
  /** Whether the process-wide crash listeners are in place (runtime-crashes.ts). */
  watchingCrashes: boolean;
}

/**
 * One store for the whole process: two copies of the library in one process (its ESM and CJS builds, or jest's module
 * registries, one per test file, each with its own globals) must agree on which invocation is running. Node's own
 * modules are the one thing every copy shares, so the store hangs on the AsyncLocalStorage class.
 */
const SHARED = Symbol.for('sqs-sns-mock.invocation-scope');

export function sharedScope(): SharedScope {
  const holder = AsyncLocalStorage as unknown as { [SHARED]?: SharedScope };
  return (holder[SHARED] ??= { storage: new AsyncLocalStorage<InvocationScope>(), watchingCrashes: false });
}

const storage = sharedScope().storage;

/** The invocation whose code is running now, if any. */
export function currentScope(): InvocationScope | undefined {
  return storage.getStore();
}

/** Runs `body` as the invocation's code: everything it starts belongs to the invocation. */
export function runInScope<T>(scope: InvocationScope, body: () => T): T {
  return storage.run(scope, body);
}

/** Runs `body` outside any invocation: the mock's own work that a handler's call set going (a poller, a retry). */
export function runOutsideScope<T>(body: () => T): T {
  return storage.exit(body);
}
