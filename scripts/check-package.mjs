// Loads the built package the two ways users do, through its `exports`, and drives one command
// through a real SQSClient from each: the ESM and CommonJS builds must both work.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { SQSClient, CreateQueueCommand, GetQueueUrlCommand, QueueDoesNotExist } from '@aws-sdk/client-sqs';

const require = createRequire(import.meta.url);
const esm = await import('sqs-sns-mock');
const cjs = require('sqs-sns-mock');
// The YAML parser is loaded by the first YAML template only (src/templates/yaml.ts).
const yamlLoaded = () => Object.keys(require.cache).some((path) => /[\\/]node_modules[\\/]yaml[\\/]/.test(path));
assert.equal(yamlLoaded(), false, 'importing the package loaded yaml');

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
  const stack = aws.provision(
    'Resources:\n  Q:\n    Type: AWS::SQS::Queue\n    Properties:\n      QueueName: !Sub "${AWS::StackName}-q"\n',
    {
      stackName: `yaml-${kind}`,
    },
  );
  assert.equal(typeof stack.ref('Q'), 'string');
  console.log(`package ${kind} build: ok`);
}
