/**
 * JSONata states, variables, and the intrinsic functions of JSONPath states, against what AWS recorded
 * (docs/aws-behaviour/stepfunctions.md §2.3–§2.5).
 */
import { CreateStateMachineCommand, InvalidDefinition } from '@aws-sdk/client-sfn';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { definition, ROLE, runMachine, sfnSetup, shape } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2) }));
afterEach(() => vi.useRealTimers());

/** One Pass state whose Parameters are `parameters`; the execution's output. */
async function parameters(values: object, input: unknown = {}) {
  const execution = await runMachine(
    { StartAt: 'P', States: { P: { Type: 'Pass', Parameters: values, End: true } } },
    input,
  );
  return execution;
}

describe('intrinsic functions (§2.5)', () => {
  it('arrays, JSON, strings, hashes and math as recorded', async () => {
    const execution = await parameters(
      {
        'range.$': 'States.ArrayRange(0, 9, 3)',
        'odd.$': 'States.ArrayRange(1, 9, 2)',
        'chunks.$': 'States.ArrayPartition($.list, 2)',
        'none.$': 'States.Array()',
        'has.$': 'States.ArrayContains($.list, 3)',
        'item.$': 'States.ArrayGetItem($.list, 1)',
        'length.$': 'States.ArrayLength($.list)',
        'unique.$': 'States.ArrayUnique(States.Array(1, 2, 1, 2, 3))',
        'json.$': 'States.StringToJson(\'{"a":1}\')',
        'text.$': 'States.JsonToString($.object)',
        'merged.$': 'States.JsonMerge($.object, States.StringToJson(\'{"b":3}\'), false)',
        'encoded.$': "States.Base64Encode('Data to encode')",
        'decoded.$': "States.Base64Decode('RGF0YSB0byBlbmNvZGU=')",
        'md5.$': "States.Hash('input data', 'MD5')",
        'sum.$': 'States.MathAdd(1.49, 1.5)',
        'negative.$': 'States.MathAdd(-1.5, 0)',
        'split.$': "States.StringSplit('a,b;;c', ',;')",
        'format.$': "States.Format('{} has \\\\{braces\\\\} and {}', $.object.a, $.object)",
        'random.$': 'States.MathRandom(1, 10)',
      },
      { list: [1, 2, 3, 4, 5], object: { a: 1, b: 2 } },
    );
    expect(execution.status).toBe('SUCCEEDED');
    const output = execution.output as Record<string, unknown>;
    expect(output).toMatchObject({
      range: [0, 3, 6, 9],
      odd: [1, 3, 5, 7, 9],
      chunks: [[1, 2], [3, 4], [5]],
      none: [],
      has: true,
      item: 2,
      length: 5,
      unique: [1, 2, 3],
      json: { a: 1 },
      text: '{"a":1,"b":2}',
      merged: { a: 1, b: 3 },
      encoded: 'RGF0YSB0byBlbmNvZGU=',
      decoded: 'Data to encode',
      md5: '812f45842bc6d66ee14572ce20db8e86',
      sum: 3,
      negative: -1,
      split: ['a', 'b', 'c'],
      format: '1 has {braces} and {"a":1,"b":2}',
    });
    expect(output['random']).toBeGreaterThanOrEqual(1);
    expect(output['random']).toBeLessThan(10);
  });

  it('a wrong argument fails with States.IntrinsicFailure, which a catcher takes', async () => {
    const execution = await runMachine(
      {
        StartAt: 'P',
        States: {
          P: {
            Type: 'Task',
            Resource: 'arn:aws:states:::aws-sdk:sfn:listActivities',
            Parameters: { 'x.$': 'States.ArrayGetItem($.list, 9)' },
            Catch: [{ ErrorEquals: ['States.IntrinsicFailure'], Next: 'Caught' }],
            End: true,
          },
          Caught: { Type: 'Pass', End: true },
        },
      },
      { list: [1] },
    );
    expect(execution.output).toMatchObject({ Error: 'States.IntrinsicFailure' });
  });
});

describe('JSONata states (§2.3)', () => {
  it('Arguments, Output, Assign and variables, $states.result and $states.context', async () => {
    const execution = await runMachine(
      {
        QueryLanguage: 'JSONata',
        StartAt: 'Total',
        States: {
          Total: {
            Type: 'Pass',
            Assign: {
              total: '{% $sum($states.input.items.(price * qty)) %}',
              customer: '{% $states.input.customer %}',
            },
            Output: { count: '{% $count($states.input.items) %}' },
            Next: 'Decide',
          },
          Decide: {
            Type: 'Choice',
            Choices: [{ Condition: '{% $total > 10 %}', Next: 'Big' }],
            Default: 'Small',
          },
          Big: {
            Type: 'Pass',
            Output: {
              label: '{% $uppercase($customer) & " spent " & $string($total) %}',
              items: '{% $states.input.count %}',
              name: '{% $states.context.Execution.Name %}',
            },
            End: true,
          },
          Small: { Type: 'Succeed' },
        },
      },
      {
        customer: 'ann',
        items: [
          { price: 2, qty: 3 },
          { price: 5, qty: 1 },
          { price: 1, qty: 1 },
        ],
      },
    );
    expect(execution.output).toEqual({ label: 'ANN spent 12', items: 3, name: execution.name });
    const exited = execution.history().find((event) => event.type === 'PassStateExited')!;
    expect(exited['stateExitedEventDetails']).toMatchObject({
      assignedVariables: { total: '12', customer: '"ann"' },
      assignedVariablesDetails: { truncated: false },
    });
  });

  it('an expression that returns nothing: States.QueryEvaluationError, EvaluationFailed after 0 (§2.3, §5.7)', async () => {
    const execution = await runMachine({
      QueryLanguage: 'JSONata',
      StartAt: 'State0',
      States: { State0: { Type: 'Pass', Output: '{% $doesNotExist %}', End: true } },
    });
    expect(execution.error).toBe('States.QueryEvaluationError');
    expect(execution.cause).toBe(
      "An error occurred while executing the state 'State0' (entered at the event id #2). The JSONata expression '$doesNotExist' specified for the field 'Output' returned nothing (undefined).",
    );
    expect(shape(execution.history())).toEqual([
      [1, 0, 'ExecutionStarted'],
      [2, 0, 'PassStateEntered'],
      [3, 0, 'EvaluationFailed'],
      [4, 3, 'ExecutionFailed'],
    ]);
    expect(execution.history()[2]!['evaluationFailedEventDetails']).toMatchObject({
      error: 'States.QueryEvaluationError',
      location: 'Output',
      state: 'State0',
    });
    const nested = await runMachine({
      QueryLanguage: 'JSONata',
      StartAt: 'S',
      States: { S: { Type: 'Pass', Output: { FunctionResult: '{% $randomSeeded(1) %}' }, End: true } },
    });
    expect(nested.cause).toContain(
      "The JSONata expression '$randomSeeded(1)' specified for the field 'Output/FunctionResult' threw an error during evaluation. T1006: Attempted to invoke a non-function",
    );
  });

  it('Map Items must be an array; a JSONata Wait and Fail', async () => {
    const notArray = await runMachine({
      QueryLanguage: 'JSONata',
      StartAt: 'M',
      States: {
        M: {
          Type: 'Map',
          Items: '{% 1 %}',
          ItemProcessor: { StartAt: 'P', States: { P: { Type: 'Pass', End: true } } },
          End: true,
        },
      },
    });
    expect(notArray.cause).toContain(
      "The JSONata expression '1' specified for the field 'Items' returned an unexpected result type. Expected 'array', but was 'number' for value: 1",
    );
    const failing = await runMachine(
      {
        QueryLanguage: 'JSONata',
        StartAt: 'W',
        States: {
          W: { Type: 'Wait', Seconds: '{% $states.input.wait %}', Next: 'F' },
          F: { Type: 'Fail', Error: '{% "Custom" %}', Cause: '{% "waited " & $string($states.input.wait) %}' },
        },
      },
      { wait: 30 },
    );
    expect(failing).toMatchObject({ error: 'Custom', cause: 'waited 30' });
    expect(failing.stoppedAt!.getTime() - failing.startedAt.getTime()).toBe(30_000);
    const badTimestamp = await runMachine({
      QueryLanguage: 'JSONata',
      StartAt: 'W',
      States: { W: { Type: 'Wait', Timestamp: '{% "2016-12-05T21:29:29" %}', End: true } },
    });
    expect(badTimestamp.cause).toContain(
      'The Timestamp field cannot be parsed as an ISO-8601 extended offset date-time format string: 2016-12-05T21:29:29',
    );
  });

  it('refuses JSONPath fields in JSONata states and JSONPath states under a JSONata machine (§1.3)', async () => {
    const { sfn } = sfnSetup();
    const create = (machine: object) =>
      sfn.send(new CreateStateMachineCommand({ name: 'bad', definition: definition(machine), roleArn: ROLE })).then(
        () => new Error('created'),
        (e: unknown) => e as Error,
      );
    const mixed = await create({
      QueryLanguage: 'JSONata',
      StartAt: 'A',
      States: { A: { Type: 'Pass', QueryLanguage: 'JSONPath', End: true } },
    });
    expect(mixed).toBeInstanceOf(InvalidDefinition);
    expect(mixed.message).toContain(
      "'QueryLanguage' can not be 'JSONPath' if set to 'JSONata' for whole state machine at /States/A",
    );
    const paths = await create({
      QueryLanguage: 'JSONata',
      StartAt: 'A',
      States: { A: { Type: 'Pass', InputPath: '$.a', End: true } },
    });
    expect(paths).toBeInstanceOf(InvalidDefinition);
    const syntax = await create({
      QueryLanguage: 'JSONata',
      StartAt: 'A',
      States: { A: { Type: 'Pass', Output: '{% (1 + %}', End: true } },
    });
    expect(syntax).toBeInstanceOf(InvalidDefinition);
  });
});

describe('variables in JSONPath states (§2.4)', () => {
  it('Assign sees the old values, the next state the new ones; a Map iteration cannot set outer variables', async () => {
    const execution = await runMachine(
      {
        StartAt: 'Set',
        States: {
          Set: { Type: 'Pass', Assign: { x: 1, 'y.$': '$.start' }, Next: 'Swap' },
          Swap: { Type: 'Pass', Assign: { 'x.$': '$y', 'y.$': '$x' }, Next: 'Map' },
          Map: {
            Type: 'Map',
            ItemsPath: '$.items',
            ItemProcessor: {
              StartAt: 'Inner',
              States: { Inner: { Type: 'Pass', Assign: { x: 'inner' }, Parameters: { 'seen.$': '$x' }, End: true } },
            },
            ResultPath: '$.mapped',
            Next: 'Show',
          },
          Show: { Type: 'Pass', Parameters: { 'x.$': '$x', 'y.$': '$y', 'mapped.$': '$.mapped' }, End: true },
        },
      },
      { start: 5, items: [1] },
    );
    expect(execution.output).toEqual({ x: 5, y: 1, mapped: [{ seen: 5 }] });
  });
});
