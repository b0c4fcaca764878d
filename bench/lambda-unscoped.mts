// What the scoping of invocations costs in full (issue 20): every invocation runs in an AsyncLocalStorage scope, the
// first wraps process.env in a proxy for good, and the plugin looks up the scope on every command. The library has
// no switch to leave that out, so this figure builds one: a copy of bench/.lib with those calls taken out
// (UNSCOPED_PATCHES below; the figure fails if they no longer apply), run in the same process as the library itself,
// in alternating rounds. Before each round of the copy, the bench puts back process.env as Node made it and disables
// the library's AsyncLocalStorage, which turns Node's promise hooks off again (Node 20; from Node 24, whose
// AsyncLocalStorage needs no hooks, that part costs little); before each round of the library, its proxy goes back.
// - send → mapping → handler reading 5 variables → delete, a function with `environment`: the library / the copy;
// - SendMessage + ReceiveMessage + DeleteMessage by hand, no Lambda: after a function has run (AsyncLocalStorage
//   enabled, so every promise the SDK makes pays a hook) / before: what a test's other calls pay once one handler ran.
// Run on its own: node --import tsx bench/lambda-unscoped.mts (after `npm run bench` has built bench/.lib)
import { AsyncLocalStorage } from 'node:async_hooks';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import FakeTimers from '@sinonjs/fake-timers';
import {
  CreateQueueCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { BODY, mocked } from './clients.mjs';
import { alternate, ratioResult, report, type FigureResult, type Side } from './harness.mjs';
import type * as Library from '../src/index.js';

const RAW_ENV = process.env;
const READ = ['ALPHA', 'BETA', 'AWS_LAMBDA_FUNCTION_NAME', 'HOME', 'PATH'] as const;
const ENVIRONMENT = { ALPHA: '1', BETA: '2' };
let sink = 0;

/** Each: a file of the build, the text to take out (found exactly once) and what replaces it. */
const UNSCOPED_PATCHES: readonly (readonly [file: string, from: string, to: string])[] = [
  ['services/lambda/lambda-function.js', 'installScopedProcessEnv();', ''],
  ['services/lambda/lambda-function.js', 'carryScopeThroughTimers();', ''],
  [
    'core/clock.js',
    "runOutsideScope(() => globalThis.setTimeout(firing(callback, 'global'), ms))",
    "globalThis.setTimeout(firing(callback, 'global'), ms)",
  ],
  [
    'services/lambda/lambda-function.js',
    'runInScope(scope, () => this.call(handler, payload, context, { succeed, fail, callback }));',
    'this.call(handler, payload, context, { succeed, fail, callback });',
  ],
  ['services/lambda/lambda-function.js', 'runInScope(scope, () => this.load(environment))', 'this.load(environment)'],
  ['plugin/plugin.js', 'refuseLateCommand(emulation.sdk.service, command);', ''],
];

/** The library's one AsyncLocalStorage, shared by every copy in the process (sandbox/invocation-scope.ts). */
function sharedStorage(): AsyncLocalStorage<unknown> {
  const shared = (AsyncLocalStorage as unknown as Record<symbol, { storage: AsyncLocalStorage<unknown> } | undefined>)[
    Symbol.for('sqs-sns-mock.invocation-scope')
  ];
  if (!shared) throw new Error('bench: the library made no AsyncLocalStorage (did the scoping move?)');
  return shared.storage;
}

const COPY = 'unscoped-copy';

async function unscopedLibrary(): Promise<typeof Library> {
  const built = fileURLToPath(new URL('./.lib/', import.meta.url));
  // Inside bench/.lib, which git ignores and whose package.json scope makes .js files ES modules.
  const copy = `${built}${COPY}/`;
  rmSync(copy, { recursive: true, force: true });
  for (const entry of readdirSync(built)) {
    if (entry !== COPY) cpSync(built + entry, copy + entry, { recursive: true });
  }
  for (const [file, from, to] of UNSCOPED_PATCHES) {
    const text = readFileSync(copy + file, 'utf8');
    if (text.split(from).length !== 2) {
      throw new Error(`bench: "${from}" is not in ${file} once: update UNSCOPED_PATCHES in bench/lambda-unscoped.mts`);
    }
    writeFileSync(copy + file, text.replace(from, to));
  }
  return (await import(`${copy}index.js`)) as typeof Library;
}

export async function measure(): Promise<FigureResult[]> {
  const unscoped = await unscopedLibrary();
  Object.assign(RAW_ENV, ENVIRONMENT);
  return [await pipeline(unscoped), await sdkCallsWithHooks()];
}

async function pipeline(unscoped: typeof Library): Promise<FigureResult> {
  const handler = async () => {
    let length = 0;
    for (const key of READ) length += process.env[key]?.length ?? 0;
    sink += length;
  };
  const through = async (label: string, aws: Library.AwsMock, sqs: SQSClient, before: () => void): Promise<Side> => {
    const QueueUrl = (await sqs.send(new CreateQueueCommand({ QueueName: 'mapped' }))).QueueUrl!;
    const fn = aws.lambda.createFunction('reader', handler, { environment: ENVIRONMENT });
    aws.lambda.createEventSourceMapping({ FunctionName: fn.name, EventSourceArn: aws.sqs.queue('mapped').arn });
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: BODY }));
    await aws.idle();
    return {
      label,
      async round(units) {
        before();
        const start = process.hrtime.bigint();
        for (let i = 0; i < units; i++) {
          await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: BODY }));
          await aws.idle();
        }
        return Number(process.hrtime.bigint() - start);
      },
    };
  };
  const clock = () => FakeTimers.createClock(1_700_000_000_000);
  const library = mocked({ clock: clock() });
  // Its mapping's first invocation wraps process.env and enables the storage.
  let scopedEnv: NodeJS.ProcessEnv = RAW_ENV;
  const scoped = await through('scoped', library.aws, library.sqs, () => (process.env = scopedEnv));
  scopedEnv = process.env;
  if (scopedEnv === RAW_ENV) throw new Error('bench: the library did not wrap process.env');
  const bare = unscoped.createAwsMock({ clock: clock() });
  const bareSqs = new SQSClient({ region: 'us-east-1' });
  bareSqs.middlewareStack.use(bare.sqs);
  const storage = sharedStorage();
  const unscopedSide = await through('unscoped copy', bare, bareSqs, () => {
    process.env = RAW_ENV;
    storage.disable();
  });
  const measured = await alternate(unscopedSide, scoped, { rounds: 80, perRound: 100 });
  // Node 20 keeps the flag on the instance: the copy's rounds must have left the storage, and its hooks, off.
  await unscopedSide.round(1);
  if ((storage as { enabled?: boolean }).enabled === true) throw new Error('bench: the copy enabled the storage');
  process.env = scopedEnv;
  for (const aws of [library.aws, bare]) {
    const left = aws.sqs.queue('mapped').messages().length;
    if (left !== 0) throw new Error(`bench: a mapping left ${left} messages`);
  }
  return ratioResult(
    'Send → mapping → handler reading 5 variables → delete, `environment` set: scoped / a copy without the scoping',
    measured,
    1.05,
  );
}

async function sdkCallsWithHooks(): Promise<FigureResult> {
  const { sqs } = mocked({ clock: FakeTimers.createClock(1_700_000_000_000) });
  const QueueUrl = (await sqs.send(new CreateQueueCommand({ QueueName: 'by-hand' }))).QueueUrl!;
  const storage = sharedStorage();
  const cycles = (label: string, before: () => void): Side => ({
    label,
    async round(units) {
      before();
      const start = process.hrtime.bigint();
      for (let i = 0; i < units; i++) {
        await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: BODY }));
        const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
        await sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: Messages[0]!.ReceiptHandle }));
      }
      return Number(process.hrtime.bigint() - start);
    },
  });
  // What an invocation's `run` does to the storage: enables it, and with it the hooks, until disabled.
  const enabled = cycles('storage enabled', () => storage.run({}, () => undefined));
  const disabled = cycles('storage disabled', () => storage.disable());
  const measured = await alternate(disabled, enabled, { rounds: 80, perRound: 50 });
  return ratioResult(
    'SendMessage + ReceiveMessage + DeleteMessage once a handler has run (AsyncLocalStorage enabled) / before',
    measured,
    undefined,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  report(await measure());
  for (const key of Object.keys(ENVIRONMENT)) delete RAW_ENV[key];
  if (sink < 0) console.log(sink);
}
