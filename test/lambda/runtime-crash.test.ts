/**
 * A runtime crash inside an invocation (docs/aws-behaviour/lambda.md §5.3, §5.8), in a process of its own: the
 * invocation fails with the runtime's payload, its environment is discarded (the next invocation loads afresh), and
 * the test runner's own listeners still see the error.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

it('fails the invocation that crashed its runtime, discards its environment, and hides nothing', () => {
  const script = fileURLToPath(new URL('../processes/runtime-crash.ts', import.meta.url));
  const child = spawnSync(process.execPath, ['--import', 'tsx', script], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  expect(child.status, child.stderr).toBe(0);
  const out = JSON.parse(child.stdout.trim().split('\n').pop()!) as {
    results: { how: string; functionError?: string; payload: { errorType?: string; errorMessage?: string } }[];
    loads: number;
    seenByRunner: string[];
    invocations: { outcome: string; coldStart: boolean; environmentId: string }[];
  };
  expect(out.results.map((r) => [r.how, r.functionError, r.payload.errorType, r.payload.errorMessage])).toEqual([
    ['ok', undefined, undefined, undefined],
    ['throw', 'Unhandled', 'Error', 'thrown in a timer'],
    ['ok', undefined, undefined, undefined],
    ['reject', 'Unhandled', 'Runtime.UnhandledPromiseRejection', 'Error: rejected, unhandled'],
    ['ok', undefined, undefined, undefined],
  ]);
  expect(out.loads).toBe(3);
  expect(out.invocations.map((i) => i.coldStart)).toEqual([true, false, true, false, true]);
  expect(out.seenByRunner).toEqual(['uncaught: thrown in a timer', 'unhandled: rejected, unhandled']);
}, 40_000);
