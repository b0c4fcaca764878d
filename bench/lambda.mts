// Figures of Lambda's SQS event source (issue 14), each a ratio within this process:
// - one message through SendMessage → the mapping's poll → the handler → its delete, awaited with `aws.idle()`, next
//   to the same message through SendMessage + ReceiveMessage + DeleteMessage by hand (both through SQSClient with the
//   plugin): what a test pays to drive a handler through a mapping instead of receiving itself;
// - `runUntilIdle` over a simulated day with 10 idle mappings, next to one over a minute: it moves time event by
//   event, so a day with nothing to do costs what a minute does;
// - 100,000 messages drained through a mapping with BatchSize 10: the last 30,000's cost per message next to that of
//   the 3rd to 5th 10,000, to show no growth as the queue empties and the function's record of invocations grows.
// Run on its own: node --import tsx bench/lambda.mts (after `npm run bench` has built bench/.lib)
import FakeTimers from '@sinonjs/fake-timers';
import {
  CreateQueueCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import { BODY, mocked } from './clients.mjs';
import { alternate, ratioResult, report, spread, us, type FigureResult, type Side } from './harness.mjs';

export async function measure(): Promise<FigureResult[]> {
  return [await throughMapping(), await idleDay(), await drain()];
}

async function throughMapping(): Promise<FigureResult> {
  const clock = FakeTimers.createClock(1_700_000_000_000);
  const { aws, sqs } = mocked({ clock });
  const byHand = (await sqs.send(new CreateQueueCommand({ QueueName: 'by-hand' }))).QueueUrl!;
  const mapped = (await sqs.send(new CreateQueueCommand({ QueueName: 'mapped' }))).QueueUrl!;
  let handled = 0;
  const fn = aws.lambda.createFunction('worker', async () => {
    handled++;
  });
  aws.lambda.createEventSourceMapping({ FunctionName: fn.name, EventSourceArn: aws.sqs.queue('mapped').arn });
  await aws.idle();
  const manual: Side = {
    label: 'send, receive, delete',
    async round(units) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < units; i++) {
        await sqs.send(new SendMessageCommand({ QueueUrl: byHand, MessageBody: BODY }));
        const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: byHand }));
        await sqs.send(new DeleteMessageCommand({ QueueUrl: byHand, ReceiptHandle: Messages[0]!.ReceiptHandle }));
      }
      return Number(process.hrtime.bigint() - start);
    },
  };
  const throughLambda: Side = {
    label: 'send, mapping, handler, delete',
    async round(units) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < units; i++) {
        await sqs.send(new SendMessageCommand({ QueueUrl: mapped, MessageBody: BODY }));
        await aws.idle();
      }
      return Number(process.hrtime.bigint() - start);
    },
  };
  const measured = await alternate(manual, throughLambda, { rounds: 40, perRound: 200 });
  const left = aws.sqs.queue('mapped').messages().length;
  if (left !== 0 || handled === 0) throw new Error(`bench: the mapping left ${left} messages, handled ${handled}`);
  return ratioResult('Send → mapping → handler → delete / send + receive + delete', measured, 1.5);
}

async function idleDay(): Promise<FigureResult> {
  const clock = FakeTimers.createClock(1_700_000_000_000);
  const { aws, sqs } = mocked({ clock });
  for (let i = 0; i < 10; i++) {
    await sqs.send(new CreateQueueCommand({ QueueName: `q${i}` }));
    const fn = aws.lambda.createFunction(`f${i}`, async () => null);
    aws.lambda.createEventSourceMapping({ FunctionName: fn.name, EventSourceArn: aws.sqs.queue(`q${i}`).arn });
  }
  await aws.idle();
  let moved = 0;
  const over = (label: string, maxTime: number): Side => ({
    label,
    async round(units) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < units; i++) moved += await aws.runUntilIdle({ maxTime });
      return Number(process.hrtime.bigint() - start);
    },
  });
  const measured = await alternate(over('a minute', 60_000), over('a day', 86_400_000), {
    rounds: 30,
    perRound: 50,
  });
  return ratioResult(
    'runUntilIdle over a day / over a minute (10 idle mappings)',
    measured,
    2,
    [
      `${us(measured.b.median)} vs ${us(measured.a.median)} per call; ${measured.rounds} alternating rounds of`,
      `${measured.perRound}; time moved in all: ${moved} ms`,
    ].join(' '),
  );
}

async function drain(): Promise<FigureResult> {
  const TOTAL = 100_000;
  const CHUNK = 10_000;
  const clock = FakeTimers.createClock(1_700_000_000_000);
  const { aws, fastSqs } = mocked({ clock });
  const QueueUrl = (await fastSqs.send(new CreateQueueCommand({ QueueName: 'bulk' }))).QueueUrl!;
  for (let i = 0; i < TOTAL; i += 10) {
    const Entries = Array.from({ length: 10 }, (_, j) => ({ Id: `e${j}`, MessageBody: `${BODY} ${i + j}` }));
    await fastSqs.send(new SendMessageBatchCommand({ QueueUrl, Entries }));
  }
  const marks: bigint[] = [process.hrtime.bigint()];
  let seen = 0;
  const fn = aws.lambda.createFunction('bulk', async (event: { Records: unknown[] }) => {
    for (let i = 0; i < event.Records.length; i++) if (++seen % CHUNK === 0) marks.push(process.hrtime.bigint());
  });
  aws.lambda.createEventSourceMapping({ FunctionName: fn.name, EventSourceArn: aws.sqs.queue('bulk').arn });
  await aws.idle();
  const left = aws.sqs.queue('bulk').messages().length;
  if (seen !== TOTAL || left !== 0) throw new Error(`bench: drained ${seen} of ${TOTAL}, ${left} left`);
  // µs per message of each 10,000; the first two also pay for warming the code up, so chunks 3-5 are the baseline
  // and the last three the end, each side a median (a single chunk moves by a quarter with garbage collection).
  const perChunk = marks.slice(1).map((mark, i) => Number(mark - marks[i]!) / CHUNK / 1000);
  const early = spread(perChunk.slice(2, 5)).median;
  const late = spread(perChunk.slice(-3)).median;
  return {
    figure: 'Draining 100,000 messages (BatchSize 10): the last 30,000 / the 3rd-5th 10,000, per message',
    value: late / early,
    unit: 'x',
    target: 1.3,
    detail:
      `${us(late)} vs ${us(early)} per message (medians of three 10,000s; each: ` +
      `${perChunk.map((value) => value.toFixed(0)).join(', ')} µs); ` +
      `${aws.lambda.function('bulk').invocations().length} invocations`,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) report(await measure());
