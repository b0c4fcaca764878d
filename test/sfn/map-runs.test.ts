/**
 * A distributed Map's run and its child executions, and the Map Run APIs (docs/aws-behaviour/stepfunctions.md §1.16,
 * §2.11.1, §5.5), through SFNClient as AWS recorded them.
 */
import {
  CreateStateMachineCommand,
  DescribeExecutionCommand,
  DescribeMapRunCommand,
  DescribeStateMachineForExecutionCommand,
  GetExecutionHistoryCommand,
  InvalidArn,
  InvalidDefinition,
  ListExecutionsCommand,
  ListMapRunsCommand,
  ResourceNotFound,
  StopExecutionCommand,
  UpdateMapRunCommand,
  ValidationException,
} from '@aws-sdk/client-sfn';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, definition, ROLE, sfnSetup, shape, startMachine } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2) }));
afterEach(() => vi.useRealTimers());

/** A distributed Map over `$.items` whose children run `states` (a Pass by default). */
function distributed(extra: object = {}, states: object = { Item: { Type: 'Pass', End: true } }) {
  return {
    StartAt: 'MapState',
    States: {
      MapState: {
        Type: 'Map',
        ItemsPath: '$.items',
        ItemProcessor: {
          ProcessorConfig: { Mode: 'DISTRIBUTED', ExecutionType: 'STANDARD' },
          StartAt: Object.keys(states)[0],
          States: states,
        },
        ...extra,
        End: true,
      },
    },
  };
}

describe('a distributed Map (§2.11.1)', () => {
  it('runs each item as a child execution of a Map Run, as recorded', async () => {
    const { aws, sfn, executionArn, stateMachineArn } = await startMachine(
      distributed({ ItemSelector: { 'value.$': '$$.Map.Item.Value', 'index.$': '$$.Map.Item.Index' } }),
      { items: ['a', 'b'] },
    );
    await aws.runUntilIdle({ advance });
    const execution = aws.sfn.execution(executionArn);
    expect(execution.output).toEqual([
      { value: 'a', index: 0 },
      { value: 'b', index: 1 },
    ]);
    expect(shape(execution.history())).toEqual([
      [1, 0, 'ExecutionStarted'],
      [2, 0, 'MapStateEntered'],
      [3, 2, 'MapStateStarted'],
      [4, 3, 'MapRunStarted'],
      [5, 4, 'MapRunSucceeded'],
      [6, 5, 'MapStateSucceeded'],
      [7, 5, 'MapStateExited'],
      [8, 7, 'ExecutionSucceeded'],
    ]);
    expect(execution.history()[2]!['mapStateStartedEventDetails']).toEqual({ length: 2 });
    const { mapRunArn } = execution.history()[3]!['mapRunStartedEventDetails'] as { mapRunArn: string };

    // No Label: the run's label is a UUID, in its ARN and its labelled machine's.
    const { mapRuns } = await sfn.send(new ListMapRunsCommand({ executionArn }));
    const label = /\/([0-9a-f-]{36}):[0-9a-f-]{36}$/.exec(mapRunArn)![1]!;
    expect(mapRuns).toEqual([
      {
        executionArn,
        mapRunArn,
        stateMachineArn: `${stateMachineArn}/${label}`,
        startDate: new Date(Date.UTC(2025, 0, 2)),
        stopDate: new Date(Date.UTC(2025, 0, 2)),
      },
    ]);
    expect(mapRunArn).toBe(`${stateMachineArn.replace(':stateMachine:', ':mapRun:')}/${label}${mapRunArn.slice(-37)}`);
    const described = await sfn.send(new DescribeMapRunCommand({ mapRunArn }));
    const done = {
      aborted: 0,
      failed: 0,
      pending: 0,
      resultsWritten: 2,
      running: 0,
      succeeded: 2,
      timedOut: 0,
      total: 2,
    };
    expect(described).toMatchObject({
      mapRunArn,
      executionArn,
      status: 'SUCCEEDED',
      maxConcurrency: 0,
      toleratedFailurePercentage: 0,
      toleratedFailureCount: 0,
      itemCounts: done,
      executionCounts: done,
    });

    // The children: Standard executions of the labelled machine, each with its own history.
    // Newest first, as ListExecutions answers.
    const { executions } = await sfn.send(new ListExecutionsCommand({ mapRunArn }));
    expect(executions).toHaveLength(2);
    expect(executions![1]).toMatchObject({ stateMachineArn: `${stateMachineArn}/${label}`, mapRunArn, itemCount: 1 });
    const childArn = executions![1]!.executionArn!;
    expect(childArn).toMatch(new RegExp(`:execution:${stateMachineArn.split(':')[6]}/${label}:[0-9a-f-]{36}$`));
    const child = await sfn.send(new DescribeExecutionCommand({ executionArn: childArn }));
    expect(child).toMatchObject({ status: 'SUCCEEDED', mapRunArn, input: '{"value":"a","index":0}' });
    const { events } = await sfn.send(new GetExecutionHistoryCommand({ executionArn: childArn }));
    expect(shape(events!)).toEqual([
      [1, 0, 'ExecutionStarted'],
      [2, 0, 'PassStateEntered'],
      [3, 2, 'PassStateExited'],
      [4, 3, 'ExecutionSucceeded'],
    ]);
    const forChild = await sfn.send(new DescribeStateMachineForExecutionCommand({ executionArn: childArn }));
    expect(forChild).toMatchObject({ stateMachineArn: `${stateMachineArn}/${label}`, mapRunArn, label });
    expect(JSON.parse(forChild.definition!)).toEqual({
      StartAt: 'Item',
      States: { Item: { Type: 'Pass', End: true } },
    });
  });

  it('a Label names the run; ItemBatcher hands each child a batch; counts are of items and of executions', async () => {
    const { aws, sfn, executionArn, stateMachineArn } = await startMachine(
      distributed({ Label: 'orders', ItemBatcher: { MaxItemsPerBatch: 2, BatchInput: { 'from.$': '$.from' } } }),
      { items: [1, 2, 3], from: 'test' },
    );
    await aws.runUntilIdle({ advance });
    expect(aws.sfn.execution(executionArn).output).toEqual([
      { BatchInput: { from: 'test' }, Items: [1, 2] },
      { BatchInput: { from: 'test' }, Items: [3] },
    ]);
    const { mapRuns } = await sfn.send(new ListMapRunsCommand({ executionArn }));
    expect(mapRuns![0]!.mapRunArn).toContain(`:mapRun:${stateMachineArn.split(':')[6]}/orders:`);
    expect(mapRuns![0]!.stateMachineArn).toBe(`${stateMachineArn}/orders`);
    const described = await sfn.send(new DescribeMapRunCommand({ mapRunArn: mapRuns![0]!.mapRunArn }));
    expect(described.itemCounts).toMatchObject({ succeeded: 3, total: 3 });
    expect(described.executionCounts).toMatchObject({ succeeded: 2, total: 2 });
    const { executions } = await sfn.send(new ListExecutionsCommand({ mapRunArn: mapRuns![0]!.mapRunArn }));
    expect(executions!.map((e) => e.itemCount)).toEqual([1, 2]);
  });

  it('MaxConcurrency bounds the children running at once; UpdateMapRun raises it while the run goes on', async () => {
    const { aws, sfn, executionArn } = await startMachine(
      distributed({ MaxConcurrency: 1 }, { Hold: { Type: 'Wait', Seconds: 10, End: true } }),
      { items: [1, 2, 3] },
    );
    await aws.idle();
    const { mapRuns } = await sfn.send(new ListMapRunsCommand({ executionArn }));
    const mapRunArn = mapRuns![0]!.mapRunArn!;
    expect((await sfn.send(new DescribeMapRunCommand({ mapRunArn }))).executionCounts).toMatchObject({
      running: 1,
      pending: 2,
      total: 3,
    });
    await sfn.send(new UpdateMapRunCommand({ mapRunArn, maxConcurrency: 3 }));
    expect((await sfn.send(new DescribeMapRunCommand({ mapRunArn }))).executionCounts).toMatchObject({
      running: 3,
      pending: 0,
    });
    await aws.runUntilIdle({ advance });
    const execution = aws.sfn.execution(executionArn);
    expect(execution.status).toBe('SUCCEEDED');
    expect(execution.stoppedAt!.getTime() - execution.startedAt.getTime()).toBe(10_000);
    expect((await sfn.send(new DescribeMapRunCommand({ mapRunArn }))).maxConcurrency).toBe(3);
    await expect(sfn.send(new UpdateMapRunCommand({ mapRunArn, toleratedFailurePercentage: 101 }))).rejects.toThrow(
      ValidationException,
    );
  });

  it('failures past the tolerance fail the run with States.ExceedToleratedFailureThreshold', async () => {
    const states = {
      Check: { Type: 'Choice', Choices: [{ Variable: '$.ok', BooleanEquals: false, Next: 'Bad' }], Default: 'Good' },
      Bad: { Type: 'Fail', Error: 'ItemError', Cause: 'bad item' },
      Good: { Type: 'Pass', End: true },
    };
    const items = { items: [{ ok: true }, { ok: false }, { ok: false }] };
    const tolerated = await startMachine(distributed({ ToleratedFailureCount: 2 }, states), items);
    await tolerated.aws.runUntilIdle({ advance });
    expect(tolerated.aws.sfn.execution(tolerated.executionArn).output).toEqual([
      { ok: true },
      { Error: 'ItemError', Cause: 'bad item' },
      { Error: 'ItemError', Cause: 'bad item' },
    ]);

    const failing = await startMachine(distributed({ ToleratedFailureCount: 1 }, states), items);
    await failing.aws.runUntilIdle({ advance });
    const execution = failing.aws.sfn.execution(failing.executionArn);
    expect(execution).toMatchObject({
      status: 'FAILED',
      error: 'States.ExceedToleratedFailureThreshold',
      cause: 'The specified tolerated failure threshold was exceeded',
    });
    expect(shape(execution.history()).slice(3)).toEqual([
      [4, 3, 'MapRunStarted'],
      [5, 4, 'MapRunFailed'],
      [6, 5, 'MapStateFailed'],
      [7, 6, 'ExecutionFailed'],
    ]);
    const { mapRuns } = await failing.sfn.send(new ListMapRunsCommand({ executionArn: failing.executionArn }));
    const run = await failing.sfn.send(new DescribeMapRunCommand({ mapRunArn: mapRuns![0]!.mapRunArn }));
    expect(run).toMatchObject({ status: 'FAILED', toleratedFailureCount: 1 });
    expect(run.executionCounts).toMatchObject({ failed: 2, succeeded: 1 });
  });

  it('stopping the parent stops its running children and the run', async () => {
    const { aws, sfn, executionArn } = await startMachine(
      distributed({}, { Hold: { Type: 'Wait', Seconds: 100, End: true } }),
      {
        items: [1, 2],
      },
    );
    await aws.idle();
    await sfn.send(new StopExecutionCommand({ executionArn }));
    const { mapRuns } = await sfn.send(new ListMapRunsCommand({ executionArn }));
    const mapRunArn = mapRuns![0]!.mapRunArn!;
    expect((await sfn.send(new DescribeMapRunCommand({ mapRunArn }))).status).toBe('ABORTED');
    const { executions } = await sfn.send(new ListExecutionsCommand({ mapRunArn }));
    expect(executions!.map((e) => e.status)).toEqual(['ABORTED', 'ABORTED']);
    await aws.runUntilIdle({ advance });
  });

  it('refuses a bad Label at creation; answers an unknown or malformed run ARN', async () => {
    const { sfn } = sfnSetup();
    for (const label of ['', 'a'.repeat(41), 'with space']) {
      await expect(
        sfn.send(
          new CreateStateMachineCommand({
            name: 'label',
            roleArn: ROLE,
            definition: definition(distributed({ Label: label })),
          }),
        ),
      ).rejects.toThrow(InvalidDefinition);
    }
    await expect(
      sfn.send(
        new DescribeMapRunCommand({
          mapRunArn: 'arn:aws:states:us-east-1:000000000000:mapRun:m/label:00000000-0000-4000-8000-000000000000',
        }),
      ),
    ).rejects.toThrow(ResourceNotFound);
    await expect(sfn.send(new DescribeMapRunCommand({ mapRunArn: 'not-an-arn' }))).rejects.toThrow(InvalidArn);
  });
});
