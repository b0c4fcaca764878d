/**
 * The Amazon States Language through executions, with their histories held against the sequences recorded from AWS
 * (docs/aws-behaviour/stepfunctions.md §2, §5).
 */
import { CreateStateMachineCommand, GetExecutionHistoryCommand, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { definition, ROLE, sfnSetup, shape } from './support.js';

const START = Date.UTC(2025, 0, 2);
beforeEach(() => vi.useFakeTimers({ now: START }));
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** Runs `machine` on `input` to its end; answers the execution's view and its history. */
async function run(machine: object, input: unknown = {}, setup = sfnSetup()) {
  const { aws, sfn } = setup;
  const name = `m${Math.floor(Math.random() * 1e9)}`;
  const { stateMachineArn } = await sfn.send(
    new CreateStateMachineCommand({ name, definition: definition(machine), roleArn: ROLE }),
  );
  const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn, input: JSON.stringify(input) }));
  await aws.runUntilIdle({ advance, maxTime: 10 * 86_400_000 });
  const events = (await sfn.send(new GetExecutionHistoryCommand({ executionArn, maxResults: 1000 }))).events!;
  return { execution: aws.sfn.execution(executionArn!), events };
}

describe('data processing', () => {
  it('InputPath, Parameters with paths, the context object and intrinsics, ResultPath and OutputPath', async () => {
    const { execution } = await run(
      {
        StartAt: 'Shape',
        States: {
          Shape: {
            Type: 'Pass',
            InputPath: '$.order',
            Parameters: {
              'id.$': '$.id',
              'state.$': '$$.State.Name',
              'label.$': "States.Format('order {} of {}', $.id, $.customer)",
              'items.$': 'States.ArrayLength($.items)',
              fixed: [1, { 'n.$': '$.id' }],
            },
            ResultPath: '$.shaped',
            OutputPath: '$.shaped',
            Next: 'Done',
          },
          Done: { Type: 'Succeed' },
        },
      },
      { order: { id: 7, customer: 'ann', items: [1, 2, 3] } },
    );
    expect(execution.status).toBe('SUCCEEDED');
    expect(execution.output).toEqual({
      id: 7,
      state: 'Shape',
      label: 'order 7 of ann',
      items: 3,
      fixed: [1, { n: 7 }],
    });
  });

  it('ResultPath null keeps the raw input; InputPath null gives {}', async () => {
    const { execution } = await run(
      { StartAt: 'A', States: { A: { Type: 'Pass', InputPath: null, Result: 1, ResultPath: null, End: true } } },
      { keep: true },
    );
    expect(execution.output).toEqual({ keep: true });
  });

  it('a path that finds nothing fails with States.Runtime in AWS words, and no catcher takes it (§2.2)', async () => {
    const { execution, events } = await run({
      StartAt: 'A',
      States: {
        A: { Type: 'Pass', InputPath: '$.NoSuchInputPath', Next: 'B' },
        B: { Type: 'Pass', End: true },
      },
    });
    expect(execution.error).toBe('States.Runtime');
    expect(execution.cause).toBe(
      "An error occurred while executing the state 'A' (entered at the event id #2). Invalid path '$.NoSuchInputPath' : No results for path: $['NoSuchInputPath']",
    );
    expect(shape(events)).toEqual([
      [1, 0, 'ExecutionStarted'],
      [2, 0, 'PassStateEntered'],
      [3, 2, 'ExecutionFailed'],
    ]);
    const parameters = await run(
      { StartAt: 'A', States: { A: { Type: 'Pass', Parameters: { 'value.$': '$.no_such_jsonpath' }, End: true } } },
      { a: 1 },
    );
    expect(parameters.execution.cause).toBe(
      "An error occurred while executing the state 'A' (entered at the event id #2). The JSONPath '$.no_such_jsonpath' specified for the field 'value.$' could not be found in the input '{\"a\":1}'",
    );
  });
});

describe('Wait', () => {
  it('a day-long Wait ends on the fake clock in one step', async () => {
    const setup = sfnSetup();
    let steps = 0;
    const { aws, sfn } = setup;
    const { stateMachineArn } = await sfn.send(
      new CreateStateMachineCommand({
        name: 'day',
        definition: definition({ StartAt: 'W', States: { W: { Type: 'Wait', Seconds: 86_400, End: true } } }),
        roleArn: ROLE,
      }),
    );
    const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn }));
    await aws.runUntilIdle({ advance: (ms) => (steps++, advance(ms)), maxTime: 2 * 86_400_000 });
    expect(steps).toBe(1);
    const view = aws.sfn.execution(executionArn!);
    expect(view.status).toBe('SUCCEEDED');
    expect(view.stoppedAt!.getTime() - view.startedAt.getTime()).toBe(86_400_000);
    const states = view.states();
    expect(states[0]!.exitedAt!.getTime() - states[0]!.enteredAt.getTime()).toBe(86_400_000);
  });

  it('Timestamp, TimestampPath and SecondsPath, and their recorded errors (§2.7)', async () => {
    const past = await run({
      StartAt: 'W',
      States: { W: { Type: 'Wait', Timestamp: '2016-03-14T01:59:00Z', End: true } },
    });
    expect(past.execution.status).toBe('SUCCEEDED');
    const later = await run(
      { StartAt: 'W', States: { W: { Type: 'Wait', TimestampPath: '$.at', End: true } } },
      { at: '2025-01-02T01:00:00Z' },
    );
    expect(later.execution.stoppedAt).toEqual(new Date('2025-01-02T01:00:00Z'));
    const negative = await run(
      { StartAt: 'W', States: { W: { Type: 'Wait', SecondsPath: '$.input.waitSeconds', End: true } } },
      { input: { waitSeconds: -1 } },
    );
    expect(negative.execution.cause).toBe(
      "An error occurred while executing the state 'W' (entered at the event id #2). The SecondsPath parameter references a negative value: $.input.waitSeconds == -1",
    );
    const decimal = await run(
      { StartAt: 'W', States: { W: { Type: 'Wait', SecondsPath: '$.s', End: true } } },
      { s: 1.5 },
    );
    expect(decimal.execution.cause).toContain('The SecondsPath parameter cannot be parsed as a long value: $.s == 1.5');
    const noZone = await run(
      { StartAt: 'W', States: { W: { Type: 'Wait', TimestampPath: '$.start_at', End: true } } },
      { start_at: '2016-12-05T21:29:29' },
    );
    expect(noZone.execution.cause).toContain(
      'The TimestampPath parameter does not reference a valid ISO-8601 extended offset date-time format string: $.start_at == 2016-12-05T21:29:29',
    );
    const far = new Date(START + 24_856 * 86_400_000).toISOString();
    const tooLong = await run(
      { StartAt: 'W', States: { W: { Type: 'Wait', TimestampPath: '$.t', End: true } } },
      { t: far },
    );
    expect(tooLong.execution.cause).toContain('Wait state delay is too long.');
  });
});

describe('Choice', () => {
  it('the first matching rule wins; types that differ compare false; Default; NoChoiceMatched', async () => {
    const machine = {
      StartAt: 'C',
      States: {
        C: {
          Type: 'Choice',
          Choices: [
            { Variable: '$.n', NumericEquals: 1, Next: 'One' },
            {
              And: [{ Variable: '$.s', StringMatches: 'log-*.txt' }, { Not: { Variable: '$.n', IsNull: true } }],
              Next: 'Log',
            },
            { Variable: '$.t', TimestampGreaterThanPath: '$.since', Next: 'Later' },
          ],
          Default: 'Other',
        },
        One: { Type: 'Pass', Result: 'one', End: true },
        Log: { Type: 'Pass', Result: 'log', End: true },
        Later: { Type: 'Pass', Result: 'later', End: true },
        Other: { Type: 'Pass', Result: 'other', End: true },
      },
    };
    expect((await run(machine, { n: 1 })).execution.output).toBe('one');
    expect((await run(machine, { n: '1', s: 'log-1.txt' })).execution.output).toBe('log');
    expect(
      (await run(machine, { n: 2, s: 'no', t: '2025-01-02T00:00:01Z', since: '2025-01-02T00:00:00+00:00' })).execution
        .output,
    ).toBe('later');
    expect((await run(machine, { n: 2, s: 'no', t: 'x', since: 'y' })).execution.output).toBe('other');
    const { Default: _none, ...noDefault } = machine.States.C;
    const unmatched = await run(
      {
        ...machine,
        States: { C: noDefault, One: machine.States.One, Log: machine.States.Log, Later: machine.States.Later },
      },
      { n: 3, s: 'no', t: 'x', since: 'y' },
    );
    expect(unmatched.execution.error).toBe('States.NoChoiceMatched');
  });
});

describe('Fail', () => {
  it('fails the execution with its Error and Cause, with no exit event (§2.8)', async () => {
    const { execution, events } = await run(
      {
        StartAt: 'F',
        States: {
          F: {
            Type: 'Fail',
            ErrorPath: '$.Error',
            CausePath: "States.Format('custom {}, caused by {}.', $.Error, $.Cause)",
          },
        },
      },
      { Error: 'error string', Cause: 'cause string' },
    );
    expect(execution.status).toBe('FAILED');
    expect(execution.error).toBe('error string');
    expect(execution.cause).toBe('custom error string, caused by cause string.');
    expect(shape(events)).toEqual([
      [1, 0, 'ExecutionStarted'],
      [2, 0, 'FailStateEntered'],
      [3, 2, 'ExecutionFailed'],
    ]);
    const bare = await run({ StartAt: 'F', States: { F: { Type: 'Fail' } } });
    expect(bare.events[2]!.executionFailedEventDetails).toEqual({});
  });
});

describe('Map and Parallel', () => {
  it('Map with MaxConcurrency 1 writes the recorded sequence (§5.5)', async () => {
    const { execution, events } = await run(
      {
        StartAt: 'MapState',
        States: {
          MapState: {
            Type: 'Map',
            MaxConcurrency: 1,
            ItemProcessor: { StartAt: 'HandleItem', States: { HandleItem: { Type: 'Pass', End: true } } },
            End: true,
          },
        },
      },
      [1, 'Hello'],
    );
    expect(execution.output).toEqual([1, 'Hello']);
    expect(shape(events)).toEqual([
      [1, 0, 'ExecutionStarted'],
      [2, 0, 'MapStateEntered'],
      [3, 2, 'MapStateStarted'],
      [4, 3, 'MapIterationStarted'],
      [5, 4, 'PassStateEntered'],
      [6, 5, 'PassStateExited'],
      [7, 6, 'MapIterationSucceeded'],
      [8, 6, 'MapIterationStarted'],
      [9, 8, 'PassStateEntered'],
      [10, 9, 'PassStateExited'],
      [11, 10, 'MapIterationSucceeded'],
      [12, 11, 'MapStateSucceeded'],
      [13, 11, 'MapStateExited'],
      [14, 13, 'ExecutionSucceeded'],
    ]);
    expect(events[2]!.mapStateStartedEventDetails).toEqual({ length: 2 });
    expect(events[3]!.mapIterationStartedEventDetails).toEqual({ name: 'MapState', index: 0 });
  });

  it('unbounded Map starts every iteration first; ItemSelector reads $$.Map.Item; output in item order', async () => {
    const { execution, events } = await run(
      {
        StartAt: 'M',
        States: {
          M: {
            Type: 'Map',
            ItemsPath: '$.items',
            ItemSelector: { 'index.$': '$$.Map.Item.Index', 'value.$': '$$.Map.Item.Value' },
            ItemProcessor: { StartAt: 'W', States: { W: { Type: 'Wait', SecondsPath: '$.value', End: true } } },
            End: true,
          },
        },
      },
      { items: [3, 1, 2] },
    );
    expect(execution.output).toEqual([
      { index: 0, value: 3 },
      { index: 1, value: 1 },
      { index: 2, value: 2 },
    ]);
    expect(shape(events.slice(3, 6))).toEqual([
      [4, 3, 'MapIterationStarted'],
      [5, 3, 'MapIterationStarted'],
      [6, 3, 'MapIterationStarted'],
    ]);
    expect(execution.stoppedAt!.getTime() - START).toBe(3000);
  });

  it('Parallel: outputs in branch order; a failing branch fails it with its own error, which a Catch takes', async () => {
    const { execution, events } = await run({
      StartAt: 'P',
      States: {
        P: {
          Type: 'Parallel',
          Branches: [
            { StartAt: 'Slow', States: { Slow: { Type: 'Wait', Seconds: 5, End: true } } },
            { StartAt: 'B', States: { B: { Type: 'Pass', Result: 2, End: true } } },
          ],
          End: true,
        },
      },
    });
    expect(execution.output).toEqual([{}, 2]);
    expect(events.at(-3)!.type).toBe('ParallelStateSucceeded');
    expect(events.at(-2)).toMatchObject({
      type: 'ParallelStateExited',
      previousEventId: events.at(-3)!.previousEventId,
    });
    const failing = await run({
      StartAt: 'P',
      States: {
        P: {
          Type: 'Parallel',
          Branches: [
            {
              StartAt: 'Branch1',
              States: { Branch1: { Type: 'Fail', Error: 'FailureType', Cause: 'Cause description' } },
            },
          ],
          Catch: [{ ErrorEquals: ['FailureType'], Next: 'Handled' }],
          End: true,
        },
        Handled: { Type: 'Pass', End: true },
      },
    });
    expect(failing.execution.output).toEqual({ Error: 'FailureType', Cause: 'Cause description' });
    expect(shape(failing.events)).toEqual([
      [1, 0, 'ExecutionStarted'],
      [2, 0, 'ParallelStateEntered'],
      [3, 2, 'ParallelStateStarted'],
      [4, 3, 'FailStateEntered'],
      [5, 4, 'ParallelStateFailed'],
      [6, 5, 'ParallelStateExited'],
      [7, 6, 'PassStateEntered'],
      [8, 7, 'PassStateExited'],
      [9, 8, 'ExecutionSucceeded'],
    ]);
  });
});

describe('Lambda tasks, Retry and Catch', () => {
  it('lambda:invoke: the recorded events and output envelope (§3.2, §5.3)', async () => {
    const setup = sfnSetup();
    const fn = setup.aws.lambda.createFunction('hello', async (event: { name: string }) => ({
      greeting: `hi ${event.name}`,
    }));
    const { execution, events } = await run(
      {
        StartAt: 'Start',
        States: {
          Start: {
            Type: 'Task',
            Resource: 'arn:aws:states:::lambda:invoke',
            Parameters: { FunctionName: fn.arn, 'Payload.$': '$' },
            OutputPath: '$.Payload',
            End: true,
          },
        },
      },
      { name: 'ann' },
      setup,
    );
    expect(execution.output).toEqual({ greeting: 'hi ann' });
    expect(shape(events)).toEqual([
      [1, 0, 'ExecutionStarted'],
      [2, 0, 'TaskStateEntered'],
      [3, 2, 'TaskScheduled'],
      [4, 3, 'TaskStarted'],
      [5, 4, 'TaskSucceeded'],
      [6, 5, 'TaskStateExited'],
      [7, 6, 'ExecutionSucceeded'],
    ]);
    expect(events[2]!.taskScheduledEventDetails).toEqual({
      resourceType: 'lambda',
      resource: 'invoke',
      region: 'us-east-1',
      parameters: JSON.stringify({ FunctionName: fn.arn, Payload: { name: 'ann' } }),
    });
    expect(events[3]!.taskStartedEventDetails).toEqual({ resourceType: 'lambda', resource: 'invoke' });
    const output = JSON.parse((events[4]!.taskSucceededEventDetails as { output: string }).output) as Record<
      string,
      unknown
    >;
    expect(Object.keys(output)).toEqual([
      'ExecutedVersion',
      'Payload',
      'SdkHttpMetadata',
      'SdkResponseMetadata',
      'StatusCode',
    ]);
    expect(output).toMatchObject({
      ExecutedVersion: '$LATEST',
      Payload: { greeting: 'hi ann' },
      StatusCode: 200,
      SdkHttpMetadata: { HttpStatusCode: 200 },
    });
    expect(fn.invocations()).toHaveLength(1);
  });

  it('a legacy function ARN: LambdaFunction* events and the bare payload (§3.3)', async () => {
    const setup = sfnSetup();
    const fn = setup.aws.lambda.createFunction('echo', async (event: unknown) => event);
    const { execution, events } = await run(
      { StartAt: 'T', States: { T: { Type: 'Task', Resource: fn.arn, End: true } } },
      { a: 1 },
      setup,
    );
    expect(execution.output).toEqual({ a: 1 });
    expect(shape(events).map(([, , type]) => type)).toEqual([
      'ExecutionStarted',
      'TaskStateEntered',
      'LambdaFunctionScheduled',
      'LambdaFunctionStarted',
      'LambdaFunctionSucceeded',
      'TaskStateExited',
      'ExecutionSucceeded',
    ]);
    expect(events[3]).not.toHaveProperty('lambdaFunctionStartedEventDetails');
    expect(events[2]!.lambdaFunctionScheduledEventDetails).toEqual({
      resource: fn.arn,
      input: '{"a":1}',
      inputDetails: { truncated: false },
    });
  });

  it('Retry with MaxAttempts 3 makes 4 calls after 1, 2 and 4 s, each after the failure, then Catch (§2.12, §5.3)', async () => {
    const setup = sfnSetup();
    const calls: number[] = [];
    const fn = setup.aws.lambda.createFunction('flaky', async () => {
      calls.push(Date.now() - START);
      throw new Error('boom');
    });
    const { execution, events } = await run(
      {
        StartAt: 'T',
        States: {
          T: {
            Type: 'Task',
            Resource: fn.arn,
            Retry: [{ ErrorEquals: ['States.ALL'] }],
            Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'Handled' }],
            End: true,
          },
          Handled: { Type: 'Pass', End: true },
        },
      },
      { keep: 1 },
      setup,
    );
    expect(calls).toEqual([0, 1000, 3000, 7000]);
    expect(shape(events)).toEqual([
      [1, 0, 'ExecutionStarted'],
      [2, 0, 'TaskStateEntered'],
      [3, 2, 'LambdaFunctionScheduled'],
      [4, 3, 'LambdaFunctionStarted'],
      [5, 4, 'LambdaFunctionFailed'],
      [6, 5, 'LambdaFunctionScheduled'],
      [7, 6, 'LambdaFunctionStarted'],
      [8, 7, 'LambdaFunctionFailed'],
      [9, 8, 'LambdaFunctionScheduled'],
      [10, 9, 'LambdaFunctionStarted'],
      [11, 10, 'LambdaFunctionFailed'],
      [12, 11, 'LambdaFunctionScheduled'],
      [13, 12, 'LambdaFunctionStarted'],
      [14, 13, 'LambdaFunctionFailed'],
      [15, 14, 'TaskStateExited'],
      [16, 15, 'PassStateEntered'],
      [17, 16, 'PassStateExited'],
      [18, 17, 'ExecutionSucceeded'],
    ]);
    const output = execution.output as { keep: number; error: { Error: string; Cause: string } };
    expect(output.keep).toBe(1);
    expect(output.error.Error).toBe('Error');
    expect(JSON.parse(output.error.Cause)).toMatchObject({ errorType: 'Error', errorMessage: 'boom' });
  });

  it('backoff: IntervalSeconds × BackoffRate, capped by MaxDelaySeconds; MaxAttempts 0 never retries', async () => {
    const setup = sfnSetup();
    const calls: number[] = [];
    const fn = setup.aws.lambda.createFunction('f', async () => {
      calls.push(Date.now() - START);
      throw new Error('no');
    });
    await run(
      {
        StartAt: 'T',
        States: {
          T: {
            Type: 'Task',
            Resource: 'arn:aws:states:::lambda:invoke',
            Parameters: { FunctionName: fn.arn },
            Retry: [
              { ErrorEquals: ['Nothing'], MaxAttempts: 0 },
              { ErrorEquals: ['Error'], IntervalSeconds: 2, BackoffRate: 3, MaxAttempts: 3, MaxDelaySeconds: 10 },
            ],
            End: true,
          },
        },
      },
      {},
      setup,
    );
    expect(calls).toEqual([0, 2000, 8000, 18_000]);
  });

  it('a function error without a catcher: TaskFailed then ExecutionFailed, no exit (§5.3)', async () => {
    const setup = sfnSetup();
    const fn = setup.aws.lambda.createFunction('bad', async () => {
      const error = new Error('custom');
      error.name = 'CustomException';
      throw error;
    });
    const { execution, events } = await run(
      {
        StartAt: 'T',
        States: {
          T: {
            Type: 'Task',
            Resource: 'arn:aws:states:::lambda:invoke',
            Parameters: { FunctionName: fn.arn },
            End: true,
          },
        },
      },
      {},
      setup,
    );
    expect(execution.error).toBe('CustomException');
    expect(JSON.parse(execution.cause!)).toMatchObject({ errorType: 'CustomException', errorMessage: 'custom' });
    expect(shape(events).slice(-2)).toEqual([
      [5, 4, 'TaskFailed'],
      [6, 5, 'ExecutionFailed'],
    ]);
  });

  it('a missing function is Lambda.ResourceNotFoundException with the Java SDK cause (§3.2)', async () => {
    const { execution } = await run({
      StartAt: 'T',
      States: {
        T: {
          Type: 'Task',
          Resource: 'arn:aws:states:::lambda:invoke',
          Parameters: { FunctionName: 'nobody' },
          End: true,
        },
      },
    });
    expect(execution.error).toBe('Lambda.ResourceNotFoundException');
    expect(execution.cause).toMatch(
      /^Function not found: arn:aws:lambda:us-east-1:000000000000:function:nobody.* \(Service: AWSLambda; Status Code: 404; Error Code: ResourceNotFoundException; Request ID: [0-9a-f-]+; Proxy: null\)$/,
    );
  });

  it('TimeoutSeconds: TaskTimedOut without a cause; a catcher sees Cause "" (§2.9)', async () => {
    const setup = sfnSetup();
    const fn = setup.aws.lambda.createFunction('slow', () => new Promise((resolve) => setTimeout(resolve, 60_000)), {
      timeout: 900,
    });
    const { execution, events } = await run(
      {
        StartAt: 'T',
        States: {
          T: {
            Type: 'Task',
            Resource: fn.arn,
            TimeoutSeconds: 5,
            Catch: [{ ErrorEquals: ['States.Timeout'], Next: 'Late' }],
            End: true,
          },
          Late: { Type: 'Pass', End: true },
        },
      },
      {},
      setup,
    );
    expect(execution.output).toEqual({ Error: 'States.Timeout', Cause: '' });
    const timedOut = events.find((event) => event.type === 'LambdaFunctionTimedOut')!;
    expect(timedOut.lambdaFunctionTimedOutEventDetails).toEqual({ error: 'States.Timeout' });
    expect(events[2]!.lambdaFunctionScheduledEventDetails).toMatchObject({ timeoutInSeconds: 5 });
    expect(timedOut.timestamp!.getTime() - START).toBe(5000);
  });

  it('TimeoutSeconds of the machine: ExecutionTimedOut, status TIMED_OUT', async () => {
    const { execution, events } = await run({
      TimeoutSeconds: 10,
      StartAt: 'W',
      States: { W: { Type: 'Wait', Seconds: 60, End: true } },
    });
    expect(execution.status).toBe('TIMED_OUT');
    expect(events.at(-1)).toMatchObject({
      type: 'ExecutionTimedOut',
      executionTimedOutEventDetails: { error: 'States.Timeout' },
    });
    expect(execution.stoppedAt!.getTime() - START).toBe(10_000);
  });
});

describe('limits', () => {
  it('a loop with no end is stopped by the history limit (§2.15)', async () => {
    const { execution, events } = await run({
      StartAt: 'A',
      States: { A: { Type: 'Pass', Next: 'B' }, B: { Type: 'Pass', Next: 'A' } },
    });
    expect(execution.status).toBe('FAILED');
    expect(execution.error).toBe('States.Runtime');
    expect(execution.history()).toHaveLength(25_000);
    expect(events).toHaveLength(1000);
  });

  it('data nested past what the interpreter can follow fails the execution saying so (§2.15)', async () => {
    // Found by the definition fuzzer: each turn nests the input one level deeper under `x`.
    const { execution } = await run({
      StartAt: 'A',
      States: { A: { Type: 'Pass', ResultPath: '$.x', Next: 'A' } },
    });
    expect(execution.status).toBe('FAILED');
    expect(execution.error).toBe('States.Runtime');
    expect(execution.cause).toMatch(/^sqs-sns-mock: the execution's data nests deeper than the emulation can process/);
  });

  it('a Pass result over 256 KiB fails with States.DataLimitExceeded', async () => {
    const { execution } = await run(
      {
        StartAt: 'State_1',
        States: { State_1: { Type: 'Pass', Parameters: { 'a.$': '$.big', 'b.$': '$.big' }, End: true } },
      },
      { big: 'x'.repeat(200_000) },
    );
    expect(execution.error).toBe('States.DataLimitExceeded');
    expect(execution.cause).toBe(
      "The state/task 'State_1' returned a result with a size exceeding the maximum number of bytes service limit.",
    );
  });
});
