import {
  CreateStateMachineCommand,
  InvalidDefinition,
  SFNClient,
  StartExecutionCommand,
  ValidateStateMachineDefinitionCommand,
} from '@aws-sdk/client-sfn';
import FakeTimers from '@sinonjs/fake-timers';
import fc from 'fast-check';
import jsonata from 'jsonata';
import { describe, expect, it } from 'vitest';
import { createAwsMock } from '../../src/index.js';
import { networkTrap } from '../helpers.js';
import { sfnSdk } from '../support/sdk-capabilities.js';
import { FUZZ_PATH, FUZZ_SEED } from './settings.js';

/**
 * Bad definitions for CreateStateMachine (docs/aws-behaviour/stepfunctions.md §1.3, §2): generated state machines of
 * every state type whose fields are missing, of the wrong type, pointing at states that do not exist or in cycles,
 * and JSON that is not a definition at all. The mock must answer InvalidDefinition (and ValidateStateMachineDefinition
 * a FAIL with diagnostics) or create a machine, never throw anything else; a machine created is run on a fake clock,
 * which must end it or leave it waiting on what only the test gives (a task token), never crash or hang: a loop is
 * ended by the history limit (§2.15), a long Wait by the clock. `FUZZ_RUNS` sets the count; a failure prints its
 * replay.
 */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 200);

const NAMES = ['A', 'B', 'C', 'D'];
const odd = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -5, max: 5 }),
  fc.double({ noNaN: true }),
  fc.constantFrom(
    '',
    '$',
    '$.a',
    '$$.Execution.Id',
    "States.Format('{}', $.a)",
    'not a path',
    '$.a[',
    '{% $states.input %}',
  ),
  fc.constant([]),
  fc.constant({}),
);
const next = fc.oneof(fc.constantFrom(...NAMES), fc.constant('Nowhere'), odd);
const field = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: undefined });

const choiceRule = fc.record(
  {
    Variable: field(fc.oneof(fc.constantFrom('$.a', '$.b', '$.missing'), odd)),
    NumericEquals: field(fc.oneof(fc.integer({ min: 0, max: 3 }), odd)),
    StringEquals: field(fc.oneof(fc.constantFrom('x', 'y'), odd)),
    IsPresent: field(fc.boolean()),
    And: field(fc.constant([{ Variable: '$.a', IsNull: false }])),
    Next: field(next),
  },
  { requiredKeys: [] },
);

const retry = fc.record(
  {
    ErrorEquals: field(fc.oneof(fc.constant(['States.ALL']), fc.constant(['States.TaskFailed', 'States.ALL']), odd)),
    IntervalSeconds: field(fc.oneof(fc.integer({ min: 0, max: 3 }), odd)),
    MaxAttempts: field(fc.oneof(fc.integer({ min: 0, max: 3 }), odd)),
    BackoffRate: field(fc.oneof(fc.constantFrom(0.5, 1, 2), odd)),
    JitterStrategy: field(fc.oneof(fc.constantFrom('FULL', 'NONE'), odd)),
  },
  { requiredKeys: [] },
);

const state: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  state: fc.record(
    {
      Type: fc.oneof(fc.constantFrom('Pass', 'Wait', 'Choice', 'Succeed', 'Fail', 'Task', 'Parallel', 'Map'), odd),
      Next: field(next),
      End: field(fc.oneof(fc.boolean(), odd)),
      Result: field(fc.jsonValue()),
      InputPath: field(odd),
      OutputPath: field(odd),
      ResultPath: field(odd),
      Parameters: field(
        fc.oneof(fc.constant({ 'a.$': '$.a' }), fc.constant({ 'x.$': 'States.ArrayGetItem($.list, 5)' }), odd),
      ),
      Seconds: field(fc.oneof(fc.integer({ min: 0, max: 100_000 }), odd)),
      SecondsPath: field(odd),
      Timestamp: field(fc.oneof(fc.constantFrom('2030-01-01T00:00:00Z', '2000-01-01T00:00:00Z'), odd)),
      Choices: field(fc.oneof(fc.array(choiceRule, { maxLength: 3 }), odd)),
      Default: field(next),
      Error: field(odd),
      Cause: field(odd),
      Resource: field(
        fc.oneof(
          fc.constantFrom(
            'arn:aws:states:::lambda:invoke',
            'arn:aws:lambda:us-east-1:000000000000:function:nobody',
            'arn:aws:states:::sqs:sendMessage.waitForTaskToken',
            'arn:aws:states:::dynamodb:getItem',
            'arn:aws:states:::aws-sdk:sfn:listActivities',
            'arn:aws:states:::foo:bar',
          ),
          odd,
        ),
      ),
      TimeoutSeconds: field(fc.oneof(fc.integer({ min: 1, max: 10 }), odd)),
      HeartbeatSeconds: field(fc.oneof(fc.integer({ min: 1, max: 10 }), odd)),
      Retry: field(fc.oneof(fc.array(retry, { maxLength: 2 }), odd)),
      Catch: field(fc.oneof(fc.constant([{ ErrorEquals: ['States.ALL'], Next: 'A' }]), odd)),
      Branches: field(fc.oneof(fc.array(tie('scope'), { maxLength: 2 }), odd)),
      ItemProcessor: field(fc.oneof(tie('scope'), odd)),
      ItemsPath: field(odd),
      MaxConcurrency: field(fc.oneof(fc.integer({ min: 0, max: 3 }), odd)),
      Unknown: field(odd),
    },
    { requiredKeys: [] },
  ),
  scope: fc.record(
    {
      StartAt: field(fc.oneof(fc.constantFrom(...NAMES), odd)),
      States: field(fc.oneof(fc.dictionary(fc.constantFrom(...NAMES), tie('state'), { maxKeys: 4 }), odd)),
    },
    { requiredKeys: [] },
  ),
})).scope;

/**
 * A well-formed machine of up to four states in a chain (A, B, C, D), whose last state may loop back, with a wrong
 * field now and then: in a quarter of them, so that most are created and run (with the wrong field in most of them,
 * as before, one run in a few hundred created nothing).
 */
const wellFormed = fc
  .array(
    fc.record({
      kind: fc.constantFrom('Pass', 'Wait', 'Choice', 'Succeed', 'Fail', 'Parallel', 'Map', 'Task'),
      loopTo: fc.option(fc.nat(3), { nil: undefined }),
      seconds: fc.integer({ min: 0, max: 200_000 }),
      path: fc.constantFrom('$', '$.a', '$.list', '$.missing'),
      odd: fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: fc.tuple(fc.constantFrom('InputPath', 'ResultPath', 'Parameters', 'Seconds', 'Next'), odd),
        },
      ),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((specs) => {
    const inner = { StartAt: 'X', States: { X: { Type: 'Pass', End: true } } };
    const states = Object.fromEntries(
      specs.map((spec, i) => {
        const last = i === specs.length - 1;
        const loop = spec.loopTo === undefined ? undefined : NAMES[spec.loopTo % specs.length]!;
        const next = last ? loop : NAMES[i + 1]!;
        const flow = next === undefined ? { End: true } : { Next: next };
        const base: Record<string, unknown> = {
          Pass: { Type: 'Pass', InputPath: spec.path, ...flow },
          Wait: { Type: 'Wait', Seconds: spec.seconds, ...flow },
          Choice: {
            Type: 'Choice',
            Choices: [{ Variable: spec.path, NumericGreaterThan: 1, Next: next ?? 'A' }],
            Default: loop ?? 'A',
          },
          Succeed: { Type: 'Succeed' },
          Fail: { Type: 'Fail', Error: 'E' },
          Parallel: { Type: 'Parallel', Branches: [inner, inner], ...flow },
          Map: { Type: 'Map', ItemsPath: spec.path, MaxConcurrency: 2, ItemProcessor: inner, ...flow },
          Task: {
            Type: 'Task',
            Resource: 'arn:aws:states:::lambda:invoke',
            Parameters: { FunctionName: 'nobody' },
            Retry: [{ ErrorEquals: ['States.ALL'], MaxAttempts: 2 }],
            ...flow,
          },
        }[spec.kind] as Record<string, unknown>;
        if (spec.odd) base[spec.odd[0]] = spec.odd[1];
        return [NAMES[i]!, base];
      }),
    );
    return JSON.stringify({ StartAt: 'A', States: states });
  });

const document = fc.oneof(
  { weight: 6, arbitrary: wellFormed },
  { weight: 4, arbitrary: state.map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', 'not json', '[]', '1', '{"StartAt":', '{"States":{}}') },
  { weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
);

/**
 * JSONata expressions (docs/aws-behaviour/stepfunctions.md §2.3): pieces of the language and of Step Functions'
 * functions put together, well or badly: paths into `$states`, variables, the functions AWS adds and the one it takes
 * away, regular expressions, operators of JSONata 2.1 that AWS's 2.0 does not read, and broken syntax.
 */
const atom = fc.constantFrom(
  '$states.input',
  '$states.input.a',
  '$states.input[0]',
  '$states.context.Execution.Name',
  '$v',
  '$missing',
  '1',
  '"text"',
  'true',
  'null',
  '[1, 2, 3]',
  '{"k": 1}',
  '$partition([1, 2, 3], 2)',
  '$range(0, 9, 3)',
  "$hash('x', 'SHA-256')",
  "$hash('x', 'MD4')",
  '$random()',
  '$random(7)',
  '$uuid()',
  '$parse("[1]")',
  '$parse("not json")',
  '$eval("1")',
  '$randomSeeded(1)',
  '$now()',
  '$match("ab12", /\\d+/)',
  '$formatNumber(12.5, "#0.0")',
  'function($x){$x}',
  '$count($states.input)',
  '$states.input.{"x": a}',
);
const operator = fc.constantFrom(' + ', ' & ', ' = ', ' and ', ' ?? ', ' ?: ', ' ~> ', ' in ', '.', ' / ', ' > ');
const expression: fc.Arbitrary<string> = fc.letrec((tie) => ({
  expression: fc.oneof(
    { weight: 4, arbitrary: atom },
    {
      weight: 2,
      arbitrary: fc.tuple(tie('expression'), operator, tie('expression')).map(([a, op, b]) => `${a}${op}${b}`),
    },
    { weight: 1, arbitrary: tie('expression').map((inner) => `(${inner})`) },
    { weight: 1, arbitrary: tie('expression').map((inner) => `$string(${inner})`) },
    { weight: 1, arbitrary: tie('expression').map((inner) => `${inner} ? 1 : 2`) },
    { weight: 1, arbitrary: fc.constantFrom('(1 +', ']', '$foo(', '"unclosed', '') },
  ),
})).expression as fc.Arbitrary<string>;

/** A JSONata machine whose Pass, Choice and Map use the generated expressions, with the texts it holds. */
const jsonataMachine = fc
  .tuple(expression, expression, expression, expression)
  .map(([output, assigned, condition, items]) => ({
    expressions: [output, assigned, condition, items],
    text: JSON.stringify({
      QueryLanguage: 'JSONata',
      StartAt: 'Set',
      States: {
        Set: { Type: 'Pass', Assign: { v: `{% ${assigned} %}` }, Output: { out: `{% ${output} %}` }, Next: 'Pick' },
        Pick: { Type: 'Choice', Choices: [{ Condition: `{% ${condition} %}`, Next: 'Each' }], Default: 'Each' },
        Each: {
          Type: 'Map',
          Items: `{% ${items} %}`,
          ItemProcessor: { StartAt: 'P', States: { P: { Type: 'Pass', End: true } } },
          End: true,
        },
      },
    }),
  }));

/** CreateStateMachine of `text`: the machine, or undefined when it answered InvalidDefinition (and nothing else). */
function create(sfn: SFNClient, text: string) {
  return sfn
    .send(
      new CreateStateMachineCommand({ name: 'fuzz', definition: text, roleArn: 'arn:aws:iam::000000000000:role/r' }),
    )
    .then(
      (output) => output,
      (error: unknown) => {
        expect(error).toBeInstanceOf(InvalidDefinition);
        return undefined;
      },
    );
}

describe('fuzzed definitions', () => {
  it('answer InvalidDefinition or make a machine whose execution ends or waits on a token', async () => {
    let created = 0;
    await fc.assert(
      fc.asyncProperty(document, fc.jsonValue(), async (text, input) => {
        const clock = FakeTimers.createClock(Date.UTC(2025, 0, 1));
        const aws = createAwsMock({ clock });
        const sfn = new SFNClient({ region: 'us-east-1', requestHandler: networkTrap, maxAttempts: 1 });
        sfn.middlewareStack.use(aws.sfn);
        // ValidateStateMachineDefinition came with the model of 2024-04: an older client-sfn (3.347.1) cannot send it,
        // and only CreateStateMachine is checked.
        const validated = sfnSdk.has('ValidateStateMachineDefinition')
          ? await sfn.send(new ValidateStateMachineDefinitionCommand({ definition: text }))
          : undefined;
        const made = await create(sfn, text);
        if (validated) expect(validated.result).toBe(made ? 'OK' : 'FAIL');
        if (!made) return;
        created++;
        const { executionArn } = await sfn.send(
          new StartExecutionCommand({ stateMachineArn: made.stateMachineArn, input: JSON.stringify(input) }),
        );
        await aws.runUntilIdle({ maxTime: 3 * 86_400_000, realTimeWait: 0 });
        const execution = aws.sfn.execution(executionArn!);
        if (execution.status === 'RUNNING') {
          // Still running: waiting on the clock (a loop of Waits the history limit ends days later), or on a callback
          // task's token, which only the test gives.
          const last = execution.history().at(-1)!;
          const onTheClock = aws.work.nextAt() !== undefined;
          expect(onTheClock || ['TaskSubmitted', 'TaskStarted', 'TaskScheduled'].includes(last.type)).toBe(true);
        }
        expect(execution.cause ?? '').not.toContain('the emulation failed');
        aws.reset();
      }),
      { numRuns: RUNS, seed: FUZZ_SEED, ...(FUZZ_PATH ? { path: FUZZ_PATH } : {}) },
    );
    if (!FUZZ_PATH) expect(created, `none created: replay with FUZZ_SEED=${FUZZ_SEED}`).toBeGreaterThan(0);
  }, 600_000);

  it("JSONata expressions: refused at creation exactly when they are no JSONata 2.0, else evaluated or failed in AWS's words", async () => {
    let ran = 0;
    await fc.assert(
      fc.asyncProperty(jsonataMachine, fc.jsonValue(), async ({ text, expressions }, input) => {
        const clock = FakeTimers.createClock(Date.UTC(2025, 0, 1));
        const aws = createAwsMock({ clock });
        const sfn = new SFNClient({ region: 'us-east-1', requestHandler: networkTrap, maxAttempts: 1 });
        sfn.middlewareStack.use(aws.sfn);
        const made = await create(sfn, text);
        // The oracle: the reference parser, and JSONata 2.1's `??` and `?:`, which AWS's JSONata 2.0 does not read.
        const refused = expressions.some((expression) => !parsesAsJsonata20(expression));
        expect(made === undefined).toBe(refused);
        if (!made) return;
        ran++;
        const { executionArn } = await sfn.send(
          new StartExecutionCommand({ stateMachineArn: made.stateMachineArn, input: JSON.stringify(input) }),
        );
        await aws.runUntilIdle({ maxTime: 86_400_000, realTimeWait: 0 });
        const execution = aws.sfn.execution(executionArn!);
        expect(['SUCCEEDED', 'FAILED']).toContain(execution.status);
        if (execution.status === 'FAILED') {
          expect(execution.error).toMatch(/^States\./);
          expect(execution.cause ?? '').not.toContain('the emulation failed');
        }
        aws.reset();
      }),
      { numRuns: RUNS, seed: FUZZ_SEED, ...(FUZZ_PATH ? { path: FUZZ_PATH } : {}) },
    );
    if (!FUZZ_PATH) expect(ran, `none ran: replay with FUZZ_SEED=${FUZZ_SEED}`).toBeGreaterThan(0);
  }, 600_000);
});

/**
 * Whether JSONata 2.0 reads `expression`: the reference parser does, and it holds no `??` or `?:` (JSONata 2.1's
 * operators; the generated strings never hold them).
 */
function parsesAsJsonata20(expression: string): boolean {
  try {
    jsonata(expression);
  } catch {
    return false;
  }
  return !/\?\?|\?:/.test(expression);
}
