// Figure: SendMessage through the mock, next to the SDK floor (the same command answered by a constant middleware).
// Run on its own: node --import tsx bench/floor-send.mts
import { CreateQueueCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { BODY, floorSqsClient, mocked } from './clients.mjs';
import { alternate, calls, ratioResult, report, type FigureResult } from './harness.mjs';

export async function measure(): Promise<FigureResult[]> {
  const floor = floorSqsClient();
  const { sqs } = mocked();
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  // The queue grows by some 10,000 messages over the run; depth costs O(log n) (bench/depth-*.mts).
  const measured = await alternate(
    calls('floor', () => floor.send(new SendMessageCommand({ QueueUrl, MessageBody: BODY }))),
    calls('mock', () => sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: BODY }))),
    { rounds: 60, perRound: 200 },
  );
  return [ratioResult('SendMessage / SDK floor', measured, 1.1)];
}

if (import.meta.url === `file://${process.argv[1]}`) report(await measure());
