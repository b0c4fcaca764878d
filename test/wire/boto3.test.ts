import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeClient, run, type WireClient } from './clients/run.js';
import { START_TIMEOUT, startServeChild, type ServeChild } from './clients/serve-child.js';

const SCENARIO = fileURLToPath(new URL('./clients/scenario.py', import.meta.url));

/**
 * boto3 against `serve` in a child process: Debian's python3-boto3 1.26 (apt) speaks query to SQS, a current boto3
 * (pyenv's 1.43 here) JSON (docs/aws-behaviour/wire.md §1). The scenario's checks run in Python; this test reads its
 * verdict.
 */
const BOTO3 = ['-c', 'import boto3; print("boto3/" + boto3.__version__)'];
const PYTHONS: WireClient[] = [
  { label: "Debian's python3-boto3 (query)", file: '/usr/bin/python3', versionArgs: BOTO3, requiredInCi: true },
  { label: 'boto3 of the python3 on PATH', file: 'python3', versionArgs: BOTO3 },
];

let server: ServeChild;
beforeAll(async () => {
  server = await startServeChild();
}, START_TIMEOUT);
afterAll(() => server.stop());
beforeEach(() => server.control.reset());

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
