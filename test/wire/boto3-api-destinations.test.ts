import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { boto3Clients, describeClient, run } from './clients/run.js';
import { serveChildForFile } from './clients/serve-child.js';

const SCENARIO = fileURLToPath(new URL('./clients/api_destination_scenario.py', import.meta.url));

/**
 * Connections and API destinations through boto3 (JSON 1.1): moto's tests of these commands, run against `serve`
 * (docs/aws-behaviour/eventbridge.md §14.9 says where moto differs from AWS). The checks run in Python; this test
 * reads its verdict.
 */
const PYTHONS = boto3Clients({
  debian: "Debian's python3-boto3: connections and API destinations",
  onPath: 'boto3 of the python3 on PATH: connections and API destinations',
});

const server = serveChildForFile();

for (const client of PYTHONS) {
  describeClient(client, () => {
    it("runs moto's connection and API destination tests, and a rule calling a destination", async () => {
      const ran = await run(client.file, [SCENARIO, server.endpoint]);
      expect(ran.stderr).toBe('');
      expect(JSON.parse(ran.stdout)).toEqual({
        updateUnknown: { code: 'ResourceNotFoundException', message: "Connection 'unknown' does not exist." },
        describeUnknown: {
          code: 'ResourceNotFoundException',
          message: "Failed to describe the api-destination(s). An api-destination 'unknown' does not exist.",
        },
        deleteUnknown: { code: 'ResourceNotFoundException', message: "An api-destination 'unknown' does not exist." },
        deletedState: 'DELETING',
        describeDeleted: {
          code: 'ResourceNotFoundException',
          message: "Failed to describe the connection(s). Connection 'test' does not exist.",
        },
        journey: [
          ['published', 'default', expect.stringContaining('test-source / test-detail-type')],
          ['routed', 'test-event-rule', 'on bus default, to hook'],
          ['delivered', 'hook', 'from rule test-event-rule, GET https://www.google.com/?qs1=qv2 → 200'],
        ],
      });
    }, 120_000);
  });
}
