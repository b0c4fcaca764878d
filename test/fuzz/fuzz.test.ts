import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { coverage, fuzzProperty, newStats, preload, type FuzzStats, type Service } from './harness.js';
import { checkWithReplay, FUZZ_INPUTS, FUZZ_PATH, runsFor } from './settings.js';

/**
 * Bad input through the real SDK clients (issue 7). `npm test` runs a share of the inputs; `npm run test:fuzz`
 * (FUZZ_RUNS=10000) runs at least that many per service. Every run starts from the same seeded world, so a seed
 * replays a whole fuzzing session, and a failure prints the seed and the path of its shrunk counterexample:
 *
 *   FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run test/fuzz/fuzz.test.ts -t "SQS with"
 */

const INPUTS_PER_SERVICE = FUZZ_INPUTS;
const MAX_CALLS = 16;
/**
 * Runs of 1..MAX_CALLS calls average (MAX_CALLS + 1) / 2 inputs, a little less as fast-check starts with small
 * values; a third more runs make sure of the count, which the test checks.
 */
const RUNS = Math.ceil(runsFor(INPUTS_PER_SERVICE, MAX_CALLS) * 1.3);

const stats: Record<Service, FuzzStats> = { SQS: newStats(), SNS: newStats(), Lambda: newStats() };

beforeAll(preload);
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => {
  for (const service of ['SQS', 'SNS', 'Lambda'] as const) {
    const { inputs, successes, errors } = stats[service];
    if (inputs === 0) continue;
    const top = [...errors]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([code, n]) => `${code} ${n}`)
      .join(', ');
    console.log(`fuzz ${service}: ${inputs} inputs, ${successes} successes, ${inputs - successes} errors (${top})`);
  }
});

describe.each(['SQS', 'SNS', 'Lambda'] as const)('%s with generated bad input', (service) => {
  it('has an input generator for every emulated command', () => {
    const { emulated, withInputs, inSdk } = coverage(service);
    expect(withInputs).toEqual(emulated);
    for (const name of emulated) expect(inSdk).toContain(name);
  });

  it(
    'answers every input with a success or an AWS error, leaves the input alone, never reaches the network, and stays consistent',
    async () => {
      const before = stats[service].inputs;
      await checkWithReplay(fuzzProperty(service, stats[service], MAX_CALLS), {
        numRuns: RUNS,
        replay: `test/fuzz/fuzz.test.ts -t "${service} with"`,
      });
      if (!FUZZ_PATH) expect(stats[service].inputs - before).toBeGreaterThanOrEqual(INPUTS_PER_SERVICE);
    },
    Math.max(60_000, INPUTS_PER_SERVICE * 40),
  );
});
