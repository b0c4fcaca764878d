// Loads the built package the two ways users do, through its `exports`, and drives one command
// through a real SQSClient from each: the ESM and CommonJS builds must both work.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { SQSClient, CreateQueueCommand, GetQueueUrlCommand, QueueDoesNotExist } from '@aws-sdk/client-sqs';

const require = createRequire(import.meta.url);
const esm = await import('sqs-sns-mock');
const cjs = require('sqs-sns-mock');

for (const [kind, lib] of [
  ['esm', esm],
  ['cjs', cjs],
]) {
  const aws = lib.createAwsMock();
  const sqs = new SQSClient({ region: 'us-east-1', requestHandler: { handle: () => assert.fail('network reached') } });
  sqs.middlewareStack.use(aws.sqs);
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: `q-${kind}` }));
  assert.equal(QueueUrl, `https://sqs.us-east-1.amazonaws.com/000000000000/q-${kind}`);
  await assert.rejects(
    sqs.send(new GetQueueUrlCommand({ QueueName: 'missing' })),
    (e) => e instanceof QueueDoesNotExist,
  );
  console.log(`package ${kind} build: ok`);
}
