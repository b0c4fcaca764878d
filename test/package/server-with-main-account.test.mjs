// The BUILT package (run by `npm run test:package` after the build, as scripts/check-package.mjs is; not by vitest,
// which runs the sources): an account made by the main entry and served by `sqs-sns-mock/server` answers as an account
// the server made, from both module systems. With a copy of the library in each entry point, the server's copy of
// AwsError failed `instanceof` on the main entry's errors and answered every AWS error as a 500 (issue 32), which
// boto3 and the SDKs then retried.
//   node --test test/package/     (after `npm run build`)
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';

const require = createRequire(import.meta.url);

/** What the server answers to GetQueueUrl of a queue that does not exist, over SQS's JSON protocol (wire.md §4). */
async function missingQueue(endpoint) {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-amz-json-1.0', 'X-Amz-Target': 'AmazonSQS.GetQueueUrl' },
    body: JSON.stringify({ QueueName: 'missing' }),
  });
  const body = await response.json();
  return { status: response.status, queryError: response.headers.get('x-amzn-query-error'), body };
}

for (const [kind, load] of [
  ['esm', async () => [await import('sqs-sns-mock'), await import('sqs-sns-mock/server')]],
  ['cjs', async () => [require('sqs-sns-mock'), require('sqs-sns-mock/server')]],
]) {
  test(`${kind}: startServer({ aws: createAwsMock() }) answers an SQS error as the server's own account does`, async () => {
    const [{ createAwsMock }, { startServer }] = await load();
    const given = await startServer({ port: 0, aws: createAwsMock() });
    const own = await startServer({ port: 0 });
    try {
      const answered = await missingQueue(given.endpoint);
      assert.equal(answered.status, 400);
      assert.equal(answered.queryError, 'AWS.SimpleQueueService.NonExistentQueue;Sender');
      assert.equal(answered.body.__type, 'com.amazonaws.sqs#QueueDoesNotExist');
      assert.deepEqual(answered, await missingQueue(own.endpoint));
    } finally {
      await given.close();
      await own.close();
    }
  });
}
