/**
 * TestState's mock, context and stateConfiguration (docs/aws-behaviour/stepfunctions.md §1.14), against AWS's
 * recordings of the same states, mocks and inputs (2025-11 … 2026-03).
 */
import { InvalidDefinition, SFNClient, TestStateCommand, ValidationException } from '@aws-sdk/client-sfn';
import type { TestStateCommandInput } from '@aws-sdk/client-sfn';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sfnSdk } from '../support/sdk-capabilities.js';
import { ROLE, sfnSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2) }));
afterEach(() => vi.useRealTimers());

const LAMBDA_TASK = {
  Type: 'Task',
  Resource: 'arn:aws:states:::lambda:invoke',
  Parameters: { 'FunctionName.$': '$.FunctionName', 'Payload.$': '$.Payload' },
  End: true,
};
const PARALLEL = {
  Type: 'Parallel',
  Branches: ['B1', 'B2'].map((name) => ({ StartAt: name, States: { [name]: { Type: 'Pass', End: true } } })),
  End: true,
};
const PROCESSOR = {
  ProcessorConfig: { Mode: 'DISTRIBUTED', ExecutionType: 'STANDARD' },
  StartAt: 'TestState',
  States: { TestState: { Type: 'Pass', End: true } },
};
const JSONATA_MAP = {
  Type: 'Map',
  QueryLanguage: 'JSONata',
  Items: '{% $states.input.Values %}',
  ItemProcessor: PROCESSOR,
  End: true,
};
const RETRY_TASK = {
  QueryLanguage: 'JSONata',
  Type: 'Task',
  Resource: 'arn:aws:states:::lambda:invoke',
  Arguments: { FunctionName: 'foo', Payload: 'bar' },
  Retry: [{ ErrorEquals: ['MockException'], IntervalSeconds: 1, MaxAttempts: 5, BackoffRate: 2.0 }],
  End: true,
};
const MOCK_ERROR = { errorOutput: { error: 'MockException', cause: 'Mock the cause of the error.' } };
const VALUES = JSON.stringify({ Values: ['first', 'second', 'third'] });

type More = Omit<Partial<TestStateCommandInput>, 'definition'>;

function test(sfn: SFNClient, state: object, more: More = {}) {
  return sfn.send(new TestStateCommand({ definition: JSON.stringify(state), ...more }));
}

/** A refusal: its class and AWS's text. */
async function refused(
  answer: Promise<unknown>,
  type: typeof ValidationException | typeof InvalidDefinition,
  text: string,
) {
  await expect(answer).rejects.toThrow(type);
  await expect(answer).rejects.toThrow(text);
}

const json = (text: string | undefined): unknown => JSON.parse(text!);

// mock, context and stateConfiguration came with the model of late 2025: older clients leave them out of the request.
describe.skipIf(!sfnSdk.testStateMock)('TestState with a mock (§1.14)', () => {
  it("refuses what AWS refuses, in AWS's words", async () => {
    const { sfn } = sfnSetup();
    for (const type of ['Pass', 'Fail', 'Succeed']) {
      for (const mock of [{ result: '{"mock":"the unmockable"}' }, MOCK_ERROR]) {
        const state = type === 'Pass' ? { Type: type, End: true } : { Type: type };
        await refused(
          test(sfn, state, { mock, inspectionLevel: 'TRACE' }),
          ValidationException,
          `State type '${type}' is not supported when a mock is specified`,
        );
      }
    }
    await refused(
      test(sfn, PARALLEL),
      InvalidDefinition,
      'TestState API does not support Map or Parallel states. Supported state types include: ' +
        '[Task, Wait, Pass, Succeed, Fail, Choice]',
    );
    await refused(
      test(sfn, LAMBDA_TASK, { mock: { result: '{}', ...MOCK_ERROR } }),
      ValidationException,
      'A test mock should have only one of the following fields: [result, errorOutput].',
    );
    await refused(
      test(sfn, LAMBDA_TASK, { mock: { result: '{}' }, revealSecrets: true }),
      ValidationException,
      'TestState does not support RevealSecrets when a mock is specified.',
    );
    await refused(
      test(sfn, LAMBDA_TASK, { mock: { result: 'not JSON string', fieldValidationMode: 'NONE' } }),
      ValidationException,
      'Mocked result must be valid JSON',
    );
    await refused(
      test(sfn, JSONATA_MAP, { mock: { result: '{"mock":1}' } }),
      ValidationException,
      'Mocked result must be an array.',
    );
    const writer = { Resource: 'arn:aws:states:::s3:putObject', Parameters: { Bucket: 'b', Prefix: 'p' } };
    await refused(
      test(
        sfn,
        { ...JSONATA_MAP, ResultWriter: { ...writer, Parameters: undefined, Arguments: writer.Parameters } },
        {
          mock: { result: '["an array"]' },
        },
      ),
      ValidationException,
      'Mocked result must be a JSON object.',
    );
    await refused(
      test(sfn, PARALLEL, { mock: { result: '{"mock":1}' } }),
      ValidationException,
      'Mocked result must be an array.',
    );
    await refused(
      test(sfn, PARALLEL, { mock: { result: '[{"branch1":"result"}]' } }),
      ValidationException,
      'Mocked result must contain the same number of items as number of Parallel branches.',
    );
    await refused(
      test(sfn, JSONATA_MAP, { roleArn: ROLE, stateConfiguration: { mapIterationFailureCount: 0 } }),
      ValidationException,
      'TestState does not support MapIterationFailureCount when a mock is not specified.',
    );
    await refused(
      test(sfn, JSONATA_MAP, {
        input: JSON.stringify({ Values: [1, 1, 1] }),
        stateConfiguration: { mapIterationFailureCount: 4 },
        mock: { result: '[1,1,1]' },
      }),
      ValidationException,
      'Map iteration failure count must be less than or equal to the number of Map iterations',
    );
  });

  it("a mocked Task's result goes through ResultSelector, ResultPath and OutputPath; it needs no role", async () => {
    const { sfn } = sfnSetup();
    const result = { Payload: 'function output', SdkHttpMetadata: { HttpStatusCode: 200 } };
    const plain = await test(sfn, LAMBDA_TASK, {
      input: JSON.stringify({ FunctionName: 'f', Payload: null }),
      mock: { result: JSON.stringify(result) },
    });
    expect(plain.status).toBe('SUCCEEDED');
    expect(json(plain.output)).toEqual(result);
    const send = {
      Type: 'Task',
      Resource: 'arn:aws:states:::sqs:sendMessage',
      Parameters: { 'QueueUrl.$': '$.QueueUrl', 'MessageBody.$': '$.MessageBody' },
      ResultSelector: { 'id.$': '$.MessageId' },
      ResultPath: '$.sent',
      OutputPath: '$.sent',
      Next: 'After',
    };
    const sent = await test(sfn, send, {
      input: JSON.stringify({ QueueUrl: 'queue_url', MessageBody: 'body' }),
      inspectionLevel: 'DEBUG',
      mock: { result: JSON.stringify({ MessageId: 'm-1', MD5OfMessageBody: 'x' }) },
    });
    expect(sent).toMatchObject({ status: 'SUCCEEDED', nextState: 'After', output: '{"id":"m-1"}' });
    expect(Object.keys(sent.inspectionData!).sort()).toEqual([
      'afterInputPath',
      'afterParameters',
      'afterResultPath',
      'afterResultSelector',
      'input',
      'result',
    ]);
  });

  it('a mocked Parallel: the list is its result; its inspection data as recorded', async () => {
    const { sfn } = sfnSetup();
    const mock = { result: JSON.stringify([{ branch1: 'result' }, { branch2: 'result' }]) };
    const base = await test(sfn, PARALLEL, { input: '{"key":"value"}', inspectionLevel: 'DEBUG', mock });
    expect(json(base.output)).toEqual([{ branch1: 'result' }, { branch2: 'result' }]);
    expect(Object.keys(base.inspectionData!).sort()).toEqual(['afterResultPath', 'afterResultSelector', 'input']);
    const io = { ...PARALLEL, InputPath: '$.parallelInput', ResultPath: '$.parallelResult', OutputPath: '$' };
    const input = JSON.stringify({ parallelInput: { data: 'input_value' } });
    const expected = {
      parallelInput: { data: 'input_value' },
      parallelResult: [{ branch1: 'result' }, { branch2: 'result' }],
    };
    expect(json((await test(sfn, io, { input, mock })).output)).toEqual(expected);
    const jsonata = {
      ...PARALLEL,
      QueryLanguage: 'JSONata',
      Arguments: '{% $states.input.parallelInput %}',
      Output: { parallelInput: '{% $states.input.parallelInput %}', parallelResult: '{% $states.result %}' },
    };
    const answer = await test(sfn, jsonata, { input, mock, inspectionLevel: 'TRACE' });
    expect(json(answer.output)).toEqual(expected);
    expect(Object.keys(answer.inspectionData!)).toEqual(['input']);
  });

  it('errorOutput fails the state; retrierRetryCount says what the retrier has left, and the backoff', async () => {
    const { sfn } = sfnSetup();
    const more = { roleArn: ROLE, input: VALUES, inspectionLevel: 'DEBUG', mock: MOCK_ERROR } as const;
    const retriable = await test(sfn, RETRY_TASK, { ...more, stateConfiguration: { retrierRetryCount: 4 } });
    expect(retriable).toMatchObject({
      status: 'RETRIABLE',
      error: 'MockException',
      cause: 'Mock the cause of the error.',
    });
    expect(retriable.inspectionData).toMatchObject({
      afterArguments: '{"FunctionName":"foo","Payload":"bar"}',
      errorDetails: { retryBackoffIntervalSeconds: 16, retryIndex: 0 },
    });
    const exhausted = await test(sfn, RETRY_TASK, { ...more, stateConfiguration: { retrierRetryCount: 5 } });
    expect(exhausted).toMatchObject({ status: 'FAILED', error: 'MockException' });
    expect(exhausted.inspectionData!.errorDetails).toEqual({ retryIndex: 0 });
    const catching = {
      ...RETRY_TASK,
      Retry: undefined,
      Catch: [
        { ErrorEquals: ['MockException'], Output: '{% $states.errorOutput %}', Next: 'HandleMockError' },
        { ErrorEquals: ['States.TaskFailed'], Next: 'HandleThreshold' },
      ],
    };
    const caught = await test(sfn, catching, more);
    expect(caught).toMatchObject({ status: 'CAUGHT_ERROR', nextState: 'HandleMockError', error: 'MockException' });
    expect(json(caught.output)).toEqual({ Error: 'MockException', Cause: 'Mock the cause of the error.' });
    expect(caught.inspectionData!.errorDetails).toEqual({ catchIndex: 0 });
  });

  it("a mocked Map: mapIterationFailureCount against the Map's tolerance, as recorded", async () => {
    const { sfn } = sfnSetup();
    const tolerant = { ...JSONATA_MAP, ToleratedFailureCount: 1 };
    const catching = {
      ...tolerant,
      Catch: [
        { ErrorEquals: ['MockException'], Next: 'HandleMockError' },
        { ErrorEquals: ['States.ExceedToleratedFailureThreshold'], Next: 'HandleThreshold' },
      ],
    };
    const retrying = {
      ...tolerant,
      Retry: [
        { ErrorEquals: ['MockException'], MaxAttempts: 3 },
        { ErrorEquals: ['States.ExceedToleratedFailureThreshold'], MaxAttempts: 2 },
      ],
    };
    const run = (state: object, failures: number, result: number[]) =>
      test(sfn, state, {
        roleArn: ROLE,
        input: VALUES,
        inspectionLevel: 'DEBUG',
        stateConfiguration: { mapIterationFailureCount: failures },
        mock: { result: JSON.stringify(result) },
      });
    const below = await run(catching, 0, [1, 1, 1]);
    expect(below).toMatchObject({ status: 'SUCCEEDED', output: '[1,1,1]' });
    expect(below.inspectionData).toEqual({ input: VALUES, maxConcurrency: 0, toleratedFailureCount: 1 });
    const caught = await run(catching, 2, [0, 0, 1]);
    expect(caught).toMatchObject({
      status: 'CAUGHT_ERROR',
      error: 'States.ExceedToleratedFailureThreshold',
      cause: 'The specified tolerated failure threshold was exceeded',
      nextState: 'HandleThreshold',
    });
    expect(caught.inspectionData!.errorDetails).toEqual({ catchIndex: 1 });
    const retried = await run(retrying, 2, [0, 0, 1]);
    expect(retried).toMatchObject({ status: 'RETRIABLE', error: 'States.ExceedToleratedFailureThreshold' });
    expect(retried.inspectionData!.errorDetails).toEqual({ retryBackoffIntervalSeconds: 1, retryIndex: 1 });
    // A Map that declares no tolerance is not failed by the count.
    const untolerant = await run({ ...JSONATA_MAP, Output: '{% $states.result %}' }, 2, [0, 0, 1]);
    expect(untolerant).toMatchObject({ status: 'SUCCEEDED', output: '[0,0,1]' });
  });

  it('a mocked Map in a whole machine: its error, its ItemsPath and mapItemReaderData', async () => {
    const { sfn } = sfnSetup();
    const machine = {
      StartAt: 'State0',
      States: {
        State0: {
          Type: 'Map',
          ItemsPath: '$.Values',
          ItemProcessor: { ...PROCESSOR, StartAt: 'HandleItem', States: { HandleItem: { Type: 'Pass', End: true } } },
          ToleratedFailureCount: 2,
          End: true,
        },
      },
    };
    const failed = await test(sfn, machine, {
      stateName: 'State0',
      roleArn: ROLE,
      input: VALUES,
      inspectionLevel: 'DEBUG',
      stateConfiguration: { mapIterationFailureCount: 0, errorCausedByState: 'HandleItem' },
      mock: { errorOutput: { error: 'MockException', cause: 'Mock the error cause.' } },
    });
    expect(failed).toMatchObject({ status: 'FAILED', error: 'MockException', cause: 'Mock the error cause.' });
    expect(failed.inspectionData).toEqual({
      input: VALUES,
      afterInputPath: VALUES,
      afterItemsPath: '["first","second","third"]',
      maxConcurrency: 0,
      toleratedFailureCount: 2,
    });
    const reader = {
      QueryLanguage: 'JSONata',
      StartAt: 'State0',
      States: {
        State0: {
          Type: 'Map',
          MaxConcurrency: 1,
          ItemReader: {
            ReaderConfig: { InputType: 'JSON' },
            Resource: 'arn:aws:states:::s3:getObject',
            Arguments: { Bucket: '{% $states.input.Bucket %}', Key: '{% $states.input.Key %}' },
          },
          ItemProcessor: machine.States.State0.ItemProcessor,
          End: true,
        },
      },
    };
    const read = await test(sfn, reader, {
      stateName: 'State0',
      roleArn: ROLE,
      input: '{"Bucket":"test-bucket","Key":"test-key"}',
      inspectionLevel: 'TRACE',
      stateConfiguration: { mapItemReaderData: '[1,2,3]' },
      mock: { result: '[1,4,9]' },
    });
    expect(read).toMatchObject({ status: 'SUCCEEDED', output: '[1,4,9]' });
    expect(read.inspectionData).toEqual({ input: '{"Bucket":"test-bucket","Key":"test-key"}', maxConcurrency: 1 });
  });

  it('context is the whole context object the state sees, checked as recorded', async () => {
    const { sfn } = sfnSetup();
    const context = {
      Execution: {
        Id: 'arn:aws:states:::execution:MyStateMachine:execution-name-12345',
        Input: { message: 'test data', values: ['charizard', 'pikachu', 'bulbasaur'] },
        Name: 'execution-name-12345',
        RoleArn: 'arn:aws:iam:::role/StepFunctionsRole',
        StartTime: '2025-01-15T10:30:00.000Z',
      },
      State: { EnteredTime: '2025-01-15T10:30:01.500Z', Name: 'MyTaskState', RetryCount: 0 },
      StateMachine: { Id: 'arn:aws:states:::stateMachine:MyStateMachine', Name: 'MyStateMachine' },
    };
    const state = (path: string) => ({
      ...LAMBDA_TASK,
      Parameters: { 'FunctionName.$': '$.FunctionName', Payload: { 'Input.$': '$' } },
      ResultSelector: { 'LambdaOutput.$': '$', 'ContextObjectValue.$': path },
    });
    const more = (given: object) => ({
      input: JSON.stringify({ FunctionName: 'lambda_function_name', Payload: { 'input-value': 0 } }),
      context: JSON.stringify(given),
      mock: { result: '{"pokemon":"pikachu"}' },
    });
    for (const [path, given, seen] of [
      ['$$', context, context],
      ['$$.Execution.Input.values', context, context.Execution.Input.values],
      ['$$', {}, {}],
      ['$$', { Execution: {}, State: {}, StateMachine: {} }, { Execution: {}, State: {}, StateMachine: {} }],
    ] as const) {
      expect(json((await test(sfn, state(path), more(given))).output)).toEqual({
        LambdaOutput: { pokemon: 'pikachu' },
        ContextObjectValue: seen,
      });
    }
    const wait = {
      Type: 'Task',
      Resource: 'arn:aws:states:::sqs:sendMessage.waitForTaskToken',
      Parameters: { QueueUrl: 'q', MessageBody: { 'TaskToken.$': '$$.Task.Token' } },
      ResultPath: '$.SQS',
      Next: 'NEXT_STATE',
    };
    const token = await test(sfn, wait, {
      ...more({ ...context, Task: { Token: 'abcd123' } }),
      inspectionLevel: 'DEBUG',
    });
    expect(json(token.inspectionData!.afterParameters)).toEqual({
      QueueUrl: 'q',
      MessageBody: { TaskToken: 'abcd123' },
    });
    for (const [given, text] of [
      [{ Execution: { Id: 1 } }, 'Execution.Id must be a string'],
      [{ Map: {} }, "'Map' field is not supported when mocking a Context object"],
      [{ Execution: { pokemon: 'squirtle' } }, "Field 'pokemon' is not allowed"],
      [{ Pokedex: {} }, "Field 'Pokedex' is not allowed"],
      [
        { Task: { Token: 'abcd123' } },
        "Context object contains 'Task' when state is not a Task state with a '.sync' or '.waitForTaskToken' " +
          'service integration pattern',
      ],
    ] as const) {
      await refused(
        test(sfn, state('$$'), more(given)),
        ValidationException,
        `Invalid Context object provided: ${text}`,
      );
    }
  });

  it('fieldValidationMode: STRICT and PRESENT hold the result to the integration’s output model, NONE does not', async () => {
    const { sfn } = sfnSetup();
    const putEvents = {
      Type: 'Task',
      Resource: 'arn:aws:states:::events:putEvents',
      Parameters: { 'Entries.$': '$.Entries' },
      End: true,
    };
    const start = {
      Type: 'Task',
      Resource: 'arn:aws:states:::states:startExecution',
      Parameters: { 'StateMachineArn.$': '$.stateMachineArn' },
      ResultPath: '$.targetExecutionResult',
      OutputPath: '$.targetExecutionResult',
      End: true,
    };
    const mocked = (state: object, result: object, fieldValidationMode?: 'STRICT' | 'PRESENT' | 'NONE') =>
      test(sfn, state, {
        input: '{"Entries":[],"stateMachineArn":"arn"}',
        mock: { result: JSON.stringify(result), fieldValidationMode },
      });
    const schema = (detail: string) => `Mock result schema validation error: ${detail}`;
    expect(json((await mocked(putEvents, { random: 'json' })).output)).toEqual({ random: 'json' });
    expect(json((await mocked(putEvents, {})).output)).toEqual({});
    for (const mode of ['STRICT', 'PRESENT'] as const) {
      await refused(
        mocked(putEvents, { Entries: 'not a list' }, mode),
        ValidationException,
        schema("Field 'Entries' must be an array"),
      );
      await refused(
        mocked(putEvents, { Entries: [{ EventId: 'ok' }, { EventId: ['not a string'] }] }, mode),
        ValidationException,
        schema("Field 'EventId' must be a string"),
      );
      await refused(
        mocked(start, { ExecutionArn: 'arn', StartDate: true }, mode),
        ValidationException,
        schema("Field 'StartDate' must be a string"),
      );
      await refused(
        mocked(LAMBDA_TASK, { StatusCode: '200' }, mode),
        ValidationException,
        schema("Field 'StatusCode' must be a number"),
      );
    }
    await refused(
      mocked(start, { executionArn: 'a' }),
      ValidationException,
      schema("Required field 'ExecutionArn' is missing"),
    );
    expect(json((await mocked(start, {}, 'PRESENT')).output)).toEqual({});
    expect(json((await mocked(start, { ExecutionArn: 'a', StartDate: true }, 'NONE')).output)).toEqual({
      ExecutionArn: 'a',
      StartDate: true,
    });
  });

  it('context without a mock is refused (Emulation: the model allows it only with one)', async () => {
    const { sfn } = sfnSetup();
    await expect(test(sfn, { Type: 'Pass', End: true }, { context: '{}' })).rejects.toThrow(ValidationException);
  });
});
