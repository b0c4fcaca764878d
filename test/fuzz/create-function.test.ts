import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAwsMock } from '../../src/index.js';
import { networkTrap, ONE_ATTEMPT } from '../helpers.js';
import { checkWithReplay, FUZZ_INPUTS } from './settings.js';
import { mapKey, nonJson, oddString, wrongType } from './values.js';

/**
 * Bad input to `aws.lambda.createFunction(name, code, options)` (docs/aws-behaviour/lambda.md §5.5, §5.8): generated
 * names, code forms (a handler, `{ load }`, `{ load, handler }`, loaders whose module lacks the export or whose load
 * throws, and values that are none of these) and options with an `environment` (valid, Lambda's reserved keys, keys
 * its pattern refuses, values that are no strings, over 4 KB, and no object at all). The mock must succeed or throw
 * its own TypeError, its message starting `sqs-sns-mock:`; never another error. An oracle written from lambda.md §5.5
 * alone says which: a success where Lambda refuses, or a refusal of what it takes, fails too. A function created is
 * invoked twice through the LambdaClient: the handler sees its variables in process.env (and the test's process does
 * not), a loader's load runs once per environment, one whose load throws or lacks the export fails the invocation
 * and loads again in a new environment. `FUZZ_RUNS` sets the count (half of it in runs); a failure prints its replay.
 */

const RUNS = Math.ceil(FUZZ_INPUTS / 2);

/** Lambda's reserved keys, from lambda.md §5.5 and §5.8 (written out here, not imported: this is the oracle). */
const RESERVED = [
  '_HANDLER',
  '_X_AMZN_TRACE_ID',
  'AWS_DEFAULT_REGION',
  'AWS_REGION',
  'AWS_EXECUTION_ENV',
  'AWS_LAMBDA_FUNCTION_NAME',
  'AWS_LAMBDA_FUNCTION_MEMORY_SIZE',
  'AWS_LAMBDA_FUNCTION_VERSION',
  'AWS_LAMBDA_INITIALIZATION_TYPE',
  'AWS_LAMBDA_LOG_GROUP_NAME',
  'AWS_LAMBDA_LOG_STREAM_NAME',
  'AWS_ACCESS_KEY',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_LAMBDA_RUNTIME_API',
  'LAMBDA_TASK_ROOT',
  'LAMBDA_RUNTIME_DIR',
];
const KEY = /^[A-Za-z][A-Za-z0-9_]+$/;
const MAX_BYTES = 4096;

/** What a generated code form is, for the oracle and for what its invocations must come to. */
type CodeKind = 'handler' | 'loader' | 'missingExport' | 'throwingLoad' | 'notCode';

interface CodeCase {
  readonly kind: CodeKind;
  /** Builds the code afresh (loads counted in `loads`). */
  readonly make: (loads: { n: number }) => unknown;
  readonly label: string;
}

/** What every working handler answers: the variables it sees, for the keys the test asks about. */
const seen = async (event: { keys?: string[] }) =>
  Object.fromEntries((event?.keys ?? []).map((key) => [key, process.env[key] ?? null]));

const codeCase: fc.Arbitrary<CodeCase> = fc.oneof(
  fc.constant<CodeCase>({ kind: 'handler', label: 'a handler', make: () => seen }),
  fc
    .record({ exportName: fc.constantFrom(undefined, 'x', 'main'), underDefault: fc.boolean() })
    .map(({ exportName, underDefault }): CodeCase => ({
      kind: 'loader',
      label: `{ load${exportName ? `, handler: '${exportName}'` : ''} }${underDefault ? ' (under default)' : ''}`,
      make: (loads) => {
        const exports = { [exportName ?? 'handler']: seen };
        const load = () => (loads.n++, underDefault ? { default: exports } : exports);
        return exportName === undefined ? { load } : { load, handler: exportName };
      },
    })),
  fc.constantFrom<unknown>({}, { main: () => 1 }, { default: 5 }, null, 5, 'x').map((module): CodeCase => ({
    kind: 'missingExport',
    label: `{ load } of ${JSON.stringify(module)}`,
    make: (loads) => ({ load: () => (loads.n++, module) }),
  })),
  fc.constantFrom<unknown>(new Error('load failed'), 'text', undefined, 5n).map((thrown): CodeCase => ({
    kind: 'throwingLoad',
    label: `{ load } throwing ${String(thrown)}`,
    make: (loads) => ({
      load: () => {
        loads.n++;
        throw thrown;
      },
    }),
  })),
  fc
    .oneof(
      fc.constantFrom<unknown>(
        undefined,
        null,
        {},
        'handler',
        42,
        [],
        { load: 5 },
        { load: 'x' },
        { load: null },
        { handler: () => 1 },
      ),
      fc
        .constantFrom<unknown>(5, '', null, {}, ['x'], 0n, Symbol('h'))
        .map((handler) => ({ load: () => ({}), handler })),
      wrongType.filter((value) => typeof value !== 'function'),
    )
    .map((value): CodeCase => ({ kind: 'notCode', label: `bad code ${safeText(value)}`, make: () => value })),
);

/** A key, valid or not, and a value, mostly valid. */
const validKey = fc.stringMatching(/^FZ_[A-Za-z0-9_]{0,8}$/);
const entryKey = fc.oneof(
  { weight: 6, arbitrary: validKey },
  { weight: 1, arbitrary: fc.constantFrom('HOME', 'PATH', 'NODE_ENV', 'aws_region', 'Aws_Region') },
  { weight: 2, arbitrary: fc.constantFrom(...RESERVED) },
  { weight: 2, arbitrary: fc.constantFrom('', 'a', '1AB', '_AB', 'A-B', 'A.B', 'A B', 'É_A', 'A\u0000B', 'ab$') },
  { weight: 1, arbitrary: mapKey() },
);
const entryValue = fc.oneof(
  { weight: 8, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: oddString },
  { weight: 1, arbitrary: fc.constantFrom('v'.repeat(MAX_BYTES), 'é'.repeat(2040), '') },
  { weight: 3, arbitrary: wrongType.filter((value) => typeof value !== 'string') },
);
const environment: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 6, arbitrary: fc.dictionary(entryKey, entryValue, { maxKeys: 5 }) },
  { weight: 2, arbitrary: fc.dictionary(validKey, fc.string({ maxLength: 10 }), { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, [], ['A=1'], 'A=1', 5, new Map([['AB', '1']])) },
  { weight: 1, arbitrary: nonJson },
);
const nameCase = fc.oneof(
  { weight: 18, arbitrary: fc.constantFrom('fn', 'worker', 'f_1', 'a-b') },
  { weight: 1, arbitrary: fc.constantFrom('', 'a b', 'x'.repeat(65), 'f:1', 'É') },
  { weight: 1, arbitrary: wrongType },
);

interface CreateCase {
  readonly name: unknown;
  readonly code: CodeCase;
  readonly options: unknown;
}

const createCase: fc.Arbitrary<CreateCase> = fc.record({
  name: nameCase,
  code: codeCase,
  options: fc.oneof(
    { weight: 15, arbitrary: environment.map((env) => (env === undefined ? {} : { environment: env })) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(undefined, null, 5, 'opts', { environment: undefined }) },
  ),
});

/** Why Lambda (and so the mock) refuses the case, per lambda.md §5.5, §5.8, §6.3; undefined when it takes it. */
function refusal(value: CreateCase, taken: ReadonlySet<string>): string | undefined {
  const { name, code, options } = value;
  if (typeof name !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(name)) return 'name';
  if (code.kind === 'notCode') return 'code';
  if (options !== undefined && (typeof options !== 'object' || options === null)) return 'options';
  const env = (options as { environment?: unknown } | undefined)?.environment;
  if (env !== undefined) {
    if (typeof env !== 'object' || env === null || Array.isArray(env)) return 'environment';
    const entries = Object.entries(env);
    if (entries.some(([key]) => RESERVED.includes(key))) return 'reserved key';
    if (entries.some(([key]) => !KEY.test(key))) return 'key';
    if (entries.some(([, text]) => typeof text !== 'string')) return 'value';
    const bytes = entries.reduce((sum, [key, text]) => sum + Buffer.byteLength(key) + Buffer.byteLength(text), 0);
    if (bytes > MAX_BYTES) return 'size';
  }
  if (taken.has(name)) return 'exists';
  return undefined;
}

/** The test process's own values of the variables a case names (read one by one: process.env is no plain object). */
function variablesNow(value: CreateCase): Map<string, string | undefined> {
  const env = (value.options as { environment?: unknown } | null | undefined)?.environment;
  const keys = typeof env === 'object' && env !== null ? Object.keys(env) : [];
  return new Map([...keys, 'AWS_REGION', 'AWS_LAMBDA_FUNCTION_NAME'].map((key) => [key, process.env[key]]));
}

function safeText(value: unknown): string {
  try {
    return typeof value === 'symbol' || typeof value === 'bigint'
      ? String(value)
      : (JSON.stringify(value) ?? 'undefined');
  } catch {
    return Object.prototype.toString.call(value);
  }
}

describe('createFunction with generated options and code', () => {
  it(`takes what Lambda takes and refuses the rest with its own TypeError, over ${RUNS} runs`, async () => {
    const aws = createAwsMock();
    const lambda = new LambdaClient({ region: aws.region, requestHandler: networkTrap, ...ONE_ATTEMPT });
    lambda.middlewareStack.use(aws.lambda);
    const outcomes = new Map<string, number>();
    const property = fc.asyncProperty(fc.array(createCase, { minLength: 1, maxLength: 3 }), async (cases) => {
      aws.reset();
      const taken = new Set<string>();
      for (const value of cases) {
        const loads = { n: 0 };
        const code = value.code.make(loads);
        const why = refusal(value, taken);
        const envBefore = variablesNow(value);
        let created = false;
        try {
          aws.lambda.createFunction(value.name as string, code as never, value.options as never);
          created = true;
        } catch (error) {
          // The mock's own refusal only: a TypeError saying what is wrong, nothing else (no crash of its own code).
          if (!(error instanceof TypeError) || !error.message.startsWith('sqs-sns-mock:')) {
            throw new Error(`createFunction threw another error (${value.code.label}): ${String(error)}`, {
              cause: error,
            });
          }
          if (why === undefined) throw new Error(`refused what Lambda takes (${value.code.label}): ${error.message}`);
          if (why === 'reserved key' && !error.message.includes('Reserved keys used in this request:')) {
            throw new Error(`a reserved key refused with another text: ${error.message}`);
          }
        }
        const outcome = created ? `created: ${value.code.kind}` : `refused: ${why}`;
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        if (created && why !== undefined) throw new Error(`took what Lambda refuses (${why}, ${value.code.label})`);
        if (!created) continue;
        const name = value.name as string;
        taken.add(name);
        await checkInvocations(aws, lambda, name, value, loads, envBefore);
      }
    });
    try {
      await checkWithReplay(property, { numRuns: RUNS, replay: 'test/fuzz/create-function.test.ts' });
    } finally {
      if (process.env['FUZZ_STATS']) console.log([...outcomes].map(([what, n]) => `${n} ${what}`).join('\n'));
    }
  }, 120_000);
});

/** Two invocations of a created function: what they see and come to, by its code's form (lambda.md §5.5, §5.8). */
async function checkInvocations(
  aws: ReturnType<typeof createAwsMock>,
  lambda: LambdaClient,
  name: string,
  value: CreateCase,
  loads: { n: number },
  envBefore: ReadonlyMap<string, string | undefined>,
): Promise<void> {
  const variables = (value.options as { environment?: Record<string, string> } | undefined)?.environment ?? {};
  const keys = [...Object.keys(variables), 'AWS_REGION', 'AWS_LAMBDA_FUNCTION_NAME'];
  for (let i = 0; i < 2; i++) {
    const answer = await lambda.send(
      new InvokeCommand({ FunctionName: name, Payload: Buffer.from(JSON.stringify({ keys })) }),
    );
    const works = value.code.kind === 'handler' || value.code.kind === 'loader';
    const payload = JSON.parse(Buffer.from(answer.Payload ?? new Uint8Array()).toString() || 'null') as Record<
      string,
      unknown
    >;
    if (works !== (answer.FunctionError === undefined)) {
      throw new Error(`${value.code.label}: invocation ${i + 1} answered ${JSON.stringify(payload)}`);
    }
    if (value.code.kind === 'missingExport' && payload['errorType'] !== 'Runtime.HandlerNotFound') {
      throw new Error(`${value.code.label}: ${JSON.stringify(payload)}, not Runtime.HandlerNotFound`);
    }
    if (works) {
      expect(payload).toEqual({ ...variables, AWS_REGION: aws.region, AWS_LAMBDA_FUNCTION_NAME: name });
    }
  }
  // Outside its invocations the test's process sees its own variables.
  for (const key of keys) {
    if (process.env[key] !== envBefore.get(key)) throw new Error(`process.env.${key} changed outside the invocations`);
  }
  const invocations = aws.lambda.function(name).invocations();
  const environments = invocations.map((invocation) => invocation.environmentId);
  const colds = invocations.map((invocation) => invocation.coldStart);
  // A working or plain function keeps its environment warm; a load that fails discards it, and the next loads again.
  const fresh = value.code.kind === 'throwingLoad' || value.code.kind === 'missingExport';
  expect(colds).toEqual(fresh ? [true, true] : [true, false]);
  expect(new Set(environments).size).toBe(fresh ? 2 : 1);
  if (value.code.kind !== 'handler') expect(loads.n).toBe(new Set(environments).size);
}
