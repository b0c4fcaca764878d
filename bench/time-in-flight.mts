// Figure: what it costs to let fake time expire the visibility timeouts of 100 messages out of 100,000 in flight,
// next to 100 out of 1,000. Costing in proportion to all messages in flight would make this ratio 100.
// Run on its own: node --import tsx bench/time-in-flight.mts (after `npm run bench` has built bench/.lib)
//
// Each queue runs on its own fake clock (@sinonjs/fake-timers, the `clock` option). Its messages were received ten per
// simulated second with a visibility timeout as long as the whole cycle, so their timeouts end ten per second. A
// measured step advances the clock by ten seconds and touches the queue (GetQueueAttributes), which is when the mock
// applies the passage of time: 100 messages become visible. Untimed, they are received again, so that they go to the
// back of the line and the number in flight stays put. Clients have `cacheMiddleware: true` (see depth-standard.mts).
import FakeTimers from '@sinonjs/fake-timers';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
} from '@aws-sdk/client-sqs';
import { mocked } from './clients.mjs';
import { alternate, preparedCalls, ratioResult, report, type FigureResult } from './harness.mjs';

const MANY = Number(process.env['BENCH_IN_FLIGHT'] ?? 100_000);
const FEW = 1_000;
const EXPIRING = 100;

export async function measure(): Promise<FigureResult[]> {
  const few = await queueInFlight(FEW);
  const many = await queueInFlight(MANY);
  const measured = await alternate(
    preparedCalls(`${FEW} in flight`, few.receiveAgain, few.step),
    preparedCalls(`${MANY} in flight`, many.receiveAgain, many.step),
    { rounds: 40, perRound: 20 },
  );
  return [
    ratioResult(
      `Time: ${EXPIRING} timeouts ending among ${MANY.toLocaleString('en-US')} vs ${FEW.toLocaleString('en-US')} in flight`,
      measured,
      1.5,
    ),
  ];
}

async function queueInFlight(count: number) {
  const clock = FakeTimers.createClock(1_700_000_000_000);
  const { fastSqs: sqs } = mocked({ clock });
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  const cycleSeconds = count / 10;
  for (let i = 0; i < count; i += 10) {
    const Entries = Array.from({ length: 10 }, (_, j) => ({ Id: `e${j}`, MessageBody: `message ${i + j}` }));
    await sqs.send(new SendMessageBatchCommand({ QueueUrl, Entries }));
  }
  const receiveTen = () =>
    sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, VisibilityTimeout: cycleSeconds }));
  for (let i = 0; i < count; i += 10) {
    if (i > 0) clock.tick(1000);
    await receiveTen();
  }
  // Now the first ten received are a second away from the end of their timeouts: each step of ten seconds ends 100.
  return {
    step: async () => {
      clock.tick((EXPIRING / 10) * 1000);
      await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['ApproximateNumberOfMessages'] }));
    },
    receiveAgain: async () => {
      for (let i = 0; i < EXPIRING; i += 10) await receiveTen();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) report(await measure());
