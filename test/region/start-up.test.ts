/**
 * Issue 20, item 7: the client's region at start-up. Right after `createAwsMock()`, before anything else of this file
 * made the mock load an SDK package, fresh clients with a region act in it, each command awaited after the previous,
 * with no wait for real time: nothing falls back to the mock's region while the mock's import of the package runs
 * (docs/aws-behaviour/sdk-reach.md §3.5, §3.8).
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { CreateTopicCommand, SNSClient } from '@aws-sdk/client-sns';
import { CreateQueueCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it, vi } from 'vitest';
import { createAwsMock, mockSns } from '../../src/index.js';
import { networkTrap } from '../helpers.js';
import { guardNetworkForFile } from '../install/network-guard.js';

guardNetworkForFile();

// Each test is the first of this file to reach its SDK package, so each starts in the moment the issue describes.

it('SQS, use(aws.sqs): three fresh clients, one after another, each create their queue in their region', async () => {
  const aws = createAwsMock();
  const urls: (string | undefined)[] = [];
  for (const name of ['a', 'b', 'c']) {
    const client = new SQSClient({ region: 'eu-west-1', requestHandler: networkTrap });
    client.middlewareStack.use(aws.sqs);
    urls.push((await client.send(new CreateQueueCommand({ QueueName: name }))).QueueUrl);
  }
  expect(urls).toEqual(['a', 'b', 'c'].map((name) => `https://sqs.eu-west-1.amazonaws.com/000000000000/${name}`));
});

it('SNS, mockSns(): fresh clients of a region string and of a provider create their topic in their region', async () => {
  const sns = mockSns();
  const arns: (string | undefined)[] = [];
  for (const region of ['eu-west-1', async () => 'ap-southeast-2', 'eu-west-1']) {
    const client = new SNSClient({ region, requestHandler: networkTrap });
    client.middlewareStack.use(sns);
    arns.push((await client.send(new CreateTopicCommand({ Name: 'events' }))).TopicArn);
  }
  expect(arns).toEqual([
    'arn:aws:sns:eu-west-1:000000000000:events',
    'arn:aws:sns:ap-southeast-2:000000000000:events',
    'arn:aws:sns:eu-west-1:000000000000:events',
  ]);
});

it('Lambda, aws.install(LambdaClient): fresh clients invoke the function of their region', async () => {
  const aws = createAwsMock();
  aws.lambda.createFunction('worker', async () => 'ireland', { region: 'eu-west-1' });
  aws.install(LambdaClient);
  try {
    for (let i = 0; i < 3; i++) {
      const client = new LambdaClient({ region: 'eu-west-1', requestHandler: networkTrap });
      const { Payload } = await client.send(new InvokeCommand({ FunctionName: 'worker' }));
      expect(new TextDecoder().decode(Payload)).toBe('"ireland"');
    }
  } finally {
    aws.restore();
  }
});

it('refuses a command built before the mock reached its copy of the SDK; that copy is hooked from then on', async () => {
  const aws = createAwsMock();
  type Handler = (args: { input: object }) => Promise<{ output: { QueueUrl?: string } }>;
  let middleware: ((next: unknown, context: object) => Handler) | undefined;
  aws.sqs.applyToStack({ add: (added) => (middleware = added as typeof middleware) });
  // Once the mock's own import of the package has settled (and hooked it), a copy still unhooked is one it never
  // reaches; before, it may be a bundler's alias that import follows (the next test).
  await settledImport();
  // A copy of the SDK the mock never loads (a nested node_modules), as far as the hook sees it (sdk-reach.md §1.1).
  class ForeignCommandBase {
    resolveMiddlewareWithContext(_stack: unknown, _config: unknown, _options: unknown, details: object): object {
      return (details as { additionalContext: object }).additionalContext;
    }
  }
  class CreateQueueCommand extends ForeignCommandBase {}
  const network = () => Promise.reject(new Error('the network was reached'));
  const context = { logger: undefined, clientName: 'SQSClient', commandName: 'CreateQueueCommand' };
  const early = { ...context, __smithy_context: { commandInstance: new CreateQueueCommand() } };
  await expect(middleware!(network, early)({ input: { QueueName: 'q' } })).rejects.toThrow(
    'sqs-sns-mock: CreateQueueCommand of this SQSClient was not answered: its region is not known',
  );
  expect(aws.sqs.queues()).toEqual([]);

  const config = { region: async () => 'eu-west-1' };
  const details = { clientName: 'SQSClient', additionalContext: {} };
  const later = {
    ...context,
    ...new CreateQueueCommand().resolveMiddlewareWithContext({}, config, undefined, details),
  };
  const { output } = await middleware!(network, later)({ input: { QueueName: 'q' } });
  expect(output.QueueUrl).toBe('https://sqs.eu-west-1.amazonaws.com/000000000000/q');
});

it("acts in the mock's region, and says so once, for a command sent before the mock's import settled", async () => {
  const { forgetWarnings } = await import('../../src/core/diagnostics/warn-once.js');
  const { forgetLoadedSdks } = await import('../../src/plugin/install/install.js');
  forgetWarnings();
  forgetLoadedSdks();
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    const aws = createAwsMock({ region: 'us-east-1' });
    type Handler = (args: { input: object }) => Promise<{ output: { QueueUrl?: string } }>;
    let middleware: ((next: unknown, context: object) => Handler) | undefined;
    aws.sqs.applyToStack({ add: (added) => (middleware = added as typeof middleware) });
    // A command of a copy only the mock's import reaches, sent before that import settled: no config in its context.
    const context = { logger: undefined, clientName: 'SQSClient', commandName: 'CreateQueueCommand' };
    const network = () => Promise.reject(new Error('the network was reached'));
    const { output } = await middleware!(network, context)({ input: { QueueName: 'early' } });
    expect(output.QueueUrl).toBe('https://sqs.us-east-1.amazonaws.com/000000000000/early');
    const told = warn.mock.calls.map(([text]) => String(text));
    expect(told).toEqual([expect.stringContaining("it acted in the mock's region, us-east-1")]);
  } finally {
    warn.mockRestore();
    await settledImport();
  }
});

/** The mock's own import of the SQS package, settled, and its continuation (which hooks the package) run. */
async function settledImport(): Promise<void> {
  const { loadSdk } = await import('../../src/core/sdk-errors.js');
  const { SQS_SDK } = await import('../../src/services/sqs/sdk.js');
  await loadSdk(SQS_SDK);
  await new Promise((resolve) => setImmediate(resolve));
}

describe('a region provider that needs real I/O (sdk-reach.md §3.4)', () => {
  it('is not waited for: the client acts in the mock region, and the test is told once the provider answers', async () => {
    const { forgetWarnings } = await import('../../src/core/diagnostics/warn-once.js');
    const { regionLookupsSettled } = await import('../../src/plugin/install/client-region.js');
    forgetWarnings();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const aws = createAwsMock({ region: 'us-east-1' });
      // As a profile file's region: it answers after real I/O, not within microtasks.
      const region = () => new Promise<string>((resolve) => setImmediate(() => resolve('eu-west-1')));
      const sqs = new SQSClient({ region, requestHandler: networkTrap });
      sqs.middlewareStack.use(aws.sqs);
      const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'slow-region' }));
      expect(QueueUrl).toContain('sqs.us-east-1.');
      await regionLookupsSettled();
      await new Promise((resolve) => setImmediate(resolve));
      const told = warn.mock.calls.map(([text]) => String(text)).filter((text) => text.includes('region provider'));
      expect(told).toHaveLength(1);
      expect(told[0]).toContain('answered "eu-west-1" only after real I/O');
    } finally {
      warn.mockRestore();
    }
  });
});
