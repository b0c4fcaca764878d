// Figure: what it costs to let fake time end the delays of 100 messages out of 100,000 delayed, next to 100 out of
// 1,000. Costing in proportion to all delayed messages would make this ratio 100.
// Run on its own: node --import tsx bench/time-delayed.mts (after `npm run bench` has built bench/.lib)
//
// Each queue runs on its own fake clock. Its messages were sent with DelaySeconds 900, evenly over 900 simulated
// seconds, so their delays end evenly. A measured step advances the clock by the time in which 100 delays end, and
// touches the queue (GetQueueAttributes), which is when the mock applies the passage of time. Untimed, the 100 messages
// are received and deleted and 100 new ones sent with DelaySeconds 900, so that the number delayed stays put. Clients
// have `cacheMiddleware: true` (see depth-standard.mts).
import FakeTimers from '@sinonjs/fake-timers';
import {
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import { mocked } from './clients.mjs';
import { alternate, preparedCalls, ratioResult, report, type FigureResult } from './harness.mjs';

const MANY = Number(process.env['BENCH_DELAYED'] ?? 100_000);
const FEW = 1_000;
const ENDING = 100;
const DELAY_SECONDS = 900;

export async function measure(): Promise<FigureResult[]> {
  const few = await queueDelayed(FEW);
  const many = await queueDelayed(MANY);
  const measured = await alternate(
    preparedCalls(`${FEW} delayed`, few.replace, few.step),
    preparedCalls(`${MANY} delayed`, many.replace, many.step),
    { rounds: 40, perRound: 20 },
  );
  return [
    ratioResult(
      `Time: ${ENDING} delays ending among ${MANY.toLocaleString('en-US')} vs ${FEW.toLocaleString('en-US')} delayed`,
      measured,
      1.5,
    ),
  ];
}

async function queueDelayed(count: number) {
  const clock = FakeTimers.createClock(1_700_000_000_000);
  const { fastSqs: sqs } = mocked({ clock });
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  // Integer milliseconds between sends: 9 ms for 100,000 messages, 900 ms for 1,000.
  const spacingMs = (DELAY_SECONDS * 1000) / count;
  for (let i = 0; i < count; i++) {
    if (i > 0) clock.tick(spacingMs);
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: `message ${i}`, DelaySeconds: DELAY_SECONDS }));
  }
  // The first message's delay ends one spacing from now; each step of ENDING spacings ends ENDING delays.
  let sent = count;
  return {
    step: async () => {
      clock.tick(ENDING * spacingMs);
      await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['ApproximateNumberOfMessages'] }));
    },
    replace: async () => {
      for (let i = 0; i < ENDING; i += 10) {
        const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }));
        if (Messages.length > 0) {
          const Entries = Messages.map((m, j) => ({ Id: `d${j}`, ReceiptHandle: m.ReceiptHandle }));
          await sqs.send(new DeleteMessageBatchCommand({ QueueUrl, Entries }));
        }
        const fresh = Array.from({ length: 10 }, (_, j) => ({
          Id: `e${j}`,
          MessageBody: `message ${sent++}`,
          DelaySeconds: DELAY_SECONDS,
        }));
        await sqs.send(new SendMessageBatchCommand({ QueueUrl, Entries: fresh }));
      }
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) report(await measure());
