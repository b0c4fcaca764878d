// Figures of Step Functions (issue 36):
// - a 100-state Pass chain, from StartExecution to its end, next to 100 SendMessage calls through the mock: ≤ 1×;
// - a one-day Wait next to a one-second one, each run to its end by `aws.runUntilIdle` on an injected fake clock:
//   the day costs no more real time (≤ 1.25×, within the noise). A zero-second Wait goes on without a timer, so
//   `aws.idle()` ends it; next to it a timed Wait also pays runUntilIdle's one step (reported beside, untargeted);
// - a Map over 1,000 items with MaxConcurrency 10 whose iterations call a Lambda task, next to 1,000 Invoke calls of
//   the same function through LambdaClient: ≤ 2×;
// - GetExecutionHistory of a 1,000-event execution next to a 100-event one, per event: flat (≤ 1.25×).
// Run on its own: node --import tsx bench/sfn.mts (after `npm run bench` has built bench/.lib)
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import {
  CreateStateMachineCommand,
  GetExecutionHistoryCommand,
  SFNClient,
  StartExecutionCommand,
} from '@aws-sdk/client-sfn';
import { CreateQueueCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import FakeTimers from '@sinonjs/fake-timers';
import { BODY } from './clients.mjs';
import { alternate, calls, preparedCalls, ratioResult, report, type FigureResult } from './harness.mjs';
import { createAwsMock, type AwsMock } from './library.mjs';

const ROLE = 'arn:aws:iam::000000000000:role/bench';

function account(clock?: FakeTimers.Clock) {
  const aws = createAwsMock(clock === undefined ? {} : { clock });
  const sfn = new SFNClient({ region: 'us-east-1' });
  sfn.middlewareStack.use(aws.sfn);
  const sqs = new SQSClient({ region: 'us-east-1' });
  sqs.middlewareStack.use(aws.sqs);
  const lambda = new LambdaClient({ region: 'us-east-1' });
  lambda.middlewareStack.use(aws.lambda);
  return { aws, sfn, sqs, lambda };
}

async function machine(sfn: SFNClient, name: string, definition: object): Promise<string> {
  const { stateMachineArn } = await sfn.send(
    new CreateStateMachineCommand({ name, roleArn: ROLE, definition: JSON.stringify(definition) }),
  );
  return stateMachineArn!;
}

/** Starts an execution and waits for its end (the view's model settles when it ends). */
async function runToEnd(aws: AwsMock, sfn: SFNClient, stateMachineArn: string, input = '{}'): Promise<string> {
  const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn, input }));
  await aws.sfn.execution(executionArn!).execution.done;
  return executionArn!;
}

function chain(states: number): object {
  const entries = Array.from({ length: states }, (_, i) => [
    `S${i}`,
    { Type: 'Pass', ...(i === states - 1 ? { End: true } : { Next: `S${i + 1}` }) },
  ]);
  return { StartAt: 'S0', States: Object.fromEntries(entries) };
}

async function passChain(): Promise<FigureResult> {
  const { aws, sfn, sqs } = account();
  const arn = await machine(sfn, 'chain', chain(100));
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  const measured = await alternate(
    calls('100 SendMessage', async () => {
      for (let i = 0; i < 100; i++) await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: BODY }));
    }),
    calls('a 100-state Pass chain', () => runToEnd(aws, sfn, arn)),
    { rounds: 20, perRound: 5 },
  );
  aws.reset();
  return ratioResult('A 100-state Pass chain / 100 SendMessage', measured, 1);
}

function waitOf(seconds: number) {
  let run: (() => Promise<unknown>) | undefined;
  return preparedCalls(
    `a Wait of ${seconds} s`,
    async () => {
      const { aws, sfn } = account(FakeTimers.createClock(Date.UTC(2025, 0, 1)));
      const arn = await machine(sfn, 'wait', {
        StartAt: 'W',
        States: { W: { Type: 'Wait', Seconds: seconds, End: true } },
      });
      run = async () => {
        await sfn.send(new StartExecutionCommand({ stateMachineArn: arn }));
        await aws.runUntilIdle({ maxTime: 2 * 86_400_000 });
      };
    },
    () => run!(),
  );
}

async function dayLongWait(against: number, target: number | undefined): Promise<FigureResult> {
  const measured = await alternate(waitOf(against), waitOf(86_400), { rounds: 20, perRound: 5 });
  return ratioResult(`A one-day Wait / a ${against}-second Wait, run to their end`, measured, target);
}

async function mapOfLambda(): Promise<FigureResult> {
  const { aws, sfn, lambda } = account();
  const fn = aws.lambda.createFunction('double', async (n: number) => n * 2, { invocationHistory: 0 } as never);
  const items = JSON.stringify(Array.from({ length: 1_000 }, (_, i) => i));
  const arn = await machine(sfn, 'map', {
    StartAt: 'M',
    States: {
      M: {
        Type: 'Map',
        MaxConcurrency: 10,
        ItemProcessor: {
          StartAt: 'T',
          States: {
            T: {
              Type: 'Task',
              Resource: 'arn:aws:states:::lambda:invoke',
              Parameters: { FunctionName: fn.arn, 'Payload.$': '$' },
              End: true,
            },
          },
        },
        End: true,
      },
    },
  });
  const measured = await alternate(
    calls('1,000 Invoke', async () => {
      for (let i = 0; i < 1_000; i++)
        await lambda.send(new InvokeCommand({ FunctionName: 'double', Payload: String(i) }));
    }),
    calls('a Map of 1,000 Lambda tasks', () => runToEnd(aws, sfn, arn, items)),
    { rounds: 10, perRound: 1, warmupRounds: 2 },
  );
  return ratioResult('A Map of 1,000 Lambda tasks (MaxConcurrency 10) / 1,000 Invoke', measured, 2);
}

async function historyPerEvent(): Promise<FigureResult> {
  const { aws, sfn } = account();
  const small = await runToEnd(aws, sfn, await machine(sfn, 'small', chain(49)));
  const large = await runToEnd(aws, sfn, await machine(sfn, 'large', chain(499)));
  const read = (executionArn: string, times: number) => async () => {
    for (let i = 0; i < times; i++) await sfn.send(new GetExecutionHistoryCommand({ executionArn, maxResults: 1000 }));
  };
  // 100 events read ten times against 1,000 events read once: the same number of events each side.
  const measured = await alternate(
    calls('100 events × 10', read(small, 10)),
    calls('1,000 events × 1', read(large, 1)),
    {
      rounds: 20,
      perRound: 10,
    },
  );
  return ratioResult('GetExecutionHistory per event: 1,000 events / 100 events', measured, 1.25);
}

export async function measure(): Promise<FigureResult[]> {
  return [
    await passChain(),
    await dayLongWait(1, 1.25),
    await dayLongWait(0, undefined),
    await mapOfLambda(),
    await historyPerEvent(),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) report(await measure());
