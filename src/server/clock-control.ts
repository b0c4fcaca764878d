import { createAwsMock, type AwsMock, type AwsMockOptions } from '../account/aws-mock.js';
import { ManualClock } from './manual-clock.js';

/** Which time the server's account runs on (docs/aws-behaviour/wire.md §13.1). */
export type ServerClock = 'manual' | 'real';

/** The account behind a server and what may move its time: `advance` is absent when only wall time moves it. */
export interface ServedAccount {
  readonly aws: AwsMock;
  readonly clock: ServerClock;
  readonly advance: ((ms: number) => Promise<unknown>) | undefined;
}

/** What the server's own account is made with: `startServer`'s and `serve`'s options of the same names. */
export type ServedAccountOptions = Pick<AwsMockOptions, 'accountId' | 'region' | 'seed'>;

/**
 * A new account (with `account`'s id, region and seed) on a manual clock of the server's own (or on wall time), or the
 * given one, whose time the server can move only when it was made with an injected clock that has `tickAsync` (a
 * sinon clock).
 */
export function servedAccount(
  given: AwsMock | undefined,
  clock: ServerClock = 'manual',
  account: ServedAccountOptions = {},
): ServedAccount {
  if (given) {
    const injected = given.injectedClock;
    const tick = injected?.tickAsync;
    if (!injected || typeof tick !== 'function') return { aws: given, clock: 'real', advance: undefined };
    return { aws: given, clock: 'manual', advance: async (ms) => tick.call(injected, ms) };
  }
  if (clock === 'real') return { aws: createAwsMock(account), clock, advance: undefined };
  // The real time of start-up, read once: from here on only the control routes move it.
  const manual = new ManualClock(Date.now());
  return { aws: createAwsMock({ ...account, clock: manual }), clock, advance: (ms) => manual.tickAsync(ms) };
}
