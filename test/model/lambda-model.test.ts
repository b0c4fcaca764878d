import { LambdaClient } from '@aws-sdk/client-lambda';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import { networkTrap, sqsSetup } from '../helpers.js';
import { lambdaCoverage, LambdaModelRun } from './lambda-runner.js';
import { lambdaRun } from './lambda-steps.js';
import { FAKED_TIMERS } from './runner.js';

/**
 * A model checker for Lambda's SQS event source (docs/aws-behaviour/lambda.md §2.4–§2.9, docs/reliability.md): random
 * mappings (BatchSize, batching window, ReportBatchItemFailures, MaximumConcurrency) on standard and FIFO queues
 * (visibility timeout at least the function's, with or without a dead-letter queue), the function's code a plain
 * handler or a loader handing each execution environment a fresh module instance (§5.8), and random sequences of sends
 * (one or a batch; FIFO in up to three groups), fake time, disable and enable, and runUntilIdle, each message with
 * its handler's plan per delivery (succeed, throw, time out then try a send, report itself in batchItemFailures,
 * sleep on fake time within the timeout), through the real SQSClient and LambdaClient. Promises checked
 * (lambda-runner.ts):
 *
 * - nothing is lost: every message is in the queue, in its DLQ, or was handled and is in neither;
 * - a message the handler let succeed is deleted and never invoked again; none is in two batches at once;
 * - ApproximateReceiveCount climbs by one per delivery (it may skip where a disable dropped a received batch);
 * - a message reaches the DLQ only after maxReceiveCount failed deliveries, and is never delivered past it;
 * - FIFO: a batch's records of a group are the group's oldest messages still to handle, in order, and no two
 *   batches of a group are in flight;
 * - a batch goes to the function when its window ends (at once without a window);
 * - no more batches in flight than the bound (MaximumConcurrency; 5, growing by 300 a minute), none over BatchSize;
 * - each invocation ends as planned (success, error, timeout);
 * - execution environments (§5.8): a plain handler's invocations never overlap; an environment runs one invocation at
 *   a time, is a cold start exactly on its first, is never used again after a timeout; a loader's load() runs once
 *   per environment and its module instance serves that environment only; the handler's module-scope "current
 *   batch" (Powertools-like) is never overwritten by another invocation while it awaits;
 * - no batch waits for an environment: no invocation is queued for one, and every record reaches the handler within
 *   its batching window of its receive (its visibility deadline shows when);
 * - a timed-out invocation's code, sending through the mocked SQSClient after its timeout, is refused with
 *   LateCommandError, the command is in its lateCommands, and nothing arrives;
 * - with instant handlers aws.idle() resolves without time moving and leaves nothing receivable; runUntilIdle stops
 *   because nothing is left, and then has nothing more to do; the drained queue is empty;
 * - aws.reset() leaves no timer of the mock (whatever runs when it comes).
 *
 * Honest mode stays off: its duplicate deliveries break "never invoked again" by design. `npm test` runs 300
 * sequences; LAMBDA_MODEL_RUNS sets how many (LAMBDA_MODEL_STATS=1 prints what the runs met). A failure prints its
 * seed and path, the config, the trace and the command that replays it:
 *   LAMBDA_MODEL_SEED=<seed> LAMBDA_MODEL_PATH=<path> npx vitest run test/model/lambda-model.test.ts
 */

const runs = Number(process.env['LAMBDA_MODEL_RUNS'] ?? 300);
const seed = process.env['LAMBDA_MODEL_SEED'] === undefined ? undefined : Number(process.env['LAMBDA_MODEL_SEED']);
const path = process.env['LAMBDA_MODEL_PATH'];
const MAX_STEPS = 30;

describe('Lambda SQS event source mapping against its promises', () => {
  const { aws, sqs } = sqsSetup({ seed: 11 });
  const lambda = new LambdaClient({ region: aws.region, requestHandler: networkTrap });
  lambda.middlewareStack.use(aws.lambda);

  beforeAll(() => {
    vi.useFakeTimers({ toFake: [...FAKED_TIMERS] });
  });
  afterAll(() => {
    vi.useRealTimers();
    if (process.env['LAMBDA_MODEL_STATS']) {
      const lines = [...lambdaCoverage].sort(([a], [b]) => a.localeCompare(b));
      console.log(lines.map(([what, n]) => `${String(n).padStart(8)}  ${what}`).join('\n'));
    }
  });

  it(
    `keeps every promise over ${runs} random sequences`,
    async () => {
      const property = fc.asyncProperty(lambdaRun(MAX_STEPS), async ({ config, steps }) => {
        await new LambdaModelRun(aws, sqs, lambda, config).run(steps);
      });
      const details = await fc.check(property, {
        numRuns: runs,
        ...(seed !== undefined ? { seed } : {}),
        ...(path !== undefined ? { path, endOnFailure: true } : {}),
      });
      if (details.failed) {
        const replay =
          `\n\nReplay: LAMBDA_MODEL_SEED=${details.seed} LAMBDA_MODEL_PATH=${details.counterexamplePath ?? ''} ` +
          'npx vitest run test/model/lambda-model.test.ts';
        const error = details.errorInstance;
        const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        throw new Error(`${fc.defaultReportMessage(details)}\n\n${cause}${replay}`);
      }
    },
    Math.max(120_000, runs * 100),
  );
});
