// Figures (issue 33): how long `sqs-sns-mock serve` takes to start and to stop, as a Python suite or a script that
// starts it pays for every run. Absolute wall times of a child process, from outside, each figure the median of RUNS:
//
// - spawn to the listening line with no template (target ≤ 1 s);
// - spawn to the listening line with a 30-resource CDK template and its functions (target ≤ 2 s): three copies of
//   test/fixtures/templates/cdk-stack.mjs's wiring (dead-letter queue, queue, topic, subscription, queue policy,
//   function, role, policy, event source mapping), an event bus with a rule into the first queue and a scheduled
//   rule into it too, synthesised by aws-cdk-lib before anything is timed;
// - SIGTERM to exit, with nothing connected (target ≤ 200 ms), after each of the starts above.
//
// The bin is the package's own (dist/esm/server/cli.js, which `npm run bench` builds first), as `npx sqs-sns-mock`
// runs it, without npm's start-up (about a second of its own); BENCH_LIBRARY=src runs src/ through tsx instead.
//   node --import tsx bench/serve-start.mts            RUNS=15 by default
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Duration, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sns from 'aws-cdk-lib/aws-sns';
import { SqsSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { report, spread, type FigureResult } from './harness.mjs';

const RUNS = Number(process.env['RUNS'] ?? 15);
const RESOURCES = 30;
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The stack: three orders wirings (9 resources each), a bus, and two rules into the first queue. */
function synthesise(): Record<string, { Type: string }> {
  const app = new App();
  const stack = new Stack(app, 'OrdersStack');
  const queues: sqs.Queue[] = [];
  for (let i = 0; i < 3; i++) {
    const dlq = new sqs.Queue(stack, `OrdersDlq${i}`, { retentionPeriod: Duration.days(14) });
    const queue = new sqs.Queue(stack, `OrdersQueue${i}`, {
      visibilityTimeout: Duration.seconds(60),
      deadLetterQueue: { queue: dlq, maxReceiveCount: 3 },
    });
    new sns.Topic(stack, `OrderEvents${i}`).addSubscription(new SqsSubscription(queue, { rawMessageDelivery: true }));
    const worker = new lambda.Function(stack, `OrderWorker${i}`, {
      runtime: lambda.Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: lambda.Code.fromInline('exports.handler = async () => {};'),
    });
    worker.addEventSource(new SqsEventSource(queue, { batchSize: 5 }));
    queues.push(queue);
  }
  new events.Rule(stack, 'OrderPlaced', {
    eventBus: new events.EventBus(stack, 'Orders'),
    eventPattern: { source: ['shop'], detailType: ['OrderPlaced'] },
    targets: [new targets.SqsQueue(queues[0]!)],
  });
  new events.Rule(stack, 'Nightly', {
    schedule: events.Schedule.cron({ hour: '2', minute: '0' }),
    targets: [new targets.SqsQueue(queues[0]!)],
  });
  return Template.fromStack(stack).toJSON()['Resources'] as Record<string, { Type: string }>;
}

/** The template and a module of handlers for its functions, written to a temporary folder. */
function stackFiles(): { dir: string; template: string; functions: string; count: number } {
  const resources = synthesise();
  const count = Object.values(resources).filter((resource) => resource.Type !== 'AWS::CDK::Metadata').length;
  const dir = mkdtempSync(join(tmpdir(), 'serve-start-'));
  const template = join(dir, 'stack.template.json');
  writeFileSync(template, JSON.stringify({ Resources: resources }));
  const functions = join(dir, 'handlers.mjs');
  const ids = Object.entries(resources).filter(([, resource]) => resource.Type === 'AWS::Lambda::Function');
  writeFileSync(functions, ids.map(([id]) => `export const ${id} = async () => {};\n`).join(''));
  return { dir, template, functions, count };
}

function bin(): { file: string; execArgv: string[] } {
  if (process.env['BENCH_LIBRARY'] === 'src')
    return { file: here('../src/server/cli.ts'), execArgv: ['--import', 'tsx'] };
  const built = here('../dist/esm/server/cli.js');
  if (!existsSync(built)) throw new Error('bench: no dist/; run `npm run bench`, which builds it first');
  return { file: built, execArgv: [] };
}

/** One start and stop: ms from spawn to the listening line, and from SIGTERM to the exit (which must be 0). */
async function startAndStop(args: readonly string[]): Promise<{ listening: number; exit: number }> {
  const { file, execArgv } = bin();
  const spawned = performance.now();
  const child = spawn(process.execPath, [...execArgv, file, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  await new Promise<void>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('sqs-sns-mock listening on ')) resolve();
    });
    void exited.then((code) => reject(new Error(`bench: serve exited ${code} before listening: ${stderr}`)));
  });
  const listening = performance.now() - spawned;
  // Settled, as a suite's server is when its last test ends.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const signalled = performance.now();
  child.kill('SIGTERM');
  const code = await exited;
  const exit = performance.now() - signalled;
  if (code !== 0) throw new Error(`bench: serve exited ${code} on SIGTERM: ${stderr}`);
  return { listening, exit };
}

function msResult(figure: string, values: readonly number[], target: number): FigureResult {
  const measured = spread(values);
  return {
    figure,
    value: measured.median,
    low: measured.p25,
    high: measured.p75,
    unit: 'ms',
    target,
    detail: `median of ${values.length} runs, interquartile ${measured.p25.toFixed(0)}–${measured.p75.toFixed(0)} ms`,
  };
}

export async function measure(): Promise<FigureResult[]> {
  const { dir, template, functions, count } = stackFiles();
  try {
    if (count !== RESOURCES) throw new Error(`bench: the CDK stack has ${count} resources, not ${RESOURCES}`);
    const plain: number[] = [];
    const withTemplate: number[] = [];
    const exits: number[] = [];
    await startAndStop([]); // warm-up: the file system's cache
    for (let run = 0; run < RUNS; run++) {
      const bare = await startAndStop([]);
      const stacked = await startAndStop(['--template', template, '--functions', functions]);
      plain.push(bare.listening);
      withTemplate.push(stacked.listening);
      exits.push(bare.exit, stacked.exit);
    }
    return [
      msResult('serve: spawn to the listening line, no template', plain, 1000),
      msResult(`serve: spawn to the listening line, a ${RESOURCES}-resource CDK template`, withTemplate, 2000),
      msResult('serve: SIGTERM to exit, nothing connected', exits, 200),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) report(await measure());
