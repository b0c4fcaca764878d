import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { boto3Clients, describeClient, run } from './clients/run.js';
import { serveChildForFile } from './clients/serve-child.js';

const SCENARIO = fileURLToPath(new URL('./clients/scenario.py', import.meta.url));

/**
 * boto3 against `serve` in a child process: Debian's python3-boto3 1.26 (apt) speaks query to SQS, a current boto3
 * (pyenv's 1.43 here) JSON (docs/aws-behaviour/wire.md §1). The scenario's checks run in Python; this test reads its
 * verdict.
 */
const PYTHONS = boto3Clients({ debian: "Debian's python3-boto3 (query)", onPath: 'boto3 of the python3 on PATH' });

const server = serveChildForFile();

for (const client of PYTHONS) {
  describeClient(client, () => {
    it('sends, receives, deletes, batches, FIFO, long-polls, fails, times out visibility and fans out', async () => {
      const ran = await run(client.file, [SCENARIO, server.endpoint]);
      expect(ran.stderr).toBe('');
      expect(JSON.parse(ran.stdout)).toEqual({
        queueUrl: `${server.endpoint}/000000000000/py-orders`,
        errorCode: 'AWS.SimpleQueueService.NonExistentQueue',
        errorStatus: 400,
        snsErrorCode: 'NotFound',
      });
      const { queues } = await server.control.state();
      expect(queues.find((queue) => queue.name === 'py-visible')!.messages).toMatchObject({ inFlight: 1 });
    }, 120_000);
  });
}
