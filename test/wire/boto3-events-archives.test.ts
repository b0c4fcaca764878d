import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { boto3Clients, describeClient, run } from './clients/run.js';
import { serveChildForFile } from './clients/serve-child.js';

const SCENARIO = fileURLToPath(new URL('./clients/eventbridge_archives_scenario.py', import.meta.url));

/**
 * EventBridge's bus permissions, archives, replays and partner event sources (docs/aws-behaviour/eventbridge.md
 * §15–§18) through boto3 over AWS JSON 1.1: the checks run in Python; this test reads its verdict.
 */
const PYTHONS = boto3Clients({
  debian: "Debian's python3-boto3: EventBridge permissions, archives, replays, partner sources",
  onPath: 'boto3 of the python3 on PATH: EventBridge permissions, archives, replays, partner sources',
});

const server = serveChildForFile();

for (const client of PYTHONS) {
  describeClient(client, () => {
    it('grants and removes a permission, archives and replays an event, puts a partner event', async () => {
      const ran = await run(client.file, [SCENARIO, server.endpoint]);
      expect(ran.stderr).toBe('');
      expect(JSON.parse(ran.stdout)).toEqual({
        statements: ['Account1'],
        noStatement: {
          code: 'ResourceNotFoundException',
          message: 'Statement with the provided id does not exist.',
          status: 400,
        },
        archive: { count: 1, retention: 0 },
        started: 'STARTING',
        replay: 'COMPLETED',
        replayed: { 'replay-name': 'py-fix', detail: { n: 1 } },
        window: {
          code: 'ValidationException',
          message: 'Parameter EventEndTime is not valid. Reason: EventStartTime must be before EventEndTime.',
          status: 400,
        },
        unknownArchive: { code: 'ResourceNotFoundException', message: 'Archive missing does not exist.', status: 400 },
        source: 'ACTIVE',
        partnerFailed: 0,
      });
    }, 120_000);
  });
}
