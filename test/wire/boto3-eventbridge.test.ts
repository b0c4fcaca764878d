import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { boto3Clients, describeClient, run } from './clients/run.js';
import { serveChildForFile } from './clients/serve-child.js';

const SCENARIO = fileURLToPath(new URL('./clients/eventbridge_scenario.py', import.meta.url));

/**
 * EventBridge (JSON 1.1) and Scheduler (REST-JSON) through boto3: pyenv's 1.43 and Debian's python3-boto3 1.26 speak
 * the same protocols to both (docs/aws-behaviour/wire.md §1). The checks run in Python; this test reads its verdict.
 */
const PYTHONS = boto3Clients({
  debian: "Debian's python3-boto3: EventBridge and Scheduler",
  onPath: 'boto3 of the python3 on PATH: EventBridge and Scheduler',
});

const server = serveChildForFile();

for (const client of PYTHONS) {
  describeClient(client, () => {
    it('puts an event through a rule to a queue, fires an at() schedule by the clock route, reads errors', async () => {
      const ran = await run(client.file, [SCENARIO, server.endpoint]);
      expect(ran.stderr).toBe('');
      expect(JSON.parse(ran.stdout)).toEqual({
        event: { source: 'shop', time: '2025-03-04T05:06:07Z', detail: { n: 1 } },
        ruleError: { code: 'ResourceNotFoundException', status: 400 },
        scheduleArn: 'arn:aws:scheduler:us-east-1:000000000000:schedule/default/py-remind',
        fired: ['{"say":"hi"}'],
        scheduleError: { code: 'ResourceNotFoundException', status: 404 },
        conflict: { code: 'ConflictException', status: 409 },
      });
    }, 120_000);
  });
}
