import * as S3 from '@aws-sdk/client-s3';
import { CreateQueueCommand } from '@aws-sdk/client-sqs';
import fc from 'fast-check';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { s3Setup } from '../s3/support.js';
import { withoutTheMock } from '../support/as-the-sdk.js';
import { s3Sdk } from '../support/sdk-capabilities.js';
import { preload } from './harness.js';
import { BUCKET, s3Inputs } from './s3-inputs.js';
import { deepFreeze, snapshot } from './values.js';
import { isDeepStrictEqual } from 'node:util';
import { settles } from './real-time.js';
import { checkWithReplay, fakeTimerFuzz, FUZZ_INPUTS, FUZZ_PATH } from './settings.js';

/**
 * Bad input to S3 through the real SDK client (issue 35), as events.test.ts does for EventBridge: every answer is a
 * success, S3's own exception (its modelled class, else S3ServiceException named by AWS's code) with a 4xx status, or
 * one of the SDK's own refusals before sending; never a TypeError, a RangeError or a stack overflow, never a change to
 * the (deep-frozen) input. After each run every listed key reads back, and `aws.reset()` leaves no timer.
 *
 *   FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run test/fuzz/s3.test.ts
 */

const MAX_CALLS = 8;
const { runs: RUNS, timeout: TIMEOUT } = fakeTimerFuzz(MAX_CALLS);

beforeAll(preload);
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

interface Call {
  readonly command: string;
  readonly input: Record<string, unknown>;
  readonly advance: number;
}

const call: fc.Arbitrary<Call> = fc.oneof(
  ...Object.entries(s3Inputs).map(([command, input]) =>
    fc.tuple(input, fc.constantFrom(0, 0, 1_000)).map(([value, advance]) => ({ command, input: value, advance })),
  ),
);

/** The SDK's own refusals, before anything is sent (docs/aws-behaviour/s3.md §5.1): what a user meets against AWS. */
const SDK_REFUSALS = [
  /^No value provided for input HTTP label: (Bucket|Key)\.$/,
  /^Unable to calculate hash for flowing readable stream$/,
  /^Bucket name shouldn't contain '\/'/,
];

/**
 * The SDK's and Node's own TypeError and URIError for what they cannot send (§5.1): text in a header or the URL, and a
 * body the SDK hashes for no checksum, which Node's HTTP handler then cannot write (`Buffer.from`).
 */
function refusedBySdk(error: unknown): boolean {
  if (error instanceof URIError) return error.message === 'URI malformed';
  if (error instanceof TypeError)
    return ['ERR_INVALID_CHAR', 'ERR_INVALID_ARG_TYPE'].includes(String((error as { code?: unknown }).code));
  return error instanceof Error && error.constructor === Error && SDK_REFUSALS.some((text) => text.test(error.message));
}

function checkError(made: Call, error: unknown): void {
  const summary = () => {
    const shown = error instanceof Error ? `${error.name}: ${error.message.slice(0, 300)}\n${error.stack}` : error;
    return `S3 ${made.command} failed with ${String(shown)}`;
  };
  if (!(error instanceof S3.S3ServiceException)) {
    if (refusedBySdk(error)) return;
    throw new Error(summary());
  }
  const status = error.$metadata.httpStatusCode ?? 0;
  if (status < 300 || status >= 600 || (status >= 500 && status !== 501)) throw new Error(summary());
  if (status < 500 && error.$fault !== 'client') throw new Error(summary());
  // A modelled class, where the SDK builds one: the SDKs before schemas only for an error the operation lists, the
  // base exception named by the code for the others (sdk.md §3.7).
  const Class = (S3 as Record<string, unknown>)[error.name];
  if (typeof Class === 'function' && error.name !== 'S3ServiceException') {
    const unlisted = !s3Sdk.schemaSerde && error.constructor === S3.S3ServiceException;
    if (!(error instanceof (Class as new () => Error)) && !unlisted) throw new Error(summary());
  }
}

describe('S3 with generated bad input', () => {
  it(
    'answers every input with a success or an AWS error, leaves the input alone, keeps every listed key readable',
    async () => {
      let inputs = 0;
      const property = fc.asyncProperty(fc.array(call, { minLength: 1, maxLength: MAX_CALLS }), async (calls) => {
        vi.clearAllTimers();
        const { aws, s3, sqs } = s3Setup();
        await s3.send(new S3.CreateBucketCommand({ Bucket: BUCKET }));
        await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
        for (const made of calls) {
          inputs++;
          const Command = (S3 as Record<string, unknown>)[`${made.command}Command`] as new (input: unknown) => never;
          const input = deepFreeze(made.input);
          const before = snapshot(input);
          try {
            await settles(s3.send(new Command(input)), () => `S3 ${made.command}`);
          } catch (error) {
            // Where the SDK's own serializer refuses the input (a TagSet that is no list, a cycle), the mocked client
            // throws the very same error (docs/aws-behaviour/sdk.md §3.5).
            if (!(error instanceof S3.S3ServiceException) && !refusedBySdk(error)) {
              const sdkAlone = await withoutTheMock(S3.S3Client, new Command(input));
              const same =
                sdkAlone !== 'sent' &&
                error instanceof sdkAlone.constructor &&
                (error as Error).message === sdkAlone.message;
              if (!same) checkError(made, error);
            } else checkError(made, error);
          }
          if (!isDeepStrictEqual(snapshot(input), before)) throw new Error(`S3 ${made.command} changed its input`);
          if (made.advance > 0)
            await settles(vi.advanceTimersByTimeAsync(made.advance), () => `advancing ${made.advance} ms`);
        }
        for (const bucket of aws.s3.buckets()) {
          for (const object of bucket.objects()) {
            const got = await s3.send(new S3.GetObjectCommand({ Bucket: bucket.name, Key: object.key }));
            expect((await got.Body!.transformToByteArray()).length).toBe(object.size);
          }
        }
        aws.reset();
        expect(vi.getTimerCount()).toBe(0);
      });
      await checkWithReplay(property, { numRuns: RUNS, timeout: TIMEOUT, replay: 'test/fuzz/s3.test.ts' });
      if (!FUZZ_PATH) expect(inputs).toBeGreaterThan(FUZZ_INPUTS / 2);
    },
    TIMEOUT,
  );
});
