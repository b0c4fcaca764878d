// Figure: SendMessage through the mock, next to the SDK floor (the same command answered by a constant middleware).
// Run on its own: node --import tsx bench/floor-send.mts
import { CreateQueueCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { BODY, floorSqsClient, mocked } from './clients.mjs';
import { alternate, calls, ratioResult, report, type FigureResult } from './harness.mjs';

export async function measure(): Promise<FigureResult[]> {
  const floor = floorSqsClient();
  const { sqs } = mocked();
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  // 720 rounds. A round's ratio spreads from about 0.8 to 1.5: a scavenge takes some 5 ms (most of what it copies is
  // the SDK's own), a round some 16, and it lands in one round, not in the other side's. The median of 180 rounds so
  // moved by ±0.05 from run to run, as much as the mock's whole share of a call; of 720, by about ±0.02
  // (docs/speed.md). The queue grows by some 145,000 messages over the run; depth costs O(log n) (bench/depth-*.mts).
  const measured = await alternate(
    calls('floor', () => floor.send(new SendMessageCommand({ QueueUrl, MessageBody: BODY }))),
    calls('mock', () => sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: BODY }))),
    { rounds: 720, perRound: 200 },
  );
  return [ratioResult('SendMessage / SDK floor', measured, 1.1)];
}

if (import.meta.url === `file://${process.argv[1]}`) report(await measure());
