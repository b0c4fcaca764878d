import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { boto3Clients, describeClient, run } from './clients/run.js';
import { serveChildForFile } from './clients/serve-child.js';

const SCENARIO = fileURLToPath(new URL('./clients/sfn_scenario.py', import.meta.url));

/**
 * Step Functions (AWS JSON 1.0) through boto3: pyenv's 1.43 and Debian's python3-boto3 1.26 both know it
 * (docs/aws-behaviour/stepfunctions.md §1.1). The checks run in Python; this test reads its verdict.
 */
const PYTHONS = boto3Clients({
  debian: "Debian's python3-boto3: Step Functions",
  onPath: 'boto3 of the python3 on PATH: Step Functions',
});

const server = serveChildForFile();

for (const client of PYTHONS) {
  describeClient(client, () => {
    it('runs a machine with an hour-long Wait by the clock route, a synchronous Express one, and reads errors', async () => {
      const ran = await run(client.file, [SCENARIO, server.endpoint]);
      expect(ran.stderr).toBe('');
      expect(JSON.parse(ran.stdout)).toEqual({
        status: 'SUCCEEDED',
        output: { done: true },
        types: [
          'ExecutionStarted',
          'WaitStateEntered',
          'WaitStateExited',
          'PassStateEntered',
          'PassStateExited',
          'ExecutionSucceeded',
        ],
        sync: { status: 'SUCCEEDED', output: '{"x":1}' },
        missing: { code: 'ExecutionDoesNotExist', status: 400 },
        invalid: { code: 'InvalidDefinition', status: 400 },
      });
    }, 120_000);
  });
}
