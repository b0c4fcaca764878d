import * as EventBridge from '@aws-sdk/client-eventbridge';
import * as Scheduler from '@aws-sdk/client-scheduler';
import { CreateQueueCommand } from '@aws-sdk/client-sqs';
import { inspect } from 'node:util';
import fc from 'fast-check';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { schedulerSetup } from '../scheduler/support.js';
import { isOldSerializerTypeCheck, withoutTheMock } from '../support/as-the-sdk.js';
import { eventsInputs, PARTNER_SOURCE, schedulerInputs } from './events-inputs.js';
import { preload } from './harness.js';
import { settles } from './real-time.js';
import { checkWithReplay, fakeTimerFuzz, FUZZ_INPUTS, FUZZ_PATH } from './settings.js';
import { deepFreeze } from './values.js';

/**
 * Bad input to EventBridge and Scheduler through the real SDK clients (issue 23), as fuzz.test.ts does for the
 * other services: every answer is a success or the service's own exception (its modelled class, else the base class
 * named by AWS's code), a client fault with a 4xx status, never a TypeError, a RangeError or a stack overflow, and
 * never a change to the (deep-frozen) input; where the SDK's own serializer refuses the input (a cycle, a BigInt),
 * the error a client without the mock throws (docs/aws-behaviour/sdk.md §3.5). Time moves between calls so that
 * what was scheduled fires; at the end `aws.reset()` must leave no timer. `npm test` runs FUZZ_RUNS (default 800)
 * inputs per service.
 *
 *   FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run test/fuzz/events.test.ts -t "<service>"
 */

const DEFAULT_BUS = 'arn:aws:events:us-east-1:000000000000:event-bus/default';
const MAX_CALLS = 8;
const { runs: RUNS, timeout: TIMEOUT } = fakeTimerFuzz(MAX_CALLS);

beforeAll(preload);
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

type Module = Record<string, unknown>;
const SERVICES = {
  EventBridge: {
    module: EventBridge as Module,
    client: EventBridge.EventBridgeClient,
    base: EventBridge.EventBridgeServiceException,
    inputs: eventsInputs,
  },
  Scheduler: {
    module: Scheduler as Module,
    client: Scheduler.SchedulerClient,
    base: Scheduler.SchedulerServiceException,
    inputs: schedulerInputs,
  },
} as const;
type ServiceName = keyof typeof SERVICES;

interface Call {
  readonly service: ServiceName;
  readonly command: string;
  readonly input: Record<string, unknown>;
  /** Simulated milliseconds to move after the call. */
  readonly advance: number;
}

function callArbitrary(service: ServiceName): fc.Arbitrary<Call> {
  const { inputs, module } = SERVICES[service];
  return fc.oneof(
    // Only the commands the installed client has: client-eventbridge 3.348 has no UpdateEventBus, for one.
    ...Object.entries(inputs)
      .filter(([command]) => typeof module[`${command}Command`] === 'function')
      .map(([command, input]) =>
        fc
          .tuple(input, fc.constantFrom(0, 1_000, 60_000, 3_600_000))
          .map(([value, advance]) => ({ service, command, input: value, advance })),
      ),
  );
}

/**
 * Older clients (client-eventbridge 3.348, the oldest the suite runs against) walk the input again after the answer,
 * to log it without its sensitive members (`PutTargetsRequestFilterSensitiveLog` maps `Targets`), and fail on a
 * malformed list themselves: the SDK's own TypeError, which a user meets against AWS too, not the mock's.
 */
function thrownBySdkLogger(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  const firstFrame = error.stack?.split('\n').find((line) => line.trimStart().startsWith('at '));
  return firstFrame !== undefined && /FilterSensitiveLog \(.*node_modules\/@aws-sdk\//.test(firstFrame);
}

function checkError(call: Call, error: unknown): void {
  const { module, base } = SERVICES[call.service];
  const summary = () => {
    const shown = error instanceof Error ? `${error.name}: ${error.message.slice(0, 300)}\n${error.stack}` : error;
    return `${call.service} ${call.command} failed with ${String(shown)}`;
  };
  if (!(error instanceof base)) {
    if (thrownBySdkLogger(error)) return;
    throw new Error(summary());
  }
  const details = error as Error & { $fault?: unknown; $metadata?: { httpStatusCode?: number } };
  const status = details.$metadata?.httpStatusCode ?? 0;
  if (details.$fault !== 'client' || status < 400 || status >= 500) throw new Error(summary());
  if (typeof error.message !== 'string' || error.message.length === 0) throw new Error(summary());
  const Class = module[error.name];
  if (typeof Class === 'function' && error.name !== base.name) {
    if (!(error instanceof (Class as new () => Error))) throw new Error(summary());
  } else if (error.constructor !== base) throw new Error(summary());
}

describe.each(['EventBridge', 'Scheduler'] as const)('%s with generated bad input', (service) => {
  it(
    'answers every input with a success or an AWS error, leaves the input alone, and leaves no timer after reset',
    async () => {
      let inputs = 0;
      const property = fc.asyncProperty(
        fc.array(callArbitrary(service), { minLength: 1, maxLength: MAX_CALLS }),
        async (calls) => {
          // A run that failed before its reset leaves its timers behind: they are not this run's.
          vi.clearAllTimers();
          const { aws, events, scheduler, sqs } = schedulerSetup();
          await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
          await events.send(new EventBridge.PutRuleCommand({ Name: 'rule', EventPattern: '{"source":["shop"]}' }));
          // An archive and a partner event source for the replays and partner events to reach (eventbridge.md §16-§18).
          await events.send(new EventBridge.CreateArchiveCommand({ ArchiveName: 'a', EventSourceArn: DEFAULT_BUS }));
          await events.send(
            new EventBridge.CreatePartnerEventSourceCommand({ Name: PARTNER_SOURCE, Account: aws.accountId }),
          );
          const client = service === 'EventBridge' ? events : scheduler;
          for (const call of calls) {
            inputs++;
            const Command = SERVICES[service].module[`${call.command}Command`] as new (input: unknown) => never;
            const input = deepFreeze(call.input);
            // Where the SDK's own serializer refuses the input, the mocked client fails the same (sdk.md §3.5).
            const sdkAlone = await withoutTheMock(SERVICES[service].client, new Command(input));
            const sending = (client as { send(command: never): Promise<unknown> }).send(new Command(input));
            const outcome = await settles(sending, () => `${service} ${call.command}`).then(
              () => ({ ok: true as const }),
              (error: unknown) => ({ ok: false as const, error }),
            );
            const same =
              sdkAlone !== 'sent' &&
              !outcome.ok &&
              outcome.error instanceof sdkAlone.constructor &&
              (outcome.error as Error).message === sdkAlone.message;
            if (sdkAlone !== 'sent' && !same && !isOldSerializerTypeCheck(SERVICES[service].client, input, sdkAlone)) {
              const answer = outcome.ok ? 'a success' : String(outcome.error);
              const what = `${service} ${call.command}(${inspect(input, { depth: 6 })})`;
              throw new Error(`${what} answered ${answer}, but the SDK's serializer throws ${String(sdkAlone)}`);
            }
            if (!same && !outcome.ok) checkError(call, outcome.error);
            if (call.advance > 0)
              await settles(vi.advanceTimersByTimeAsync(call.advance), () => `advancing ${call.advance} ms`);
          }
          aws.reset();
          expect(vi.getTimerCount()).toBe(0);
        },
      );
      await checkWithReplay(property, {
        numRuns: RUNS,
        timeout: TIMEOUT,
        replay: `test/fuzz/events.test.ts -t "${service}"`,
      });
      if (!FUZZ_PATH) expect(inputs).toBeGreaterThan(FUZZ_INPUTS / 2);
    },
    TIMEOUT,
  );
});
