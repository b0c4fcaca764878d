/**
 * The test runner the code runs under, as far as the clock diagnostics need it: vitest sets `VITEST` in the
 * environment of its workers, jest sets `JEST_WORKER_ID` in every worker (also with `--runInBand`);
 * docs/aws-behaviour/sdk.md §5.1.
 */
export type Runner = 'vitest' | 'jest';

/** Both runners fail a test after 5 s unless `testTimeout` (or the test's own timeout) says otherwise. */
export const RUNNER_DEFAULT_TEST_TIMEOUT_MS = 5_000;

export function currentRunner(): Runner | undefined {
  if (typeof process === 'undefined') return undefined;
  if (process.env['VITEST']) return 'vitest';
  if (process.env['JEST_WORKER_ID'] !== undefined) return 'jest';
  return undefined;
}
