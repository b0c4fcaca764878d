// A steady workload for a CPU profile of the mock's hot paths (docs/speed.md, "Where the time goes"): the same calls
// as the figures, through the real SDK clients with the plugin, on the library bench/.lib (bench/library.mts).
//   node --import tsx --cpu-prof --cpu-prof-dir=.scratch/cpu bench/profile.mts [floor-]send|receive-delete|publish [n]
//   node bench/profile-summary.mjs .scratch/cpu [operations]     # the profile by owner, in µs per operation
// `send` is SendMessage, `receive-delete` a SendMessage, a ReceiveMessage and a DeleteMessage, `publish` the routing
// workload of bench/fan-out.mts (6 of 50 filtered subscriptions match); each through clients without
// `cacheMiddleware`, as the figures measure them; `floor-<workload>` is the same through the SDK floor
// (bench/clients.mts), to set beside it. Not a figure: bench/run.mts does not run it.
import {
  CreateQueueCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import { PublishCommand } from '@aws-sdk/client-sns';
import { BODY, floorSnsClient, floorSqsClient, mocked } from './clients.mjs';
import { publisher, routingPolicy } from './fan-out.mjs';

const asked = process.argv[2] ?? '';
const floor = asked.startsWith('floor-');
const workload = floor ? asked.slice('floor-'.length) : asked;
const operations = Number(process.argv[3] ?? 30_000);
// As in the figures, where both sides share a process: the mock's first command hooks the SDK package's commands
// (src/plugin/install/command-hook.ts), which every client then goes through, the floor's too.
await mocked().sqs.send(new CreateQueueCommand({ QueueName: 'hooks-the-sdk' }));

if (workload === 'publish') {
  const { side, input } = await publisher(routingPolicy);
  const floorSns = floorSnsClient();
  if (floor) for (let i = 0; i < operations; i++) await floorSns.send(new PublishCommand(input));
  else for (let done = 0; done < operations; done += 200) await side.round(200);
} else if (workload === 'send' || workload === 'receive-delete') {
  const sqs = floor ? floorSqsClient() : mocked().sqs;
  const { QueueUrl = 'https://sqs.us-east-1.amazonaws.com/000000000000/q' } = floor
    ? {}
    : await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  for (let i = 0; i < operations; i++) {
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: BODY }));
    if (workload === 'send') continue;
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    await sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: Messages[0]!.ReceiptHandle }));
  }
} else {
  throw new Error('bench/profile.mts: send, receive-delete or publish');
}
