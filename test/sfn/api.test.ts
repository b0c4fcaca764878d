/**
 * The Step Functions API through SFNClient with the plugin: state machines, executions and their errors, as recorded
 * from AWS (docs/aws-behaviour/stepfunctions.md §1).
 */
import {
  CreateStateMachineCommand,
  DeleteStateMachineCommand,
  DescribeExecutionCommand,
  DescribeStateMachineCommand,
  DescribeStateMachineForExecutionCommand,
  ExecutionAlreadyExists,
  ExecutionDoesNotExist,
  GetExecutionHistoryCommand,
  InvalidArn,
  InvalidDefinition,
  InvalidExecutionInput,
  InvalidName,
  ListExecutionsCommand,
  ListStateMachinesCommand,
  MissingRequiredParameter,
  StartExecutionCommand,
  StartSyncExecutionCommand,
  StateMachineAlreadyExists,
  StateMachineDoesNotExist,
  StateMachineTypeNotSupported,
  StopExecutionCommand,
  UpdateStateMachineCommand,
  ValidateStateMachineDefinitionCommand,
  ValidationException,
} from '@aws-sdk/client-sfn';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sfnSdk } from '../support/sdk-capabilities.js';
import { definition, ROLE, sfnSetup, shape } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2) }));
afterEach(() => vi.useRealTimers());

const PASS = definition({
  StartAt: 'State_1',
  States: { State_1: { Type: 'Pass', Result: { Arg1: 'argument1' }, End: true } },
});
const WAIT = definition({ StartAt: 'W', States: { W: { Type: 'Wait', Seconds: 60, End: true } } });

async function rejected(promise: Promise<unknown>): Promise<Error & { name: string; message: string }> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: Error) => error,
  );
}

describe('state machines', () => {
  it('CreateStateMachine is idempotent for the same request, and any difference is StateMachineAlreadyExists', async () => {
    const { sfn } = sfnSetup();
    const first = await sfn.send(new CreateStateMachineCommand({ name: 'm', definition: PASS, roleArn: ROLE }));
    vi.advanceTimersByTime(1000);
    const again = await sfn.send(new CreateStateMachineCommand({ name: 'm', definition: PASS, roleArn: ROLE }));
    expect(again.stateMachineArn).toBe('arn:aws:states:us-east-1:000000000000:stateMachine:m');
    expect(again.creationDate).toEqual(first.creationDate);
    const reformatted = JSON.stringify(JSON.parse(PASS), null, 2);
    const error = await rejected(
      sfn.send(new CreateStateMachineCommand({ name: 'm', definition: reformatted, roleArn: ROLE })),
    );
    expect(error).toBeInstanceOf(StateMachineAlreadyExists);
    expect(error.message).toBe("State Machine Already Exists: 'arn:aws:states:us-east-1:000000000000:stateMachine:m'");
  });

  it('refuses definitions with AWS recorded texts', async () => {
    const { sfn } = sfnSetup();
    const create = (text: string, type?: 'EXPRESS') =>
      rejected(sfn.send(new CreateStateMachineCommand({ name: 'bad', definition: text, roleArn: ROLE, type })));
    const noStates = await create(definition({ StartAt: 'A' }));
    expect(noStates).toBeInstanceOf(InvalidDefinition);
    expect(noStates.message).toBe(
      "Invalid State Machine Definition: 'SCHEMA_VALIDATION_FAILED: These fields are required: [States] at /'",
    );
    const badType = await create(
      definition({
        StartAt: 'ExistingButInvalidState',
        States: { ExistingButInvalidState: { Type: 'Bogus', End: true } },
      }),
    );
    expect(badType.message).toBe(
      "Invalid State Machine Definition: 'SCHEMA_VALIDATION_FAILED: The field 'Type' should have one of these values: [Task, Wait, Pass, Succeed, Fail, Choice, Parallel, Map] at /States/ExistingButInvalidState/Type'",
    );
    const callback = await create(
      definition({
        StartAt: 'Publish',
        States: {
          Publish: {
            Type: 'Task',
            Resource: 'arn:aws:states:::sns:publish.waitForTaskToken',
            Parameters: { TopicArn: 't', 'Message.$': '$$.Task.Token' },
            End: true,
          },
        },
      }),
      'EXPRESS',
    );
    expect(callback.message).toBe(
      "Invalid State Machine Definition: 'SCHEMA_VALIDATION_FAILED: Express state machine does not support '.waitForTaskToken' service integration  at /States/Publish/Resource'",
    );
    const emptyBranches = await create(
      definition({ StartAt: 'StateName', States: { StateName: { Type: 'Parallel', Branches: [], End: true } } }),
    );
    expect(emptyBranches.message).toBe(
      "Invalid State Machine Definition: 'SCHEMA_VALIDATION_FAILED: Value cannot be empty at /States/StateName/Branches'",
    );
    const intrinsic = await create(
      definition({
        StartAt: 'IntrinsicEscape',
        States: { IntrinsicEscape: { Type: 'Pass', Parameters: { 'parsed.$': "States.StringToJson('" }, End: true } },
      }),
    );
    expect(intrinsic.message).toBe(
      "Invalid State Machine Definition: 'SCHEMA_VALIDATION_FAILED: The value for the field 'parsed.$' must be a valid JSONPath or a valid intrinsic function call at /States/IntrinsicEscape/Parameters'",
    );
    const dynamo = await create(
      definition({
        StartAt: 'Query',
        States: { Query: { Type: 'Task', Resource: 'arn:aws:states:::dynamodb:query', End: true } },
      }),
    );
    expect(dynamo.message).toContain('The resource provided arn:aws:states:::dynamodb:query is not recognized.');
    const missingNext = await create(definition({ StartAt: 'A', States: { A: { Type: 'Pass', Next: 'B' } } }));
    expect(missingNext.message).toContain('MISSING_TRANSITION_TARGET');
    const loose = await create(
      definition({ StartAt: 'A', States: { A: { Type: 'Pass', End: true }, B: { Type: 'Pass', End: true } } }),
    );
    expect(loose.message).toContain('UNREACHABLE_STATE');
  });

  it('ValidateStateMachineDefinition answers diagnostics', async ({ skip }) => {
    // The command came with the model of 2024-04 (stepfunctions.md §1.3): an older client-sfn (3.347.1) has no class
    // to send it with.
    if (!sfnSdk.has('ValidateStateMachineDefinition')) skip('this client-sfn has no ValidateStateMachineDefinition');
    const { sfn } = sfnSetup();
    const validate = (text: string) => sfn.send(new ValidateStateMachineDefinitionCommand({ definition: text }));
    expect(await validate('{}')).toMatchObject({
      result: 'FAIL',
      diagnostics: [
        {
          code: 'SCHEMA_VALIDATION_FAILED',
          location: '/',
          message: 'These fields are required: [States, StartAt]',
          severity: 'ERROR',
        },
      ],
      truncated: false,
    });
    expect(await validate(' ')).toMatchObject({
      diagnostics: [{ code: 'SCHEMA_VALIDATION_FAILED', message: 'Definition must be a valid JSON object' }],
    });
    const notJson = await validate('not a definition');
    expect(notJson.diagnostics).toEqual([
      {
        code: 'INVALID_JSON_DESCRIPTION',
        location: '[Source: (String)"not a definition"; line: 1, column: 4]',
        message:
          "Unrecognized token 'not': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')\n at [Source: (String)\"not a definition\"; line: 1, column: 4]",
        severity: 'ERROR',
      },
    ]);
    expect(await validate(PASS)).toMatchObject({ result: 'OK', diagnostics: [] });
  });

  it('describes with default logging and tracing, updates with revision ids, lists by name, deletes quietly', async () => {
    const { sfn } = sfnSetup();
    for (const name of ['statemachine_1', 'statemachine_10', 'statemachine_0']) {
      await sfn.send(new CreateStateMachineCommand({ name, definition: PASS, roleArn: ROLE }));
    }
    const arn = 'arn:aws:states:us-east-1:000000000000:stateMachine:statemachine_1';
    const described = await sfn.send(new DescribeStateMachineCommand({ stateMachineArn: arn }));
    expect(described).toMatchObject({
      name: 'statemachine_1',
      status: 'ACTIVE',
      definition: PASS,
      roleArn: ROLE,
      type: 'STANDARD',
      loggingConfiguration: { level: 'OFF', includeExecutionData: false },
      tracingConfiguration: { enabled: false },
    });
    expect(described.revisionId).toBeUndefined();
    const nothing = await rejected(sfn.send(new UpdateStateMachineCommand({ stateMachineArn: arn })));
    expect(nothing).toBeInstanceOf(MissingRequiredParameter);
    const first = await sfn.send(new UpdateStateMachineCommand({ stateMachineArn: arn, definition: WAIT }));
    const same = await sfn.send(new UpdateStateMachineCommand({ stateMachineArn: arn, definition: WAIT }));
    expect(same.revisionId).toBe(first.revisionId);
    const listed = await sfn.send(new ListStateMachinesCommand({}));
    expect(listed.stateMachines!.map((m) => m.name)).toEqual(['statemachine_0', 'statemachine_1', 'statemachine_10']);
    const tooMany = await rejected(sfn.send(new ListStateMachinesCommand({ maxResults: 1001 })));
    expect(tooMany.name).toBe('ValidationException');
    // sdk.md §3.7: ListStateMachines lists no ValidationException, whose class only the schema-driven SDKs build here.
    expect(tooMany instanceof ValidationException).toBe(sfnSdk.schemaSerde);
    expect(tooMany.message).toBe(
      "1 validation error detected: Value '1001' at 'maxResults' failed to satisfy constraint: Member must have value less than or equal to 1000",
    );
    await sfn.send(new DeleteStateMachineCommand({ stateMachineArn: arn }));
    await sfn.send(new DeleteStateMachineCommand({ stateMachineArn: arn }));
    const gone = await rejected(sfn.send(new DescribeStateMachineCommand({ stateMachineArn: arn })));
    expect(gone).toBeInstanceOf(StateMachineDoesNotExist);
    expect(gone.message).toBe(`State Machine Does Not Exist: '${arn}'`);
    const bad = await rejected(sfn.send(new DescribeStateMachineCommand({ stateMachineArn: 'not-an-arn' })));
    expect(bad).toBeInstanceOf(InvalidArn);
    expect(bad.message).toBe("Invalid Arn: 'Invalid ARN prefix: not-an-arn'");
  });
});

describe('executions', () => {
  it('StartExecution takes any JSON, refuses what is not JSON in Jackson words, and reuses a running name', async () => {
    const { aws, sfn } = sfnSetup();
    const { stateMachineArn } = await sfn.send(
      new CreateStateMachineCommand({ name: 'waits', definition: WAIT, roleArn: ROLE }),
    );
    const start = (input: string | undefined, name?: string) =>
      sfn.send(new StartExecutionCommand({ stateMachineArn, input, name }));
    for (const input of ['1', '"str"', 'null', undefined]) await start(input);
    const notJson = await rejected(start('not json'));
    expect(notJson).toBeInstanceOf(InvalidExecutionInput);
    expect(notJson.message).toBe(
      "Invalid State Machine Execution Input: 'Unrecognized token 'not': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')'",
    );
    expect((await rejected(start("{'not': 'json'}"))).message).toBe(
      "Invalid State Machine Execution Input: 'Unexpected character (''' (code 39)): was expecting double-quote to start field name'",
    );
    expect((await rejected(start(''))).message).toBe(
      "Invalid State Machine Execution Input: 'Invalid execution input.'",
    );
    const first = await start('{"a":1}', 'once');
    const again = await start('{"a":1}', 'once');
    expect(again).toMatchObject({ executionArn: first.executionArn, startDate: first.startDate });
    const other = await rejected(start('{"a":2}', 'once'));
    expect(other).toBeInstanceOf(ExecutionAlreadyExists);
    expect(other.message).toBe(`Execution Already Exists: '${first.executionArn}'`);
    expect((await rejected(start('{}', 'bad name'))).constructor).toBe(InvalidName);
    // §1.6: the model's constraints come before the machine's existence, in the model's words; the input's value is
    // not shown (a sensitive member).
    const long = 'n'.repeat(81);
    const missing = stateMachineArn!.replace(/:[^:]+$/, ':missing');
    for (const arn of [stateMachineArn, missing]) {
      const tooLong = await rejected(sfn.send(new StartExecutionCommand({ stateMachineArn: arn, name: long })));
      expect([tooLong.name, tooLong.message]).toEqual([
        'ValidationException',
        `1 validation error detected: Value '${long}' at 'name' failed to satisfy constraint: Member must have length less than or equal to 80`,
      ]);
      const large = await rejected(
        sfn.send(new StartExecutionCommand({ stateMachineArn: arn, input: `"${'a'.repeat(262_143)}"` })),
      );
      expect([large.name, large.message]).toEqual([
        'ValidationException',
        "1 validation error detected: Value at 'input' failed to satisfy constraint: Member must have size less than or equal to 262144 bytes in UTF-8 encoding",
      ]);
    }
    const created = await rejected(
      sfn.send(new CreateStateMachineCommand({ name: long, definition: PASS, roleArn: ROLE })),
    );
    expect(created.name).toBe('ValidationException');
    await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) });
    const finished = await rejected(start('{"a":1}', 'once'));
    expect(finished).toBeInstanceOf(ExecutionAlreadyExists);
    const listed = await sfn.send(new ListExecutionsCommand({ stateMachineArn }));
    expect(listed.executions![0]!.name).toBe('once');
    expect(listed.executions).toHaveLength(5);
  });

  it('a Pass-only machine writes the recorded history (§5.2), and DescribeExecution shows the end', async () => {
    const { aws, sfn } = sfnSetup();
    const { stateMachineArn } = await sfn.send(
      new CreateStateMachineCommand({ name: 'pass', definition: PASS, roleArn: ROLE }),
    );
    const { executionArn } = await sfn.send(
      new StartExecutionCommand({ stateMachineArn, input: '["Hello", "World"]' }),
    );
    await aws.idle();
    const { events } = await sfn.send(new GetExecutionHistoryCommand({ executionArn }));
    expect(events!.map(({ timestamp: _t, ...event }) => event)).toEqual([
      {
        id: 1,
        previousEventId: 0,
        type: 'ExecutionStarted',
        executionStartedEventDetails: {
          input: '["Hello", "World"]',
          inputDetails: { truncated: false },
          roleArn: ROLE,
        },
      },
      {
        id: 2,
        previousEventId: 0,
        type: 'PassStateEntered',
        stateEnteredEventDetails: { name: 'State_1', input: '["Hello", "World"]', inputDetails: { truncated: false } },
      },
      {
        id: 3,
        previousEventId: 2,
        type: 'PassStateExited',
        stateExitedEventDetails: {
          name: 'State_1',
          output: '{"Arg1":"argument1"}',
          outputDetails: { truncated: false },
        },
      },
      {
        id: 4,
        previousEventId: 3,
        type: 'ExecutionSucceeded',
        executionSucceededEventDetails: { output: '{"Arg1":"argument1"}', outputDetails: { truncated: false } },
      },
    ]);
    const described = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    expect(described).toMatchObject({
      status: 'SUCCEEDED',
      input: '["Hello", "World"]',
      output: '{"Arg1":"argument1"}',
      redriveCount: 0,
      redriveStatus: 'NOT_REDRIVABLE',
      redriveStatusReason: 'Execution is SUCCEEDED and cannot be redriven',
    });
    const reversed = await sfn.send(
      new GetExecutionHistoryCommand({ executionArn, reverseOrder: true, maxResults: 2 }),
    );
    expect(shape(reversed.events!)).toEqual([
      [4, 3, 'ExecutionSucceeded'],
      [3, 2, 'PassStateExited'],
    ]);
    expect(reversed.nextToken).toBeDefined();
    const machine = await sfn.send(new DescribeStateMachineForExecutionCommand({ executionArn }));
    expect(machine.definition).toBe(PASS);
  });

  it('StopExecution during a Wait: ABORTED, ExecutionAborted after 0 and nothing else (§1.9)', async () => {
    const { sfn } = sfnSetup();
    const { stateMachineArn } = await sfn.send(
      new CreateStateMachineCommand({ name: 'w', definition: WAIT, roleArn: ROLE }),
    );
    const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn }));
    await vi.advanceTimersByTimeAsync(1000);
    await sfn.send(new StopExecutionCommand({ executionArn }));
    const { events } = await sfn.send(new GetExecutionHistoryCommand({ executionArn }));
    expect(shape(events!)).toEqual([
      [1, 0, 'ExecutionStarted'],
      [2, 0, 'WaitStateEntered'],
      [3, 0, 'ExecutionAborted'],
    ]);
    expect(events![2]!.executionAbortedEventDetails).toEqual({});
    expect((await sfn.send(new DescribeExecutionCommand({ executionArn }))).status).toBe('ABORTED');
    await vi.advanceTimersByTimeAsync(120_000);
    expect((await sfn.send(new GetExecutionHistoryCommand({ executionArn }))).events).toHaveLength(3);
    const missing = await rejected(sfn.send(new DescribeExecutionCommand({ executionArn: `${executionArn}x` })));
    expect(missing).toBeInstanceOf(ExecutionDoesNotExist);
  });

  it('Express: StartSyncExecution answers the end; its ARN is refused by the Standard-only actions', async () => {
    const { sfn } = sfnSetup();
    const express = await sfn.send(
      new CreateStateMachineCommand({ name: 'x', definition: PASS, roleArn: ROLE, type: 'EXPRESS' }),
    );
    const standard = await sfn.send(new CreateStateMachineCommand({ name: 's', definition: PASS, roleArn: ROLE }));
    const result = await sfn.send(
      new StartSyncExecutionCommand({ stateMachineArn: express.stateMachineArn, input: '{}' }),
    );
    expect(result).toMatchObject({
      status: 'SUCCEEDED',
      output: '{"Arg1":"argument1"}',
      input: '{}',
      billingDetails: { billedMemoryUsedInMB: 64, billedDurationInMilliseconds: 100 },
    });
    expect(result.executionArn).toMatch(
      /^arn:aws:states:us-east-1:000000000000:express:x:[0-9a-f-]{36}:[0-9a-f-]{36}$/,
    );
    const described = await rejected(sfn.send(new DescribeExecutionCommand({ executionArn: result.executionArn })));
    expect(described).toBeInstanceOf(InvalidArn);
    expect(described.message).toBe("Invalid Arn: 'Resource type not valid in this context: express'");
    const notExpress = await rejected(
      sfn.send(new StartSyncExecutionCommand({ stateMachineArn: standard.stateMachineArn })),
    );
    expect(notExpress).toBeInstanceOf(StateMachineTypeNotSupported);
    expect(notExpress.message).toBe('This operation is not supported by this type of state machine');
    const list = await rejected(sfn.send(new ListExecutionsCommand({ stateMachineArn: express.stateMachineArn })));
    expect(list).toBeInstanceOf(StateMachineTypeNotSupported);
  });
});

describe('aws.install(SFNClient)', () => {
  it('answers a client the test never handed over', async () => {
    const { SFNClient, ListStateMachinesCommand: List } = await import('@aws-sdk/client-sfn');
    const { createAwsMock } = await import('../../src/index.js');
    const aws = createAwsMock();
    const handle = aws.install(SFNClient);
    try {
      const client = new SFNClient({ region: 'us-east-1' });
      await client.send(new CreateStateMachineCommand({ name: 'installed', definition: PASS, roleArn: ROLE }));
      expect((await client.send(new List({}))).stateMachines!.map((m) => m.name)).toEqual(['installed']);
    } finally {
      handle.restore();
    }
  });
});
