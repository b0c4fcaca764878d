/**
 * TestState (docs/aws-behaviour/stepfunctions.md §1.14): one state run once, with the inspection levels, against
 * AWS's recordings of the same states and inputs.
 */
import { InvalidDefinition, SFNClient, TestStateCommand, ValidationException } from '@aws-sdk/client-sfn';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sfnSdk } from '../support/sdk-capabilities.js';
import { ROLE, sfnSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2) }));
afterEach(() => vi.useRealTimers());

const HELLO_WORLD = JSON.stringify({ Value: 'HelloWorld' });
const NESTED = JSON.stringify({
  initialData: { fieldFromInput: 'value from input', otherField: 'other' },
  unrelatedData: { someOtherField: 1234 },
});
const IO_PASS = {
  Type: 'Pass',
  InputPath: '$.initialData',
  Parameters: { staticValue: 'some value', 'inputValue.$': '$.fieldFromInput' },
  ResultPath: '$.modifiedData',
  End: true,
};
const CHOICE = {
  Type: 'Choice',
  Choices: [
    { Not: { Variable: '$.type', StringEquals: 'Private' }, Next: 'Public' },
    { Variable: '$.value', NumericEquals: 0, Next: 'ValueIsZero' },
    {
      And: [
        { Variable: '$.value', NumericGreaterThanEquals: 20 },
        { Variable: '$.value', NumericLessThan: 30 },
      ],
      Next: 'ValueInTwenties',
    },
  ],
  Default: 'DefaultState',
};

function test(sfn: SFNClient, state: object, input: string, inspectionLevel?: 'INFO' | 'DEBUG' | 'TRACE', more = {}) {
  return sfn.send(new TestStateCommand({ definition: JSON.stringify(state), input, inspectionLevel, ...more }));
}

/**
 * The recorded answers hold JSON text: the output and each inspection stage parsed, as the recordings show them (the
 * Map's numbers and errorDetails are not text).
 */
const parsed = (answer: { output?: string; inspectionData?: object }) => ({
  ...answer,
  ...(answer.output !== undefined ? { output: JSON.parse(answer.output) as unknown } : {}),
  ...(answer.inspectionData !== undefined
    ? {
        inspectionData: Object.fromEntries(
          Object.entries(answer.inspectionData).map(([key, text]) => [
            key,
            typeof text === 'string' ? (JSON.parse(text) as unknown) : (text as unknown),
          ]),
        ),
      }
    : {}),
});

// TestState came with the model of 2023-11: an older client-sfn (3.347.1, sdk-range's oldest) cannot send it.
describe.skipIf(!sfnSdk.has('TestState'))('TestState (§1.14)', () => {
  it('INFO: the output and the next state, as recorded', async () => {
    const { sfn } = sfnSetup();
    const pass = await test(sfn, { Type: 'Pass', End: true }, HELLO_WORLD);
    expect(pass).toMatchObject({ status: 'SUCCEEDED', output: HELLO_WORLD });
    expect(pass.nextState).toBeUndefined();
    expect(pass.inspectionData).toBeUndefined();
    expect(parsed(await test(sfn, IO_PASS, NESTED))).toMatchObject({
      output: {
        initialData: { fieldFromInput: 'value from input', otherField: 'other' },
        unrelatedData: { someOtherField: 1234 },
        modifiedData: { staticValue: 'some value', inputValue: 'value from input' },
      },
      status: 'SUCCEEDED',
    });
    const fail = await test(
      sfn,
      { Type: 'Fail', Error: 'SomeFailure', Cause: "This state machines raises a 'SomeFailure' failure." },
      HELLO_WORLD,
    );
    expect(fail).toMatchObject({
      status: 'FAILED',
      error: 'SomeFailure',
      cause: "This state machines raises a 'SomeFailure' failure.",
    });
    expect(fail.output).toBeUndefined();
    const choice = await test(sfn, CHOICE, JSON.stringify({ type: 'Private', value: 22 }));
    expect(choice).toMatchObject({
      status: 'SUCCEEDED',
      nextState: 'ValueInTwenties',
      output: '{"type":"Private","value":22}',
    });
  });

  it('DEBUG: what each stage of the data processing made, as recorded', async () => {
    const { sfn } = sfnSetup();
    expect(parsed(await test(sfn, { Type: 'Pass', End: true }, HELLO_WORLD, 'DEBUG')).inspectionData).toEqual({
      input: { Value: 'HelloWorld' },
      afterInputPath: { Value: 'HelloWorld' },
      afterParameters: { Value: 'HelloWorld' },
      afterResultSelector: { Value: 'HelloWorld' },
      afterResultPath: { Value: 'HelloWorld' },
    });
    expect(
      parsed(await test(sfn, { Type: 'Pass', Result: { resultKey: 'result value' }, End: true }, HELLO_WORLD, 'DEBUG'))
        .inspectionData,
    ).toEqual({
      input: { Value: 'HelloWorld' },
      result: { resultKey: 'result value' },
      afterResultSelector: { resultKey: 'result value' },
      afterResultPath: { resultKey: 'result value' },
    });
    expect(parsed(await test(sfn, IO_PASS, NESTED, 'TRACE')).inspectionData).toMatchObject({
      afterInputPath: { fieldFromInput: 'value from input', otherField: 'other' },
      afterParameters: { staticValue: 'some value', inputValue: 'value from input' },
    });
    for (const state of [CHOICE, { Type: 'Succeed' }]) {
      const input = JSON.stringify({ type: 'Private', value: 22 });
      expect(Object.keys((await test(sfn, state, input, 'DEBUG')).inspectionData!).sort()).toEqual([
        'afterInputPath',
        'input',
      ]);
    }
  });

  it('a Task calls its resource; a catcher takes its failure (CAUGHT_ERROR), a retrier would run it again (RETRIABLE)', async () => {
    const { aws, sfn } = sfnSetup();
    const fn = aws.lambda.createFunction('greet', async (event: { inputData: string }) => `${event.inputData}!`);
    const task = await test(sfn, { Type: 'Task', Resource: fn.arn, End: true }, '{"inputData":"HelloWorld"}', 'DEBUG', {
      roleArn: ROLE,
    });
    expect(parsed(task)).toMatchObject({
      output: 'HelloWorld!',
      status: 'SUCCEEDED',
      inspectionData: {
        input: { inputData: 'HelloWorld' },
        afterInputPath: { inputData: 'HelloWorld' },
        afterParameters: { inputData: 'HelloWorld' },
        result: 'HelloWorld!',
        afterResultSelector: 'HelloWorld!',
        afterResultPath: 'HelloWorld!',
      },
    });
    expect(task.output).toBe('"HelloWorld!"');

    const failing = aws.lambda.createFunction('fail', async () => {
      throw new Error('no');
    });
    const caught = await test(
      sfn,
      {
        Type: 'Task',
        Resource: failing.arn,
        Catch: [{ ErrorEquals: ['States.ALL'], Next: 'Handle' }],
        End: true,
      },
      HELLO_WORLD,
      'DEBUG',
      { roleArn: ROLE },
    );
    expect(caught).toMatchObject({ status: 'CAUGHT_ERROR', error: 'Error', nextState: 'Handle' });
    // The model types errorDetails as a structure, not JSON text.
    expect(caught.inspectionData!.errorDetails).toEqual({ catchIndex: 0 });
    expect(JSON.parse(caught.output!)).toMatchObject({ Error: 'Error' });
    const retriable = await test(
      sfn,
      {
        Type: 'Task',
        Resource: failing.arn,
        Retry: [{ ErrorEquals: ['States.ALL'], IntervalSeconds: 1 }],
        End: true,
      },
      HELLO_WORLD,
      'DEBUG',
      { roleArn: ROLE },
    );
    expect(retriable).toMatchObject({ status: 'RETRIABLE', error: 'Error' });
    expect(retriable.inspectionData!.errorDetails).toEqual({
      retryBackoffIntervalSeconds: 1,
      retryIndex: 0,
    });
    expect(failing.invocations()).toHaveLength(2);
  });

  it("a JSONata state with variables; a state of a whole machine by its name; AWS's refusals", async () => {
    const { sfn } = sfnSetup();
    const jsonata = await test(
      sfn,
      {
        QueryLanguage: 'JSONata',
        Type: 'Pass',
        Output: {
          ja_var_access: '{% $var_input_value %}',
          ja_expr: '{% $sum($states.input.input_values) + $var_constant_1 %}',
          ja_states_input: '{% $states.input %}',
          execution: '{% $states.context.Execution.RoleArn %}',
        },
        End: true,
      },
      JSON.stringify({ input_values: [1, 2, 3] }),
      'DEBUG',
      { variables: JSON.stringify({ var_input_value: 'test_value', var_constant_1: 10 }) },
    );
    expect(parsed(jsonata)).toMatchObject({
      output: {
        ja_var_access: 'test_value',
        ja_expr: 16,
        ja_states_input: { input_values: [1, 2, 3] },
        execution: null,
      },
      inspectionData: {
        input: { input_values: [1, 2, 3] },
        variables: { var_input_value: 'test_value', var_constant_1: 10 },
      },
    });
    const machine = {
      StartAt: 'A',
      States: { A: { Type: 'Pass', Next: 'B' }, B: { Type: 'Pass', Result: 'b', Next: 'C' }, C: { Type: 'Succeed' } },
    };
    expect(await test(sfn, machine, '{}', 'INFO', { stateName: 'B' })).toMatchObject({
      status: 'SUCCEEDED',
      output: '"b"',
      nextState: 'C',
    });
    await expect(test(sfn, machine, '{}', 'INFO', { stateName: 'Nope' })).rejects.toThrow(
      'State not found in definition',
    );
    const noRole = test(sfn, { Type: 'Task', Resource: 'arn:aws:states:::lambda:invoke', End: true }, '{}');
    await expect(noRole).rejects.toThrow(ValidationException);
    await expect(noRole).rejects.toThrow('RoleArn must be specified when testing a Task state');
  });

  it('a Wait is not waited; a Map or Parallel without a mock is refused, as recorded', async () => {
    const { sfn } = sfnSetup();
    expect(await test(sfn, { Type: 'Wait', Seconds: 3600, Next: 'After' }, '{}')).toMatchObject({
      status: 'SUCCEEDED',
      nextState: 'After',
    });
    const map = test(
      sfn,
      {
        Type: 'Map',
        ItemsPath: '$.Values',
        MaxConcurrency: 1,
        ItemProcessor: { StartAt: 'P', States: { P: { Type: 'Pass', Result: 1, End: true } } },
        End: true,
      },
      JSON.stringify({ Values: [1, 2, 3] }),
      'DEBUG',
    );
    await expect(map).rejects.toThrow(InvalidDefinition);
    await expect(map).rejects.toThrow(
      'TestState API does not support Map or Parallel states. Supported state types include: ' +
        '[Task, Wait, Pass, Succeed, Fail, Choice]',
    );
  });
});
