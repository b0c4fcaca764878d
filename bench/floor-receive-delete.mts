// Figure: a ReceiveMessage + DeleteMessage cycle through the mock, next to the same two commands through the SDK
// floor (a client whose only middleware answers each with a constant).
// Run on its own: node --import tsx bench/floor-receive-delete.mts
import {
  CreateQueueCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
} from '@aws-sdk/client-sqs';
import { BODY, floorSqsClient, mocked } from './clients.mjs';
import { alternate, calls, ratioResult, report, type FigureResult, type Side } from './harness.mjs';

/** The figure's two sides: the cycle through the floor, and through the mock with its queue refilled (untimed). */
export async function receiveDeleteSides(): Promise<{ floor: Side; mock: Side }> {
  const floor = floorSqsClient();
  const { sqs, fastSqs } = mocked();
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  const cycle = async (client: typeof sqs): Promise<void> => {
    const { Messages = [] } = await client.send(new ReceiveMessageCommand({ QueueUrl }));
    await client.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: Messages[0]!.ReceiptHandle }));
  };
  const floorSide = calls('floor', () => cycle(floor));
  const mockCycles = calls('mock', () => cycle(sqs));
  // Before each round of the mock, untimed: as many messages as the round will receive.
  const mockSide: Side = {
    label: 'mock',
    async round(units) {
      for (let i = 0; i < units; i += 10) {
        const Entries = Array.from({ length: Math.min(10, units - i) }, (_, j) => ({ Id: `e${j}`, MessageBody: BODY }));
        await fastSqs.send(new SendMessageBatchCommand({ QueueUrl, Entries }));
      }
      return mockCycles.round(units);
    },
  };
  return { floor: floorSide, mock: mockSide };
}

export async function measure(): Promise<FigureResult[]> {
  const { floor, mock } = await receiveDeleteSides();
  // 720 rounds: with 180 the median moved by ±0.03 from run to run, a third of the mock's whole share of a cycle
  // (bench/floor-send.mts says why rounds spread so).
  const measured = await alternate(floor, mock, { rounds: 720, perRound: 120 });
  return [ratioResult('Receive+Delete / SDK floor', measured, 1.1)];
}

if (import.meta.url === `file://${process.argv[1]}`) report(await measure());
