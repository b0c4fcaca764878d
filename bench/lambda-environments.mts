// Figures of Lambda's execution environments (issue 20), each a ratio within this process:
// - warm `{ load }` environments next to a plain handler: one burst of 10 messages (SendMessageBatch of 5 to each of
//   two queues a mapping with BatchSize 1 polls, then `aws.idle()`), per message. The loader's function serves the
//   burst from 10 environments at once (each mapping opens 5 batches at its initial bound; the handler takes a turn
//   of the event loop, as one that does I/O does, so the two mappings' batches overlap); the plain handler is one
//   environment and serves them one after another. A second figure: the same with a handler that answers at once;
//   the loader's function then serves each burst from 5 of its warm environments;
// - a cold start (a fresh function whose `load()` answers at once) next to a warm invocation of the same, both an
//   Invoke through LambdaClient: what a cold start adds beyond the loader's own time; and the 200th and later cold
//   start of one function, its 199 and more other environments busy, next to a function's first;
// - `process.env` read in a handler (its environment's variables over the process's, through the scoping proxy),
//   next to the same reads outside any invocation and to reads of process.env as Node has it, unwrapped;
// - send → mapping → handler → delete with a function that has `environment` set, next to one without (the scoping
//   machinery is at work for both: lambda-unscoped.mts measures it against a build without it).
// Run on its own: node --import tsx bench/lambda-environments.mts (after `npm run bench` has built bench/.lib)
import FakeTimers from '@sinonjs/fake-timers';
import { CreateQueueCommand, SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { BODY, mocked } from './clients.mjs';
import {
  alternate,
  preparedCalls,
  ratioResult,
  report,
  us,
  type Alternation,
  type FigureResult,
  type Side,
} from './harness.mjs';

/** process.env as Node made it: the first invocation wraps it in the scoping proxy, for good. */
const RAW_ENV = process.env;
/** What the handlers read: two variables of the function's environment, one of Lambda's, two of the process. */
const READ = ['ALPHA', 'BETA', 'AWS_LAMBDA_FUNCTION_NAME', 'HOME', 'PATH'] as const;
const ENVIRONMENT = { ALPHA: '1', BETA: '2' };
let sink = 0;

export async function measure(): Promise<FigureResult[]> {
  return [
    await warmBursts('takes a turn'),
    await warmBursts('answers at once'),
    ...(await coldStarts()),
    ...(await environmentReads()),
    await pipelineWithEnvironment(),
  ];
}

/** A handler that takes a turn of the event loop, as one awaiting I/O does, or answers at once. */
function burstHandler(kind: 'takes a turn' | 'answers at once'): () => Promise<null> {
  if (kind === 'answers at once') return async () => null;
  return async () => {
    await new Promise((resolve) => setImmediate(resolve));
    return null;
  };
}

async function warmBursts(kind: 'takes a turn' | 'answers at once'): Promise<FigureResult> {
  const BURST = 10;
  const QUEUES = 2;
  const clock = FakeTimers.createClock(1_700_000_000_000);
  const { aws, sqs } = mocked({ clock });
  const handler = burstHandler(kind);
  const side = async (label: string, name: string, code: Parameters<typeof aws.lambda.createFunction>[1]) => {
    const fn = aws.lambda.createFunction(name, code);
    const urls: string[] = [];
    for (let q = 0; q < QUEUES; q++) {
      const QueueName = `${name}-${q}`;
      urls.push((await sqs.send(new CreateQueueCommand({ QueueName }))).QueueUrl!);
      aws.lambda.createEventSourceMapping({
        FunctionName: fn.name,
        EventSourceArn: aws.sqs.queue(QueueName).arn,
        BatchSize: 1,
        ScalingConfig: { MaximumConcurrency: BURST },
      });
    }
    const Entries = Array.from({ length: BURST / QUEUES }, (_, j) => ({ Id: `e${j}`, MessageBody: BODY }));
    const burst: Side = {
      label,
      async round(units) {
        const start = process.hrtime.bigint();
        for (let i = 0; i < units; i++) {
          for (const QueueUrl of urls) await sqs.send(new SendMessageBatchCommand({ QueueUrl, Entries }));
          await aws.idle();
        }
        // Per message, not per burst.
        return Number(process.hrtime.bigint() - start) / BURST;
      },
    };
    return { fn, burst };
  };
  const plain = await side('plain handler', 'plain', handler);
  const loaded = await side('{ load }', 'loaded', { load: () => ({ handler }) });
  await aws.idle();
  const measured = await alternate(plain.burst, loaded.burst, { rounds: 60, perRound: 20 });
  const last = loaded.fn.invocations().slice(-BURST);
  const inLastBurst = new Set(last.map((invocation) => invocation.environmentId)).size;
  const made = new Set(loaded.fn.invocations().map((invocation) => invocation.environmentId)).size;
  const cold = loaded.fn.invocations().filter((invocation) => invocation.coldStart).length;
  const plainMade = new Set(plain.fn.invocations().map((invocation) => invocation.environmentId)).size;
  const expected = kind === 'takes a turn' ? BURST : BURST / QUEUES;
  if (inLastBurst !== expected || plainMade !== 1 || last.some((invocation) => invocation.outcome !== 'success')) {
    throw new Error(
      `bench: the last burst ran in ${inLastBurst} environments (expected ${expected}), the plain handler in ${plainMade}`,
    );
  }
  return ratioResult(
    `\`{ load }\`, 10 messages a burst from ${expected} warm environments / a plain handler, per message (handler ${kind})`,
    measured,
    1.2,
    [
      `${us(measured.b.median)} vs ${us(measured.a.median)} per message; ${measured.rounds} alternating rounds of`,
      `${measured.perRound} bursts of ${BURST}; the loader's function made ${made} environments (${cold} cold`,
      `starts) for ${loaded.fn.invocations().length} invocations, ${inLastBurst} served the last burst`,
    ].join(' '),
  );
}

async function coldStarts(): Promise<FigureResult[]> {
  // Held before the first unit, whose preparation holds one more: its cold start is the function's 200th.
  const HELD = 198;
  const clock = FakeTimers.createClock(1_700_000_000_000);
  const { aws } = mocked({ clock });
  const lambda = new LambdaClient({ region: 'us-east-1' });
  lambda.middlewareStack.use(aws.lambda);
  const handler = async () => null;
  const invoke = (FunctionName: string, hold = false) =>
    lambda.send(
      new InvokeCommand({
        FunctionName,
        InvocationType: hold ? 'Event' : 'RequestResponse',
        Payload: hold ? '{"hold":true}' : '{}',
      }),
    );

  const warmFn = aws.lambda.createFunction('warm', { load: () => ({ handler }) });
  await invoke(warmFn.name);
  const warm = preparedCalls(
    'a warm invocation',
    () => undefined,
    () => invoke(warmFn.name),
  );

  let fresh = 0;
  let freshName = '';
  const first = preparedCalls(
    'a first cold start',
    () => (freshName = aws.lambda.createFunction(`fresh-${fresh++}`, { load: () => ({ handler }) }).name),
    () => invoke(freshName),
  );

  // One function whose every environment but the one invoked is busy: invocations holding theirs until the end.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const crowded = aws.lambda.createFunction('crowded', {
    load: () => ({
      handler: async (event: { hold?: boolean }) => {
        if (event.hold) await held;
        return null;
      },
    }),
  });
  const holdOne = async (): Promise<void> => {
    const running = crowded.running;
    await invoke(crowded.name, true);
    while (crowded.running === running) await new Promise((resolve) => setImmediate(resolve));
  };
  for (let i = 0; i < HELD; i++) await holdOne();
  // Each unit first takes the environment the previous one left warm: the one invoked then is always a new one.
  const later = preparedCalls('the 200th and later cold starts', holdOne, () => invoke(crowded.name));

  const warmCold = await alternate(warm, first, { rounds: 60, perRound: 50 });
  const firstLater = await alternate(first, later, { rounds: 30, perRound: 20 });
  const invocations = crowded.invocations();
  const environments = new Set(invocations.map((invocation) => invocation.environmentId)).size;
  const measuredCold = invocations.filter((invocation) => !(invocation.event as { hold?: boolean }).hold);
  if (measuredCold.some((invocation) => !invocation.coldStart) || environments !== HELD + 1 + measuredCold.length) {
    throw new Error(`bench: an invocation of the crowded function was not a cold start (${environments} environments)`);
  }
  if (warmFn.invocations().some((invocation, i) => invocation.coldStart !== (i === 0))) {
    throw new Error('bench: the warm function had a second cold start');
  }
  release();
  await aws.idle();
  return [
    ratioResult(
      'A cold start (`load()` answering at once) / a warm invocation, Invoke through LambdaClient',
      warmCold,
      2,
      [
        `${us(warmCold.b.median)} vs ${us(warmCold.a.median)} per Invoke: a cold start adds`,
        `${us(warmCold.b.median - warmCold.a.median)}; ${warmCold.rounds} alternating rounds of ${warmCold.perRound}`,
      ].join(' '),
    ),
    ratioResult(
      "A function's 200th and later cold starts (its other environments busy) / a function's first",
      firstLater,
      1.3,
      [
        `${us(firstLater.b.median)} vs ${us(firstLater.a.median)} per Invoke; ${firstLater.rounds} alternating rounds`,
        `of ${firstLater.perRound}; the crowded function made ${environments} environments`,
      ].join(' '),
    ),
  ];
}

async function environmentReads(): Promise<FigureResult[]> {
  const REPEATS = 2_000;
  const clock = FakeTimers.createClock(1_700_000_000_000);
  const { aws } = mocked({ clock });
  const lambda = new LambdaClient({ region: 'us-east-1' });
  lambda.middlewareStack.use(aws.lambda);
  // Outside invocations the process has ALPHA and BETA too, so that each side reads values, not misses, where it can.
  Object.assign(RAW_ENV, ENVIRONMENT);
  let passes = 0;
  let insideNs = 0;
  const fn = aws.lambda.createFunction(
    'reader',
    async () => {
      insideNs = timeReads(process.env, passes);
      return null;
    },
    { environment: ENVIRONMENT },
  );
  const invoke = () => lambda.send(new InvokeCommand({ FunctionName: fn.name }));
  await invoke();
  if (process.env === RAW_ENV) throw new Error('bench: the first invocation did not wrap process.env');
  const inside: Side = {
    label: 'in a handler',
    async round(units) {
      passes = units;
      await invoke();
      return insideNs;
    },
  };
  const outside: Side = { label: 'outside invocations', round: async (units) => timeReads(process.env, units) };
  const unwrapped: Side = { label: 'unwrapped', round: async (units) => timeReads(RAW_ENV, units) };
  const options = { rounds: 40, perRound: REPEATS };
  const insideUnwrapped = await alternate(unwrapped, inside, options);
  const outsideUnwrapped = await alternate(unwrapped, outside, options);
  for (const key of Object.keys(ENVIRONMENT)) delete RAW_ENV[key];
  const perRead = (measured: Alternation, side: 'a' | 'b') =>
    `${((measured[side].median * 1000) / READ.length).toFixed(0)} ns`;
  const note = `5 reads a pass (${READ.join(', ')}); ${options.rounds} alternating rounds of ${REPEATS} passes`;
  return [
    ratioResult(
      '`process.env` reads in a handler (scoped) / unwrapped process.env',
      insideUnwrapped,
      undefined,
      [`${perRead(insideUnwrapped, 'b')} vs ${perRead(insideUnwrapped, 'a')} per read; ${note}`].join(''),
    ),
    ratioResult(
      '`process.env` reads outside invocations (the proxy passing through) / unwrapped',
      outsideUnwrapped,
      undefined,
      [`${perRead(outsideUnwrapped, 'b')} vs ${perRead(outsideUnwrapped, 'a')} per read; ${note}`].join(''),
    ),
  ];
}

function timeReads(env: NodeJS.ProcessEnv, passes: number): number {
  const start = process.hrtime.bigint();
  let length = 0;
  for (let i = 0; i < passes; i++) for (const key of READ) length += env[key]?.length ?? 0;
  const took = Number(process.hrtime.bigint() - start);
  sink += length;
  return took;
}

async function pipelineWithEnvironment(): Promise<FigureResult> {
  const clock = FakeTimers.createClock(1_700_000_000_000);
  const { aws, sqs } = mocked({ clock });
  const handler = async () => {
    let length = 0;
    for (const key of READ) length += process.env[key]?.length ?? 0;
    sink += length;
  };
  const through = async (label: string, name: string, environment?: Record<string, string>): Promise<Side> => {
    const QueueUrl = (await sqs.send(new CreateQueueCommand({ QueueName: name }))).QueueUrl!;
    const fn = aws.lambda.createFunction(name, handler, environment ? { environment } : {});
    aws.lambda.createEventSourceMapping({ FunctionName: fn.name, EventSourceArn: aws.sqs.queue(name).arn });
    return {
      label,
      async round(units) {
        const start = process.hrtime.bigint();
        for (let i = 0; i < units; i++) {
          await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: BODY }));
          await aws.idle();
        }
        return Number(process.hrtime.bigint() - start);
      },
    };
  };
  const without = await through('no environment', 'bare');
  const withEnvironment = await through('environment: { ALPHA, BETA }', 'configured', ENVIRONMENT);
  await aws.idle();
  const measured = await alternate(without, withEnvironment, { rounds: 80, perRound: 100 });
  for (const name of ['bare', 'configured']) {
    const left = aws.sqs.queue(name).messages().length;
    if (left !== 0) throw new Error(`bench: the mapping of ${name} left ${left} messages`);
  }
  return ratioResult(
    'Send → mapping → handler reading 5 variables → delete: a function with `environment` / one without',
    measured,
    1.05,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  report(await measure());
  if (sink < 0) console.log(sink);
}
