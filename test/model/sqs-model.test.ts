import { SQSClient } from '@aws-sdk/client-sqs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import { networkTrap, sqsSetup } from '../helpers.js';
import { coverage } from './reference.js';
import { FAKED_TIMERS, ModelRun } from './runner.js';
import { fifoRedriveConfig, fifoRedriveSteps, runConfig, steps, type RunConfig, type Step } from './steps.js';

/**
 * Model-based tests (issue 7): random sequences of sends, batch sends, receives (short and long polls, with and
 * without a visibility override), aborted polls, deletes, visibility changes, purges, redrive policy changes, queue
 * VisibilityTimeout changes (0 included) and fake time, on a standard and a FIFO queue each with a dead-letter queue,
 * by two consumers (two SQSClients with the plugin of one account, one with `cacheMiddleware`), run through the real
 * SDK and checked step by step against the reference model of SQS's promises (reference.ts):
 *
 * - nothing is lost before its retention ends, nothing outlives it, nothing deleted comes back;
 * - a message is never in flight with two consumers at once within its visibility timeout;
 * - FIFO: order per group holds; while a message of a group is in flight no receive gets a later message of
 *   that group (the group is locked while its first message is in flight); a receive that returns fewer than it
 *   asked for took all its groups had for it, also past the messages it moved to the dead-letter queue;
 * - a message moves to its dead-letter queue exactly on the receive past maxReceiveCount, never earlier and
 *   never returned instead;
 * - FIFO deduplication holds for five minutes from the first send (queue or group scope), and purge clears it;
 * - receipt handles: only the latest handle of a message acts: on a standard queue an older one (a slow consumer's,
 *   after a redelivery) succeeds and changes nothing, for delete and visibility change alike; FIFO accepts only the
 *   latest handle of a message still in flight; a gone message deletes again silently; ChangeMessageVisibility
 *   restarts from the call;
 * - long polls answer as soon as something is receivable, never empty before their wait ends, an aborted one
 *   never answers, and aws.reset() ends every wait;
 * - no leaks: with no long poll waiting, no timer of ours is pending.
 *
 * Honest mode is OFF: it breaks "at most one consumer" by design (a standard queue may deliver a message twice
 * while in flight, as real SQS may), and its sampling short polls make "a receive that returns fewer than it
 * asked for leaves nothing receivable" false on purpose. Its own promises are tested in honest-mode.test.ts.
 *
 * `npm test` runs 1,000 sequences, and a fifth as many aimed at FIFO groups and dead-letter moves; `npm run
 * test:model` runs 100,000 (MODEL_RUNS). A failure prints fast-check's seed and path, the shrunk steps and the
 * trace of the failing run, and the command that replays it:
 *   MODEL_SEED=<seed> MODEL_PATH=<path> npx vitest run test/model/sqs-model.test.ts -t '<test>'
 */

const runs = Number(process.env['MODEL_RUNS'] ?? 1_000);
const seed = process.env['MODEL_SEED'] === undefined ? undefined : Number(process.env['MODEL_SEED']);
const path = process.env['MODEL_PATH'];
const MAX_STEPS = 40;

describe('SQS against the reference model of its promises', () => {
  const { aws, sqs } = sqsSetup({ seed: 7 });
  const second = new SQSClient({ region: aws.region, requestHandler: networkTrap, cacheMiddleware: true });
  second.middlewareStack.use(aws.sqs);

  beforeAll(() => {
    vi.useFakeTimers({ toFake: [...FAKED_TIMERS] });
  });
  afterAll(() => {
    vi.useRealTimers();
    if (process.env['MODEL_STATS']) {
      console.log(
        [...coverage]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([what, n]) => `${String(n).padStart(8)}  ${what}`)
          .join('\n'),
      );
    }
  });

  /** Checks the property over `numRuns` generated runs; a failure names its seed and path, and how to replay it. */
  async function check(
    config: fc.Arbitrary<RunConfig>,
    generated: fc.Arbitrary<Step[]>,
    numRuns: number,
    name: string,
  ): Promise<void> {
    const property = fc.asyncProperty(config, generated, async (runConfig, runSteps) => {
      const run = await ModelRun.start(aws, [sqs, second], runConfig);
      await run.run(runSteps);
    });
    const details = await fc.check(property, {
      numRuns,
      ...(seed !== undefined ? { seed } : {}),
      ...(path !== undefined ? { path, endOnFailure: true } : {}),
    });
    if (details.failed) {
      const replay =
        `\n\nReplay: MODEL_SEED=${details.seed} MODEL_PATH=${details.counterexamplePath ?? ''} ` +
        `npx vitest run test/model/sqs-model.test.ts -t '${name}'`;
      const error = details.errorInstance;
      const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new Error(`${fc.defaultReportMessage(details)}\n\n${cause}${replay}`);
    }
  }

  // About 15 ms a sequence on a slow machine; generous, so that 100,000 runs fit too.
  const timeout = (numRuns: number) => Math.max(120_000, numRuns * 60);

  it(
    `keeps every promise over ${runs} random sequences`,
    () => check(runConfig, steps(MAX_STEPS), runs, 'random sequences'),
    timeout(runs),
  );

  // A fifth as many again, aimed at FIFO groups meeting dead-letter moves (steps.ts, fifoRedriveSteps).
  const fifoRuns = Math.max(200, Math.round(runs / 5));
  it(
    `keeps every promise over ${fifoRuns} sequences of FIFO groups and dead-letter moves`,
    () => check(fifoRedriveConfig, fifoRedriveSteps(MAX_STEPS), fifoRuns, 'FIFO groups and dead-letter moves'),
    timeout(fifoRuns),
  );
});
