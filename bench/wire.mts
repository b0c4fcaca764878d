// Figures over the wire (issue 24): the SDK v3 against `sqs-sns-mock serve` over loopback, next to the same client
// against the protocol floor (bench/wire/floor-server.mjs: a bare Node HTTP server answering canned responses) and
// against fauxqs 2.4.1 (bench/peers/, on Node 22, which it needs); and the CPU time of 1,000 long polls held open.
// Each server is a child process of its own, so the client's process is the same for all of them.
//   node --import tsx bench/wire.mts          (npm run bench builds bench/.lib first; BENCH_LIBRARY=src runs src/)
// fauxqs and Node 22 are installed on first use: `npm ci` in bench/peers, `scripts/node22.sh --binary`.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { fileURLToPath } from 'node:url';
import {
  CreateQueueCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { BODY } from './clients.mjs';
import { alternate, calls, ratioResult, report, type FigureResult, type Side } from './harness.mjs';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

interface Served {
  readonly label: string;
  readonly endpoint: string;
  readonly child: ChildProcess;
}

/** Starts a server as a child process and waits for the line that names its endpoint. */
async function start(label: string, file: string, args: readonly string[], execArgv: readonly string[] = []) {
  const child = spawn(file, [...execArgv, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const endpoint = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening (?:on )?(http:\/\/\S+)/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`bench: ${label} exited ${code}: ${stderr}`)));
  });
  return { label, endpoint, child } satisfies Served;
}

function startFloor(): Promise<Served> {
  return start('floor', process.execPath, [here('./wire/floor-server.mjs')]);
}

/** The `serve` bin: as built into bench/.lib by `npm run bench`, or from src/ through tsx (BENCH_LIBRARY=src). */
function startMock(): Promise<Served> {
  const args = ['serve', '--port', '0'];
  if (process.env['BENCH_LIBRARY'] === 'src')
    return start('mock', process.execPath, [here('../src/server/cli.ts'), ...args], ['--import', 'tsx']);
  const built = here('./.lib/server/cli.js');
  if (!existsSync(built)) throw new Error('bench: no bench/.lib; run `npm run bench`, which builds it first');
  return start('mock', process.execPath, [built, ...args], process.env['BENCH_CPU_PROF'] ? ['--cpu-prof'] : []);
}

/** fauxqs 2.4.1 on Node 22, both installed on first use, outside the project's node_modules. */
function startFauxqs(): Promise<Served> {
  const peers = here('./peers');
  if (!existsSync(`${peers}/node_modules/fauxqs`)) {
    process.stderr.write('bench: npm ci in bench/peers (fauxqs)\n');
    execFileSync('npm', ['ci', '--prefix', peers, '--no-audit', '--no-fund', '--loglevel=error'], { stdio: 'inherit' });
  }
  const node22 = execFileSync('bash', [here('../scripts/node22.sh'), '--binary'], { encoding: 'utf8' }).trim();
  return start('fauxqs', node22, [here('./wire/fauxqs-server.mjs')]);
}

function clientOf(endpoint: string, maxSockets = 50): SQSClient {
  return new SQSClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    requestHandler: new NodeHttpHandler({ httpAgent: new Agent({ keepAlive: true, maxSockets }) }),
  });
}

interface Target {
  readonly label: string;
  readonly send: Side;
  readonly receiveDelete: Side;
}

/** One server's sides: SendMessage, and ReceiveMessage + DeleteMessage with the queue refilled (untimed) per round. */
async function targetOf(served: Served, queueName: string, refill: boolean): Promise<Target> {
  const sqs = clientOf(served.endpoint);
  const sent = await sqs.send(new CreateQueueCommand({ QueueName: `${queueName}-send` }));
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: `${queueName}-cycle` }));
  const send = calls(served.label, () =>
    sqs.send(new SendMessageCommand({ QueueUrl: sent.QueueUrl, MessageBody: BODY })),
  );
  const cycles = calls(served.label, async () => {
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    await sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: Messages[0]!.ReceiptHandle }));
  });
  const receiveDelete: Side = {
    label: served.label,
    async round(units) {
      if (refill) {
        for (let i = 0; i < units; i += 10) {
          const Entries = Array.from({ length: Math.min(10, units - i) }, (_, j) => ({
            Id: `e${j}`,
            MessageBody: BODY,
          }));
          await sqs.send(new SendMessageBatchCommand({ QueueUrl, Entries }));
        }
      }
      return cycles.round(units);
    },
  };
  return { label: served.label, send, receiveDelete };
}

const OPTIONS = { rounds: Number(process.env['WIRE_ROUNDS'] ?? 40), perRound: 100, warmupRounds: 5 };

async function perCall(floor: Target, mock: Target, fauxqs: Target | undefined): Promise<FigureResult[]> {
  const results: FigureResult[] = [];
  for (const [what, side] of [
    ['SendMessage', 'send'],
    ['ReceiveMessage + DeleteMessage', 'receiveDelete'],
  ] as const) {
    results.push(
      ratioResult(
        `Over the wire: ${what}, serve / protocol floor`,
        await alternate(floor[side], mock[side], OPTIONS),
        1.15,
      ),
    );
    if (!fauxqs) continue;
    results.push(
      ratioResult(
        `Over the wire: ${what}, fauxqs 2.4.1 / protocol floor`,
        await alternate(floor[side], fauxqs[side], OPTIONS),
        undefined,
      ),
    );
    results.push(
      ratioResult(
        `Over the wire: ${what}, serve / fauxqs 2.4.1`,
        await alternate(fauxqs[side], mock[side], OPTIONS),
        1,
      ),
    );
  }
  return results;
}

/** User and system CPU time of a process so far, in milliseconds (Linux: /proc/<pid>/stat, in clock ticks). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 1,000 ReceiveMessage calls with WaitTimeSeconds 20 held open on the manual clock: the server's CPU while idle. */
async function idleLongPolls(): Promise<FigureResult[]> {
  const POLLS = 1_000;
  const IDLE_MS = 10_000;
  const served = await startMock();
  const pid = served.child.pid!;
  const sqs = clientOf(served.endpoint, POLLS + 10);
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'idle' }));
  await sleep(1_000);
  const withoutPolls = cpuMs(pid);
  await sleep(IDLE_MS);
  const idleWithout = cpuMs(pid) - withoutPolls;
  const polls = Array.from({ length: POLLS }, () =>
    sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 })),
  );
  // Until every poll reached the server and is parked: its CPU stops moving.
  let last = cpuMs(pid);
  for (let quiet = 0; quiet < 3;) {
    await sleep(500);
    const now = cpuMs(pid);
    quiet = now - last < 5 ? quiet + 1 : 0;
    last = now;
  }
  const before = cpuMs(pid);
  await sleep(IDLE_MS);
  const idleWith = cpuMs(pid) - before;
  await fetch(`${served.endpoint}/_mock/clock/advance`, { method: 'POST', body: '{"ms":20000}' });
  const answered = await Promise.all(polls);
  if (answered.some((answer) => answer.Messages !== undefined)) throw new Error('bench: a held poll got a message');
  sqs.destroy();
  served.child.kill('SIGTERM');
  return [
    {
      figure: `Over the wire: CPU time of serve in ${IDLE_MS / 1000} s idle, ${POLLS} long polls held open`,
      value: idleWith,
      unit: 'ms',
      target: 50,
      detail: `${idleWith.toFixed(0)} ms with ${POLLS} polls held, ${idleWithout.toFixed(0)} ms with none, over ${IDLE_MS / 1000} s each (process CPU time, /proc); all ${POLLS} answered empty when the clock passed their wait`,
    },
  ];
}

export async function measure(): Promise<FigureResult[]> {
  const floorServer = await startFloor();
  const mockServer = await startMock();
  let fauxqsServer: Served | undefined;
  try {
    fauxqsServer = await startFauxqs();
  } catch (error) {
    process.stderr.write(`bench: fauxqs not measured: ${String(error)}\n`);
  }
  const floor = await targetOf(floorServer, 'q', false);
  const mock = await targetOf(mockServer, 'q', true);
  const fauxqs = fauxqsServer ? await targetOf(fauxqsServer, 'q', true) : undefined;
  const results = await perCall(floor, mock, fauxqs);
  for (const served of [floorServer, mockServer, fauxqsServer]) served?.child.kill('SIGTERM');
  results.push(...(await idleLongPolls()));
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  report(await measure());
  process.exit(0);
}
