import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type MockServer } from '../../src/server/index.js';
import { available, run } from './clients/run.js';

const SCENARIO = fileURLToPath(new URL('./clients/scenario.py', import.meta.url));

/**
 * boto3 over the wire: pyenv's boto3 1.43 speaks JSON to SQS, Debian's python3-boto3 1.26 (apt) speaks query
 * (docs/aws-behaviour/wire.md §1). The scenario's checks run in Python; this test reads its verdict.
 */
const PYTHONS = [
  { label: 'boto3 on PATH (JSON)', python: 'python3' },
  { label: "Debian's python3-boto3 (query)", python: '/usr/bin/python3' },
];

let server: MockServer;
beforeEach(async () => {
  server = await startServer({ port: 0 });
});
afterEach(() => server.close());

for (const { label, python } of PYTHONS) {
  describe.skipIf(!available(python, ['-c', 'import boto3']))(label, () => {
    it('sends, receives, deletes, batches, FIFO, long-polls, fails, times out visibility and fans out', async () => {
      const ran = await run(python, [SCENARIO, server.endpoint]);
      expect(ran.stderr).toBe('');
      expect(JSON.parse(ran.stdout)).toEqual({
        queueUrl: `${server.endpoint}/000000000000/py-orders`,
        errorCode: 'AWS.SimpleQueueService.NonExistentQueue',
        errorStatus: 400,
        snsErrorCode: 'NotFound',
      });
      expect(server.aws.sqs.queue('py-visible').messages('inFlight')).toHaveLength(1);
    }, 120_000);
  });
}
