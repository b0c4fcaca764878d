// A handler's SDK call inside `serve` (issue 33): the handlers the server runs are answered in process
// (docs/aws-behaviour/wire.md §14.7), and a call from one must cost no more than the same call from a handler in a
// test process (at most 1.2×). Both in this process, in alternating rounds, each round one invocation whose handler
// sends `units` SendMessage through a client made at module scope:
// - in a test process: an account of createAwsMock() with `aws.install(SQSClient)`, which reaches the handler's client;
// - in the server: an account of startServer(), whose hosting answers the handler's client, on its manual clock.
//   node --import tsx bench/hosted-calls.mts   (npm run bench builds bench/.lib first; BENCH_LIBRARY=src runs src/)
import { CreateQueueCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { BODY } from './clients.mjs';
import { alternate, ratioResult, report, type FigureResult, type Side } from './harness.mjs';
import { createAwsMock, type AwsMock } from './library.mjs';
import type * as Server from '../src/server/index.js';

const serverModule = new URL(
  process.env['BENCH_LIBRARY'] === 'src' ? '../src/server/index.ts' : './.lib/server/index.js',
  import.meta.url,
).href;
const { startServer } = (await import(serverModule)) as typeof Server;

const INVOKE = { trigger: { kind: 'invoke', invocationType: 'RequestResponse' } } as const;

/** A function whose handler sends `units` messages through its own module-scope client. */
async function sender(label: string, aws: AwsMock): Promise<Side> {
  const admin = new SQSClient({ region: 'us-east-1' });
  admin.middlewareStack.use(aws.sqs);
  const { QueueUrl } = await admin.send(new CreateQueueCommand({ QueueName: 'hosted-calls' }));
  const client = new SQSClient({ region: 'us-east-1' });
  aws.lambda.createFunction('sender', async (event: { units: number }) => {
    for (let i = 0; i < event.units; i++) await client.send(new SendMessageCommand({ QueueUrl, MessageBody: BODY }));
  });
  const fn = aws.lambda.functionModel('sender');
  return {
    label,
    async round(units) {
      const start = process.hrtime.bigint();
      const result = await fn.invoke({ units }, INVOKE);
      const took = Number(process.hrtime.bigint() - start);
      if (result.outcome !== 'success') throw new Error(`bench: ${label}'s handler failed: ${JSON.stringify(result)}`);
      return took;
    },
  };
}

export async function measure(): Promise<FigureResult[]> {
  const inTest = createAwsMock();
  const installed = inTest.install(SQSClient);
  const server = await startServer({ port: 0 });
  try {
    const measured = await alternate(await sender('test process', inTest), await sender('serve', server.aws), {
      rounds: 40,
      perRound: 200,
    });
    for (const aws of [inTest, server.aws]) {
      if (aws.sqs.queue('hosted-calls').messages().length === 0) throw new Error('bench: a handler sent nothing');
    }
    return [
      ratioResult(
        "A handler's SendMessage from inside `serve` (hosted, on the server's clock) / from a handler in a test process (`aws.install`)",
        measured,
        1.2,
      ),
    ];
  } finally {
    installed.restore();
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) report(await measure());
