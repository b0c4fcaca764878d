import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from './clients/run.js';
import { START_TIMEOUT, startServeChild, type ServeChild } from './clients/serve-child.js';

/**
 * The Go recipe of docs/guide/other-languages.md against `serve` (docs/aws-behaviour/wire.md §14.10): the AWS SDK for
 * Go v2 as Debian ships it (golang-github-aws-aws-sdk-go-v2-dev 1.17.1, its SQS 1.19.12 speaking query), built offline
 * from /usr/share/gocode in GOPATH mode. `.ci/run` installs Go and the SDK (scripts/wire-clients.sh), so under
 * CI=true a missing one fails; elsewhere the test skips, saying so.
 */
const PROGRAM = fileURLToPath(new URL('./clients/go/main.go', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixtures/other-languages/', import.meta.url));
const GOPATH = '/usr/share/gocode';
const SDK = `${GOPATH}/src/github.com/aws/aws-sdk-go-v2/service/sqs`;
/** The build cache, kept between runs (a cold build of the SDK takes tens of seconds). */
const GOCACHE = fileURLToPath(new URL('../../.cache/go-build', import.meta.url));

function goVersion(): string | undefined {
  try {
    return execFileSync('go', ['version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

const version = goVersion();
const missing =
  version === undefined ? 'no `go` on PATH' : existsSync(SDK) ? undefined : `no AWS SDK for Go v2 in ${GOPATH}`;

if (missing !== undefined && process.env['CI'] !== 'true') {
  console.warn(
    `test/wire: skipping the Go recipe: ${missing} (apt-get install golang-go golang-github-aws-aws-sdk-go-v2-dev).`,
  );
}

(missing === undefined || process.env['CI'] === 'true' ? describe : describe.skip)(
  `the AWS SDK for Go v2 (${version})`,
  () => {
    let build: string;
    let binary: string;
    let server: ServeChild | undefined;

    beforeAll(async () => {
      if (missing !== undefined)
        throw new Error(`CI=true needs Go and its AWS SDK: ${missing} (scripts/wire-clients.sh)`);
      build = mkdtempSync(join(tmpdir(), 'sqs-sns-mock-go-'));
      binary = join(build, 'client');
      await new Promise<void>((resolve, reject) =>
        execFile(
          'go',
          ['build', '-o', binary, PROGRAM],
          { env: { ...process.env, GO111MODULE: 'off', GOPATH, GOCACHE, GOFLAGS: '' }, timeout: 600_000 },
          (error, _stdout, stderr) => (error ? reject(new Error(`go build failed: ${stderr}`)) : resolve()),
        ),
      );
      server = await startServeChild([
        ...['--template', join(FIXTURE, 'stack.yaml'), '--functions', join(FIXTURE, 'handlers.mjs')],
      ]);
    }, 600_000 + START_TIMEOUT);
    afterAll(async () => {
      await server?.stop();
      if (build) rmSync(build, { recursive: true, force: true });
    });

    it('sends, receives, fans out, invokes and moves the clock through the recipe', async () => {
      const ran = await run(binary, [server!.endpoint]);
      expect(ran.stderr).toBe('');
      expect(JSON.parse(ran.stdout)).toEqual({
        queueUrl: `${server!.endpoint}/000000000000/go-orders`,
        advancedMs: 60_000,
        body: 'order-1',
        kind: 'order',
        queueDoesNotExist: true,
        published: 'shipped',
        invoked: '{"hello":"gopher"}',
        queues: 1,
      });
    }, 120_000);
  },
);
