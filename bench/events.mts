// Figures of EventBridge and Scheduler (issue 23):
// - PutEvents of one entry on a bus of 100 rules, one of which matches and routes it to one SQS target, next to the
//   SDK floor of a bare SendMessage (the SQS command answered by a constant middleware): target ≤ 3×. The other 99
//   rules pin other sources, as rules of an application's services do;
// - matching among many rules that cannot match: PutEvents on a bus of 1,000 rules next to one of 10 (each with the
//   one matching rule), the others pinning other sources: flat (≤ 1.25×), since a bus files its rules by the source
//   or detail-type their patterns require (src/services/events/rule-index.ts). Reported beside it: the same with rules
// that
//   pin neither key (patterns on the detail only), which every event is checked against;
// - a simulated day of a `rate(1 minute)` rule into a queue (the injected fake clock's `tickAsync` over 24 hours:
//   1,440 firings), next to 1,440 SendMessage calls through the mock: target ≤ 1.5×; and the same for a
//   Scheduler schedule of `rate(1 minute)`.
// Each unit of the day figures is a fresh account (made untimed), so that no queue grows through the run.
// Run on its own: node --import tsx bench/events.mts (after `npm run bench` has built bench/.lib)
import {
  EventBridgeClient,
  PutEventsCommand,
  PutRuleCommand,
  PutTargetsCommand,
  type PutEventsRequestEntry,
} from '@aws-sdk/client-eventbridge';
import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { CreateQueueCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import FakeTimers from '@sinonjs/fake-timers';
import { BODY, floorSqsClient } from './clients.mjs';
import { alternate, calls, preparedCalls, ratioResult, report, type FigureResult } from './harness.mjs';
import { createAwsMock, type AwsMock } from './library.mjs';

const DAY_MS = 24 * 60 * 60_000;
const FIRINGS_A_DAY = 1_440;
const ENTRY: PutEventsRequestEntry = { Source: 'shop', DetailType: 'OrderPlaced', Detail: '{"orderId":7,"total":42}' };

function account(clock?: FakeTimers.Clock) {
  const aws = createAwsMock(clock === undefined ? {} : { clock });
  const events = new EventBridgeClient({ region: 'us-east-1' });
  events.middlewareStack.use(aws.events);
  const sqs = new SQSClient({ region: 'us-east-1' });
  sqs.middlewareStack.use(aws.sqs);
  const scheduler = new SchedulerClient({ region: 'us-east-1' });
  scheduler.middlewareStack.use(aws.scheduler);
  return { aws, events, sqs, scheduler };
}

/** A bus of `rules` rules on the default bus: rule 0 matches ENTRY and routes it to a queue; the others cannot. */
async function busWithRules(rules: number, other: (i: number) => object) {
  const { aws, events, sqs } = account();
  await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  const queueArn = aws.sqs.queue('orders').arn;
  for (let i = 0; i < rules; i++) {
    const pattern = i === 0 ? { source: ['shop'], 'detail-type': ['OrderPlaced'] } : other(i);
    await events.send(new PutRuleCommand({ Name: `rule-${i}`, EventPattern: JSON.stringify(pattern) }));
    if (i === 0) await events.send(new PutTargetsCommand({ Rule: 'rule-0', Targets: [{ Id: 'q', Arn: queueArn }] }));
  }
  return { aws, events };
}

const otherSource = (i: number) => ({ source: [`service-${i}`], detail: { orderId: [{ numeric: ['>', 0] }] } });
const detailOnly = (i: number) => ({ detail: { region: [`r-${i}`], total: [{ numeric: ['>', 100] }] } });

function putEvents(events: EventBridgeClient) {
  return () => events.send(new PutEventsCommand({ Entries: [ENTRY] }));
}

async function putEventsVsFloor(): Promise<FigureResult> {
  const floor = floorSqsClient();
  const { events } = await busWithRules(100, otherSource);
  const QueueUrl = 'https://sqs.us-east-1.amazonaws.com/000000000000/q';
  const measured = await alternate(
    calls('floor', () => floor.send(new SendMessageCommand({ QueueUrl, MessageBody: BODY }))),
    calls('PutEvents', putEvents(events)),
    { rounds: 40, perRound: 200 },
  );
  return ratioResult('PutEvents, 100 rules, one SQS target / SendMessage SDK floor', measured, 3);
}

async function manyVsFewRules(other: (i: number) => object, figure: string, target: number | undefined) {
  const few = await busWithRules(10, other);
  const many = await busWithRules(1_000, other);
  const measured = await alternate(calls('10 rules', putEvents(few.events)), calls('1,000', putEvents(many.events)), {
    rounds: 40,
    perRound: 200,
  });
  return ratioResult(figure, measured, target);
}

/** A fresh account on a fake clock, prepared by `arrange`; each unit runs a simulated day of it. */
function dayOf(label: string, arrange: (mocked: ReturnType<typeof account>, queueArn: string) => Promise<unknown>) {
  let aws: AwsMock | undefined;
  let clock: ReturnType<typeof FakeTimers.createClock> | undefined;
  return preparedCalls(
    label,
    async () => {
      clock = FakeTimers.createClock(Date.UTC(2025, 0, 1));
      const mocked = account(clock);
      await mocked.sqs.send(new CreateQueueCommand({ QueueName: 'ticks' }));
      await arrange(mocked, mocked.aws.sqs.queue('ticks').arn);
      aws = mocked.aws;
    },
    async () => {
      // Recurring firings are not work runUntilIdle waits for (docs/guide/clock.md): the test moves the clock itself.
      await clock!.tickAsync(DAY_MS);
      const count = aws!.sqs.queue('ticks').messages().length;
      // A schedule's rate also runs once right as it is created (eventbridge.md §13.4): 1,441 in the day.
      if (count < FIRINGS_A_DAY) throw new Error(`${label}: ${count} messages in a day, not ${FIRINGS_A_DAY}`);
    },
  );
}

function sendsOfADay() {
  let send: (() => Promise<unknown>) | undefined;
  return preparedCalls(
    `${FIRINGS_A_DAY} SendMessage`,
    async () => {
      const { sqs } = account();
      const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'ticks' }));
      send = () => sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: BODY }));
    },
    async () => {
      for (let i = 0; i < FIRINGS_A_DAY; i++) await send!();
    },
  );
}

async function scheduledRuleDay(): Promise<FigureResult> {
  const day = dayOf('a day of rate(1 minute)', async ({ events }, Arn) => {
    await events.send(new PutRuleCommand({ Name: 'tick', ScheduleExpression: 'rate(1 minute)' }));
    await events.send(new PutTargetsCommand({ Rule: 'tick', Targets: [{ Id: 'q', Arn }] }));
  });
  const measured = await alternate(sendsOfADay(), day, { rounds: 16, perRound: 1, warmupRounds: 3 });
  return ratioResult('A day of a rate(1 minute) rule into a queue / 1,440 SendMessage', measured, 1.5);
}

async function scheduleDay(): Promise<FigureResult> {
  const day = dayOf('a day of a rate(1 minute) schedule', async ({ scheduler }, Arn) => {
    await scheduler.send(
      new CreateScheduleCommand({
        Name: 'tick',
        ScheduleExpression: 'rate(1 minute)',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: { Arn, RoleArn: 'arn:aws:iam::000000000000:role/scheduler' },
      }),
    );
  });
  const measured = await alternate(sendsOfADay(), day, { rounds: 16, perRound: 1, warmupRounds: 3 });
  return ratioResult('A day of a rate(1 minute) Scheduler schedule into a queue / 1,440 SendMessage', measured, 1.5);
}

export async function measure(): Promise<FigureResult[]> {
  return [
    await putEventsVsFloor(),
    await manyVsFewRules(otherSource, 'PutEvents: 1,000 vs 10 rules pinning other sources', 1.25),
    await manyVsFewRules(detailOnly, 'PutEvents: 1,000 vs 10 rules pinning no source (every one checked)', undefined),
    await scheduledRuleDay(),
    await scheduleDay(),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) report(await measure());
