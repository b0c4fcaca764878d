import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { boto3Clients, describeClient, run } from './clients/run.js';
import { START_TIMEOUT, startServeChild, type ServeChild } from './clients/serve-child.js';

/**
 * Issue 33's scenario as a user runs it (docs/aws-behaviour/wire.md §14.7, §14.8, §14.9): `serve --template …
 * --functions …` spawned as a child, handlers whose clients are made at module scope with no endpoint or credentials,
 * and a Python worker (clients/hosted_scenario.py, boto3) driving it. The handlers live in a project of their own,
 * as a user's do: its node_modules holds its own copy of @aws-sdk/client-sqs and of @smithy/core (the base of its
 * commands), beside links to the copies the server loads (@aws-sdk/client-sns, nested-clients' STS); the copies'
 * other dependencies come from NODE_PATH, as a project's node_modules would hold them.
 */
const FIXTURE = fileURLToPath(new URL('./fixtures/hosted/', import.meta.url));
const MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));
const SCENARIO = fileURLToPath(new URL('./clients/hosted_scenario.py', import.meta.url));

let project: string;
let server: ServeChild | undefined;

function userProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'sqs-sns-mock-hosted-'));
  cpSync(FIXTURE, root, { recursive: true });
  for (const own of ['@aws-sdk/client-sqs', '@smithy/core']) {
    cpSync(realpathSync(join(MODULES, own)), join(root, 'node_modules', own), { recursive: true });
  }
  for (const shared of ['@aws-sdk/client-sns', '@aws-sdk/nested-clients']) {
    mkdirSync(join(root, 'node_modules', shared, '..'), { recursive: true });
    symlinkSync(realpathSync(join(MODULES, shared)), join(root, 'node_modules', shared));
  }
  return root;
}

beforeAll(async () => {
  project = userProject();
  server = await startServeChild(
    [
      ...['--template', join(project, 'stack.yaml'), '--functions', join(project, 'handlers.mjs')],
      ...['--stack-name', 'shop', '--account-id', '123456789012', '--region', 'eu-west-1', '--seed', '7'],
    ],
    { env: { ...process.env, NODE_PATH: MODULES } },
  );
}, START_TIMEOUT);
afterAll(async () => {
  await server?.stop();
  rmSync(project, { recursive: true, force: true });
});
beforeEach(() => server!.control.reset());

for (const client of boto3Clients({ debian: "Debian's python3-boto3", onPath: 'boto3 of the python3 on PATH' })) {
  describeClient(client, () => {
    it('runs the scenario: module-scope clients answered, the template URL, the clock, a service not emulated', async () => {
      const ran = await run(client.file, [SCENARIO, server!.endpoint]);
      expect(ran.stderr).toBe('');
      expect(JSON.parse(ran.stdout)).toEqual({
        stack: 'shop',
        outputs: ['AuditUrl', 'OrdersUrl', 'ShippingUrl'],
        shipped: { orderId: 'o-1', handledAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
        heldFor: 600_000,
        audited: ['o-1', 'o-2'],
        checker: {
          now: expect.any(Number),
          date: expect.any(String),
          queueDoesNotExist: true,
          nowIsServerClock: true,
        },
        stranger: {
          functionError: 'Unhandled',
          errorType: 'ServiceNotEmulatedError',
          message: expect.stringMatching(
            /^sqs-sns-mock: AssumeRoleCommand of STSClient in function "stranger" \(request [0-9a-f-]{36}\) was not answered: STS is not emulated\./,
          ),
        },
        strangerAtOnce: true,
      });
    }, 120_000);
  });
}
