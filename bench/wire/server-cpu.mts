// Process CPU time per request of a server child (/proc/<pid>/stat, user + system, and user alone) over SendMessage,
// ReceiveMessage and DeleteMessage through the SDK v3 on loopback: the server's own work, which the wall figures of
// bench/wire.mts blur with the client's and the machine's. Builds given as directories (a `tsc --outDir` of src/, as
// bench/.lib) and `floor` (bench/wire/floor-server.mjs) are measured in turn, the whole list REPEATS times, so an old
// and a new build alternate under the same load (docs/speed.md, "Over the wire").
//   node --import tsx bench/wire/server-cpu.mts .scratch/lib-old bench/.lib floor
//   CYCLES=3000 REPEATS=4 PROFILE_DIR=.scratch/prof ...   (PROFILE_DIR: --cpu-prof on the serve children)
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { fileURLToPath } from 'node:url';
import {
  CreateQueueCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { NodeHttpHandler } from '@smithy/node-http-handler';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
const CYCLES = Number(process.env['CYCLES'] ?? 3000);
const REPEATS = Number(process.env['REPEATS'] ?? 3);
const WARM_UP_CYCLES = 500;
const profile = process.env['PROFILE_DIR']
  ? ['--cpu-prof', '--cpu-prof-interval', '50', '--cpu-prof-dir', process.env['PROFILE_DIR']]
  : [];

/** User and system CPU of a process so far, in ms. */
function cpuOf(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ms = (ticks: string | undefined) => (Number(ticks) * 1000) / TICKS_PER_SECOND;
  return { user: ms(fields[11]), system: ms(fields[12]) };
}

async function start(target: string) {
  const args =
    target === 'floor'
      ? [fileURLToPath(new URL('./floor-server.mjs', import.meta.url))]
      : [...profile, `${target}/server/cli.js`, 'serve', '--port', '0'];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const endpoint = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening (?:on )?(http:\/\/\S+)/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`bench: ${target} exited ${code}`)));
  });
  return { child, endpoint };
}

async function measure(target: string): Promise<{ total: number; user: number }> {
  const { child, endpoint } = await start(target);
  const sqs = new SQSClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    requestHandler: new NodeHttpHandler({ httpAgent: new Agent({ keepAlive: true, maxSockets: 50 }) }),
  });
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  const cycle = async () => {
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'hello' }));
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    await sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: Messages[0]!.ReceiptHandle }));
  };
  for (let i = 0; i < WARM_UP_CYCLES; i++) await cycle();
  const before = cpuOf(child.pid!);
  for (let i = 0; i < CYCLES; i++) await cycle();
  const after = cpuOf(child.pid!);
  sqs.destroy();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  const perRequest = (ms: number) => (ms * 1000) / (CYCLES * 3);
  return {
    total: perRequest(after.user + after.system - before.user - before.system),
    user: perRequest(after.user - before.user),
  };
}

const targets = process.argv.slice(2);
if (targets.length === 0) throw new Error('bench: name builds (directories) and/or floor');
const totals = new Map<string, number[]>();
for (let round = 0; round < REPEATS; round++) {
  for (const target of targets) {
    const { total, user } = await measure(target);
    totals.set(target, [...(totals.get(target) ?? []), total]);
    console.log(`${target}: ${total.toFixed(0)} µs CPU a request (user ${user.toFixed(0)})`);
  }
}
for (const [target, values] of totals) {
  const median = [...values].sort((a, b) => a - b)[values.length >> 1]!;
  console.log(`${target}: ${values.map((value) => value.toFixed(0)).join(' / ')} µs, median ${median.toFixed(0)}`);
}
