import type { Account } from '../account.js';
import type { InjectedClock } from '../clock.js';
import { currentScope, sharedScope } from './scope.js';

/** A middleware of the SDK's shape: what answers a command that an invocation's code sends. */
export type HostedMiddleware = (
  next: (args: unknown) => Promise<unknown>,
  context: Record<string, unknown>,
) => (args: unknown) => Promise<unknown>;

/**
 * What a server gives the code of its account's invocations (docs/aws-behaviour/wire.md §14.7, §14.8): the handlers
 * run in its process, so every SDK client their code makes is answered by the account itself, and their `Date` and
 * timers follow the server's clock, as a test's fake timers are what an in-process handler sees.
 */
export interface InvocationHost {
  /**
   * The middleware that answers a client's commands, by the SDK's client name (`SQSClient`), or undefined for a client
   * of a service the account does not have.
   */
  answer(clientName: string): HostedMiddleware | undefined;
  /** The client names `answer` serves, for a refusal to name. */
  readonly clientNames: readonly string[];
  /** The clock the code's `Date` and timers follow (the server's manual clock); undefined: the global ones. */
  readonly clock: InjectedClock | undefined;
}

interface HostTable {
  readonly byAccount: WeakMap<object, InvocationHost>;
  /** How many stand: none in a test process without a server, where a command pays nothing for the lookup. */
  standing: number;
}

/**
 * The hosts by account, in the store every copy of the library in the process shares (scope.ts): the copy whose hook
 * answers a handler's command may be another than the one whose server hosts it.
 */
const table: HostTable = (() => {
  const shared = sharedScope() as ReturnType<typeof sharedScope> & { hosts?: HostTable };
  return (shared.hosts ??= { byAccount: new WeakMap(), standing: 0 });
})();

/** Makes `host` what the code of `account`'s invocations is served by; returns the undoing. */
export function hostInvocations(account: Account, host: InvocationHost): () => void {
  table.byAccount.set(account, host);
  table.standing++;
  let undone = false;
  return () => {
    if (undone) return;
    undone = true;
    table.standing--;
    if (table.byAccount.get(account) === host) table.byAccount.delete(account);
  };
}

/** The host of `account`'s invocations, if a server hosts them. */
export function hostOf(account: object | undefined): InvocationHost | undefined {
  return account === undefined || table.standing === 0 ? undefined : table.byAccount.get(account);
}

/** The host of the invocation whose code runs now (its scope is `currentScope()`); undefined outside one. */
export function currentHost(): InvocationHost | undefined {
  return table.standing === 0 ? undefined : hostOf(currentScope()?.account);
}

/** The clock the code of the invocation running now follows, when a host gives it one. */
export function hostClock(): InjectedClock | undefined {
  return currentHost()?.clock;
}
