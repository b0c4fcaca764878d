// Figures: what recording journeys costs (createAwsMock's `journeySteps`, on by default), as the ratio of the same
// work on an account that records (the default bound) to one that does not (`journeySteps: 0`): SendMessage, a
// ReceiveMessage + DeleteMessage cycle, and SNS Publish to 50 filtered subscriptions (bench/fan-out.mts's routing
// workload). Target for each: 1.1x.
// Run on its own: node --import tsx bench/journeys.mts (after `npm run bench` has built bench/.lib)
import {
  CreateQueueCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { BODY, mocked } from './clients.mjs';
import { publisher } from './fan-out.mjs';
import { alternate, calls, ratioResult, report, type FigureResult, type Side } from './harness.mjs';

const OFF = { journeySteps: 0 };

export async function measure(): Promise<FigureResult[]> {
  return [await send(), await receiveDelete(), await publish()];
}

async function queueOf(options: { journeySteps?: number }) {
  const { sqs, fastSqs } = mocked(options);
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  return { sqs, fastSqs, QueueUrl: QueueUrl! };
}

async function send(): Promise<FigureResult> {
  const off = await queueOf(OFF);
  const on = await queueOf({});
  const sending =
    ({ sqs, QueueUrl }: { sqs: SQSClient; QueueUrl: string }) =>
    () =>
      sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: BODY }));
  const measured = await alternate(calls('off', sending(off)), calls('on', sending(on)), { rounds: 60, perRound: 200 });
  return ratioResult('SendMessage, journeys recorded / not', measured, 1.1);
}

async function receiveDelete(): Promise<FigureResult> {
  const side = async (label: string, options: { journeySteps?: number }): Promise<Side> => {
    const { sqs, fastSqs, QueueUrl } = await queueOf(options);
    const cycles = calls(label, async () => {
      const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
      await sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: Messages[0]!.ReceiptHandle }));
    });
    return {
      label,
      async round(units) {
        for (let i = 0; i < units; i += 10) {
          const Entries = Array.from({ length: Math.min(10, units - i) }, (_, j) => ({
            Id: `e${j}`,
            MessageBody: BODY,
          }));
          await fastSqs.send(new SendMessageBatchCommand({ QueueUrl, Entries }));
        }
        return cycles.round(units);
      },
    };
  };
  const measured = await alternate(await side('off', OFF), await side('on', {}), { rounds: 60, perRound: 120 });
  return ratioResult('Receive+Delete, journeys recorded / not', measured, 1.1);
}

async function publish(): Promise<FigureResult> {
  const routing = (i: number) => ({ tenant: [`t${Math.floor(i / 5) % 5}`], store: [{ prefix: 's' }], n: [i] });
  const off = await publisher(routing, OFF);
  const on = await publisher(routing, {});
  const measured = await alternate(off.side, on.side, { rounds: 50, perRound: 200 });
  return ratioResult('SNS Publish to 50 filtered subscriptions, journeys recorded / not', measured, 1.1);
}

if (import.meta.url === `file://${process.argv[1]}`) report(await measure());
