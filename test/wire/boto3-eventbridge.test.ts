import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type MockServer } from '../../src/server/index.js';
import { available, run } from './clients/run.js';

const SCENARIO = fileURLToPath(new URL('./clients/eventbridge_scenario.py', import.meta.url));

/**
 * EventBridge (JSON 1.1) and Scheduler (REST-JSON) through boto3: pyenv's 1.43 and Debian's python3-boto3 1.26 speak
 * the same protocols to both (docs/aws-behaviour/wire.md §1). The checks run in Python; this test reads its verdict.
 */
const PYTHONS = [
  { label: 'boto3 on PATH', python: 'python3' },
  { label: "Debian's python3-boto3", python: '/usr/bin/python3' },
];

let server: MockServer;
beforeEach(async () => {
  server = await startServer({ port: 0 });
});
afterEach(() => server.close());

for (const { label, python } of PYTHONS) {
  describe.skipIf(!available(python, ['-c', 'import boto3']))(`${label}: EventBridge and Scheduler`, () => {
    it('puts an event through a rule to a queue, fires an at() schedule by the clock route, reads errors', async () => {
      const ran = await run(python, [SCENARIO, server.endpoint]);
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
