// A CPU profile of a figure's two sides in one process, as the figure runs them (alternating rounds, the mock's first
// command having hooked the SDK), with each round's span written beside it, so that bench/profile-sides-summary.mjs
// can say what each side's rounds spent their time on. Profiles of the two sides in processes of their own
// (bench/profile.mts) differ as much by the machine's minute as by the code; here both share the minute, the SDK's
// inline caches and the heap. Not a figure: bench/run.mts does not run it.
//   node --import tsx --cpu-prof --cpu-prof-dir=.scratch/sides bench/profile-sides.mts send|receive|publish [rounds]
//   node bench/profile-sides-summary.mjs .scratch/sides [rows]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PublishCommand } from '@aws-sdk/client-sns';
import { CreateQueueCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { BODY, floorSnsClient, floorSqsClient, mocked } from './clients.mjs';
import { publisher, routingPolicy } from './fan-out.mjs';
import { receiveDeleteSides } from './floor-receive-delete.mjs';
import { calls, type Side } from './harness.mjs';

const workload = process.argv[2] ?? 'send';
const rounds = Number(process.argv[3] ?? 100);
const PER_ROUND = 200;

async function sides(): Promise<{ floor: Side; mock: Side }> {
  if (workload === 'publish') {
    // The routing workload of bench/fan-out.mts (6 of 50 filtered subscriptions match).
    const { side, input } = await publisher(routingPolicy);
    const floor = floorSnsClient();
    return { floor: calls('floor', () => floor.send(new PublishCommand(input))), mock: side };
  }
  // The cycle of bench/floor-receive-delete.mts: ReceiveMessage then DeleteMessage.
  if (workload === 'receive') return receiveDeleteSides();
  if (workload !== 'send') throw new Error('bench/profile-sides.mts: send, receive or publish');
  const floor = floorSqsClient();
  const { sqs } = mocked();
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  const send = (client: typeof sqs) => client.send(new SendMessageCommand({ QueueUrl, MessageBody: BODY }));
  return { floor: calls('floor', () => send(floor)), mock: calls('mock', () => send(sqs)) };
}

const { floor, mock } = await sides();
/** Each timed round's span, in µs of the monotonic clock the profile's timestamps use too. */
const spans: { side: 'floor' | 'mock'; start: number; end: number }[] = [];
const microseconds = (): number => Number(process.hrtime.bigint() / 1000n);
for (let round = -5; round < rounds; round++) {
  const order = round % 2 === 0 ? (['floor', 'mock'] as const) : (['mock', 'floor'] as const);
  for (const name of order) {
    const nanoseconds = await (name === 'floor' ? floor : mock).round(PER_ROUND);
    const end = microseconds();
    if (round >= 0) spans.push({ side: name, start: end - nanoseconds / 1000, end });
  }
}
const profileDir = process.execArgv.find((arg) => arg.startsWith('--cpu-prof-dir='))?.split('=')[1] ?? '.';
// The profiler makes its folder only as the process ends.
mkdirSync(profileDir, { recursive: true });
writeFileSync(join(profileDir, 'spans.json'), JSON.stringify({ perRound: PER_ROUND, spans }));
