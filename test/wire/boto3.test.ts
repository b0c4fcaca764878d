import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { boto3Clients, describeClient, run } from './clients/run.js';
import { serveChildForFile } from './clients/serve-child.js';

const SCENARIO = fileURLToPath(new URL('./clients/scenario.py', import.meta.url));
const EDGES = fileURLToPath(new URL('./clients/edges.py', import.meta.url));

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

    it('answers empty lists, prototype keys and SNS tagging over query as over JSON (wire.md §5.5, §6.5, §7.2)', async () => {
      const ran = await run(client.file, [EDGES, server.endpoint]);
      expect(ran.stderr).toBe('');
      const seen = JSON.parse(ran.stdout) as Record<string, unknown>;
      const emptyBatch = { error: 'AWS.SimpleQueueService.EmptyBatchRequest', status: 400 };
      expect(seen).toEqual({
        protocol: seen['protocol'],
        sendMessageBatch: emptyBatch,
        deleteMessageBatch: emptyBatch,
        changeMessageVisibilityBatch: emptyBatch,
        getQueueAttributes: { ok: {} },
        addPermission: { error: 'MissingParameter', status: 400 },
        untagQueue: { ok: {} },
        createQueueProto: { error: 'InvalidAttributeName', status: 400 },
        tagQueueProto: { ok: {} },
        // JSON.parse keeps `__proto__` as an own key, as the answer has it; an object literal would not.
        listQueueTags: JSON.parse('{"ok":{"Tags":{"__proto__":"x","constructor":"y"}}}'),
        publishBatch: { error: 'EmptyBatchRequest', status: 400 },
        tagResource: { ok: {} },
        untagResource: { ok: {} },
        subscribeProto: { error: 'InvalidParameter', status: 400 },
        // Query-protocol SQS still words a missing queue as the query era did (recorded 2024).
        missingQueue:
          seen['protocol'] === 'query'
            ? 'The specified queue does not exist for this wsdl version.'
            : 'The specified queue does not exist.',
        // A service the endpoint does not emulate: an error its client reads (wire.md §12.2), naming what it asked.
        iam: { code: 'UnknownOperationException', message: expect.stringMatching(/^The request \(iam CreateRole\) /) },
        dynamodb: {
          code: 'UnknownOperationException',
          message: expect.stringMatching(/^The request \(dynamodb ListTables\) matches no operation of this endpoint/),
        },
      });
    }, 120_000);
  });
}
