import fc from 'fast-check';
import { endsBefore } from './real-time.js';

/**
 * What every fuzz test reads from the environment, read here once: `FUZZ_RUNS` (how many inputs), `FUZZ_SEED` and
 * `FUZZ_PATH` (which run to replay; without a seed each test run draws a new one), and how a failure is reported, with
 * the command that replays it.
 */

/** The inputs a fuzz test sends, `FUZZ_RUNS` (default 800). */
export const FUZZ_INPUTS = Number(process.env['FUZZ_RUNS'] ?? 800);

/** The seed, from `FUZZ_SEED`, else a new one for each test run. */
export const FUZZ_SEED =
  process.env['FUZZ_SEED'] === undefined
    ? Date.now() ^ (Math.random() * 0x100000000)
    : Number(process.env['FUZZ_SEED']);

/** The path of a counterexample to replay, from `FUZZ_PATH`: a replay checks that run alone. */
export const FUZZ_PATH = process.env['FUZZ_PATH'];

/** Runs of 1..maxCalls calls average (maxCalls + 1) / 2 inputs: the runs that send about `inputs` of them. */
export function runsFor(inputs: number, maxCalls: number): number {
  return Math.ceil(inputs / ((maxCalls + 1) / 2));
}

/**
 * A fuzz test on fake timers with runs of 1..maxCalls calls: its runs, and its timeout (60 ms an input, at least a
 * minute), before which `checkWithReplay` ends the check as a failure with its seed.
 */
export function fakeTimerFuzz(maxCalls: number): { runs: number; timeout: number } {
  return { runs: runsFor(FUZZ_INPUTS, maxCalls), timeout: Math.max(60_000, FUZZ_INPUTS * 60) };
}

export interface CheckOptions {
  readonly numRuns: number;
  /** The test's timeout: the check ends as a failure 15 s before it, with the smallest input found so far. */
  readonly timeout?: number;
  /** The vitest arguments that pick this test, as in `test/fuzz/s3.test.ts -t "S3"`. */
  readonly replay: string;
}

/** fast-check's check of `property` with the seed and path above; a failure throws with its replay command. */
export async function checkWithReplay<Ts>(
  property: fc.IRawProperty<Ts>,
  { numRuns, timeout, replay }: CheckOptions,
): Promise<void> {
  const result = await fc.check(property, {
    numRuns,
    seed: FUZZ_SEED,
    ...(timeout === undefined ? {} : endsBefore(timeout)),
    ...(FUZZ_PATH ? { path: FUZZ_PATH, endOnFailure: false } : {}),
  });
  if (!result.failed) return;
  const command = `FUZZ_SEED=${result.seed} FUZZ_PATH=${result.counterexamplePath} npx vitest run ${replay}`;
  throw new Error(`${fc.defaultReportMessage(result)}\n\nReplay: ${command}`, { cause: result.errorInstance });
}
