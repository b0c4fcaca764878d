import * as EventBridge from '@aws-sdk/client-eventbridge';
import fc from 'fast-check';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventsSetup } from '../events/support.js';
import { apiDestinationInputs, apiDestinationTarget, type ApiWorld } from './api-destination-inputs.js';
import { withoutTheMock } from '../support/as-the-sdk.js';
import { preload } from './harness.js';
import { deepFreeze } from './values.js';
import { settles } from './real-time.js';
import { checkWithReplay, fakeTimerFuzz, FUZZ_INPUTS, FUZZ_PATH } from './settings.js';

/**
 * Bad input to connections, API destinations and rule targets calling them (docs/aws-behaviour/eventbridge.md §14),
 * through the real SDK client, on an account whose connection and destination exist: every answer is a success or
 * EventBridge's own exception (a client fault, 4xx), never a crash; events put meanwhile are called on the
 * destination with any HttpParameters a target got through, answered at random (retries, dead letters), and nothing
 * is sent anywhere: `fetch` is never called. `aws.reset()` leaves no timer.
 *
 *   FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run test/fuzz/api-destinations.test.ts
 */

const MAX_CALLS = 8;
const { runs: RUNS, timeout: TIMEOUT } = fakeTimerFuzz(MAX_CALLS);

beforeAll(preload);
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

interface Step {
  readonly command: string;
  readonly input: Record<string, unknown>;
  readonly advance: number;
}

const ANSWERS = [200, 204, 301, 400, 401, 404, 429, 500, 503, 0];

/** The calls of one run, on a world whose ARNs are known. */
function steps(world: ApiWorld): fc.Arbitrary<Step[]> {
  const inputs = apiDestinationInputs(world);
  const target = apiDestinationTarget(world);
  const commands = [
    ...Object.entries(inputs),
    [
      'PutTargets',
      fc.tuple(target.messy, target.clean).map(([messy, clean]) => ({ Rule: 'rule', Targets: [messy, clean] })),
    ],
    ['PutEvents', fc.constant({ Entries: [{ Source: 'shop', DetailType: 'Order', Detail: '{"n":1}' }] })],
  ] as [string, fc.Arbitrary<Record<string, unknown>>][];
  const step = fc.oneof(
    ...commands.map(([command, input]) =>
      fc
        .tuple(input, fc.constantFrom(0, 1_000, 60_000))
        .map(([value, advance]) => ({ command, input: value, advance })),
    ),
  );
  return fc.array(step, { minLength: 1, maxLength: MAX_CALLS });
}

function checkError(step: Step, error: unknown): void {
  const summary = () => `${step.command} failed with ${error instanceof Error ? error.stack : String(error)}`;
  if (!(error instanceof EventBridge.EventBridgeServiceException)) throw new Error(summary());
  const status = error.$metadata.httpStatusCode ?? 0;
  if (error.$fault !== 'client' || status < 400 || status >= 500 || error.message.length === 0)
    throw new Error(summary());
}

describe('connections and API destinations with generated bad input', () => {
  it(
    'answers every input with a success or an AWS error, calls nothing on the network, leaves no timer',
    async () => {
      const fetch = vi.spyOn(globalThis, 'fetch');
      let inputs = 0;
      // A seeded account has the same ids each run: the world's ARNs are known before the runs.
      const world = await makeWorld(eventsSetup({ seed: 7 }));
      const property = fc.asyncProperty(fc.nat({ max: 1_000_000 }), steps(world), async (seed, calls) => {
        vi.clearAllTimers();
        const setup = eventsSetup({ seed: 7 });
        expect(await makeWorld(setup)).toEqual(world);
        let next = seed;
        setup.aws.events.apiDestination('slack').respond(() => {
          next = (next * 1103515245 + 12345) % 2147483648;
          const status = ANSWERS[next % ANSWERS.length]!;
          return status === 0 ? Promise.reject(new Error('reset')) : { status, headers: { 'Retry-After': '1' } };
        });
        for (const call of calls) {
          inputs++;
          const Command = (EventBridge as unknown as Record<string, new (input: unknown) => never>)[
            `${call.command}Command`
          ]!;
          const input = deepFreeze(call.input);
          // Where the SDK's own serializer refuses the input (a BigInt, a cycle), the mocked client throws the very
          // same error (docs/aws-behaviour/sdk.md §3.5); everything else is answered.
          const sdkAlone = await withoutTheMock(EventBridge.EventBridgeClient, new Command(input));
          try {
            await settles(setup.events.send(new Command(input)), () => call.command);
            if (sdkAlone !== 'sent')
              throw new Error(`${call.command} answered, but the SDK throws ${String(sdkAlone)}`);
          } catch (error) {
            if (sdkAlone === 'sent') checkError(call, error);
            else if (!(error instanceof sdkAlone.constructor) || (error as Error).message !== sdkAlone.message)
              throw new Error(`${call.command} threw ${String(error)}, but the SDK throws ${String(sdkAlone)}`);
          }
          if (call.advance > 0)
            await settles(vi.advanceTimersByTimeAsync(call.advance), () => `advancing ${call.advance} ms`);
        }
        await setup.aws.idle();
        expect(fetch).not.toHaveBeenCalled();
        setup.aws.reset();
        expect(vi.getTimerCount()).toBe(0);
      });
      try {
        await checkWithReplay(property, {
          numRuns: RUNS,
          timeout: TIMEOUT,
          replay: 'test/fuzz/api-destinations.test.ts',
        });
      } finally {
        fetch.mockRestore();
      }
      if (!FUZZ_PATH) expect(inputs).toBeGreaterThan(FUZZ_INPUTS / 2);
    },
    TIMEOUT,
  );
});

async function makeWorld({ events, sqs, aws }: ReturnType<typeof eventsSetup>): Promise<ApiWorld> {
  const { CreateQueueCommand } = await import('@aws-sdk/client-sqs');
  await sqs.send(new CreateQueueCommand({ QueueName: 'dlq' }));
  const { ConnectionArn } = await events.send(
    new EventBridge.CreateConnectionCommand({
      Name: 'conn',
      AuthorizationType: 'BASIC',
      AuthParameters: { BasicAuthParameters: { Username: 'u', Password: 'p' } },
    }),
  );
  const { ApiDestinationArn } = await events.send(
    new EventBridge.CreateApiDestinationCommand({
      Name: 'slack',
      ConnectionArn,
      InvocationEndpoint: 'https://hooks.example.com/*',
      HttpMethod: 'POST',
    }),
  );
  await events.send(new EventBridge.PutRuleCommand({ Name: 'rule', EventPattern: '{"source":["shop"]}' }));
  await events.send(
    new EventBridge.PutTargetsCommand({
      Rule: 'rule',
      Targets: [{ Id: 'api', Arn: ApiDestinationArn, DeadLetterConfig: { Arn: aws.sqs.queue('dlq').arn } }],
    }),
  );
  return { connectionArn: ConnectionArn!, destinationArn: ApiDestinationArn! };
}
